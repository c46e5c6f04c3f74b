#pragma once
// MOCK of <c10/util/string_view.h> (PyTorch 2.x) for fast torchlint unit tests.
// The real c10::basic_string_view<char> behaves like std::string_view.
#include <c10/macros/Macros.h>
#include <string_view>

namespace c10 {
using string_view = std::string_view;
} // namespace c10
