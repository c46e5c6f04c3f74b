//===--- WriteToCopyCheck.cpp - torch-bugprone-write-to-copy --------------===//

#include "WriteToCopyCheck.h"

#include "../model/AstUtil.h"
#include "../model/Registrations.h"
#include "../model/Signatures.h"
#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
namespace {

/// The expression \p E is a part of, past implicit conversions and
/// temporaries (and the copy a by-value argument makes).
const Stmt *useOf(const Expr *E, ASTContext &Ctx, const Expr **Inner = nullptr) {
  const Stmt *Cur = E;
  while (true) {
    auto Parents = Ctx.getParents(*Cur);
    if (Parents.size() != 1)
      return nullptr;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P) {
      if (Inner)
        *Inner = dyn_cast<Expr>(Cur);
      return nullptr; // A declaration: see initialised().
    }
    bool Wrapper = isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                       ExprWithCleanups, ParenExpr>(P);
    if (const auto *C = dyn_cast<CXXConstructExpr>(P))
      Wrapper = C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor();
    if (!Wrapper) {
      if (Inner)
        *Inner = dyn_cast<Expr>(Cur);
      return P;
    }
    Cur = P;
  }
}

/// The variable \p E initialises, if any.
const VarDecl *initialised(const Expr *E, ASTContext &Ctx) {
  const Stmt *Cur = E;
  for (unsigned I = 0; I < 8; ++I) {
    auto Parents = Ctx.getParents(*Cur);
    if (Parents.size() != 1)
      return nullptr;
    if (const auto *V = Parents[0].get<VarDecl>())
      return V->isLocalVarDecl() && isTensorType(V->getType()) ? V : nullptr;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P || !(isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                    ExprWithCleanups, ParenExpr, CXXConstructExpr>(P)))
      return nullptr;
    Cur = P;
  }
  return nullptr;
}

/// `src.copy_(v)` somewhere in \p Body: the result is written back.
bool copiedBack(const Stmt *Body, const Expr *Src, const VarDecl *V) {
  if (!Body)
    return false;
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(Body))
    if (const CXXMethodDecl *D = M->getMethodDecl();
        D && D->getIdentifier() && D->getName() == "copy_" && M->getNumArgs() >= 1 &&
        refersTo(M->getArg(0), V)) {
      const Expr *Obj = ignoreWrappers(M->getImplicitObjectArgument());
      if (const auto *R = dyn_cast<DeclRefExpr>(ignoreWrappers(Src)))
        if (refersTo(Obj, R->getDecl()))
          return true;
      if (const auto *S = dyn_cast<MemberExpr>(ignoreWrappers(Src)))
        if (const auto *O = dyn_cast<MemberExpr>(Obj); O && O->getMemberDecl() == S->getMemberDecl())
          return true;
    }
  for (const Stmt *C : Body->children())
    if (copiedBack(C, Src, V))
      return true;
  return false;
}

/// Whether the result of the in-place call \p Call (or of the in-place calls
/// chained on it) is used as a value: an argument, an operand, a return, an
/// initialiser. `at::linear(x.to(at::kFloat).mul_(s), ...)` computes in a
/// scratch tensor; a statement `x.contiguous().add_(y);` writes for its effect.
bool resultUsedAsValue(const CXXMemberCallExpr *Call, ASTContext &Ctx) {
  const Expr *Last = Call;
  while (true) {
    const Expr *Inner = nullptr;
    const Stmt *Use = useOf(Last, Ctx, &Inner);
    if (!Use)
      return Inner != nullptr; // An initialiser (or more than one parent: no).
    if (const auto *M = dyn_cast<MemberExpr>(Use)) {
      const auto *Next = dyn_cast_or_null<CXXMemberCallExpr>(useOf(M, Ctx));
      const CXXMethodDecl *D = Next ? Next->getMethodDecl() : nullptr;
      if (!D || !D->getIdentifier() || !ops::isInPlaceName(D->getName()))
        return true; // `.sum()`, `.item()`: read.
      Last = Next;
      continue;
    }
    return isa<Expr>(Use) || isa<ReturnStmt>(Use);
  }
}

/// `x.to(at::kFloat)`, `x.toType(...)`: a conversion of dtype, whose point is
/// usually to make a copy in another type.
bool convertsDtype(const CXXMemberCallExpr *Conv) {
  StringRef Name = Conv->getMethodDecl()->getName();
  if (Name == "toType")
    return true;
  return Name == "to" && Conv->getNumArgs() >= 1 &&
         isScalarTypeEnum(Conv->getArg(0)->IgnoreImplicit()->getType());
}

} // namespace

void WriteToCopyCheck::registerMatchers(MatchFinder *Finder) {
  // A converting view of a tensor the caller sees: itself when nothing needs
  // converting, a copy otherwise.
  auto SeenByCaller = ignoringParenImpCasts(
      anyOf(declRefExpr(to(parmVarDecl())), memberExpr(unless(hasType(pointerType())))));
  Finder->addMatcher(
      cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("contiguous", "to", "cpu", "cuda",
                                                        "toType"))),
                        on(expr(SeenByCaller).bind("src")))
          .bind("conv"),
      this);
}

void WriteToCopyCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const auto *Conv = Result.Nodes.getNodeAs<CXXMemberCallExpr>("conv");
  const auto *Src = Result.Nodes.getNodeAs<Expr>("src");
  if (!Conv || !Src || !isTensorType(Src->getType()) || !isTensorType(Conv->getType()) ||
      !isTorchDecl(Conv->getMethodDecl()))
    return;
  // Written in a macro's body, not in an argument (AT_DISPATCH's lambda is).
  const SourceManager &SM = Ctx.getSourceManager();
  if (Conv->getExprLoc().isMacroID() && !SM.isMacroArgExpansion(Conv->getExprLoc()))
    return;
  const FunctionDecl *F = enclosingFunction(*Conv, Ctx);
  if (!F || !F->getBody())
    return;

  std::string How;
  const Stmt *Where = nullptr;
  std::string Written; // What the write goes into.
  const Expr *Inner = nullptr;
  bool Scratch = false; // The written result is used as a value.
  const Stmt *Use = useOf(Conv, Ctx, &Inner);
  if (const auto *M = dyn_cast_or_null<MemberExpr>(Use)) {
    // conv.add_(...), or conv.data_ptr<T>() handed to a function that writes
    // through it.
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(useOf(M, Ctx));
    const CXXMethodDecl *D = Call ? Call->getMethodDecl() : nullptr;
    if (!D || !D->getIdentifier())
      return;
    StringRef Name = D->getName();
    if (ops::isInPlaceName(Name)) {
      // Used as a value, the write is meant for a scratch copy: not lost when
      // the conversion copies. A dtype conversion usually does (torchao's
      // fp8 fallback `at::linear(input.to(at::kFloat).mul_(scales), ...)`);
      // `contiguous()` or a device move usually does not, and then the
      // caller's tensor is overwritten.
      if (resultUsedAsValue(Call, Ctx)) {
        if (convertsDtype(Conv))
          return;
        Scratch = true;
      }
      How = "'" + Name.str() + "()'";
      Where = Call;
    } else if (Name == "data_ptr" || Name == "mutable_data_ptr" || Name == "data") {
      const Expr *Arg = nullptr;
      const auto *Outer = dyn_cast_or_null<CallExpr>(useOf(Call, Ctx, &Arg));
      if (!Outer || isa<CXXMemberCallExpr>(Outer) || !Outer->getDirectCallee())
        return;
      for (unsigned I = 0; I < Outer->getNumArgs(); ++I)
        if (Outer->getArg(I)->IgnoreImplicit() == Arg->IgnoreImplicit() &&
            writesThroughParam(Outer->getDirectCallee(), I)) {
          How = "'" + functionName(Outer->getDirectCallee()) + "' (through its data pointer)";
          Where = Conv; // The argument: a launch hands many.
        }
    }
  } else if (const auto *Call = dyn_cast_or_null<CallExpr>(Use)) {
    // f(conv): an out= argument, or a project function that writes it.
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call))
      return;
    for (unsigned I = 0; I < Call->getNumArgs() && !Where; ++I) {
      if (Call->getArg(I)->IgnoreImplicit() != Inner->IgnoreImplicit() &&
          ignoreWrappers(Call->getArg(I)) != Conv)
        continue;
      StringRef Name = Callee->getName();
      if (isTorchDecl(Callee)) {
        if (torchParamWrite(Callee, I) != TorchWrite::None)
          How = "'" + Name.str() + "()'", Where = Call;
      } else if (I < Callee->getNumParams() &&
                 mutatesParam(Callee, Callee->getParamDecl(I), &How)) {
        How = "'" + functionName(Callee) + "' (" + How + ")";
        Where = Call;
      }
    }
  } else if (const VarDecl *V = initialised(Conv, Ctx)) {
    // auto y = x.contiguous(); ... writes into y, never copied back.
    std::string VarHow;
    const Stmt *VarWhere = nullptr;
    if (writesVariable(F->getBody(), V, &VarHow, &VarWhere) &&
        !copiedBack(F->getBody(), Src, V)) {
      Written = V->getName().str();
      How = VarHow;
      Where = VarWhere;
    }
  }
  if (!Where)
    return;

  std::string SrcText =
      Lexer::getSourceText(CharSourceRange::getTokenRange(Src->getSourceRange()), SM,
                           Ctx.getLangOpts())
          .str();
  std::string ConvText =
      Lexer::getSourceText(CharSourceRange::getTokenRange(Conv->getSourceRange()), SM,
                           Ctx.getLangOpts())
          .str();
  if (SrcText.empty() || ConvText.empty())
    return;
  bool Contiguous = Conv->getMethodDecl()->getName() == "contiguous";
  std::string When = Contiguous ? "it is already contiguous" : "it already has that dtype and device";
  std::string Require = Contiguous ? "require its layout with TORCH_CHECK(" + SrcText +
                                         ".is_contiguous())"
                                   : "require its dtype and device with TORCH_CHECK";
  if (Scratch)
    diag(Where->getBeginLoc(),
         "%0 writes into '%1' to compute a value, but '%1' is '%2' itself when %3: the "
         "caller's tensor is overwritten then; use the out-of-place form, or copy "
         "explicitly ('%2.clone()')")
        << How << ConvText << SrcText << When;
  else if (Written.empty())
    diag(Where->getBeginLoc(),
         "%0 writes into '%1', which is '%2' itself when %3 and a copy otherwise: the "
         "caller's tensor is written in one case and the write is lost in the other; write "
         "into '%2' (%4) or copy the result back with '%2.copy_(...)'")
        << How << ConvText << SrcText << When << Require;
  else
    diag(Where->getBeginLoc(),
         "'%0' is written (%1), but '%0' is '%2': '%3' itself when %4 and a copy otherwise, so "
         "the caller's tensor is written in one case and the write is lost in the other; "
         "write into '%3' (%5) or copy the result back with '%3.copy_(%0)'")
        << Written << How << ConvText << SrcText << When << Require;
}

} // namespace torchlint::checks
