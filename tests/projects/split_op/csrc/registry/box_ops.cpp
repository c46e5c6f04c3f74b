// The entry points of the box ops: each calls the kernel its inputs' device
// registered (cpu/box_ops_cpu.cpp), through a function pointer.
#include "box_ops.h"
#include "device_registry.h"

void box_iou_impl(at::Tensor a, at::Tensor b, at::Tensor out) {
  CALL_ON_DEVICE(box_iou_impl, a, b, out);
}
void box_iou(at::Tensor a, at::Tensor b, at::Tensor out) { box_iou_impl(a, b, out); }

at::Tensor box_area_impl(const at::Tensor &boxes) { return CALL_ON_DEVICE(box_area_impl, boxes); }
at::Tensor box_area(const at::Tensor &boxes) { return box_area_impl(boxes); }

// A pointer called with no tensor: it neither writes nor runs one.
void (*box_log)(const char *what) = nullptr;
at::Tensor box_scale(const at::Tensor &boxes, double s) {
  if (box_log)
    box_log("box_scale");
  return boxes * s;
}

// Returns what the launcher (cpu/box_ops_cpu.cpp) returns: there, its input
// itself in one case, which an operator's output must not be.
std::vector<at::Tensor> box_pairs(const at::Tensor &boxes, int64_t sub) {
  return box_pairs_launch(boxes, sub);
}

// Look-alike: an input the function writes in place and returns, as
// in-place ops do: 'Tensor(a!) boxes -> Tensor(a!)'.
at::Tensor box_clip_(at::Tensor boxes, double hi) {
  boxes.clamp_max_(hi);
  return boxes;
}
