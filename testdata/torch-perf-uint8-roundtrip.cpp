// Testdata for torch-perf-uint8-roundtrip.
#include <torch/torch.h>

// --- Positives ---------------------------------------------------------------

at::Tensor gamma(const at::Tensor &img, double g) {
  at::Tensor f = img.to(at::kFloat).div(255);
  f = f.pow(g).mul(255);
  return f.round().clamp(0, 255).to(at::kByte); // expect: torch-perf-uint8-roundtrip: 256-entry lookup table
}

at::Tensor brightness(const at::Tensor &img, double delta) {
  return (img.to(torch::kFloat32) + delta).clamp(0, 255).round().to(torch::kUInt8); // expect: torch-perf-uint8-roundtrip
}

// --- Negatives ---------------------------------------------------------------

// Float in, float out.
at::Tensor normalize(const at::Tensor &img) { return img.to(at::kFloat).div(255); }

// A conversion to uint8 without a float working copy in this function.
at::Tensor quantize(const at::Tensor &x) { return x.mul(255).round().to(at::kByte); }

// Not elementwise: a reduction or geometry between the conversions.
at::Tensor resize_like(const at::Tensor &img) {
  at::Tensor f = img.to(at::kFloat);
  return f.mean(0, true).round().to(at::kByte);
}
