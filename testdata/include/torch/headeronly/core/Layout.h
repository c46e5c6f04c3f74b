#pragma once
// MOCK of <torch/headeronly/core/Layout.h> (PyTorch 2.9+): c10::Layout,
// re-exported into torch::headeronly.
#include <c10/core/Layout.h>

namespace torch::headeronly {
using c10::Layout;
} // namespace torch::headeronly
