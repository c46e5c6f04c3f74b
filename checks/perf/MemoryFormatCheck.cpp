//===--- MemoryFormatCheck.cpp - torch-perf-memory-format -----------------===//

#include "MemoryFormatCheck.h"

#include "../model/AstUtil.h"

#include "../model/Session.h"
#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <functional>

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// Evidence in \p F that \p V is a 4-D or 5-D tensor: `V.dim() == 4|5`,
/// `V.size(3)`, `V.sizes()[3]`, `V.accessor<T, 4|5>()`.
bool isImageOrVolume(const VarDecl *V, const FunctionDecl *F, const ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    const ASTContext &Ctx;
    bool Found = false;
    Finder(const VarDecl *V, const ASTContext &Ctx) : V(V), Ctx(Ctx) {}
    bool on(const Expr *E) {
      const auto *R = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(E));
      return R && R->getDecl() == V;
    }
    std::optional<int64_t> intOf(const Expr *E) {
      Expr::EvalResult R;
      if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
        return R.Val.getInt().getExtValue();
      return std::nullopt;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (!B->isEqualityOp())
        return true;
      for (auto [L, R] : {std::pair(B->getLHS(), B->getRHS()),
                          std::pair(B->getRHS(), B->getLHS())})
        if (const auto *C = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(L)))
          if (C->getMethodDecl() && C->getMethodDecl()->getIdentifier() &&
              C->getMethodDecl()->getName() == "dim" && on(C->getImplicitObjectArgument()))
            if (auto N = intOf(R); N && (*N == 4 || *N == 5))
              Found = true;
      return true;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (!M || !M->getIdentifier() || !on(C->getImplicitObjectArgument()))
        return true;
      if ((M->getName() == "size" || M->getName() == "stride") && C->getNumArgs() >= 1)
        if (auto N = intOf(C->getArg(0)); N && (*N == 3 || *N == 4))
          Found = true;
      if (M->getName() == "accessor")
        if (const auto *Args = M->getTemplateSpecializationArgs())
          if (Args->size() == 2 && Args->get(1).getKind() == TemplateArgument::Integral) {
            int64_t N = Args->get(1).getAsIntegral().getExtValue();
            Found |= N == 4 || N == 5;
          }
      return true;
    }
  } Fd(V, Ctx);
  if (F && F->getBody())
    Fd.TraverseStmt(F->getBody());
  return Fd.Found;
}

/// True if the result of \p E (or the variable it initialises) is used in a
/// way that needs the standard (NCHW) strides: its data pointer or accessor
/// is taken (the code indexes NCHW), or it is `.view()`ed (a view that merges
/// or splits dimensions fails on channels_last strides; mmcv's deform_conv).
bool needsStandardLayout(const Expr *E, const FunctionDecl *F, ASTContext &Ctx) {
  // Up through the temporaries, casts and the member expression Clang puts
  // between `x.contiguous()` and `.data_ptr<T>()` (five levels for a
  // temporary: pytorch3d's kernel<<<...>>>(x.contiguous().data_ptr<T>())).
  auto IsRaw = [](const Expr *Use, ASTContext &Ctx) {
    DynTypedNodeList Parents = Ctx.getParents(*Use);
    for (int I = 0; I < 8 && !Parents.empty(); ++I) {
      if (const auto *Call = Parents[0].get<CXXMemberCallExpr>()) {
        const CXXMethodDecl *M = Call->getMethodDecl();
        return M && M->getIdentifier() &&
               (ops::isDataAccessMethod(M->getName()) ||
                M->getName().starts_with("accessor") ||
                M->getName().starts_with("packed_accessor") || M->getName() == "view");
      }
      // Not through another call: its result is another tensor.
      const Expr *P = Parents[0].get<Expr>();
      if (!P || isa<CallExpr>(P) || isa<CXXConstructExpr>(P))
        return false;
      Parents = Ctx.getParents(Parents[0]);
    }
    return false;
  };
  return llvm::any_of(valueUses(E, F ? F->getBody() : nullptr, Ctx),
                      [&](const Expr *Use) { return IsRaw(Use, Ctx); });
}

/// True if the value of \p E leaves the function: returned, stored in a
/// member (torchcodec's validateFrames returns frames.contiguous() into a
/// member its encoder indexes as NCHW later), assigned to a parameter the
/// caller passed by reference, or handed to a function that is not torch's
/// (apex's megatron softmax: `input = input.contiguous();` then
/// `fwd_cuda(input, ...)`, a launcher in a .cu file whose kernel indexes the
/// [batch, heads, sq, sk] scores row-major; TransformerEngine's softmax the
/// same through a call Clang could not resolve). Code this TU may not show
/// decides whether the NCHW copy is needed.
bool escapes(const Expr *E, const FunctionDecl *F, ASTContext &Ctx) {
  // Part of the body Clang rejected, or dropped without a word: a variable
  // whose type it could not deduce keeps no initializer (TransformerEngine's
  // softmax: `auto input_cu = makeTransformerEngineTensor(input);`, a
  // function declared with a type of a header not found). A use of the copy
  // may be missing from the AST.
  if (F && F->getBody()) {
    if (TUModel::of(Ctx).rejectedWithin(F->getBody()))
      return true;
    struct Invalid : RecursiveASTVisitor<Invalid> {
      bool Found = false;
      bool VisitVarDecl(VarDecl *V) {
        Found |= V->isInvalidDecl();
        return !Found;
      }
    } Scan;
    Scan.TraverseStmt(F->getBody());
    if (Scan.Found)
      return true;
  }
  auto Escapes = [&](const Expr *Use) {
    if (isa<MemberExpr>(Use))
      return true; // Assigned to a member (valueUses followed it).
    if (const auto *R = dyn_cast<DeclRefExpr>(Use))
      if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl());
          P && P->getType()->isReferenceType() &&
          !P->getType().getNonReferenceType().isConstQualified())
        return true; // Assigned to the caller's tensor (valueUses followed it).
    // Returned as it is (through the casts and temporaries Clang adds), not
    // a value computed from it (`return x.contiguous() * 2`), or an argument
    // of a call that is not torch's.
    DynTypedNodeList Parents = Ctx.getParents(*Use);
    const Expr *Child = Use;
    for (int I = 0; I < 6 && !Parents.empty(); ++I) {
      if (Parents[0].get<ReturnStmt>())
        return true;
      const auto *P = Parents[0].get<Expr>();
      // An argument of a call Clang could not resolve (a function declared
      // with a type of a header not found: TransformerEngine's
      // makeTransformerEngineTensor in a file linted in part): not torch's.
      if (isa_and_nonnull<RecoveryExpr>(P))
        return true;
      if (const auto *Call = dyn_cast_or_null<CallExpr>(P);
          Call && !isa<CXXMemberCallExpr>(Call) && !isa<CXXOperatorCallExpr>(Call)) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        return llvm::is_contained(Call->arguments(), Child) &&
               (!Callee || (!isTorchDecl(Callee) && !Callee->isInStdNamespace()));
      }
      if (!P || ignoreWrappers(P) != ignoreWrappers(Use))
        return false;
      Child = P;
      Parents = Ctx.getParents(Parents[0]);
    }
    return false;
  };
  return llvm::any_of(valueUses(E, F ? F->getBody() : nullptr, Ctx), Escapes);
}

/// The call of an op that takes channels_last input as it is (conv2d,
/// pooling, upsampling: ops::channelsLastInputRank) whose input (its first
/// argument) is the value of \p E, directly or through the variable \p E
/// initialises; null if none. The op's input rank is the evidence that the
/// tensor is 4-D or 5-D.
const CallExpr *channelsLastConsumer(const Expr *E, const FunctionDecl *F, ASTContext &Ctx) {
  for (const Expr *Use : valueUses(E, F ? F->getBody() : nullptr, Ctx)) {
    DynTypedNodeList Parents = Ctx.getParents(*Use);
    for (int I = 0; I < 6 && !Parents.empty(); ++I) {
      if (const auto *Call = Parents[0].get<CallExpr>()) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (Callee && Callee->getIdentifier() && isTorchDecl(Callee) &&
            ops::channelsLastInputRank(Callee->getName()) && Call->getNumArgs() >= 1 &&
            ignoreWrappers(Call->getArg(0)) == ignoreWrappers(Use))
          return Call;
        break;
      }
      const auto *P = Parents[0].get<Expr>();
      if (!P || ignoreWrappers(P) != ignoreWrappers(Use))
        break;
      Parents = Ctx.getParents(Parents[0]);
    }
  }
  return nullptr;
}

/// The constant permutation of a `permute({...})` call.
std::vector<int64_t> permutationOf(const CXXMemberCallExpr *C, const ASTContext &Ctx) {
  std::vector<int64_t> P;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *L = dyn_cast<IntegerLiteral>(S)) {
      P.push_back(L->getValue().getSExtValue());
      return;
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  if (C->getNumArgs() >= 1)
    Walk(C->getArg(0));
  return P;
}

bool isInverse(const std::vector<int64_t> &A, const std::vector<int64_t> &B) {
  if (A.size() != B.size() || A.empty())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I] < 0 || A[I] >= static_cast<int64_t>(B.size()) ||
        B[A[I]] != static_cast<int64_t>(I))
      return false;
  return true;
}

/// Every use of \p V under \p Body is an operand of a torch operation (a
/// tensor method, an at::/torch:: function or operator): nothing outside
/// torch (a vendor kernel, `OpCommand::Input`, a launch) reads its memory.
bool onlyTorchUses(const VarDecl *V, const Stmt *Body, ASTContext &Ctx) {
  return everyReference(V, Body, [&](const DeclRefExpr &R) {
    DynTypedNodeList Ps = Ctx.getParents(R);
    for (int I = 0; I < 8 && !Ps.empty(); ++I, Ps = Ctx.getParents(Ps[0])) {
      if (const auto *Call = Ps[0].get<CallExpr>())
        return Call->getDirectCallee() && isTorchDecl(Call->getDirectCallee());
      if (Ps[0].get<RecoveryExpr>())
        return false; // Code that did not compile (a vendor header missing).
      if (!Ps[0].get<Expr>())
        return true; // A declaration or statement: not a call.
    }
    return true;
  });
}

/// `auto v = x.permute(P).contiguous();` whose value (v itself, or a local
/// computed from it) is later permuted back with the inverse of P, and that
/// only torch operations use: the copy in between only served elementwise
/// ops. A copy handed to code outside torch (a kernel that wants NHWC memory)
/// is the point of the copy.
const CXXMemberCallExpr *permutedBack(const CXXMemberCallExpr *Contiguous,
                                      const FunctionDecl *F, ASTContext &Ctx) {
  const auto *Permute =
      dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Contiguous->getImplicitObjectArgument()));
  if (!Permute || !Permute->getMethodDecl() || !Permute->getMethodDecl()->getIdentifier() ||
      Permute->getMethodDecl()->getName() != "permute" || !F || !F->getBody())
    return nullptr;
  const VarDecl *Copy = nullptr;
  DynTypedNodeList Ps = Ctx.getParents(*Contiguous);
  for (int I = 0; I < 6 && !Ps.empty() && !Copy; ++I, Ps = Ctx.getParents(Ps[0]))
    if (const auto *V = Ps[0].get<VarDecl>())
      Copy = V->getInit() && ignoreWrappers(V->getInit()) == Contiguous ? V : nullptr;
    else if (!Ps[0].get<Expr>())
      break;
  if (!Copy || !onlyTorchUses(Copy, F->getBody(), Ctx))
    return nullptr;
  std::vector<int64_t> P = permutationOf(Permute, Ctx);
  struct Finder : RecursiveASTVisitor<Finder> {
    const CXXMemberCallExpr *Self;
    const VarDecl *Copy;
    const std::vector<int64_t> *P;
    ASTContext *Ctx;
    const CXXMemberCallExpr *Found = nullptr;
    /// \p E is computed from the copy: mentions it, or a local initialised
    /// from it.
    bool fromCopy(const Expr *E) {
      if (mentions(E, Copy))
        return true;
      const auto *R = dyn_cast<DeclRefExpr>(ignoreWrappers(E));
      const auto *L = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
      return L && L->isLocalVarDecl() && L->getInit() && mentions(L->getInit(), Copy);
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      if (C != Self && C->getMethodDecl() && C->getMethodDecl()->getIdentifier() &&
          C->getMethodDecl()->getName() == "permute" && !Found &&
          Ctx->getSourceManager().isBeforeInTranslationUnit(Self->getEndLoc(),
                                                           C->getBeginLoc()) &&
          fromCopy(C->getImplicitObjectArgument()) && isInverse(*P, permutationOf(C, *Ctx)))
        Found = C;
      return true;
    }
  } Fd;
  Fd.Self = Permute;
  Fd.Copy = Copy;
  Fd.P = &P;
  Fd.Ctx = &Ctx;
  Fd.TraverseStmt(F->getBody());
  return Fd.Found;
}

} // namespace

void MemoryFormatCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(tensorMethodCall({"contiguous"}).bind("contiguous"), this);
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName("empty_like", "zeros_like", "ones_like",
                                              "rand_like", "randn_like", "full_like"))),
               hasAnyArgument(
                   expr(unless(cxxDefaultArgExpr()),
                        anyOf(ignoringImplicit(declRefExpr(to(enumConstantDecl(hasName("Contiguous"))))),
                              hasDescendant(declRefExpr(to(enumConstantDecl(hasName("Contiguous")))))))
                       .bind("format")))
          .bind("like"),
      this);
}

void MemoryFormatCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const Expr *Call = nullptr, *Object = nullptr;
  bool IsContiguous = false;
  if (const auto *C = Result.Nodes.getNodeAs<CXXMemberCallExpr>("contiguous")) {
    for (const Expr *A : C->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        return; // An explicit format is a decision.
    Call = C;
    Object = C->getImplicitObjectArgument();
    IsContiguous = true;
  } else if (const auto *L = Result.Nodes.getNodeAs<CallExpr>("like")) {
    if (!L->getDirectCallee() || !isTorchDecl(L->getDirectCallee()) || L->getNumArgs() < 1)
      return;
    Call = L;
    Object = L->getArg(0);
  }
  if (!Call || Call->getBeginLoc().isMacroID())
    return;
  const FunctionDecl *F = enclosingFunction(*Call, Ctx);
  if (IsContiguous && !needsStandardLayout(Call, F, Ctx))
    if (const CXXMemberCallExpr *Back =
            permutedBack(cast<CXXMemberCallExpr>(Call), F, Ctx)) {
      const auto *C = cast<CXXMemberCallExpr>(Call);
      diag(C->getExprLoc(),
           "'.contiguous()' materialises a permuted copy that is permuted "
           "back later: elementwise ops work on the strided view, so the copy "
           "buys nothing; drop it")
          << FixItHint::CreateRemoval(CharSourceRange::getTokenRange(
                 cast<MemberExpr>(C->getCallee())->getOperatorLoc(), C->getRParenLoc()));
      diag(Back->getExprLoc(), "permuted back here", DiagnosticIDs::Note);
      return;
    }
  const auto *Ref = dyn_cast<DeclRefExpr>(ignoreWrappers(Object));
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || needsStandardLayout(Call, F, Ctx) || (IsContiguous && escapes(Call, F, Ctx)))
    return;
  // The rank comes from the function's own tests of the tensor or, for
  // contiguous(), from the op its copy is the input of.
  const CallExpr *Consumer = nullptr;
  if (!isImageOrVolume(V, F, Ctx) &&
      !(IsContiguous && (Consumer = channelsLastConsumer(Call, F, Ctx))))
    return;
  std::string Name = V->getName().str();
  if (IsContiguous) {
    const auto *C = cast<CXXMemberCallExpr>(Call);
    FixItHint Fix = FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(C->getExprLoc(), C->getRParenLoc()),
        "contiguous(" + Name + ".suggest_memory_format())");
    if (!Consumer) {
      diag(C->getExprLoc(),
           "'.contiguous()' on the 4-D/5-D tensor '%0' converts channels_last "
           "input to NCHW with a full copy; keep its layout with "
           "'.contiguous(%0.suggest_memory_format())'")
          << Name << Fix;
      return;
    }
    StringRef Op = Consumer->getDirectCallee()->getName();
    diag(C->getExprLoc(),
         "'.contiguous()' converts a channels_last '%0' to NCHW with a full "
         "copy before '%1', which takes channels_last input as it is; keep "
         "its layout with '.contiguous(%0.suggest_memory_format())'")
        << Name << Op << Fix;
    diag(Consumer->getBeginLoc(), "the copy is the input of '%0' here", DiagnosticIDs::Note)
        << Op;
    return;
  }
  const auto *Format = Result.Nodes.getNodeAs<Expr>("format");
  diag(Format->getBeginLoc(),
       "'at::MemoryFormat::Contiguous' makes the copy of the 4-D/5-D tensor "
       "'%0' NCHW even when it is channels_last; use "
       "'%0.suggest_memory_format()' (or at::MemoryFormat::Preserve)")
      << Name
      << FixItHint::CreateReplacement(Format->getSourceRange(),
                                      Name + ".suggest_memory_format()");
}

} // namespace torchlint::checks
