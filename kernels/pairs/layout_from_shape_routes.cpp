// layout_from_shape's routes: the three ops on the whole batch (the fix), and
// the same three ops per sample so that the second and third pass find the
// sample in cache.
#include "layout_from_shape.h"

namespace torchlint::kernels::layout_from_shape {
namespace {
at::Tensor perSample(const at::Tensor &images, ImageLayout layout) {
  detail::checkImages(images);
  const int64_t cdim = layout == ImageLayout::NCHW ? 1 : 3;
  TORCH_CHECK(images.size(cdim) == 3, "rgb_to_gray: expects 3 channels, got ", images.sizes());
  std::vector<int64_t> shape = images.sizes().vec();
  shape[cdim] = 1;
  at::Tensor out = at::empty(shape, images.options());
  for (int64_t b = 0; b < images.size(0); ++b) {
    const at::Tensor img = images[b];
    at::Tensor o = out[b];
    at::mul_out(o, img.narrow(cdim - 1, 0, 1), 0.299)
        .add_(img.narrow(cdim - 1, 1, 1), 0.587)
        .add_(img.narrow(cdim - 1, 2, 1), 0.114);
  }
  return out;
}
} // namespace

const std::vector<Route<decltype(fixed)>> &routes() {
  static const std::vector<Route<decltype(fixed)>> all = {
      {"batch_ops", &fixed, "the fix: mul, add_, add_ over the whole batch"},
      {"per_sample_ops", &perSample,
       "the same three ops per sample into one output: passes two and three from cache"},
  };
  return all;
}

} // namespace torchlint::kernels::layout_from_shape
