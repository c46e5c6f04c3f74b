//===--- DataPtrContiguityCheck.cpp - torch-bugprone-data-ptr-contiguity --===//

#include "DataPtrContiguityCheck.h"

#include "../model/AstUtil.h"

#include "../model/ProjectFacts.h"
#include "../model/ProjectModel.h"
#include "../model/Registrations.h"
#include "../model/Signatures.h"
#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

#include <sstream>

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// The calls of \p F in this TU (a functor's too: `Fn()(x)`, and those in
/// AT_DISPATCH lambdas), and how many pass a tensor known contiguous as its
/// parameter \p Index (isContiguousArgument).
std::pair<unsigned, unsigned> callersInThisFile(const FunctionDecl *F, unsigned Index,
                                                ASTContext &Ctx) {
  struct Calls : RecursiveASTVisitor<Calls> {
    const FunctionDecl *F;
    unsigned Index;
    unsigned Total = 0, Contiguous = 0;
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *Callee = C->getDirectCallee();
      if (!Callee || Callee->getCanonicalDecl() != F->getCanonicalDecl())
        return true;
      unsigned Offset = isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
      if (C->getNumArgs() <= Index + Offset)
        return true;
      ++Total;
      Contiguous += isContiguousArgument(C->getArg(Index + Offset));
      return true;
    }
  } C;
  C.F = F;
  C.Index = Index;
  C.TraverseAST(Ctx);
  return {C.Total, C.Contiguous};
}

/// An index that is the constant 0: element 0 is where data_ptr points
/// whatever the strides.
bool isZeroIndex(const Expr *E, const ASTContext &Ctx) {
  std::optional<int64_t> V = intValue(E, Ctx);
  return V && *V == 0;
}

/// The data pointer is indexed beyond its first element: `p[i]`, `ptr[k]`,
/// `x.data_ptr<T>()[1]`, pointer arithmetic.
bool indexedLinearly(const CXXMemberCallExpr *Call, const FunctionDecl *F,
                     ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*Call);
  const VarDecl *Ptr = nullptr;
  for (int I = 0; I < 3 && !Parents.empty(); ++I) {
    if (const auto *A = Parents[0].get<ArraySubscriptExpr>())
      return !isZeroIndex(A->getIdx(), Ctx);
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
    const ASTContext *Ctx;
    bool Found = false;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
      Found |= refersTo(A->getBase(), Ptr) && !isZeroIndex(A->getIdx(), *Ctx);
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      Found |= B->isAdditiveOp() && (refersTo(B->getLHS(), Ptr) || refersTo(B->getRHS(), Ptr));
      return true;
    }
  } Fd;
  Fd.Ptr = Ptr;
  Fd.Ctx = &Ctx;
  Fd.TraverseStmt(F->getBody());
  return Fd.Found;
}

} // namespace

void DataPtrContiguityCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      cxxMemberCallExpr(on(tensorExpr()), callee(cxxMethodDecl(dataPointerMethod()))).bind("ptr"),
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
  if (!F || !F->getBody() || !indexedLinearly(Call, F, Ctx) || hasContiguityEvidence(F, P))
    return;
  // Safe when every caller, in this file and in the rest of the project,
  // passes a tensor known contiguous (and there is at least one).
  unsigned Index = P->getFunctionScopeIndex();
  auto [Calls, Contiguous] = callersInThisFile(F, Index, Ctx);
  std::string Elsewhere = ProjectView::get(Ctx).callersElsewhere(usrOf(F), Index);
  unsigned OtherCalls = 0, OtherContiguous = 0;
  std::string OtherSite;
  if (!Elsewhere.empty()) {
    std::istringstream In(Elsewhere.substr(0, Elsewhere.find('\t')));
    In >> OtherCalls >> OtherContiguous;
    OtherSite = Elsewhere.substr(Elsewhere.find('\t') + 1);
  }
  if (Calls + OtherCalls > 0 && Calls + OtherCalls == Contiguous + OtherContiguous)
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
  {
    auto D = diag(Call->getBeginLoc(),
                  "'%0' may be strided, expanded or channels_last: its data_ptr is "
                  "indexed linearly with no is_contiguous() check or contiguous() "
                  "copy in '%1' or its callers; %2");
    D << Name << functionName(F) << Advice;
    for (const FixItHint &H : fixes(F, P, Writes, Stable, Check, Copy, Local, Ctx))
      D << H;
  }
  if (OtherCalls > OtherContiguous)
    diag(F->getLocation(), "'%0' is called from another file with a tensor not known to be "
                           "contiguous (%1)",
         DiagnosticIDs::Note)
        << functionName(F) << OtherSite;
}

std::vector<FixItHint> DataPtrContiguityCheck::fixes(const FunctionDecl *F, const ParmVarDecl *P,
                                                     bool Writes, bool Stable,
                                                     const std::string &Check,
                                                     const std::string &Copy,
                                                     const std::string &Local, ASTContext &Ctx) {
  std::vector<FixItHint> Out;
  const auto *Body = dyn_cast<CompoundStmt>(F->getBody());
  if (!Body || Body->body_empty())
    return Out;
  const Stmt *First = Body->body_front();
  const SourceManager &SM = Ctx.getSourceManager();
  if (First->getBeginLoc().isMacroID())
    return Out;
  std::string Name = P->getName().str();
  std::string Indent(SM.getSpellingColumnNumber(First->getBeginLoc()) - 1, ' ');
  if (Writes) {
    Out.push_back(FixItHint::CreateInsertion(First->getBeginLoc(),
                                             Check + "(" + Name + ".is_contiguous(), \"" + Name +
                                                 " must be contiguous\");\n" + Indent));
    return Out;
  }
  // torch::stable::contiguous is in <torch/csrc/stable/ops.h>: no fix where
  // the file does not see it.
  if (Stable && !stableFunctionDeclared(Ctx, "contiguous"))
    return Out;
  Out.push_back(
      FixItHint::CreateInsertion(First->getBeginLoc(), "auto " + Local + " = " + Copy + ";\n" + Indent));
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParmVarDecl *P;
    std::vector<const DeclRefExpr *> Objects;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (isDataPointerMethod(M))
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
      Out.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(R->getLocation(), R->getLocation()), Local));
  return Out;
}

} // namespace torchlint::checks
