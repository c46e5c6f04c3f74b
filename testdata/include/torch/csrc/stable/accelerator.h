#pragma once
// MOCK of <torch/csrc/stable/accelerator.h> (PyTorch 2.9+): DeviceGuard and
// DeviceIndex live in device_struct.h here.
#include <torch/csrc/stable/device_struct.h>
