// The schemas. Whether an op has a fake kernel is decided by the other files.
#include <torch/library.h>

TORCH_LIBRARY(split_op, m) {
  m.def("scale(Tensor x, float s) -> Tensor");       // Meta kernel in register.cpp
  m.def("count(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'split_op::count' has CPU/CUDA kernels but no Meta, composite or fake kernel
  m.def("clamp_rows(Tensor x, Tensor limit) -> Tensor"); // register_fake in python/
  m.def("softsign(Tensor x) -> Tensor");             // CompositeImplicitAutograd in register.cpp
}
