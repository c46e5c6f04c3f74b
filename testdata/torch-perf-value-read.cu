// Testdata for torch-perf-value-read in a .cu file: a binding that validates
// on the host and launches, and the CUDA, CPU and Meta kernels of an operator
// (torch-perf-value-read.cpp has the other forms).
#include <torch/extension.h>
#include <torch/library.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")

__global__ void gather_kernel(const float *src, const int64_t *idx, float *out, int n);

at::Tensor gather_rows(const at::Tensor &src, const at::Tensor &idx) {
  CHECK_CUDA(src);
  CHECK_CUDA(idx);
  TORCH_CHECK(idx.min().item<int64_t>() >= 0, "gather_rows: negative index"); // expect: torch-perf-value-read: 'item()' in TORCH_CHECK copies a value of the CUDA tensor 'idx' to the host and waits for the device in every call of 'gather_rows'
  at::Tensor out = at::empty({idx.numel(), src.size(1)}, src.options());
  gather_kernel<<<1, 256>>>(src.data_ptr<float>(), idx.data_ptr<int64_t>(),
                            out.data_ptr<float>(), static_cast<int>(idx.numel()));
  return out;
}

// The count read to size the output: not a validation.
at::Tensor compact(const at::Tensor &mask) {
  CHECK_CUDA(mask);
  int64_t n = mask.sum().item<int64_t>();
  return at::empty({n}, mask.options().dtype(at::kLong));
}

// A CUDA kernel of an operator: the dispatcher runs it on CUDA tensors.
at::Tensor segment_sum_cuda(const at::Tensor &data, const at::Tensor &lengths) {
  TORCH_CHECK(lengths.sum().item<int64_t>() == data.size(0), // expect: torch-perf-value-read: in every call of 'segment_sum_cuda'
              "segment_sum: lengths do not add up to the rows of data");
  TORCH_CHECK_VALUE(lengths.ge(0).all().item<bool>(), "negative length"); // expect: torch-perf-value-read: TORCH_CHECK_VALUE
  return data.cumsum(0);
}

TORCH_LIBRARY_FRAGMENT(tlvr, m) {
  m.def("segment_sum(Tensor data, Tensor lengths) -> Tensor");
}
TORCH_LIBRARY_IMPL(tlvr, CUDA, m) { m.impl("segment_sum", &segment_sum_cuda); }

// A CPU kernel of an operator: its reads wait for nothing.
at::Tensor segment_sum_cpu(const at::Tensor &data, const at::Tensor &lengths) {
  TORCH_CHECK(lengths.sum().item<int64_t>() == data.size(0), "lengths do not add up");
  return data.cumsum(0);
}
TORCH_LIBRARY_IMPL(tlvr, CPU, m) { m.impl("segment_sum", &segment_sum_cpu); }

// A Meta kernel: torch-compile-data-dependent's (it cannot run there at all).
at::Tensor segment_sum_meta(const at::Tensor &data, const at::Tensor &lengths) {
  TORCH_CHECK(lengths.sum().item<int64_t>() == data.size(0), "lengths do not add up");
  return at::empty_like(data);
}
TORCH_LIBRARY_IMPL(tlvr, Meta, m) { m.impl("segment_sum", &segment_sum_meta); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("gather_rows", &gather_rows);
  m.def("compact", &compact);
}
