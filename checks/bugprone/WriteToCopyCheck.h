//===--- WriteToCopyCheck.h - torch-bugprone-write-to-copy -------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_BUGPRONE_WRITETOCOPYCHECK_H
#define TORCHLINT_CHECKS_BUGPRONE_WRITETOCOPYCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags writes into `x.contiguous()`, `x.to(...)`, `x.cpu()`, `x.cuda()`
/// of a tensor the caller sees (a parameter, a member): the conversion
/// returns `x` itself when nothing needs converting and a copy otherwise, so
/// the write reaches the caller's tensor in one case and is lost in the
/// other.
///
/// For the user-facing documentation see docs/checks/torch-bugprone-write-to-copy.md
class WriteToCopyCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_BUGPRONE_WRITETOCOPYCHECK_H
