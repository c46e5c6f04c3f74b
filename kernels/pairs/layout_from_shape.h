// Pair: layout_from_shape -- RGB -> grayscale on a 4-D batch that guesses
// NCHW vs NHWC from `size(1) == 3` (hazard) vs one that is told the layout
// (fixed). This pair is a correctness proof, not a speed-up: the guess is
// wrong for an NHWC batch whose height is 3 (e.g. 3x3 images), where the
// hazard silently mixes rows instead of channels. Backs torch-layout-from-shape.
#pragma once

#include "routes.h"

#include <ATen/ATen.h>

namespace torchlint::kernels::layout_from_shape {

enum class ImageLayout { NCHW, NHWC };

// gray = 0.299 R + 0.587 G + 0.114 B for a float32/float64 batch, keeping a
// channel dimension of size 1 where the colour dimension was: [N, 1, H, W]
// for NCHW, [N, H, W, 1] for NHWC.
//
// The one pair whose signatures differ: adding the layout argument IS the
// fix. For every input whose layout the guess gets right, the outputs are
// byte-identical.
at::Tensor hazard(const at::Tensor &images);
at::Tensor fixed(const at::Tensor &images, ImageLayout layout);

// Every route tried for the fix (routes.h); `fixed` is one of them.
const std::vector<Route<decltype(fixed)>> &routes();

namespace detail {

inline void checkImages(const at::Tensor &images) {
  TORCH_CHECK(images.dim() == 4, "rgb_to_gray: expects a 4-D batch, got ", images.sizes());
  TORCH_CHECK(images.scalar_type() == at::kFloat || images.scalar_type() == at::kDouble,
              "rgb_to_gray: expects a float32 or float64 batch");
}

} // namespace detail
} // namespace torchlint::kernels::layout_from_shape
