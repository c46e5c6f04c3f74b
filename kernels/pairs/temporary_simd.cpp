// temporary's contiguous run with AVX2, compiled for AVX2 alone (no FMA: the
// subtraction and the division round each on its own, as ATen's sub and div
// do); called only where cpuHasAvx2().
#include "temporary.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace torchlint::kernels::temporary::detail {
namespace {
__attribute__((target("avx2"))) inline __m256 load8(const uint8_t *x) {
  return _mm256_cvtepi32_ps(
      _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i *>(x))));
}
__attribute__((target("avx2"))) inline __m256 load8(const float *x) { return _mm256_loadu_ps(x); }

template <typename T>
__attribute__((target("avx2"))) void run(const T *x, float mean, float std, float *out,
                                         int64_t n) {
  const __m256 m = _mm256_set1_ps(mean), s = _mm256_set1_ps(std);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(out + i, _mm256_div_ps(_mm256_sub_ps(load8(x + i), m), s));
  for (; i < n; ++i)
    out[i] = (static_cast<float>(x[i]) - mean) / std;
}
} // namespace

void normalizeRunAvx2(const uint8_t *x, float mean, float std, float *out, int64_t n) {
  run(x, mean, std, out, n);
}
void normalizeRunAvx2(const float *x, float mean, float std, float *out, int64_t n) {
  run(x, mean, std, out, n);
}

} // namespace torchlint::kernels::temporary::detail
#else
namespace torchlint::kernels::temporary::detail {
template <typename T> void run(const T *x, float mean, float std, float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = (static_cast<float>(x[i]) - mean) / std;
}
void normalizeRunAvx2(const uint8_t *x, float mean, float std, float *out, int64_t n) {
  run(x, mean, std, out, n);
}
void normalizeRunAvx2(const float *x, float mean, float std, float *out, int64_t n) {
  run(x, mean, std, out, n);
}
} // namespace torchlint::kernels::temporary::detail
#endif
