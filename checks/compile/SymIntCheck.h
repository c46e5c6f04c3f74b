//===--- SymIntCheck.h - torch-compile-symint -------------------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_SYMINTCHECK_H
#define TORCHLINT_CHECKS_COMPILE_SYMINTCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags `sizes()`, `size(d)`, `numel()`, `strides()`, `stride(d)` in code
/// torch.compile traces (Meta, CompositeImplicitAutograd kernels and what they
/// call): under dynamic shapes they fail; the `sym_*` forms work for both.
///
/// For the user-facing documentation see docs/checks/torch-compile-symint.md
class SymIntCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_SYMINTCHECK_H
