// parallel_grain, hazard: grain size 1 lets at::parallel_for fork for any
// range longer than one element, so a 3x32x32 image pays for a parallel region
// (thread wake-up, barrier, cache lines shared between cores) to do a few
// microseconds of work.
#include "parallel_grain.h"

#include <ATen/Parallel.h>

namespace torchlint::kernels::parallel_grain {
namespace {

template <typename T>
void run(const at::Tensor &in, at::Tensor &out, double alpha, double beta) {
  const T *src = in.data_ptr<T>();
  T *dst = out.data_ptr<T>();
  at::parallel_for(0, in.numel(), 1, [&](int64_t begin, int64_t end) { // expect: torch-perf-parallel-grain
    detail::adjustRange(src, dst, begin, end, alpha, beta);
  });
}

} // namespace

at::Tensor hazard(const at::Tensor &x, double alpha, double beta) {
  const at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in, at::MemoryFormat::Contiguous);
  switch (in.scalar_type()) {
  case at::kByte:
    run<uint8_t>(in, out, alpha, beta);
    break;
  case at::kFloat:
    run<float>(in, out, alpha, beta);
    break;
  case at::kDouble:
    run<double>(in, out, alpha, beta);
    break;
  default:
    TORCH_CHECK(false, "brightness_contrast: unsupported dtype ", in.scalar_type());
  }
  return out;
}

} // namespace torchlint::kernels::parallel_grain
