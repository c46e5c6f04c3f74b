#pragma once
// MOCK of <torch/script.h> (PyTorch 2.x) for fast torchlint unit tests.
// The TorchScript API (torch::jit::load, IValue, script::Module) is not
// mocked; this only provides the tensor API via torch/torch.h.
#include <torch/torch.h>
