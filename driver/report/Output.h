//===--- Output.h - Rendering findings ---------------------------*- C++ -*-===//

#ifndef TORCHLINT_DRIVER_OUTPUT_H
#define TORCHLINT_DRIVER_OUTPUT_H

#include "engine/Finding.h"

#include "llvm/Support/raw_ostream.h"

namespace torchlint {

/// Clang-style text: file:line:col: warning: message [check], the source line
/// with a caret, notes, fix-it hints. \p Color adds ANSI colours.
void printText(llvm::raw_ostream &OS, const LintResult &Result, bool Color);

/// The stable JSON contract (see docs/guide/output.md).
void printJson(llvm::raw_ostream &OS, const LintResult &Result);

/// \p S safe to print on a terminal or in a CI log: C0 and C1 control
/// characters and DEL (line breaks, CR, ESC, CSI) as \n, \r, \t-free
/// escapes (`\x1b`), so no output line can start a workflow command or
/// carry a terminal escape. Tabs are kept.
std::string escapeForTerminal(llvm::StringRef S);

/// Paths are shown relative to the working directory when inside it.
std::string displayPath(const std::string &Path);

/// An error's message with its hint, for formats with one text per entry.
std::string errorText(const FileError &E);

extern const char *const Version;

} // namespace torchlint

#endif // TORCHLINT_DRIVER_OUTPUT_H
