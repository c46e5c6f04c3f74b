#pragma once
// MOCK of <c10/core/DeviceGuard.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; modelled on the real header.
#include <c10/core/Device.h>
#include <c10/util/Optional.h>

namespace c10 {

/// RAII guard that sets a certain default device in its constructor, and
/// changes it back to the device that was originally active upon destruction.
class DeviceGuard {
 public:
  /// No default constructor; see Note [Omitted default constructor from RAII]
  explicit DeviceGuard() = delete;

  /// Set the current device to the passed Device.
  explicit DeviceGuard(Device device);

  /// Copy is disallowed
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

  /// Move is disallowed, as DeviceGuard does not have an uninitialized state,
  /// which is required for moves on types with nontrivial destructors.
  DeviceGuard(DeviceGuard&& other) = delete;
  DeviceGuard& operator=(DeviceGuard&& other) = delete;

  ~DeviceGuard();

  /// Sets the device to the given one.  The specified device must be
  /// consistent with the device type originally specified during guard
  /// construction.
  void reset_device(at::Device device);

  /// Sets the device index to the given one.  The device type is inferred
  /// from the original device type the guard was constructed with.
  void set_index(DeviceIndex index);

  /// Returns the device that was set at the time the guard was constructed.
  Device original_device() const;

  /// Returns the most recent device that was set using this device guard,
  /// either from construction, or via set_device.
  Device current_device() const;
};

/**
 * A OptionalDeviceGuard is an RAII class that sets a device to some value on
 * initialization, and resets the device to its original value on destruction.
 */
class OptionalDeviceGuard {
 public:
  /// Create an uninitialized guard.  Set the guard later using reset_device.
  explicit OptionalDeviceGuard();

  /// Initialize the guard, setting the current device to the passed Device.
  explicit OptionalDeviceGuard(Device device);

  /// Initialize the guard if a Device is passed; otherwise leave the
  /// guard uninitialized.
  explicit OptionalDeviceGuard(std::optional<Device> device);

  /// Copy is disallowed
  OptionalDeviceGuard(const OptionalDeviceGuard&) = delete;
  OptionalDeviceGuard& operator=(const OptionalDeviceGuard&) = delete;

  /// Move is disallowed
  OptionalDeviceGuard(OptionalDeviceGuard&& other) = delete;
  OptionalDeviceGuard& operator=(OptionalDeviceGuard&& other) = delete;

  ~OptionalDeviceGuard();

  /// Sets the device to the given one.  The specified device must be
  /// consistent with the device type originally specified during guard
  /// construction.
  void reset_device(at::Device device);

  /// Returns the device that was set at the time the guard was constructed.
  std::optional<Device> original_device() const;

  /// Returns the most recent device that was set using this device guard,
  /// either from construction, or via reset_device.
  std::optional<Device> current_device() const;

  /// Restore the original device, resetting this guard to uninitialized state.
  void reset();
};

} // namespace c10
