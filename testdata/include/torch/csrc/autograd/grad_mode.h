#pragma once
// MOCK of <torch/csrc/autograd/grad_mode.h> (PyTorch 2.x) for fast torchlint
// unit tests.
#include <ATen/core/grad_mode.h>
#include <c10/core/GradMode.h>

namespace torch::autograd {

using GradMode = at::GradMode;
using AutoGradMode = at::AutoGradMode;

} // namespace torch::autograd
