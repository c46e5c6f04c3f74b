//===--- ParallelGrainCheck.h - torch-perf-parallel-grain -------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H
#define TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace torchlint::checks {

/// Flags `at::parallel_for` with grain 0/1 over trivial per-index work, OpenMP
/// pragmas inside a parallel_for body, OpenMP parallel regions inside a
/// serial loop over a tensor's items, and thread-count changes outside main.
///
/// For the user-facing documentation see docs/checks/torch-perf-parallel-grain.md
class ParallelGrainCheck : public clang::tidy::ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkSerialLoop(const clang::ForStmt &Loop, clang::ASTContext &Ctx);
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H
