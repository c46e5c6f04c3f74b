//===--- AllocInLoopCheck.h - torch-perf-alloc-in-loop ----------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_ALLOCINLOOPCHECK_H
#define TORCHLINT_CHECKS_PERF_ALLOCINLOOPCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags tensor factories inside loops whose arguments do not change between
/// iterations and whose result does not escape the iteration, and calls in
/// loops to helpers that allocate such a scratch tensor on every call.
///
/// For the user-facing documentation see docs/checks/torch-perf-alloc-in-loop.md
class AllocInLoopCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkHelperCall(const clang::CallExpr &Call, clang::ASTContext &Ctx);
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_ALLOCINLOOPCHECK_H
