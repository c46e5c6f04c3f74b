#pragma once
// MOCK of <c10/core/TensorOptions.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; modelled on the real header.
#include <c10/core/Device.h>
#include <c10/core/DispatchKey.h>
#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/ScalarType.h>
#include <c10/core/ScalarTypeToTypeMeta.h>
#include <c10/macros/Macros.h>
#include <c10/util/Optional.h>

namespace c10 {

/// A class to encapsulate construction axes of an Tensor.  TensorOptions was
/// designed to support the Python style API for specifying construction
/// options on factory functions, e.g.,
///
///     torch.zeros(2, 3, dtype=torch.int32)
///
/// Because C++ doesn't natively support keyword arguments, there must be
/// another way of specifying keyword-like arguments.  TensorOptions is a
/// builder class which can be used to construct this "dictionary" of keyword
/// arguments: functions which support TensorOptions conventionally take this
/// argument optionally as their last argument.
struct C10_API TensorOptions {
  TensorOptions();

  /// Constructs a `TensorOptions` object with the given layout.
  /* implicit */ TensorOptions(Layout layout);

  /// Constructs a `TensorOptions` object with the given device.
  /// See NOTE [ TensorOptions Constructors ] on why this is templatized.
  template <
      typename T,
      typename = std::enable_if_t<std::is_same_v<std::decay_t<T>, Device>>>
  /* implicit */ TensorOptions(T&& device);

  /// Constructs a `TensorOptions` object from arguments allowed in `Device`
  /// constructors.
  ///
  /// See NOTE [ TensorOptions Constructors ].
  ///
  /// NB: Ideally we only allow implicit constructors here. But there is no
  ///     easy way to detect them. So we have this one that allows explicit
  ///     constructors too.
  template <
      typename... Args,
      typename = std::enable_if_t<std::is_constructible_v<Device, Args&&...>>>
  /* implicit */ TensorOptions(Args&&... args);

  /// Constructs a `TensorOptions` object with the given dtype.
  /* implicit */ TensorOptions(caffe2::TypeMeta dtype);

  /// legacy constructor to support ScalarType
  /* implicit */ TensorOptions(ScalarType dtype);

  /// Constructs a `TensorOptions` object with the given memory format.
  /* implicit */ TensorOptions(MemoryFormat memory_format);

  /// Return a copy of `TensorOptions` with `device` set to the given one, or
  /// cleared if `device` is `nullopt`.
  C10_NODISCARD TensorOptions
  device(std::optional<Device> device) const noexcept;

  /// Return a copy of `TensorOptions` with `device` set to the given one.
  /// (This overload ensures that variadic template std::optional constructor
  /// for Device work correctly.)
  template <typename... Args>
  C10_NODISCARD TensorOptions device(Args&&... args) const noexcept;

  /// Return a copy of `TensorOptions`, but with device set to CUDA, and the
  /// device index set to the given one.
  ///
  /// TODO: This function encourages bad behavior (assuming CUDA is
  /// the only device that matters).  Get rid of it / rename it.
  C10_NODISCARD TensorOptions
  device_index(c10::DeviceIndex device_index) const noexcept;

  /// Return a copy of `TensorOptions` with `dtype` set to the given one.
  C10_NODISCARD TensorOptions
  dtype(std::optional<caffe2::TypeMeta> dtype) const noexcept;

  // legacy function to support ScalarType
  C10_NODISCARD TensorOptions
  dtype(std::optional<ScalarType> dtype) const noexcept;

  // Since dtype is taken...
  template <typename T>
  TensorOptions& dtype();

  /// Sets the layout of the `TensorOptions`.
  C10_NODISCARD TensorOptions
  layout(std::optional<Layout> layout) const noexcept;

  /// Sets the `requires_grad` property of the `TensorOptions`.
  C10_NODISCARD TensorOptions
  requires_grad(std::optional<bool> requires_grad) const noexcept;

  /// Sets the `pinned_memory` property on the `TensorOptions`.
  C10_NODISCARD TensorOptions
  pinned_memory(std::optional<bool> pinned_memory) const noexcept;

  /// Sets the `memory_format` property on `TensorOptions`.
  C10_NODISCARD TensorOptions
  memory_format(std::optional<MemoryFormat> memory_format) const noexcept;

  /// Returns the device of the `TensorOptions`.
  Device device() const noexcept;

  /// Returns whether the device is specified.
  bool has_device() const noexcept;

  /// Returns the device of the `TensorOptions`, or `std::nullopt` if
  /// device is not specified.
  std::optional<Device> device_opt() const noexcept;

  /// Returns the device index of the `TensorOptions`.
  c10::DeviceIndex device_index() const noexcept;

  /// Returns the dtype of the `TensorOptions`.
  caffe2::TypeMeta dtype() const noexcept;

  /// Returns whether the dtype is specified.
  bool has_dtype() const noexcept;

  /// Returns the dtype of the `TensorOptions`, or `std::nullopt` if
  /// device is not specified.
  std::optional<caffe2::TypeMeta> dtype_opt() const noexcept;

  /// Returns the layout of the `TensorOptions`.
  Layout layout() const noexcept;

  /// Returns whether the layout is specified.
  bool has_layout() const noexcept;

  /// Returns the layout of the `TensorOptions`, or `std::nullopt` if
  /// layout is not specified.
  std::optional<Layout> layout_opt() const noexcept;

  /// Returns the `requires_grad` property of the `TensorOptions`.
  bool requires_grad() const noexcept;

  /// Returns whether the `requires_grad` is specified.
  bool has_requires_grad() const noexcept;

  /// Returns the `requires_grad` property of the `TensorOptions`, or
  /// `std::nullopt` if `requires_grad` is not specified.
  std::optional<bool> requires_grad_opt() const noexcept;

  /// Returns the `pinned_memory` property of the `TensorOptions`.
  bool pinned_memory() const noexcept;

  /// Returns whether the `pinned_memory` is specified.
  bool has_pinned_memory() const noexcept;

  /// Returns if the layout is sparse
  bool is_sparse() const;

  /// Returns if the layout is sparse CSR, deprecated, use
  /// is_sparse_compressed() instead
  bool is_sparse_csr() const;

  bool is_sparse_compressed() const;

  // For compatibility with legacy tensor.type() comparisons
  bool type_equal(const TensorOptions& other) const;

  /// Returns the `pinned_memory` property of the `TensorOptions`, or
  /// `std::nullopt` if `pinned_memory` is not specified.
  std::optional<bool> pinned_memory_opt() const noexcept;

  /// Returns whether the `memory_layout` is specified
  bool has_memory_format() const noexcept;

  // NB: memory_format() getter is PURPOSELY not defined, as the default
  // behavior of memory_format varies from function to function.

  /// Returns the `memory_layout` property of `TensorOptions, or
  /// `std::nullopt` if `memory_format` is not specified.
  std::optional<MemoryFormat> memory_format_opt() const noexcept;

  // Resolves the ATen backend specified by the current construction axes.
  // TODO: Deprecate this
  // Backend backend() const;

  /// Return the right-biased merge of two TensorOptions.  This has the
  /// effect of overwriting settings from self with specified options
  /// of options.
  ///
  /// NB: This merging operation does NOT respect device merges.
  /// For example, if you device({kCUDA, 1}).merge_in(kCUDA)
  /// you will get kCUDA in the end!  Functions like Tensor.new_empty
  /// ensure the right device is selected anyway by way of a
  /// device guard.
  ///
  TensorOptions merge_in(TensorOptions options) const noexcept;

  // TODO remove after TensorOptions rationalization
  TensorOptions merge_memory_format(
      std::optional<MemoryFormat> optional_memory_format) const noexcept;

  // INVARIANT: computeDispatchKey returns only the subset of dispatch keys for
  // which dispatchKeyToBackend is injective, if it is defined at all  (for
  // the most part, this just means that this function never returns an
  // Autograd key)
  DispatchKey computeDispatchKey() const;
};

/// Convenience function that returns a `TensorOptions` object with the `dtype`
/// set to the given one.
TensorOptions dtype(caffe2::TypeMeta dtype);

// legacy function to support ScalarType
TensorOptions dtype(ScalarType dtype);

/// Convenience function that returns a `TensorOptions` object with the `layout`
/// set to the given one.
TensorOptions layout(Layout layout);

/// Convenience function that returns a `TensorOptions` object with the `device`
/// set to the given one.
TensorOptions device(Device device);

/// Convenience function that returns a `TensorOptions` object with the
/// `device` set to CUDA and the `device_index` set to the given one.
TensorOptions device_index(c10::DeviceIndex device_index);

/// Convenience function that returns a `TensorOptions` object with the
/// `requires_grad` set to the given one.
TensorOptions requires_grad(bool requires_grad = true);

/// Convenience function that returns a `TensorOptions` object with the
/// `memory_format` set to the given one.
TensorOptions memory_format(MemoryFormat memory_format);

C10_API std::ostream& operator<<(
    std::ostream& stream,
    const TensorOptions& options);

template <typename T>
TensorOptions dtype();

std::string toString(const TensorOptions& options);

// This is intended to be a centralized location by which we can determine
// what an appropriate DispatchKey for a tensor is.
DispatchKey computeDispatchKey(
    std::optional<ScalarType> dtype,
    std::optional<Layout> layout,
    std::optional<Device> device);

Layout dispatchKeyToLayout(DispatchKey dispatch_key);

c10::DeviceType dispatchKeyToDeviceType(DispatchKey dispatch_key);

TensorOptions dispatchKeyToTensorOptions(DispatchKey dispatch_key);

} // namespace c10
