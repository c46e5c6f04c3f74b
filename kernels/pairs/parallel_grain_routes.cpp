// parallel_grain's routes: the same contract (uint8 saturating round half to
// even of float(x) * alpha + beta; float and double x * alpha + beta), with
// the grain fixed, bodies tried for the uint8 case.
#include "byte_table.h"
#include "parallel_grain.h"

#include <ATen/Parallel.h>
#include <ATen/TensorIterator.h> // at::internal::GRAIN_SIZE

namespace torchlint::kernels::parallel_grain {

namespace {
// The 256 results computed by the contract's own scalar expression, the
// image mapped through them.
at::Tensor byteTable(const at::Tensor &x, double alpha, double beta) {
  uint8_t values[256], table[256];
  for (int v = 0; v < 256; ++v)
    values[v] = static_cast<uint8_t>(v);
  detail::adjustRange(values, table, 0, 256, alpha, beta);
  return detail::adjustWith(x, alpha, beta, [&table](const uint8_t *src, uint8_t *dst, int64_t n) {
    applyByteTable(table, src, dst, n);
  });
}

// ATen's own ops, in the contract's order: each a full pass and a new tensor
// (for uint8: widen, multiply, add, round, clamp, narrow).
at::Tensor aten(const at::Tensor &x, double alpha, double beta) {
  TORCH_CHECK(x.scalar_type() == at::kByte || x.scalar_type() == at::kFloat ||
                  x.scalar_type() == at::kDouble,
              "brightness_contrast: unsupported dtype ", x.scalar_type());
  const at::Tensor in = x.contiguous();
  if (in.scalar_type() != at::kByte)
    return in.mul(alpha).add_(beta);
  return in.to(at::kFloat).mul_(alpha).add_(beta).round_().clamp_(0, 255).to(at::kByte); // expect: torch-perf-uint8-roundtrip
}
} // namespace

const std::vector<Route<decltype(fixed)>> &routes() {
  static const std::vector<Route<decltype(fixed)>> all = {
      {"avx2", &fixed, "the fix: uint8 and float32 eight floats per instruction (AVX2), float64 the plain loop"},
      {"scalar_loop", &detail::adjustScalar,
       "the plain per-element loop (the first fix): the baseline x86-64 build does not "
       "vectorise the uint8 conversion and rounding, nor the float loop at -O2"},
      {"byte_table", &byteTable, "uint8 through a 256-entry table of the scalar expression"},
      {"aten", &aten, "ATen ops in the contract's order: a pass and a tensor per op"},
  };
  return all;
}

} // namespace torchlint::kernels::parallel_grain
