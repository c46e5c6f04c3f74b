//===--- AstUtil.cpp - Small AST queries the checks share -----------------===//

#include "AstUtil.h"

#include "TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace torchlint::model {

const FunctionDecl *enclosingFunction(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    if (const auto *F = Parents[0].get<FunctionDecl>())
      return F;
    Parents = Ctx.getParents(Parents[0]);
  }
  return nullptr;
}

namespace {
/// `m` or `this->m` naming the member \p D of the object the code runs in.
bool isOwnMember(const MemberExpr *M, const ValueDecl *D) {
  return M->getMemberDecl() == D && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
}
} // namespace

bool refersTo(const Expr *E, const ValueDecl *D) {
  E = ignoreWrappers(E);
  if (const auto *M = dyn_cast_or_null<MemberExpr>(E))
    return isOwnMember(M, D);
  const auto *R = dyn_cast_or_null<DeclRefExpr>(E);
  return R && R->getDecl() == D;
}

bool mentions(const Stmt *S, const ValueDecl *D) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *D;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      Found |= R->getDecl() == D;
      return !Found;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      Found |= isOwnMember(M, D);
      return !Found;
    }
  } F;
  F.D = D;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

std::optional<int64_t> intValue(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  return std::nullopt;
}

const ClassTemplateSpecializationDecl *templateSpecializationOf(QualType T) {
  if (T.isNull())
    return nullptr;
  return dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
}

const Stmt *singleStatement(const Stmt *S) {
  while (const auto *C = dyn_cast_or_null<CompoundStmt>(S)) {
    if (C->size() != 1)
      return S;
    S = C->body_front();
  }
  return S;
}

bool isWithin(SourceLocation Loc, const Stmt *S, const SourceManager &SM) {
  SourceRange R = S->getSourceRange();
  if (Loc.isInvalid() || R.isInvalid())
    return false;
  Loc = SM.getExpansionLoc(Loc);
  return !SM.isBeforeInTranslationUnit(Loc, SM.getExpansionLoc(R.getBegin())) &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), Loc);
}

bool everyReference(const ValueDecl *V, const Stmt *Scope,
                    llvm::function_ref<bool(const DeclRefExpr &)> Holds) {
  struct Refs : RecursiveASTVisitor<Refs> {
    const ValueDecl *V;
    llvm::function_ref<bool(const DeclRefExpr &)> Holds;
    bool All = true;
    Refs(const ValueDecl *V, llvm::function_ref<bool(const DeclRefExpr &)> Holds)
        : V(V), Holds(Holds) {}
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      if (R->getDecl() == V)
        All = Holds(*R);
      return All;
    }
  } F(V, Holds);
  F.TraverseStmt(const_cast<Stmt *>(Scope));
  return F.All;
}

std::vector<const Expr *> valueUses(const Expr *E, const Stmt *Scope, ASTContext &Ctx) {
  std::vector<const Expr *> Uses = {E};
  // The variable or member E initialises or is assigned to.
  const ValueDecl *Target = nullptr;
  const Expr *Child = E;
  DynTypedNodeList Parents = Ctx.getParents(*E);
  for (int I = 0; I < 4 && !Parents.empty() && !Target; ++I) {
    if (const auto *V = Parents[0].get<VarDecl>()) {
      Target = V;
      break;
    }
    const Expr *LHS = nullptr;
    if (const auto *Op = Parents[0].get<CXXOperatorCallExpr>();
        Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 && Op->getArg(1) == Child)
      LHS = Op->getArg(0);
    if (const auto *B = Parents[0].get<BinaryOperator>();
        B && B->getOpcode() == BO_Assign && B->getRHS() == Child)
      LHS = B->getLHS();
    if (LHS) {
      LHS = LHS->IgnoreParenImpCasts();
      if (const auto *R = dyn_cast<DeclRefExpr>(LHS))
        Target = R->getDecl();
      else if (const auto *M = dyn_cast<MemberExpr>(LHS))
        Target = M->getMemberDecl();
      break;
    }
    const auto *P = Parents[0].get<Expr>();
    if (!P)
      break;
    Child = P;
    Parents = Ctx.getParents(Parents[0]);
  }
  if (Target && Scope) {
    struct Refs : RecursiveASTVisitor<Refs> {
      const ValueDecl *V;
      std::vector<const Expr *> *Out;
      bool VisitDeclRefExpr(DeclRefExpr *R) {
        if (R->getDecl() == V)
          Out->push_back(R);
        return true;
      }
      bool VisitMemberExpr(MemberExpr *M) {
        if (M->getMemberDecl() == V)
          Out->push_back(M);
        return true;
      }
    } R;
    R.V = Target;
    R.Out = &Uses;
    R.TraverseStmt(const_cast<Stmt *>(Scope));
  }
  return Uses;
}

} // namespace torchlint::model

namespace torchlint::model {

bool inBranchTemplateFlagsRuleOut(const clang::Stmt &S, clang::ASTContext &Ctx) {
  // Whether a condition is made of template parameters only: as written in
  // the template (`!kIsMeta`), or substituted in an instance.
  struct OnlyParams : RecursiveASTVisitor<OnlyParams> {
    bool Params = false, Other = false;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      (isa<NonTypeTemplateParmDecl>(R->getDecl()) ? Params : Other) = true;
      return true;
    }
    bool VisitSubstNonTypeTemplateParmExpr(SubstNonTypeTemplateParmExpr *) {
      Params = true;
      return true;
    }
    bool VisitCallExpr(CallExpr *) {
      Other = true;
      return true;
    }
  };
  DynTypedNode Cur = DynTypedNode::create(S);
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(Cur);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      return false;
    const auto *If = P.get<IfStmt>();
    const Stmt *Child = Cur.get<Stmt>();
    if (If && Child && If->getCond() && (Child == If->getThen() || Child == If->getElse())) {
      OnlyParams V;
      V.TraverseStmt(const_cast<Expr *>(If->getCond()));
      // The instances of one template take the branch or not by their
      // flag, and a registration names one instance (`&impl<true>` as the
      // Meta kernel, `&impl<false>` as the CUDA one) while the contexts the
      // checks ask are the function's: the branch is no instance's for sure.
      if (V.Params && !V.Other)
        return true;
    }
    Cur = P;
  }
  return false;
}

/// Whether \p S always throws: `throw ...;`, a call of a [[noreturn]]
/// function, `AT_ERROR(...)`, `TORCH_CHECK(false, ...)` (and torch 1.x's
/// `AT_CHECK(false, ...)`).
bool failsUnconditionally(const Stmt *S, const SourceManager &SM) {
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreImplicit();
    if (isa<CXXThrowExpr>(E))
      return true;
    if (const auto *C = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *F = C->getDirectCallee(); F && F->isNoReturn())
        return true;
  }
  // The macro as written; also where torch no longer defines it (AT_CHECK:
  // torch 2.15's headers do not), which Clang keeps as an expression it
  // could not resolve.
  const auto *E = dyn_cast<Expr>(S);
  if (!S->getBeginLoc().isMacroID() && !(E && isa<RecoveryExpr>(E->IgnoreImplicit())))
    return false;
  CharSourceRange Range = SM.getExpansionRange(S->getSourceRange());
  std::string Text = Lexer::getSourceText(Range, SM, LangOptions()).str();
  llvm::erase_if(Text, [](char C) { return C == ' ' || C == '\t' || C == '\n'; });
  llvm::StringRef T(Text);
  return T.starts_with("AT_ERROR(") || T.starts_with("TORCH_CHECK(false,") ||
         T.starts_with("AT_CHECK(false,");
}

} // namespace torchlint::model

