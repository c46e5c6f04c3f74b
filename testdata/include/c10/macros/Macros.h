#pragma once
// MOCK of <c10/macros/Macros.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header, not a functional copy.
//
// The real c10/ATen/torch headers transitively pull in most of the standard
// library; the mocks include the commonly relied-upon subset here so that
// extension code which compiles against the real headers also compiles
// against the mocks.

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <c10/macros/Export.h>

#define C10_DISABLE_COPY_AND_ASSIGN(classname) \
  classname(const classname&) = delete;        \
  classname& operator=(const classname&) = delete

#define C10_CONCATENATE_IMPL(s1, s2) s1##s2
#define C10_CONCATENATE(s1, s2) C10_CONCATENATE_IMPL(s1, s2)

#define C10_MACRO_EXPAND(args) args

#define C10_STRINGIZE_IMPL(x) #x
#define C10_STRINGIZE(x) C10_STRINGIZE_IMPL(x)

#define C10_UID __COUNTER__
#define C10_ANONYMOUS_VARIABLE(str) C10_CONCATENATE(str, __COUNTER__)

#define C10_NODISCARD [[nodiscard]]
#define C10_UNUSED __attribute__((__unused__))
#define C10_USED __attribute__((__used__))
#define C10_RESTRICT __restrict

#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))

#define C10_NOINLINE __attribute__((noinline))
#define C10_ALWAYS_INLINE __attribute__((__always_inline__)) inline
#define C10_ALWAYS_INLINE_UNLESS_MOBILE C10_ALWAYS_INLINE
#define C10_ATTR_VISIBILITY_HIDDEN __attribute__((__visibility__("hidden")))
#define C10_ERASE C10_ALWAYS_INLINE C10_ATTR_VISIBILITY_HIDDEN

// As the real header spells them: CUDA attributes where the TU is CUDA.
#if defined(__CUDACC__) || defined(__HIPCC__)
#define C10_HOST_DEVICE __host__ __device__
#define C10_HOST __host__
#define C10_DEVICE __device__
#else
#define C10_HOST_DEVICE
#define C10_HOST
#define C10_DEVICE
#endif
#define C10_HOST_CONSTEXPR_EXCEPT_WIN_CUDA constexpr
#define CONSTEXPR_EXCEPT_WIN_CUDA constexpr
#define C10_WARP_SIZE 32

#define C10_DEPRECATED [[deprecated]]
#define C10_DEPRECATED_MESSAGE(message) [[deprecated(message)]]

// Simply define the namespaces, like the real header does.
namespace c10 {}
namespace c10 {
namespace cuda {}
} // namespace c10
namespace c10 {
namespace hip {}
} // namespace c10

namespace caffe2 {
using namespace c10;
}
namespace at {
using namespace c10;
}
namespace at {
namespace cuda {
using namespace c10::cuda;
}
} // namespace at
