#pragma once
// MOCK of <torch/utils.h> (torch/csrc/api/include/torch/utils.h, PyTorch 2.x)
// for fast torchlint unit tests. Declarations only; modelled on the real
// header (record_function helpers left out).
#include <ATen/Parallel.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/InferenceMode.h>
#include <torch/types.h>

#include <cstdint>

namespace at {
TORCH_API void manual_seed(uint64_t seed);
} // namespace at

namespace torch {

/// A RAII, thread-local guard that disabled gradient calculation.
using NoGradGuard = at::NoGradGuard;

/// A RAII, thread-local guard that sets gradient calculation to on or off.
using AutoGradMode = at::AutoGradMode;

/// Sets the global random seed for all newly created CPU and CUDA tensors.
using at::manual_seed;

// Called during new thread initialization
using at::init_num_threads;

// Returns the number of threads used in parallel region.
using at::get_num_threads;

// Sets the number of threads to be used in parallel region.
using at::set_num_threads;

// Returns the number of threads used for inter-op parallelism.
using at::get_num_interop_threads;

// Sets the number of threads to be used for inter-op parallelism.
using at::set_num_interop_threads;

// Returns true if both t1, t2 are undefined or both are defined and equal
bool equal_if_defined(const Tensor& t1, const Tensor& t2);

} // namespace torch
