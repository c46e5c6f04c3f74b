#pragma once
// MOCK of <torch/all.h> (torch/csrc/api/include/torch/all.h, PyTorch 2.x) for
// fast torchlint unit tests. The C++ frontend (nn, optim, data, serialize,
// jit, ...) is not mocked; only the tensor API.
#if !defined(_MSC_VER) && __cplusplus < 201703L
#error C++17 or later compatible compiler is required to use PyTorch.
#endif

#include <torch/autograd.h>
#include <torch/types.h>
#include <torch/utils.h>
#include <torch/version.h>
