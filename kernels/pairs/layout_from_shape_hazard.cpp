// layout_from_shape, hazard: "channels come first if dimension 1 has size 3".
// An NHWC batch [N, 3, W, 3] -- any image 3 pixels tall, e.g. 3x3 patches --
// has size(1) == 3 too, and is then converted along its rows.
#include "layout_from_shape.h"

namespace torchlint::kernels::layout_from_shape {

at::Tensor hazard(const at::Tensor &images) {
  detail::checkImages(images);
  const int64_t cdim = images.size(1) == 3 ? 1 : 3; // expect: torch-layout-from-shape
  TORCH_CHECK(images.size(cdim) == 3, "rgb_to_gray: expects 3 channels, got ", images.sizes());
  return images.narrow(cdim, 0, 1).mul(0.299).add_(images.narrow(cdim, 1, 1), 0.587).add_(images.narrow(cdim, 2, 1), 0.114);
}

} // namespace torchlint::kernels::layout_from_shape
