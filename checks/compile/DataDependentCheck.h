//===--- DataDependentCheck.h - torch-compile-data-dependent ----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_DATADEPENDENTCHECK_H
#define TORCHLINT_CHECKS_COMPILE_DATADEPENDENTCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags reads of tensor data (`.item()`, `data_ptr`, accessors, `equal`,
/// `is_nonzero`) and data-dependent output shapes (`nonzero`, `unique`,
/// `masked_select`) in code torch.compile traces with fake tensors, and says
/// the one-path fix for each use: `_assert_async` for validation, `where`
/// for logic branches, no early exits.
///
/// For the user-facing documentation see
/// docs/checks/torch-compile-data-dependent.md
class DataDependentCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_DATADEPENDENTCHECK_H
