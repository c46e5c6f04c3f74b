//===--- ParallelGrainCheck.h - torch-perf-parallel-grain -------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H
#define TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace torchlint::checks {

/// Flags `at::parallel_for` with grain 0/1 over trivial per-index work, OpenMP
/// pragmas inside a parallel_for body, and thread-count changes outside main.
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
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H
