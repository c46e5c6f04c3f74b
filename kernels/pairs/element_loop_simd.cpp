// element_loop's float row with AVX2, compiled for AVX2 alone (no FMA: every
// multiply and add rounds on its own, as in iou()); called only where
// cpuHasAvx2(). std::min(x, y) is (y < x) ? y : x, which is minps(y, x);
// std::max(x, y) is (x < y) ? y : x, which is maxps(y, x): the operands are
// passed in that order, so NaN and -0.0 come out as iou() gives them.
#include "element_loop.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace torchlint::kernels::element_loop::detail {

namespace {
// Box a's broadcast coordinates and area.
struct BoxA {
  __m256 x1, y1, x2, y2, area;
};

__attribute__((target("avx2"))) inline BoxA broadcast(const float *a) {
  const float area = (a[2] - a[0]) * (a[3] - a[1]);
  return {_mm256_set1_ps(a[0]), _mm256_set1_ps(a[1]), _mm256_set1_ps(a[2]),
          _mm256_set1_ps(a[3]), _mm256_set1_ps(area)};
}

// iou() of box a against boxes2[j, j + 8) given as loaded columns.
__attribute__((target("avx2"))) inline __m256 iou8(const BoxA &a, __m256 bx1, __m256 by1,
                                                   __m256 bx2, __m256 by2, __m256 areaB) {
  const __m256 zero = _mm256_setzero_ps();
  // iw = max(min(ax2, bx2) - max(ax1, bx1), 0), and ih the same in y.
  const __m256 iw = _mm256_max_ps(
      zero, _mm256_sub_ps(_mm256_min_ps(bx2, a.x2), _mm256_max_ps(bx1, a.x1)));
  const __m256 ih = _mm256_max_ps(
      zero, _mm256_sub_ps(_mm256_min_ps(by2, a.y2), _mm256_max_ps(by1, a.y1)));
  const __m256 inter = _mm256_mul_ps(iw, ih);
  return _mm256_div_ps(inter, _mm256_sub_ps(_mm256_add_ps(a.area, areaB), inter));
}
} // namespace

__attribute__((target("avx2"))) void iouRowsAvx2(const float *a, int64_t rows,
                                                 const float *bx1, const float *by1,
                                                 const float *bx2, const float *by2,
                                                 const float *areaB, int64_t m, float *out) {
  // Two rows at a time: each load of boxes2's columns serves both.
  for (int64_t r = 0; r < rows; r += 2) {
    const bool pair = r + 1 < rows;
    const BoxA a0 = broadcast(a + 4 * r), a1 = broadcast(a + 4 * (pair ? r + 1 : r));
    float *o0 = out + r * m, *o1 = out + (r + 1) * m;
    int64_t j = 0;
    for (; j + 8 <= m; j += 8) {
      const __m256 b1 = _mm256_loadu_ps(bx1 + j), c1 = _mm256_loadu_ps(by1 + j);
      const __m256 b2 = _mm256_loadu_ps(bx2 + j), c2 = _mm256_loadu_ps(by2 + j);
      const __m256 area = _mm256_loadu_ps(areaB + j);
      _mm256_storeu_ps(o0 + j, iou8(a0, b1, c1, b2, c2, area));
      if (pair)
        _mm256_storeu_ps(o1 + j, iou8(a1, b1, c1, b2, c2, area));
    }
    for (int64_t k = r; k < r + (pair ? 2 : 1); ++k) {
      const float *ak = a + 4 * k;
      for (int64_t jj = j; jj < m; ++jj)
        out[k * m + jj] = iou(ak[0], ak[1], ak[2], ak[3], bx1[jj], by1[jj], bx2[jj], by2[jj]);
    }
  }
}

} // namespace torchlint::kernels::element_loop::detail
#else
namespace torchlint::kernels::element_loop::detail {
void iouRowsAvx2(const float *a, int64_t rows, const float *bx1, const float *by1,
                 const float *bx2, const float *by2, const float *areaB, int64_t m, float *out) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < m; ++j)
      out[r * m + j] =
          iou(a[4 * r], a[4 * r + 1], a[4 * r + 2], a[4 * r + 3], bx1[j], by1[j], bx2[j], by2[j]);
}
} // namespace torchlint::kernels::element_loop::detail
#endif
