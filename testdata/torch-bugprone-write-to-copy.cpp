// Testdata for torch-bugprone-write-to-copy: writes into x.contiguous(),
// x.to(...), x.cpu() of a tensor the caller sees. The conversion returns x
// itself when nothing needs converting and a copy otherwise: the caller's
// tensor is written in one case, the write is lost in the other.
#include <torch/extension.h>

#include <vector>

// --- Positives ---------------------------------------------------------------

// An optimizer step (the update must reach the parameter).
void sgd_step(at::Tensor param, const at::Tensor &grad, double lr) {
  param.contiguous().add_(grad, -lr); // expect: torch-bugprone-write-to-copy: 'add_()' writes into 'param.contiguous()', which is 'param' itself when it is already contiguous and a copy otherwise
}

// An all-reduce into self.contiguous() (the reduced values stay in the copy).
void all_reduce_into(at::Tensor &self, const std::vector<at::Tensor> &others) {
  auto flat = self.contiguous();
  for (const at::Tensor &o : others)
    flat.add_(o); // expect: torch-bugprone-write-to-copy: 'flat' is written ('add_()' writes to it), but 'flat' is 'self.contiguous()'
}

// The out= argument of an ATen op.
void mul_into(at::Tensor out, const at::Tensor &a, const at::Tensor &b) {
  at::Tensor o = out.to(at::kFloat);
  at::mul_out(o, a, b); // expect: torch-bugprone-write-to-copy: 'o' is written (it is passed as the out argument of 'mul_out'), but 'o' is 'out.to(at::kFloat)': 'out' itself when it already has that dtype and device
}

// A value computed in place on contiguous(): the caller's input is
// overwritten whenever it is already contiguous (the usual case).
at::Tensor normalized(const at::Tensor &x, const at::Tensor &norm) {
  return at::relu(x.contiguous().div_(norm)); // expect: torch-bugprone-write-to-copy: 'div_()' writes into 'x.contiguous()' to compute a value, but 'x.contiguous()' is 'x' itself when it is already contiguous: the caller's tensor is overwritten then
}

// A kernel that writes through the pointer it is given.
void fill_kernel(float *out, int64_t n, float v) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = v;
}
void fill(at::Tensor out, double v) {
  fill_kernel(out.contiguous().data_ptr<float>(), out.numel(), static_cast<float>(v)); // expect: torch-bugprone-write-to-copy: 'fill_kernel' (through its data pointer) writes into 'out.contiguous()'
}

// An in-place scan in a dispatch lambda, through a template kernel.
template <typename T> void cumsum_rows_kernel(T *arr, int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 1; c < cols; ++c)
      arr[r * cols + c] += arr[r * cols + c - 1];
}
void cumsum_rows_(at::Tensor arr) {
  AT_DISPATCH_FLOATING_TYPES(arr.scalar_type(), "cumsum_rows_", [&] {
    cumsum_rows_kernel<scalar_t>(arr.contiguous().data_ptr<scalar_t>(), arr.size(0), arr.size(1)); // expect: torch-bugprone-write-to-copy: writes into 'arr.contiguous()'
  });
}

// A kernel writing an output row by row, through a pointer into it.
template <typename T> void fill_rows_kernel(T *out, int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r) {
    auto row = out + r * cols;
    for (int64_t c = 0; c < cols; ++c)
      row[c] = static_cast<T>(r);
  }
}
void fill_rows(at::Tensor out) {
  fill_rows_kernel<float>(out.contiguous().data_ptr<float>(), out.size(0), out.size(1)); // expect: torch-bugprone-write-to-copy: 'fill_rows_kernel' (through its data pointer) writes into 'out.contiguous()'
}

// Written through its data pointer in the function itself.
void zero_first(at::Tensor out) {
  at::Tensor c = out.contiguous();
  float *p = c.data_ptr<float>();
  p[0] = 0.f; // expect: torch-bugprone-write-to-copy: 'c' is written (its data is written through 'p'), but 'c' is 'out.contiguous()'
}

// A member the object keeps (state updated in place).
struct RunningMean {
  at::Tensor mean;
  void update(const at::Tensor &x) {
    mean.to(at::kFloat).mul_(0.9).add_(x, 0.1); // expect: torch-bugprone-write-to-copy: 'mul_()' writes into 'mean.to(at::kFloat)'
  }
};

// The CPU optimizers' form (DeepSpeed's ds_adam_step, ColossalAI's
// Adam_Optimizer::step): every state rebound to a contiguous() copy, its
// untyped data_ptr() cast to float *, and a step function of the object that
// updates through the pointers (two calls deep), with no copy back.
class SgdMomentum {
public:
  explicit SgdMomentum(float lr) : lr_(lr) {}
  void step(at::Tensor &params, const at::Tensor &grads, at::Tensor &momentum) {
    auto params_c = params.contiguous();
    auto grads_c = grads.contiguous();
    auto momentum_c = momentum.contiguous();
    float *params_ptr = (float *)params_c.data_ptr();
    float *grads_ptr = (float *)grads_c.data_ptr();
    float *momentum_ptr = static_cast<float *>(momentum_c.data_ptr());
    this->Step_4(params_ptr, grads_ptr, momentum_ptr, params_c.numel()); // expect: torch-bugprone-write-to-copy: 'params_c' is written (a writable pointer to its data is handed to 'SgdMomentum::Step_4', which writes through it), but 'params_c' is 'params.contiguous()' // expect: torch-bugprone-write-to-copy: 'momentum_c' is written
  }

private:
  void Step_1(float *_params, const float *grads, float *_momentum, size_t n) {
    for (size_t k = 0; k < n; ++k) {
      float m = 0.9f * _momentum[k] + grads[k];
      _momentum[k] = m;
      _params[k] -= lr_ * m;
    }
  }
  void Step_4(float *_params, const float *grads, float *_momentum, size_t n) {
    Step_1(_params, grads, _momentum, n);
  }
  float lr_;
};

// --- Negatives ---------------------------------------------------------------

// Only read: the copy is what contiguous() is for.
float first(const at::Tensor &x) { return x.contiguous().data_ptr<float>()[0]; }

// A kernel that only reads through the pointer (const).
float sum_kernel(const float *p, int64_t n) {
  float s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += p[i];
  return s;
}
float sum(const at::Tensor &x) { return sum_kernel(x.contiguous().data_ptr<float>(), x.numel()); }

// Written, then copied back: the caller's tensor gets the result either way.
void scale_back(at::Tensor out, double s) {
  auto c = out.contiguous();
  c.mul_(s);
  out.copy_(c);
}

// A fresh tensor: contiguous by construction, written and returned.
at::Tensor ramp(int64_t n) {
  at::Tensor r = at::empty({n});
  r.contiguous().zero_();
  return r;
}

// A scratch value in another dtype: the conversion is there to copy (torchao's
// fp8 linear fallback, float8_linear.cpp), the in-place result feeds linear.
at::Tensor fp8_linear_fallback(const at::Tensor &input, const at::Tensor &input_scales,
                               const at::Tensor &weight, const at::Tensor &weight_scales) {
  auto y = at::linear(input.to(at::kFloat).mul_(input_scales),
                      weight.to(at::kFloat).mul_(weight_scales).add_(1));
  return y;
}

// Out of place: the conversion's result is a new value, never written.
at::Tensor scaled(const at::Tensor &x, double s) { return x.contiguous() * s; }

// A local's conversion: nobody else sees it.
at::Tensor local_work(const at::Tensor &x) {
  at::Tensor y = x * 2;
  y.contiguous().add_(1);
  return y;
}
