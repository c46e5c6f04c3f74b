// Testdata for torch-compile-symint: static sizes in traced kernels.
#include <torch/torch.h>
#include <torch/library.h>

// --- Positives: a Meta kernel and a composite kernel -------------------------

at::Tensor pool_meta(const at::Tensor &x, int64_t k) {
  auto out = at::empty(x.sizes(), x.options()); // expect: torch-compile-symint: 'sizes()' in a Meta kernel reads concrete sizes
  int64_t n = x.size(0); // expect: torch-compile-symint: use 'sym_size()'
  int64_t total = x.numel(); // expect: torch-compile-symint: 'sym_numel()'
  auto st = x.strides(); // expect: torch-compile-symint: 'sym_strides()'
  (void)n;
  (void)total;
  (void)st;
  (void)k;
  return out;
}

static int64_t rows(const at::Tensor &x) {
  return x.size(0); // expect: torch-compile-symint: in a CompositeImplicitAutograd kernel
}

at::Tensor flatten_rows(const at::Tensor &x) {
  return x.reshape({rows(x), -1});
}

// --- Negatives ---------------------------------------------------------------

// Eager kernels run on real tensors with concrete sizes.
at::Tensor pool_cpu(const at::Tensor &x, int64_t k) {
  auto out = at::empty(x.sizes(), x.options());
  (void)k;
  return out.copy_(x);
}

// Already symbolic, or not a size at all.
at::Tensor pool_meta_sym(const at::Tensor &x) {
  auto out = at::empty_symint(x.sym_sizes(), x.options());
  int64_t d = x.dim();
  (void)d;
  return out;
}

// Not registered: nothing is known about it.
int64_t helper(const at::Tensor &x) { return x.size(0); }

TORCH_LIBRARY(si, m) {
  m.def("pool(Tensor x, int k) -> Tensor");
  m.def("pool_sym(Tensor x) -> Tensor");
  m.def("flatten_rows(Tensor x) -> Tensor", &flatten_rows);
}
TORCH_LIBRARY_IMPL(si, Meta, m) {
  m.impl("pool", &pool_meta);
  m.impl("pool_sym", &pool_meta_sym);
}
TORCH_LIBRARY_IMPL(si, CPU, m) { m.impl("pool", &pool_cpu); }

// --- Registration helpers (gsplat: `void register_adam_cuda_impl(torch::Library &m)`)
// A helper takes the block of its caller in this file: Meta here, traced.
at::Tensor scan_meta(const at::Tensor &x) {
  return at::empty({x.size(0)}, x.options()); // expect: torch-compile-symint: in a Meta kernel
}
static void register_scan_meta(torch::Library &m) { m.impl("scan", &scan_meta); }
// Called from the CPU block: eager, sizes are concrete.
at::Tensor scan_cpu(const at::Tensor &x) { return at::empty({x.size(0)}, x.options()); }
static void register_scan_cpu(torch::Library &m) { m.impl("scan", &scan_cpu); }
// Called from a block in another file (unknown key): neither catch-all nor
// traced; nothing is said.
at::Tensor gather_cuda(const at::Tensor &x) { return at::empty({x.size(0)}, x.options()); }
void register_gather_cuda_impl(torch::Library &m) { m.impl("gather", &gather_cuda); }

TORCH_LIBRARY_FRAGMENT(si, m) { m.def("scan(Tensor x) -> Tensor"); }
TORCH_LIBRARY_IMPL(si, Meta, m) { register_scan_meta(m); }
TORCH_LIBRARY_IMPL(si, CPU, m) { register_scan_cpu(m); }
