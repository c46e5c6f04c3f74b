// uint8_roundtrip, hazard: the image is widened to float (4x the bytes), run
// through five full-size float ops, each allocating a new float image, and
// narrowed back to uint8 -- to compute a function with only 256 inputs.
#include "uint8_roundtrip.h"

namespace torchlint::kernels::uint8_roundtrip {

at::Tensor hazard(const at::Tensor &img, double gamma) {
  TORCH_CHECK(img.scalar_type() == at::kByte, "adjust_gamma: expects a uint8 image");
  return img.to(at::kFloat).div(255.0).pow(gamma).mul(255.0).round().clamp(0, 255).to(at::kByte); // expect: torch-perf-uint8-roundtrip
}

} // namespace torchlint::kernels::uint8_roundtrip
