//===--- RedundantCopyCheck.cpp - torch-perf-redundant-copy ---------------===//

#include "RedundantCopyCheck.h"

#include "../model/AstUtil.h"
#include "../model/FullWrites.h"

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
  llvm::SmallVector<const Stmt *, 16> After;
  bool Seen = false;
  for (const Stmt *S : Block->body()) {
    if (Seen)
      After.push_back(S);
    else if (const auto *DS = dyn_cast<DeclStmt>(S))
      Seen = llvm::is_contained(DS->decls(), Var);
  }
  std::optional<FullWrite> Overwrite =
      firstUseWritesAll(After, Var, allocatedSizes(Factory, Ctx), Ctx);
  if (!Overwrite)
    return;

  const auto *Ref = dyn_cast<DeclRefExpr>(Factory->getCallee()->IgnoreImpCasts());
  SourceLocation NameLoc = Ref ? Ref->getNameInfo().getLoc() : SourceLocation();
  FixItHint Fix;
  if (NameLoc.isValid() && !NameLoc.isMacroID())
    Fix = FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(NameLoc, NameLoc), Replacement);
  SourceLocation Loc = NameLoc.isValid() ? NameLoc : Factory->getBeginLoc();
  if (Overwrite->Scratch) {
    diag(Loc, "'%0' fills '%1' with values nothing reads: it is the temporary storage of %2, "
              "scratch that CUB writes before it reads; allocate it with '%3' instead")
        << Name << Var->getName() << Overwrite->By << Replacement << Fix;
    diag(Overwrite->Where->getBeginLoc(), "'%0' is CUB's temporary storage here",
         DiagnosticIDs::Note)
        << Var->getName();
    return;
  }
  diag(Loc, "'%0' fills '%1' with values that %2 overwrites before any read; "
            "allocate it with '%3' instead")
      << Name << Var->getName() << Overwrite->By << Replacement << Fix;
  diag(Overwrite->Where->getBeginLoc(), "'%0' is fully overwritten here", DiagnosticIDs::Note)
      << Var->getName();
  if (Overwrite->Inner)
    diag(Overwrite->Inner->getBeginLoc(), "%0 writes every element of its parameter here",
         DiagnosticIDs::Note)
        << Overwrite->By;
}

namespace {
/// The ScalarType enumerator or Device/DeviceType a `.to(x)` converts to.
std::string conversionTarget(const CXXMemberCallExpr *To, bool &IsDtype) {
  IsDtype = false;
  if (To->getNumArgs() < 1)
    return {};
  const Expr *A = ignoreWrappers(To->getArg(0));
  IsDtype = isScalarTypeEnum(A->getType());
  return IsDtype ? sourceText(A, To->getMethodDecl()->getASTContext()) : std::string();
}
} // namespace

void RedundantCopyCheck::checkAllocateThenMove(const CXXMemberCallExpr *To,
                                               ASTContext &Ctx) {
  const Expr *Object = ignoreWrappers(To->getImplicitObjectArgument());
  // from_blob(...).clone().to(device): clone copies, to() copies again.
  if (const auto *Clone = dyn_cast<CXXMemberCallExpr>(Object))
    if (Clone->getMethodDecl() && Clone->getMethodDecl()->getIdentifier() &&
        Clone->getMethodDecl()->getName() == "clone")
      if (const auto *Blob = dyn_cast<CallExpr>(ignoreWrappers(Clone->getImplicitObjectArgument())))
        if (Blob->getDirectCallee() && Blob->getDirectCallee()->getIdentifier() &&
            Blob->getDirectCallee()->getName() == "from_blob") {
          diag(Clone->getExprLoc(),
               "'from_blob(...).clone().to(...)' copies the data twice; one "
               "copy does: '.to(options, /*non_blocking=*/false, /*copy=*/true)'");
          return;
        }
  // torch::zeros({n}).to(device): allocated on the CPU (in the default
  // dtype), filled, then copied.
  const auto *Factory = dyn_cast<CallExpr>(Object);
  const FunctionDecl *F = Factory ? Factory->getDirectCallee() : nullptr;
  if (!F || !isTorchDecl(F) || !F->getIdentifier() || isa<CXXMethodDecl>(F) ||
      F->getName().ends_with("_like") || !ops::isFactory(F->getName()) ||
      F->getName() == "tensor")
    return;
  for (const Expr *A : Factory->arguments()) {
    if (isa<CXXDefaultArgExpr>(A))
      continue;
    const CXXRecordDecl *RD = A->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (RD && RD->getIdentifier() && RD->getName() == "TensorOptions")
      return; // Options given: the device/dtype may be chosen there already.
  }
  if (To->getNumArgs() < 1 || isa<CXXDefaultArgExpr>(To->getArg(0)))
    return;
  // `.to(torch::kFloat32)`, `.to(at::kCPU)` alone: what the factory made
  // already (float32 on the CPU), so '.to' returns the tensor and copies
  // nothing (FoundationPose's `at::zeros({3}).to(torch::kFloat32)`).
  unsigned Explicit = 0;
  for (const Expr *A : To->arguments())
    Explicit += !isa<CXXDefaultArgExpr>(A);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(ignoreWrappers(To->getArg(0)));
      Ref && Explicit == 1 && Ref->getDecl()->getIdentifier() &&
      ops::isFactoryDefault(Ref->getDecl()->getName()))
    return;
  diag(To->getExprLoc(),
       "'%0(...)' allocates with the default device and dtype and '.to(...)' "
       "then copies it; pass the device or dtype in the factory's options "
       "instead")
      << sourceText(Factory->getCallee(), Ctx);
}

void RedundantCopyCheck::checkConversionChain(const CXXMemberCallExpr *Inner,
                                              const CXXMemberCallExpr *Outer,
                                              ASTContext &Ctx) {
  // x.to(kFloat).to(kByte): the intermediate holds every value of the final
  // dtype, so it rounds nothing the final conversion keeps. Through a type
  // that does not (`.to(kFloat8_e4m3fn).to(kFloat)`, `.to(kHalf).to(kFloat)`)
  // the round trip is the point: quantization emulated, not a copy too many.
  bool InnerDtype = false, OuterDtype = false;
  std::string From = conversionTarget(Inner, InnerDtype);
  std::string To = conversionTarget(Outer, OuterDtype);
  if (InnerDtype && OuterDtype && !From.empty() && !To.empty() &&
      dtypeHoldsEveryValueOf(From, To)) {
    diag(Outer->getExprLoc(),
         "'.to(%0).to(%1)' converts twice with nothing in between, and %0 "
         "holds every value of %1, so the intermediate copy rounds nothing; "
         "convert once with '.to(%1)'")
        << From << To;
    return;
  }
}

void RedundantCopyCheck::checkRepeated(const CXXMemberCallExpr *Outer,
                                       ASTContext &Ctx) {
  if (Outer->getMethodDecl() && Outer->getMethodDecl()->getName() == "to")
    checkAllocateThenMove(Outer, Ctx);
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
  if (Name == "to" && OuterArgs != explicitArgsText(Inner, Ctx))
    return checkConversionChain(Inner, Outer, Ctx);
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
