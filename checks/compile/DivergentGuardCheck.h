//===--- DivergentGuardCheck.h - torch-compile-divergent-guard --*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_DIVERGENTGUARDCHECK_H
#define TORCHLINT_CHECKS_COMPILE_DIVERGENTGUARDCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags code whose path depends on whether it is traced or compiled
/// (`isTracing()`, `is_meta()`, dispatch-key tests, Python `is_compiling`
/// reached through pybind11): eager and compiled then run different code.
///
/// For the user-facing documentation see docs/checks/torch-compile-divergent-guard.md
class DivergentGuardCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_DIVERGENTGUARDCHECK_H
