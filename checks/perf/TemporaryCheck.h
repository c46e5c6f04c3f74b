//===--- TemporaryCheck.h - torch-perf-temporary ----------------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_TEMPORARYCHECK_H
#define TORCHLINT_CHECKS_PERF_TEMPORARYCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags temporaries copied into preallocated outputs (`dst.copy_(a + b)`)
/// and preallocated outputs rebound to a temporary (`out = a * b`).
///
/// For the user-facing documentation see docs/checks/torch-perf-temporary.md
class TemporaryCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_TEMPORARYCHECK_H
