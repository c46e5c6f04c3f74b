// diff-gaussian-rasterization's markVisible: three non-const references, only
// read (through contiguous copies handed to a launcher as inputs). Bound in
// bindings.cpp.
#include "../kernels.h"

namespace split_op {

void mark_visible_launch(int64_t n, const float *means, const float *view, bool *present) {
  for (int64_t i = 0; i < n; ++i)
    present[i] = means[3 * i + 2] * view[0] > 0;
}

at::Tensor mark_visible(at::Tensor &means, at::Tensor &view) {
  auto present = at::zeros({means.size(0)}, means.options().dtype(at::kBool)); // expect: torch-perf-redundant-copy: 'zeros' fills 'present' with values that 'mark_visible_launch()' overwrites
  mark_visible_launch(means.size(0), means.contiguous().data_ptr<float>(),
                      view.contiguous().data_ptr<float>(), present.data_ptr<bool>());
  return present;
}

} // namespace split_op
