// The pybind11 module: 'scale' and 'count' are registered ops already (their
// kernels are registered in register.cpp); raw_add is not. Every bound
// function is defined in another file: only released_add lets go of the GIL.
#include "kernels.h"
#include <torch/extension.h>

// mmdetection3d's ingroup_inds: out is written by the launcher, which takes
// it as a pointer to non-const (group, as a pointer to const, is only read).
void ingroup_launch(const int64_t *group, int64_t *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = group[i] + 1;
}
void ingroup(at::Tensor group, at::Tensor out) {
  int64_t *g = group.data_ptr<int64_t>();
  int64_t *o = out.data_ptr<int64_t>();
  ingroup_launch(g, o, group.numel());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &split_op::scale_cpu); // expect: torch-binding-gil: pybind11 binding 'scale' holds the GIL
  m.def("count", &split_op::count_cpu); // expect: torch-binding-gil: pybind11 binding 'count' holds the GIL
  m.def("raw_add", &split_op::raw_add); // expect: torch-compile-opaque-binding: pybind11 binding 'raw_add' takes or returns tensors and is opaque to torch.compile // expect: torch-binding-gil-launch: whose C++ does no host work torch-lint can see
  m.def("released_add", &split_op::released_add); // expect: torch-compile-opaque-binding: 'released_add'
  // Called only from a @torch.library.custom_op in python/: torch.compile
  // sees that operator, never the binding (it still holds the GIL).
  m.def("ingroup", &ingroup); // expect: torch-compile-opaque-binding: 'ingroup(Tensor group, Tensor(b!) out) -> ()' // expect: torch-binding-gil
  m.def("mark_visible", &split_op::mark_visible); // expect: torch-compile-opaque-binding: 'mark_visible(Tensor means, Tensor view) -> Tensor' // expect: torch-binding-gil
  // fill_cuda only allocates and launches: the host part of each call
  // (the advisory torch-binding-gil-launch).
  m.def("fill_cuda", &split_op::fill_cuda); // expect: torch-compile-opaque-binding: 'fill_cuda(Tensor x, float v) -> Tensor' // expect: torch-binding-gil-launch: while it checks, allocates and launches CUDA work
  m.def("prebuilt", &split_op::prebuilt); // expect: torch-compile-opaque-binding: 'prebuilt(Tensor x) -> Tensor'
  m.def("wrapped_add", &split_op::raw_add); // expect: torch-binding-gil-launch: pybind11 binding 'wrapped_add' holds the GIL
}
