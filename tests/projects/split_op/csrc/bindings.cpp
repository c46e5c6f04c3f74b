// The pybind11 module: 'scale' and 'count' are registered ops already (their
// kernels are registered in register.cpp); raw_add is not.
#include "kernels.h"
#include <torch/extension.h>

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &split_op::scale_cpu);
  m.def("count", &split_op::count_cpu);
  m.def("raw_add", &split_op::raw_add); // expect: torch-compile-opaque-binding: pybind11 binding 'raw_add' takes or returns tensors and is opaque to torch.compile
}
