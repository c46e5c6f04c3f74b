#pragma once
// MOCK of <torch/headeronly/core/ScalarType.h> (PyTorch 2.9+) for fast
// torchlint unit tests. The real header defines c10::ScalarType (which
// <c10/core/ScalarType.h> includes); here it comes from the mock c10 header.
// Either way torch::headeronly::ScalarType is c10::ScalarType.
#include <c10/core/ScalarType.h>

namespace torch::headeronly {
using c10::ScalarType;
} // namespace torch::headeronly
