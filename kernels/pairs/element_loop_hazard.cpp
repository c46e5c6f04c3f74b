// element_loop, hazard: every coordinate read is `boxes[i][k].item<T>()` (two
// select() calls, a Tensor and a dispatcher round trip per element) and every
// result written with `out[i][j] = v` (two selects and a fill_ per element).
#include "element_loop.h"

namespace torchlint::kernels::element_loop {
namespace {

template <typename T>
void iouLoop(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {
  for (int64_t i = 0; i < a.size(0); ++i) {
    const T ax1 = a[i][0].item<T>(); // expect: torch-perf-element-loop
    const T ay1 = a[i][1].item<T>(); // expect: torch-perf-element-loop
    const T ax2 = a[i][2].item<T>(); // expect: torch-perf-element-loop
    const T ay2 = a[i][3].item<T>(); // expect: torch-perf-element-loop
    for (int64_t j = 0; j < b.size(0); ++j) {
      const T bx1 = b[j][0].item<T>(); // expect: torch-perf-element-loop
      const T by1 = b[j][1].item<T>(); // expect: torch-perf-element-loop
      const T bx2 = b[j][2].item<T>(); // expect: torch-perf-element-loop
      const T by2 = b[j][3].item<T>(); // expect: torch-perf-element-loop
      out[i][j] = detail::iou(ax1, ay1, ax2, ay2, bx1, by1, bx2, by2); // expect: torch-perf-element-loop: indexes a tensor element by element in nested loops
    }
  }
}

} // namespace

at::Tensor hazard(const at::Tensor &boxes1, const at::Tensor &boxes2) {
  detail::checkBoxes(boxes1, boxes2);
  at::Tensor out = at::empty({boxes1.size(0), boxes2.size(0)}, boxes1.options());
  if (boxes1.scalar_type() == at::kDouble)
    iouLoop<double>(boxes1, boxes2, out);
  else
    iouLoop<float>(boxes1, boxes2, out);
  return out;
}

} // namespace torchlint::kernels::element_loop
