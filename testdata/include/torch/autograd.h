#pragma once
// MOCK of <torch/autograd.h> (torch/csrc/api/include/torch/autograd.h,
// PyTorch 2.x) for fast torchlint unit tests: only custom_function.h.
#include <torch/csrc/autograd/custom_function.h>
