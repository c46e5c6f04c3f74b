#pragma once
// MOCK of <ATen/TensorSubclassLikeUtils.h> (PyTorch 2.x) for fast torchlint
// unit tests. Declarations only; modelled on the real header.
#include <ATen/core/Tensor.h>

namespace at {

// This set of functions allows one to determine if a tensor is "subclass-like"
// (like a functorch BatchedTensor, a Python tensor subclass, a FakeTensor, or
// a tensor with sparse layout).

// We define "subclass-like" to mean a tensor that may not have storage, does
// not support data_ptr(), and may not support sizes()/strides() etc.
const auto kFunctorchWrappedTensors = DispatchKeySet(
    {DispatchKey::FuncTorchGradWrapper,
     DispatchKey::FuncTorchBatched,
     DispatchKey::Functionalize});

const auto kTensorSubclassLike =
    kFunctorchWrappedTensors |
    DispatchKeySet(
        {// WARNING: DO NOT put combined backend component + functionality keys
         // here, you will incorrectly always match on the functionality key
         // no matter the backend component
         DispatchKey::Batched,
         DispatchKey::Sparse,
         DispatchKey::SparseCsr,
         DispatchKey::Python}) |
    DispatchKeySet(BackendComponent::MetaBit);

bool isTensorSubclassLike(const Tensor& tensor);

bool areAnyTensorSubclassLike(TensorList tensors);

bool areAnyOptionalTensorSubclassLike(
    const c10::List<std::optional<Tensor>>& tensors);

// Helper function to deal testing truthfulness of a scalar tensor
// in a Composite Compliant manner.
// NOTE: This function expects a scalar tensor of boolean dtype.
// Eg.
// Non-Composite Compliant Pattern : (t == 0).all().item<bool>()
// Composite Compliant Patter : is_salar_tensor_true((t == 0).all())
bool is_scalar_tensor_true(const Tensor& t);

bool has_symbolic_sizes_strides(const Tensor& t);

} // namespace at
