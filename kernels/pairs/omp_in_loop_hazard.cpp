// omp_in_loop, hazard: the row loop is serial and every row opens a parallel
// region for its features -- a fork, a barrier and a join per row, to share
// out a few dozen multiply-adds.
#include "omp_in_loop.h"

namespace torchlint::kernels::omp_in_loop {

at::Tensor hazard(const at::Tensor &x, const at::Tensor &w, const at::Tensor &b) {
  TORCH_CHECK(x.dim() == 2 && x.scalar_type() == at::kFloat, "affine: x must be 2-D float32");
  const at::Tensor in = x.contiguous(), wc = w.contiguous(), bc = b.contiguous();
  at::Tensor out = at::empty(in.sizes(), in.options());
  const int64_t cols = in.size(1);
  const float *src = in.data_ptr<float>(), *wp = wc.data_ptr<float>(),
              *bp = bc.data_ptr<float>();
  float *dst = out.data_ptr<float>();
  for (int64_t r = 0; r < in.size(0); ++r) {
#pragma omp parallel for // expect: torch-perf-parallel-grain: forks and joins
    for (int64_t c = 0; c < cols; ++c)
      dst[r * cols + c] = src[r * cols + c] * wp[c] + bp[c];
  }
  return out;
}

} // namespace torchlint::kernels::omp_in_loop
