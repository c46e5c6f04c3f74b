//===--- RedundantCopyCheck.cpp - torch-perf-redundant-copy ---------------===//

#include "RedundantCopyCheck.h"

#include "../model/TorchApi.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

bool hasOnlyDefaultArgs(const CallExpr *Call) {
  return llvm::all_of(Call->arguments(),
                      [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); });
}

/// Removal of `.method(args)` at the end of a member call, or an invalid hint
/// when the call is spelled in a macro.
FixItHint removeMemberCall(const CXXMemberCallExpr *Call) {
  const auto *Member = dyn_cast<MemberExpr>(Call->getCallee());
  if (!Member)
    return {};
  SourceLocation Begin = Member->getOperatorLoc();
  SourceLocation End = Call->getRParenLoc();
  if (Begin.isInvalid() || End.isInvalid() || Begin.isMacroID() ||
      End.isMacroID())
    return {};
  return FixItHint::CreateRemoval(CharSourceRange::getTokenRange(Begin, End));
}

bool references(const Stmt *S, const VarDecl *Var) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *Var;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Found |= Ref->getDecl() == Var;
      return !Found;
    }
  } F;
  F.Var = Var;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

std::string explicitArgsText(const CallExpr *Call, const ASTContext &Ctx) {
  std::string Text;
  for (const Expr *Arg : Call->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      break;
    std::string A = sourceText(Arg, Ctx);
    if (A.empty())
      return "\x01"; // Macro-spelled: never equal to anything.
    Text += A;
    Text += ',';
  }
  return Text;
}

} // namespace

void RedundantCopyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(tensorMethodCall({"clone"}).bind("clone"), this);
  Finder->addMatcher(
      varDecl(hasLocalStorage(), hasType(qualType(tensorType())),
              hasInitializer(expr()),
              hasParent(declStmt(hasParent(compoundStmt().bind("block")))))
          .bind("var"),
      this);
  Finder->addMatcher(tensorMethodCall({"contiguous", "to"}).bind("repeat"), this);
}

void RedundantCopyCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Clone = Result.Nodes.getNodeAs<CXXMemberCallExpr>("clone"))
    checkClone(Clone, Ctx);
  if (const auto *Var = Result.Nodes.getNodeAs<VarDecl>("var"))
    if (const auto *Factory =
            dyn_cast_or_null<CallExpr>(ignoreWrappers(Var->getInit())))
      checkOverwritten(Var, Factory,
                       Result.Nodes.getNodeAs<CompoundStmt>("block"), Ctx);
  if (const auto *Outer = Result.Nodes.getNodeAs<CXXMemberCallExpr>("repeat"))
    checkRepeated(Outer, Ctx);
}

void RedundantCopyCheck::checkClone(const CXXMemberCallExpr *Clone,
                                    ASTContext &Ctx) {
  // clone(memory_format) changes the layout: that copy is deliberate.
  if (!hasOnlyDefaultArgs(Clone))
    return;
  std::string Producer = freshTensorProducer(Clone->getImplicitObjectArgument());
  if (Producer.empty())
    return;
  diag(Clone->getExprLoc(),
       "'.clone()' copies the result of '%0', which is already a fresh tensor "
       "that nothing else references; remove the clone")
      << Producer << removeMemberCall(Clone);
}

void RedundantCopyCheck::checkOverwritten(const VarDecl *Var,
                                          const CallExpr *Factory,
                                          const CompoundStmt *Block,
                                          ASTContext &Ctx) {
  const FunctionDecl *Callee = Factory->getDirectCallee();
  if (!Block || !Callee || !isTorchDecl(Callee) || !Callee->getIdentifier())
    return;
  StringRef Name = Callee->getName();
  StringRef Replacement = llvm::StringSwitch<StringRef>(Name)
                              .Cases("zeros", "ones", "empty")
                              .Cases("zeros_like", "ones_like", "empty_like")
                              .Default("");
  if (Replacement.empty())
    return;

  // The first statement after the declaration that mentions the variable
  // must overwrite all of it without reading it.
  bool After = false;
  const CXXMemberCallExpr *Overwrite = nullptr;
  for (const Stmt *S : Block->body()) {
    if (!After) {
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        After = llvm::is_contained(DS->decls(), Var);
      continue;
    }
    if (!references(S, Var))
      continue;
    const auto *E = dyn_cast<Expr>(S);
    const auto *Call =
        E ? dyn_cast<CXXMemberCallExpr>(E->IgnoreImplicit()) : nullptr;
    if (!Call || !Call->getMethodDecl() ||
        !Call->getMethodDecl()->getIdentifier())
      return;
    const auto *Obj = dyn_cast<DeclRefExpr>(
        ignoreWrappers(Call->getImplicitObjectArgument()));
    if (!Obj || Obj->getDecl() != Var ||
        !isTensorMethod(Call->getMethodDecl(),
                        Call->getMethodDecl()->getName()) ||
        !ops::isFullOverwriteMethod(Call->getMethodDecl()->getName()))
      return;
    for (const Expr *Arg : Call->arguments())
      if (references(Arg, Var))
        return;
    Overwrite = Call;
    break;
  }
  if (!Overwrite)
    return;

  const auto *Ref = dyn_cast<DeclRefExpr>(Factory->getCallee()->IgnoreImpCasts());
  SourceLocation NameLoc = Ref ? Ref->getNameInfo().getLoc() : SourceLocation();
  FixItHint Fix;
  if (NameLoc.isValid() && !NameLoc.isMacroID())
    Fix = FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(NameLoc, NameLoc), Replacement);
  diag(NameLoc.isValid() ? NameLoc : Factory->getBeginLoc(),
       "'%0' fills '%1' with values that '%2()' overwrites before any read; "
       "allocate it with '%3' instead")
      << Name << Var->getName() << Overwrite->getMethodDecl()->getName()
      << Replacement << Fix;
  diag(Overwrite->getExprLoc(), "'%0' is fully overwritten here",
       DiagnosticIDs::Note)
      << Var->getName();
}

void RedundantCopyCheck::checkRepeated(const CXXMemberCallExpr *Outer,
                                       ASTContext &Ctx) {
  const auto *Inner = dyn_cast<CXXMemberCallExpr>(
      ignoreWrappers(Outer->getImplicitObjectArgument()));
  if (!Inner || !Inner->getMethodDecl() || !Outer->getMethodDecl())
    return;
  StringRef Name = Outer->getMethodDecl()->getName();
  if (!isTensorMethod(Inner->getMethodDecl(), Name))
    return;
  for (const Expr *Arg : Outer->arguments())
    if (Arg->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
      return;
  std::string OuterArgs = explicitArgsText(Outer, Ctx);
  if (OuterArgs != explicitArgsText(Inner, Ctx) || OuterArgs == "\x01")
    return;
  std::string Shown = "." + Name.str() + "(";
  if (!OuterArgs.empty())
    Shown += StringRef(OuterArgs).drop_back().str();
  Shown += ")";
  diag(Outer->getExprLoc(),
       "repeated '%0' has no effect: the tensor already has that %1; remove "
       "it")
      << Shown << (Name == "contiguous" ? "layout" : "dtype and device")
      << removeMemberCall(Outer);
}

} // namespace torchlint::checks
