// parallel_grain's uint8 and float32 bodies with AVX2, compiled for AVX2 alone (the rest of
// the kernels for the baseline x86-64); called only where cpuHasAvx2().
//
// The float32 body is the multiply, then the add, each rounded. Per uint8
// element it computes what detail::adjust(uint8_t) does: the float
// multiply, then the float add (two roundings: no FMA, which AVX2 does not
// include), then round half to even (cvtps2dq under the default MXCSR
// rounding, as std::nearbyint) and saturation to [0, 255]. The clamp comes
// before the rounding here: 0 and 255 are integers, so for every finite value
// clamp-then-round equals round-then-clamp (and the int32 conversion never
// sees a value out of range).
#include "parallel_grain.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace torchlint::kernels::parallel_grain::detail {

__attribute__((target("avx2"))) void adjustBytesAvx2(const uint8_t *in, uint8_t *out,
                                                     int64_t begin, int64_t end, float alpha,
                                                     float beta) {
  const __m256 a = _mm256_set1_ps(alpha), b = _mm256_set1_ps(beta);
  const __m256 lo = _mm256_setzero_ps(), hi = _mm256_set1_ps(255.0f);
  // packs/packus work per 128-bit lane; this puts the four groups of eight
  // back in order.
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  int64_t i = begin;
  for (; i + 32 <= end; i += 32) {
    __m256i q[4];
    for (int k = 0; k < 4; ++k) {
      const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i *>(in + i + 8 * k));
      __m256 f = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes));
      f = _mm256_add_ps(_mm256_mul_ps(f, a), b);
      f = _mm256_min_ps(_mm256_max_ps(f, lo), hi);
      q[k] = _mm256_cvtps_epi32(f);
    }
    const __m256i w = _mm256_packus_epi16(_mm256_packs_epi32(q[0], q[1]),
                                          _mm256_packs_epi32(q[2], q[3]));
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(out + i),
                        _mm256_permutevar8x32_epi32(w, order));
  }
  for (; i < end; ++i)
    out[i] = adjust(in[i], alpha, beta);
}

__attribute__((target("avx2"))) void adjustFloatsAvx2(const float *in, float *out,
                                                      int64_t begin, int64_t end, float alpha,
                                                      float beta) {
  const __m256 a = _mm256_set1_ps(alpha), b = _mm256_set1_ps(beta);
  int64_t i = begin;
  for (; i + 8 <= end; i += 8)
    _mm256_storeu_ps(out + i, _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(in + i), a), b));
  for (; i < end; ++i)
    out[i] = adjust(in[i], alpha, beta);
}

} // namespace torchlint::kernels::parallel_grain::detail
#else
namespace torchlint::kernels::parallel_grain::detail {
void adjustBytesAvx2(const uint8_t *in, uint8_t *out, int64_t begin, int64_t end, float alpha,
                     float beta) {
  for (int64_t i = begin; i < end; ++i)
    out[i] = adjust(in[i], alpha, beta);
}
void adjustFloatsAvx2(const float *in, float *out, int64_t begin, int64_t end, float alpha,
                      float beta) {
  for (int64_t i = begin; i < end; ++i)
    out[i] = adjust(in[i], alpha, beta);
}
} // namespace torchlint::kernels::parallel_grain::detail
#endif
