// Pair: redundant_copy -- a per-channel gain applied to an NCHW batch by
// going through a contiguous NHWC copy, cloning a fresh result, and copying
// it back into a zero-filled output (hazard) vs one broadcast multiply on the
// tensor as it is (fixed). Backs torch-perf-memory-format (the permute /
// contiguous / permute-back round trip) and torch-perf-redundant-copy (the
// clone of a temporary, the zeros that copy_ overwrites).
#pragma once

#include "routes.h"

#include <ATen/ATen.h>

namespace torchlint::kernels::redundant_copy {

// out[n, c, h, w] = images[n, c, h, w] * gain[c] for images [N, C, H, W] of any
// dtype and strides (contiguous, channels_last, views) and gain [C].
at::Tensor hazard(const at::Tensor &images, const at::Tensor &gain);
at::Tensor fixed(const at::Tensor &images, const at::Tensor &gain);

// Every route tried for the fix (routes.h); `fixed` is one of them.
const std::vector<Route<decltype(fixed)>> &routes();

namespace detail {

inline void checkArgs(const at::Tensor &images, const at::Tensor &gain) {
  TORCH_CHECK(images.dim() == 4 && gain.dim() == 1 && gain.size(0) == images.size(1),
              "apply_gain: expects images [N, C, H, W] and gain [C], got ", images.sizes(),
              " and ", gain.sizes());
  // The hazard writes the product into zeros_like(images), so the product's
  // dtype must be the image dtype (copy_ would otherwise convert silently).
  TORCH_CHECK(at::result_type(images, gain) == images.scalar_type(),
              "apply_gain: gain must not promote the image dtype");
}

} // namespace detail
} // namespace torchlint::kernels::redundant_copy
