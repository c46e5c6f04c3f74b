#pragma once
// MOCK of <pybind11/numpy.h> (pybind11 2.13) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include "pybind11.h"

PYBIND11_NAMESPACE_BEGIN(PYBIND11_NAMESPACE)

class dtype; // Forward declaration
class array; // Forward declaration

PYBIND11_NAMESPACE_BEGIN(detail)

struct npy_api {
  enum constants {
    NPY_ARRAY_C_CONTIGUOUS_ = 0x0001,
    NPY_ARRAY_F_CONTIGUOUS_ = 0x0002,
    NPY_ARRAY_OWNDATA_ = 0x0004,
    NPY_ARRAY_FORCECAST_ = 0x0010,
    NPY_ARRAY_ENSUREARRAY_ = 0x0040,
    NPY_ARRAY_ALIGNED_ = 0x0100,
    NPY_ARRAY_WRITEABLE_ = 0x0400,
  };
};

/** Proxy class providing unsafe, unchecked const access to array data.  This
 * is constructed through the `unchecked<T, N>()` method of `array` or the
 * `unchecked<N>()` method of `array_t<T>`.  `Dims` will be -1 for
 * dimensionality unknown at compile time.
 */
template <typename T, ssize_t Dims>
class unchecked_reference {
 public:
  /**
   * Unchecked const reference access to data at the given indices.  For a
   * compile-time known number of dimensions, this requires the correct number
   * of arguments; for run-time dimensionality, this is not checked (and so is
   * up to the caller to use safely).
   */
  template <typename... Ix>
  const T& operator()(Ix... index) const;
  /**
   * Unchecked const reference access to data; this operator only participates
   * if the reference is to a 1-dimensional array.  When present, this is
   * exactly equivalent to `obj(index)`.
   */
  template <ssize_t D = Dims, typename = enable_if_t<D == 1 || Dims < 0>>
  const T& operator[](ssize_t index) const;

  /// Pointer access to the data at the given indices.
  template <typename... Ix>
  const T* data(Ix... ix) const;

  /// Returns the item size, i.e. sizeof(T)
  static constexpr ssize_t itemsize() { return sizeof(T); }

  /// Returns the shape (i.e. size) of dimension `dim`
  ssize_t shape(ssize_t dim) const;

  /// Returns the number of dimensions of the array
  ssize_t ndim() const;

  /// Returns the total number of elements in the referenced array, i.e. the
  /// product of the shapes
  ssize_t size() const;

  /// Returns the total number of bytes used by the referenced data.  Note
  /// that the actual span in memory may be larger if the referenced array has
  /// non-contiguous strides (e.g. for a slice).
  ssize_t nbytes() const;
};

template <typename T, ssize_t Dims>
class unchecked_mutable_reference : public unchecked_reference<T, Dims> {
  using ConstBase = unchecked_reference<T, Dims>;

 public:
  // Bring in const-qualified versions from base class
  using ConstBase::operator();
  using ConstBase::operator[];

  /// Mutable, unchecked access to data at the given indices.
  template <typename... Ix>
  T& operator()(Ix... index);
  /**
   * Mutable, unchecked access data at the given index; this operator only
   * participates if the reference is to a 1-dimensional array (or has
   * runtime dimensions).  When present, this is exactly equivalent to
   * `obj(index)`.
   */
  template <ssize_t D = Dims, typename = enable_if_t<D == 1 || Dims < 0>>
  T& operator[](ssize_t index);

  /// Mutable pointer access to the data at the given indices.
  template <typename... Ix>
  T* mutable_data(Ix... ix);
};

PYBIND11_NAMESPACE_END(detail)

class dtype : public object {
 public:
  PYBIND11_OBJECT_DEFAULT(dtype, object, detail::npy_api::get().PyArrayDescr_Check_)

  explicit dtype(const buffer_info& info);

  explicit dtype(const pybind11::str& format);

  explicit dtype(const std::string& format);

  explicit dtype(const char* format);

  dtype(list names, list formats, list offsets, ssize_t itemsize);

  explicit dtype(int typenum);

  /// This is essentially the same as calling numpy.dtype(args) in Python.
  static dtype from_args(const object& args);

  /// Return dtype associated with a C++ type.
  template <typename T>
  static dtype of();

  /// Size of the data type in bytes.
  ssize_t itemsize() const;

  /// Returns true for structured data types.
  bool has_fields() const;

  /// Single-character code for dtype's kind.
  /// For example, floating point types are 'f' and integral types are 'i'.
  char kind() const;

  /// Single-character for dtype's type.
  /// For example, ``float`` is 'f', ``double`` 'd', ``int`` 'i', and ``long``
  /// 'l'.
  char char_() const;

  /// type number of dtype.
  int num() const;

  /// Single character for byteorder
  char byteorder() const;

  /// Alignment of the data type
  int alignment() const;

  /// Flags for the array descriptor
  char flags() const;
};

class array : public buffer {
 public:
  PYBIND11_OBJECT_CVT(array, buffer, detail::npy_api::get().PyArray_Check_, raw_array)

  enum {
    c_style = detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_,
    f_style = detail::npy_api::NPY_ARRAY_F_CONTIGUOUS_,
    forcecast = detail::npy_api::NPY_ARRAY_FORCECAST_
  };

  array();

  using ShapeContainer = detail::any_container<ssize_t>;
  using StridesContainer = detail::any_container<ssize_t>;

  // Constructs an array taking shape/strides from arbitrary container types
  array(
      const pybind11::dtype& dt,
      ShapeContainer shape,
      StridesContainer strides,
      const void* ptr = nullptr,
      handle base = handle());

  array(
      const pybind11::dtype& dt,
      ShapeContainer shape,
      const void* ptr = nullptr,
      handle base = handle());

  template <
      typename T,
      typename =
          detail::enable_if_t<std::is_integral<T>::value && !std::is_same<bool, T>::value>>
  array(
      const pybind11::dtype& dt,
      T count,
      const void* ptr = nullptr,
      handle base = handle());

  template <typename T>
  array(
      ShapeContainer shape,
      StridesContainer strides,
      const T* ptr,
      handle base = handle());

  template <typename T>
  array(ShapeContainer shape, const T* ptr, handle base = handle());

  template <typename T>
  explicit array(ssize_t count, const T* ptr, handle base = handle());

  explicit array(const buffer_info& info, handle base = handle());

  /// Array descriptor (dtype)
  pybind11::dtype dtype() const;

  /// Total number of elements
  ssize_t size() const;

  /// Byte size of a single element
  ssize_t itemsize() const;

  /// Total number of bytes
  ssize_t nbytes() const;

  /// Number of dimensions
  ssize_t ndim() const;

  /// Base object
  object base() const;

  /// Dimensions of the array
  const ssize_t* shape() const;

  /// Dimension along a given axis
  ssize_t shape(ssize_t dim) const;

  /// Strides of the array
  const ssize_t* strides() const;

  /// Stride along a given axis
  ssize_t strides(ssize_t dim) const;

  /// Return the NumPy array flags
  int flags() const;

  /// If set, the array is writeable (otherwise the buffer is read-only)
  bool writeable() const;

  /// If set, the array owns the data (will be freed when the array is
  /// deleted)
  bool owndata() const;

  /// Pointer to the contained data. If index is not provided, points to the
  /// beginning of the buffer. May throw if the index would lead to
  /// out of bounds access.
  template <typename... Ix>
  const void* data(Ix... index) const;

  /// Mutable pointer to the contained data. If index is not provided, points
  /// to the beginning of the buffer. May throw if the index would lead to out
  /// of bounds access. May throw if the array is not writeable.
  template <typename... Ix>
  void* mutable_data(Ix... index);

  /// Byte offset from beginning of the array to a given index (full or
  /// partial). May throw if the index would lead to out of bounds access.
  template <typename... Ix>
  ssize_t offset_at(Ix... index) const;

  ssize_t offset_at() const;

  /// Item count from beginning of the array to a given index (full or
  /// partial). May throw if the index would lead to out of bounds access.
  template <typename... Ix>
  ssize_t index_at(Ix... index) const;

  /**
   * Returns a proxy object that provides access to the array's data without
   * bounds or dimensionality checking.  Will throw if the array is missing the
   * `writeable` flag.  Use with care: the array must not be destroyed or
   * reshaped for the duration of the returned object, and the caller must
   * take care not to access invalid dimensions or dimension indices.
   */
  template <typename T, ssize_t Dims = -1>
  detail::unchecked_mutable_reference<T, Dims> mutable_unchecked() &;

  /**
   * Returns a proxy object that provides const access to the array's data
   * without bounds or dimensionality checking.  Unlike `mutable_unchecked()`,
   * this does not require that the underlying array have the `writable` flag
   * set.  Use with care: the array must not be destroyed or reshaped for the
   * duration of the returned object, and the caller must take care not to
   * access invalid dimensions or dimension indices.
   */
  template <typename T, ssize_t Dims = -1>
  detail::unchecked_reference<T, Dims> unchecked() const&;

  /// Return a new view with all of the dimensions of length 1 removed
  array squeeze();

  /// Resize array to given shape
  /// If refcheck is true and more that one reference exist to this array
  /// then resize will succeed only if it makes a reshape, i.e. original size
  /// doesn't change
  void resize(ShapeContainer new_shape, bool refcheck = true);

  /// Optional `order` parameter omitted, to be added as needed.
  array reshape(ShapeContainer new_shape);

  /// Create a view of an array in a different data type.
  /// This function may fundamentally reinterpret the data in the array.
  /// It is the responsibility of the caller to ensure that this is safe.
  /// Only supports the `dtype` argument, the `type` argument is omitted,
  /// to be added as needed.
  array view(const std::string& dtype);

  /// Ensure that the argument is a NumPy array
  /// In case of an error, nullptr is returned and the Python error is cleared.
  static array ensure(handle h, int ExtraFlags = 0);
};

template <typename T, int ExtraFlags = array::forcecast>
class array_t : public array {
 public:
  static_assert(
      !std::is_pointer<T>::value,
      "Pointer types are not supported by array_t<T>");
  using value_type = T;

  array_t();
  array_t(handle h, borrowed_t);
  array_t(handle h, stolen_t);

  PYBIND11_DEPRECATED("Use array_t<T>::ensure() instead")
  array_t(handle h, bool is_borrowed);

  // NOLINTNEXTLINE(google-explicit-constructor)
  array_t(const object& o);

  explicit array_t(const buffer_info& info, handle base = handle());

  array_t(
      ShapeContainer shape,
      StridesContainer strides,
      const T* ptr = nullptr,
      handle base = handle());

  explicit array_t(
      ShapeContainer shape,
      const T* ptr = nullptr,
      handle base = handle());

  explicit array_t(ssize_t count, const T* ptr = nullptr, handle base = handle());

  constexpr ssize_t itemsize() const { return sizeof(T); }

  template <typename... Ix>
  ssize_t index_at(Ix... index) const;

  template <typename... Ix>
  const T* data(Ix... index) const;

  template <typename... Ix>
  T* mutable_data(Ix... index);

  // Reference to element at a given index
  template <typename... Ix>
  const T& at(Ix... index) const;

  // Mutable reference to element at a given index
  template <typename... Ix>
  T& mutable_at(Ix... index);

  /**
   * Returns a proxy object that provides access to the array's data without
   * bounds or dimensionality checking.  Will throw if the array is missing the
   * `writeable` flag.  Use with care: the array must not be destroyed or
   * reshaped for the duration of the returned object, and the caller must
   * take care not to access invalid dimensions or dimension indices.
   */
  template <ssize_t Dims = -1>
  detail::unchecked_mutable_reference<T, Dims> mutable_unchecked() &;

  /**
   * Returns a proxy object that provides const access to the array's data
   * without bounds or dimensionality checking.  Unlike `unchecked()`, this
   * does not require that the underlying array have the `writable` flag set.
   * Use with care: the array must not be destroyed or reshaped for the
   * duration of the returned object, and the caller must take care not to
   * access invalid dimensions or dimension indices.
   */
  template <ssize_t Dims = -1>
  detail::unchecked_reference<T, Dims> unchecked() const&;

  /// Ensure that the argument is a NumPy array of the correct dtype (and if
  /// not, try to convert it).  In case of an error, nullptr is returned and
  /// the Python error is cleared.
  static array_t ensure(handle h);

  static bool check_(handle h);
};

PYBIND11_NAMESPACE_END(PYBIND11_NAMESPACE)
