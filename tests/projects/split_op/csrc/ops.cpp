// The schemas. Whether an op has a fake kernel is decided by the other files.
#include "kernels.h"
#include <torch/library.h>

TORCH_LIBRARY(split_op, m) {
  m.def("scale(Tensor x, float s) -> Tensor");       // Meta kernel in register.cpp
  m.def("count(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'split_op::count' has CPU/CUDA kernels but no Meta, composite or fake kernel
  m.def("clamp_rows(Tensor x, Tensor limit) -> Tensor"); // register_fake in python/
  m.def("softsign(Tensor x) -> Tensor");             // CompositeImplicitAutograd in register.cpp
  // Catch-all kernels (no dispatch key) defined in cpu/: they run on fake
  // tensors too. row_sums reads data there; twice only calls tensor ops.
  m.def("row_sums(Tensor x) -> Tensor", &split_op::row_sums); // expect: torch-compile-missing-fake-kernel: 'split_op::row_sums' is registered without a dispatch key, so its kernel also runs on fake tensors, but it reads tensor data
  m.def("twice(Tensor x) -> Tensor", &split_op::twice);
  // Kernels registered in register.cpp (fill_rows, copy_rows, norm_rows) or
  // in cpu/ itself (add_into): whether they write an argument is known
  // only there. Their fakes are in python/.
  m.def("fill_rows(Tensor x, Tensor rows) -> ()");
  m.def("copy_rows(Tensor(a!) out, Tensor src) -> ()");
  m.def("norm_rows(Tensor x) -> Tensor");
  m.def("add_into(Tensor out, Tensor a) -> ()");
  // Its Autograd kernel (register.cpp) runs a torch::autograd::Function.
  m.def("scaled(Tensor x) -> Tensor");
}
