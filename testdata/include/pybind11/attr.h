#pragma once
// MOCK of <pybind11/attr.h> (pybind11 2.13) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include "cast.h"

PYBIND11_NAMESPACE_BEGIN(PYBIND11_NAMESPACE)

/// \addtogroup annotations
/// @{

/// Annotation for methods
struct is_method {
  handle class_;
  explicit is_method(const handle& c) : class_(c) {}
};

/// Annotation for setters
struct is_setter {};

/// Annotation for operators
struct is_operator {};

/// Annotation for classes that cannot be subclassed
struct is_final {};

/// Annotation for parent scope
struct scope {
  handle value;
  explicit scope(const handle& s) : value(s) {}
};

/// Annotation for documentation
struct doc {
  const char* value;
  explicit doc(const char* value) : value(value) {}
};

/// Annotation for function names
struct name {
  const char* value;
  explicit name(const char* value) : value(value) {}
};

/// Annotation indicating that a function is an overload associated with a
/// given "sibling"
struct sibling {
  handle value;
  explicit sibling(const handle& value) : value(value.ptr()) {}
};

/// Annotation indicating that a class derives from another given type
template <typename T>
struct base {
  PYBIND11_DEPRECATED(
      "base<T>() was deprecated in favor of specifying 'T' as a template argument to class_")
  base() = default;
};

/// Keep patient alive while nurse lives
template <size_t Nurse, size_t Patient>
struct keep_alive {};

/// Annotation indicating that a class is involved in a multiple inheritance
/// relationship
struct multiple_inheritance {};

/// Annotation which enables dynamic attributes, i.e. adds `__dict__` to a
/// class
struct dynamic_attr {};

/// Annotation which enables the buffer protocol for a type
struct buffer_protocol {};

/// Annotation which requests that a special metaclass is created for a type
struct metaclass {
  handle value;

  PYBIND11_DEPRECATED("py::metaclass() is no longer required. It's turned on by default now.")
  metaclass() = default;

  /// Override pybind11's default metaclass
  explicit metaclass(handle value) : value(value) {}
};

/// Annotation that marks a class as local to the module:
struct module_local {
  const bool value;
  constexpr explicit module_local(bool v = true) : value(v) {}
};

/// Annotation to mark enums as an arithmetic type
struct arithmetic {};

/// Mark a function for addition at the beginning of the existing overload
/// chain instead of the end
struct prepend {};

/** \rst
    A call policy which places one or more guard variables (``Ts...``) around
    the function call.

    For example, this definition:

    .. code-block:: cpp

        m.def("foo", foo, py::call_guard<T>());

    is equivalent to the following pseudocode:

    .. code-block:: cpp

        m.def("foo", [](args...) {
            T scope_guard;
            return foo(args...); // forwarded arguments
        });
 \endrst */
template <typename... Ts>
struct call_guard;

template <>
struct call_guard<> {
  using type = detail::void_type;
};

template <typename T>
struct call_guard<T> {
  static_assert(
      std::is_default_constructible<T>::value,
      "The guard type must be default constructible");

  using type = T;
};

template <typename T, typename... Ts>
struct call_guard<T, Ts...> {
  struct type {
    T guard{}; // Compose multiple guard types with left-to-right default-ctor
    typename call_guard<Ts...>::type next{}; // order.  The destructor order is
                                             // the reverse.
  };
};

/// @} annotations

PYBIND11_NAMESPACE_END(PYBIND11_NAMESPACE)
