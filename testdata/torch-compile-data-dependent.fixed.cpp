// Testdata for torch-compile-data-dependent: reads of tensor data in code
// torch.compile traces (Meta and composite kernels and what they call).
#include <torch/torch.h>
#include <torch/library.h>

// --- Positives: traced kernels ----------------------------------------------

// Value validation: one path for eager and compiled is at::_assert_async.
at::Tensor validate_impl(const at::Tensor &x) {
  at::_assert_async((x >= 0).all(), "x must be non-negative"); // expect: torch-compile-data-dependent: validate with at::_assert_async
  return x.sqrt();
}

// A logic branch choosing between tensors: at::where.
at::Tensor clamp_if_needed(const at::Tensor &x) {
  if ((x > 1).any().item<bool>()) // expect: torch-compile-data-dependent: choose between tensors with at::where
    return x.clamp_max(1);
  return x;
}

// An early exit in a fixed-bound loop.
at::Tensor refine(const at::Tensor &x) {
  at::Tensor y = x;
  for (int i = 0; i < 10; ++i) {
    at::Tensor m = y > 0.5;
    if (!m.any().item<bool>()) // expect: torch-compile-data-dependent: delete the early exit
      break;
    y = at::where(m, y * 0.5, y);
  }
  return y;
}

// An early-out returning a different thing.
at::Tensor maybe_scale(const at::Tensor &x, const at::Tensor &s) {
  if (s.item<double>() == 1.0) // expect: torch-compile-data-dependent: do not return early on tensor values
    return x;
  at::Tensor y = x * s;
  return y.relu_();
}

// A size computed from data, read through data_ptr, and an accessor.
at::Tensor from_data(const at::Tensor &counts) {
  int64_t n = *counts.max().data_ptr<int64_t>(); // expect: torch-compile-data-dependent: reads tensor data, which fake tensors do not have [GB4315]
  auto acc = counts.accessor<int64_t, 1>(); // expect: torch-compile-data-dependent: 'accessor()'
  int64_t m = counts.min().data<int64_t>()[0]; // expect: torch-compile-data-dependent: 'data()' in a Meta kernel reads tensor data
  at::Tensor plain = counts.data(); // Tensor::data(): a tensor, no read
  n += m + plain.dim();
  return at::empty({n + acc[0]}, counts.options());
}

// Data-dependent output shapes and booleans.
at::Tensor positives(const at::Tensor &x, const at::Tensor &y) {
  at::Tensor idx = x.nonzero(); // expect: torch-compile-data-dependent: output size that depends on tensor data [GB0036]
  at::Tensor sel = at::masked_select(x, x > 0); // expect: torch-compile-data-dependent: [GB0036]
  bool same = x.equal(y); // expect: torch-compile-data-dependent: [GB0033]
  bool nz = y.is_nonzero(); // expect: torch-compile-data-dependent: 'is_nonzero()'
  return same && nz ? idx : sel;
}

// A helper is traced when a traced kernel calls it.
static double scale_of(const at::Tensor &s) {
  return s.item<double>(); // expect: torch-compile-data-dependent: [GB0033]
}
at::Tensor composite_op(const at::Tensor &x, const at::Tensor &s) {
  return x * scale_of(s);
}

// A lambda registered as a kernel.
auto lambda_kernel = [](const at::Tensor &x) {
  return x * x.sum().item<float>(); // expect: torch-compile-data-dependent
};

// --- Negatives ---------------------------------------------------------------

// Eager (CPU) kernels: .item() costs a sync, it is not a graph break.
at::Tensor validate_cpu(const at::Tensor &x) {
  TORCH_CHECK((x >= 0).all().item<bool>(), "x must be non-negative");
  float first = x.data_ptr<float>()[0];
  return x * first;
}

// A branch on a plain C++ scalar is not a hazard, traced or not.
at::Tensor scalar_branch(const at::Tensor &x, int64_t mode, double eps) {
  if (mode == 1 && eps > 0)
    return x + eps;
  return at::_assert_async(x.isfinite().all()), x;
}

// xformers' sparse24 kernels: one template is both the CUDA kernel and the
// Meta kernel, and the data is touched only `if (!kIsMeta)`: never in the
// Meta instance. A look-alike reading data in the Meta instance is the
// validate_impl/from_data kind above.
template <bool kIsMeta> at::Tensor pack_rows_impl(const at::Tensor &x) {
  at::Tensor out = at::empty_like(x);
  if (!kIsMeta) {
    const float *src = x.data_ptr<float>();
    float *dst = out.data_ptr<float>();
    for (int64_t i = 0; i < x.numel(); ++i)
      dst[i] = src[i];
  }
  return out;
}

// Not registered anywhere: unknown context, nothing to say.
double unregistered(const at::Tensor &x) { return x.sum().item<double>(); }

TORCH_LIBRARY(dd, m) {
  m.def("validate(Tensor x) -> Tensor");
  m.def("clamp_if_needed(Tensor x) -> Tensor");
  m.def("refine(Tensor x) -> Tensor");
  m.def("maybe_scale(Tensor x, Tensor s) -> Tensor");
  m.def("from_data(Tensor counts) -> Tensor");
  m.def("positives(Tensor x, Tensor y) -> Tensor");
  m.def("scalar_branch(Tensor x, int mode, float eps) -> Tensor");
  m.def("composite_op(Tensor x, Tensor s) -> Tensor", &composite_op);
  m.def("lambda_op(Tensor x) -> Tensor");
  m.def("pack_rows(Tensor x) -> Tensor");
}

TORCH_LIBRARY_IMPL(dd, Meta, m) {
  m.impl("validate", &validate_impl);
  m.impl("from_data", TORCH_FN(from_data));
  m.impl("scalar_branch", &scalar_branch);
  m.impl("pack_rows", &pack_rows_impl<true>);
}

TORCH_LIBRARY_IMPL(dd, CompositeImplicitAutograd, m) {
  m.impl("clamp_if_needed", clamp_if_needed);
  m.impl("refine", &refine);
  m.impl("maybe_scale", &maybe_scale);
  m.impl("positives", &positives);
  m.impl("lambda_op", lambda_kernel);
}

TORCH_LIBRARY_IMPL(dd, CPU, m) {
  m.impl("validate", &validate_cpu);
  m.impl("pack_rows", &pack_rows_impl<false>);
}

// --- Ops the project's Python never runs where torch.compile traces --------
// dgl graphbolt's form: catch-all ops (`m.def("name", &fn)`, its
// CompositeImplicitAutograd kernel) of a namespace whose Python
// (testdata/python/callers.py) runs some of them through torch.ops: one it
// calls in plain code is reported; one it never names (graphbolt's
// is_not_in_index: only the _async twin is called) and one it calls only
// under torch.compiler.disable are not (nobody compiles them here: the
// exemption torch-compile-missing-fake-kernel asks).
at::Tensor ddn_called(const at::Tensor &mask) {
  return at::nonzero(mask).squeeze(1); // expect: torch-compile-data-dependent: 'nonzero()' in a CompositeImplicitAutograd kernel has an output size that depends on tensor data
}
at::Tensor ddn_never_named(const at::Tensor &mask) {
  return at::nonzero(at::logical_not(mask)).squeeze(1);
}
at::Tensor ddn_disabled_only(const at::Tensor &mask) {
  return at::nonzero(mask).squeeze(1) + 1;
}

TORCH_LIBRARY(ddn, m) {
  m.def("called", &ddn_called);
  m.def("never_named", &ddn_never_named);
  m.def("disabled_only", &ddn_disabled_only);
}
