#pragma once
// MOCK of <torch/csrc/stable/library.h> (PyTorch 2.9+, as in 2.15) for fast
// torchlint unit tests. The classes, their constructors and def/impl
// signatures, and the STABLE_TORCH_LIBRARY* and TORCH_BOX macro expansions
// follow the real header: a static StableTorchLibraryInit object constructed
// with the block kind, the init function taking a StableLibrary&, the
// namespace and (IMPL) the stringized dispatch key. TORCH_BOX(f) names
// torch::stable::detail::boxer<F, f>::boxed_fn, whose body is trivial here
// (the real one unboxes the stack and calls f).
#include <torch/csrc/inductor/aoti_torch/c/shim.h>
#include <torch/headeronly/core/enum_tag.h>
#include <torch/headeronly/macros/Macros.h>
#include <torch/csrc/stable/stableivalue_conversions.h>
#include <type_traits>
#include <vector>

HIDDEN_NAMESPACE_BEGIN(torch, stable, detail)

class StableLibrary final {
 private:
  TorchLibraryHandle lib_;

 public:
  enum class Kind {
    DEF,
    IMPL,
    FRAGMENT,
  };

  StableLibrary(
      Kind kind,
      const char* ns,
      const char* k,
      const char* file,
      uint32_t line);
  StableLibrary(const StableLibrary&) = delete;
  StableLibrary& operator=(const StableLibrary&) = delete;
  StableLibrary(StableLibrary&& other) = delete;
  StableLibrary& operator=(StableLibrary&& other) = delete;
  ~StableLibrary();

  // A boxed kernel: (StableIValue* stack, uint64_t num_inputs,
  // uint64_t num_outputs) -> void.
  StableLibrary& impl(
      const char* name,
      void (*fn)(StableIValue*, uint64_t, uint64_t));

  StableLibrary& def(const char* schema);

  StableLibrary& def(const char* schema, const std::vector<at::Tag>& tags);

  StableLibrary& set_python_module(
      const char* pymodule,
      const char* context = "");
};

class StableTorchLibraryInit final {
 private:
  using InitFn = void(StableLibrary&);
  StableLibrary lib_;

 public:
  StableTorchLibraryInit(
      StableLibrary::Kind kind,
      InitFn* fn,
      const char* ns,
      const char* k,
      const char* file,
      uint32_t line)
      : lib_(kind, ns, k, file, line) {
    fn(lib_);
  }
};

template <typename FuncT, FuncT* func>
struct boxer {
  static void boxed_fn(
      StableIValue* stack,
      uint64_t num_args,
      uint64_t num_outputs) {}
};

HIDDEN_NAMESPACE_END(torch, stable, detail)

#define TORCH_BOX(func)                                               \
  torch::stable::detail::boxer<                                       \
      std::remove_pointer_t<std::remove_reference_t<decltype(func)>>, \
      (func)>::boxed_fn

#define STABLE_TORCH_LIBRARY_IMPL(ns, k, m) \
  _STABLE_TORCH_LIBRARY_IMPL(ns, k, m, C10_UID)

#define _STABLE_TORCH_LIBRARY_IMPL(ns, k, m, uid)                             \
  static void C10_CONCATENATE(                                                \
      STABLE_TORCH_LIBRARY_IMPL_init_##ns##_##k##_,                           \
      uid)(torch::stable::detail::StableLibrary&);                            \
  static const torch::stable::detail::StableTorchLibraryInit C10_CONCATENATE( \
      STABLE_TORCH_LIBRARY_IMPL_static_init_##ns##_##k##_, uid)(              \
      torch::stable::detail::StableLibrary::Kind::IMPL,                       \
      &C10_CONCATENATE(STABLE_TORCH_LIBRARY_IMPL_init_##ns##_##k##_, uid),    \
      C10_STRINGIZE(ns),                                                      \
      C10_STRINGIZE(k),                                                       \
      __FILE__,                                                               \
      __LINE__);                                                              \
  void C10_CONCATENATE(STABLE_TORCH_LIBRARY_IMPL_init_##ns##_##k##_, uid)(    \
      torch::stable::detail::StableLibrary & m)

#define STABLE_TORCH_LIBRARY(ns, m)                          \
  static void STABLE_TORCH_LIBRARY_init_##ns(                \
      torch::stable::detail::StableLibrary&);                \
  static const torch::stable::detail::StableTorchLibraryInit \
      STABLE_TORCH_LIBRARY_static_init_##ns(                 \
          torch::stable::detail::StableLibrary::Kind::DEF,   \
          &STABLE_TORCH_LIBRARY_init_##ns,                   \
          C10_STRINGIZE(ns),                                 \
          nullptr,                                           \
          __FILE__,                                          \
          __LINE__);                                         \
  void STABLE_TORCH_LIBRARY_init_##ns(torch::stable::detail::StableLibrary& m)

#define STABLE_TORCH_LIBRARY_FRAGMENT(ns, m) \
  _STABLE_TORCH_LIBRARY_FRAGMENT(ns, m, C10_UID)

#define _STABLE_TORCH_LIBRARY_FRAGMENT(ns, m, uid)                            \
  static void C10_CONCATENATE(                                                \
      STABLE_TORCH_LIBRARY_FRAGMENT_init_##ns##_,                             \
      uid)(torch::stable::detail::StableLibrary&);                            \
  static const torch::stable::detail::StableTorchLibraryInit C10_CONCATENATE( \
      STABLE_TORCH_LIBRARY_FRAGMENT_static_init_##ns##_, uid)(                \
      torch::stable::detail::StableLibrary::Kind::FRAGMENT,                   \
      &C10_CONCATENATE(STABLE_TORCH_LIBRARY_FRAGMENT_init_##ns##_, uid),      \
      C10_STRINGIZE(ns),                                                      \
      nullptr,                                                                \
      __FILE__,                                                               \
      __LINE__);                                                              \
  void C10_CONCATENATE(STABLE_TORCH_LIBRARY_FRAGMENT_init_##ns##_, uid)(      \
      torch::stable::detail::StableLibrary & m)
