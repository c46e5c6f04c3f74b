#pragma once
// MOCK of <torch/headeronly/util/Exception.h> (PyTorch 2.9+) for fast
// torchlint unit tests. STD_TORCH_CHECK expands like the real one.
#include <stdexcept>
#include <string>
#include <torch/headeronly/macros/Macros.h>

HIDDEN_NAMESPACE_BEGIN(torch, headeronly, detail)
template <typename... Args>
std::string stdTorchCheckMsgImpl(const char* /*msg*/, const Args&... args);
HIDDEN_NAMESPACE_END(torch, headeronly, detail)

#define STD_TORCH_CHECK_MSG(cond, type, ...)               \
  (torch::headeronly::detail::stdTorchCheckMsgImpl(        \
      "Expected " #cond                                    \
      " to be true, but got false.  "                      \
      "(Could this error message be improved?  If so, "    \
      "please report an enhancement request to PyTorch.)", \
      ##__VA_ARGS__))

#define STD_TORCH_CHECK(cond, ...)                \
  if (C10_UNLIKELY_OR_CONST(!(cond))) {           \
    throw std::runtime_error(STD_TORCH_CHECK_MSG( \
        cond,                                     \
        "",                                       \
        __func__,                                 \
        ", ",                                     \
        __FILE__,                                 \
        ":",                                      \
        __LINE__,                                 \
        ", ",                                     \
        ##__VA_ARGS__));                          \
  }
