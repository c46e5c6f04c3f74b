// Testdata for torch-perf-redundant-copy.
#include <torch/torch.h>

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
  at::Tensor a = torch::empty({n}, like.options()).fill_(0.5); // expect: torch-perf-redundant-copy: 'full' does both in one step
  return a + at::empty_like(like).fill_(2) + at::empty({n}).fill_(1); // expect: torch-perf-redundant-copy: 'full_like' // expect: torch-perf-redundant-copy: 'full' does both
}

at::Tensor dtypeRoundTrip(const at::Tensor &x) {
  return x.to(at::kFloat).to(at::kByte); // expect: torch-perf-redundant-copy: converts twice with nothing in between
}

at::Tensor blobTwice(float *data, int64_t n, c10::Device device) {
  return torch::from_blob(data, {n}).clone().to(device); // expect: torch-perf-redundant-copy: copies the data twice
}

at::Tensor allocateThenMove(int64_t n, c10::Device device) {
  return torch::zeros({n, n}).to(device); // expect: torch-perf-redundant-copy: pass the device or dtype in the factory's options
}

// --- Negatives that look like positives ---------------------------------------

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
