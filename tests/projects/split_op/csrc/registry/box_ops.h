#pragma once
#include <torch/extension.h>

void box_iou_impl(at::Tensor a, at::Tensor b, at::Tensor out);
void box_iou(at::Tensor a, at::Tensor b, at::Tensor out);
at::Tensor box_area_impl(const at::Tensor &boxes);
at::Tensor box_area(const at::Tensor &boxes);
at::Tensor box_scale(const at::Tensor &boxes, double s);
std::vector<at::Tensor> box_pairs(const at::Tensor &boxes, int64_t sub);
std::vector<at::Tensor> box_pairs_launch(const at::Tensor &boxes, int64_t sub);
at::Tensor box_clip_(at::Tensor boxes, double hi);
