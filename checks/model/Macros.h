//===--- Macros.h - Finding the torch macro a location is inside -*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_MACROS_H
#define TORCHLINT_CHECKS_MODEL_MACROS_H

#include "clang/Basic/SourceManager.h"
#include "clang/Basic/LangOptions.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint::model {

/// A macro invocation as the user spelled it, e.g. `TORCH_CHECK(a, "msg")`.
struct MacroInvocation {
  clang::CharSourceRange Range; ///< The whole invocation, in the file.
  std::string Text;             ///< Its source text.
  std::vector<std::string> Args; ///< Top-level arguments, trimmed.
};

/// If \p Loc is inside an argument of an invocation of macro \p Name (at any
/// depth of macro expansion), that invocation.
std::optional<MacroInvocation> enclosingMacro(clang::SourceLocation Loc,
                                              llvm::StringRef Name,
                                              const clang::SourceManager &SM,
                                              const clang::LangOptions &LangOpts);

/// Splits `NAME(a, (b, c), "d,e")` into its top-level arguments.
std::vector<std::string> splitMacroArgs(llvm::StringRef Invocation);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_MACROS_H
