#pragma once
// MOCK of <ATen/DeviceGuard.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include <ATen/core/IListRef.h>
#include <ATen/core/Tensor.h>
#include <c10/core/DeviceGuard.h>
#include <c10/core/ScalarType.h> // TensorList whyyyyy

namespace at {

// Are you here because you're wondering why DeviceGuard(tensor) no
// longer works?  For code organization reasons, we have temporarily(?)
// removed this constructor from DeviceGuard.  The new way to
// spell it is:
//
//    OptionalDeviceGuard guard(device_of(tensor));

/// Return the Device of a Tensor, if the Tensor is defined.
std::optional<Device> device_of(const Tensor& t);

std::optional<Device> device_of(const std::optional<Tensor>& t);

/// Return the Device of a TensorList, if the list is non-empty and
/// the first Tensor is defined.  (This function implicitly assumes
/// that all tensors in the list have the same device.)
std::optional<Device> device_of(ITensorListRef t);

} // namespace at
