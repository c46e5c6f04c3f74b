//===--- MissingHeaders.h - Headers a run could not find, explained -*- C++ -*-===//
//
// A header that is not found is a warning (the file is linted in part),
// reported once per run per header, with the files that include it and the
// one thing that would help: a submodule to check out, a build that
// generates it, a torch with CUDA headers, a CUDA toolkit, Python's
// development headers, or the include directory to pass.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_MISSINGHEADERS_H
#define TORCHLINT_DRIVER_MISSINGHEADERS_H

#include "engine/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace torchlint {

/// What the hints may say about the environment.
struct HeaderContext {
  std::string TorchVersion; ///< Empty when unknown.
  std::string TorchSource;  ///< Empty when no torch was found.
  bool HasCudaToolkit = false;
  bool HasPythonHeaders = false;
  /// The project root of a file (Project.h).
  std::function<std::string(const std::string &)> RootOf;
};

/// Fills the Hint of every missing-header error of \p Result.
/// The submodules .gitmodules at \p Root lists whose directories are empty
/// (the tree's text, read by the one rule of SafeRead.h).
std::vector<std::string> absentSubmodulesOf(const std::string &Root);

void explainMissingHeaders(LintResult &Result, const HeaderContext &Context);

/// The text report of the missing headers: one warning per header, the
/// files that include it (the first few), and its hint.
void printMissingHeaders(llvm::raw_ostream &OS, const LintResult &Result);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_MISSINGHEADERS_H
