//===--- Uint8RoundtripCheck.cpp - torch-perf-uint8-roundtrip -------------===//

#include "Uint8RoundtripCheck.h"

#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// The ScalarType enumerator a `.to(...)` call converts to, if constant.
std::string targetDtype(const CXXMemberCallExpr *To) {
  for (const Expr *A : To->arguments()) {
    const Expr *E = A->IgnoreParenImpCasts();
    for (int I = 0; I < 4 && E; ++I) {
      if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
        if (const auto *EC = dyn_cast<EnumConstantDecl>(R->getDecl()))
          return EC->getName().str();
        if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
          E = V->getInit() ? V->getInit()->IgnoreParenImpCasts() : nullptr;
        continue;
      }
      if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
        E = C->getNumArgs() ? C->getArg(0)->IgnoreParenImpCasts() : nullptr;
        continue;
      }
      break;
    }
  }
  return {};
}

bool isFloatType(StringRef T) { return T == "Float" || T == "Double" || T == "Half"; }

} // namespace

void Uint8RoundtripCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(tensorMethodCall({"to"}).bind("to"), this);
}

void Uint8RoundtripCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const auto *Back = Result.Nodes.getNodeAs<CXXMemberCallExpr>("to");
  if (targetDtype(Back) != "Byte")
    return;
  // The value converted back must have been rounded or clamped, elementwise,
  // from a float working copy made in this function.
  DynTypedNodeList Parents = Ctx.getParents(*Back);
  const FunctionDecl *F = nullptr;
  while (!Parents.empty() && !F) {
    F = Parents[0].get<FunctionDecl>();
    Parents = Ctx.getParents(Parents[0]);
  }
  if (!F || !F->getBody())
    return;
  struct Scan : RecursiveASTVisitor<Scan> {
    const CXXMemberCallExpr *Back;
    const SourceManager *SM;
    bool SawFloat = false, SawRound = false, NotElementwise = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (!M || !M->getIdentifier() || C == Back ||
          !SM->isBeforeInTranslationUnit(C->getBeginLoc(), Back->getEndLoc()))
        return true;
      StringRef N = M->getName();
      if (N == "to" && isFloatType(targetDtype(C)))
        SawFloat = true;
      if (N == "round" || N == "clamp" || N == "clamp_" || N == "round_" ||
          N == "clamp_min" || N == "clamp_max")
        SawRound = true;
      static const char *const Reductions[] = {"mean", "sum", "max", "min", "amax",
                                               "amin", "matmul", "mm", "conv2d",
                                               "permute", "transpose", "index_select",
                                               "gather", "narrow", "select", "flip"};
      if (llvm::is_contained(Reductions, N))
        NotElementwise = true;
      return true;
    }
  } S;
  S.Back = Back;
  S.SM = &Ctx.getSourceManager();
  S.TraverseStmt(F->getBody());
  if (!S.SawFloat || !S.SawRound || S.NotElementwise)
    return;
  diag(Back->getExprLoc(),
       "uint8 data is converted to float, transformed elementwise, rounded "
       "and converted back: a 256-entry lookup table computes the same bytes "
       "without the float buffer (see kernels/pairs/uint8_roundtrip)");
}

} // namespace torchlint::checks
