//===--- GilCheck.h - torch-binding-gil -------------------------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_BINDING_GILCHECK_H
#define TORCHLINT_CHECKS_BINDING_GILCHECK_H

#include "TorchCheck.h"

namespace torchlint::model {
struct PyBinding;
}

namespace torchlint::checks {

/// Flags pybind11 bindings (module functions and class methods) of tensor
/// functions that keep the GIL for the whole call, graded by what their C++
/// does meanwhile: torch-binding-gil when it works on the host (loops over
/// data, waits for the device) or may, torch-binding-gil-launch (the same
/// class under another name) when it only checks, allocates and launches.
///
/// For the user-facing documentation see docs/checks/torch-binding-gil.md
/// and docs/checks/torch-binding-gil-launch.md
class GilCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void report(const model::PyBinding &B, bool Method, clang::ASTContext &Ctx);
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_BINDING_GILCHECK_H
