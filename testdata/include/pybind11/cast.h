#pragma once
// MOCK of <pybind11/cast.h> (pybind11 2.13) for fast torchlint unit tests.
// Declarations only; modelled on the real header.

// Mock-only: trivial bodies below intentionally ignore their parameters.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "detail/common.h"
#include "pytypes.h"

PYBIND11_NAMESPACE_BEGIN(PYBIND11_NAMESPACE)
PYBIND11_NAMESPACE_BEGIN(detail)

/* Concatenate type signatures at compile time (detail/descr.h, reduced) */
struct descr_mock {
  const char* text;
};
template <size_t N>
constexpr descr_mock const_name(char const (&text)[N]) {
  return descr_mock{text};
}
template <size_t N>
constexpr descr_mock _(char const (&text)[N]) {
  return descr_mock{text};
}

template <typename T>
using movable_cast_op_type = conditional_t<
    std::is_pointer<typename std::remove_reference<T>::type>::value,
    typename std::add_pointer<intrinsic_t<T>>::type,
    conditional_t<
        std::is_rvalue_reference<T>::value,
        typename std::add_rvalue_reference<intrinsic_t<T>>::type,
        typename std::add_lvalue_reference<intrinsic_t<T>>::type>>;

class type_caster_generic {
 public:
  bool load(handle src, bool convert);
};

/// Generic type caster for objects stored on the heap
template <typename type>
class type_caster_base : public type_caster_generic {
 public:
  static constexpr auto name = const_name("object");

  static handle cast(const type& src, return_value_policy policy, handle parent);
  static handle cast(type&& src, return_value_policy, handle parent);
  static handle cast(const type* src, return_value_policy policy, handle parent);

  template <typename T>
  using cast_op_type = movable_cast_op_type<T>;

  // NOLINTNEXTLINE(google-explicit-constructor)
  operator type*();
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator type&();
};

template <typename type, typename SFINAE = void>
class type_caster : public type_caster_base<type> {};
template <typename type>
using make_caster = type_caster<intrinsic_t<type>>;

#define PYBIND11_TYPE_CASTER(type, py_name)                                    \
 protected:                                                                    \
  type value;                                                                  \
                                                                               \
 public:                                                                       \
  static constexpr auto name = py_name;                                        \
  template <                                                                   \
      typename T_,                                                             \
      ::pybind11::detail::enable_if_t<                                         \
          std::is_same<type, ::pybind11::detail::remove_cv_t<T_>>::value,      \
          int> = 0>                                                            \
  static ::pybind11::handle cast(                                              \
      T_* src, ::pybind11::return_value_policy policy, ::pybind11::handle parent); \
  operator type*() {                                                           \
    return &value;                                                             \
  } /* NOLINT(bugprone-macro-parentheses) */                                   \
  operator type&() {                                                           \
    return value;                                                              \
  } /* NOLINT(bugprone-macro-parentheses) */                                   \
  operator type&&() && {                                                       \
    return std::move(value);                                                   \
  } /* NOLINT(bugprone-macro-parentheses) */                                   \
  template <typename T_>                                                       \
  using cast_op_type = ::pybind11::detail::movable_cast_op_type<T_>

PYBIND11_NAMESPACE_END(detail)

// pytype -> C++ type
template <typename T>
T cast(const handle& handle);

// C++ type -> py::object
template <
    typename T,
    detail::enable_if_t<!detail::is_pyobject<T>::value, int> = 0>
object cast(
    T&& value,
    return_value_policy policy = return_value_policy::automatic_reference,
    handle parent = handle()) {
  return object();
}

template <typename T>
T handle::cast() const {
  return pybind11::cast<T>(*this);
}

template <typename T>
T object::cast() const& {
  return pybind11::cast<T>(*this);
}
template <typename T>
T object::cast() && {
  return pybind11::cast<T>(*this);
}

template <
    return_value_policy policy = return_value_policy::automatic_reference,
    typename... Args>
tuple make_tuple(Args&&... args_) {
  return tuple();
}

/// \ingroup annotations
/// Annotation for arguments
struct arg {
  /// Constructs an argument with the name of the argument; if null or
  /// omitted, this is a positional argument.
  constexpr explicit arg(const char* name = nullptr)
      : name(name), flag_noconvert(false), flag_none(true) {}
  /// Assign a value to this argument
  template <typename T>
  arg_v operator=(T&& value) const;
  /// Indicate that the type should not be converted in the type caster
  arg& noconvert(bool flag = true) {
    flag_noconvert = flag;
    return *this;
  }
  /// Indicates that the argument should/shouldn't allow None (e.g. for
  /// nullable pointer args)
  arg& none(bool flag = true) {
    flag_none = flag;
    return *this;
  }

  const char* name; ///< If non-null, this is a named kwargs argument
  bool flag_noconvert : 1; ///< If set, do not allow conversion (requires a
                           ///< supporting type caster!)
  bool flag_none : 1; ///< If set (the default), allow None to be passed to
                      ///< this argument
};

/// \ingroup annotations
/// Annotation for arguments with values
struct arg_v : arg {
 public:
  /// Direct construction with name, default, and description
  template <typename T>
  arg_v(const char* name, T&& x, const char* descr = nullptr)
      : arg(name), value(), descr(descr) {}

  /// Called internally when invoking `py::arg("a") = value`
  template <typename T>
  arg_v(const arg& base, T&& x, const char* descr = nullptr)
      : arg(base), value(), descr(descr) {}

  /// Same as `arg::noconvert()`, but returns *this as arg_v&, not arg&
  arg_v& noconvert(bool flag = true);

  /// Same as `arg::nonone()`, but returns *this as arg_v&, not arg&
  arg_v& none(bool flag = true);

  /// The default value
  object value;
  /// The (optional) description of the default value
  const char* descr;
  /// The C++ type name of the default value (only available when compiled in
  /// debug mode)
  std::string type;
};

/// \ingroup annotations
/// Annotation indicating that all following arguments are keyword-only; the
/// is the equivalent of an unnamed '*' argument
struct kw_only {};

/// \ingroup annotations
/// Annotation indicating that all previous arguments are positional-only; the
/// is the equivalent of an unnamed '/' argument
struct pos_only {};

template <typename T>
arg_v arg::operator=(T&& value) const {
  return {*this, std::forward<T>(value)};
}

/// Alias for backward compatibility -- to be removed in version 2.0
template <typename /*unused*/>
using arg_t = arg_v;

inline namespace literals {
/** \rst
    String literal version of `arg`
 \endrst */
constexpr arg operator""_a(const char* name, size_t) {
  return arg(name);
}
} // namespace literals

PYBIND11_NAMESPACE_END(PYBIND11_NAMESPACE)

#pragma GCC diagnostic pop
