#pragma once
// MOCK of <torch/csrc/stable/tensor.h> (PyTorch 2.9+).
#include <torch/csrc/stable/tensor_struct.h>
