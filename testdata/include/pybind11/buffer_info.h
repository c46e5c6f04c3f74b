#pragma once
// MOCK of <pybind11/buffer_info.h> (pybind11 2.13) for fast torchlint unit
// tests. Declarations only; modelled on the real header.
#include "detail/common.h"

PYBIND11_NAMESPACE_BEGIN(PYBIND11_NAMESPACE)

/// Information record describing a Python buffer object
struct buffer_info {
  void* ptr = nullptr; // Pointer to the underlying storage
  ssize_t itemsize = 0; // Size of individual items in bytes
  ssize_t size = 0; // Total number of entries
  std::string format; // For homogeneous buffers, this should be set to
                      // format_descriptor<T>::format()
  ssize_t ndim = 0; // Number of dimensions
  std::vector<ssize_t> shape; // Shape of the tensor (1 entry per dimension)
  std::vector<ssize_t> strides; // Number of bytes between adjacent entries
                                // (for each per dimension)
  bool readonly = false; // flag to indicate if the underlying storage may be
                         // written to

  buffer_info() = default;

  buffer_info(
      void* ptr,
      ssize_t itemsize,
      const std::string& format,
      ssize_t ndim,
      detail::any_container<ssize_t> shape_in,
      detail::any_container<ssize_t> strides_in,
      bool readonly = false);

  template <typename T>
  buffer_info(
      T* ptr,
      detail::any_container<ssize_t> shape_in,
      detail::any_container<ssize_t> strides_in,
      bool readonly = false);

  buffer_info(
      void* ptr,
      ssize_t itemsize,
      const std::string& format,
      ssize_t size,
      bool readonly = false);

  template <typename T>
  buffer_info(T* ptr, ssize_t size, bool readonly = false);

  template <typename T>
  buffer_info(const T* ptr, ssize_t size, bool readonly = true);

  buffer_info(const buffer_info&) = delete;
  buffer_info& operator=(const buffer_info&) = delete;

  buffer_info(buffer_info&& other) noexcept;
  buffer_info& operator=(buffer_info&& rhs) noexcept;

  ~buffer_info();

  bool item_type_is_equivalent_to(const buffer_info& other) const;
};

/// Returns the format descriptor of a C++ type (pybind11::format_descriptor)
template <typename T, typename SFINAE = void>
struct format_descriptor {
  static std::string format();
};

PYBIND11_NAMESPACE_END(PYBIND11_NAMESPACE)
