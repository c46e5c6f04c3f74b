#pragma once
// MOCK of <c10/core/Device.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include <c10/core/DeviceType.h>
#include <c10/macros/Macros.h>

namespace c10 {

/// An index representing a specific device; e.g., the 1 in GPU 1.
/// A DeviceIndex is not independently meaningful without knowing
/// the DeviceType it is associated; try to use Device rather than
/// DeviceIndex directly.
using DeviceIndex = int8_t;

/// Represents a compute device on which a tensor is located.
struct C10_API Device final {
  using Type = DeviceType;

  /// Constructs a new `Device` from a `DeviceType` and an optional device
  /// index.
  /* implicit */ Device(DeviceType type, DeviceIndex index = -1);

  /// Constructs a `Device` from a string description, for convenience.
  /* implicit */ Device(const std::string& device_string);

  /// Returns true if the type and index of this `Device` matches that of
  /// `other`.
  bool operator==(const Device& other) const noexcept;

  /// Returns true if the type or index of this `Device` differs from that of
  /// `other`.
  bool operator!=(const Device& other) const noexcept;

  /// Sets the device index.
  void set_index(DeviceIndex index);

  /// Returns the type of device this is.
  DeviceType type() const noexcept;

  /// Returns the optional index.
  DeviceIndex index() const noexcept;

  /// Returns true if the device has a non-default index.
  bool has_index() const noexcept;

  /// Return true if the device is of CUDA type.
  bool is_cuda() const noexcept;

  /// Return true if the device is of PrivateUse1 type.
  bool is_privateuseone() const noexcept;

  /// Return true if the device is of MPS type.
  bool is_mps() const noexcept;

  /// Return true if the device is of HIP type.
  bool is_hip() const noexcept;

  /// Return true if the device is of VE type.
  bool is_ve() const noexcept;

  /// Return true if the device is of XPU type.
  bool is_xpu() const noexcept;

  /// Return true if the device is of IPU type.
  bool is_ipu() const noexcept;

  /// Return true if the device is of XLA type.
  bool is_xla() const noexcept;

  /// Return true if the device is of MTIA type.
  bool is_mtia() const noexcept;

  /// Return true if the device is of HPU type.
  bool is_hpu() const noexcept;

  /// Return true if the device is of Lazy type.
  bool is_lazy() const noexcept;

  /// Return true if the device is of Vulkan type.
  bool is_vulkan() const noexcept;

  /// Return true if the device is of Metal type.
  bool is_metal() const noexcept;

  /// Return true if the device is of MAIA type.
  bool is_maia() const noexcept;

  /// Return true if the device is of META type.
  bool is_meta() const noexcept;

  /// Return true if the device is of CPU type.
  bool is_cpu() const noexcept;

  /// Return true if the device supports arbitrary strides.
  bool supports_as_strided() const noexcept;

  /// Same string as returned from operator<<.
  std::string str() const;

 private:
  DeviceType type_;
  DeviceIndex index_ = -1;
};

C10_API std::ostream& operator<<(std::ostream& stream, const Device& device);

} // namespace c10

namespace std {
template <>
struct hash<c10::Device> {
  size_t operator()(c10::Device d) const noexcept;
};
} // namespace std
