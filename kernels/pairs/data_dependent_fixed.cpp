// data_dependent, fixed: the validation becomes at::_assert_async, which
// traces (on CPU it still throws synchronously, with ATen's own message), and
// the clamp is unconditional: on values already in range it is the identity,
// NaN stays NaN, so the result is byte-identical and eager does one pass.
// The validation reads x once: its minimum is non-negative exactly when
// every element is (a NaN minimum fails, as a NaN element fails x >= 0), and
// an unsigned x is non-negative by its dtype, so it is not read at all. An
// empty x has no minimum and passes, as (x >= 0).all() does. (The routes
// measured, among them (x >= 0).all(): data_dependent_routes.cpp.)
#include "data_dependent.h"

#include <torch/library.h>

namespace torchlint::kernels::data_dependent {

at::Tensor fixed(const at::Tensor &x, const at::Scalar &lo, const at::Scalar &hi) {
  const bool unsignedType = x.scalar_type() == at::kBool || x.scalar_type() == at::kByte;
  if (!unsignedType && x.sym_numel() > 0)
    at::_assert_async(x.min() >= 0);
  return x.clamp(lo, hi);
}

} // namespace torchlint::kernels::data_dependent

TORCH_LIBRARY_FRAGMENT(torchlint_kernels, m) {
  m.def("clip_fixed(Tensor x, Scalar lo, Scalar hi) -> Tensor",
        &torchlint::kernels::data_dependent::fixed);
}
