#pragma once
// MOCK of <c10/core/InferenceMode.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; modelled on the real header.
#include <c10/core/GradMode.h>
#include <c10/macros/Macros.h>

namespace c10 {

// A RAII, thread local (!) guard that enables or disables inference mode upon
// construction, and sets it back to the original value upon destruction.
struct C10_API InferenceMode {
  InferenceMode(bool enabled = true);
  ~InferenceMode();

  static bool is_enabled();
};

} // namespace c10
