#pragma once
// MOCK of <ATen/Device.h> (PyTorch 2.x) for fast torchlint unit tests.
#include <c10/core/Device.h>
