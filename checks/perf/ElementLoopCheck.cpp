//===--- ElementLoopCheck.cpp - torch-perf-element-loop -------------------===//

#include "ElementLoopCheck.h"

#include "../model/AstUtil.h"
#include "../model/Loops.h"
#include "../model/Ranks.h"
#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// One level of element access: the tensor it applies to and its indices.
struct Access {
  const Expr *Base = nullptr;
  llvm::SmallVector<const Expr *, 2> Indices;
  /// The dimension indexed (select(d, i), narrow(d, i, 1)) when constant,
  /// else 0: the base has more than Dim dimensions.
  int64_t Dim = 0;
};

/// The value of \p E if it is a non-negative integer constant, else 0.
int64_t constantDim(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E && E->EvaluateAsInt(R, Ctx) && R.Val.getInt().isNonNegative() &&
      R.Val.getInt().getActiveBits() < 16)
    return R.Val.getInt().getExtValue();
  return 0;
}

/// True if \p A and \p B read the same variable (`i` and `i` in
/// `slice(0, i, i + 1)`), or are the same comparison operand otherwise.
bool sameValue(const Expr *A, const Expr *B) {
  const auto *RA = dyn_cast<DeclRefExpr>(ignoreWrappers(A));
  const auto *RB = dyn_cast<DeclRefExpr>(ignoreWrappers(B));
  if (RA && RB)
    return RA->getDecl() == RB->getDecl();
  return Expr::isSameComparisonOperand(A, B);
}

/// Decomposes \p E if it is an element access on a tensor.
std::optional<Access> asAccess(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
        isTensorType(Op->getArg(0)->getType()))
      return Access{Op->getArg(0), {Op->getArg(1)}};
    return std::nullopt;
  }
  // The stable ABI's free functions: torch::stable::select(x, d, i),
  // torch::stable::narrow(x, d, i, 1).
  if (const auto *Free = dyn_cast_or_null<CallExpr>(E);
      Free && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Free)) {
    const FunctionDecl *F = Free->getDirectCallee();
    if (!F || !F->getIdentifier() || !isStableDecl(F) || Free->getNumArgs() < 3 ||
        !isTensorType(Free->getArg(0)->getType()))
      return std::nullopt;
    if (F->getName() == "select" && Free->getNumArgs() == 3)
      return Access{Free->getArg(0), {Free->getArg(2)},
                    constantDim(Free->getArg(1), F->getASTContext())};
    Expr::EvalResult Len;
    if (F->getName() == "narrow" && Free->getNumArgs() == 4 &&
        Free->getArg(3)->EvaluateAsInt(Len, F->getASTContext()) &&
        Len.Val.getInt() == 1)
      return Access{Free->getArg(0), {Free->getArg(2)},
                    constantDim(Free->getArg(1), F->getASTContext())};
    return std::nullopt;
  }
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(E);
  if (!Call || !Call->getMethodDecl() || !Call->getMethodDecl()->getIdentifier())
    return std::nullopt;
  const Expr *Object = Call->getImplicitObjectArgument();
  if (!Object || !isTensorType(Object->getType()))
    return std::nullopt;
  StringRef Name = Call->getMethodDecl()->getName();
  if (!ops::isElementAccessMethod(Name))
    return std::nullopt;
  const ASTContext &Ctx = Call->getMethodDecl()->getASTContext();
  if (Name == "select" && Call->getNumArgs() == 2)
    return Access{Object, {Call->getArg(1)}, constantDim(Call->getArg(0), Ctx)};
  if (Name == "narrow" && Call->getNumArgs() == 3) {
    // Only a one-wide slice is an element; narrow(d, i, k) is a chunk.
    Expr::EvalResult Len;
    if (Call->getArg(2)->EvaluateAsInt(Len, Ctx) && Len.Val.getInt() == 1)
      return Access{Object, {Call->getArg(1)}, constantDim(Call->getArg(0), Ctx)};
    return std::nullopt;
  }
  if (Name == "slice" && Call->getNumArgs() >= 3) {
    // slice(d, i, i + 1): one wide, as narrow(d, i, 1). Start and end are
    // std::optional<int64_t> (c10::optional) built from the integers.
    auto Unwrap = [](const Expr *E) {
      E = ignoreWrappers(E);
      while (const auto *C = dyn_cast_or_null<CXXConstructExpr>(E))
        if (C->getNumArgs() == 1)
          E = ignoreWrappers(C->getArg(0));
        else
          break;
      return E;
    };
    const auto *End = dyn_cast<BinaryOperator>(Unwrap(Call->getArg(2)));
    Expr::EvalResult One, Step;
    bool UnitStep = Call->getNumArgs() < 4 || isa<CXXDefaultArgExpr>(Call->getArg(3)) ||
                    (Call->getArg(3)->EvaluateAsInt(Step, Ctx) && Step.Val.getInt() == 1);
    if (UnitStep && End && End->getOpcode() == BO_Add)
      for (auto [Start, Width] : {std::pair(End->getLHS(), End->getRHS()),
                                  std::pair(End->getRHS(), End->getLHS())})
        if (Width->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1 &&
            sameValue(Start, Unwrap(Call->getArg(1))))
          return Access{Object, {Unwrap(Call->getArg(1))}, constantDim(Call->getArg(0), Ctx)};
    return std::nullopt;
  }
  if ((Name == "index" || Name == "index_put_") && Call->getNumArgs() >= 1)
    return Access{Object, {Call->getArg(0)}};
  return std::nullopt;
}

/// The first parent of \p E that is not a wrapper Clang added around it.
const Expr *consumerOf(const Expr *E, ASTContext &Ctx) {
  const Expr *Cur = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    if (Parents.empty())
      return nullptr;
    const auto *P = Parents[0].get<Expr>();
    if (!P)
      return nullptr;
    if (isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
            ParenExpr, MemberExpr, ExprWithCleanups>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(P);
        C && C->getNumArgs() == 1) {
      Cur = P;
      continue;
    }
    return P;
  }
}

bool isBaseOf(const Expr *Outer, const Expr *Inner) {
  std::optional<Access> A = asAccess(Outer);
  return A && ignoreWrappers(A->Base) == ignoreWrappers(Inner);
}

/// Counts the tensor operations (torch calls and tensor methods) in a loop body.
class TensorOpCounter : public RecursiveASTVisitor<TensorOpCounter> {
public:
  unsigned Count = 0;
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (F && isTorchDecl(F) &&
        (isTensorType(F->getReturnType()) || isa<CXXMethodDecl>(F)))
      ++Count;
    return true;
  }
};

/// Finds a call in a loop body that hands a tensor to a function of the
/// project (torchcodec's getFrameAtIndexInternal(i, out.data[f]), a decoder,
/// a kernel launcher): per-iteration work of its own.
class ProjectHandoff : public RecursiveASTVisitor<ProjectHandoff> {
public:
  explicit ProjectHandoff(const SourceManager &SM) : SM(SM) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || isTorchDecl(F) || isa<CXXOperatorCallExpr>(Call) ||
        SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
      return true;
    // A tensor, or one converted to the parameter's type (an optional).
    for (const Expr *A : Call->arguments())
      Found |= isTensorLikeType(A->getType()) || isTensorType(ignoreWrappers(A)->getType());
    return !Found;
  }

private:
  const SourceManager &SM;
};

/// \p M (a tensor method) fails on a 0-d tensor: it names a dimension a 0-d
/// tensor lacks (`flatten(1)`, `select(0, i)`, `narrow`, `size(0)`,
/// `stride(0)`, `transpose(0, 1)`) or takes a matrix (`mm`, `addmm_`, `bmm`).
bool needsDimensions(const CXXMemberCallExpr *M, const ASTContext &Ctx) {
  const CXXMethodDecl *D = M->getMethodDecl();
  if (!D || !D->getIdentifier() || !isTensorMethod(D, D->getName()))
    return false;
  StringRef N = D->getName();
  if (llvm::is_contained({"mm", "addmm", "addmm_", "bmm", "baddbmm", "baddbmm_"}, N))
    return true;
  auto Arg = [&](unsigned I) -> std::optional<int64_t> {
    return I < M->getNumArgs() && !isa<CXXDefaultArgExpr>(M->getArg(I))
               ? intValue(M->getArg(I), Ctx)
               : std::nullopt;
  };
  if (llvm::is_contained({"select", "narrow", "size", "stride"}, N))
    return Arg(0) && *Arg(0) >= 0;
  if (N == "flatten")
    return Arg(0) && *Arg(0) >= 1;
  if (N == "transpose")
    return Arg(0) && Arg(1) && std::max(*Arg(0), *Arg(1)) >= 1;
  return false;
}

/// Whether \p E is a matrix operand of a GEMM \p Consumer makes of it
/// (`at::mm_out(out, in, kernel[k])`, `x.addmm_(a, w[k])`): at least two
/// dimensions, not an element.
bool isMatrixOperand(const Expr *E, const Expr *Consumer) {
  const auto *Call = dyn_cast_or_null<CallExpr>(Consumer);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || !isTorchDecl(F) ||
      !llvm::is_contained({"mm", "mm_out", "mm_outf", "matmul", "matmul_out", "bmm", "bmm_out",
                           "addmm", "addmm_", "addmm_out", "baddbmm", "baddbmm_",
                           "baddbmm_out", "addbmm", "addbmm_", "linear"},
                          F->getName()))
    return false;
  return llvm::any_of(Call->arguments(), [&](const Expr *A) {
    return ignoreWrappers(A) == ignoreWrappers(E);
  });
}

/// The variable the full expression \p Full initialises, if any.
const VarDecl *initialisedBy(const Expr *Full, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*Full);
  return Parents.empty() ? nullptr : Parents[0].get<VarDecl>();
}

/// Whether a loop inside \p Body starts or stops at \p V: `for (f =
/// start; f < stop; ++f)` (pytorch3d reads each mesh's first face and face
/// count with item() in its batch loop, then rasterises those faces over
/// every pixel: the reads are the setup of per-sample work).
bool boundsInnerLoop(const VarDecl *V, const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool VisitForStmt(ForStmt *F) {
      Found = (F->getInit() && mentions(F->getInit(), V)) ||
              (F->getCond() && mentions(F->getCond(), V));
      return !Found;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

/// Whether \p Body assigns \p V (`dist = at::min(dist, d)`): a value the
/// loop carries from one iteration to the next.
bool assignsIn(const VarDecl *V, const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
      if (C->isAssignmentOp() && C->getNumArgs() == 2)
        if (const auto *R = dyn_cast<DeclRefExpr>(C->getArg(0)->IgnoreImplicit()))
          Found |= R->getDecl() == V;
      return !Found;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

/// The full expression \p E is part of (the outermost expression above it).
const Expr *fullExpressionOf(const Expr *E, ASTContext &Ctx) {
  const Expr *Cur = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    const Expr *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
    if (!P)
      return Cur;
    Cur = P;
  }
}

std::string shorten(std::string Text) {
  // One line, at most 60 characters.
  for (char &C : Text)
    if (C == '\n' || C == '\r' || C == '\t')
      C = ' ';
  if (Text.size() > 60)
    Text = Text.substr(0, 57) + "...";
  return Text;
}

/// The access chain \p Access (\p Levels deep, on \p Base, each level
/// dropping a dimension) reaches one element.
bool isElement(const Expr *Access, const Expr *Base, int64_t Levels,
               llvm::ArrayRef<EnclosingLoop> Loops, ASTContext &Ctx) {
  // The rank the code proves for the base, when it is a variable.
  const auto *Ref = dyn_cast<DeclRefExpr>(ignoreWrappers(Base));
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (std::optional<unsigned> Rank = V ? provenRank(V, Ctx) : std::nullopt)
    return static_cast<int64_t>(*Rank) == Levels;
  // Without one: b[n][3], a constant last index under a loop over an
  // earlier one (the loop variable is in the chain: the caller checked).
  std::optional<struct Access> Last = asAccess(Access);
  if (Levels < 2 || !Last || Last->Indices.size() != 1)
    return false;
  Expr::EvalResult R;
  const Expr *Index = Last->Indices.front();
  return !Index->isValueDependent() && Index->EvaluateAsInt(R, Ctx) &&
         dependsOnLoopVars(Index, Loops).empty();
}

/// True if \p E, a one-wide narrow/slice of a tensor the code proves 1-D,
/// is written in place by its consumer (`v.narrow(0, i, 1).copy_(x)`,
/// `.fill_(s)`): an element, one dispatch and a new Tensor per iteration. A
/// row of a tensor of higher or unknown rank is not one.
bool isOneWideWrite(const Access &Outer, const Expr *Consumer, const Expr *E, int64_t Levels,
                    ASTContext &Ctx) {
  const auto *Self = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(E));
  const auto *Write = dyn_cast_or_null<CXXMemberCallExpr>(Consumer);
  if (Levels != 1 || !Self || Self->getMethodDecl()->getName() == "select" || !Write ||
      !Write->getMethodDecl() || !Write->getMethodDecl()->getIdentifier() ||
      ignoreWrappers(Write->getImplicitObjectArgument()) != ignoreWrappers(E) ||
      !ops::isInPlaceName(Write->getMethodDecl()->getName()))
    return false;
  const auto *Ref = dyn_cast<DeclRefExpr>(ignoreWrappers(Outer.Base));
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  std::optional<unsigned> Rank = V ? provenRank(V, Ctx) : std::nullopt;
  return Rank && *Rank == 1;
}

} // namespace

unsigned ElementLoopCheck::tensorOpsIn(const Stmt *Body) {
  auto [It, New] = OpCounts.try_emplace(Body, 0);
  if (New) {
    TensorOpCounter Counter;
    Counter.TraverseStmt(const_cast<Stmt *>(Body));
    It->second = Counter.Count;
  }
  return It->second;
}

void ElementLoopCheck::registerMatchers(MatchFinder *Finder) {
  auto InLoop = hasAncestor(stmt(anyOf(forStmt(), cxxForRangeStmt())));
  (void)InLoop;
  // x[i].argmax().item() and friends: a reduction read back per iteration.
  Finder->addMatcher(
      cxxMemberCallExpr(on(tensorExpr()),
                        callee(cxxMethodDecl(anyOf(hasName("item"), dataPointerMethod()))),
                        on(ignoringImplicit(cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName(
                            "argmax", "argmin", "max", "min", "sum", "mean", "any",
                            "all", "amax", "amin")))))),
                        InLoop)
          .bind("reduction"),
      this);
  Finder->addMatcher(
      expr(anyOf(cxxOperatorCallExpr(hasOverloadedOperatorName("[]"),
                                     hasArgument(0, tensorExpr())),
                 tensorMethodCall({"index", "select", "narrow", "slice", "index_put_"}),
                 callExpr(unless(cxxMemberCallExpr()),
                          callee(functionDecl(hasAnyName("select", "narrow"))),
                          hasArgument(0, tensorExpr()))),
           InLoop)
          .bind("access"),
      this);
}

void ElementLoopCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Read = Result.Nodes.getNodeAs<CXXMemberCallExpr>("reduction")) {
    const auto *Reduction = cast<CXXMemberCallExpr>(ignoreWrappers(Read->getImplicitObjectArgument()));
    llvm::SmallVector<EnclosingLoop, 4> Loops = enclosingLoops(*Read, Ctx);
    if (Loops.empty() || dependsOnLoopVars(Reduction, Loops).empty())
      return;
    // Farthest point sampling: each iteration reduces what the previous one
    // updated (`dist = at::min(dist, ...)` after `dist.argmax()`), so no
    // reduction over all iterations at once exists (pyg-lib's fps).
    const auto *Reduced = dyn_cast<DeclRefExpr>(ignoreWrappers(Reduction->getImplicitObjectArgument()));
    const Stmt *LoopBody = isa<ForStmt>(Loops.front().Loop)
                               ? cast<ForStmt>(Loops.front().Loop)->getBody()
                               : nullptr;
    if (Reduced && LoopBody && isa<VarDecl>(Reduced->getDecl()) &&
        assignsIn(cast<VarDecl>(Reduced->getDecl()), LoopBody))
      return;
    std::string Text = shorten(sourceText(Read, Ctx));
    diag(Read->getBeginLoc(),
         "'%0' reads a reduction back to the host on every iteration: a "
         "dispatcher call, an allocation and a sync each time; reduce over all "
         "iterations at once (a dim argument) and read the result once")
        << (Text.empty() ? std::string("reduction") : Text);
    diag(Loops.front().Loop->getBeginLoc(), "the loop", DiagnosticIDs::Note);
    return;
  }
  const auto *E = Result.Nodes.getNodeAs<Expr>("access");
  std::optional<Access> Outer = asAccess(E);
  if (!Outer)
    return;
  const Expr *Consumer = consumerOf(E, Ctx);
  // t[i][j]: report the outermost access once.
  if (Consumer && isBaseOf(Consumer, E))
    return;

  llvm::SmallVector<EnclosingLoop, 4> Loops = enclosingLoops(*E, Ctx);
  if (Loops.empty())
    return;
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  const Expr *Cur = E;
  llvm::SmallVector<int64_t, 4> Dims; // Outermost access first.
  // Every level drops one dimension (t[i], select(d, i)): with the base's
  // proven rank, the chain's depth says whether it reaches an element.
  bool DropsEachLevel = true;
  for (std::optional<Access> A = Outer; A; A = asAccess(Cur)) {
    for (const Expr *Index : A->Indices) {
      auto Deps = dependsOnLoopVars(Index, Loops);
      Vars.insert(Deps.begin(), Deps.end());
    }
    const auto *Sub = dyn_cast<CXXOperatorCallExpr>(ignoreWrappers(Cur));
    const auto *Sel = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Cur));
    DropsEachLevel &= (Sub && Sub->getOperator() == OO_Subscript) ||
                      (Sel && Sel->getMethodDecl()->getName() == "select");
    Dims.push_back(A->Dim);
    Cur = A->Base;
  }
  if (Vars.empty())
    return;
  // The rank the chain proves: the k-th access from the base, select(d, i),
  // needs d + 1 + k dimensions. What is left after the chain has at least
  // that minus its length: one or more is a slice, not an element
  // (gsplat's grad_R9.select(1, a * 3 + b) is a column of N rows).
  int64_t MinRank = 0, Levels = static_cast<int64_t>(Dims.size());
  for (int64_t K = 0; K < Levels; ++K)
    MinRank = std::max(MinRank, Dims[Levels - 1 - K] + 1 + K);
  bool Slice = MinRank - Levels >= 1;
  // Or its value is used as a tensor with dimensions, which a 0-d element
  // has not: `x[b][g].flatten(1)`, `.select(1, k)`, `.size(0)`, `.mm(w)`
  // (mmcv's deform_conv hands each group's block to addmm_).
  if (const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(Consumer);
      M && ignoreWrappers(M->getImplicitObjectArgument()) == ignoreWrappers(E) &&
      needsDimensions(M, Ctx))
    Slice = true;
  if (isMatrixOperand(E, Consumer))
    Slice = true;
  // Or the base has more dimensions than the chain drops wherever it is
  // used (mmcv's deform_conv: output[b][g] of a view into five dimensions,
  // a group's block for addmm_). Asked only for nested indexing, once per
  // variable and outermost loop (the body is walked for its assignments).
  auto MoreDimensionsThanLevels = [&] {
    const auto *BaseRef = dyn_cast<DeclRefExpr>(ignoreWrappers(Cur));
    const auto *BaseVar = BaseRef ? dyn_cast<VarDecl>(BaseRef->getDecl()) : nullptr;
    if (!BaseVar || !DropsEachLevel)
      return false;
    const Stmt *Outermost = Loops.back().Loop;
    auto [It, New] = BlockRanks.try_emplace({BaseVar, Outermost});
    if (New)
      It->second = smallestRankAt(BaseVar, Outermost, Ctx);
    return It->second && *It->second > Levels;
  };

  // Per-element evidence: the access's value is read or written as a scalar,
  // or it is indexed by the variables of two nested loops. A batch loop that
  // hands x[b] to a whole-tensor op is fine.
  enum { Read, Write, Nested, Element, RowPointer } Kind;
  const Expr *Shown = E;
  std::string Via;
  const auto *Call = dyn_cast_or_null<CallExpr>(Consumer);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const auto *Assign = dyn_cast_or_null<CXXOperatorCallExpr>(Consumer);
  const auto *Self = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(E));
  // A data pointer taken per row (torchcodec: buffers[i] =
  // rows[i].data_ptr()) reads nothing; one dereferenced or indexed at once,
  // *v[i].data_ptr<float>(), reads an element.
  auto ReadsThroughPointer = [&](const Expr *PtrCall) {
    const Expr *Use = consumerOf(PtrCall, Ctx);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Use))
      return U->getOpcode() == UO_Deref;
    return isa_and_nonnull<ArraySubscriptExpr>(Use);
  };
  bool Pointer = isDataPointerMethod(Callee);
  if (Callee && isTorchDecl(Callee) && Callee->getIdentifier() &&
      (ops::isDataAccessMethod(Callee->getName()) || Pointer) &&
      (!Pointer || ReadsThroughPointer(Consumer))) {
    Kind = Read;
    Via = Callee->getName().str();
    Shown = Consumer;
  } else if (Assign && Assign->isAssignmentOp() && Assign->getNumArgs() == 2 &&
             ignoreWrappers(Assign->getArg(0)) == ignoreWrappers(E) &&
             isScalarValueType(ignoreWrappers(Assign->getArg(1))->getType())) {
    Kind = Write;
    Shown = Assign;
  } else if (Self && Self->getMethodDecl()->getName() == "index_put_" &&
             Self->getNumArgs() == 2 &&
             isScalarValueType(ignoreWrappers(Self->getArg(1))->getType())) {
    Kind = Write;
  } else if (isOneWideWrite(*Outer, Consumer, E, Levels, Ctx)) {
    // v.narrow(0, i, 1).copy_(...) of a 1-D v: one element per iteration.
    Kind = Write;
    Shown = Consumer;
  } else if (Vars.size() >= 2 && !Slice && !MoreDimensionsThanLevels()) {
    Kind = Nested;
  } else if (Callee && isTorchDecl(Callee) && Pointer && Loops.size() >= 2 && !Slice) {
    // A row's pointer through a view inside nested loops (mmcv's nms:
    // dets[i].data_ptr<T>(), dets[j].data_ptr<T>() per pair of boxes); one
    // per row of a single loop is setup (rowPointers above).
    Kind = RowPointer;
    Via = Callee->getName().str();
    Shown = Consumer;
  } else if (DropsEachLevel && isElement(E, Cur, Levels, Loops, Ctx)) {
    // One element used as a tensor: an operand, assigned, or assigned to.
    Shown = fullExpressionOf(E, Ctx);
    // In a template, what a dependent consumer (`a[i][0].item<T>()`) is
    // is known in its instantiations, which are checked as well.
    if (Shown->isInstantiationDependent())
      return;
    Kind = Element;
  } else {
    return;
  }

  // The innermost loop whose variable the index uses.
  const EnclosingLoop *Loop = nullptr;
  const VarDecl *LoopVar = nullptr;
  for (const EnclosingLoop &L : Loops) {
    for (const VarDecl *V : L.Vars)
      if (Vars.contains(V))
        LoopVar = V;
    if (LoopVar) {
      Loop = &L;
      break;
    }
  }
  if (!Loop)
    return;
  const Stmt *Body = isa<ForStmt>(Loop->Loop) ? cast<ForStmt>(Loop->Loop)->getBody()
                                              : cast<CXXForRangeStmt>(Loop->Loop)->getBody();
  // One element next to a call that hands a tensor to the project's own code
  // (a frame decoded into out[f], then out_pts[f] = pts): the element is
  // noise beside the per-item work.
  if (handsTensorsToProjectCode(Body, Ctx))
    return;
  // A value read to start or stop an inner loop (a sample's first index and
  // count): per-sample setup of the inner loop's work.
  if (Kind == Read)
    if (const VarDecl *V = initialisedBy(fullExpressionOf(E, Ctx), Ctx);
        V && boundsInnerLoop(V, Body))
      return;

  if (!ReportedStatements.insert(fullExpressionOf(E, Ctx)->getBeginLoc().getRawEncoding()).second)
    return;
  std::string Text = shorten(sourceText(Shown, Ctx));
  if (Text.empty())
    Text = "tensor element access";
  // torch::stable::Tensor has no accessor(): its raw pointers are
  // const_data_ptr<T>() and mutable_data_ptr<T>().
  bool Stable = isStableTensorType(Outer->Base->getType());
  std::string ReadPtr = Stable ? "const_data_ptr<T>()" : "accessor<T, N>() or data_ptr<T>()";
  std::string WritePtr = Stable ? "mutable_data_ptr<T>()" : "accessor<T, N>() or data_ptr<T>()";
  std::string StridedPtr = Stable ? "const_data_ptr<T>() or mutable_data_ptr<T>() with strides()"
                                  : "accessor<T, N>(), data_ptr<T>() with strides";
  switch (Kind) {
  case Read:
    diag(Shown->getBeginLoc(),
         "'%0' reads one element per loop iteration through '%1()', a "
         "dispatcher call and a new Tensor each time; hoist %2 out of the loop, "
         "or use a vectorised op")
        << Text << Via << ReadPtr;
    break;
  case Write:
    diag(Shown->getBeginLoc(),
         "'%0' writes one element per loop iteration, a dispatcher call and a "
         "new Tensor each time; write through %1 hoisted out of the loop, or "
         "use a vectorised op")
        << Text << WritePtr;
    break;
  case Element:
    diag(Shown->getBeginLoc(),
         "'%0' computes with single elements as tensors, a dispatcher call and a "
         "new 0-d tensor per element per iteration; read and write them through %1 "
         "hoisted out of the loop, or use a vectorised op")
        << Text << ReadPtr;
    break;
  case RowPointer:
    diag(Shown->getBeginLoc(),
         "'%0' takes a row's data pointer through a view on every iteration of nested "
         "loops, a dispatcher call and a new Tensor each time; take '%1()' once "
         "before the loops and step it by the row's stride")
        << Text << Via;
    break;
  case Nested:
    diag(Shown->getBeginLoc(),
         "'%0' indexes a tensor element by element in nested loops, a "
         "dispatcher call and a new Tensor per element; use %1, or a "
         "vectorised op")
        << Text << StridedPtr;
    break;
  }

  // The note points at the innermost loop whose variable the index uses.
  diag(Loop->Loop->getBeginLoc(),
       "in this loop over '%0', which runs %1 tensor operation%s1 per iteration",
       DiagnosticIDs::Note)
      << LoopVar->getName() << tensorOpsIn(Body);
}

bool ElementLoopCheck::handsTensorsToProjectCode(const Stmt *Body, ASTContext &Ctx) {
  auto [It, New] = Handoffs.try_emplace(Body, false);
  if (New) {
    ProjectHandoff Finder(Ctx.getSourceManager());
    Finder.TraverseStmt(const_cast<Stmt *>(Body));
    It->second = Finder.Found;
  }
  return It->second;
}

} // namespace torchlint::checks
