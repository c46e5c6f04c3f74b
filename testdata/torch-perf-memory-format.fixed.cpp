// Testdata for torch-perf-memory-format: contiguous() that converts
// channels_last input to NCHW with a full copy.
#include <torch/torch.h>

// --- Positives ---------------------------------------------------------------

at::Tensor blur(const at::Tensor &input, const at::Tensor &weight) {
  TORCH_CHECK(input.dim() == 4, "expected NCHW or NHWC");
  at::Tensor x = input.contiguous(input.suggest_memory_format()); // expect: torch-perf-memory-format: converts channels_last input to NCHW with a full copy
  return at::conv2d(x, weight);
}

at::Tensor scale(const at::Tensor &img, double s) {
  auto h = img.size(2), w = img.size(3);
  (void)h;
  (void)w;
  return img.contiguous(img.suggest_memory_format()) * s; // expect: torch-perf-memory-format: '.contiguous(img.suggest_memory_format())'
}

at::Tensor like(const at::Tensor &video) {
  TORCH_CHECK(video.dim() == 5, "expected NCDHW");
  return at::empty_like(video, video.options(), video.suggest_memory_format()); // expect: torch-perf-memory-format: 'at::MemoryFormat::Contiguous'
}

// --- Negatives ---------------------------------------------------------------

// The NCHW layout is needed: the data pointer is indexed as NCHW.
float first_pixel(const at::Tensor &input) {
  TORCH_CHECK(input.dim() == 4, "expected NCHW");
  at::Tensor x = input.contiguous();
  const float *p = x.data_ptr<float>();
  return p[0];
}

// Nothing says the tensor is 4-D or 5-D.
at::Tensor flat(const at::Tensor &v) { return v.contiguous().sum(); }

// Already layout-preserving.
at::Tensor keep(const at::Tensor &input) {
  TORCH_CHECK(input.dim() == 4, "expected 4-D");
  return input.contiguous(input.suggest_memory_format()) * 2;
}

// --- A permuted copy that is permuted back ------------------------------------

at::Tensor gain_nhwc(const at::Tensor &images, const at::Tensor &gain) {
  at::Tensor nhwc = images.permute({0, 2, 3, 1}); // expect: torch-perf-memory-format: materialises a permuted copy that is permuted back
  at::Tensor scaled = nhwc * gain;
  return scaled.permute({0, 3, 1, 2});
}

// Not permuted back: the NHWC copy is the point (a kernel wants it).
at::Tensor to_nhwc(const at::Tensor &images) {
  return images.permute({0, 2, 3, 1}).contiguous();
}

// --- The copy leaves the function ---------------------------------------------

// torchcodec's encoder: the NCHW copy is returned and kept in a member that
// other code indexes as planar NCHW through data_ptr: needed, not reported.
at::Tensor validate_frames(const at::Tensor &frames) {
  TORCH_CHECK(frames.dim() == 4, "expected NCHW frames");
  return frames.contiguous();
}

// nvdiffrast: assigned (not initialised) and read through data_ptr in a
// conditional: the raw read makes the layout the point.
const float *grad_pointer(const at::Tensor &ddb, bool enable_db) {
  TORCH_CHECK(ddb.dim() == 4, "expected [N, H, W, 4]");
  at::Tensor ddb_;
  if (enable_db)
    ddb_ = ddb.contiguous();
  return enable_db ? ddb_.data_ptr<float>() : nullptr;
}

// A value computed from the copy is returned, not the copy: still reported.
at::Tensor doubled(const at::Tensor &input) {
  TORCH_CHECK(input.dim() == 4, "expected 4-D");
  return input.contiguous(input.suggest_memory_format()) * 2; // expect: torch-perf-memory-format: converts channels_last input to NCHW with a full copy
}
