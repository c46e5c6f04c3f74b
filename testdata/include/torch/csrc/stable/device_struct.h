#pragma once
// MOCK of <torch/csrc/stable/device_struct.h> (PyTorch 2.9+) for fast
// torchlint unit tests. Declarations only.
#include <torch/headeronly/core/DeviceType.h>
#include <torch/headeronly/macros/Macros.h>

HIDDEN_NAMESPACE_BEGIN(torch, stable, accelerator)
using DeviceIndex = int32_t;

/// RAII: sets the current device for the scope.
class DeviceGuard {
 public:
  explicit DeviceGuard(DeviceIndex device_index);
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;
  ~DeviceGuard();
  void set_index(DeviceIndex device_index);
};
HIDDEN_NAMESPACE_END(torch, stable, accelerator)

HIDDEN_NAMESPACE_BEGIN(torch, stable)

using DeviceType = torch::headeronly::DeviceType;
using DeviceIndex = torch::stable::accelerator::DeviceIndex;

/// An approximate copy of c10::Device.
class Device {
 public:
  /* implicit */ Device(DeviceType type, DeviceIndex index = -1);
  bool operator==(const Device& other) const noexcept;
  bool operator!=(const Device& other) const noexcept;
  void set_index(DeviceIndex index);
  DeviceType type() const noexcept;
  DeviceIndex index() const noexcept;
  bool has_index() const noexcept;
  bool is_cuda() const noexcept;
  bool is_cpu() const noexcept;
};

HIDDEN_NAMESPACE_END(torch, stable)
