// parallel_grain, fixed: at::internal::GRAIN_SIZE (32768 elements) -- ranges
// smaller than that run inline on the calling thread, larger ones are split
// into per-thread chunks exactly as before. Each element is computed by the
// same expression whichever thread runs it, so the output is byte-identical.
// The uint8 and float32 bodies run eight floats per instruction where the CPU
// has AVX2
// (parallel_grain_simd.cpp; the routes measured: parallel_grain_routes.cpp).
#include "parallel_grain.h"

#include <cmath>

namespace torchlint::kernels::parallel_grain {
namespace detail {

at::Tensor adjustScalar(const at::Tensor &x, double alpha, double beta) {
  return adjustWith(x, alpha, beta, [alpha, beta](const uint8_t *src, uint8_t *dst, int64_t n) {
    adjustRange(src, dst, 0, n, alpha, beta);
  });
}

} // namespace detail

at::Tensor fixed(const at::Tensor &x, double alpha, double beta) {
  const float a = static_cast<float>(alpha), b = static_cast<float>(beta);
  if (!cpuHasAvx2() || !std::isfinite(a) || !std::isfinite(b))
    return detail::adjustScalar(x, alpha, beta);
  return detail::adjustWith(
      x, alpha, beta,
      [a, b](const uint8_t *src, uint8_t *dst, int64_t n) {
        detail::adjustBytesAvx2(src, dst, 0, n, a, b);
      },
      /*floatsAvx2=*/true);
}

} // namespace torchlint::kernels::parallel_grain
