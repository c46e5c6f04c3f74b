// Testdata for torch-perf-temporary: temporaries copied into preallocated outputs.
#include <torch/torch.h>

// --- Positives ---------------------------------------------------------------

void normalize_into(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                    at::Tensor &out) {
  at::Tensor centered = x - mean;
  at::div_out(out, centered, std); // expect: torch-perf-temporary: 'out.copy_(centered / std)' materialises a temporary and copies it; write the result directly with 'at::div_out'
}

void add_into(const at::Tensor &a, const at::Tensor &b, at::Tensor &dst) {
  at::add_out(dst, a, b); // expect: torch-perf-temporary: 'at::add_out'
}

void mul_into(const at::Tensor &a, const at::Tensor &b, at::Tensor dst) {
  at::mul_out(dst, a, b); // expect: torch-perf-temporary: 'at::mul_out'
}

void rebind(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {
  out = a * b; // expect: torch-perf-temporary: rebinds 'out'
}

// --- Negatives ---------------------------------------------------------------

// No _out form of the op, or not a fresh temporary.
void other_ops(const at::Tensor &a, at::Tensor &dst) {
  dst.copy_(a.permute({1, 0}));
  dst.copy_(a);
  dst.copy_(a.sigmoid());
}

// The destination appears in the expression.
void self_ref(const at::Tensor &a, at::Tensor &dst) { dst.copy_(dst + a); }

// A local, not a preallocated output.
at::Tensor local(const at::Tensor &a, const at::Tensor &b) {
  at::Tensor out;
  out = a * b;
  return out;
}

// Rebinding a by-value parameter only changes the local handle: intended.
at::Tensor byvalue(at::Tensor x, const at::Tensor &b) {
  x = x * b;
  return x;
}
