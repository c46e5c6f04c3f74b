#pragma once
// MOCK of <ATen/TensorIterator.h> (PyTorch 2.x) for fast torchlint unit tests.
// Only at::internal::GRAIN_SIZE is provided (TensorIterator itself is left
// out).
#include <c10/macros/Macros.h>

namespace at::internal {
// This parameter is heuristically chosen to determine the minimum number of
// work that warrants parallelism. For example, when summing an array, it is
// deemed inefficient to parallelise over arrays shorter than 32768. Further,
// no parallel algorithm (such as parallel_reduce) should split work into
// smaller than GRAIN_SIZE chunks.
constexpr int64_t GRAIN_SIZE = 32768;
} // namespace at::internal
