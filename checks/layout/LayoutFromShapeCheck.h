//===--- LayoutFromShapeCheck.h - torch-layout-from-shape -------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_LAYOUT_LAYOUTFROMSHAPECHECK_H
#define TORCHLINT_CHECKS_LAYOUT_LAYOUTFROMSHAPECHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags branches that decide a tensor's layout from a size (`x.size(1) == 3`,
/// `x.dim() == 5 ? ...`) and then treat dimensions differently in their arms.
///
/// For the user-facing documentation see docs/checks/torch-layout-from-shape.md
class LayoutFromShapeCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_LAYOUT_LAYOUTFROMSHAPECHECK_H
