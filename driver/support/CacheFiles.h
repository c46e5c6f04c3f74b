//===--- CacheFiles.h - Files of torch-lint's cache -------------*- C++ -*-===//
//
// The cache (PCHs, worker results, the project index) is shared by concurrent
// runs and workers: every file in it is replaced whole, never written in place.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_CACHEFILES_H
#define TORCHLINT_DRIVER_CACHEFILES_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <system_error>

namespace torchlint {

/// Writes \p Text to \p Path through a unique file beside it and a rename: a
/// concurrent run reads the old or the new file, never half of one.
std::error_code writeReplacing(const std::string &Path, llvm::StringRef Text);

} // namespace torchlint

#endif
