#pragma once
// MOCK of <pybind11/detail/common.h> (pybind11 2.13) for fast torchlint unit
// tests. Declarations only; macros expand like the real ones (minus the
// Python-version and internals-initialisation checks that need Python.h).

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#define PYBIND11_VERSION_MAJOR 2
#define PYBIND11_VERSION_MINOR 13
#define PYBIND11_VERSION_PATCH 6

// Similar to Python's convention: https://docs.python.org/3/c-api/apiabiversion.html
// Additional convention: 0xD = dev
#define PYBIND11_VERSION_HEX 0x020D0600

#define PYBIND11_NAMESPACE_BEGIN(name) namespace name {
#define PYBIND11_NAMESPACE_END(name) }

// The real header adds __attribute__((visibility("hidden"))) here.
#if !defined(PYBIND11_NAMESPACE)
#define PYBIND11_NAMESPACE pybind11
#endif

#define PYBIND11_CPP14
#define PYBIND11_CPP17

#define PYBIND11_EXPORT __attribute__((visibility("default")))
#define PYBIND11_EXPORT_EXCEPTION
#define PYBIND11_NOINLINE __attribute__((noinline)) inline
#define PYBIND11_DEPRECATED(reason) [[deprecated(reason)]]
#define PYBIND11_MAYBE_UNUSED [[maybe_unused]]
#define PYBIND11_NOINLINE_DISABLED

// Python.h stand-ins (the real header includes <Python.h>).
struct _object;
typedef _object PyObject;
struct _typeobject;
typedef _typeobject PyTypeObject;
typedef long Py_ssize_t;
typedef Py_ssize_t Py_hash_t;
struct _ts;
typedef _ts PyThreadState;
PyThreadState *PyEval_SaveThread();
void PyEval_RestoreThread(PyThreadState *);
#define Py_BEGIN_ALLOW_THREADS { PyThreadState *_save; _save = PyEval_SaveThread();
#define Py_END_ALLOW_THREADS PyEval_RestoreThread(_save); }

#define PYBIND11_STRINGIFY(x) #x
#define PYBIND11_TOSTRING(x) PYBIND11_STRINGIFY(x)
#define PYBIND11_CONCAT(first, second) first##second
#define PYBIND11_ENSURE_INTERNALS_READY pybind11::detail::get_internals();

#define PYBIND11_CHECK_PYTHON_VERSION

#define PYBIND11_CATCH_INIT_EXCEPTIONS                                         \
  catch (pybind11::error_already_set & e) {                                    \
    pybind11::raise_from(e, pybind11::detail::import_error_type(),             \
                         "initialization failed");                             \
    return nullptr;                                                            \
  }                                                                            \
  catch (const std::exception& e) {                                            \
    ::pybind11::set_error(pybind11::detail::import_error_type(), e.what());    \
    return nullptr;                                                            \
  }

#define PYBIND11_PLUGIN_IMPL(name)                                             \
  extern "C" PYBIND11_MAYBE_UNUSED PYBIND11_EXPORT PyObject* PyInit_##name(); \
  extern "C" PYBIND11_EXPORT PyObject* PyInit_##name()

/** \rst
    This macro creates the entry point that will be invoked when the Python
    interpreter imports an extension module. The module name is given as the
    first argument and it should not be in quotes. The second macro argument
    defines a variable of type `py::module_` which can be used to initialize
    the module.

    .. code-block:: cpp

        PYBIND11_MODULE(example, m) {
            m.doc() = "pybind11 example module";

            // Add bindings here
            m.def("foo", []() {
                return "Hello, World!";
            });
        }
\endrst */
#define PYBIND11_MODULE(name, variable, ...)                                   \
  static ::pybind11::module_::module_def PYBIND11_CONCAT(                     \
      pybind11_module_def_, name) PYBIND11_MAYBE_UNUSED;                       \
  PYBIND11_MAYBE_UNUSED                                                        \
  static void PYBIND11_CONCAT(pybind11_init_, name)(::pybind11::module_&);    \
  PYBIND11_PLUGIN_IMPL(name) {                                                 \
    PYBIND11_CHECK_PYTHON_VERSION                                              \
    PYBIND11_ENSURE_INTERNALS_READY                                            \
    auto m = ::pybind11::module_::create_extension_module(                     \
        PYBIND11_TOSTRING(name),                                               \
        nullptr,                                                               \
        &PYBIND11_CONCAT(pybind11_module_def_, name),                          \
        ##__VA_ARGS__);                                                        \
    try {                                                                      \
      PYBIND11_CONCAT(pybind11_init_, name)(m);                                \
      return m.ptr();                                                          \
    }                                                                          \
    PYBIND11_CATCH_INIT_EXCEPTIONS                                             \
  }                                                                            \
  void PYBIND11_CONCAT(pybind11_init_, name)(::pybind11::module_ & (variable))

PYBIND11_NAMESPACE_BEGIN(PYBIND11_NAMESPACE)

using ssize_t = Py_ssize_t;
using size_t = std::size_t;

/// Approach used to cast a previously unknown C++ instance into a Python object
enum class return_value_policy : uint8_t {
  automatic = 0,
  automatic_reference,
  take_ownership,
  copy,
  move,
  reference,
  reference_internal
};

PYBIND11_NAMESPACE_BEGIN(detail)

struct internals;
internals& get_internals();
PyObject* import_error_type();

template <bool B, typename T = void>
using enable_if_t = typename std::enable_if<B, T>::type;
template <bool B, typename T, typename F>
using conditional_t = typename std::conditional<B, T, F>::type;
template <typename T>
using remove_cv_t = typename std::remove_cv<T>::type;
template <typename T>
using remove_reference_t = typename std::remove_reference<T>::type;

/// Helper type to replace 'void' in some expressions
struct void_type {};

/// Strip the class from a method type
template <typename T>
struct remove_class {};
template <typename C, typename R, typename... A>
struct remove_class<R (C::*)(A...)> {
  using type = R(A...);
};
template <typename C, typename R, typename... A>
struct remove_class<R (C::*)(A...) const> {
  using type = R(A...);
};

/// Helper template to strip away type modifiers
template <typename T>
struct intrinsic_type {
  using type = T;
};
template <typename T>
struct intrinsic_type<const T> {
  using type = typename intrinsic_type<T>::type;
};
template <typename T>
struct intrinsic_type<T*> {
  using type = typename intrinsic_type<T>::type;
};
template <typename T>
struct intrinsic_type<T&> {
  using type = typename intrinsic_type<T>::type;
};
template <typename T>
struct intrinsic_type<T&&> {
  using type = typename intrinsic_type<T>::type;
};
template <typename T>
using intrinsic_t = typename intrinsic_type<T>::type;

/// Thin wrapper type used to treat certain data types as opaque (e.g. for
/// STL containers)
template <typename T, typename SFINAE = void>
struct is_template_base_of_impl;

/// Container of input values (or a std::vector converted from any iterable)
template <typename T>
class any_container {
  std::vector<T> v;

 public:
  any_container() = default;

  // Can construct from a pair of iterators
  template <
      typename It,
      typename = enable_if_t<std::is_convertible<
          typename std::iterator_traits<It>::iterator_category,
          std::input_iterator_tag>::value>>
  any_container(It first, It last) : v(first, last) {}

  // Implicit conversion constructor from any arbitrary container type
  // with values convertible to T
  template <
      typename Container,
      typename = enable_if_t<std::is_convertible<
          decltype(*std::begin(std::declval<const Container&>())),
          T>::value>>
  // NOLINTNEXTLINE(google-explicit-constructor)
  any_container(const Container& c) : any_container(std::begin(c), std::end(c)) {}

  // initializer_list's aren't deducible, so don't get matched by the above
  // template; we need this to explicitly allow implicit conversion from one:
  template <
      typename TIn,
      typename = enable_if_t<std::is_convertible<TIn, T>::value>>
  any_container(const std::initializer_list<TIn>& c)
      : any_container(c.begin(), c.end()) {}

  // Avoid copying if given an rvalue vector of the correct type.
  // NOLINTNEXTLINE(google-explicit-constructor)
  any_container(std::vector<T>&& v) : v(std::move(v)) {}

  // Moves the vector out of an rvalue any_container
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator std::vector<T>&&() && { return std::move(v); }

  // Dereferencing obtains a reference to the underlying vector
  std::vector<T>& operator*() { return v; }
  const std::vector<T>& operator*() const { return v; }

  // -> lets you call methods on the underlying vector
  std::vector<T>* operator->() { return &v; }
  const std::vector<T>* operator->() const { return &v; }
};

PYBIND11_NAMESPACE_END(detail)

// C++14-compatible overload_cast
PYBIND11_NAMESPACE_BEGIN(detail)
template <typename... Args>
struct overload_cast_impl {
  template <typename Return>
  constexpr auto operator()(Return (*pf)(Args...)) const noexcept
      -> decltype(pf) {
    return pf;
  }

  template <typename Return, typename Class>
  constexpr auto operator()(
      Return (Class::*pmf)(Args...),
      std::false_type = {}) const noexcept -> decltype(pmf) {
    return pmf;
  }

  template <typename Return, typename Class>
  constexpr auto operator()(Return (Class::*pmf)(Args...) const, std::true_type)
      const noexcept -> decltype(pmf) {
    return pmf;
  }
};
PYBIND11_NAMESPACE_END(detail)

/// Syntax sugar for resolving overloaded function pointers:
///  - regular: static_cast<Return (Class::*)(Arg0, Arg1, Arg2)>(&Class::func)
///  - sweet:   overload_cast<Arg0, Arg1, Arg2>(&Class::func)
template <typename... Args>
static constexpr detail::overload_cast_impl<Args...> overload_cast{};

/// Const member function selector for overload_cast
///  - regular: static_cast<Return (Class::*)(Arg) const>(&Class::func)
///  - sweet:   overload_cast<Arg>(&Class::func, const_)
static constexpr auto const_ = std::true_type{};

PYBIND11_NAMESPACE_END(PYBIND11_NAMESPACE)
