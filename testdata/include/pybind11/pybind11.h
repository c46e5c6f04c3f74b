#pragma once
// MOCK of <pybind11/pybind11.h> (pybind11 2.13) for fast torchlint unit tests.
// Declarations only; modelled on the real header. Note: like the real header,
// this does NOT define the conventional `namespace py = pybind11;` alias.

// Mock-only: trivial bodies below intentionally ignore their parameters.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "attr.h"
#include "buffer_info.h"
#include "cast.h"
#include "detail/common.h"
#include "gil.h"
#include "pytypes.h"

#include <functional>
#include <string>
#include <vector>

PYBIND11_NAMESPACE_BEGIN(PYBIND11_NAMESPACE)

/// Wraps an arbitrary C++ function/method/lambda function/.. into a callable
/// Python object
class cpp_function : public function {
 public:
  cpp_function() = default;
  // NOLINTNEXTLINE(google-explicit-constructor)
  cpp_function(std::nullptr_t) {}
  cpp_function(std::nullptr_t, const is_setter&) {}

  /// Construct a cpp_function from a vanilla function pointer
  template <typename Return, typename... Args, typename... Extra>
  // NOLINTNEXTLINE(google-explicit-constructor)
  cpp_function(Return (*f)(Args...), const Extra&... extra) {}

  /// Construct a cpp_function from a lambda function (possibly with internal
  /// state)
  template <
      typename Func,
      typename... Extra,
      typename = detail::enable_if_t<
          !std::is_function<typename std::remove_pointer<
              typename std::decay<Func>::type>::type>::value>>
  // NOLINTNEXTLINE(google-explicit-constructor)
  cpp_function(Func&& f, const Extra&... extra) {}

  /// Construct a cpp_function from a class method (non-const, no ref-qualifier)
  template <typename Return, typename Class, typename... Arg, typename... Extra>
  // NOLINTNEXTLINE(google-explicit-constructor)
  cpp_function(Return (Class::*f)(Arg...), const Extra&... extra) {}

  /// Construct a cpp_function from a class method (const, no ref-qualifier)
  template <typename Return, typename Class, typename... Arg, typename... Extra>
  // NOLINTNEXTLINE(google-explicit-constructor)
  cpp_function(Return (Class::*f)(Arg...) const, const Extra&... extra) {}

  /// Return the function name
  object name() const;
};

/// Wrapper for Python extension modules
class module_ : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(module_, object, PyModule_Check)

  /// Create a new top-level Python module with the given name and docstring
  PYBIND11_DEPRECATED("Use PYBIND11_MODULE or module_::create_extension_module instead")
  explicit module_(const char* name, const char* doc = nullptr);

  /** \rst
      Create Python binding for a new function within the module scope.
      ``Func`` can be a plain C++ function, a function pointer, or a lambda
      function. For details on the ``Extra&& ... extra`` argument, see section
      :ref:`extras`.
  \endrst */
  template <typename Func, typename... Extra>
  module_& def(const char* name_, Func&& f, const Extra&... extra) {
    return *this;
  }

  /** \rst
      Create and return a new Python submodule with the given name and
      docstring. This also works recursively, i.e.

      .. code-block:: cpp

          py::module_ m("example", "pybind11 example plugin");
          py::module_ m2 = m.def_submodule("sub", "A submodule of 'example'");
          py::module_ m3 = m2.def_submodule("subsub", "A submodule of
          'example.sub'");
  \endrst */
  module_ def_submodule(const char* name, const char* doc = nullptr);

  /// Import and return a module or throws `error_already_set`.
  static module_ import(const char* name);

  /// Reload the module or throws `error_already_set`.
  void reload();

  /** \rst
      Adds an object to the module using the given name.  Throws if an object
      with the given name already exists.

      ``overwrite`` should almost always be false: attempting to overwrite
      objects that pybind11 has established will, in most cases, break things.
  \endrst */
  void add_object(const char* name, handle obj, bool overwrite = false);

  // The real type is PyModuleDef (from <Python.h>).
  struct module_def {
    void* m_base_and_fields[13];
  };

  // For Python 2, reinterpret_borrow was correct.
  struct mod_gil_not_used {
    explicit mod_gil_not_used(bool flag = true) : flag_(flag) {}
    bool flag() const { return flag_; }

   private:
    bool flag_;
  };

  /** \rst
      Create a new top-level module that can be used as the main module of a C
      extension.

      ``def`` should point to a statically allocated module_def.
  \endrst */
  static module_ create_extension_module(
      const char* name,
      const char* doc,
      module_def* def,
      mod_gil_not_used gil_not_used = mod_gil_not_used(false));
};

// When inside a namespace (or anywhere as long as it's not the first item on a
// line), C++20 allows "module" to be used. This is provided for backward
// compatibility, and for simplicity, if someone wants to use py::module for
// example.
using module = module_;

/// \ingroup python_builtins
/// Return a dictionary representing the global variables in the current
/// execution frame, or ``__main__.__dict__`` if there is no frame (usually when
/// the interpreter is embedded).
dict globals();

PYBIND11_NAMESPACE_BEGIN(detail)

/// Generic support for creating new Python heap types
class generic_type : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(generic_type, object, PyType_Check)
};

PYBIND11_NAMESPACE_BEGIN(initimpl)

/// Tag for a new-style `__init__` defined in `detail/init.h`
template <typename... Args>
struct constructor {};

/// Like `constructor`, but the constructed object is the alias type
template <typename... Args>
struct alias_constructor {};

/// Implementation for py::init(factory) / py::init(factory, alias_factory)
template <typename... Funcs>
struct factory {
  std::tuple<Funcs...> funcs;
};

/// Implementation for py::pickle(GetState, SetState)
template <typename Get, typename Set>
struct pickle_factory {
  Get get;
  Set set;
};

PYBIND11_NAMESPACE_END(initimpl)
PYBIND11_NAMESPACE_END(detail)

/// Binds an existing constructor taking arguments Args...
template <typename... Args>
detail::initimpl::constructor<Args...> init();
/// Like `init<Args...>()`, but the instance is always constructed through the
/// alias class (even when not inheriting on the Python side).
template <typename... Args>
detail::initimpl::alias_constructor<Args...> init_alias();

/// Binds a factory function as a constructor
template <typename Func, typename Ret = detail::initimpl::factory<Func>>
Ret init(Func&& f) {
  return {std::tuple<Func>(std::forward<Func>(f))};
}

/// Dual-argument factory function: the first function is called when no alias
/// is needed, the second when an alias is needed (i.e. due to python-side
/// inheritance).  Arguments must be identical.
template <
    typename CFunc,
    typename AFunc,
    typename Ret = detail::initimpl::factory<CFunc, AFunc>>
Ret init(CFunc&& c, AFunc&& a) {
  return {std::tuple<CFunc, AFunc>(std::forward<CFunc>(c), std::forward<AFunc>(a))};
}

/// Binds pickling functions `__getstate__` and `__setstate__` and ensures that
/// the type returned by `__getstate__` is the same as the argument accepted by
/// `__setstate__`.
template <typename GetState, typename SetState>
detail::initimpl::pickle_factory<GetState, SetState> pickle(
    GetState&& g,
    SetState&& s) {
  return {std::forward<GetState>(g), std::forward<SetState>(s)};
}

template <typename type_, typename... options>
class class_ : public detail::generic_type {
 public:
  using type = type_;

  template <typename... Extra>
  class_(handle scope, const char* name, const Extra&... extra) {}

  template <typename Func, typename... Extra>
  class_& def(const char* name_, Func&& f, const Extra&... extra) {
    return *this;
  }

  template <typename Func, typename... Extra>
  class_& def_static(const char* name_, Func&& f, const Extra&... extra) {
    return *this;
  }

  template <typename T, typename... Extra>
  class_& def_cast(const T& op, const Extra&... extra) {
    return *this;
  }

  template <typename... Args, typename... Extra>
  class_& def(
      const detail::initimpl::constructor<Args...>& init,
      const Extra&... extra) {
    return *this;
  }

  template <typename... Args, typename... Extra>
  class_& def(
      const detail::initimpl::alias_constructor<Args...>& init,
      const Extra&... extra) {
    return *this;
  }

  template <typename... Args, typename... Extra>
  class_& def(detail::initimpl::factory<Args...>&& init, const Extra&... extra) {
    return *this;
  }

  template <typename... Args, typename... Extra>
  class_& def(
      detail::initimpl::pickle_factory<Args...>&& pf,
      const Extra&... extra) {
    return *this;
  }

  template <typename Func>
  class_& def_buffer(Func&& func) {
    return *this;
  }

  template <typename C, typename D, typename... Extra>
  class_& def_readwrite(const char* name, D C::*pm, const Extra&... extra) {
    return *this;
  }

  template <typename C, typename D, typename... Extra>
  class_& def_readonly(const char* name, const D C::*pm, const Extra&... extra) {
    return *this;
  }

  template <typename D, typename... Extra>
  class_& def_readwrite_static(const char* name, D* pm, const Extra&... extra) {
    return *this;
  }

  template <typename D, typename... Extra>
  class_& def_readonly_static(
      const char* name,
      const D* pm,
      const Extra&... extra) {
    return *this;
  }

  /// Uses return_value_policy::reference_internal by default
  template <typename Getter, typename... Extra>
  class_& def_property_readonly(
      const char* name,
      const Getter& fget,
      const Extra&... extra) {
    return *this;
  }

  /// Uses cpp_function's return_value_policy by default
  template <typename... Extra>
  class_& def_property_readonly(
      const char* name,
      const cpp_function& fget,
      const Extra&... extra) {
    return *this;
  }

  /// Uses return_value_policy::reference by default
  template <typename Getter, typename... Extra>
  class_& def_property_readonly_static(
      const char* name,
      const Getter& fget,
      const Extra&... extra) {
    return *this;
  }

  /// Uses return_value_policy::reference_internal by default
  template <typename Getter, typename Setter, typename... Extra>
  class_& def_property(
      const char* name,
      const Getter& fget,
      const Setter& fset,
      const Extra&... extra) {
    return *this;
  }

  /// Uses return_value_policy::reference by default
  template <typename Getter, typename... Extra>
  class_& def_property_static(
      const char* name,
      const Getter& fget,
      const cpp_function& fset,
      const Extra&... extra) {
    return *this;
  }
};

/// Binds C++ enumerations and enumeration classes to Python
template <typename Type>
class enum_ : public class_<Type> {
 public:
  using Base = class_<Type>;
  using Base::attr;
  using Base::def;
  using Base::def_property_readonly;
  using Base::def_property_readonly_static;
  using Underlying = typename std::underlying_type<Type>::type;
  // Scalar is the integer representation of underlying type
  using Scalar = detail::conditional_t<
      std::is_same<Underlying, signed char>::value ||
          std::is_same<Underlying, unsigned char>::value,
      int,
      Underlying>;

  template <typename... Extra>
  enum_(const handle& scope, const char* name, const Extra&... extra)
      : class_<Type>(scope, name, extra...) {}

  /// Export enumeration entries into the parent scope
  enum_& export_values() {
    return *this;
  }

  /// Add an enumeration entry
  enum_& value(char const* name, Type value, const char* doc = nullptr) {
    return *this;
  }
};

template <typename InputType, typename OutputType>
void implicitly_convertible() {}

/**
 * Wrapper to generate a new Python exception type.
 *
 * This should only be used with py::set_error() for now.
 * It is not (yet) possible to use as a py::base.
 * Template type argument is reserved for future use.
 */
template <typename type>
class exception : public object {
 public:
  exception() = default;
  exception(handle scope, const char* name, handle base = handle());

  // Sets the current python exception to this exception object with the given
  // message
  PYBIND11_DEPRECATED("Please use py::set_error() instead "
                      "(https://github.com/pybind/pybind11/pull/4772)")
  void operator()(const char* message) const;
};

/**
 * Registers a Python exception in `m` of the given `name` and installs a
 * translator to translate the C++ exception to the created Python exception
 * using the what() method. This is intended for simple exception translations;
 * for more complex translation, register the exception object and translator
 * directly.
 */
template <typename CppException>
exception<CppException>& register_exception(
    handle scope,
    const char* name,
    handle base = handle());

template <typename CppException>
exception<CppException>& register_local_exception(
    handle scope,
    const char* name,
    handle base = handle());

void register_exception_translator(
    std::function<void(std::exception_ptr)> translator);

template <
    return_value_policy policy = return_value_policy::automatic_reference,
    typename... Args>
void print(Args&&... args) {}

/// C++ bindings of builtin Python exceptions
class PYBIND11_EXPORT_EXCEPTION builtin_exception : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  /// Set the error using the Python C API
  virtual void set_error() const = 0;
};

#define PYBIND11_RUNTIME_EXCEPTION(name, type)                                 \
  class PYBIND11_EXPORT_EXCEPTION name : public builtin_exception {            \
   public:                                                                     \
    using builtin_exception::builtin_exception;                                \
    name() : name("") {}                                                       \
    void set_error() const override;                                           \
  };

PYBIND11_RUNTIME_EXCEPTION(stop_iteration, PyExc_StopIteration)
PYBIND11_RUNTIME_EXCEPTION(index_error, PyExc_IndexError)
PYBIND11_RUNTIME_EXCEPTION(key_error, PyExc_KeyError)
PYBIND11_RUNTIME_EXCEPTION(value_error, PyExc_ValueError)
PYBIND11_RUNTIME_EXCEPTION(type_error, PyExc_TypeError)
PYBIND11_RUNTIME_EXCEPTION(buffer_error, PyExc_BufferError)
PYBIND11_RUNTIME_EXCEPTION(import_error, PyExc_ImportError)
PYBIND11_RUNTIME_EXCEPTION(attribute_error, PyExc_AttributeError)
PYBIND11_RUNTIME_EXCEPTION(cast_error, PyExc_RuntimeError) /// Thrown when pybind11::cast or
                                                           /// handle::call fail due to a type
                                                           /// casting error
PYBIND11_RUNTIME_EXCEPTION(reference_cast_error, PyExc_RuntimeError) /// Used internally

/// Makes a python iterator from a first and past-the-end C++ InputIterator.
template <
    return_value_policy Policy = return_value_policy::reference_internal,
    typename Iterator,
    typename Sentinel,
    typename... Extra>
iterator make_iterator(Iterator first, Sentinel last, Extra&&... extra) {
  return iterator();
}

/// Makes an iterator over values of an stl container or other container
/// supporting `std::begin()`/`std::end()`
template <
    return_value_policy Policy = return_value_policy::reference_internal,
    typename Type,
    typename... Extra>
iterator make_iterator(Type& value, Extra&&... extra) {
  return iterator();
}

PYBIND11_NAMESPACE_END(PYBIND11_NAMESPACE)

#pragma GCC diagnostic pop
