//===--- OpaqueBindingCheck.h - torch-compile-opaque-binding ----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_OPAQUEBINDINGCHECK_H
#define TORCHLINT_CHECKS_COMPILE_OPAQUEBINDINGCHECK_H

#include "TorchCheck.h"

#include <string>

namespace torchlint::model {
struct PyBinding;
}

namespace torchlint::checks {

/// Flags pybind11 bindings of functions that take or return tensors: Dynamo
/// cannot trace them, so every call is a graph break. Offers a TORCH_LIBRARY
/// registration with the schema inferred from the C++ signature. Methods of
/// py::class_ objects are flagged too, with the advice a method needs.
///
/// For the user-facing documentation see docs/checks/torch-compile-opaque-binding.md
class OpaqueBindingCheck : public TorchCheck {
public:
  OpaqueBindingCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// A py::class_ method that takes or returns tensors.
  void reportMethod(const model::PyBinding &B, clang::ASTContext &Ctx);
  /// Where the Python callers of the bindings are (as missing-fake-kernel's
  /// option): ';'-separated; default the file's git work tree.
  std::string PythonRoots;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_OPAQUEBINDINGCHECK_H
