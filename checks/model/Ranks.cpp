//===--- Ranks.cpp - The number of dimensions a tensor is proven to have ---===//

#include "Ranks.h"

#include "AstUtil.h"
#include "Macros.h"
#include "TorchApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace torchlint::model {
namespace {

/// The number of sizes in the first braced list in \p E ({-1, 4}), if any.
std::optional<unsigned> bracedSizes(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::optional<unsigned> N;
    bool VisitInitListExpr(InitListExpr *L) {
      if (!N)
        N = L->getNumInits();
      return false;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.N;
}

/// The rank \p Init gives the variable it initialises.
std::optional<unsigned> rankOfInit(const Expr *Init) {
  const auto *Call = dyn_cast_or_null<CallExpr>(ignoreWrappers(Init));
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || !isTorchDecl(F) || Call->getNumArgs() < 1)
    return std::nullopt;
  StringRef N = F->getName();
  if (isa<CXXMemberCallExpr>(Call) && (N == "view" || N == "reshape"))
    return bracedSizes(Call->getArg(0));
  if (!isa<CXXMemberCallExpr>(Call) &&
      (N == "empty" || N == "zeros" || N == "ones" || N == "full" || N == "rand" ||
       N == "randn"))
    return bracedSizes(Call->getArg(0));
  return std::nullopt;
}

} // namespace

std::optional<unsigned> provenRank(const VarDecl *V, ASTContext &Ctx) {
  if (!V || !isTensorType(V->getType()))
    return std::nullopt;
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return std::nullopt;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    ASTContext &Ctx;
    std::optional<unsigned> Rank;
    bool Assigned = false; ///< `v = other;` somewhere.
    Finder(const VarDecl *V, ASTContext &Ctx) : V(V), Ctx(Ctx) {}
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
      Assigned |= Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
                  refersTo(Op->getArg(0), V);
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->getOpcode() != BO_EQ || Rank)
        return true;
      for (auto [L, R] : {std::pair{B->getLHS(), B->getRHS()}, {B->getRHS(), B->getLHS()}}) {
        const auto *M = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(L));
        Expr::EvalResult N;
        if (!M || !M->getMethodDecl() || !M->getMethodDecl()->getIdentifier() ||
            (M->getMethodDecl()->getName() != "dim" &&
             M->getMethodDecl()->getName() != "ndimension") ||
            !refersTo(M->getImplicitObjectArgument(), V) || !R->EvaluateAsInt(N, Ctx) ||
            N.Val.getInt().isNegative() || N.Val.getInt().getActiveBits() > 8)
          continue;
        // Inside TORCH_CHECK's condition: the function goes no further
        // otherwise.
        if (enclosingMacro(B->getBeginLoc(), "TORCH_CHECK", Ctx.getSourceManager(),
                           Ctx.getLangOpts()))
          Rank = static_cast<unsigned>(N.Val.getInt().getZExtValue());
      }
      return true;
    }
  } Find(V, Ctx);
  Find.TraverseStmt(F->getBody());
  if (Find.Assigned)
    return std::nullopt;
  // Its initialiser (a local).
  if (!isa<ParmVarDecl>(V) && V->getInit() && !V->getType()->isReferenceType())
    if (std::optional<unsigned> R = rankOfInit(V->getInit()))
      return R;
  return Find.Rank;
}

} // namespace torchlint::model
