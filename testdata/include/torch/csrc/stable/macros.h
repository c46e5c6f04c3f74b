#pragma once
// MOCK of <torch/csrc/stable/macros.h> (PyTorch 2.9+) for fast torchlint
// unit tests.
#include <torch/headeronly/macros/Macros.h>

HIDDEN_NAMESPACE_BEGIN(torch, stable, detail)
[[noreturn]] void throw_exception(const char* call, const char* file, int64_t line);
HIDDEN_NAMESPACE_END(torch, stable, detail)

#define STABLE_TORCH_ERROR_CODE_CHECK(call)                            \
  if ((call) != TORCH_SUCCESS) {                                       \
    torch::stable::detail::throw_exception(#call, __FILE__, __LINE__); \
  }
