// Pair: alloc_in_loop -- per-sample contrast adjustment over a batch whose
// grayscale scratch buffer is allocated anew for every sample (hazard) vs
// allocated once before the loop and reused (fixed).
// Backs torch-perf-alloc-in-loop.
#pragma once

#include "routes.h"

#include <ATen/ATen.h>

namespace torchlint::kernels::alloc_in_loop {

// torchvision-style adjust_contrast on a float batch [N, 3, H, W] (float32 or
// float64, values in [0, 1]): each image is blended with the mean of its own
// grayscale version, out = clamp(factor * img + (1 - factor) * mean, 0, 1).
at::Tensor hazard(const at::Tensor &images, double factor);
at::Tensor fixed(const at::Tensor &images, double factor);

// Every route tried for the fix (routes.h); `fixed` is one of them.
const std::vector<Route<decltype(fixed)>> &routes();

namespace detail {

inline void checkImages(const at::Tensor &images) {
  TORCH_CHECK(images.dim() == 4 && images.size(1) == 3,
              "adjust_contrast: expects an RGB batch [N, 3, H, W], got ", images.sizes());
  TORCH_CHECK(images.scalar_type() == at::kFloat || images.scalar_type() == at::kDouble,
              "adjust_contrast: expects a float32 or float64 batch");
}

// One sample: gray (an [H, W] scratch buffer) receives the grayscale image,
// out (a view of the output batch) the blended result.
inline void contrastOne(const at::Tensor &img, at::Tensor &gray, at::Tensor out,
                        double factor) {
  gray.copy_(img[0]).mul_(0.299).add_(img[1], 0.587).add_(img[2], 0.114);
  out.copy_(img).mul_(factor).add_(gray.mean(), 1.0 - factor).clamp_(0.0, 1.0);
}


// contrastOne's operations with the first of each chain writing its result
// where it goes (mul_out) instead of a copy_ and an in-place multiply: the
// same multiply of the same values, one pass fewer per chain.
inline void contrastOneOut(const at::Tensor &img, at::Tensor &gray, at::Tensor out,
                           double factor) {
  at::mul_out(gray, img[0], 0.299).add_(img[1], 0.587).add_(img[2], 0.114);
  at::mul_out(out, img, factor).add_(gray.mean(), 1.0 - factor).clamp_(0.0, 1.0);
}
} // namespace detail
} // namespace torchlint::kernels::alloc_in_loop
