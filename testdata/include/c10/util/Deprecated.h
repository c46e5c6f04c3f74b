#pragma once
// MOCK of <c10/util/Deprecated.h> (PyTorch 2.x) for fast torchlint unit tests.
#include <c10/macros/Macros.h>
