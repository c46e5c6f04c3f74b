#pragma once
// MOCK of <ATen/TensorAccessor.h> (PyTorch 2.x) for fast torchlint unit tests.
#include <ATen/core/TensorAccessor.h>
