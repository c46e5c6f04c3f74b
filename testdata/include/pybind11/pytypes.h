#pragma once
// MOCK of <pybind11/pytypes.h> (pybind11 2.13) for fast torchlint unit tests.
// Declarations only; modelled on the real header.

// Mock-only: trivial bodies below intentionally ignore their parameters.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "detail/common.h"

PYBIND11_NAMESPACE_BEGIN(PYBIND11_NAMESPACE)

/* A few forward declarations */
class handle;
class object;
class str;
class iterator;
class type;
struct arg;
struct arg_v;
class tuple;
class dict;
class list;
class args;
class kwargs;
struct buffer_info;

PYBIND11_NAMESPACE_BEGIN(detail)
class args_proxy;
bool isinstance_generic(handle obj, const std::type_info& tp);

// Accessor forward declarations
template <typename Policy>
class accessor;
namespace accessor_policies {
struct obj_attr;
struct str_attr;
struct generic_item;
struct sequence_item;
struct list_item;
struct tuple_item;
} // namespace accessor_policies
using obj_attr_accessor = accessor<accessor_policies::obj_attr>;
using str_attr_accessor = accessor<accessor_policies::str_attr>;
using item_accessor = accessor<accessor_policies::generic_item>;
using sequence_accessor = accessor<accessor_policies::sequence_item>;
using list_accessor = accessor<accessor_policies::list_item>;
using tuple_accessor = accessor<accessor_policies::tuple_item>;

/// Tag and check to identify a class which implements the Python object API
class pyobject_tag {};
template <typename T>
using is_pyobject = std::is_base_of<pyobject_tag, remove_reference_t<T>>;

/** \rst
    A mixin class which adds common functions to `handle`, `object` and
    various accessors. The only requirement for `Derived` is to implement
    ``PyObject *Derived::ptr() const``.
\endrst */
template <typename Derived>
class object_api : public pyobject_tag {
 public:
  /** \rst
      Return an iterator equivalent to calling ``iter()`` in Python. The object
      must be a collection which supports the iteration protocol.
  \endrst */
  iterator begin() const;
  /// Return a sentinel which ends iteration.
  iterator end() const;

  /** \rst
      Return an internal functor to invoke the object's sequence protocol.
      Casting the returned ``detail::item_accessor`` instance to a `handle` or
      `object` subclass causes a corresponding call to ``__getitem__``.
      Assigning a `handle` or `object` subclass causes a call to
      ``__setitem__``.
  \endrst */
  item_accessor operator[](handle key) const;
  /// See above (the only difference is that the key's reference is stolen)
  item_accessor operator[](object&& key) const;
  /// See above (the only difference is that the key is provided as a string
  /// literal)
  item_accessor operator[](const char* key) const;

  /** \rst
      Return an internal functor to access the object's attributes. Casting
      the returned ``detail::obj_attr_accessor`` instance to a `handle` or
      `object` subclass causes a corresponding call to ``getattr``. Assigning
      a `handle` or `object` subclass causes a call to ``setattr``.
  \endrst */
  obj_attr_accessor attr(handle key) const;
  /// See above (the only difference is that the key's reference is stolen)
  obj_attr_accessor attr(object&& key) const;
  /// See above (the only difference is that the key is provided as a string
  /// literal)
  str_attr_accessor attr(const char* key) const;

  /** \rst
      Matches * unpacking in Python, e.g. to unpack arguments out of a
      ``tuple`` or ``list`` for a function call. Applying another * to the
      result yields ** unpacking, e.g. to unpack a dict as function keyword
      arguments. See :ref:`calling_python_functions`.
  \endrst */
  args_proxy operator*() const;

  /// Check if the given item is contained within this object, i.e.
  /// ``item in obj``.
  template <typename T>
  bool contains(T&& item) const;

  /** \rst
      Assuming the Python object is a function or implements the ``__call__``
      protocol, ``operator()`` invokes the underlying function, passing an
      arbitrary set of parameters. The result is returned as a `object` and
      may need to be converted back into a Python object using
      `handle::cast()`.

      When some of the arguments cannot be converted to Python objects, the
      function will throw a `cast_error` exception. When the Python function
      call fails, a `error_already_set` exception is thrown.
  \endrst */
  template <
      return_value_policy policy = return_value_policy::automatic_reference,
      typename... Args>
  object operator()(Args&&... args) const;

  /// Equivalent to ``obj is other`` in Python.
  bool is(object_api const& other) const;
  /// Equivalent to ``obj is None`` in Python.
  bool is_none() const;
  /// Equivalent to obj == other in Python
  bool equal(object_api const& other) const;
  bool not_equal(object_api const& other) const;
  bool operator<(object_api const& other) const;
  bool operator<=(object_api const& other) const;
  bool operator>(object_api const& other) const;
  bool operator>=(object_api const& other) const;

  object operator-() const;
  object operator~() const;
  object operator+(object_api const& other) const;
  object operator+=(object_api const& other);
  object operator-(object_api const& other) const;
  object operator-=(object_api const& other);
  object operator*(object_api const& other) const;
  object operator*=(object_api const& other);
  object operator/(object_api const& other) const;
  object operator/=(object_api const& other);
  object operator|(object_api const& other) const;
  object operator|=(object_api const& other);
  object operator&(object_api const& other) const;
  object operator&=(object_api const& other);
  object operator^(object_api const& other) const;
  object operator^=(object_api const& other);
  object operator<<(object_api const& other) const;
  object operator<<=(object_api const& other);
  object operator>>(object_api const& other) const;
  object operator>>=(object_api const& other);

  /// Get or set the object's docstring, i.e. ``obj.__doc__``.
  str_attr_accessor doc() const;

  /// Return the object's current reference count
  ssize_t ref_count() const;

  /// Return a handle to the Python type object underlying the instance
  handle get_type() const;
};

PYBIND11_NAMESPACE_END(detail)

/** \rst
    Holds a reference to a Python object (no reference counting)

    The `handle` class is a thin wrapper around an arbitrary Python object
    (i.e. a ``PyObject *`` in Python's C API). It does not perform any
    automatic reference counting and merely provides a basic C++ interface to
    various Python API functions.

    .. seealso::
        The `object` class inherits from `handle` and adds automatic reference
        counting features.
\endrst */
class handle : public detail::object_api<handle> {
 public:
  /// The default constructor creates a handle with a ``nullptr``-valued
  /// pointer
  handle() = default;

  /// Enable implicit conversion from ``PyObject *`` and ``nullptr``.
  /// Not using ``handle(PyObject *ptr)`` to avoid implicit conversion from
  /// ``0``.
  template <
      typename T,
      detail::enable_if_t<
          std::is_same<T, PyObject*>::value ||
              std::is_same<T, std::nullptr_t>::value,
          int> = 0>
  // NOLINTNEXTLINE(google-explicit-constructor)
  handle(T ptr) : m_ptr(ptr) {}

  /// Enable implicit conversion through ``T::operator PyObject *()``.
  template <
      typename T,
      detail::enable_if_t<
          !std::is_same<T, PyObject*>::value &&
              !std::is_same<T, std::nullptr_t>::value &&
              std::is_convertible<T, PyObject*>::value,
          int> = 0>
  // NOLINTNEXTLINE(google-explicit-constructor)
  handle(T& obj);

  /// Return the underlying ``PyObject *`` pointer
  PyObject* ptr() const { return m_ptr; }
  PyObject*& ptr() { return m_ptr; }

  /** \rst
      Manually increase the reference count of the Python object. Usually, it
      is preferable to use the `object` class which derives from `handle` and
      calls this function automatically. Returns a reference to itself.
  \endrst */
  const handle& inc_ref() const&;

  /** \rst
      Manually decrease the reference count of the Python object. Usually, it
      is preferable to use the `object` class which derives from `handle` and
      calls this function automatically. Returns a reference to itself.
  \endrst */
  const handle& dec_ref() const&;

  /** \rst
      Attempt to cast the Python object into the given C++ type. A
      `cast_error` will be throw upon failure.
  \endrst */
  template <typename T>
  T cast() const;
  /// Return ``true`` when the `handle` wraps a valid Python object
  explicit operator bool() const { return m_ptr != nullptr; }
  /** \rst
      Deprecated: Check that the underlying pointers are the same.
      Equivalent to ``obj1 is obj2`` in Python.
  \endrst */
  PYBIND11_DEPRECATED("Use obj1.is(obj2) instead")
  bool operator==(const handle& h) const { return m_ptr == h.m_ptr; }
  PYBIND11_DEPRECATED("Use !obj1.is(obj2) instead")
  bool operator!=(const handle& h) const { return m_ptr != h.m_ptr; }
  PYBIND11_DEPRECATED("Use handle::operator bool() instead")
  bool check() const { return m_ptr != nullptr; }

 protected:
  PyObject* m_ptr = nullptr;
};

/** \rst
    Holds a reference to a Python object (with reference counting)

    Like `handle`, the `object` class is a thin wrapper around an arbitrary
    Python object (i.e. a ``PyObject *`` in Python's C API). In contrast to
    `handle`, it optionally increases the object's reference count upon
    construction, and it *always* decreases the reference count when the
    `object` instance goes out of scope and is destructed. When using `object`
    instances consistently, it is much easier to get reference counting right
    at the first attempt.
\endrst */
class object : public handle {
 public:
  object() = default;
  PYBIND11_DEPRECATED("Use reinterpret_borrow<object>() or reinterpret_steal<object>()")
  object(handle h, bool is_borrowed);
  /// Copy constructor; always increases the reference count
  object(const object& o);
  /// Move constructor; steals the object from ``other`` and preserves its
  /// reference count
  object(object&& other) noexcept;
  /// Destructor; automatically calls `handle::dec_ref()`
  ~object();

  /** \rst
      Resets the internal pointer to ``nullptr`` without decreasing the
      object's reference count. The function returns a raw handle to the
      original Python object.
  \endrst */
  handle release();

  object& operator=(const object& other);
  object& operator=(object&& other) noexcept;

#define PYBIND11_INPLACE_OP(iop)                                               \
  object iop(object_api const& other) {                                        \
    return operator=(handle::iop(other));                                      \
  }

  // Calling cast() on an object lvalue just copies (via handle::cast)
  template <typename T>
  T cast() const&;
  // Calling on an object rvalue does a move, if needed and/or possible
  template <typename T>
  T cast() &&;

 protected:
  // Tags for choosing constructors from raw PyObject *
  struct borrowed_t {};
  struct stolen_t {};

  friend class handle;

 public:
  // Only accessible from derived classes and the reinterpret_* functions
  object(handle h, borrowed_t);
  object(handle h, stolen_t);
};

#undef PYBIND11_INPLACE_OP

/** \rst
    Declare that a `handle` or ``PyObject *`` is a certain type and borrow the
    reference. The target type ``T`` must be `object` or one of its
    derived classes. The function doesn't do any conversions or checks. It's
    up to the user to make sure that the target type is correct.
\endrst */
template <typename T>
T reinterpret_borrow(handle h);

/** \rst
    Like `reinterpret_borrow`, but steals the reference.
\endrst */
template <typename T>
T reinterpret_steal(handle h);

PYBIND11_NAMESPACE_BEGIN(detail)

// Equivalent to obj.__class__.__name__ (or obj.__name__ if obj is a class).
std::string obj_class_name(PyObject* obj);

std::string error_string();

PYBIND11_NAMESPACE_END(detail)

/// Fetch and hold an error which was already set in Python.  An instance of
/// this is typically thrown to propagate python-side errors back through C++
/// which can either be caught manually or else falls back to the function
/// dispatcher (which then raises the captured error back to python).
class PYBIND11_EXPORT_EXCEPTION error_already_set : public std::exception {
 public:
  /// Fetches the current Python exception (using PyErr_Fetch()), which will
  /// clear the current Python error indicator.
  error_already_set();

  /// The C++ standard explicitly prohibits deleting this copy ctor: C++17
  /// 15.1.5
  error_already_set(const error_already_set&) = default;
  error_already_set(error_already_set&&) = default;

  /// The what() result is built lazily on demand.
  const char* what() const noexcept override;

  /// Restores the currently-held Python error (which will clear the Python
  /// error indicator first if already set).
  void restore();

  /// If it is impossible to raise the currently-held error, such as in a
  /// destructor, we can write it out using Python's unraisable hook
  /// (`sys.unraisablehook`).
  void discard_as_unraisable(object err_context);
  void discard_as_unraisable(const char* err_context);

  /// Check if the currently trapped error type matches the given Python
  /// exception class (or a subclass thereof).
  bool matches(handle exc) const;

  const object& type() const;
  const object& value() const;
  const object& trace() const;
};

/// Replaces the current Python error indicator with the chosen error,
/// performing a 'raise from' to indicate that the chosen error was caused by
/// the original error.
void raise_from(PyObject* type, const char* message);

/// Sets the current Python error indicator with the chosen error, performing a
/// 'raise from' from the error contained in error_already_set to indicate that
/// the chosen error was caused by the original error.
void raise_from(error_already_set& err, PyObject* type, const char* message);

void set_error(const handle& type, const char* message);
void set_error(const handle& type, const handle& value);

/** \defgroup python_builtins const_name
    Unless stated otherwise, the following C++ functions behave the same
    as their Python counterparts.
 */

/** \ingroup python_builtins
    \rst
    Return true if ``obj`` is an instance of ``T``. Type ``T`` must be a
    subclass of `object` or a class which was exposed to Python as
    ``py::class_<T>``.
\endrst */
template <typename T>
bool isinstance(handle obj);

/// \ingroup python_builtins
/// Return true if ``obj`` is an instance of the ``type``.
bool isinstance(handle obj, handle type);

/// \addtogroup python_builtins
/// @{
bool hasattr(handle obj, handle name);
bool hasattr(handle obj, const char* name);
void delattr(handle obj, handle name);
void delattr(handle obj, const char* name);
object getattr(handle obj, handle name);
object getattr(handle obj, const char* name);
object getattr(handle obj, handle name, handle default_);
object getattr(handle obj, const char* name, handle default_);
void setattr(handle obj, handle name, handle value);
void setattr(handle obj, const char* name, handle value);
ssize_t hash(handle obj);
/// @} python_builtins

PYBIND11_NAMESPACE_BEGIN(detail)

template <typename Policy>
class accessor : public object_api<accessor<Policy>> {
  using key_type = typename Policy::key_type;

 public:
  accessor(handle obj, key_type key);
  accessor(const accessor&) = default;
  accessor(accessor&&) noexcept = default;

  // accessor overload required to override default assignment operator
  // (templates are not allowed to replace default compiler-generated
  // assignments).
  void operator=(const accessor& a) &&;
  void operator=(const accessor& a) &;

  template <typename T>
  void operator=(T&& value) && {}
  template <typename T>
  void operator=(T&& value) & {}

  // NOLINTNEXTLINE(google-explicit-constructor)
  operator object() const;
  PyObject* ptr() const;
  template <typename T>
  T cast() const;
};

PYBIND11_NAMESPACE_BEGIN(accessor_policies)
struct obj_attr {
  using key_type = object;
};
struct str_attr {
  using key_type = const char*;
};
struct generic_item {
  using key_type = object;
};
struct sequence_item {
  using key_type = size_t;
};
struct list_item {
  using key_type = size_t;
};
struct tuple_item {
  using key_type = size_t;
};
PYBIND11_NAMESPACE_END(accessor_policies)

/// Python argument categories (using PEP 448 terms)
class args_proxy : public handle {
 public:
  explicit args_proxy(handle h) : handle(h) {}
};

PYBIND11_NAMESPACE_END(detail)

#define PYBIND11_OBJECT_COMMON(Name, Parent, CheckFun)                         \
 public:                                                                       \
  PYBIND11_DEPRECATED("Use reinterpret_borrow<" #Name ">() or reinterpret_steal<" #Name ">()") \
  Name(handle h, bool is_borrowed);                                            \
  Name(handle h, borrowed_t);                                                  \
  Name(handle h, stolen_t);                                                    \
  PYBIND11_DEPRECATED("Use py::isinstance<py::python_type>(obj) instead")      \
  bool check() const;                                                          \
  static bool check_(handle h);

#define PYBIND11_OBJECT_CVT(Name, Parent, CheckFun, ConvertFun)                \
  PYBIND11_OBJECT_COMMON(Name, Parent, CheckFun)                               \
  /* This is deliberately not 'explicit' to allow implicit conversion from     \
   * object: */                                                                \
  /* NOLINTNEXTLINE(google-explicit-constructor) */                            \
  Name(const object& o);                                                       \
  /* NOLINTNEXTLINE(google-explicit-constructor) */                            \
  Name(object&& o);

#define PYBIND11_OBJECT(Name, Parent, CheckFun)                                \
  PYBIND11_OBJECT_COMMON(Name, Parent, CheckFun)                               \
  /* This is deliberately not 'explicit' to allow implicit conversion from     \
   * object: */                                                                \
  /* NOLINTNEXTLINE(google-explicit-constructor) */                            \
  Name(const object& o);                                                       \
  /* NOLINTNEXTLINE(google-explicit-constructor) */                            \
  Name(object&& o);

#define PYBIND11_OBJECT_DEFAULT(Name, Parent, CheckFun)                        \
  PYBIND11_OBJECT(Name, Parent, CheckFun)                                      \
  Name();

/// \addtogroup pytypes
/// @{

/** \rst
    Wraps a Python iterator so that it can also be used as a C++ input iterator

    Caveat: copying an iterator does not (and cannot) clone the internal
    state of the Python iterable. This also applies to the post-increment
    operator. This iterator should only be used to retrieve the current
    value using ``operator*()``.
\endrst */
class iterator : public object {
 public:
  using iterator_category = std::input_iterator_tag;
  using difference_type = ssize_t;
  using value_type = handle;
  using reference = const handle; // PR #3263
  using pointer = const handle*;

  PYBIND11_OBJECT_DEFAULT(iterator, object, PyIter_Check)

  iterator& operator++();
  iterator operator++(int);

  // NOLINTNEXTLINE(readability-const-return-type) // PR #3263
  reference operator*() const;
  pointer operator->() const;

  /** \rst
       The value which marks the end of the iteration. ``it == iterator::sentinel()``
       is equivalent to catching ``StopIteration`` in Python.

       .. code-block:: cpp

           void foo(py::iterator it) {
               while (it != py::iterator::sentinel()) {
                  // use `*it`
                  ++it;
               }
           }
    \endrst */
  static iterator sentinel();

  friend bool operator==(const iterator& a, const iterator& b);
  friend bool operator!=(const iterator& a, const iterator& b);
};

class type : public object {
 public:
  PYBIND11_OBJECT(type, object, PyType_Check)

  /// Return a type handle from a handle or an object
  static handle handle_of(handle h);

  /// Return a type object from a handle or an object
  static type of(handle h);

  // Defined in pybind11/cast.h
  /// Convert C++ type to handle if previously registered. Does not convert
  /// standard types, like int, float. etc. yet.
  /// See https://github.com/pybind/pybind11/issues/2486
  template <typename T>
  static handle handle_of();

  /// Convert C++ type to type if previously registered. Does not convert
  /// standard types, like int, float. etc. yet.
  /// See https://github.com/pybind/pybind11/issues/2486
  template <typename T>
  static type of();
};

class iterable : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(iterable, object, detail::PyIterable_Check)
};

class bytes;

class str : public object {
 public:
  PYBIND11_OBJECT_CVT(str, object, PYBIND11_STR_CHECK_FUN, raw_str)

  template <
      typename SzType,
      detail::enable_if_t<std::is_integral<SzType>::value, int> = 0>
  str(const char* c, const SzType& n);

  // 'explicit' is explicitly omitted from the following constructors to
  // allow implicit conversion to py::str from C++ string-like objects
  // NOLINTNEXTLINE(google-explicit-constructor)
  str(const char* c = "");

  // NOLINTNEXTLINE(google-explicit-constructor)
  str(const std::string& s);

  // NOLINTNEXTLINE(google-explicit-constructor)
  str(std::string_view value);

  explicit str(const bytes& b);

  /** \rst
      Return a string representation of the object. This is analogous to
      the ``str()`` function in Python.
  \endrst */
  explicit str(handle h);

  // NOLINTNEXTLINE(google-explicit-constructor)
  operator std::string() const;

  template <typename... Args>
  str format(Args&&... args) const;
};
/// @} pytypes

inline namespace literals {
/** \rst
    String literal version of `str`
 \endrst */
str operator""_s(const char* s, size_t size);
} // namespace literals

/// \addtogroup pytypes
/// @{
class bytes : public object {
 public:
  PYBIND11_OBJECT(bytes, object, PYBIND11_BYTES_CHECK)

  // Allow implicit conversion:
  // NOLINTNEXTLINE(google-explicit-constructor)
  bytes(const char* c = "");

  template <
      typename SzType,
      detail::enable_if_t<std::is_integral<SzType>::value, int> = 0>
  bytes(const char* c, const SzType& n);

  // Allow implicit conversion:
  // NOLINTNEXTLINE(google-explicit-constructor)
  bytes(const std::string& s);

  explicit bytes(const pybind11::str& s);

  // NOLINTNEXTLINE(google-explicit-constructor)
  operator std::string() const;

  // NOLINTNEXTLINE(google-explicit-constructor)
  bytes(std::string_view s);

  // Obtain a string view that views the current `bytes` buffer value.  Note
  // that this is only valid so long as the `bytes` instance remains alive and
  // so generally should not outlive the lifetime of the `bytes` instance.
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator std::string_view() const;
};

class none : public object {
 public:
  PYBIND11_OBJECT(none, object, PyNone_Check)
  none();
};

class ellipsis : public object {
 public:
  PYBIND11_OBJECT(ellipsis, object, PyEllipsis_Check)
  ellipsis();
};

class bool_ : public object {
 public:
  PYBIND11_OBJECT_CVT(bool_, object, PyBool_Check, raw_bool)
  bool_();
  // Allow implicit conversion from and to `bool`:
  // NOLINTNEXTLINE(google-explicit-constructor)
  bool_(bool value);
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator bool() const;
};

class int_ : public object {
 public:
  PYBIND11_OBJECT_CVT(int_, object, PYBIND11_LONG_CHECK, PyNumber_Long)
  int_();
  // Allow implicit conversion from C++ integral types:
  template <
      typename T,
      detail::enable_if_t<std::is_integral<T>::value, int> = 0>
  // NOLINTNEXTLINE(google-explicit-constructor)
  int_(T value);

  template <
      typename T,
      detail::enable_if_t<std::is_integral<T>::value, int> = 0>
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator T() const;
};

class float_ : public object {
 public:
  PYBIND11_OBJECT_CVT(float_, object, PyFloat_Check, PyNumber_Float)
  // Allow implicit conversion from float/double:
  // NOLINTNEXTLINE(google-explicit-constructor)
  float_(float value);
  // NOLINTNEXTLINE(google-explicit-constructor)
  float_(double value = .0);
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator float() const;
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator double() const;
};

class weakref : public object {
 public:
  PYBIND11_OBJECT(weakref, object, PyWeakref_Check)
  explicit weakref(handle obj, handle callback = {});
};

class slice : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(slice, object, PySlice_Check)
  slice(handle start, handle stop, handle step);
  slice(ssize_t start_, ssize_t stop_, ssize_t step_);

  bool compute(
      size_t length,
      size_t* start,
      size_t* stop,
      size_t* step,
      size_t* slicelength) const;
  bool compute(
      ssize_t length,
      ssize_t* start,
      ssize_t* stop,
      ssize_t* step,
      ssize_t* slicelength) const;
};

class capsule : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(capsule, object, PyCapsule_CheckExact)
  PYBIND11_DEPRECATED("Use reinterpret_borrow<capsule>() or reinterpret_steal<capsule>()")
  capsule(PyObject* ptr, bool is_borrowed);

  explicit capsule(
      const void* value,
      const char* name = nullptr,
      void (*destructor)(PyObject*) = nullptr);

  capsule(const void* value, void (*destructor)(void*));

  /// Capsule name is nullptr.
  capsule(const void* value, const char* name, void (*destructor)(void*));

  explicit capsule(void (*destructor)());

  template <typename T>
  operator T*() const; // NOLINT(google-explicit-constructor)

  /// Get the pointer the capsule holds.
  template <typename T = void>
  T* get_pointer() const;

  /// Replaces a capsule's pointer *without* calling the destructor on the
  /// existing one.
  void set_pointer(const void* value);

  const char* name() const;
};

class tuple : public object {
 public:
  PYBIND11_OBJECT_CVT(tuple, object, PyTuple_Check, PySequence_Tuple)
  template <
      typename SzType = ssize_t,
      detail::enable_if_t<std::is_integral<SzType>::value, int> = 0>
  // Some compilers generate link errors when using `const SzType &` here:
  explicit tuple(SzType size = 0);
  size_t size() const;
  bool empty() const;
  detail::tuple_accessor operator[](size_t index) const;
  template <
      typename T,
      detail::enable_if_t<detail::is_pyobject<T>::value, int> = 0>
  detail::item_accessor operator[](T&& o) const;
  iterator begin() const;
  iterator end() const;
};

class dict : public object {
 public:
  PYBIND11_OBJECT_CVT(dict, object, PyDict_Check, raw_dict)
  dict();
  template <
      typename... Args,
      typename = detail::enable_if_t<
          (sizeof...(Args) > 0) &&
          std::conjunction<std::is_base_of<arg, std::decay_t<Args>>...>::value>>
  // NOLINTNEXTLINE(google-explicit-constructor)
  explicit dict(Args&&... args);

  size_t size() const;
  bool empty() const;
  iterator begin() const;
  iterator end() const;
  void clear() /* py-non-const */;
  template <typename T>
  bool contains(T&& key) const;
};

class sequence : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(sequence, object, PySequence_Check)
  size_t size() const;
  bool empty() const;
  detail::sequence_accessor operator[](size_t index) const;
  template <
      typename T,
      detail::enable_if_t<detail::is_pyobject<T>::value, int> = 0>
  detail::item_accessor operator[](T&& o) const;
  iterator begin() const;
  iterator end() const;
};

class list : public object {
 public:
  PYBIND11_OBJECT_CVT(list, object, PyList_Check, PySequence_List)
  template <
      typename SzType = ssize_t,
      detail::enable_if_t<std::is_integral<SzType>::value, int> = 0>
  // Some compilers generate link errors when using `const SzType &` here:
  explicit list(SzType size = 0);
  size_t size() const;
  bool empty() const;
  detail::list_accessor operator[](size_t index) const;
  template <
      typename T,
      detail::enable_if_t<detail::is_pyobject<T>::value, int> = 0>
  detail::item_accessor operator[](T&& o) const;
  iterator begin() const;
  iterator end() const;
  template <typename T>
  void append(T&& val) /* py-non-const */ {}
  template <
      typename IdxType,
      typename ValType,
      detail::enable_if_t<std::is_integral<IdxType>::value, int> = 0>
  void insert(const IdxType& index, ValType&& val) /* py-non-const */ {}
  void clear() /* py-non-const */;
};

class args : public tuple {
  PYBIND11_OBJECT_DEFAULT(args, tuple, PyTuple_Check)
};
class kwargs : public dict {
  PYBIND11_OBJECT_DEFAULT(kwargs, dict, PyDict_Check)
};

class anyset : public object {
 public:
  PYBIND11_OBJECT(anyset, object, PyAnySet_Check)
  size_t size() const;
  bool empty() const;
  template <typename T>
  bool contains(T&& val) const;
};

class set : public anyset {
 public:
  PYBIND11_OBJECT_CVT(set, anyset, PySet_Check, PySet_New)
  set();
  template <typename T>
  bool add(T&& val) /* py-non-const */ {
    return true;
  }
  void clear() /* py-non-const */;
};

class function : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(function, object, PyCallable_Check)
  handle cpp_function() const;
  bool is_cpp_function() const;
};

class staticmethod : public object {
 public:
  PYBIND11_OBJECT_CVT(staticmethod, object, detail::PyStaticMethod_Check, PyStaticMethod_New)
};

class buffer : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(buffer, object, PyObject_CheckBuffer)

  buffer_info request(bool writable = false) const;
};

class memoryview : public object {
 public:
  PYBIND11_OBJECT_CVT(memoryview, object, PyMemoryView_Check, PyMemoryView_FromObject)

  /** \rst
      Creates ``memoryview`` from static buffer.
  \endrst */
  static memoryview from_buffer(
      void* ptr,
      ssize_t itemsize,
      const char* format,
      detail::any_container<ssize_t> shape,
      detail::any_container<ssize_t> strides,
      bool readonly = false);

  /** \rst
      Creates ``memoryview`` from static memory.
  \endrst */
  static memoryview from_memory(void* mem, ssize_t size, bool readonly = false);
};
/// @} pytypes

/// \addtogroup python_builtins
/// @{

/// Get the length of a Python object.
size_t len(handle h);

/// Get the length hint of a Python object.
/// Returns 0 when this cannot be determined.
size_t len_hint(handle h);

str repr(handle h);

iterator iter(handle obj);
/// @} python_builtins

PYBIND11_NAMESPACE_END(PYBIND11_NAMESPACE)

#pragma GCC diagnostic pop
