// Pair: parallel_grain -- brightness/contrast (out = x * alpha + beta) as a
// trivial per-element loop under at::parallel_for with grain size 1 (hazard)
// vs at::internal::GRAIN_SIZE (fixed). With grain 1 every call, however
// small, opens a parallel region and wakes the thread pool; with the proper
// grain, small inputs run inline and large ones are split exactly as before.
// Backs torch-perf-parallel-grain.
#pragma once

#include "routes.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <ATen/TensorIterator.h> // at::internal::GRAIN_SIZE

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace torchlint::kernels::parallel_grain {

// uint8: out = saturate(round_half_even(float(x) * alpha + beta)) in [0, 255];
// float32/float64: out = x * alpha + beta in that type. Any shape and strides
// (the input is made contiguous); the result is contiguous.
at::Tensor hazard(const at::Tensor &x, double alpha, double beta);
at::Tensor fixed(const at::Tensor &x, double alpha, double beta);

// Every route tried for the fix (routes.h); `fixed` is one of them.
const std::vector<Route<decltype(fixed)>> &routes();

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

// The uint8 loop on [begin, end) with AVX2 (8 floats per instruction; the
// same multiply, add, rounding and saturation per element): the fix's body
// where the CPU has AVX2 (cpuHasAvx2()) and alpha and beta are finite.
void adjustBytesAvx2(const uint8_t *in, uint8_t *out, int64_t begin, int64_t end, float alpha,
                     float beta);
// The float32 loop on [begin, end) with AVX2: multiply, then add, each rounded.
void adjustFloatsAvx2(const float *in, float *out, int64_t begin, int64_t end, float alpha,
                      float beta);

// The plain loop on every chunk: the first fix's body, and every route's for
// float and double.
template <typename T>
void adjustAll(const at::Tensor &in, at::Tensor &out, double alpha, double beta) {
  const T *src = in.data_ptr<T>();
  T *dst = out.data_ptr<T>();
  at::parallel_for(0, in.numel(), at::internal::GRAIN_SIZE, [&](int64_t begin, int64_t end) {
    adjustRange(src, dst, begin, end, alpha, beta);
  });
}

// The pair's contract around a uint8 body (ByteBody: (src, dst, n) on one
// chunk): contiguous input, a contiguous output, the dtypes it has; float32
// with AVX2 where floatsAvx2.
template <typename ByteBody>
at::Tensor adjustWith(const at::Tensor &x, double alpha, double beta, ByteBody bytes,
                      bool floatsAvx2 = false) {
  const at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in, at::MemoryFormat::Contiguous);
  switch (in.scalar_type()) {
  case at::kByte: {
    const uint8_t *src = in.data_ptr<uint8_t>();
    uint8_t *dst = out.data_ptr<uint8_t>();
    at::parallel_for(0, in.numel(), at::internal::GRAIN_SIZE, [&](int64_t begin, int64_t end) {
      bytes(src + begin, dst + begin, end - begin);
    });
    break;
  }
  case at::kFloat:
    if (floatsAvx2) {
      const float *src = in.data_ptr<float>();
      float *dst = out.data_ptr<float>();
      const float a = static_cast<float>(alpha), b = static_cast<float>(beta);
      at::parallel_for(0, in.numel(), at::internal::GRAIN_SIZE,
                       [&](int64_t begin, int64_t end) {
                         adjustFloatsAvx2(src, dst, begin, end, a, b);
                       });
      break;
    }
    adjustAll<float>(in, out, alpha, beta);
    break;
  case at::kDouble:
    adjustAll<double>(in, out, alpha, beta);
    break;
  default:
    TORCH_CHECK(false, "brightness_contrast: unsupported dtype ", in.scalar_type());
  }
  return out;
}

// The plain loop for every dtype (the first fix, a route).
at::Tensor adjustScalar(const at::Tensor &x, double alpha, double beta);

} // namespace detail
} // namespace torchlint::kernels::parallel_grain
