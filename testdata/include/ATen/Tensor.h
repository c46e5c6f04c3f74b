#pragma once
// MOCK of <ATen/Tensor.h> (PyTorch 2.x) for fast torchlint unit tests.
#include <ATen/core/Tensor.h>
