// Pair: parallel_grain -- brightness/contrast (out = x * alpha + beta) as a
// trivial per-element loop under at::parallel_for with grain size 1 (hazard)
// vs at::internal::GRAIN_SIZE (fixed). With grain 1 every call, however
// small, opens a parallel region and wakes the thread pool; with the proper
// grain, small inputs run inline and large ones are split exactly as before.
// Backs torch-perf-parallel-grain.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace torchlint::kernels::parallel_grain {

// uint8: out = saturate(round_half_even(float(x) * alpha + beta)) in [0, 255];
// float32/float64: out = x * alpha + beta in that type. Any shape and strides
// (the input is made contiguous); the result is contiguous.
at::Tensor hazard(const at::Tensor &x, double alpha, double beta);
at::Tensor fixed(const at::Tensor &x, double alpha, double beta);

namespace detail {

template <typename T>
inline T adjust(T v, T alpha, T beta) {
  return v * alpha + beta;
}

inline uint8_t adjust(uint8_t v, float alpha, float beta) {
  const float r = std::nearbyint(static_cast<float>(v) * alpha + beta);
  return static_cast<uint8_t>(std::min(std::max(r, 0.0f), 255.0f));
}

// The per-element loop both versions run on [begin, end).
template <typename T>
inline void adjustRange(const T *in, T *out, int64_t begin, int64_t end, double alpha,
                        double beta) {
  using Compute = std::conditional_t<std::is_same_v<T, uint8_t>, float, T>;
  const Compute a = static_cast<Compute>(alpha), b = static_cast<Compute>(beta);
  for (int64_t i = begin; i < end; ++i)
    out[i] = adjust(in[i], a, b);
}

} // namespace detail
} // namespace torchlint::kernels::parallel_grain
