#pragma once
// MOCK of <torch/torch.h> (torch/csrc/api/include/torch/torch.h, PyTorch 2.x)
// for fast torchlint unit tests.
#include <torch/all.h>

#ifdef TORCH_API_INCLUDE_EXTENSION_H
#include <torch/extension.h>

#endif // defined(TORCH_API_INCLUDE_EXTENSION_H)
