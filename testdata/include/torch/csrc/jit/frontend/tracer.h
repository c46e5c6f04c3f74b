#pragma once
// MOCK of <torch/csrc/jit/frontend/tracer.h> (PyTorch 2.x) for fast torchlint
// unit tests. Only the tracing-state queries are provided.
#include <ATen/core/Tensor.h>
#include <c10/macros/Macros.h>

namespace torch::jit {
struct Node;
struct Value;
struct Graph;

namespace tracer {

struct TracingState;

TORCH_API const std::shared_ptr<TracingState>& getTracingState();
TORCH_API void setTracingState(std::shared_ptr<TracingState> state);

inline bool isTracing() {
  return static_cast<bool>(getTracingState());
}

TORCH_API void warn(const char* _reason, const char* _kind = nullptr);

TORCH_API void recordSourceLocation(Node* n);

} // namespace tracer
} // namespace torch::jit
