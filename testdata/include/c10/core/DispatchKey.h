#pragma once
// MOCK of <c10/core/DispatchKey.h> (PyTorch 2.x) for fast torchlint unit tests.
// The real enum is generated from functionality x backend-component macros;
// this mock lists the same enumerator names flat (numeric values differ).
#include <c10/core/DeviceType.h>
#include <c10/macros/Macros.h>

namespace c10 {

// Semantically, each value of BackendComponent identifies a "backend" for our
// dispatch.
enum class BackendComponent : uint8_t {
  InvalidBit = 0,
  CPUBit,
  CUDABit,
  HIPBit,
  XLABit,
  MPSBit,
  IPUBit,
  XPUBit,
  HPUBit,
  VEBit,
  LazyBit,
  MTIABit,
  PrivateUse1Bit,
  PrivateUse2Bit,
  PrivateUse3Bit,
  MetaBit,
  EndOfBackendKeys = MetaBit,
};

enum class DispatchKey : uint16_t {
  // ~~~~~~~~~~~~~~~~~~~~~~~~~~ UNDEFINED ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ //
  Undefined = 0,

  // Define an alias for Undefined to represent CatchAll (long term
  // this will get eliminated, but for now it's convenient)
  CatchAll = Undefined,

  // ~~~~~~~~~~~~~~~~~~~~~~~~~~ Functionality Keys ~~~~~~~~~~~~~~~~~~~~~~ //
  Dense,
  FPGA,
  MAIA,
  Vulkan,
  Metal,
  Quantized,
  CustomRNGKeyId,
  MkldnnCPU,
  Sparse,
  SparseCsr,
  NestedTensor,
  BackendSelect,
  Python,
  Fake,
  FuncTorchDynamicLayerBackMode,
  Functionalize,
  Named,
  Conjugate,
  Negative,
  ZeroTensor,
  ADInplaceOrView,
  AutogradOther,
  AutogradFunctionality,
  AutogradNestedTensor,
  Tracer,
  AutocastCPU,
  AutocastXPU,
  AutocastIPU,
  AutocastHPU,
  AutocastXLA,
  AutocastMPS,
  AutocastCUDA,
  AutocastPrivateUse1,
  FuncTorchBatched,
  BatchedNestedTensor,
  FuncTorchVmapMode,
  Batched,
  VmapMode,
  FuncTorchGradWrapper,
  DeferredInit,
  PythonTLSSnapshot,
  FuncTorchDynamicLayerFrontMode,
  TESTING_ONLY_GenericWrapper,
  TESTING_ONLY_GenericMode,
  PreDispatch,
  PythonDispatcher,
  EndOfFunctionalityKeys,

  // ~~~~~~~~~~~~~~ "Dense" Per-Backend Dispatch keys ~~~~~~~~~~~~~~~~~~~~ //
  StartOfDenseBackends,
  CPU,
  CUDA,
  HIP,
  XLA,
  MPS,
  IPU,
  XPU,
  HPU,
  VE,
  Lazy,
  MTIA,
  PrivateUse1,
  PrivateUse2,
  PrivateUse3,
  Meta,
  EndOfDenseBackends = Meta,

  // ~~~~~~~~~~~~~~ "Quantized" Per-Backend Dispatch keys ~~~~~~~~~~~~~~~~ //
  StartOfQuantizedBackends,
  QuantizedCPU,
  QuantizedCUDA,
  QuantizedHIP,
  QuantizedXLA,
  QuantizedMPS,
  QuantizedIPU,
  QuantizedXPU,
  QuantizedHPU,
  QuantizedVE,
  QuantizedLazy,
  QuantizedMTIA,
  QuantizedPrivateUse1,
  QuantizedPrivateUse2,
  QuantizedPrivateUse3,
  QuantizedMeta,
  EndOfQuantizedBackends = QuantizedMeta,

  // ~~~~~~~~~~~~~~ "Sparse" Per-Backend Dispatch keys ~~~~~~~~~~~~~~~~~~~ //
  StartOfSparseBackends,
  SparseCPU,
  SparseCUDA,
  SparseHIP,
  SparseXLA,
  SparseMPS,
  SparseIPU,
  SparseXPU,
  SparseHPU,
  SparseVE,
  SparseLazy,
  SparseMTIA,
  SparsePrivateUse1,
  SparsePrivateUse2,
  SparsePrivateUse3,
  SparseMeta,
  EndOfSparseBackends = SparseMeta,

  // ~~~~~~~~~~~~~~ "SparseCsr" Per-Backend Dispatch keys ~~~~~~~~~~~~~~~~ //
  StartOfSparseCsrBackends,
  SparseCsrCPU,
  SparseCsrCUDA,
  SparseCsrHIP,
  SparseCsrXLA,
  SparseCsrMPS,
  SparseCsrIPU,
  SparseCsrXPU,
  SparseCsrHPU,
  SparseCsrVE,
  SparseCsrLazy,
  SparseCsrMTIA,
  SparseCsrPrivateUse1,
  SparseCsrPrivateUse2,
  SparseCsrPrivateUse3,
  SparseCsrMeta,
  EndOfSparseCsrBackends = SparseCsrMeta,

  // ~~~~~~~~~~~~~~ "NestedTensor" Per-Backend Dispatch keys ~~~~~~~~~~~~~ //
  StartOfNestedTensorBackends,
  NestedTensorCPU,
  NestedTensorCUDA,
  NestedTensorHIP,
  NestedTensorXLA,
  NestedTensorMPS,
  NestedTensorIPU,
  NestedTensorXPU,
  NestedTensorHPU,
  NestedTensorVE,
  NestedTensorLazy,
  NestedTensorMTIA,
  NestedTensorPrivateUse1,
  NestedTensorPrivateUse2,
  NestedTensorPrivateUse3,
  NestedTensorMeta,
  EndOfNestedTensorBackends = NestedTensorMeta,

  // ~~~~~~~~~~~~~~ "AutogradFunctionality" Per-Backend Dispatch keys ~~~~ //
  StartOfAutogradFunctionalityBackends,
  AutogradCPU,
  AutogradCUDA,
  AutogradHIP,
  AutogradXLA,
  AutogradMPS,
  AutogradIPU,
  AutogradXPU,
  AutogradHPU,
  AutogradVE,
  AutogradLazy,
  AutogradMTIA,
  AutogradPrivateUse1,
  AutogradPrivateUse2,
  AutogradPrivateUse3,
  AutogradMeta,
  EndOfAutogradFunctionalityBackends = AutogradMeta,

  EndOfRuntimeBackendKeys = EndOfAutogradFunctionalityBackends,

  // ~~~~~~~~~~~~~~~~~~~~~~ Alias Dispatch Keys ~~~~~~~~~~~~~~~~~~~~~~~~~~ //
  // Alias dispatch keys are synthetic dispatch keys which map to multiple
  // runtime dispatch keys.
  Autograd,
  CompositeImplicitAutograd, // registered at
  // build/aten/src/ATen/RegisterCompositeImplicitAutograd.cpp

  // Note: The alias keyset for FuncTorchBatchedDecomposition is disjoint from
  // all other alias keysets and so precedence order doesn't matter
  FuncTorchBatchedDecomposition, // registered at
  // build/aten/src/ATen/RegisterFuncTorchBatchedDecomposition.cpp
  // Note: The alias keyset for CompositeImplicitAutogradNestedTensor is
  // disjoint from all other alias keysets
  CompositeImplicitAutogradNestedTensor, // registered at
  // build/aten/src/ATen/RegisterCompositeImplicitAutogradNestedTensor.cpp
  CompositeExplicitAutograd, // registered at
  // build/aten/src/ATen/RegisterCompositeExplicitAutograd.cpp
  // See Note [CompositeExplicitAutogradNonFunctional Key]
  CompositeExplicitAutogradNonFunctional, // registered at
  // build/aten/src/ATen/RegisterCompositeExplicitAutograd.cpp

  // Define an alias key to represent end of alias dispatch keys.
  // If you add new alias keys after Autograd, please also update it here.
  StartOfAliasKeys = Autograd,
  EndOfAliasKeys = CompositeExplicitAutogradNonFunctional, //

  // ~~~~~~~~~~~~~~~~~~~~~~~~~ BC ALIASES ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ //
  // The aliases exist for backwards compatibility reasons, they shouldn't
  // be used
  CPUTensorId = CPU,
  CUDATensorId = CUDA,
  DefaultBackend = CompositeExplicitAutograd,
  PrivateUse1_PreAutograd = AutogradPrivateUse1,
  PrivateUse2_PreAutograd = AutogradPrivateUse2,
  PrivateUse3_PreAutograd = AutogradPrivateUse3,
  Autocast = AutocastCUDA,
};

C10_API const char* toString(BackendComponent t);
C10_API const char* toString(DispatchKey);
C10_API std::ostream& operator<<(std::ostream&, DispatchKey);
C10_API std::ostream& operator<<(std::ostream&, BackendComponent);

C10_API DispatchKey getAutogradKeyFromBackend(BackendComponent k);

// Parses a string into a dispatch key.
// If the string cannot be correctly parsed, throws an exception.
C10_API c10::DispatchKey parseDispatchKey(const std::string& k);

// These are some convenience identifiers for dispatch keys which are
// shorter to type than their long counterparts.
constexpr DispatchKey kAutograd = DispatchKey::Autograd;

// Check if a DispatchKey is an alias mapping to other runtime keys.
constexpr bool isAliasDispatchKey(DispatchKey k) {
  return k >= DispatchKey::StartOfAliasKeys && k <= DispatchKey::EndOfAliasKeys;
}

C10_API bool isPerBackendFunctionalityKey(DispatchKey k);
C10_API BackendComponent toBackendComponent(DispatchKey k);
C10_API DispatchKey toFunctionalityKey(DispatchKey k);
C10_API DeviceType dispatchKeyToDeviceType(DispatchKey k);

} // namespace c10

namespace torch {
// Expose the constant, but not the TYPE (DispatchKey is an implementation
// detail!)
// NOLINTNEXTLINE(misc-unused-using-decls)
using c10::kAutograd;
} // namespace torch

namespace std {
template <>
struct hash<c10::DispatchKey> {
  typedef size_t result_type;
  typedef c10::DispatchKey argument_type;

  size_t operator()(c10::DispatchKey x) const {
    return static_cast<size_t>(x);
  }
};
} // namespace std
