// The Meta kernel of split_op::scale (registered in register.cpp) and a
// helper it calls: both run on fake tensors.
#include "../kernels.h"

namespace split_op {

static void check_scale(const at::Tensor &x, double s) {
  TORCH_CHECK(s > 0, "scale must be positive");
  TORCH_CHECK(x.abs().max().item<double>() * s < 1e30, "overflow"); // expect: torch-compile-data-dependent: 'item()' in a Meta kernel reads a value fake tensors do not have
}

at::Tensor scale_meta(const at::Tensor &x, double s) {
  check_scale(x, s);
  return at::empty_like(x);
}

// Not registered anywhere, not called by a kernel: eager code, silent.
double largest(const at::Tensor &x) { return x.abs().max().item<double>(); }

} // namespace split_op
