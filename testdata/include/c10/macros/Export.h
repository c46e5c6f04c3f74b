#pragma once
// MOCK of <c10/macros/Export.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header, not a functional copy.

#define C10_EXPORT __attribute__((__visibility__("default")))
#define C10_HIDDEN __attribute__((__visibility__("hidden")))
#define C10_IMPORT C10_EXPORT

#define C10_API C10_EXPORT
#define TORCH_API C10_EXPORT
#define TORCH_PYTHON_API C10_EXPORT
#define C10_API_ENUM
