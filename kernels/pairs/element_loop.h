// Pair: element_loop -- a box-IoU matrix read and written one element at a
// time through Tensor indexing (hazard) vs through TensorAccessors (fixed).
// Backs torch-perf-element-loop.
#pragma once

#include "routes.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace torchlint::kernels::element_loop {

// Pairwise IoU of boxes1 [N, 4] and boxes2 [M, 4], both (x1, y1, x2, y2) and
// of the same floating dtype (float32 or float64), any strides. Returns [N, M]
// of that dtype.
at::Tensor hazard(const at::Tensor &boxes1, const at::Tensor &boxes2);
at::Tensor fixed(const at::Tensor &boxes1, const at::Tensor &boxes2);

// Every route tried for the fix (routes.h); `fixed` is one of them.
const std::vector<Route<decltype(fixed)>> &routes();

namespace detail {

// The per-pair arithmetic both versions share, so that the pair differs only
// in how elements are read and written (the thing the check is about).
template <typename T>
inline T iou(T ax1, T ay1, T ax2, T ay2, T bx1, T by1, T bx2, T by2) {
  const T area_a = (ax2 - ax1) * (ay2 - ay1);
  const T area_b = (bx2 - bx1) * (by2 - by1);
  const T iw = std::max(std::min(ax2, bx2) - std::max(ax1, bx1), T(0));
  const T ih = std::max(std::min(ay2, by2) - std::max(ay1, by1), T(0));
  const T inter = iw * ih;
  return inter / (area_a + area_b - inter);
}

inline void checkBoxes(const at::Tensor &a, const at::Tensor &b) {
  TORCH_CHECK(a.dim() == 2 && a.size(1) == 4 && b.dim() == 2 && b.size(1) == 4,
              "box_iou: boxes must be [N, 4] and [M, 4]");
  TORCH_CHECK(a.scalar_type() == b.scalar_type() &&
                  (a.scalar_type() == at::kFloat || a.scalar_type() == at::kDouble),
              "box_iou: boxes must both be float32 or both float64");
}

// The fix's IoU with (simd) or without the AVX2 row loop: float rows of
// boxes2 through iouRowAvx2 where the CPU has AVX2, else the accessor loop.
at::Tensor boxIou(const at::Tensor &boxes1, const at::Tensor &boxes2, bool simd);

// Rows of the float IoU matrix: boxes a[4 * r .. 4 * r + 3] for r < rows
// (contiguous) against boxes2 given as columns (bx1..by2) and areas, m of
// them, into out[r * m + j]. The operations of iou() in its order, eight
// pairs per instruction, two rows per load of boxes2 (element_loop_simd.cpp).
void iouRowsAvx2(const float *a, int64_t rows, const float *bx1, const float *by1,
                 const float *bx2, const float *by2, const float *areaB, int64_t m, float *out);
} // namespace detail
} // namespace torchlint::kernels::element_loop
