#pragma once
// MOCK of <torch/csrc/stable/stableivalue_conversions.h> (PyTorch 2.9+) for
// fast torchlint unit tests: the boxing conversions hand-written boxed
// kernels use. Declarations only.
#include <torch/csrc/inductor/aoti_torch/c/shim.h>
#include <torch/csrc/stable/tensor_struct.h>
#include <torch/headeronly/macros/Macros.h>

HIDDEN_NAMESPACE_BEGIN(torch, stable, detail)
template <typename T>
StableIValue from(T val);
template <typename T>
T to(StableIValue val);
HIDDEN_NAMESPACE_END(torch, stable, detail)
