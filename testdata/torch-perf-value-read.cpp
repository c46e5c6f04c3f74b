// Testdata for torch-perf-value-read: a validation (TORCH_CHECK and its
// family) that reads a value of a CUDA tensor on the host, in a function
// every call of a binding runs. The bindings' file of an extension (its
// launchers live in .cu files; torch-perf-value-read.cu has a launch and the
// kernels of an operator).
#include <torch/extension.h>

// The macros real extensions define (mmcv, pytorch3d, torchsparse...).
#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x)                                                                         \
  CHECK_CUDA(x);                                                                               \
  CHECK_CONTIGUOUS(x)

void gather_launcher(const float *src, const int64_t *idx, float *out, int n);

// --- Positives ---------------------------------------------------------------

// A binding that checks its index tensor is on the device, then validates its
// values on the host before the launch.
at::Tensor gather_rows(const at::Tensor &src, const at::Tensor &idx) {
  CHECK_INPUT(src);
  CHECK_INPUT(idx);
  TORCH_CHECK((idx >= 0).all().item<bool>(), "gather_rows: negative index"); // expect: torch-perf-value-read: 'item()' in TORCH_CHECK copies a value of the CUDA tensor 'idx' to the host and waits for the device in every call of 'gather_rows'
  TORCH_CHECK(idx.max().item<int64_t>() < src.size(0), // expect: torch-perf-value-read: waits for the device
              "gather_rows: index out of range");
  at::Tensor out = at::empty({idx.numel(), src.size(1)}, src.options());
  gather_launcher(src.data_ptr<float>(), idx.data_ptr<int64_t>(), out.data_ptr<float>(),
                  static_cast<int>(idx.numel()));
  return out;
}

// The older assertion macro, and a check in an AT_DISPATCH lambda.
at::Tensor scale_rows(const at::Tensor &x, const at::Tensor &scale) {
  AT_ASSERTM(scale.is_cuda(), "scale must be a CUDA tensor");
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale_rows", [&] {
    TORCH_CHECK(scale.min().item<scalar_t>() > 0, "scale must be positive"); // expect: torch-perf-value-read: 'scale'
  });
  return x * scale;
}

// at::equal in a validation: a host read too.
at::Tensor masked_fill_checked(const at::Tensor &x, const at::Tensor &mask) {
  CHECK_CUDA(mask);
  TORCH_CHECK(at::equal(mask, mask.to(at::kBool).to(mask.scalar_type())), // expect: torch-perf-value-read: 'equal()'
              "mask must hold 0 and 1 only");
  return x.masked_fill(mask.to(at::kBool), 0);
}


// A project macro that validates values: the read is in its definition.
#define CHECK_NONNEG(x) TORCH_CHECK(((x) >= 0).all().item<bool>(), #x " must be non-negative")

at::Tensor sqrt_rows(const at::Tensor &x) {
  CHECK_CUDA(x);
  CHECK_NONNEG(x); // expect: torch-perf-value-read: 'item()' in TORCH_CHECK copies a value of the CUDA tensor 'x'
  return x.sqrt();
}

// A value read into a local that only validations use (PyTorch-Encoding's
// box_encoder: `auto n = offsets[offsets.numel() - 1].item<int>();` then
// `AT_ASSERTM(n <= 2048, ...)`; flash-attention's paged KV cache: the
// largest length, read only to check it fits the cache).
std::vector<at::Tensor> encode_boxes(const at::Tensor &boxes, const at::Tensor &offsets) {
  AT_ASSERTM(boxes.is_cuda(), "bboxes must be a CUDA tensor");
  AT_ASSERTM(offsets.is_cuda(), "bbox offsets must be a CUDA tensor");
  auto total = offsets[offsets.numel() - 1].item<int>(); // expect: torch-perf-value-read: 'item()' read into 'total' for the AT_ASSERTM at line 68 alone copies a value of the CUDA tensor 'offsets' to the host and waits for the device in every call of 'encode_boxes'
  AT_ASSERTM(total <= 2048, "total num bboxes must be <= 2048");
  return {boxes * 2, offsets};
}

at::Tensor fwd_kvcache(const at::Tensor &q, const at::Tensor &cache,
                       const c10::optional<at::Tensor> &lengths_) {
  CHECK_INPUT(q);
  if (lengths_.has_value()) {
    at::Tensor lengths = lengths_.value();
    CHECK_CUDA(lengths);
    const int longest = lengths.max().item<int>(); // expect: torch-perf-value-read: 'item()' read into 'longest' for the TORCH_CHECK at line 80 alone
    TORCH_CHECK(lengths.size(0) == q.size(0), "one length per sequence");
    TORCH_CHECK(longest <= cache.size(1), "a sequence is longer than the cache");
  }
  return q * 2;
}

// --- Negatives ---------------------------------------------------------------

// Metadata only: no value is read.
at::Tensor sizes_checked(const at::Tensor &x) {
  CHECK_INPUT(x);
  TORCH_CHECK(x.size(0) > 0 && x.numel() < (1 << 30), "bad size");
  return x;
}

// A CPU tensor of sizes beside a CUDA one: reading it waits for nothing.
at::Tensor host_lengths(const at::Tensor &x, const at::Tensor &lengths) {
  CHECK_CUDA(x);
  TORCH_CHECK(lengths.device().is_cpu(), "lengths must be on the CPU");
  TORCH_CHECK(lengths.sum().item<int64_t>() == x.size(0), "lengths do not add up");
  at::Tensor counts = lengths.cpu();
  TORCH_CHECK(counts.max().item<int64_t>() < 1024, "segment too long");
  return x;
}

// No evidence of the device the tensor is on: it may be a CPU tensor.
at::Tensor unknown_device(const at::Tensor &x) {
  TORCH_CHECK((x >= 0).all().item<bool>(), "x must be non-negative");
  return x.sqrt();
}

// A value read to size the output, not a validation.
at::Tensor sized_output(const at::Tensor &x, const at::Tensor &counts) {
  CHECK_CUDA(counts);
  int64_t n = counts.sum().item<int64_t>();
  return at::empty({n}, x.options());
}

// A value read into a local that a validation uses and the code computes
// with too (it sizes the output): the read is the computation's, not the
// check's.
at::Tensor checked_and_sized(const at::Tensor &x, const at::Tensor &counts) {
  CHECK_CUDA(counts);
  const int64_t n = counts.sum().item<int64_t>();
  TORCH_CHECK(n >= 0, "negative total");
  return at::empty({n}, x.options());
}

// Read only for a validation, of a tensor whose device nothing tells.
int64_t checked_total(const at::Tensor &counts) {
  const int64_t n = counts.sum().item<int64_t>();
  TORCH_CHECK(n < (1 << 20), "too many");
  return 0;
}

// Validated on the device already.
at::Tensor validated_async(const at::Tensor &x) {
  CHECK_CUDA(x);
  at::_assert_async((x >= 0).all());
  return x.sqrt();
}

// A helper no binding or kernel reaches: not a repeated path anyone runs.
void check_once(const at::Tensor &x) {
  CHECK_CUDA(x);
  TORCH_CHECK((x >= 0).all().item<bool>(), "x must be non-negative");
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("gather_rows", &gather_rows);
  m.def("scale_rows", &scale_rows);
  m.def("masked_fill_checked", &masked_fill_checked);
  m.def("sqrt_rows", &sqrt_rows);
  m.def("sizes_checked", &sizes_checked);
  m.def("host_lengths", &host_lengths);
  m.def("unknown_device", &unknown_device);
  m.def("sized_output", &sized_output);
  m.def("validated_async", &validated_async);
  m.def("encode_boxes", &encode_boxes);
  m.def("fwd_kvcache", &fwd_kvcache);
  m.def("checked_and_sized", &checked_and_sized);
  m.def("checked_total", &checked_total);
}
