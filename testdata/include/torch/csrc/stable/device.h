#pragma once
// MOCK of <torch/csrc/stable/device.h> (PyTorch 2.9+).
#include <torch/csrc/stable/device_struct.h>
