//===--- RedundantCopyCheck.h - torch-perf-redundant-copy -------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_REDUNDANTCOPYCHECK_H
#define TORCHLINT_CHECKS_PERF_REDUNDANTCOPYCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags copies and initialisations whose effect is never observed:
/// `.clone()` of a fresh temporary, `zeros`/`ones` whose result is fully
/// overwritten before any read, and repeated `.contiguous()` / `.to(x)`.
///
/// For the user-facing documentation see
/// docs/checks/torch-perf-redundant-copy.md
class RedundantCopyCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkClone(const clang::CXXMemberCallExpr *Clone, clang::ASTContext &Ctx);
  void checkOverwritten(const clang::VarDecl *Var, const clang::CallExpr *Factory,
                        const clang::CompoundStmt *Block, clang::ASTContext &Ctx);
  void checkRepeated(const clang::CXXMemberCallExpr *Outer, clang::ASTContext &Ctx);
  void checkConversionChain(const clang::CXXMemberCallExpr *Inner,
                            const clang::CXXMemberCallExpr *Outer, clang::ASTContext &Ctx);
  void checkAllocateThenMove(const clang::CXXMemberCallExpr *To, clang::ASTContext &Ctx);
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_REDUNDANTCOPYCHECK_H
