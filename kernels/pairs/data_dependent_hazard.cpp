// data_dependent, hazard: the validation and the "clamp only if needed" test
// both read tensor data on the host. Under torch.compile each `.item()` is a
// graph break (GB0033 from a composite kernel, GB4315 from a Meta kernel); in eager mode they cost two extra full
// passes, two bool temporaries and a synchronising read -- and the branch
// that skips the clamp still has to copy, since the op returns a new tensor.
#include "data_dependent.h"

#include <torch/library.h>

namespace torchlint::kernels::data_dependent {

at::Tensor hazard(const at::Tensor &x, const at::Scalar &lo, const at::Scalar &hi) {
  TORCH_CHECK((x >= 0).all().item<bool>(), "clip: coordinates must be non-negative"); // expect: torch-compile-data-dependent
  if (((x < lo) | (x > hi)).any().item<bool>()) // expect: torch-compile-data-dependent
    return x.clamp(lo, hi);
  return x.clone();
}

} // namespace torchlint::kernels::data_dependent

TORCH_LIBRARY_FRAGMENT(torchlint_kernels, m) {
  m.def("clip_hazard(Tensor x, Scalar lo, Scalar hi) -> Tensor", // expect: torch-compile-missing-fake-kernel
        &torchlint::kernels::data_dependent::hazard);
}
