// omp_in_loop's row with AVX2, compiled for AVX2 alone (no FMA: the multiply
// and the add round each on its own, as the plain loop's do); called only
// where cpuHasAvx2().
#include "omp_in_loop.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace torchlint::kernels::omp_in_loop::detail {

__attribute__((target("avx2"))) void affineRowAvx2(const float *x, const float *w,
                                                   const float *b, float *out, int64_t n) {
  int64_t c = 0;
  for (; c + 8 <= n; c += 8)
    _mm256_storeu_ps(out + c, _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(x + c),
                                                          _mm256_loadu_ps(w + c)),
                                            _mm256_loadu_ps(b + c)));
  for (; c < n; ++c)
    out[c] = x[c] * w[c] + b[c];
}

} // namespace torchlint::kernels::omp_in_loop::detail
#else
namespace torchlint::kernels::omp_in_loop::detail {
void affineRowAvx2(const float *x, const float *w, const float *b, float *out, int64_t n) {
  for (int64_t c = 0; c < n; ++c)
    out[c] = x[c] * w[c] + b[c];
}
} // namespace torchlint::kernels::omp_in_loop::detail
#endif
