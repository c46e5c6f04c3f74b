#pragma once
// MOCK of <ATen/core/Scalar.h> (PyTorch 2.x) for fast torchlint unit tests.
#include <c10/core/Scalar.h>
