#pragma once
// MOCK of <c10/util/Optional.h> (PyTorch 2.x) for fast torchlint unit tests.
// In PyTorch 2.x c10::optional is std::optional.
#include <c10/macros/Macros.h>
#include <optional>

namespace c10 {
using std::bad_optional_access;
using std::in_place;
using std::in_place_t;
using std::make_optional;
using std::nullopt;
using std::nullopt_t;
using std::optional;
} // namespace c10
