// Testdata for torch-compile-missing-fake-kernel: ops torch.compile cannot
// run on fake tensors.
#include <torch/torch.h>
#include <torch/library.h>

at::Tensor gelu_cpu(const at::Tensor &x) { return x.sigmoid() * x; }
at::Tensor gelu_cuda(const at::Tensor &x) { return x.sigmoid() * x; }
at::Tensor gelu_meta(const at::Tensor &x) { return at::empty_like(x); }
at::Tensor plain_cpu(const at::Tensor &x) { return x.relu(); }

// A catch-all that reads data, as pytorch_scatter's did: it runs on fake
// tensors too, and fails there.
at::Tensor segment_sum(const at::Tensor &src, const at::Tensor &ptr) {
  int64_t segments = ptr.numel() - 1;
  int64_t last = ptr[segments].item<int64_t>();
  return src.narrow(0, 0, last).sum(0).expand({segments});
}

// A composite kernel that only calls tensor ops traces fine.
at::Tensor softplus(const at::Tensor &x) { return (x.exp() + 1).log(); }

TORCH_LIBRARY(mf, m) {
  m.def("no_fake(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mf::no_fake' has CPU/CUDA kernels but no Meta, composite or fake kernel
  m.def("with_meta(Tensor x) -> Tensor");
  m.def("with_py_fake(Tensor x) -> Tensor");
  m.def("with_abstract.overload(Tensor x) -> Tensor");
  m.def("segment_sum(Tensor src, Tensor ptr) -> Tensor", &segment_sum); // expect: torch-compile-missing-fake-kernel: reads tensor data
  m.def("softplus(Tensor x) -> Tensor", &softplus);
  m.def("declared_only(Tensor x) -> Tensor");
}

TORCH_LIBRARY_IMPL(mf, CPU, m) {
  m.impl("no_fake", &gelu_cpu);
  m.impl("with_meta", &gelu_cpu);
  m.impl("with_py_fake", &plain_cpu);
  m.impl("with_abstract", &plain_cpu);
}

TORCH_LIBRARY_IMPL(mf, CUDA, m) {
  m.impl("no_fake", &gelu_cuda);
  m.impl("with_meta", &gelu_cuda);
}

TORCH_LIBRARY_IMPL(mf, Meta, m) {
  m.impl("with_meta", &gelu_meta);
}
