//===--- DataPtrContiguityCheck.h - torch-bugprone-data-ptr-contiguity -*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_BUGPRONE_DATAPTRCONTIGUITYCHECK_H
#define TORCHLINT_CHECKS_BUGPRONE_DATAPTRCONTIGUITYCHECK_H

#include "TorchCheck.h"

#include <set>
#include <string>
#include <vector>

namespace torchlint::checks {

/// Flags `data_ptr<T>()` of a tensor parameter indexed linearly without
/// evidence that the tensor is contiguous.
///
/// For the user-facing documentation see docs/checks/torch-bugprone-data-ptr-contiguity.md
class DataPtrContiguityCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void onStartOfTranslationUnit() override { Reported.clear(); }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// The fix of \p P in \p F: a TORCH_CHECK when \p F writes through the
  /// pointer (a copy would lose the writes), else one contiguous copy used
  /// by every data_ptr of it.
  static std::vector<clang::FixItHint> fixes(const clang::FunctionDecl *F,
                                             const clang::ParmVarDecl *P, bool Writes,
                                             bool Stable, const std::string &Check,
                                             const std::string &Copy, const std::string &Local,
                                             clang::ASTContext &Ctx);
  std::set<const clang::ParmVarDecl *> Reported;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_BUGPRONE_DATAPTRCONTIGUITYCHECK_H
