//===--- DataPtrContiguityCheck.cpp - torch-bugprone-data-ptr-contiguity --===//

#include "DataPtrContiguityCheck.h"

#include "../model/AstUtil.h"

#include "../model/Signatures.h"
#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// What makes \p P safe inside \p F: an is_contiguous() test, a contiguous()
/// reassignment.
bool hasContiguityEvidence(const FunctionDecl *F, const ParmVarDecl *P) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ParmVarDecl *P;
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (M && M->getIdentifier() && M->getName() == "is_contiguous" &&
          refersTo(C->getImplicitObjectArgument(), P))
        Found = true;
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
          refersTo(Op->getArg(0), P))
        Found = true; // Reassigned (x = x.contiguous()).
      return true;
    }
  } Fd;
  Fd.P = P;
  Fd.TraverseStmt(F->getBody());
  return Fd.Found;
}

/// A `.contiguous()` result, or the stable ABI's
/// `torch::stable::contiguous(x)`.
bool isContiguousCall(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(E))
    return M->getMethodDecl() && M->getMethodDecl()->getIdentifier() &&
           M->getMethodDecl()->getName() == "contiguous";
  if (const auto *C = dyn_cast<CallExpr>(E))
    return C->getDirectCallee() && isStableDecl(C->getDirectCallee()) &&
           C->getDirectCallee()->getIdentifier() &&
           C->getDirectCallee()->getName() == "contiguous";
  return false;
}

/// True if every call of \p F in the TU passes a `.contiguous()` result for
/// parameter \p Index (and there is at least one call).
bool allCallersPassContiguous(const FunctionDecl *F, unsigned Index, ASTContext &Ctx) {
  struct Calls : RecursiveASTVisitor<Calls> {
    const FunctionDecl *F;
    unsigned Index;
    unsigned Total = 0, Contiguous = 0;
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *Callee = C->getDirectCallee();
      if (!Callee || Callee->getCanonicalDecl() != F->getCanonicalDecl() ||
          C->getNumArgs() <= Index)
        return true;
      ++Total;
      if (isContiguousCall(C->getArg(Index)))
        ++Contiguous;
      return true;
    }
  } C;
  C.F = F;
  C.Index = Index;
  C.TraverseAST(Ctx);
  return C.Total > 0 && C.Total == C.Contiguous;
}

/// The data pointer is indexed beyond its first element: `p[i]`, `ptr[k]`,
/// `x.data_ptr<T>()[1]`, pointer arithmetic.
bool indexedLinearly(const CXXMemberCallExpr *Call, const FunctionDecl *F,
                     ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*Call);
  const VarDecl *Ptr = nullptr;
  for (int I = 0; I < 3 && !Parents.empty(); ++I) {
    if (const auto *A = Parents[0].get<ArraySubscriptExpr>())
      return true;
    if (const auto *B = Parents[0].get<BinaryOperator>())
      return B->isAdditiveOp();
    if ((Ptr = Parents[0].get<VarDecl>()))
      break;
    if (!Parents[0].get<ImplicitCastExpr>())
      break;
    Parents = Ctx.getParents(Parents[0]);
  }
  if (!Ptr)
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *Ptr;
    bool Found = false;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
      Found |= refersTo(A->getBase(), Ptr);
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      Found |= B->isAdditiveOp() && (refersTo(B->getLHS(), Ptr) || refersTo(B->getRHS(), Ptr));
      return true;
    }
  } Fd;
  Fd.Ptr = Ptr;
  Fd.TraverseStmt(F->getBody());
  return Fd.Found;
}

} // namespace

void DataPtrContiguityCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      tensorMethodCall({"data_ptr", "mutable_data_ptr", "const_data_ptr"}).bind("ptr"),
      this);
}

void DataPtrContiguityCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("ptr");
  const auto *Ref = dyn_cast<DeclRefExpr>(ignoreWrappers(Call->getImplicitObjectArgument()));
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!P || Reported.count(P) || Call->getBeginLoc().isMacroID())
    return;
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!F || !F->getBody() || !indexedLinearly(Call, F, Ctx) ||
      hasContiguityEvidence(F, P) ||
      allCallersPassContiguous(F, P->getFunctionScopeIndex(), Ctx))
    return;
  Reported.insert(P);

  // Fix: one contiguous copy at the top, used by every data_ptr of P; when
  // the function writes through the pointer a copy would lose the writes, so
  // then the fix is to require contiguity.
  std::string Name = P->getName().str();
  std::string Local = Name + "_c";
  bool Writes = mutatesParam(F, P);
  // The stable ABI spells these STD_TORCH_CHECK and
  // torch::stable::contiguous(x) (its Tensor has no contiguous() method).
  bool Stable = isStableTensorType(P->getType());
  std::string Check = Stable ? "STD_TORCH_CHECK" : "TORCH_CHECK";
  std::string Copy = Stable ? "torch::stable::contiguous(" + Name + ")"
                            : Name + ".contiguous()";
  std::string Advice = Writes ? "require it: '" + Check + "(" + Name +
                                    ".is_contiguous())' (a copy would lose the writes)"
                              : "use '" + Local + " = " + Copy + "'";
  auto D = diag(Call->getBeginLoc(),
                "'%0' may be strided, expanded or channels_last: its data_ptr is "
                "indexed linearly with no is_contiguous() check or contiguous() "
                "copy in '%1' or its callers in this file; %2");
  D << Name << F->getName() << Advice;
  const auto *Body = dyn_cast<CompoundStmt>(F->getBody());
  if (!Body || Body->body_empty())
    return;
  const Stmt *First = Body->body_front();
  const SourceManager &SM = Ctx.getSourceManager();
  if (First->getBeginLoc().isMacroID())
    return;
  std::string Indent(SM.getSpellingColumnNumber(First->getBeginLoc()) - 1, ' ');
  if (Writes) {
    D << FixItHint::CreateInsertion(First->getBeginLoc(),
                                    Check + "(" + Name + ".is_contiguous(), \"" + Name +
                                        " must be contiguous\");\n" + Indent);
    return;
  }
  // torch::stable::contiguous is in <torch/csrc/stable/ops.h>: no fix where
  // the file does not see it.
  if (Stable && !stableFunctionDeclared(Ctx, "contiguous"))
    return;
  D << FixItHint::CreateInsertion(First->getBeginLoc(),
                                  "auto " + Local + " = " + Copy + ";\n" + Indent);
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParmVarDecl *P;
    std::vector<const DeclRefExpr *> Objects;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (M && M->getIdentifier() &&
          (M->getName() == "data_ptr" || M->getName() == "mutable_data_ptr" ||
           M->getName() == "const_data_ptr"))
        if (const auto *R = dyn_cast<DeclRefExpr>(ignoreWrappers(C->getImplicitObjectArgument())))
          if (R->getDecl() == P)
            Objects.push_back(R);
      return true;
    }
  } U;
  U.P = P;
  U.TraverseStmt(F->getBody());
  for (const DeclRefExpr *R : U.Objects)
    if (!R->getLocation().isMacroID())
      D << FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(R->getLocation(), R->getLocation()), Local);
}

} // namespace torchlint::checks
