#pragma once
// MOCK of <ATen/core/Tensor.h> (PyTorch 2.x) for fast torchlint unit tests.
#include <ATen/core/TensorBody.h>
#include <c10/util/Exception.h>
