//===--- ValueReadCheck.cpp - torch-perf-value-read -----------------------===//

#include "ValueReadCheck.h"

#include "../compile/Evidence.h"
#include "../model/AstUtil.h"
#include "../model/Registrations.h"
#include "../model/TorchApi.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// The validation macros of c10 (c10/util/Exception.h): each throws when its
/// condition is false, so the condition runs on every call.
constexpr llvm::StringLiteral CheckMacros[] = {
    "TORCH_CHECK",      "TORCH_CHECK_ARG",   "TORCH_CHECK_VALUE",
    "TORCH_CHECK_INDEX", "TORCH_CHECK_TYPE", "TORCH_CHECK_LINALG",
    "TORCH_INTERNAL_ASSERT", "AT_ASSERT",    "AT_ASSERTM"};

/// The check macro \p Loc is expanded in, at any depth: written in its
/// argument (`TORCH_CHECK(x.item<bool>())`, also inside an AT_DISPATCH
/// lambda), or in the definition of a macro that hands it one
/// (`#define CHECK_CUDA(x) TORCH_CHECK(x.is_cuda(), ...)`).
std::optional<std::string> checkMacroAt(SourceLocation Loc, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // A token of a macro argument is where the argument was written (which
  // may be inside another macro's expansion) and where the parameter stands
  // in the macro's body: both ways lead to macros it is in.
  llvm::SmallVector<SourceLocation, 16> Work{Loc};
  llvm::DenseSet<SourceLocation::UIntTy> Seen;
  for (unsigned Steps = 0; !Work.empty() && Steps < 4096; ++Steps) {
    SourceLocation L = Work.pop_back_val();
    if (!L.isMacroID() || !Seen.insert(L.getRawEncoding()).second)
      continue;
    SourceLocation At = SM.getImmediateExpansionRange(L).getBegin();
    if (SM.isMacroArgExpansion(L)) {
      Work.push_back(SM.getImmediateSpellingLoc(L));
    } else {
      // The expansion of a macro's body: its name begins the invocation.
      SourceLocation NameLoc = SM.getSpellingLoc(At);
      unsigned Length = Lexer::MeasureTokenLength(NameLoc, SM, Ctx.getLangOpts());
      StringRef Name(SM.getCharacterData(NameLoc), Length);
      if (llvm::is_contained(CheckMacros, Name))
        return Name.str();
    }
    Work.push_back(At);
  }
  return std::nullopt;
}

/// The tensor variables \p E reads from (`(idx >= 0).all()`: idx).
std::vector<const ValueDecl *> tensorVariables(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const ValueDecl *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (V && isTensorType(V->getType()) && !llvm::is_contained(Found, V))
        Found.push_back(V);
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

/// Where \p F's body tests, in a check that throws otherwise, that \p V is
/// on the device given by \p Test ("is_cuda": `CHECK_CUDA(x)`,
/// `x.device().is_cuda()`, `x.type().is_cuda()`; "is_cpu") before \p Before.
bool checkedOn(const FunctionDecl &F, const ValueDecl *V, StringRef Test, const Stmt *Before,
               const ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *V;
    StringRef Test;
    SourceLocation Before;
    const ASTContext *Ctx;
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (!M || !M->getIdentifier() || M->getName() != Test ||
          !mentions(C->getImplicitObjectArgument(), V))
        return true;
      const SourceManager &SM = Ctx->getSourceManager();
      if (!SM.isBeforeInTranslationUnit(SM.getExpansionLoc(C->getBeginLoc()), Before))
        return true;
      Found = checkMacroAt(C->getBeginLoc(), *Ctx).has_value();
      return !Found;
    }
  } Finder;
  Finder.V = V;
  Finder.Test = Test;
  Finder.Before = Ctx.getSourceManager().getExpansionLoc(Before->getBeginLoc());
  Finder.Ctx = &Ctx;
  Finder.TraverseStmt(F.getBody());
  return Finder.Found;
}

/// The function \p S is in, through the lambdas around it (an AT_DISPATCH
/// lambda's code runs in every call of the function that dispatches).
const FunctionDecl *outerFunction(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  for (unsigned Steps = 0; !Parents.empty() && Steps < 10000; ++Steps) {
    const DynTypedNode &P = Parents[0];
    if (const auto *F = P.get<FunctionDecl>()) {
      const auto *M = dyn_cast<CXXMethodDecl>(F);
      if (!M || !M->getParent()->isLambda())
        return F;
    }
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

/// A value read into a local that only validations use: the local, the
/// check macro of its first use and that use's line.
struct ReadForChecks {
  const VarDecl *Var = nullptr;
  std::string Macro;
  unsigned Line = 0;
};

/// Whether \p Read initialises a scalar local of \p Body (valueUses: also
/// through an expression around it) that is used, and only inside check
/// macros' arguments (PyTorch-Encoding's `auto n = offsets[offsets.numel()
/// - 1].item<int>(); AT_ASSERTM(n <= 2048, ...)`): the read is then the check's.
std::optional<ReadForChecks> readForChecksOnly(const CallExpr &Read, const FunctionDecl &Body,
                                               ASTContext &Ctx) {
  std::vector<const Expr *> Uses = valueUses(&Read, Body.getBody(), Ctx);
  const auto *Ref = Uses.size() > 1 ? dyn_cast<DeclRefExpr>(Uses[1]) : nullptr;
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->isLocalVarDecl() || !Var->getType()->isScalarType())
    return std::nullopt;
  ReadForChecks Out{Var, "", 0};
  for (size_t I = 1; I < Uses.size(); ++I) {
    std::optional<std::string> Macro = checkMacroAt(Uses[I]->getBeginLoc(), Ctx);
    if (!Macro)
      return std::nullopt;
    if (Out.Macro.empty()) {
      Out.Macro = *Macro;
      Out.Line = Ctx.getSourceManager().getExpansionLineNumber(Uses[I]->getBeginLoc());
    }
  }
  return Out;
}

bool isCudaKey(StringRef Key) {
  return Key == "CUDA" || Key == "AutogradCUDA" || Key == "SparseCUDA" ||
         Key == "QuantizedCUDA" || Key == "NestedTensorCUDA";
}

} // namespace

void ValueReadCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(cxxMemberCallExpr(on(tensorExpr()),
                                       callee(cxxMethodDecl(hasAnyName("item", "equal",
                                                                       "is_nonzero"))))
                         .bind("read"),
                     this);
  Finder->addMatcher(
      callExpr(unless(cxxMemberCallExpr()),
               callee(functionDecl(hasAnyName("_local_scalar_dense", "equal", "is_nonzero"))))
          .bind("read"),
      this);
}

void ValueReadCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("read");
  ASTContext &Ctx = *Result.Context;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !isTorchDecl(Callee) || !Callee->getIdentifier())
    return;
  // In a validation's condition, or read into a local that validations
  // alone use; a value read to compute with is not a validation.
  const FunctionDecl *Body = outerFunction(*Call, Ctx);
  std::optional<std::string> Macro = checkMacroAt(Call->getBeginLoc(), Ctx);
  std::optional<ReadForChecks> Local;
  if (!Macro && Body && Body->hasBody() && (Local = readForChecksOnly(*Call, *Body, Ctx)))
    Macro = Local->Macro;
  if (!Macro)
    return;

  // A repeated path: the kernel of an operator or a pybind11 binding (and
  // what a kernel calls). Traced kernels are torch-compile-data-dependent's;
  // a catch-all kernel that works on raw memory cannot be traced and runs
  // eagerly.
  const Registrations &Model = Registrations::get(Ctx);
  FunctionContext Context = Model.contextAt(*Call, Ctx);
  if (Context.Kind == ContextKind::Unknown && Body)
    Context = Model.contextOf(Body);
  bool Repeated = Context.Kind == ContextKind::Eager || Context.Kind == ContextKind::PyBound ||
                  (Context.Kind == ContextKind::Traced && Context.RootCannotRunOnFakes);
  if (!Repeated || !Body || !Body->hasBody())
    return;
  bool CudaKernel = Context.Kind == ContextKind::Eager && isCudaKey(Context.Key);
  if (Context.Kind == ContextKind::Eager && !CudaKernel)
    return; // A CPU kernel's read waits for nothing.

  // The tensors read: each on the device by a check before the read (or a
  // parameter of a CUDA kernel), none checked to be on the CPU.
  const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  std::vector<const ValueDecl *> Read;
  if (Member)
    Read = tensorVariables(Member->getImplicitObjectArgument());
  for (const Expr *A : Call->arguments())
    for (const ValueDecl *V : tensorVariables(A))
      if (!llvm::is_contained(Read, V))
        Read.push_back(V);
  if (Read.empty())
    return;
  for (const ValueDecl *V : Read) {
    if (checkedOn(*Body, V, "is_cpu", Call, Ctx))
      return;
    bool OnDevice = checkedOn(*Body, V, "is_cuda", Call, Ctx) ||
                    (CudaKernel && isa<ParmVarDecl>(V) && llvm::is_contained(Body->parameters(), V));
      if (!OnDevice)
      return;
  }

  std::string Tensors;
  for (const ValueDecl *V : Read)
    Tensors += (Tensors.empty() ? "'" : ", '") + V->getName().str() + "'";
  std::string Where = "in " + *Macro;
  if (Local)
    Where = "read into '" + Local->Var->getName().str() + "' for the " + *Macro + " at line " +
            std::to_string(Local->Line) + " alone";
  diag(Call->getExprLoc(),
       "'%0()' %1 copies a value of the CUDA tensor %2 to the host and waits for the "
       "device in every call of '%3': the host stops until all work queued before it has "
       "run; validate on the device with at::_assert_async(cond, \"msg\") (no wait; a failed "
       "check is then a device-side assert, which ends the CUDA context, not an exception), "
       "or once where the values are made")
      << Callee->getName() << Where << Tensors << functionName(Body);
  noteContext(*this, Context);
}

} // namespace torchlint::checks
