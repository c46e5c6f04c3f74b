#pragma once
// MOCK of <ATen/core/dispatch/Dispatcher.h> (PyTorch 2.x) for fast torchlint
// unit tests. Only an opaque c10::Dispatcher / c10::OperatorHandle.
#include <ATen/core/function_schema.h>
#include <c10/core/DispatchKeySet.h>
#include <c10/util/Optional.h>

namespace c10 {

class TORCH_API OperatorHandle {
 public:
  OperatorHandle(OperatorHandle&&) noexcept = default;
  OperatorHandle& operator=(OperatorHandle&&) noexcept = default;
  OperatorHandle(const OperatorHandle&) = default;
  OperatorHandle& operator=(const OperatorHandle&) = default;
  ~OperatorHandle();

  const OperatorName& operator_name() const;
  bool hasSchema() const;
  const FunctionSchema& schema() const;
  bool hasKernelForDispatchKey(DispatchKey k) const;
};

template <class FuncType>
class TypedOperatorHandle;

class TORCH_API Dispatcher final {
 public:
  ~Dispatcher();

  static Dispatcher& singleton();

  std::optional<OperatorHandle> findSchema(const OperatorName& operator_name);

  OperatorHandle findSchemaOrThrow(const char* name, const char* overload_name);

  std::optional<OperatorHandle> findOp(const OperatorName& operator_name);

  bool hasBackendFallbackForDispatchKey(DispatchKey dk);
};

} // namespace c10
