// A second extension module, in mmcv's form: each binding's function reaches
// its kernel through the device table (device_registry.h), so neither what it
// writes nor the device it runs on can be read from the code. Its schema is
// not offered and the fix-it leaves it out. box_pairs returns its input as
// an output (in cpu/box_ops_cpu.cpp), which an operator must not; box_scale
// and box_clip_ (which writes its input and returns it) are migrated.
#include "box_ops.h"

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("box_iou", &box_iou); // expect: torch-compile-opaque-binding: register it with TORCH_LIBRARY, declaring 'Tensor(a!)' each tensor its code writes // expect: torch-binding-gil
  m.def("box_area", &box_area); // expect: torch-compile-opaque-binding: declaring 'Tensor(a!)' // expect: torch-binding-gil
  m.def("box_scale", &box_scale); // expect: torch-compile-opaque-binding: 'box_scale(Tensor boxes, float s) -> Tensor' // expect: torch-binding-gil-launch
  m.def("box_pairs", &box_pairs); // expect: torch-compile-opaque-binding: once it returns none of its inputs as an output // expect: torch-binding-gil-launch
  m.def("box_clip_", &box_clip_); // expect: torch-compile-opaque-binding: 'box_clip_(Tensor(a!) boxes, float hi) -> Tensor(a!)' // expect: torch-binding-gil-launch
}
