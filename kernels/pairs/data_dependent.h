// Pair: data_dependent -- clipping coordinates to a range, with a host-side
// validation and a data-dependent branch that skips the clamp when nothing is
// out of range (hazard) vs a device-side assertion and an unconditional clamp
// (fixed). Both are registered as CompositeImplicitAutograd ops (m.def with a
// function), i.e. code torch.compile traces with fake tensors, where every
// `.item()` is a graph break. Backs torch-compile-data-dependent.
#pragma once

#include "routes.h"

#include <ATen/ATen.h>

namespace torchlint::kernels::data_dependent {

// Returns a new tensor: x clipped to [lo, hi]. x must be non-negative (a NaN
// fails that check too); uint8 or floating, any shape and strides. The result
// dtype is at::clamp's: x's dtype unless the bounds promote it (floating
// bounds on a uint8 x give float32 -- and then the hazard's result dtype
// depends on the data: float when it clamps, uint8 when it clones; see the
// tests). Registered as torchlint_kernels::clip_hazard / clip_fixed with the
// schema (Tensor x, Scalar lo, Scalar hi) -> Tensor.
at::Tensor hazard(const at::Tensor &x, const at::Scalar &lo, const at::Scalar &hi);
at::Tensor fixed(const at::Tensor &x, const at::Scalar &lo, const at::Scalar &hi);

// Every route tried for the fix (routes.h); `fixed` is one of them. Every
// route is ATen ops only, with no host read of tensor data: the fix is
// registered as a composite op that torch.compile traces.
const std::vector<Route<decltype(fixed)>> &routes();

} // namespace torchlint::kernels::data_dependent
