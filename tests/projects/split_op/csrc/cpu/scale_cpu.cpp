// CPU kernels (registered in register.cpp): eager, where .item() and raw data
// are performance questions, not graph breaks.
#include "../kernels.h"

namespace split_op {

at::Tensor scale_cpu(const at::Tensor &x, double s) {
  double peak = x.abs().max().item<double>();
  return peak == 0 ? x.clone() : x * s;
}

at::Tensor count_cpu(const at::Tensor &x) {
  const float *p = x.data_ptr<float>(); // expect: torch-bugprone-data-ptr-contiguity: 'x' may be strided
  int64_t n = 0;
  for (int64_t i = 0; i < x.numel(); ++i)
    n += p[i] != 0;
  return at::full({}, n, x.options().dtype(at::kLong));
}

at::Tensor clamp_rows_cpu(const at::Tensor &x, const at::Tensor &limit) {
  return at::minimum(x, limit.unsqueeze(1));
}

// The composite kernel of split_op::softsign (register.cpp): traced, and
// its tensor-only body is fine there.
at::Tensor softsign(const at::Tensor &x) { return x / (x.abs() + 1); }

// Registered as a pybind11 binding only (bindings.cpp).
at::Tensor raw_add(const at::Tensor &a, const at::Tensor &b) { return a + b; }

// The catch-all kernels of ops.cpp: they run on fake tensors. row_sums works
// on raw data, so the op cannot run on fakes at all: missing-fake-kernel says
// so once, in ops.cpp; the reads here are right once it is registered for CPU.
at::Tensor row_sums(const at::Tensor &x) {
  auto out = at::empty({x.size(0)}, x.options());
  const float *p = x.data_ptr<float>(); // expect: torch-bugprone-data-ptr-contiguity: 'x' may be strided
  float *o = out.data_ptr<float>();
  for (int64_t i = 0; i < out.numel(); ++i)
    o[i] = p[i];
  return out;
}
at::Tensor twice(const at::Tensor &x) { return x + x; }

} // namespace split_op
