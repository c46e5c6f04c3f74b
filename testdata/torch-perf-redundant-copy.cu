// Testdata for torch-perf-redundant-copy: outputs allocated with zeros and
// then written whole by a kernel (through a data pointer, a launcher of the
// file, an AT_DISPATCH lambda), and CUB's temporary storage. Linted as CUDA
// host code, as a .cu file of an extension is.
#include <torch/torch.h>

// CUB as its headers declare it (cub/device/device_scan.cuh), enough to call.
namespace cub {
struct DeviceScan {
  template <typename In, typename Out>
  static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, In d_in,
                                  Out d_out, int num_items, cudaStream_t stream = 0);
  template <typename In, typename Out>
  static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, In d_in,
                                  Out d_out, int num_items, cudaStream_t stream = 0);
};
} // namespace cub
#define CubDebugExit(e) (void)(e)

// DCNv2's and mmcv's grid-stride loop.
#define CUDA_KERNEL_LOOP(i, n)                                                                 \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)

inline int GET_BLOCKS(const int N) { return (N + 512 - 1) / 512; }

// --- Positives ---------------------------------------------------------------

// torchsparse's hash_cpu: a helper of the file writes out[i] for every i < N
// under an OpenMP loop.
void cpu_hash_wrapper(int N, const int *data, int64_t *out) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    uint64_t hash = 14695981039346656037UL;
    for (int j = 0; j < 4; j++) {
      hash ^= (unsigned int)data[4 * i + j];
      hash *= 1099511628211UL;
    }
    out[i] = hash;
  }
}

at::Tensor hash_cpu(const at::Tensor idx) {
  int N = idx.size(0);
  at::Tensor out = torch::zeros({N}, at::device(idx.device()).dtype(at::ScalarType::Long)); // expect: torch-perf-redundant-copy: 'zeros' fills 'out' with values that 'cpu_hash_wrapper()' overwrites
  cpu_hash_wrapper(N, idx.data_ptr<int>(), out.data_ptr<int64_t>());
  return out;
}

// torchsparse's hash_cuda: a launcher of the file, a kernel that writes
// out[i] for every thread i < N, on a grid sized from N.
__global__ void hash_kernel(int N, const int *__restrict__ data, int64_t *__restrict__ out) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < N) {
    data += i * 4;
    uint64_t hash = 14695981039346656037UL;
    for (int j = 0; j < 4; j++) {
      hash ^= (unsigned int)data[j];
      hash *= 1099511628211UL;
    }
    out[i] = hash;
  }
}

void hash_wrapper(int N, const int *data, int64_t *out) {
  hash_kernel<<<ceil((double)N / 512), 512>>>(N, data, out);
}

at::Tensor hash_cuda(const at::Tensor idx) {
  int N = idx.size(0);
  at::Tensor out = torch::zeros({N}, at::device(idx.device()).dtype(at::ScalarType::Long)); // expect: torch-perf-redundant-copy: values that 'hash_wrapper()' overwrites before any read
  hash_wrapper(N, idx.data_ptr<int>(), out.data_ptr<int64_t>());
  return out;
}

// A grid-stride loop (any grid covers it) over out.numel(), in an
// AT_DISPATCH lambda with a template kernel.
template <typename scalar_t>
__global__ void scale_kernel(const int64_t n, const scalar_t *in, scalar_t *out, scalar_t s) {
  CUDA_KERNEL_LOOP(index, n) {
    const scalar_t v = in[index];
    out[index] = v * s;
  }
}

at::Tensor scale_cuda(const at::Tensor &x, double s) {
  auto out = at::zeros_like(x); // expect: torch-perf-redundant-copy: 'zeros_like' fills 'out' with values that 'scale_kernel()' overwrites before any read; allocate it with 'empty_like'
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale_cuda", [&] {
    scale_kernel<scalar_t><<<GET_BLOCKS(x.numel()), 512>>>(
        x.numel(), x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), static_cast<scalar_t>(s));
  });
  return out;
}

// The guard-and-return form, the bound passed as the output's numel().
__global__ void mark_kernel(const int *ids, int *marks, int64_t num) {
  int64_t tidx = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (tidx >= num)
    return;
  marks[tidx] = tidx == 0 || ids[tidx] != ids[tidx - 1] ? 1 : 0;
}

at::Tensor mark_boundaries(const at::Tensor &ids) {
  at::Tensor marks = at::ones({ids.size(0)}, ids.options()); // expect: torch-perf-redundant-copy: 'ones' fills 'marks' with values that 'mark_kernel()' overwrites
  int *m = marks.data_ptr<int>();
  mark_kernel<<<(marks.numel() + 1023) / 1024, 1024>>>(ids.data_ptr<int>(), m, marks.numel());
  return marks;
}

// kaolin's CUB scratch: temporary storage for a scan, a pointer assigned
// from it and handed to CUB only.
void inclusive_sum_cuda_impl(int64_t num, at::Tensor info, at::Tensor inclusive_sum) {
  int *info_ptr = info.data_ptr<int>();
  int *inclusive_sum_ptr = inclusive_sum.data_ptr<int>();
  void *temp_storage_ptr = NULL;
  size_t temp_storage_bytes = 0;
  cub::DeviceScan::InclusiveSum(temp_storage_ptr, temp_storage_bytes, info_ptr, inclusive_sum_ptr, num);
  at::Tensor temp_storage = at::zeros({(int64_t)temp_storage_bytes}, info.options().dtype(at::kByte)); // expect: torch-perf-redundant-copy: 'zeros' fills 'temp_storage' with values nothing reads: it is the temporary storage of 'cub::DeviceScan::InclusiveSum()'
  temp_storage_ptr = (void *)temp_storage.data_ptr<uint8_t>();
  CubDebugExit(cub::DeviceScan::InclusiveSum(temp_storage_ptr, temp_storage_bytes, info_ptr,
                                             inclusive_sum_ptr, num));
}

// The pointer declared from the scratch, used by one scan per batch.
void scan_batches(const at::Tensor &counts, at::Tensor &sums, int batches, int per) {
  size_t bytes = 0;
  cub::DeviceScan::ExclusiveSum(nullptr, bytes, counts.data_ptr<int>(), sums.data_ptr<int>(), per);
  at::Tensor scratch = at::zeros({(int64_t)bytes}, counts.options()); // expect: torch-perf-redundant-copy: the temporary storage of 'cub::DeviceScan::ExclusiveSum()'
  void *d_temp = scratch.data_ptr();
  for (int b = 0; b < batches; ++b)
    cub::DeviceScan::ExclusiveSum(d_temp, bytes, counts.data_ptr<int>() + b * per,
                                  sums.data_ptr<int>() + b * per, per);
}

// --- Negatives that look like positives ---------------------------------------

// The kernel adds into its output: the zeros are read.
__global__ void accumulate_kernel(int n, const float *in, float *out) {
  CUDA_KERNEL_LOOP(i, n) { out[i] += in[i]; }
}
at::Tensor accumulated(const at::Tensor &x) {
  auto out = at::zeros({x.size(0)}, x.options());
  accumulate_kernel<<<GET_BLOCKS(x.size(0)), 512>>>(x.size(0), x.data_ptr<float>(),
                                                     out.data_ptr<float>());
  return out;
}

// Written where a mask is set: the zeros stay elsewhere.
__global__ void masked_kernel(int n, const bool *keep, float *out) {
  CUDA_KERNEL_LOOP(i, n) {
    if (keep[i])
      out[i] = 1.0f;
  }
}
at::Tensor masked(const at::Tensor &keep) {
  auto out = at::zeros({keep.size(0)}, keep.options().dtype(at::kFloat));
  masked_kernel<<<GET_BLOCKS(keep.size(0)), 512>>>(keep.size(0), keep.data_ptr<bool>(),
                                                   out.data_ptr<float>());
  return out;
}

// Scattered through an index, or written four to a thread: not every element.
__global__ void scatter_kernel(int n, const int64_t *idx, float *out) {
  CUDA_KERNEL_LOOP(i, n) { out[idx[i]] = 1.0f; }
}
__global__ void strided_kernel(int n, float *out) {
  CUDA_KERNEL_LOOP(i, n) { out[i * 4] = 1.0f; }
}
at::Tensor scattered(const at::Tensor &idx, int64_t m) {
  auto out = at::zeros({m}, idx.options().dtype(at::kFloat));
  scatter_kernel<<<GET_BLOCKS(idx.numel()), 512>>>(idx.numel(), idx.data_ptr<int64_t>(),
                                                   out.data_ptr<float>());
  auto four = at::zeros({m}, idx.options().dtype(at::kFloat));
  strided_kernel<<<GET_BLOCKS(m), 512>>>(m / 4, four.data_ptr<float>());
  return out + four;
}

// The bound is not the output's size.
at::Tensor partlyWritten(const at::Tensor &x, int64_t n, int64_t m) {
  auto out = at::zeros({n}, x.options());
  scale_kernel<float><<<GET_BLOCKS(m), 512>>>(m, x.data_ptr<float>(), out.data_ptr<float>(), 2.0f);
  return out;
}

// One thread per element only if the grid covers the elements: a fixed grid
// of one block does not.
at::Tensor oneBlock(const at::Tensor &ids) {
  at::Tensor marks = at::zeros({ids.size(0)}, ids.options());
  mark_kernel<<<1, 1024>>>(ids.data_ptr<int>(), marks.data_ptr<int>(), marks.numel());
  return marks;
}

// A thread that leaves for another reason leaves its element zero.
__global__ void valid_kernel(const int *ids, int *marks, int64_t num) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (ids[i] < 0)
    return;
  if (i < num)
    marks[i] = 1;
}
at::Tensor validOnly(const at::Tensor &ids) {
  at::Tensor marks = at::zeros({ids.size(0)}, ids.options());
  valid_kernel<<<(marks.numel() + 255) / 256, 256>>>(ids.data_ptr<int>(), marks.data_ptr<int>(),
                                                      marks.numel());
  return marks;
}

// The kernel reads its output before writing it.
__global__ void double_kernel(int n, float *out) {
  CUDA_KERNEL_LOOP(i, n) { out[i] = out[i] * 2.0f; }
}
at::Tensor doubled(int64_t n, const at::Tensor &like) {
  auto out = at::ones({n}, like.options());
  double_kernel<<<GET_BLOCKS(n), 512>>>(n, out.data_ptr<float>());
  return out;
}

// kaolin's points: three shorts a struct, the loop over points, not shorts.
struct point_data { short x, y, z; };
__global__ void to_points_kernel(const int64_t *codes, point_data *points, int64_t n) {
  CUDA_KERNEL_LOOP(i, n) { points[i] = point_data{0, 0, (short)codes[i]}; }
}
at::Tensor toPoints(const at::Tensor &codes) {
  int64_t n = codes.size(0);
  at::Tensor points = at::zeros({n, 3}, codes.options().dtype(at::kShort));
  to_points_kernel<<<GET_BLOCKS(n), 512>>>(codes.data_ptr<int64_t>(),
                                           reinterpret_cast<point_data *>(points.data_ptr<short>()), n);
  return points;
}

// A launcher declared here and defined in another file: its writes are not seen.
void fill_elsewhere(int n, float *out);
at::Tensor filledElsewhere(int64_t n, const at::Tensor &like) {
  auto out = at::zeros({n}, like.options());
  fill_elsewhere(n, out.data_ptr<float>());
  return out;
}

// The output is also an input of the kernel.
__global__ void shift_kernel(int n, const float *in, float *out) {
  CUDA_KERNEL_LOOP(i, n) { out[i] = in[i] + 1.0f; }
}
at::Tensor inPlaceShift(int64_t n, const at::Tensor &like) {
  auto out = at::zeros({n}, like.options());
  shift_kernel<<<GET_BLOCKS(n), 512>>>(n, out.data_ptr<float>(), out.data_ptr<float>());
  return out;
}

// The scratch is also read by a kernel of the file, or it is the scan's output.
__global__ void read_kernel(const void *p, float *out) {}
void scratchRead(const at::Tensor &counts, at::Tensor &sums, at::Tensor &out, int per) {
  size_t bytes = 0;
  at::Tensor scratch = at::zeros({(int64_t)bytes}, counts.options());
  void *d_temp = scratch.data_ptr();
  cub::DeviceScan::ExclusiveSum(d_temp, bytes, counts.data_ptr<int>(), sums.data_ptr<int>(), per);
  read_kernel<<<1, 1>>>(d_temp, out.data_ptr<float>());
}
at::Tensor scanOutput(const at::Tensor &counts, int per) {
  size_t bytes = 0;
  at::Tensor sums = at::zeros({per}, counts.options());
  cub::DeviceScan::InclusiveSum(nullptr, bytes, counts.data_ptr<int>(), sums.data_ptr<int>(),
                                per - 1);
  return sums;
}
