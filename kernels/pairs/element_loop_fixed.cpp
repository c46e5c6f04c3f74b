// element_loop, fixed: the same arithmetic, with the boxes read and the
// result written through raw rows created once outside the loops. boxes2 is
// read once into four coordinate arrays and its areas (the same expression
// per box as the hazard's), so the inner loop over boxes2 runs eight float
// pairs per instruction where the CPU has AVX2, two rows per load of boxes2
// (element_loop_simd.cpp); rows are independent, so they are also split
// across threads. Each element is still computed by exactly the same
// operations, so the output is byte-identical. The routes measured:
// element_loop_routes.cpp.
#include "element_loop.h"

#include <ATen/Parallel.h>
#include <ATen/TensorIterator.h> // at::internal::GRAIN_SIZE

#include <vector>

namespace torchlint::kernels::element_loop {
namespace detail {

int64_t rowGrain(int64_t m) {
  return std::max<int64_t>(1, at::internal::GRAIN_SIZE / std::max<int64_t>(1, m));
}

template <typename T>
void iouAccessor(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {
  const auto A = a.accessor<T, 2>();
  const auto B = b.accessor<T, 2>();
  auto O = out.accessor<T, 2>();
  const int64_t m = B.size(0);
  at::parallel_for(0, A.size(0), rowGrain(m), [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      const T ax1 = A[i][0], ay1 = A[i][1], ax2 = A[i][2], ay2 = A[i][3];
      for (int64_t j = 0; j < m; ++j)
        O[i][j] = iou(ax1, ay1, ax2, ay2, B[j][0], B[j][1], B[j][2], B[j][3]);
    }
  });
}

at::Tensor boxIou(const at::Tensor &boxes1, const at::Tensor &boxes2, bool simd) {
  checkBoxes(boxes1, boxes2);
  at::Tensor out = at::empty({boxes1.size(0), boxes2.size(0)}, boxes1.options());
  if (boxes1.scalar_type() == at::kDouble) {
    iouAccessor<double>(boxes1, boxes2, out);
    return out;
  }
  if (!simd || !cpuHasAvx2()) {
    iouAccessor<float>(boxes1, boxes2, out);
    return out;
  }
  // boxes2 as columns, and its areas, once.
  const auto B = boxes2.accessor<float, 2>();
  const int64_t m = B.size(0);
  std::vector<float> columns(5 * static_cast<size_t>(m));
  float *bx1 = columns.data(), *by1 = bx1 + m, *bx2 = by1 + m, *by2 = bx2 + m, *areaB = by2 + m;
  for (int64_t j = 0; j < m; ++j) {
    bx1[j] = B[j][0];
    by1[j] = B[j][1];
    bx2[j] = B[j][2];
    by2[j] = B[j][3];
    areaB[j] = (bx2[j] - bx1[j]) * (by2[j] - by1[j]);
  }
  const at::Tensor a = boxes1.contiguous(); // [N, 4]: a copy only if boxes1 is strided
  const float *ap = a.data_ptr<float>();
  float *o = out.data_ptr<float>();
  at::parallel_for(0, a.size(0), rowGrain(m), [&](int64_t begin, int64_t end) {
    iouRowsAvx2(ap + 4 * begin, end - begin, bx1, by1, bx2, by2, areaB, m, o + begin * m);
  });
  return out;
}

} // namespace detail

at::Tensor fixed(const at::Tensor &boxes1, const at::Tensor &boxes2) {
  return detail::boxIou(boxes1, boxes2, /*simd=*/true);
}

} // namespace torchlint::kernels::element_loop
