// Pair: uint8_roundtrip -- gamma correction of a uint8 image computed by
// converting the whole image to float and back (hazard) vs a 256-entry lookup
// table (fixed). Backs torch-perf-uint8-roundtrip.
#pragma once

#include "routes.h"

#include <ATen/ATen.h>

namespace torchlint::kernels::uint8_roundtrip {

// out = round(255 * (img / 255) ^ gamma), clamped to [0, 255], for a uint8
// image of any shape, layout and strides. Returns uint8 of img's shape.
at::Tensor hazard(const at::Tensor &img, double gamma);
at::Tensor fixed(const at::Tensor &img, double gamma);

// Every route tried for the fix (routes.h); `fixed` is one of them.
const std::vector<Route<decltype(fixed)>> &routes();

} // namespace torchlint::kernels::uint8_roundtrip
