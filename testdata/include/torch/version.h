#pragma once
// MOCK of <torch/version.h> (torch/csrc/api/include/torch/version.h) for fast
// torchlint unit tests. The mocks model the PyTorch 2.x API.

/// Indicates the major version of LibTorch.
#define TORCH_VERSION_MAJOR 2

/// Indicates the minor version of LibTorch.
#define TORCH_VERSION_MINOR 5

/// Indicates the patch version of LibTorch.
#define TORCH_VERSION_PATCH 0

/// Indicates the version of LibTorch.
#define TORCH_VERSION "2.5.0"
