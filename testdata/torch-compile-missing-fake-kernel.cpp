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

// Kernels that allocate their outputs: from the input's sizes, the fix-it
// registers the Meta kernel those sizes give, beside the def (both backends
// allocate alike; the CPU kernel's body is read). Look-alike: an output
// sized by the data (how many are positive), which no Meta kernel can say:
// no fix-it.
at::Tensor row_sum_cpu(const at::Tensor &x) {
  at::Tensor out = at::empty({x.size(0)}, x.options());
  auto in = x.accessor<float, 2>();
  auto o = out.accessor<float, 1>();
  for (int64_t i = 0; i < x.size(0); ++i) {
    float s = 0;
    for (int64_t j = 0; j < x.size(1); ++j)
      s += in[i][j];
    o[i] = s;
  }
  return out;
}
at::Tensor row_sum_cuda(const at::Tensor &x) {
  at::Tensor out = at::empty({x.size(0)}, x.options());
  at::sum_out(out, x, {1});
  return out;
}
at::Tensor positive_cpu(const at::Tensor &x) {
  int64_t n = (x > 0).sum().item<int64_t>();
  at::Tensor out = at::empty({n}, x.options());
  const float *in = x.data_ptr<float>();
  float *o = out.data_ptr<float>();
  for (int64_t i = 0, k = 0; i < x.numel(); ++i)
    if (in[i] > 0)
      o[k++] = in[i];
  return out;
}

// Overloads: "op" and "op.out" are two operators, each with its own kernels
// and its own fake; a fake for one is not a fake for the other.
at::Tensor &gelu_out_cpu(const at::Tensor &x, at::Tensor &out) {
  return out.copy_(x.sigmoid() * x);
}
at::Tensor &gelu_out_meta(const at::Tensor &x, at::Tensor &out) { return out; }

// Mutating ops: torch 2.x gives an op that mutates an input and returns
// nothing a trivial fake kernel; one that returns a tensor needs a real one.
void bump_(at::Tensor x) { x.add_(1); }
void check_finite(const at::Tensor &x) { TORCH_CHECK(x.defined(), "undefined"); }
at::Tensor &bump_ret_(at::Tensor &x) { return x.add_(1); }

// Both overloads of an op from one macro, with the CPU kernels.
#define MF_OP_WITH_OUT(name)                                                   \
  m.def(#name "(Tensor x) -> Tensor");                                         \
  m.def(#name ".out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)")
#define MF_CPU_WITH_OUT(name)                                                  \
  m.impl(#name, &gelu_cpu);                                                    \
  m.impl(#name ".out", &gelu_out_cpu)

TORCH_LIBRARY(mf, m) {
  m.def("no_fake(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mf::no_fake' has CPU/CUDA kernels but no Meta, composite or fake kernel
  m.def("with_meta(Tensor x) -> Tensor");
  m.def("with_py_fake(Tensor x) -> Tensor");
  m.def("with_abstract.overload(Tensor x) -> Tensor");
  m.def("segment_sum(Tensor src, Tensor ptr) -> Tensor", &segment_sum); // expect: torch-compile-missing-fake-kernel: reads tensor data
  m.def("softplus(Tensor x) -> Tensor", &softplus);
  m.def("declared_only(Tensor x) -> Tensor");
  m.def("row_sum(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mf::row_sum' has CPU/CUDA kernels but no Meta
  m.def("positive(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mf::positive' has CPU kernels but no Meta
}

TORCH_LIBRARY_IMPL(mf, CPU, m) {
  m.impl("no_fake", &gelu_cpu);
  m.impl("with_meta", &gelu_cpu);
  m.impl("with_py_fake", &plain_cpu);
  m.impl("with_abstract.overload", &plain_cpu);
  m.impl("row_sum", &row_sum_cpu);
  m.impl("positive", &positive_cpu);
}

TORCH_LIBRARY_IMPL(mf, CUDA, m) {
  m.impl("no_fake", &gelu_cuda);
  m.impl("with_meta", &gelu_cuda);
  m.impl("row_sum", &row_sum_cuda);
}

TORCH_LIBRARY_IMPL(mf, Meta, m) {
  m.impl("with_meta", &gelu_meta);
}

// --- Overloads and mutating ops ----------------------------------------------

TORCH_LIBRARY(mfo, m) {
  // Python fake for mfo::fake_default only. Nothing in Python calls
  // mfo::fake_default.out, so it is not reported.
  m.def("fake_default(Tensor x) -> Tensor");
  m.def("fake_default.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)");
  // Python fake for mfo::fake_out.out only: the default overload has none.
  m.def("fake_out(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mfo::fake_out' has CPU kernels but no Meta, composite or fake kernel
  m.def("fake_out.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)");
  // Python code calls mfo::called_out.out (testdata/python/callers.py).
  m.def("called_out(Tensor x) -> Tensor");
  m.def("called_out.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)"); // expect: torch-compile-missing-fake-kernel: 'mfo::called_out.out' has CPU kernels but no Meta
  // A Meta kernel for the out= overload only.
  m.def("meta_out(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mfo::meta_out' has CPU kernels
  m.def("meta_out.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)");
  // Meta kernels for both.
  m.def("meta_both(Tensor x) -> Tensor");
  m.def("meta_both.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)");
  // From a macro; a Python fake for the default overload.
  MF_OP_WITH_OUT(macro_op);
  // Only named overloads, no fake at all: reported once.
  m.def("named.Tensor(Tensor x, Tensor y) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mfo::named.Tensor' has CPU kernels
  m.def("named.Scalar(Tensor x, Scalar y) -> Tensor");
  // Mutates its input and returns nothing: torch makes a trivial fake.
  m.def("bump_(Tensor(a!) x) -> ()");
  // Look-alikes: returns nothing but mutates nothing; mutates and returns.
  m.def("check_finite(Tensor x) -> ()"); // expect: torch-compile-missing-fake-kernel: 'mfo::check_finite' has CPU kernels
  m.def("bump_ret_(Tensor(a!) x) -> Tensor(a!)"); // expect: torch-compile-missing-fake-kernel: 'mfo::bump_ret_' has CPU kernels
}

at::Tensor named_tensor(const at::Tensor &x, const at::Tensor &y) { return x + y; }
at::Tensor named_scalar(const at::Tensor &x, const at::Scalar &y) { return x + y; }

TORCH_LIBRARY_IMPL(mfo, CPU, m) {
  m.impl("fake_default", &gelu_cpu);
  m.impl("fake_default.out", &gelu_out_cpu);
  m.impl("fake_out", &gelu_cpu);
  m.impl("fake_out.out", &gelu_out_cpu);
  m.impl("called_out", &gelu_cpu);
  m.impl("called_out.out", &gelu_out_cpu);
  m.impl("meta_out", &gelu_cpu);
  m.impl("meta_out.out", &gelu_out_cpu);
  m.impl("meta_both", &gelu_cpu);
  m.impl("meta_both.out", &gelu_out_cpu);
  MF_CPU_WITH_OUT(macro_op);
  m.impl("named.Tensor", &named_tensor);
  m.impl("named.Scalar", &named_scalar);
  m.impl("bump_", &bump_);
  m.impl("check_finite", &check_finite);
  m.impl("bump_ret_", &bump_ret_);
}

TORCH_LIBRARY_IMPL(mfo, Meta, m) {
  m.impl("meta_out.out", &gelu_out_meta);
  m.impl("meta_both", &gelu_meta);
  m.impl("meta_both.out", &gelu_out_meta);
}

// --- Ops torch.compile never runs here (testdata/python/callers.py) ---------

// Called only in functions a project decorator keeps out of torch.compile
// (detectron2's disable_torch_compiler), or from the backward of an
// autograd.Function whose forward it decorates: no fake tensor reaches
// them. Look-alikes: also called where torch.compile traces; called under
// @torch.no_grad(), which torch.compile traces.
TORCH_LIBRARY(mfu, m) {
  m.def("disabled_only(Tensor x) -> Tensor");
  m.def("disabled_backward(Tensor x) -> Tensor");
  m.def("reads_disabled(Tensor src, Tensor ptr) -> Tensor", &segment_sum);
  m.def("disabled_and_traced(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mfu::disabled_and_traced' has CPU kernels but no Meta
  m.def("no_grad_only(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'mfu::no_grad_only' has CPU kernels but no Meta
}

TORCH_LIBRARY_IMPL(mfu, CPU, m) {
  m.impl("disabled_only", &gelu_cpu);
  m.impl("disabled_backward", &gelu_cpu);
  m.impl("disabled_and_traced", &gelu_cpu);
  m.impl("no_grad_only", &gelu_cpu);
}

// --- Legacy RegisterOperators, as pytorch_sparse and pytorch_cluster write it -

// Catch-all kernels that read data, registered by one chain: each op is
// reported on its own `.op` line. The package's Python runs lg ops through
// torch.ops (testdata/python/callers.py); one only its tests run
// (testdata/python/tests/test_legacy.py), as pytorch_sparse's
// neighbor_sample, and one nothing names: neither is reported.
at::Tensor ind2ptr(at::Tensor ind, int64_t M) {
  at::Tensor out = at::empty({M + 1}, ind.options());
  const int64_t *in = ind.data_ptr<int64_t>();
  int64_t *o = out.data_ptr<int64_t>();
  for (int64_t i = 0; i <= M; ++i)
    o[i] = in[0];
  return out;
}
at::Tensor ptr2ind(at::Tensor ptr, int64_t E) {
  at::Tensor out = at::empty({E}, ptr.options());
  int64_t last = ptr.data_ptr<int64_t>()[ptr.numel() - 1];
  return out.fill_(last);
}
at::Tensor sample_rows(at::Tensor rowptr, int64_t n) {
  return at::empty({rowptr.data_ptr<int64_t>()[n]}, rowptr.options());
}

static auto legacy_registry =
    torch::RegisterOperators()
        .op("lg::ind2ptr", &ind2ptr) // expect: torch-compile-missing-fake-kernel: 'lg::ind2ptr' is registered without a dispatch key
        .op("lg::ptr2ind", &ptr2ind) // expect: torch-compile-missing-fake-kernel: 'lg::ptr2ind' is registered without a dispatch key
        .op("lg::sample_in_tests", &sample_rows)
        .op("lg::never_named", &sample_rows);
