#pragma once
// MOCK of <torch/headeronly/macros/Macros.h> (PyTorch 2.9+) for fast torchlint
// unit tests. The real header holds the C10_* macros that <c10/macros/Macros.h>
// re-exports; here it is the other way round. HIDDEN_NAMESPACE_BEGIN/END
// expand like the real ones on GCC/Clang (not Windows): the innermost
// namespace gets hidden visibility.
#include <c10/macros/Macros.h>

#define C10_UNLIKELY_OR_CONST(e) C10_UNLIKELY(e)

#define _HIDDEN_NS_GET_MACRO(_1, _2, _3, NAME, ...) NAME
#define _HIDDEN_NS_1(n1) namespace n1 __attribute__((visibility("hidden"))) {
#define _HIDDEN_NS_2(n1, n2) \
  namespace n1 {             \
  namespace n2 __attribute__((visibility("hidden"))) {
#define _HIDDEN_NS_3(n1, n2, n3) \
  namespace n1::n2 {             \
  namespace n3 __attribute__((visibility("hidden"))) {
#define _HIDDEN_NS_END_1(n1) }
#define _HIDDEN_NS_END_N(n1, ...) \
  }                               \
  }

#define HIDDEN_NAMESPACE_BEGIN(...) \
  _HIDDEN_NS_GET_MACRO(             \
      __VA_ARGS__, _HIDDEN_NS_3, _HIDDEN_NS_2, _HIDDEN_NS_1)(__VA_ARGS__)
#define HIDDEN_NAMESPACE_END(...)                                         \
  _HIDDEN_NS_GET_MACRO(                                                   \
      __VA_ARGS__, _HIDDEN_NS_END_N, _HIDDEN_NS_END_N, _HIDDEN_NS_END_1)( \
      __VA_ARGS__)
