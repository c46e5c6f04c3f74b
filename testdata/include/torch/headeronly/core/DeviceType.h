#pragma once
// MOCK of <torch/headeronly/core/DeviceType.h> (PyTorch 2.9+):
// c10::DeviceType, re-exported into torch::headeronly.
#include <c10/core/DeviceType.h>

namespace torch::headeronly {
using c10::DeviceType;
} // namespace torch::headeronly
