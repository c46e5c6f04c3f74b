// element_loop's routes: the accessor loop (the first fix), the fix's AVX2
// rows, and ATen's broadcasting ops (torchvision's box_iou as written).
#include "element_loop.h"

namespace torchlint::kernels::element_loop {
namespace {
at::Tensor accessor(const at::Tensor &boxes1, const at::Tensor &boxes2) {
  return detail::boxIou(boxes1, boxes2, /*simd=*/false);
}

// iou()'s operations as whole-tensor ops: each a pass over an [N, M] (or
// [N, M, 2]) temporary.
at::Tensor atenBroadcast(const at::Tensor &boxes1, const at::Tensor &boxes2) {
  detail::checkBoxes(boxes1, boxes2);
  using at::indexing::None;
  using at::indexing::Slice;
  const at::Tensor a = boxes1.unsqueeze(1), b = boxes2.unsqueeze(0); // [N,1,4], [1,M,4]
  auto col = [](const at::Tensor &t, int64_t k) { return t.select(2, k); };
  const at::Tensor areaA = (col(a, 2) - col(a, 0)) * (col(a, 3) - col(a, 1));
  const at::Tensor areaB = (col(b, 2) - col(b, 0)) * (col(b, 3) - col(b, 1));
  // std::min(x, y) = (y < x) ? y : x and std::max(x, y) = (x < y) ? y : x,
  // written with where so that NaN and -0.0 follow iou() (at::minimum and
  // at::maximum propagate NaN).
  auto stdMin = [](const at::Tensor &x, const at::Tensor &y) { return at::where(y < x, y, x); };
  auto stdMax = [](const at::Tensor &x, const at::Tensor &y) { return at::where(x < y, y, x); };
  const at::Tensor zero = at::zeros({}, boxes1.options());
  const at::Tensor iw = stdMax(stdMin(col(a, 2), col(b, 2)) - stdMax(col(a, 0), col(b, 0)), zero);
  const at::Tensor ih = stdMax(stdMin(col(a, 3), col(b, 3)) - stdMax(col(a, 1), col(b, 1)), zero);
  const at::Tensor inter = iw * ih;
  return inter / (areaA + areaB - inter);
}
} // namespace

const std::vector<Route<decltype(fixed)>> &routes() {
  static const std::vector<Route<decltype(fixed)>> all = {
      {"avx2_rows", &fixed,
       "the fix: boxes2 as columns once, each row eight float pairs per instruction (AVX2)"},
      {"accessor", &accessor,
       "TensorAccessors, one pair at a time (the first fix): the strided reads of boxes2 keep "
       "the compiler from vectorising"},
      {"aten_broadcast", &atenBroadcast,
       "whole-tensor ops on [N, M] temporaries: about twenty passes and allocations"},
  };
  return all;
}

} // namespace torchlint::kernels::element_loop
