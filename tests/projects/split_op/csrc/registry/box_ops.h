#pragma once
#include <torch/extension.h>

void box_iou_impl(at::Tensor a, at::Tensor b, at::Tensor out);
void box_iou(at::Tensor a, at::Tensor b, at::Tensor out);
at::Tensor box_area_impl(const at::Tensor &boxes);
at::Tensor box_area(const at::Tensor &boxes);
at::Tensor box_scale(const at::Tensor &boxes, double s);
