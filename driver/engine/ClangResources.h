//===--- ClangResources.h - Clang's builtin headers -------------*- C++ -*-===//
//
// Clang parses with its own builtin headers (stddef.h, the intrinsics, the
// CUDA wrappers) from its resource directory. A torch-lint installed from
// the wheel carries them beside the executable, in the layout of an LLVM
// install: <dir>/bin/torch-lint and <dir>/lib/clang/<major>/include. A
// torch-lint built here (build/bin) has none beside it and uses the LLVM
// packages' directory it was built against.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_CLANGRESOURCES_H
#define TORCHLINT_DRIVER_CLANGRESOURCES_H

#include <string>

namespace torchlint {

/// The resource directory clang is given (-resource-dir): <exe dir>/../lib/
/// clang/<LLVM major> when it holds include/stddef.h, else the compile-time
/// TORCHLINT_CLANG_RESOURCE_DIR. Computed once.
const std::string &clangResourceDir();

/// Whether clangResourceDir() is the one shipped beside the executable.
bool clangResourceDirIsBundled();

} // namespace torchlint

#endif // TORCHLINT_DRIVER_CLANGRESOURCES_H
