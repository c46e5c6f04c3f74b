//===--- SymIntCheck.cpp - torch-compile-symint ---------------------------===//

#include "SymIntCheck.h"

#include "../model/AstUtil.h"
#include "../model/Registrations.h"
#include "../model/Session.h"
#include "../model/TorchApi.h"
#include "Evidence.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// Factories with a `_symint` overload taking c10::SymIntArrayRef first.
bool hasSymIntFactory(StringRef Name) {
  return Name == "empty" || Name == "zeros" || Name == "ones" || Name == "full" ||
         Name == "empty_strided" || Name == "new_empty" || Name == "new_zeros";
}

/// The factory call \p E is the first argument of, if any.
const CallExpr *factoryTakingAsSizes(const Expr *E, ASTContext &Ctx) {
  const Stmt *Cur = E;
  for (int I = 0; I < 4; ++I) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    if (Parents.empty())
      return nullptr;
    if (const auto *Call = Parents[0].get<CallExpr>()) {
      const FunctionDecl *F = Call->getDirectCallee();
      if (F && isTorchDecl(F) && F->getIdentifier() && hasSymIntFactory(F->getName()) &&
          !isa<CXXMemberCallExpr>(Call) && Call->getNumArgs() >= 1 &&
          ignoreWrappers(Call->getArg(0)) == ignoreWrappers(E))
        return Call;
      return nullptr;
    }
    const auto *S = Parents[0].get<Expr>();
    if (!S)
      return nullptr;
    Cur = S;
  }
  return nullptr;
}

} // namespace


void SymIntCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      tensorMethodCall({"sizes", "size", "numel", "strides", "stride"}).bind("call"),
      this);
}

void SymIntCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("call");
  ASTContext &Ctx = *Result.Context;
  const Registrations &Model = Registrations::get(Ctx);
  FunctionContext Context = Model.contextAt(*Call, Ctx);
  if (Context.Kind != ContextKind::Traced || Context.RootCannotRunOnFakes ||
      inBranchTemplateFlagsRuleOut(*Call, Ctx)) // not sure to be traced
    return;
  // An op the project's Python never runs where torch.compile traces
  // (dgl graphbolt's is_not_in_index, only its _async twin is called): the
  // exemption missing-fake-kernel asks.
  if (!TUModel::of(Ctx).opNeverTraced(Context).empty())
    return;
  StringRef Name = Call->getMethodDecl()->getName();
  std::string Sym = "sym_" + Name.str();
  const auto *Member = dyn_cast<MemberExpr>(Call->getCallee());
  SourceLocation NameLoc = Member ? Member->getMemberLoc() : Call->getExprLoc();

  // The stable ABI has no sym_* methods and no SymInt type: its kernels
  // only see concrete sizes, so the way out is a fake kernel in Python.
  if (isStableTensorType(Call->getImplicitObjectArgument()->getType())) {
    if (Name == "numel")
      diag(NameLoc, "'%0()' in %1 fails on symbolic shapes under dynamic shapes "
                    "('Cannot call %0() on tensor with symbolic sizes/strides'); "
                    "torch::stable::Tensor has no sym_%0(): register the fake "
                    "kernel in Python (@torch.library.register_fake)")
          << Name << contextPhrase(Context);
    else
      diag(NameLoc, "'%0()' in %1 reads concrete sizes: under dynamic shapes "
                    "torch.compile specialises the graph on them and recompiles "
                    "it for every new shape; torch::stable::Tensor has no "
                    "sym_%0(): register the fake kernel in Python "
                    "(@torch.library.register_fake)")
          << Name << contextPhrase(Context);
    noteContext(*this, Context);
    return;
  }
  {
  // What torch 2.x does (tests/proofs, docs/compile-evidence.md): numel()
  // on symbolic sizes throws; sizes(), size(), strides() and stride() guard
  // each symbolic size to its current value, so the graph is specialised
  // and recompiled for every new shape (dynamic shapes are lost).
  auto D = Name == "numel"
               ? diag(NameLoc, "'%0()' in %1 fails on symbolic shapes under dynamic "
                               "shapes ('Cannot call %0() on tensor with symbolic "
                               "sizes/strides'); use '%2()'")
               : diag(NameLoc, "'%0()' in %1 reads concrete sizes: under dynamic "
                               "shapes torch.compile specialises the graph on them "
                               "and recompiles it for every new shape; use '%2()'");
  D << Name << contextPhrase(Context) << Sym;
  // Mechanical only where the value flows straight into a factory with a
  // SymInt overload: at::empty(x.sizes(), o) -> at::empty_symint(x.sym_sizes(), o).
  if (Name == "sizes" && !NameLoc.isMacroID())
    if (const CallExpr *Factory = factoryTakingAsSizes(Call, Ctx)) {
      const auto *Ref = dyn_cast<DeclRefExpr>(Factory->getCallee()->IgnoreImpCasts());
      SourceLocation FLoc = Ref ? Ref->getNameInfo().getLoc() : SourceLocation();
      if (FLoc.isValid() && !FLoc.isMacroID()) {
        D << FixItHint::CreateReplacement(
                 CharSourceRange::getTokenRange(FLoc, FLoc),
                 Ref->getDecl()->getName().str() + "_symint")
          << FixItHint::CreateReplacement(
                 CharSourceRange::getTokenRange(NameLoc, NameLoc), Sym);
      }
    }
  }
  noteContext(*this, Context);
}

} // namespace torchlint::checks
