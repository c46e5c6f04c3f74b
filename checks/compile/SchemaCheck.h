//===--- SchemaCheck.h - torch-compile-schema -------------------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_SCHEMACHECK_H
#define TORCHLINT_CHECKS_COMPILE_SCHEMACHECK_H

#include "../model/Registrations.h"
#include "TorchCheck.h"

#include <set>
#include <string>

namespace torchlint::checks {

/// Checks operator schemas: that they parse, that they match the C++
/// signature of the kernels registered for them, and that mutations and
/// aliases are annotated.
///
/// For the user-facing documentation see docs/checks/torch-compile-schema.md
class SchemaCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// A schema to hold a kernel against: an m.def of this TU (Def), or the
  /// text another file defines (Def null, Elsewhere "file:line").
  struct SchemaAt {
    const model::OpDef *Def;
    std::string Name;
    const model::FunctionSchema *Schema;
    std::string Elsewhere;
  };
  void checkKernel(const SchemaAt &Src, const model::KernelImpl &K,
                   std::set<std::pair<std::string, unsigned>> &Reported,
                   clang::ASTContext &Ctx);
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_SCHEMACHECK_H
