// omp_in_loop's routes: one parallel region over the rows with the plain
// feature loop (the first fix), the same with AVX2 rows (the fix), and ATen's
// mul and add_ on the batch.
#include "omp_in_loop.h"

namespace torchlint::kernels::omp_in_loop {
namespace {
at::Tensor plainRows(const at::Tensor &x, const at::Tensor &w, const at::Tensor &b) {
  return detail::affine(x, w, b, /*simd=*/false);
}

// x * w + b as two ATen ops (w and b broadcast along the rows): the multiply
// and the add each round, as the loop's do.
at::Tensor aten(const at::Tensor &x, const at::Tensor &w, const at::Tensor &b) {
  TORCH_CHECK(x.dim() == 2 && x.scalar_type() == at::kFloat, "affine: x must be 2-D float32");
  return x.contiguous().mul(w).add_(b);
}
} // namespace

const std::vector<Route<decltype(fixed)>> &routes() {
  static const std::vector<Route<decltype(fixed)>> all = {
      {"omp_rows_avx2", &fixed,
       "the fix: one parallel region over the rows in column blocks (w and b stay in cache), "
       "eight features per instruction"},
      {"omp_rows", &plainRows,
       "one parallel region over the rows, the plain feature loop (the first fix)"},
      {"aten", &aten, "x.mul(w).add_(b): two passes over the output"},
  };
  return all;
}

} // namespace torchlint::kernels::omp_in_loop
