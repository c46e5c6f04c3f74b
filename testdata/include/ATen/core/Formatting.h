#pragma once
// MOCK of <ATen/core/Formatting.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; modelled on the real header.
#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

namespace at {

TORCH_API std::ostream& operator<<(
    std::ostream& out,
    const DeprecatedTypeProperties& t);
TORCH_API std::ostream& print(
    std::ostream& stream,
    const Tensor& tensor,
    int64_t linesize);
inline std::ostream& operator<<(std::ostream& out, const Tensor& t) {
  return print(out, t, 80);
}
TORCH_API void print(const Tensor& t, int64_t linesize = 80);

} // namespace at
