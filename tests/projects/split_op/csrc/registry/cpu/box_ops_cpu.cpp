// The CPU kernels of the box ops, registered in the device table: out is
// written here, which box_iou's binding cannot see.
#include "../box_ops.h"
#include "../device_registry.h"

void box_iou_cpu(at::Tensor a, at::Tensor b, at::Tensor out) {
  out.copy_(at::min(a, b));
}
at::Tensor box_area_cpu(const at::Tensor &boxes) { return boxes.prod(1); }

REGISTER_DEVICE_KERNEL(box_iou_impl, CPU, box_iou_cpu)
REGISTER_DEVICE_KERNEL(box_area_impl, CPU, box_area_cpu)

// mmcv's spconv launcher: `return {indices, indicePairs, indiceNum};` when
// the output indices are the input ones.
std::vector<at::Tensor> box_pairs_launch(const at::Tensor &boxes, int64_t sub) {
  at::Tensor pairs = at::zeros({boxes.size(0), 2}, boxes.options());
  if (sub)
    return {boxes, pairs};
  return {boxes.clone(), pairs};
}
