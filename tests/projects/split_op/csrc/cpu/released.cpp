// A bound function that releases the GIL itself (bound in bindings.cpp).
#include "../kernels.h"
#include <torch/extension.h>

namespace split_op {

at::Tensor released_add(const at::Tensor &a, const at::Tensor &b) {
  pybind11::gil_scoped_release no_gil;
  return a + b;
}

} // namespace split_op
