//===--- Fixes.h - --fix: the fix-its written into the named files -*- C++ -*-===//

#ifndef TORCHLINT_DRIVER_CLI_FIXES_H
#define TORCHLINT_DRIVER_CLI_FIXES_H

#include "engine/Engine.h"

#include <string>
#include <vector>

namespace torchlint {

/// Applies the fix-its of \p Result to the named \p Files (never another
/// file, never outside \p WriteRoots, never a file changed since it was
/// parsed), each file written atomically, and only when its fixed text still
/// parses (re-linted with \p Reparse and \p Database). -1, or ExitIncomplete
/// when a file could not be fixed (said).
int applyFixes(const std::vector<std::string> &Files, const LintResult &Result, bool Quiet,
               const EngineOptions *Reparse,
               const clang::tooling::CompilationDatabase *Database,
               const std::vector<std::string> &WriteRoots);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_CLI_FIXES_H
