//===--- MissingFakeKernelCheck.h - torch-compile-missing-fake-kernel -*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_MISSINGFAKEKERNELCHECK_H
#define TORCHLINT_CHECKS_COMPILE_MISSINGFAKEKERNELCHECK_H

#include "PythonFixIts.h"
#include "TorchCheck.h"
#include "../model/Registrations.h"

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
  /// Where and what a fix inserts to give an op its Python fake.
  struct PythonFakeSite {
    clang::SourceLocation At;
    std::string Content;      ///< The Python file's text.
    model::ModuleCodeSpot Spot; ///< Where in it (afterModuleImport).
  };
  /// The fake \p Fake (its Args and Returns given; its Op and Function set
  /// here) of the op \p D, in the first project Python file (no test) that
  /// imports this TU's extension module at its top level, after that
  /// import: loading the module registers the op, and register_fake refuses
  /// an op that does not exist yet. Invalid where there is none.
  PythonFakeSite pythonFakeSite(const model::OpDef &D, PythonFake &Fake, clang::ASTContext &Ctx);
  std::string PythonRoots;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_MISSINGFAKEKERNELCHECK_H
