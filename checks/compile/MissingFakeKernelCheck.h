//===--- MissingFakeKernelCheck.h - torch-compile-missing-fake-kernel -*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_MISSINGFAKEKERNELCHECK_H
#define TORCHLINT_CHECKS_COMPILE_MISSINGFAKEKERNELCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags custom ops implemented for a backend with no Meta, composite or
/// Python fake kernel: torch.compile cannot run them on fake tensors.
///
/// For the user-facing documentation see docs/checks/torch-compile-missing-fake-kernel.md
class MissingFakeKernelCheck : public TorchCheck {
public:
  MissingFakeKernelCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  std::string PythonRoots;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_MISSINGFAKEKERNELCHECK_H
