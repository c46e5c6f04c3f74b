// Pair: temporary -- `out = (x - mean) / std` into a caller-provided output,
// computed via full-size temporaries and a copy (hazard) vs written straight
// into the output with an _out op and an in-place op (fixed).
// Backs torch-perf-temporary.
#pragma once

#include "routes.h"

#include <ATen/ATen.h>

namespace torchlint::kernels::temporary {

// Normalises x (e.g. [N, C, H, W], uint8 or floating) with mean and std that
// broadcast against it (e.g. [1, C, 1, 1]) into `out`, which must already have
// the broadcast shape and the promoted dtype of (x, mean, std). Returns out.
at::Tensor hazard(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                  at::Tensor &out);
at::Tensor fixed(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                 at::Tensor &out);

// Every route tried for the fix (routes.h); `fixed` is one of them.
const std::vector<Route<decltype(fixed)>> &routes();

namespace detail {

// Shared argument validation: with `out` of exactly the result's shape and
// dtype, `copy_` neither broadcasts nor converts, so both versions compute
// the same float operations in the same order.
inline void checkOut(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                     const at::Tensor &out) {
  TORCH_CHECK(x.dim() >= 1, "normalize: x must have at least one dimension");
  const auto shape = at::infer_size(at::infer_size(x.sizes(), mean.sizes()), std.sizes());
  TORCH_CHECK(out.sizes() == at::IntArrayRef(shape), "normalize: out has shape ", out.sizes(),
              ", expected ", at::IntArrayRef(shape));
  // The dtype of `(x - mean) / std`: x - mean is a dimensioned tensor (x has
  // dims), so it promotes with std by the tensor-tensor rules.
  const at::Tensor diff = at::empty({0}, x.options().dtype(at::result_type(x, mean)));
  const auto dtype = at::result_type(diff, std);
  TORCH_CHECK(out.scalar_type() == dtype, "normalize: out has dtype ", out.scalar_type(),
              ", expected ", dtype);
}

// The two-pass route: at::sub_out into out, then out.div_(std) (the first
// fix; every dtype combination).
at::Tensor subOutDivInPlace(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                            at::Tensor &out);

// One contiguous run: out[i] = (float(x[i]) - mean) / std, the subtraction
// and the division each rounded (eight per instruction: temporary_simd.cpp).
void normalizeRunAvx2(const uint8_t *x, float mean, float std, float *out, int64_t n);
void normalizeRunAvx2(const float *x, float mean, float std, float *out, int64_t n);
} // namespace detail
} // namespace torchlint::kernels::temporary
