//===--- TorchCheck.h - What every torch-* check is -----------------*- C++ -*-===//
//
// A clang-tidy check whose each match starts afresh in what it assumed of
// the project (ProjectView::takeAssumed): the answers a match gets from
// facts a run did not gather are said on the finding it reports, not on
// another match's.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_TORCHCHECK_H
#define TORCHLINT_CHECKS_TORCHCHECK_H

#include "model/ProjectModel.h"

#include "clang-tidy/ClangTidyCheck.h"

namespace torchlint::checks {

class TorchCheck : public clang::tidy::ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;

protected:
  /// For a check that reports several findings from one match: what the
  /// project answers from here on is the next finding's.
  static void startFinding(clang::ASTContext &Ctx) {
    model::ProjectView::get(Ctx).takeAssumed();
  }

private:
  // (ClangTidyCheck::run calls check(); this clears what an earlier match
  // assumed first.)
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override {
    model::ProjectView::get(*Result.Context).takeAssumed();
    check(Result);
  }
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_TORCHCHECK_H
