#pragma once
// MOCK of <torch/csrc/inductor/aoti_torch/c/shim.h> (PyTorch 2.9+) for fast
// torchlint unit tests: only the opaque handle types the stable ABI headers
// name. Declarations only.
#include <cstdint>

struct AtenTensorOpaque;
using AtenTensorHandle = AtenTensorOpaque*;
struct TorchLibraryOpaque;
using TorchLibraryHandle = TorchLibraryOpaque*;
using AOTITorchError = int32_t;
#define AOTI_TORCH_SUCCESS 0
#define TORCH_SUCCESS 0

using StableIValue = uint64_t;
