//===--- ArrayCopyCheck.h - torch-binding-array-copy ------------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_BINDING_ARRAYCOPYCHECK_H
#define TORCHLINT_CHECKS_BINDING_ARRAYCOPYCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags needless copies at the pybind11 boundary: converting py::array_t
/// parameters cloned into tensors, nested std::vector parameters, tensors
/// copied element by element into std::vector.
///
/// For the user-facing documentation see docs/checks/torch-binding-array-copy.md
class ArrayCopyCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_BINDING_ARRAYCOPYCHECK_H
