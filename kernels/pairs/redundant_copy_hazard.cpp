// redundant_copy, hazard: three copies the result never needed.
//  - permute(0, 2, 3, 1).contiguous() materialises an NHWC copy just so the
//    per-channel gain broadcasts along the last dimension, and the result is
//    permuted back afterwards;
//  - .clone() copies a tensor the multiply has just created;
//  - zeros_like fills the whole output with zeros that copy_ overwrites.
#include "redundant_copy.h"

namespace torchlint::kernels::redundant_copy {

at::Tensor hazard(const at::Tensor &images, const at::Tensor &gain) {
  detail::checkArgs(images, gain);
  const at::Tensor nhwc = images.permute({0, 2, 3, 1}).contiguous(); // expect: torch-perf-memory-format
  const at::Tensor scaled = (nhwc * gain).clone(); // expect: torch-perf-redundant-copy
  at::Tensor out = at::zeros_like(images); // expect: torch-perf-redundant-copy
  out.copy_(scaled.permute({0, 3, 1, 2}));
  return out;
}

} // namespace torchlint::kernels::redundant_copy
