// Testdata for torch-perf-temporary: temporaries copied into preallocated outputs.
#include <torch/torch.h>

// --- Positives ---------------------------------------------------------------

void normalize_into(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                    at::Tensor &out) {
  at::Tensor centered = x - mean;
  out.copy_(centered / std); // expect: torch-perf-temporary: 'out.copy_(centered / std)' materialises a temporary and copies it; write the result directly with 'at::div_out'
}

void add_into(const at::Tensor &a, const at::Tensor &b, at::Tensor &dst) {
  dst.copy_(a + b); // expect: torch-perf-temporary: 'at::add_out'
}

void mul_into(const at::Tensor &a, const at::Tensor &b, at::Tensor dst) {
  dst.copy_(at::mul(a, b)); // expect: torch-perf-temporary: 'at::mul_out'
}

void rebind(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {
  out = a * b; // expect: torch-perf-temporary: rebinds 'out'
}

// Not flagged: an output slot the function fills. Its callers pass a tensor
// that holds nothing yet (rmsnorm_xpu's Norm.h: `Tensor semaphores,
// scratchpad; config.init_global_reduce<scalar_t>(X, semaphores, scratchpad)`).
struct NormConfig {
  int workgroups = 1;
  template <typename scalar_t>
  void init_global_reduce(const at::Tensor &X, at::Tensor &semaphores, at::Tensor &scratchpad) {
    if (workgroups > 1) {
      semaphores = at::zeros({workgroups}, X.options().dtype(at::kInt));
      scratchpad = at::zeros({2 * workgroups}, X.options());
    }
  }
};

template <typename scalar_t>
at::Tensor norm_with_scratch(const at::Tensor &X) {
  NormConfig config;
  at::Tensor semaphores, scratchpad;
  config.template init_global_reduce<scalar_t>(X, semaphores, scratchpad);
  return X * 2;
}
template at::Tensor norm_with_scratch<float>(const at::Tensor &);

// The destination is an operand: the op in place does it (an optimizer's
// state update, a running statistic, a normalisation of a buffer).
void shift_state(at::Tensor &state, const at::Tensor &mean) {
  state.copy_(state - mean); // expect: torch-perf-temporary: 'state.copy_(state - mean)' materialises a temporary and copies it back into 'state'; update it in place with 'state.sub_(mean)'
}

void accumulate(at::Tensor acc, const at::Tensor &grad) {
  acc.copy_(grad + acc); // expect: torch-perf-temporary: in place with 'acc.add_(grad)'
}

struct Decay {
  at::Tensor weight;
  void step(const at::Tensor &factor) {
    weight.copy_(at::mul(weight, factor)); // expect: torch-perf-temporary: 'weight.mul_(factor)'
  }
};

void rescale(at::Tensor &x, const at::Tensor &scale) {
  x.copy_(x / scale); // expect: torch-perf-temporary: 'x.div_(scale)'
}

// --- Negatives ---------------------------------------------------------------

// No _out form of the op, or not a fresh temporary.
void other_ops(const at::Tensor &a, at::Tensor &dst) {
  dst.copy_(a.permute({1, 0}));
  dst.copy_(a);
  dst.copy_(a.sigmoid());
}

// The destination is the second operand of an op that does not commute, or
// appears in both: no in-place op computes it.
void self_ref(const at::Tensor &a, at::Tensor &dst) {
  dst.copy_(a - dst);
  dst.copy_(a / dst);
  dst.copy_(dst * dst);
  dst.copy_(dst + dst.mean());
  dst.copy_(at::matmul(dst, a));
}

// An operand that may share dst's memory: `x.sub_(row)` refuses a partly
// overlapping input, where the temporary made it work.
void self_view(at::Tensor &x) {
  at::Tensor row = x.select(0, 0);
  x.copy_(x - row);
  auto first = x[0];
  x.copy_(first + x);
}

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

// A local assigned a view of dst after its declaration.
void assigned_view(at::Tensor &x) {
  at::Tensor head;
  head = x.narrow(0, 0, 1);
  x.copy_(x * head);
}
