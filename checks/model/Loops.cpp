//===--- Loops.cpp - Loops, their induction variables and data flow -------===//

#include "Loops.h"

#include "TorchApi.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace torchlint::model {
namespace {

bool isIntegralVar(const VarDecl *V) {
  return V && V->getType().getNonReferenceType()->isIntegralOrEnumerationType();
}

/// Variables written by the increment of a for loop (`++i`, `i += 2`).
void collectIncrementedVars(const Expr *Inc,
                            llvm::SmallVectorImpl<const VarDecl *> &Out) {
  if (!Inc)
    return;
  Inc = Inc->IgnoreParenImpCasts();
  auto Add = [&](const Expr *Target) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        if (isIntegralVar(V) && !llvm::is_contained(Out, V))
          Out.push_back(V);
  };
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (U->isIncrementDecrementOp())
      Add(U->getSubExpr());
  } else if (const auto *B = dyn_cast<BinaryOperator>(Inc)) {
    if (B->getOpcode() == BO_Comma) {
      collectIncrementedVars(B->getLHS(), Out);
      collectIncrementedVars(B->getRHS(), Out);
    } else if (B->isAssignmentOp()) {
      Add(B->getLHS());
    }
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Inc)) {
    if (Op->getNumArgs() >= 1)
      Add(Op->getArg(0));
  }
}

class RefCollector : public RecursiveASTVisitor<RefCollector> {
public:
  llvm::SmallVector<const VarDecl *, 8> Vars;
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      Vars.push_back(V);
    return true;
  }
};

bool isInside(const Stmt *Inner, const Stmt *Outer, const SourceManager &SM) {
  SourceRange R = Outer->getSourceRange();
  SourceLocation L = Inner->getBeginLoc();
  return R.isValid() && L.isValid() &&
         !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

} // namespace

llvm::SmallVector<EnclosingLoop, 4> enclosingLoops(const Stmt &S,
                                                   ASTContext &Ctx) {
  llvm::SmallVector<EnclosingLoop, 4> Loops;
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      break;
    if (const auto *For = P.get<ForStmt>()) {
      EnclosingLoop L{For, {}};
      if (const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit()))
        for (const Decl *D : Init->decls())
          if (const auto *V = dyn_cast<VarDecl>(D); isIntegralVar(V))
            L.Vars.push_back(V);
      collectIncrementedVars(For->getInc(), L.Vars);
      if (!L.Vars.empty())
        Loops.push_back(std::move(L));
    } else if (const auto *Range = P.get<CXXForRangeStmt>()) {
      const VarDecl *V = Range->getLoopVariable();
      if (isIntegralVar(V))
        Loops.push_back(EnclosingLoop{Range, {V}});
    }
    Parents = Ctx.getParents(P);
  }
  return Loops;
}

llvm::SmallPtrSet<const VarDecl *, 4>
dependsOnLoopVars(const Expr *E, llvm::ArrayRef<EnclosingLoop> Loops) {
  llvm::SmallPtrSet<const VarDecl *, 4> Result;
  if (!E || Loops.empty())
    return Result;
  const ASTContext *Ctx = nullptr;
  llvm::SmallVector<std::pair<const Expr *, int>, 8> Work = {{E, 0}};
  llvm::SmallPtrSet<const VarDecl *, 16> Seen;
  while (!Work.empty()) {
    auto [Cur, Depth] = Work.pop_back_val();
    RefCollector C;
    C.TraverseStmt(const_cast<Expr *>(Cur));
    for (const VarDecl *V : C.Vars) {
      if (!Seen.insert(V).second)
        continue;
      bool IsLoopVar = false;
      for (const EnclosingLoop &L : Loops)
        if (llvm::is_contained(L.Vars, V)) {
          Result.insert(V);
          IsLoopVar = true;
        }
      if (IsLoopVar || Depth >= 3 || !V->isLocalVarDecl() || !V->getInit())
        continue;
      // A local computed from an induction variable, declared inside the
      // outermost loop, carries the dependence.
      if (!Ctx)
        Ctx = &V->getASTContext();
      if (isInside(V->getInit(), Loops.back().Loop, Ctx->getSourceManager()))
        Work.push_back({V->getInit(), Depth + 1});
    }
  }
  return Result;
}

bool readsTensorSize(const Stmt *E, int Depth) {
  if (!E)
    return false;
  if (const auto *C = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *M = C->getMethodDecl();
        M && M->getIdentifier() && isTensorType(C->getImplicitObjectArgument()->getType()) &&
        llvm::is_contained({"size", "sizes", "numel", "sym_size", "sym_numel", "sym_sizes"},
                           M->getName()))
      return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
      return Depth < 2 && V->isLocalVarDecl() && readsTensorSize(V->getInit(), Depth + 1);
  for (const Stmt *Child : E->children())
    if (readsTensorSize(Child, Depth))
      return true;
  return false;
}

} // namespace torchlint::model
