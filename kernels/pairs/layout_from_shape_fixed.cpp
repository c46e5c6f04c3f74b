// layout_from_shape, fixed: the caller states the layout; nothing is inferred
// from a dimension's size.
#include "layout_from_shape.h"

namespace torchlint::kernels::layout_from_shape {

at::Tensor fixed(const at::Tensor &images, ImageLayout layout) {
  detail::checkImages(images);
  const int64_t cdim = layout == ImageLayout::NCHW ? 1 : 3;
  TORCH_CHECK(images.size(cdim) == 3, "rgb_to_gray: expects 3 channels, got ", images.sizes());
  return images.narrow(cdim, 0, 1).mul(0.299).add_(images.narrow(cdim, 1, 1), 0.587).add_(images.narrow(cdim, 2, 1), 0.114);
}

} // namespace torchlint::kernels::layout_from_shape
