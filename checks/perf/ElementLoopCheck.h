//===--- ElementLoopCheck.h - torch-perf-element-loop -----------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_ELEMENTLOOPCHECK_H
#define TORCHLINT_CHECKS_PERF_ELEMENTLOOPCHECK_H

#include "TorchCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace torchlint::checks {

/// Flags per-element tensor access inside a loop whose index depends on the
/// loop variable: `t[i][j]`, `t[i].item<T>()`, `t.index({i, j})`,
/// `t.select(0, i)`, `t.narrow(0, i, 1)`, `t.index_put_({i}, v)`, `t[i] = v`,
/// `*t[i].data_ptr<T>()`, and a single element used as a tensor (box code:
/// `b[n][3] - b[n][1]`, `v[i] = v[j]`), an element being a chain with a
/// constant last index under a loop over an earlier one, or one as deep as
/// the rank the code proves (model/Ranks.h). Each one is a dispatcher call
/// and a new Tensor.
///
/// For the user-facing documentation see docs/checks/torch-perf-element-loop.md
class ElementLoopCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override {
    OpCounts.clear();
    Handoffs.clear();
    ReportedStatements.clear();
    BlockRanks.clear();
  }

private:
  /// Tensor operations per loop body, counted once per loop however many
  /// accesses it holds (20,000 accesses in one loop stay linear).
  unsigned tensorOpsIn(const clang::Stmt *Body);
  llvm::DenseMap<const clang::Stmt *, unsigned> OpCounts;
  /// Whether a loop body hands a tensor to a project function (once per loop).
  bool handsTensorsToProjectCode(const clang::Stmt *Body, clang::ASTContext &Ctx);
  llvm::DenseMap<const clang::Stmt *, bool> Handoffs;
  /// Where the full expressions already reported begin: one finding per
  /// statement, for all its accesses (`(b[n][3] - b[n][1]) * (b[n][2] -
  /// b[n][0])`, mmcv's psamask `dst.view({-1})[k] = src.view({-1})[l]`) and
  /// for a template and its instances (the same source).
  llvm::DenseSet<clang::SourceLocation::UIntTy> ReportedStatements;
  /// smallestRankAt of a variable indexed in nested loops, per variable and
  /// outermost loop.
  llvm::DenseMap<std::pair<const clang::VarDecl *, const clang::Stmt *>, std::optional<unsigned>>
      BlockRanks;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_ELEMENTLOOPCHECK_H
