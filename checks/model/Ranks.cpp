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
  if (!F || !F->getIdentifier() || !isTorchDecl(F))
    return std::nullopt;
  StringRef N = F->getName();
  if (Call->getNumArgs() < 1 && !ops::isInPlaceName(N))
    return std::nullopt;
  if (isa<CXXMemberCallExpr>(Call) && (N == "view" || N == "reshape"))
    return bracedSizes(Call->getArg(0));
  // x.view({...}).zero_(): an in-place method returns its object.
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call); M && ops::isInPlaceName(N))
    return rankOfInit(M->getImplicitObjectArgument());
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

std::optional<unsigned> smallestRankAt(const VarDecl *V, const Stmt *Use, ASTContext &Ctx) {
  if (std::optional<unsigned> R = provenRank(V, Ctx))
    return R;
  const auto *F = V ? dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()) : nullptr;
  const auto *Body = F ? dyn_cast_or_null<CompoundStmt>(F->getBody()) : nullptr;
  if (!Body || !isTensorType(V->getType()) || V->getType()->isReferenceType())
    return std::nullopt;
  struct Assignments : RecursiveASTVisitor<Assignments> {
    const VarDecl *V;
    std::vector<const CXXOperatorCallExpr *> Found;
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 && refersTo(Op->getArg(0), V))
        Found.push_back(Op);
      return true;
    }
  } A;
  A.V = V;
  A.TraverseStmt(const_cast<CompoundStmt *>(Body));
  std::optional<unsigned> Smallest;
  auto Take = [&](const Expr *Value) {
    std::optional<unsigned> R = rankOfInit(Value);
    if (R)
      Smallest = std::min(Smallest.value_or(*R), *R);
    return R.has_value();
  };
  // The value it comes in with: a local's initialiser, or a parameter's
  // argument unless an assignment at the top of the body, before the
  // statement of the use, replaces it.
  if (isa<ParmVarDecl>(V)) {
    const SourceManager &SM = Ctx.getSourceManager();
    bool Replaced = false;
    for (const Stmt *S : Body->body()) {
      if (isWithin(Use->getBeginLoc(), S, SM))
        break;
      const auto *E = dyn_cast<Expr>(S);
      Replaced |= E && llvm::is_contained(A.Found, dyn_cast<CXXOperatorCallExpr>(E->IgnoreImplicit()));
    }
    if (!Replaced)
      return std::nullopt;
  } else if (!V->getInit() || !Take(V->getInit())) {
    return std::nullopt;
  }
  for (const CXXOperatorCallExpr *Op : A.Found)
    if (!Take(Op->getArg(1)))
      return std::nullopt;
  return Smallest;
}

} // namespace torchlint::model
