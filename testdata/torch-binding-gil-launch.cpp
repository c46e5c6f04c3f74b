// Testdata for torch-binding-gil-launch: bindings whose C++ only checks,
// allocates and launches CUDA work while it holds the GIL.
#include <torch/extension.h>

namespace py = pybind11;

// The CUDA runtime as a launcher's .cu file sees it (declared here: the
// testdata is linted as C++ against torch's CPU headers).
typedef struct CUstream_st *cudaStream_t;
int cudaGetLastError();
int cudaStreamSynchronize(cudaStream_t stream);

// pointnet2's form: the binding's function checks and allocates in the
// .cpp file, the launcher (a kernel<<<>>> in the .cu file) is another
// function. Its host loop over the dimensions fills an array, no tensor data.
void gather_points_launch(int64_t n, const int64_t *strides, const float *points, const int *idx,
                          float *out) {
  // gather_points_kernel<<<blocks(n), 256>>>(n, strides, points, idx, out);
  cudaGetLastError();
}
at::Tensor gather_points(const at::Tensor &points, const at::Tensor &idx) {
  TORCH_CHECK(points.is_contiguous(), "points must be contiguous");
  auto out = at::zeros({idx.size(0)}, points.options());
  int64_t strides[8];
  for (int64_t d = 0; d < points.dim(); ++d)
    strides[d] = points.stride(d);
  gather_points_launch(idx.size(0), strides, points.data_ptr<float>(), idx.data_ptr<int>(),
                       out.data_ptr<float>());
  return out;
}
// ColossalAI's form: the launch in a `do { ... } while (0)` macro, a block
// that runs once, not a loop of launches.
#define KV_COPY_LAUNCH(vec)                                                    \
  do {                                                                         \
    /* kv_copy_kernel<vec><<<grid, block>>>(cache, key); */                    \
    cache.narrow(-1, 0, vec).copy_(key.narrow(-1, 0, vec));                    \
    cudaGetLastError();                                                        \
  } while (0)
void kv_cache_copy(at::Tensor &cache, const at::Tensor &key) {
  TORCH_CHECK(cache.is_contiguous(), "cache must be contiguous");
  if (key.size(-1) % 4 == 0)
    KV_COPY_LAUNCH(4);
  else
    KV_COPY_LAUNCH(1);
}
// torch-ngp's form: the dispatch and the launch in one function.
void grid_encode_forward(const at::Tensor &inputs, at::Tensor &outputs) {
  TORCH_CHECK(inputs.scalar_type() == at::kFloat, "inputs must be float");
  AT_DISPATCH_FLOATING_TYPES(inputs.scalar_type(), "grid_encode_forward", [&] {
    // kernel_grid<scalar_t><<<blocks, threads>>>(inputs.data_ptr<scalar_t>(), ...);
    cudaGetLastError();
  });
}

// pointnet2's device branch: the CPU arm only asserts.
at::Tensor ball_query(const at::Tensor &points) {
  auto out = at::zeros({points.size(0)}, points.options());
  if (points.is_cuda())
    gather_points_launch(points.size(0), nullptr, points.data_ptr<float>(), nullptr,
                         out.data_ptr<float>());
  else
    TORCH_CHECK(false, "CPU not supported");
  return out;
}

// Look-alikes: host work (torch-binding-gil's), a wait for the device, and
// a function that launches nothing (tensor ops on a device nobody knows).
void sample_launch(const float *points, int64_t n) { cudaGetLastError(); }
at::Tensor sample(const at::Tensor &points) {
  sample_launch(points.data_ptr<float>(), points.size(0));
  cudaStreamSynchronize(nullptr);
  return points;
}
at::Tensor count_cpu(const at::Tensor &x) {
  const float *p = x.data_ptr<float>();
  int64_t n = 0;
  for (int64_t i = 0; i < x.numel(); ++i)
    n += p[i] > 0;
  return at::full({1}, n, x.options());
}
at::Tensor normalize(const at::Tensor &x) { return x / x.norm(); }
// DeepSpeed's get_scales: the memory of a tensor handed on as an address (a
// view), read in no loop.
at::Tensor scales_view(at::Tensor &scales, int64_t groups) {
  return at::from_blob(scales.data_ptr(), {groups}, scales.options());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("gather_points", &gather_points); // expect: torch-binding-gil-launch: pybind11 binding 'gather_points' holds the GIL while it checks, allocates and launches CUDA work
  m.def("grid_encode_forward", &grid_encode_forward, "forward"); // expect: torch-binding-gil-launch
  m.def("ball_query", &ball_query); // expect: torch-binding-gil-launch
  m.def("kv_cache_copy", &kv_cache_copy); // expect: torch-binding-gil-launch: holds the GIL while it checks, allocates and launches CUDA work
  // No host work found, and no launch: tensor ops of unknown device (on CPU
  // tensors they compute with the GIL held), memory read in no loop.
  m.def("normalize", &normalize); // expect: torch-binding-gil-launch: does no host work torch-lint can see: it runs tensor ops and launches no kernel of its own
  m.def("scales_view", &scales_view); // expect: torch-binding-gil-launch: it reads tensor memory on the host, in no loop found
  // --- Negatives ---
  m.def("gather_points_released", &gather_points, py::call_guard<py::gil_scoped_release>());
  m.def("sample", &sample);
  m.def("count_cpu", &count_cpu);
}
