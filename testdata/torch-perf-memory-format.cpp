// Testdata for torch-perf-memory-format: contiguous() that converts
// channels_last input to NCHW with a full copy.
#include <torch/torch.h>

// --- Positives ---------------------------------------------------------------

at::Tensor blur(const at::Tensor &input, const at::Tensor &weight) {
  TORCH_CHECK(input.dim() == 4, "expected NCHW or NHWC");
  at::Tensor x = input.contiguous(); // expect: torch-perf-memory-format: converts channels_last input to NCHW with a full copy
  return at::conv2d(x, weight);
}

at::Tensor scale(const at::Tensor &img, double s) {
  auto h = img.size(2), w = img.size(3);
  (void)h;
  (void)w;
  return img.contiguous() * s; // expect: torch-perf-memory-format: '.contiguous(img.suggest_memory_format())'
}

at::Tensor like(const at::Tensor &video) {
  TORCH_CHECK(video.dim() == 5, "expected NCDHW");
  return at::empty_like(video, video.options(), at::MemoryFormat::Contiguous); // expect: torch-perf-memory-format: 'at::MemoryFormat::Contiguous'
}

// No rank check: the consumer says what the tensor is. conv2d, pooling and
// upsampling take 4-D (3d forms: 5-D) input and keep channels_last as it is.
at::Tensor stem(const at::Tensor &input, const at::Tensor &weight) {
  return at::conv2d(input.contiguous(), weight); // expect: torch-perf-memory-format: before 'conv2d', which takes channels_last input as it is
}

at::Tensor pooled(const at::Tensor &act) {
  auto x = act.contiguous(); // expect: torch-perf-memory-format: '.contiguous(act.suggest_memory_format())'
  auto y = at::relu(x);
  return at::max_pool2d(x, {2, 2}) + at::adaptive_avg_pool2d(y, {1, 1});
}

at::Tensor volume(const at::Tensor &vol, const at::Tensor &weight) {
  at::Tensor v = vol.contiguous(); // expect: torch-perf-memory-format: before 'conv3d'
  return at::conv3d(v, weight);
}

// --- Negatives ---------------------------------------------------------------
// conv1d takes 3-D input: there is no channels_last for it.
at::Tensor sequence(const at::Tensor &seq, const at::Tensor &weight) {
  return at::conv1d(seq.contiguous(), weight);
}

// The contiguous copy is the weight, not the input: no rank is said of it.
at::Tensor weightCopy(const at::Tensor &input, const at::Tensor &weight) {
  return at::conv2d(input, weight.contiguous());
}

// batch_norm takes 2-D input too (BatchNorm1d): the consumer proves no rank.
at::Tensor normed(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &var) {
  return at::batch_norm(x.contiguous(), {}, {}, mean, var, false, 0.1, 1e-5, true);
}

// Handed to conv2d, but the raw data is read too: NCHW is what that code indexes.
float convAndRead(const at::Tensor &input, const at::Tensor &weight) {
  at::Tensor x = input.contiguous();
  auto y = at::conv2d(x, weight);
  return x.data_ptr<float>()[0] + y.sum().item<float>();
}


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
  at::Tensor nhwc = images.permute({0, 2, 3, 1}).contiguous(); // expect: torch-perf-memory-format: materialises a permuted copy that is permuted back
  at::Tensor scaled = nhwc * gain;
  return scaled.permute({0, 3, 1, 2});
}

// Not permuted back: the NHWC copy is the point (a kernel wants it).
at::Tensor to_nhwc(const at::Tensor &images) {
  return images.permute({0, 2, 3, 1}).contiguous();
}

// The NHWC copy is what code outside torch reads (mmcv's NPU ops hand it to
// a vendor kernel), even though a result computed from it is permuted back.
void vendor_nhwc_op(const at::Tensor &nhwc_in, at::Tensor &nhwc_out);
at::Tensor vendorRoundTrip(const at::Tensor &images) {
  at::Tensor nhwc = images.permute({0, 2, 3, 1}).contiguous();
  at::Tensor out = at::empty_like(nhwc);
  vendor_nhwc_op(nhwc, out);
  return out.permute({0, 3, 1, 2});
}

// The inverse permute is of another tensor, not of the copy.
at::Tensor otherTensorBack(const at::Tensor &images, const at::Tensor &result) {
  at::Tensor nhwc = images.permute({0, 2, 3, 1}).contiguous();
  at::Tensor total = nhwc.sum();
  return result.permute({0, 3, 1, 2}) + total;
}

// view() needs the standard strides: a channels_last copy would not view
// (mmcv's deform_conv views its contiguous buffer).
at::Tensor viewAfter(const at::Tensor &grad) {
  TORCH_CHECK(grad.dim() == 4, "expected NCHW");
  at::Tensor g = grad.contiguous();
  return g.view({g.size(0), -1});
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
  return input.contiguous() * 2; // expect: torch-perf-memory-format: converts channels_last input to NCHW with a full copy
}

// --- The copy's data pointer, taken at once -------------------------------------

// pytorch3d's launchers hand kernel<<<...>>>(x.contiguous().data_ptr<T>(), ...):
// the kernel indexes NHWK memory by hand, so the NCHW-contiguous copy is
// the point (a plain call here, as the host code of a .cu file is).
void launch_backward(const int64_t *pix_to_face, const float *grad, int64_t H);
void rasterize_backward(const at::Tensor &pix_to_face, const at::Tensor &grad_zbuf) {
  TORCH_CHECK(pix_to_face.dim() == 4, "expected (N, H, W, K)");
  launch_backward(pix_to_face.contiguous().data_ptr<int64_t>(),
                  grad_zbuf.contiguous().data_ptr<float>(), pix_to_face.size(1));
}

// The copy handed to a function of the project (here only declared): what
// it does with the layout is its code's, which may index the data as NCHW;
// so is a copy assigned to the caller's tensor, which the caller then holds.
// (apex's megatron softmax: `if (!input.is_contiguous()) input =
// input.contiguous(); return fwd_cuda(input, mask, scale);`, whose kernel in
// a .cu file indexes the [batch, heads, sq, sk] scores row-major; the fix-it
// would have handed it channels_last strides.)
at::Tensor padded(const at::Tensor &x);
const float *padded_pointer(const at::Tensor &images) {
  TORCH_CHECK(images.dim() == 4, "expected NCHW");
  return padded(images.contiguous()).data_ptr<float>();
}
at::Tensor softmax_cuda(const at::Tensor &input, double scale);
at::Tensor scaled_softmax(at::Tensor &input, double scale) {
  TORCH_CHECK(input.dim() == 4, "expected 4D tensor");
  if (!input.is_contiguous())
    input = input.contiguous();
  return softmax_cuda(input, scale);
}
// Look-alike: a copy handed to torch's own functions is still reported.
at::Tensor pooled_sum(const at::Tensor &images) {
  TORCH_CHECK(images.dim() == 4, "expected NCHW");
  at::Tensor x = images.contiguous(); // expect: torch-perf-memory-format: converts channels_last input to NCHW with a full copy
  return at::relu(x) + x;
}
