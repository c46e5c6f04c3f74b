// The pybind11 module: 'scale' and 'count' are registered ops already (their
// kernels are registered in register.cpp); raw_add is not. Every bound
// function is defined in another file: only released_add lets go of the GIL.
#include "kernels.h"
#include <torch/extension.h>

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &split_op::scale_cpu); // expect: torch-binding-gil: pybind11 binding 'scale' holds the GIL
  m.def("count", &split_op::count_cpu); // expect: torch-binding-gil: pybind11 binding 'count' holds the GIL
  m.def("raw_add", &split_op::raw_add); // expect: torch-compile-opaque-binding: pybind11 binding 'raw_add' takes or returns tensors and is opaque to torch.compile // expect: torch-binding-gil
  m.def("released_add", &split_op::released_add); // expect: torch-compile-opaque-binding: 'released_add'
  // Called only from a @torch.library.custom_op in python/: torch.compile
  // sees that operator, never the binding (it still holds the GIL).
  m.def("wrapped_add", &split_op::raw_add); // expect: torch-binding-gil: pybind11 binding 'wrapped_add' holds the GIL
}
