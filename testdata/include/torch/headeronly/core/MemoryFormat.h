#pragma once
// MOCK of <torch/headeronly/core/MemoryFormat.h> (PyTorch 2.9+):
// c10::MemoryFormat, re-exported into torch::headeronly.
#include <c10/core/MemoryFormat.h>

namespace torch::headeronly {
using c10::MemoryFormat;
} // namespace torch::headeronly
