// Testdata for torch-perf-redundant-copy.
#include <torch/torch.h>

#include <algorithm>
#include <cstring>
#include <limits>

// --- Positives ---------------------------------------------------------------

torch::Tensor cloneOfSum(const torch::Tensor &a, const torch::Tensor &b) {
  return (a + b).clone(); // expect: torch-perf-redundant-copy: copies the result of 'operator+'
}

torch::Tensor cloneOfOp(const torch::Tensor &x) {
  auto y = x.sigmoid().clone(); // expect: torch-perf-redundant-copy: 'sigmoid'
  return y;
}

at::Tensor cloneOfFactory() {
  return at::zeros({3, 3}).clone(); // expect: torch-perf-redundant-copy: 'zeros'
}

at::Tensor cloneOfMatmul(const at::Tensor &a, const at::Tensor &b) {
  return at::matmul(a, b).clone(); // expect: torch-perf-redundant-copy
}

torch::Tensor zerosThenCopy(const torch::Tensor &src) {
  auto out = torch::zeros(src.sizes(), src.options()); // expect: torch-perf-redundant-copy: 'zeros' fills 'out' with values that 'copy_()' overwrites
  out.copy_(src);
  return out;
}

// BasicSR's deform_conv backward: the buffer rebound to a view of all of
// itself, then filled whole. Look-alike: rebound to a part of itself.
at::Tensor zerosViewThenCopy(const at::Tensor &g) {
  at::Tensor buf = at::zeros_like(g); // expect: torch-perf-redundant-copy: 'zeros_like' fills 'buf' with values that 'copy_()' overwrites
  buf = buf.view({g.size(1), g.size(0)});
  buf.copy_(g.t());
  return buf;
}
at::Tensor zerosNarrowThenCopy(const at::Tensor &g) {
  at::Tensor buf = at::zeros_like(g);
  buf = buf.narrow(0, 0, 1);
  buf.copy_(g.narrow(0, 0, 1));
  return buf;
}

at::Tensor onesThenFill(int64_t n) {
  at::Tensor buf = at::ones({n}); // expect: torch-perf-redundant-copy: allocate it with 'empty'
  buf.fill_(7);
  return buf;
}

at::Tensor zerosLikeThenCopy(const at::Tensor &x) {
  auto y = at::zeros_like(x); // expect: torch-perf-redundant-copy: 'empty_like'
  y.copy_(x.relu());
  return y;
}

at::Tensor doubleContiguous(const at::Tensor &x) {
  return x.contiguous().contiguous(); // expect: torch-perf-redundant-copy: repeated '.contiguous()'
}

at::Tensor doubleTo(const at::Tensor &x) {
  return x.to(at::kFloat).to(at::kFloat); // expect: torch-perf-redundant-copy: repeated '.to(at::kFloat)'
}

at::Tensor emptyThenFill(int64_t n, const at::Tensor &like) {
  // Not flagged: ATen's full() is empty() then fill_(), so the rewrite saves nothing.
  at::Tensor a = torch::empty({n}, like.options()).fill_(0.5);
  return a + at::empty_like(like).fill_(2) + at::empty({n}).fill_(1);
}

at::Tensor dtypeRoundTrip(const at::Tensor &x) {
  return x.to(at::kFloat).to(at::kByte); // expect: torch-perf-redundant-copy: converts twice with nothing in between
}

// Not flagged: a round trip through a type that does not hold the final one
// rounds on purpose. torchao's quantized SDPA (quantized_sdpa.cpp) emulates an
// fp8 attention matrix this way; `.to(kHalf).to(kFloat)` and an integer
// truncation are the same kind.
at::Tensor fp8Emulated(at::Tensor attn, const at::Tensor &v, double a_scale) {
  attn = at::clamp_max(at::clamp_min(attn / a_scale, -448), 448);
  attn = attn.to(at::kBFloat16).to(at::kFloat); // torchao: at::kFloat8_e4m3fn (torch >= 2.1)
  return attn.to(at::kHalf).to(torch::kFloat32) + attn.to(at::kInt).to(at::kFloat) + v;
}

at::Tensor blobTwice(float *data, int64_t n, c10::Device device) {
  return torch::from_blob(data, {n}).clone().to(device); // expect: torch-perf-redundant-copy: copies the data twice
}

at::Tensor allocateThenMove(int64_t n, c10::Device device) {
  return torch::zeros({n, n}).to(device); // expect: torch-perf-redundant-copy: pass the device or dtype in the factory's options
}

// Overwritten by an out= function, a helper of the file, or a loop over
// every element of an accessor or data pointer.
at::Tensor zerosThenMmOut(const at::Tensor &a, const at::Tensor &b) {
  auto out = at::zeros({a.size(0), b.size(1)}, a.options()); // expect: torch-perf-redundant-copy: 'zeros' fills 'out' with values that 'mm_out()' overwrites
  at::mm_out(out, a, b);
  return out;
}

at::Tensor onesThenAddOutf(const at::Tensor &a, const at::Tensor &b) {
  at::Tensor sum = at::ones_like(a); // expect: torch-perf-redundant-copy: 'add_outf()' overwrites before any read; allocate it with 'empty_like'
  at::add_outf(a, b, 1, sum);
  return sum;
}

static void reverse_into(at::Tensor &dst, const at::Tensor &src) {
  TORCH_CHECK(src.dim() == 1, "expected a vector");
  dst.copy_(src.flip({0}));
}

static void reverse_twice(at::Tensor dst, const at::Tensor &src) { reverse_into(dst, src); }

at::Tensor zerosThenHelper(const at::Tensor &x) {
  auto out = at::zeros_like(x); // expect: torch-perf-redundant-copy: 'zeros_like' fills 'out' with values that 'reverse_into()' overwrites
  reverse_into(out, x);
  return out;
}

at::Tensor zerosThenHelperOfHelper(const at::Tensor &x) {
  auto out = at::zeros_like(x); // expect: torch-perf-redundant-copy: 'reverse_twice()' overwrites
  reverse_twice(out, x);
  return out;
}

at::Tensor zerosThenAccessorLoop(const at::Tensor &x, int64_t n, int64_t m) {
  at::Tensor out = at::zeros({n, m}, x.options()); // expect: torch-perf-redundant-copy: 'zeros' fills 'out' with values that a loop over all its elements overwrites
  auto o = out.accessor<float, 2>();
  auto in = x.accessor<float, 2>();
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < m; j++) {
      o[i][j] = in[i][j] * 2.0f;
    }
  }
  return out;
}

at::Tensor zerosLikeThenPointerLoop(const at::Tensor &x) {
  auto out = at::zeros_like(x); // expect: torch-perf-redundant-copy: a loop over all its elements overwrites
  float *p = out.data_ptr<float>();
  const float *q = x.data_ptr<float>();
  for (int64_t k = 0; k < out.numel(); ++k)
    p[k] = q[k] + 1.0f;
  return out;
}

at::Tensor zerosLikeThenSizeLoops(const at::Tensor &x) {
  auto out = at::zeros_like(x); // expect: torch-perf-redundant-copy: a loop over all its elements overwrites
  auto o = out.accessor<float, 2>();
  for (int64_t r = 0; r < x.size(0); ++r)
    for (int64_t c = 0; c < x.size(1); ++c)
      o[r][c] = static_cast<float>(r * c);
  return out;
}

// DROID-SLAM's form: the size cast in the factory, the loop over the vector.
at::Tensor zerosOfCastSizeThenLoop(const std::vector<int64_t> &cols) {
  at::Tensor idx = torch::zeros({int64_t(cols.size())}, torch::TensorOptions().dtype(torch::kInt64)); // expect: torch-perf-redundant-copy: a loop over all its elements overwrites
  int64_t *p = idx.data_ptr<int64_t>();
  for (int i = 0; i < cols.size(); i++)
    p[i] = cols[i];
  return idx;
}

// MinkowskiEngine's form (broadcast_kernel.hpp, pooling_max_kernel.hpp): a
// kernel template that begins by writing the whole buffer with the C library
// or <algorithm>, its count the product of the sizes it is passed.
template <typename Dtype>
void broadcast_backward_kernel(Dtype *p_grad_in_feat, uint32_t in_nrows,
                               const Dtype *p_grad_out_feat, uint32_t nchannel) {
  Dtype *p_curr, *p_end;
  // Initialize the grad_in_feat as grad_out_feat
  std::memcpy(p_grad_in_feat, p_grad_out_feat, sizeof(Dtype) * in_nrows * nchannel);
  p_end = p_grad_in_feat + in_nrows * nchannel;
  for (p_curr = p_grad_in_feat; p_curr != p_end; ++p_curr)
    *p_curr *= 2;
}

template <typename Dtype>
void max_pool_forward_kernel(const Dtype *p_in_feat, Dtype *p_out_feat, int64_t nchannel,
                             int64_t out_nrows) {
  std::fill(p_out_feat, p_out_feat + out_nrows * nchannel, -std::numeric_limits<Dtype>::max());
  for (int64_t i = 0; i < out_nrows * nchannel; ++i)
    p_out_feat[i] = std::max(p_out_feat[i], p_in_feat[i]);
}

at::Tensor broadcastBackward(const at::Tensor &in_feat, const at::Tensor &grad_out_feat) {
  auto grad_in_feat = torch::zeros({in_feat.size(0), in_feat.size(1)}, in_feat.options()); // expect: torch-perf-redundant-copy: 'zeros' fills 'grad_in_feat' with values that 'broadcast_backward_kernel()' overwrites
  AT_DISPATCH_FLOATING_TYPES(in_feat.scalar_type(), "broadcast_backward_cpu", [&] {
    broadcast_backward_kernel<scalar_t>(grad_in_feat.template data_ptr<scalar_t>(),
                                        in_feat.size(0),
                                        grad_out_feat.template data_ptr<scalar_t>(),
                                        in_feat.size(1));
  });
  return grad_in_feat;
}

at::Tensor maxPoolForward(const at::Tensor &in_feat, int64_t out_nrows) {
  auto out_feat = torch::zeros({out_nrows, in_feat.size(1)}, in_feat.options()); // expect: torch-perf-redundant-copy: 'max_pool_forward_kernel()' overwrites
  AT_DISPATCH_FLOATING_TYPES(in_feat.scalar_type(), "max_pool_forward_cpu", [&] {
    max_pool_forward_kernel<scalar_t>(in_feat.data_ptr<scalar_t>(), out_feat.data_ptr<scalar_t>(),
                                      in_feat.size(1), out_nrows);
  });
  return out_feat;
}

// --- Negatives that look like positives ---------------------------------------
// Not flagged: the library write covers one row, not the buffer (the count
// leaves out a size), or the count is not the sizes it was allocated with.
template <typename Dtype>
void first_row_kernel(Dtype *p_out, const Dtype *p_src, int64_t nrows, int64_t nchannel) {
  std::memcpy(p_out, p_src, sizeof(Dtype) * nchannel);
}

at::Tensor firstRowOnly(const at::Tensor &x) {
  auto out = torch::zeros({x.size(0), x.size(1)}, x.options());
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "first_row", [&] {
    first_row_kernel<scalar_t>(out.data_ptr<scalar_t>(), x.data_ptr<scalar_t>(), x.size(0),
                               x.size(1));
  });
  return out;
}

template <typename Dtype>
void fill_rows_kernel(Dtype *p_out, int64_t nrows, int64_t nchannel) {
  std::fill_n(p_out, nrows * nchannel, Dtype(1));
}

at::Tensor fillFewerRows(const at::Tensor &x, int64_t half) {
  auto out = torch::zeros({x.size(0), x.size(1)}, x.options());
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "fill_rows", [&] {
    fill_rows_kernel<scalar_t>(out.data_ptr<scalar_t>(), half, x.size(1));
  });
  return out;
}


// Cloning an input, a view or something that may return self takes ownership.
at::Tensor cloneInput(const at::Tensor &x) { return x.clone(); }
at::Tensor cloneView(const at::Tensor &x) { return x.transpose(0, 1).clone(); }
at::Tensor cloneSlice(const at::Tensor &x) { return x[0].clone(); }
at::Tensor cloneContiguous(const at::Tensor &x) { return x.contiguous().clone(); }
at::Tensor cloneTo(const at::Tensor &x) { return x.to(at::kFloat).clone(); }
at::Tensor cloneReshape(const at::Tensor &x) { return x.reshape({-1}).clone(); }
at::Tensor cloneDetach(const at::Tensor &x) { return x.detach().clone(); }
// clone(memory_format) changes the layout on purpose.
at::Tensor cloneToChannelsLast(const at::Tensor &a, const at::Tensor &b) {
  return (a + b).clone(at::MemoryFormat::ChannelsLast);
}

// zeros that are read, partly written, or overwritten from themselves.
at::Tensor zerosAccumulate(const at::Tensor &x) {
  auto acc = at::zeros_like(x);
  acc.add_(x);
  return acc;
}
at::Tensor zerosPartial(const at::Tensor &x) {
  auto out = at::zeros({4, 4});
  out.narrow(0, 0, 2).copy_(x);
  return out;
}
at::Tensor zerosSelfRead(int64_t n) {
  auto t = at::zeros({n});
  t.copy_(t + 1);
  return t;
}
at::Tensor zerosReturned(int64_t n) {
  auto t = at::zeros({n});
  return t;
}
at::Tensor zerosConditional(const at::Tensor &x, bool b) {
  auto t = at::zeros_like(x);
  if (b)
    t.copy_(x);
  return t;
}
at::Tensor emptyThenCopy(const at::Tensor &x) {
  auto t = at::empty_like(x);
  t.copy_(x);
  return t;
}

// Different formats or dtypes are real conversions.
at::Tensor contiguousThenChannelsLast(const at::Tensor &x) {
  return x.contiguous().contiguous(at::MemoryFormat::ChannelsLast);
}
at::Tensor toFloatScaleByte(const at::Tensor &x) {
  return x.to(at::kFloat).mul(2).to(at::kByte);
}
// The device is chosen in the options; from_blob moved without a clone.
at::Tensor onDevice(int64_t n, const at::Tensor &like) {
  return torch::zeros({n}, like.options()).to(at::kDouble);
}
at::Tensor blobOnce(float *data, int64_t n, c10::Device device) {
  return torch::from_blob(data, {n}).to(device);
}
// fill_ of a tensor that is not a fresh empty().
void refill(at::Tensor &t) { t.fill_(1); }

// zeros that an out= call reads (the out is an input too), a helper writes
// in part or after an early return, or a loop does not cover.
at::Tensor zerosAccumulateOut(const at::Tensor &a, const at::Tensor &b) {
  auto out = at::zeros({a.size(0), b.size(1)});
  at::addmm_out(out, out, a, b);
  return out;
}
static void maybe_fill(at::Tensor &dst, const at::Tensor &src) {
  if (src.numel() == 0)
    return;
  dst.copy_(src);
}
at::Tensor zerosThenEarlyReturnHelper(const at::Tensor &x) {
  auto out = at::zeros_like(x);
  maybe_fill(out, x);
  return out;
}
static void first_half(at::Tensor &dst, const at::Tensor &src) {
  dst.narrow(0, 0, src.size(0) / 2).copy_(src.narrow(0, 0, src.size(0) / 2));
}
at::Tensor zerosThenPartialHelper(const at::Tensor &x) {
  auto out = at::zeros_like(x);
  first_half(out, x);
  return out;
}
void external_fill(at::Tensor &dst);
at::Tensor zerosThenUnseenHelper(int64_t n) {
  auto out = at::zeros({n});
  external_fill(out);
  return out;
}
at::Tensor zerosThenInteriorLoop(int64_t n, int64_t m) {
  at::Tensor out = at::zeros({n, m});
  auto o = out.accessor<float, 2>();
  for (int64_t i = 1; i < n - 1; ++i)
    for (int64_t j = 0; j < m; ++j)
      o[i][j] = 1.0f;
  return out;
}
at::Tensor zerosThenSwappedLoop(int64_t n, int64_t m) {
  at::Tensor out = at::zeros({n, m});
  auto o = out.accessor<float, 2>();
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      o[i][j] = 1.0f;
  return out;
}
at::Tensor zerosThenSparseLoop(const at::Tensor &mask, int64_t n) {
  at::Tensor out = at::zeros({n});
  float *p = out.data_ptr<float>();
  const bool *keep = mask.data_ptr<bool>();
  for (int64_t i = 0; i < n; ++i)
    if (keep[i])
      p[i] = 1.0f;
  return out;
}
at::Tensor zerosThenDiagonal(int64_t n) {
  at::Tensor out = at::zeros({n, n});
  auto o = out.accessor<float, 2>();
  for (int64_t i = 0; i < n; ++i)
    o[i][i] = 1.0f;
  return out;
}
at::Tensor zerosThenRunningSum(int64_t n) {
  at::Tensor out = at::zeros({n});
  float *p = out.data_ptr<float>();
  for (int64_t i = 0; i < n; ++i)
    p[i] = p[i] + 1.0f;
  return out;
}


// '.to' of a fresh factory's tensor: a copy when it converts
// (float64 from the default float32), none when the tensor already is what
// '.to' asks for (float32 on the CPU, the factory's defaults: '.to' returns
// it as it is; FoundationPose's common.cu, first look round 35).
at::Tensor allocateThenConvert(int64_t n) {
  return torch::zeros({n}).to(at::kDouble); // expect: torch-perf-redundant-copy: pass the device or dtype in the factory's options
}
at::Tensor alreadyFloat() { return at::zeros({3}).to(torch::kFloat32); }
at::Tensor alreadyFloatToo(int64_t n) { return torch::ones({n}).to(at::kFloat); }
at::Tensor alreadyOnCpu(int64_t n) { return torch::ones({n}).to(at::kCPU); }
