//===--- FullWrites.cpp - Statements that write every element of a tensor ------===//

#include "FullWrites.h"

#include "AstUtil.h"
#include "TorchApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace torchlint::model {
namespace {

std::string withoutSpaces(std::string S) {
  llvm::erase_if(S, [](char C) { return isspace(static_cast<unsigned char>(C)); });
  return S;
}

/// `Tensor&` (not const): how ATen spells an out argument, and how a helper
/// takes the tensor it fills.
bool isMutableTensorRef(QualType T) {
  return T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified() &&
         isTensorType(T.getNonReferenceType());
}

/// The call \p S is, as a statement.
const CallExpr *statementCall(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  return E ? dyn_cast<CallExpr>(E->IgnoreImplicit()) : nullptr;
}

/// No argument of \p Call but the one at \p Skip mentions \p V.
bool onlyArgumentIs(const CallExpr *Call, unsigned Skip, const VarDecl *V) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (I != Skip && mentions(Call->getArg(I), V))
      return false;
  return true;
}

bool containsJump(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
    bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
    bool VisitBreakStmt(BreakStmt *) { return !(Found = true); }
    bool VisitContinueStmt(ContinueStmt *) { return !(Found = true); }
    bool VisitCoreturnStmt(CoreturnStmt *) { return !(Found = true); }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

/// `for (T i = 0; i < Bound; ++i | i++ | i += 1)`: the variable and bound.
struct CountedLoop {
  const VarDecl *Var = nullptr;
  const Expr *Bound = nullptr;
};
std::optional<CountedLoop> countedLoop(const ForStmt *For, const ASTContext &Ctx) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Init || !Init->isSingleDecl())
    return std::nullopt;
  const auto *I = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!I || !I->getInit() || intValue(I->getInit(), Ctx) != 0)
    return std::nullopt;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond());
  if (!Cond || Cond->getOpcode() != BO_LT || !refersTo(Cond->getLHS(), I))
    return std::nullopt;
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Steps = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    Steps = U->isIncrementOp() && refersTo(U->getSubExpr(), I);
  else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    Steps = C->getOpcode() == BO_AddAssign && refersTo(C->getLHS(), I) &&
            intValue(C->getRHS(), Ctx) == 1;
  if (!Steps)
    return std::nullopt;
  return CountedLoop{I, Cond->getRHS()->IgnoreParenImpCasts()};
}

/// The accessor or data pointer \p S declares from \p V, and the rank an
/// accessor states (1 for a data pointer, which is indexed as flat).
struct ElementView {
  const VarDecl *Var = nullptr;
  unsigned Rank = 0;
  bool Flat = false;
};
std::optional<ElementView> elementViewOf(const Stmt *S, const VarDecl *V) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  if (!DS || !DS->isSingleDecl())
    return std::nullopt;
  const auto *A = dyn_cast<VarDecl>(DS->getSingleDecl());
  const auto *Call = A && A->getInit() ? dyn_cast<CXXMemberCallExpr>(ignoreWrappers(A->getInit()))
                                       : nullptr;
  const CXXMethodDecl *M = Call ? Call->getMethodDecl() : nullptr;
  if (!M || !M->getIdentifier() || !refersTo(Call->getImplicitObjectArgument(), V))
    return std::nullopt;
  StringRef Name = M->getName();
  if (Name == "data_ptr" || Name == "mutable_data_ptr")
    return A->getType()->isPointerType() ? std::optional(ElementView{A, 1, true}) : std::nullopt;
  if (Name == "accessor" || Name.starts_with("packed_accessor") ||
      Name == "generic_packed_accessor")
    if (const auto *Args = M->getTemplateSpecializationArgs())
      if (Args->size() >= 2 && Args->get(1).getKind() == TemplateArgument::Integral)
        return ElementView{A, static_cast<unsigned>(Args->get(1).getAsIntegral().getExtValue()),
                           false};
  return std::nullopt;
}

/// The subscripts of `a[i][j]` (through accessor operator[] and built-in
/// subscripts), outermost first, when its base is \p A.
std::optional<std::vector<const Expr *>> subscriptsOf(const Expr *E, const VarDecl *A) {
  std::vector<const Expr *> Subs;
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      Subs.push_back(AS->getIdx());
      E = AS->getBase()->IgnoreParenImpCasts();
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
               Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2) {
      Subs.push_back(Op->getArg(1));
      E = ignoreWrappers(Op->getArg(0));
    } else {
      break;
    }
  }
  if (!refersTo(E, A) || Subs.empty())
    return std::nullopt;
  std::reverse(Subs.begin(), Subs.end());
  return Subs;
}

/// \p Bound is the size of dimension \p Dim of \p V (or its whole size when
/// \p Flat), by what it was allocated with or by asking the tensor.
bool boundIsSize(const Expr *Bound, unsigned Dim, bool Flat, const VarDecl *V,
                 const AllocatedSizes &Sizes, const ASTContext &Ctx) {
  std::string Text = withoutSpaces(sourceText(Bound, Ctx));
  if (Text.empty())
    return false;
  std::vector<std::string> Tensors = {V->getName().str()};
  if (!Sizes.LikeOf.empty())
    Tensors.push_back(Sizes.LikeOf);
  for (const std::string &T : Tensors)
    if (Text == T + (Flat ? ".numel()" : ".size(" + std::to_string(Dim) + ")"))
      return true;
  if (Flat)
    return Sizes.Dims.size() == 1 && Text == Sizes.Dims[0];
  return Dim < Sizes.Dims.size() && Text == Sizes.Dims[Dim];
}

/// \p Loop is a nest of counted loops whose innermost body writes every
/// element of \p View, reading neither it nor \p V.
bool loopWritesAll(const Stmt *Loop, const ElementView &View, const VarDecl *V,
                   const AllocatedSizes &Sizes, const ASTContext &Ctx) {
  if (containsJump(Loop))
    return false;
  std::vector<CountedLoop> Nest;
  const Stmt *S = singleStatement(Loop);
  while (const auto *For = dyn_cast_or_null<ForStmt>(S)) {
    auto L = countedLoop(For, Ctx);
    if (!L || mentions(L->Bound, View.Var))
      return false;
    Nest.push_back(*L);
    S = singleStatement(For->getBody());
  }
  if (Nest.empty() || !S)
    return false;
  // The one statement of the body that touches the tensor is the write.
  const BinaryOperator *Write = nullptr;
  auto Statements = isa<CompoundStmt>(S) ? llvm::to_vector(cast<CompoundStmt>(S)->body())
                                         : llvm::SmallVector<Stmt *>{const_cast<Stmt *>(S)};
  for (const Stmt *B : Statements) {
    if (!mentions(B, View.Var) && !mentions(B, V))
      continue;
    const auto *E = dyn_cast<Expr>(B);
    const auto *Assign = E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()) : nullptr;
    if (Write || !Assign || Assign->getOpcode() != BO_Assign)
      return false;
    Write = Assign;
  }
  if (!Write || mentions(Write->getRHS(), View.Var) || mentions(Write->getRHS(), V))
    return false;
  auto Subs = subscriptsOf(Write->getLHS(), View.Var);
  if (!Subs || Subs->size() != Nest.size() || Subs->size() != View.Rank ||
      (!View.Flat && !Sizes.Dims.empty() && Sizes.Dims.size() != View.Rank))
    return false;
  // One loop per dimension, each from 0 over that dimension's size.
  llvm::SmallPtrSet<const VarDecl *, 4> Used;
  for (unsigned Dim = 0; Dim < Subs->size(); ++Dim) {
    const auto *Ref = dyn_cast<DeclRefExpr>((*Subs)[Dim]->IgnoreParenImpCasts());
    auto L = llvm::find_if(Nest, [&](const CountedLoop &C) {
      return Ref && Ref->getDecl() == C.Var;
    });
    if (L == Nest.end() || !Used.insert(L->Var).second ||
        !boundIsSize(L->Bound, Dim, View.Flat, V, Sizes, Ctx))
      return false;
  }
  return true;
}

} // namespace

AllocatedSizes allocatedSizes(const CallExpr *Factory, const ASTContext &Ctx) {
  AllocatedSizes Sizes;
  const FunctionDecl *F = Factory->getDirectCallee();
  if (!F || !F->getIdentifier() || Factory->getNumArgs() < 1)
    return Sizes;
  const Expr *First = Factory->getArg(0);
  if (F->getName().ends_with("_like")) {
    if (const auto *R = dyn_cast<DeclRefExpr>(ignoreWrappers(First)))
      Sizes.LikeOf = R->getDecl()->getName().str();
    return Sizes;
  }
  // `zeros({n, m})`: the braced list, through the IntArrayRef it builds.
  const InitListExpr *List = nullptr;
  for (const Stmt *S = First; S && !List;) {
    List = dyn_cast<InitListExpr>(S);
    if (const auto *E = dyn_cast<Expr>(S)) {
      const Stmt *Next = nullptr;
      for (const Stmt *Child : E->children())
        if (Child && !Next)
          Next = Child;
      S = List ? nullptr : Next;
    } else {
      S = nullptr;
    }
  }
  if (List)
    for (const Expr *D : List->inits()) {
      std::string Text = withoutSpaces(sourceText(D, Ctx));
      if (Text.empty())
        return {};
      Sizes.Dims.push_back(Text);
    }
  return Sizes;
}

std::optional<FullWrite> firstUseWritesAll(llvm::ArrayRef<const Stmt *> Stmts, const VarDecl *V,
                                           const AllocatedSizes &Sizes, ASTContext &Ctx,
                                           unsigned Depth) {
  std::optional<ElementView> View;
  for (size_t N = 0; N < Stmts.size(); ++N) {
    const Stmt *S = Stmts[N];
    bool Touches = mentions(S, V) || (View && mentions(S, View->Var));
    if (!Touches) {
      // In a helper, a return before the write leaves the caller's values.
      if (Depth > 0 && containsJump(S))
        return std::nullopt;
      continue;
    }
    if (View) {
      if (isa<ForStmt>(S) && loopWritesAll(S, *View, V, Sizes, Ctx))
        return FullWrite{"a loop over all its elements", S, nullptr};
      return std::nullopt;
    }
    if ((View = elementViewOf(S, V)))
      continue;
    const CallExpr *Call = statementCall(S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || !Callee->getIdentifier())
      return std::nullopt;
    StringRef Name = Callee->getName();
    std::string By = "'" + Name.str() + "()'";
    // v.copy_(x), v.fill_(0), ...
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call)) {
      if (refersTo(M->getImplicitObjectArgument(), V) && isTensorMethod(Callee, Name) &&
          ops::isFullOverwriteMethod(Name) && onlyArgumentIs(Call, ~0u, V))
        return FullWrite{By, S, nullptr};
      return std::nullopt;
    }
    if (isa<CXXOperatorCallExpr>(Call))
      return std::nullopt;
    // The one argument that is V, and the parameter it goes to.
    unsigned Index = ~0u;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (refersTo(Call->getArg(I), V))
        Index = I;
    if (Index == ~0u || Index >= Callee->getNumParams() || !onlyArgumentIs(Call, Index, V))
      return std::nullopt;
    const ParmVarDecl *P = Callee->getParamDecl(Index);
    // at::mm_out(v, a, b), at::add_outf(a, b, 1, v)
    if (isTorchDecl(Callee))
      return ops::isOutFunction(Name) && isMutableTensorRef(P->getType())
                 ? std::optional(FullWrite{By, S, nullptr})
                 : std::nullopt;
    // A helper of the TU that writes all of its parameter first.
    const FunctionDecl *Def = Callee->getDefinition();
    const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
    if (Depth >= 2 || !Body || Def->isVariadic())
      return std::nullopt;
    P = Def->getParamDecl(Index);
    QualType T = P->getType();
    if (!isMutableTensorRef(T) && !(isTensorType(T) && !T->isReferenceType()))
      return std::nullopt;
    llvm::SmallVector<const Stmt *, 8> Inner(Body->body());
    if (auto W = firstUseWritesAll(Inner, P, AllocatedSizes{}, Ctx, Depth + 1))
      return FullWrite{By, S, W->Inner ? W->Inner : W->Where};
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace torchlint::model
