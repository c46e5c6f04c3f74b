//===--- ParallelGrainCheck.h - torch-perf-parallel-grain -------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H
#define TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags `at::parallel_for` with grain 0/1 over trivial per-index work, OpenMP
/// pragmas inside a parallel_for body, OpenMP parallel regions inside a
/// serial loop over a tensor's items, and thread-count changes outside main.
///
/// For the user-facing documentation see docs/checks/torch-perf-parallel-grain.md
class ParallelGrainCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// An `#pragma omp` line found in the text of a range.
  struct OmpPragma {
    clang::SourceLocation At;
    llvm::StringRef Directive; ///< The words after "#pragma omp".
  };

private:
  void checkSerialLoop(const clang::ForStmt &Loop, clang::ASTContext &Ctx);
  /// The OpenMP pragmas in the text of \p Range (Clang drops them without
  /// -fopenmp): directives that start their line, outside the blocks the
  /// preprocessor skipped (`#if 0`, a disabled configuration).
  std::vector<OmpPragma> ompPragmasIn(clang::CharSourceRange Range,
                                      const clang::ASTContext &Ctx) const;

  /// The blocks of conditional compilation the preprocessor skipped.
  std::vector<clang::SourceRange> Skipped;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_PARALLELGRAINCHECK_H
