// temporary, fixed: one pass straight into `out`. A TensorIterator over out,
// x, mean and std (broadcast: a per-channel mean has stride 0 along a row)
// computes (float(x) - mean) / std per element, the subtraction and the
// division each rounded as ATen's sub and div round them, so the bytes are
// the hazard's. Runs that are contiguous in out and x with one mean and std
// go eight elements per instruction where the CPU has AVX2
// (temporary_simd.cpp). Dtype combinations other than float32 or uint8 x with
// float32 statistics take the two-pass route: at::sub_out into out, then
// out.div_(std) (temporary_routes.cpp measures both).
#include "temporary.h"

#include <ATen/TensorIterator.h>

namespace torchlint::kernels::temporary {
namespace detail {

at::Tensor subOutDivInPlace(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                            at::Tensor &out) {
  checkOut(x, mean, std, out);
  at::sub_out(out, x, mean);
  out.div_(std);
  return out;
}

namespace {
template <typename T>
void normalizeInto(at::TensorIterator &iter) {
  const bool simd = cpuHasAvx2();
  iter.for_each([simd](char **data, const int64_t *strides, int64_t n) {
    auto *o = reinterpret_cast<float *>(data[0]);
    const auto *x = reinterpret_cast<const T *>(data[1]);
    const char *m = data[2], *s = data[3];
    if (simd && strides[0] == sizeof(float) && strides[1] == sizeof(T) && strides[2] == 0 &&
        strides[3] == 0) {
      normalizeRunAvx2(x, *reinterpret_cast<const float *>(m),
                       *reinterpret_cast<const float *>(s), o, n);
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      const float xi = static_cast<float>(*reinterpret_cast<const T *>(data[1] + i * strides[1]));
      const float mi = *reinterpret_cast<const float *>(m + i * strides[2]);
      const float si = *reinterpret_cast<const float *>(s + i * strides[3]);
      *reinterpret_cast<float *>(data[0] + i * strides[0]) = (xi - mi) / si;
    }
  });
}
} // namespace
} // namespace detail

at::Tensor fixed(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                 at::Tensor &out) {
  const bool fused = (x.scalar_type() == at::kFloat || x.scalar_type() == at::kByte) &&
                     mean.scalar_type() == at::kFloat && std.scalar_type() == at::kFloat;
  if (!fused)
    return detail::subOutDivInPlace(x, mean, std, out);
  detail::checkOut(x, mean, std, out);
  auto iter = at::TensorIteratorConfig()
                  .add_output(out)
                  .add_input(x)
                  .add_input(mean)
                  .add_input(std)
                  .check_all_same_dtype(false)
                  .resize_outputs(false)
                  .build();
  if (x.scalar_type() == at::kByte)
    detail::normalizeInto<uint8_t>(iter);
  else
    detail::normalizeInto<float>(iter);
  return out;
}

} // namespace torchlint::kernels::temporary
