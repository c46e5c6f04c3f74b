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

/// Where a finding about a call written in a macro goes. A call that the
/// macro's definition spells with its own name literal \p NameLoc (a macro
/// listing several bindings or registrations) has one site per line of the
/// definition: \p Loc's place there. Otherwise \p Loc, which diagnostics
/// show at the macro's use: one site per use, as `BIND(name)` writes them.
clang::SourceLocation macroBodySite(clang::SourceLocation Loc, clang::SourceLocation NameLoc,
                                    const clang::SourceManager &SM);

/// Splits `NAME(a, (b, c), "d,e")` into its top-level arguments.
std::vector<std::string> splitMacroArgs(llvm::StringRef Invocation);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_MACROS_H
