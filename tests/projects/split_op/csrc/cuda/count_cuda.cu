// The CUDA kernel of split_op::count (registered in register.cpp): eager.
#include "../kernels.h"

namespace split_op {

__global__ void count_kernel(const float *p, int64_t n, unsigned long long *out) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && p[i] != 0)
    atomicAdd(out, 1ULL);
}

at::Tensor count_cuda(const at::Tensor &x) {
  auto out = at::zeros({}, x.options().dtype(at::kLong));
  int64_t n = x.numel();
  count_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), n,
                                           reinterpret_cast<unsigned long long *>(out.data_ptr()));
  return out;
}

__global__ void fill_kernel(float *p, int64_t n, float v) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

// Bound in bindings.cpp: its body launches a kernel (the CUDA key).
at::Tensor fill_cuda(const at::Tensor &x, double v) {
  auto out = at::empty(x.sizes(), x.options());
  int64_t n = out.numel();
  fill_kernel<<<(n + 255) / 256, 256>>>(out.data_ptr<float>(), n, static_cast<float>(v));
  return out;
}

} // namespace split_op
