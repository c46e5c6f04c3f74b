#pragma once
// MOCK of <ATen/ScalarType.h> (PyTorch 2.x) for fast torchlint unit tests.
#include <c10/core/ScalarType.h>
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
