#pragma once
// MOCK of <ATen/Formatting.h> (PyTorch 2.x) for fast torchlint unit tests.
#include <ATen/core/Formatting.h>
