//===--- FullWrites.cpp - Statements that write every element of a tensor ------===//

#include "FullWrites.h"

#include "AstUtil.h"
#include "IndexCoverage.h"
#include "ProjectFacts.h"
#include "ProjectModel.h"
#include "TorchApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

#include <functional>

using namespace clang;

namespace torchlint::model {
namespace {

std::string withoutSpaces(std::string S) {
  llvm::erase_if(S, [](char C) { return isspace(static_cast<unsigned char>(C)); });
  return S;
}

/// The text of \p E as written, also inside a macro's argument (the body of
/// an AT_DISPATCH lambda), where sourceText has none.
std::string spelledText(const Expr *E, const ASTContext &Ctx) {
  std::string Text = sourceText(E, Ctx);
  if (!Text.empty() || !E)
    return Text;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = SM.getSpellingLoc(E->getBeginLoc());
  SourceLocation End = SM.getSpellingLoc(E->getEndLoc());
  if (Begin.isInvalid() || End.isInvalid() || SM.getFileID(Begin) != SM.getFileID(End) ||
      SM.isBeforeInTranslationUnit(End, Begin))
    return {};
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Begin, End), SM, Ctx.getLangOpts())
      .str();
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

/// \p S rebinds \p V to a view of all of its elements under another shape,
/// `v = v.view({...})` (also transpose, permute...): what is written through
/// V afterwards is written into the same allocation (BasicSR's
/// deform_conv: `buf = at::zeros_like(g); buf = buf.view({...}); buf.copy_(g)`).
static bool rebindsToWholeView(const Stmt *S, const VarDecl *V) {
  const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(statementCall(S));
  if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2 || !refersTo(Op->getArg(0), V))
    return false;
  static const llvm::StringSet<> WholeViews = {"view", "view_as", "reshape", "transpose",
                                               "permute", "t", "flatten", "unsqueeze",
                                               "squeeze", "movedim"};
  const Expr *E = ignoreWrappers(Op->getArg(1));
  for (int Depth = 0; Depth < 8; ++Depth) {
    const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(E);
    if (!M)
      return false;
    const CXXMethodDecl *Method = M->getMethodDecl();
    if (!Method || !Method->getIdentifier() || !WholeViews.contains(Method->getName()) ||
        !isTensorType(M->getImplicitObjectArgument()->getType()))
      return false;
    // Only sizes in the arguments, never V's data.
    for (const Expr *A : M->arguments())
      if (mentions(A, V))
        return false;
    E = ignoreWrappers(M->getImplicitObjectArgument());
    if (refersTo(E, V))
      return true;
  }
  return false;
}

/// No argument of \p Call but the one at \p Skip mentions \p V.
bool onlyArgumentIs(const CallExpr *Call, unsigned Skip, const VarDecl *V) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (I != Skip && mentions(Call->getArg(I), V))
      return false;
  return true;
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
  if (isDataPointerMethod(M))
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

/// Size \p Dim of what \p Sizes allocates is \p Text, as written or
/// through the local it names.
bool isDim(const AllocatedSizes &Sizes, unsigned Dim, const std::string &Text) {
  return Dim < Sizes.Dims.size() &&
         (Text == Sizes.Dims[Dim] || (Dim < Sizes.DimInits.size() && Text == Sizes.DimInits[Dim]));
}

/// \p Text (a bound as written) is the size of dimension \p Dim of \p V (or
/// its whole size when \p Flat), by what it was allocated with or by asking
/// the tensor.
bool boundTextIsSize(const std::string &Text, unsigned Dim, bool Flat, const VarDecl *V,
                     const AllocatedSizes &Sizes) {
  if (Text.empty())
    return false;
  std::vector<std::string> Tensors = {V->getName().str()};
  if (!Sizes.LikeOf.empty())
    Tensors.push_back(Sizes.LikeOf);
  for (const std::string &T : Tensors)
    if (Text == T + (Flat ? ".numel()" : ".size(" + std::to_string(Dim) + ")"))
      return true;
  if (Flat)
    return Sizes.Dims.size() == 1 && isDim(Sizes, 0, Text);
  return isDim(Sizes, Dim, Text);
}

/// boundTextIsSize for the bound \p Bound.
bool boundIsSize(const Expr *Bound, unsigned Dim, bool Flat, const VarDecl *V,
                 const AllocatedSizes &Sizes, const ASTContext &Ctx) {
  return boundTextIsSize(withoutSpaces(spelledText(Bound->IgnoreParenCasts(), Ctx)), Dim, Flat, V,
                         Sizes);
}

/// The product of \p Bounds and \p Constant is the number of elements of
/// \p V: one bound that is (boundIsSize, flat), or one bound per size V was
/// allocated with, in any order, the integer sizes multiplied into
/// \p Constant (`zeros({a.size(0), a.size(1), 3})` and a count `rows * cols
/// * 3` passed `a.size(0)` and `a.size(1)`).
bool boundsAreSize(llvm::ArrayRef<const Expr *> Bounds, llvm::ArrayRef<std::string> Texts,
                   int64_t Constant, const VarDecl *V, const AllocatedSizes &Sizes,
                   const ASTContext &Ctx) {
  llvm::SmallVector<const Expr *, 4> Named;
  for (const Expr *B : Bounds) {
    if (auto C = intValue(B, Ctx); C && *C > 0)
      Constant *= *C;
    else
      Named.push_back(B);
  }
  if (Named.size() + Texts.size() == 1 && Constant == 1)
    return Texts.empty() ? boundIsSize(Named[0], 0, /*Flat=*/true, V, Sizes, Ctx)
                         : boundTextIsSize(Texts[0], 0, /*Flat=*/true, V, Sizes);
  llvm::SmallVector<unsigned, 4> Left;
  int64_t Fixed = 1;
  for (unsigned D = 0; D < Sizes.Dims.size(); ++D) {
    int64_t N = 0;
    if (!llvm::StringRef(Sizes.Dims[D]).getAsInteger(10, N) && N > 0)
      Fixed *= N;
    else
      Left.push_back(D);
  }
  if (Named.size() + Texts.size() != Left.size() || Fixed != Constant || Sizes.Dims.empty())
    return false;
  std::vector<std::string> All(Texts.begin(), Texts.end());
  for (const Expr *B : Named)
    All.push_back(withoutSpaces(spelledText(B->IgnoreParenCasts(), Ctx)));
  for (const std::string &T : All) {
    auto At = llvm::find_if(Left, [&](unsigned D) { return isDim(Sizes, D, T); });
    if (At == Left.end())
      return false;
    Left.erase(At);
  }
  return true;
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

// --- Writes through a data pointer, by functions and kernels of the TU ------

bool isProductOf(const Expr *E, StringRef A, StringRef B) {
  const auto *Mul = dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return false;
  std::string L = builtinVar(Mul->getLHS()), R = builtinVar(Mul->getRHS());
  return (L == A && R == B) || (L == B && R == A);
}

/// `blockIdx.x * blockDim.x + threadIdx.x`, in any order, through casts.
bool isThreadIndex(const Expr *E) {
  const auto *Add = dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
  if (!Add || Add->getOpcode() != BO_Add)
    return false;
  return (builtinVar(Add->getRHS()) == "threadIdx.x" &&
          isProductOf(Add->getLHS(), "blockIdx.x", "blockDim.x")) ||
         (builtinVar(Add->getLHS()) == "threadIdx.x" &&
          isProductOf(Add->getRHS(), "blockIdx.x", "blockDim.x"));
}

/// The variable's initialiser where \p E names a local variable, else \p E.
const Expr *throughLocal(const Expr *E) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() ? V->getInit() : E;
}

/// A loop that visits every `i` in [0, Bound) (each thread of a grid-stride
/// loop a share of them).
struct Sweep {
  const VarDecl *Var = nullptr;
  const Expr *Bound = nullptr;
};
std::optional<Sweep> sweepOf(const ForStmt *For, const VarDecl *ThreadVar, const ASTContext &Ctx) {
  if (auto L = countedLoop(For, Ctx))
    return Sweep{L->Var, L->Bound};
  // for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const auto *I = Init && Init->isSingleDecl() ? dyn_cast<VarDecl>(Init->getSingleDecl()) : nullptr;
  if (!I || !I->getInit() ||
      !(isThreadIndex(I->getInit()) || (ThreadVar && refersTo(I->getInit(), ThreadVar))))
    return std::nullopt;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond());
  if (!Cond || Cond->getOpcode() != BO_LT || !refersTo(Cond->getLHS(), I))
    return std::nullopt;
  const auto *Inc = dyn_cast_or_null<CompoundAssignOperator>(
      For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr);
  if (!Inc || Inc->getOpcode() != BO_AddAssign || !refersTo(Inc->getLHS(), I) ||
      !isProductOf(throughLocal(Inc->getRHS()), "blockDim.x", "gridDim.x"))
    return std::nullopt;
  return Sweep{I, Cond->getRHS()->IgnoreParenImpCasts()};
}

/// The rank of a packed accessor type (`PackedTensorAccessor32<int, 1>`,
/// `GenericPackedTensorAccessor<...>`), through references; 0 for others.
/// The rank is the class's one integral template argument: the second of
/// ATen's own class, the fourth of torch 2.15's
/// `torch::headeronly::detail::GenericPackedTensorAccessor<TensorAccessor,
/// IndexBoundsCheck, T, N, PtrTraits, index_t>` that ATen's names alias.
unsigned packedAccessorRank(QualType T) {
  const auto *Spec = templateSpecializationOf(T.getNonReferenceType());
  if (!Spec || !Spec->getIdentifier() || !Spec->getName().contains("PackedTensorAccessor"))
    return 0;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Integral)
      return static_cast<unsigned>(A.getAsIntegral().getExtValue());
  return 0;
}

/// `v.packed_accessor32<T, R, ...>()` (or packed_accessor64, the generic form).
bool isPackedAccessorCall(const Expr *E, const VarDecl *V) {
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenCasts());
  const CXXMethodDecl *M = Call ? Call->getMethodDecl() : nullptr;
  return M && M->getIdentifier() &&
         (M->getName().starts_with("packed_accessor") ||
          M->getName() == "generic_packed_accessor") &&
         refersTo(Call->getImplicitObjectArgument(), V);
}

/// `q.size(d)` where q is \p Def's packed accessor parameter: (its index, d).
std::optional<std::pair<unsigned, unsigned>> accessorSize(const Expr *E, const FunctionDecl *Def,
                                                          const ASTContext &Ctx) {
  const auto *Call = E ? dyn_cast<CXXMemberCallExpr>(E->IgnoreParenCasts()) : nullptr;
  const CXXMethodDecl *M = Call ? Call->getMethodDecl() : nullptr;
  if (!M || !M->getIdentifier() || M->getName() != "size" || Call->getNumArgs() != 1)
    return std::nullopt;
  const auto *R = dyn_cast<DeclRefExpr>(Call->getImplicitObjectArgument()->IgnoreParenImpCasts());
  const auto *PV = R ? dyn_cast<ParmVarDecl>(R->getDecl()) : nullptr;
  auto Dim = intValue(Call->getArg(0), Ctx);
  if (!PV || !Dim || *Dim < 0 || PV->getFunctionScopeIndex() >= Def->getNumParams() ||
      Def->getParamDecl(PV->getFunctionScopeIndex()) != PV ||
      !packedAccessorRank(PV->getType()))
    return std::nullopt;
  return std::pair(PV->getFunctionScopeIndex(), static_cast<unsigned>(*Dim));
}

/// The one statement of \p Body that touches \p P: `P[I] = e`, unconditional,
/// with `e` not reading P, no jump in the body and nothing changing I.
const BinaryOperator *writesAt(const Stmt *Body, const VarDecl *P, const VarDecl *I) {
  if (!Body || containsJump(Body))
    return nullptr;
  const Stmt *S = singleStatement(Body);
  auto Statements = isa_and_nonnull<CompoundStmt>(S)
                        ? llvm::to_vector(cast<CompoundStmt>(S)->body())
                        : llvm::SmallVector<Stmt *>{const_cast<Stmt *>(S)};
  const BinaryOperator *Write = nullptr;
  for (const Stmt *B : Statements) {
    if (!B || changes(B, I))
      return nullptr;
    if (!mentions(B, P))
      continue;
    const auto *E = dyn_cast<Expr>(B);
    const auto *Assign = E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()) : nullptr;
    if (Write || !Assign || Assign->getOpcode() != BO_Assign || mentions(Assign->getRHS(), P))
      return nullptr;
    const Expr *LHS = Assign->getLHS()->IgnoreParenImpCasts();
    const auto *Sub = dyn_cast<ArraySubscriptExpr>(LHS);
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(LHS);
    bool Element =
        (Sub && refersTo(Sub->getBase(), P) && refersTo(Sub->getIdx(), I)) ||
        // a rank-1 packed accessor's element: `indices[n] = e`
        (Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
         packedAccessorRank(P->getType()) == 1 && refersTo(Op->getArg(0), P) &&
         refersTo(Op->getArg(1), I));
    if (!Element)
      return nullptr;
    Write = Assign;
  }
  return Write;
}

/// `if (i >= n) return;` (or `n <= i`, `i > n`): the parameter n.
const Expr *guardBound(const Stmt *S, const VarDecl *ThreadVar) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || !ThreadVar || If->getElse() || If->getInit() ||
      !isa_and_nonnull<ReturnStmt>(singleStatement(If->getThen())))
    return nullptr;
  const auto *Cond = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  if (!Cond)
    return nullptr;
  if ((Cond->getOpcode() == BO_GE || Cond->getOpcode() == BO_GT) &&
      refersTo(Cond->getLHS(), ThreadVar))
    return Cond->getRHS();
  if (Cond->getOpcode() == BO_LE && refersTo(Cond->getRHS(), ThreadVar))
    return Cond->getLHS();
  return nullptr;
}

/// A CUDA launch's grid, where it is computed from \p Bound so that it covers
/// one thread per element: `(n + 255) / 256`, `ceil((double)n / 512)`,
/// `GET_BLOCKS(n)` (not `n / 256`, which drops the tail).
bool gridCovers(const CallExpr *Launch, const Expr *Bound, const ASTContext &Ctx) {
  const auto *K = dyn_cast<CUDAKernelCallExpr>(Launch);
  const CallExpr *Config = K ? K->getConfig() : nullptr;
  if (!Config || Config->getNumArgs() < 1)
    return false;
  const Expr *Grid = throughLocal(ignoreWrappers(Config->getArg(0)));
  if (const auto *C = dyn_cast<CXXConstructExpr>(ignoreWrappers(Grid)); C && C->getNumArgs() >= 1)
    Grid = C->getArg(0);
  Grid = ignoreWrappers(Grid);
  const auto *Div = dyn_cast<BinaryOperator>(Grid->IgnoreParenCasts());
  const Expr *B = Bound->IgnoreParenImpCasts();
  if (Div && Div->getOpcode() == BO_Div) {
    const Expr *L = Div->getLHS()->IgnoreParenCasts();
    if (withoutSpaces(spelledText(L, Ctx)) == withoutSpaces(spelledText(B, Ctx)))
      return false;
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(B))
    return mentions(Grid, R->getDecl());
  std::string G = withoutSpaces(spelledText(Grid, Ctx));
  std::string T = withoutSpaces(spelledText(B, Ctx));
  return !T.empty() && G.find(T) != std::string::npos;
}

/// The number of blocks on x of a CUDA launch: `<<<b, ...>>>`, `dim3(b, c)`.
const Expr *gridX(const CallExpr *Launch) {
  const auto *K = dyn_cast<CUDAKernelCallExpr>(Launch);
  const CallExpr *Config = K ? K->getConfig() : nullptr;
  if (!Config || Config->getNumArgs() < 1)
    return nullptr;
  const Expr *Grid = ignoreWrappers(Config->getArg(0));
  if (const auto *C = dyn_cast<CXXConstructExpr>(Grid); C && C->getNumArgs() >= 1)
    Grid = ignoreWrappers(C->getArg(0));
  return Grid;
}

/// gridCovers for a bound the caller has as text only (a tensor's size):
/// the grid, through locals, mentions a local set to it (`int N =
/// coords.size(0); blocks = (N + 255) / 256`) or spells it, and does not
/// divide it alone (`N / 256` drops the tail).
bool gridCoversText(const CallExpr *Launch, const std::string &Bound, const ASTContext &Ctx) {
  const Expr *Grid = gridX(Launch);
  if (!Grid || Bound.empty())
    return false;
  Grid = ignoreWrappers(throughLocal(Grid));
  auto IsBound = [&](const Expr *E) {
    const Expr *Init = throughLocal(E);
    return withoutSpaces(spelledText(E->IgnoreParenCasts(), Ctx)) == Bound ||
           (Init != E && withoutSpaces(spelledText(Init->IgnoreParenCasts(), Ctx)) == Bound);
  };
  if (const auto *Div = dyn_cast<BinaryOperator>(Grid->IgnoreParenCasts());
      Div && Div->getOpcode() == BO_Div && IsBound(Div->getLHS()))
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    std::function<bool(const Expr *)> Is;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      Found |= Is(R);
      return !Found;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      Found |= Is(C);
      return !Found;
    }
  } F;
  F.Is = IsBound;
  F.TraverseStmt(const_cast<Expr *>(Grid));
  return F.Found;
}

/// How a function writes all of its pointer parameter: `p[i]` for every i
/// below the product of its parameters \c Bounds and \c Constant, times the
/// launch's gridDim.x where \c GridX (one thread per element where
/// \c NeedsGrid: the launch must cover them).
struct ParamWrite {
  llvm::SmallVector<unsigned, 3> Bounds;
  const Stmt *Write = nullptr;
  bool NeedsGrid = false;
  int64_t Constant = 1;
  bool GridX = false;
  /// Sizes of packed accessor parameters among the bounds: (index, dim).
  llvm::SmallVector<std::pair<unsigned, unsigned>, 1> SizeBounds;
};

/// The factors of a product, `sizeof(T) * rows * cols` -> sizeof(T), rows,
/// cols (through parentheses and casts).
void productFactors(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out) {
  E = E->IgnoreParenCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Mul) {
    productFactors(B->getLHS(), Out);
    productFactors(B->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

/// A call of the C or CUDA runtime or of <algorithm> that writes the whole
/// buffer \p P from its start, as MinkowskiEngine's kernels begin:
/// `std::memcpy(p, src, sizeof(T) * rows * cols)`, `cudaMemcpy(Async)`,
/// `memset`/`cudaMemset(Async)`, `std::fill(p, p + n, v)`, `std::fill_n(p, n, v)`.
/// The factors of the element count (the `sizeof` of P's element type taken
/// out of a byte count), or none.
std::optional<llvm::SmallVector<const Expr *, 3>> libraryWholeWrite(const CallExpr *Call,
                                                                    const VarDecl *P) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getIdentifier() || Call->getNumArgs() < 2 || !refersTo(Call->getArg(0), P) ||
      !isa<DeclRefExpr>(Call->getArg(0)->IgnoreParenCasts()))
    return std::nullopt;
  StringRef Name = F->getName();
  QualType Element = P->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
  llvm::SmallVector<const Expr *, 3> Factors;
  if (Name == "fill" || Name == "fill_n") {
    if (!F->isInStdNamespace() || Call->getNumArgs() != 3 || mentions(Call->getArg(2), P))
      return std::nullopt;
    const Expr *Count = Call->getArg(1);
    if (Name == "fill") {
      const auto *End = dyn_cast<BinaryOperator>(Count->IgnoreParenCasts());
      if (!End || End->getOpcode() != BO_Add || !refersTo(End->getLHS(), P) ||
          !isa<DeclRefExpr>(End->getLHS()->IgnoreParenCasts()))
        return std::nullopt;
      Count = End->getRHS();
    }
    if (mentions(Count, P))
      return std::nullopt;
    productFactors(Count, Factors);
    return Factors;
  }
  unsigned BytesArg;
  if (Name == "memcpy" || Name == "cudaMemcpy" || Name == "cudaMemcpyAsync" ||
      Name == "memset" || Name == "cudaMemset" || Name == "cudaMemsetAsync")
    BytesArg = 2;
  else
    return std::nullopt;
  if (Call->getNumArgs() <= BytesArg || mentions(Call->getArg(1), P) ||
      mentions(Call->getArg(BytesArg), P))
    return std::nullopt;
  productFactors(Call->getArg(BytesArg), Factors);
  // One factor is sizeof the element type: the rest count elements.
  auto Size = llvm::find_if(Factors, [&](const Expr *E) {
    const auto *S = dyn_cast<UnaryExprOrTypeTraitExpr>(E);
    return S && S->getKind() == UETT_SizeOf &&
           S->getTypeOfArgument().getCanonicalType().getUnqualifiedType() == Element;
  });
  if (Size == Factors.end())
    return std::nullopt;
  Factors.erase(Size);
  if (Factors.empty())
    return std::nullopt;
  return Factors;
}

bool samePointee(QualType A, QualType B) {
  if (!A->isPointerType() || !B->isPointerType())
    return false;
  QualType PA = A->getPointeeType().getCanonicalType().getUnqualifiedType();
  QualType PB = B->getPointeeType().getCanonicalType().getUnqualifiedType();
  return PA == PB && !PA->isVoidType();
}

/// (\p AskProject: a callee only declared in the TU may be answered by the
/// project's facts; not while the TU's own facts are being taken.)
std::optional<ParamWrite> writesWholeParam(const FunctionDecl *F, unsigned Index,
                                           const ASTContext &Ctx, unsigned Depth,
                                           bool AskProject);

/// What a call hands to a function that writes all of it: the arguments
/// whose product (times \c Constant) is the count, and the write.
struct HandedWrite {
  llvm::SmallVector<const Expr *, 3> Bounds;
  int64_t Constant = 1;
  const Stmt *Write = nullptr;
  std::string DefinedAt; ///< "file:line" where another file defines the callee.
  /// Bounds that are the sizes of tensors handed as packed accessors, as
  /// the caller would write them ("coords.size(0)").
  std::vector<std::string> SizeTexts;
};

/// \p Call hands \p Arg (a pointer to the elements) whole to a function of
/// the TU that writes them all.
std::optional<HandedWrite> handedToWriter(const CallExpr *Call, unsigned ArgIndex,
                                          const ASTContext &Ctx, unsigned Depth,
                                          bool AskProject = true) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || isTorchDecl(Callee) || isa<CXXMethodDecl>(Callee) ||
      ArgIndex >= Callee->getNumParams())
    return std::nullopt;
  const Expr *Handed = ignoreWrappers(Call->getArg(ArgIndex));
  QualType ParamType = Callee->getParamDecl(ArgIndex)->getType();
  bool Accessor = packedAccessorRank(Handed->getType()) &&
                  packedAccessorRank(Handed->getType()) == packedAccessorRank(ParamType);
  if (!Accessor && !samePointee(Handed->getType(), ParamType))
    return std::nullopt;
  HandedWrite H;
  // Declared here, defined in another file of the project (PointNet++'s
  // wrappers, whose launchers and kernels are in a .cu file).
  if (!Callee->getDefinition()) {
    if (!AskProject)
      return std::nullopt;
    std::string Answer = ProjectView::get(const_cast<ASTContext &>(Ctx))
                             .wholeWriteElsewhere(usrOf(Callee), ArgIndex);
    auto [Count, At] = llvm::StringRef(Answer).split('\t');
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Count.split(Parts, ' ', -1, /*KeepEmpty=*/false);
    if (Parts.size() < 2 || Parts[0].getAsInteger(10, H.Constant))
      return std::nullopt;
    for (llvm::StringRef Part : llvm::ArrayRef(Parts).drop_front()) {
      unsigned B = 0;
      if (Part.getAsInteger(10, B) || B >= Call->getNumArgs())
        return std::nullopt;
      H.Bounds.push_back(Call->getArg(B));
    }
    H.DefinedAt = At.str();
    return H;
  }
  auto W = writesWholeParam(Callee, ArgIndex, Ctx, Depth + 1, AskProject);
  if (!W || (W->Bounds.empty() && W->SizeBounds.empty() && !W->GridX))
    return std::nullopt;
  H.Constant = W->Constant;
  H.Write = W->Write;
  for (unsigned B : W->Bounds) {
    if (B >= Call->getNumArgs())
      return std::nullopt;
    H.Bounds.push_back(Call->getArg(B));
  }
  if (W->GridX) {
    const Expr *Grid = gridX(Call);
    if (!Grid)
      return std::nullopt;
    H.Bounds.push_back(Grid);
  }
  for (auto [Index, Dim] : W->SizeBounds) {
    // The tensor handed there as `t.packed_accessor32<...>()`: t.size(d).
    const auto *Acc = Index < Call->getNumArgs()
                          ? dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Call->getArg(Index)))
                          : nullptr;
    std::string Object =
        Acc ? withoutSpaces(spelledText(Acc->getImplicitObjectArgument()->IgnoreParenImpCasts(), Ctx))
            : std::string();
    const auto *Ref = Acc ? dyn_cast<DeclRefExpr>(Acc->getImplicitObjectArgument()->IgnoreParenImpCasts())
                          : nullptr;
    if (!Ref || Object.empty() || !isPackedAccessorCall(Acc, dyn_cast<VarDecl>(Ref->getDecl())))
      return std::nullopt;
    H.SizeTexts.push_back(Object + ".size(" + std::to_string(Dim) + ")");
  }
  if (W->NeedsGrid &&
      (H.Bounds.size() + H.SizeTexts.size() != 1 ||
       !(H.Bounds.empty() ? gridCoversText(Call, H.SizeTexts[0], Ctx)
                          : gridCovers(Call, H.Bounds[0], Ctx))))
    return std::nullopt;
  return H;
}

std::optional<ParamWrite> writesWholeParam(const FunctionDecl *F, unsigned Index,
                                           const ASTContext &Ctx, unsigned Depth,
                                           bool AskProject) {
  const FunctionDecl *Def = F->getDefinition();
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Depth > 2 || Def->isVariadic() || Index >= Def->getNumParams())
    return std::nullopt;
  const ParmVarDecl *P = Def->getParamDecl(Index);
  bool Accessor = packedAccessorRank(P->getType()) != 0;
  if (!Accessor &&
      (!P->getType()->isPointerType() || P->getType()->getPointeeType().isConstQualified()))
    return std::nullopt;
  // A loop nest whose index covers the buffer (PointNet++'s kernels).
  if (auto N = nestWritesAll(Def, P, Ctx)) {
    ParamWrite W{{N->Count.Params.begin(), N->Count.Params.end()}, N->Write, false};
    W.Constant = N->Count.Constant;
    W.GridX = N->Count.GridX;
    return W;
  }
  bool Kernel = Def->hasAttr<CUDAGlobalAttr>();
  auto ParamIndex = [&](const Expr *E) -> std::optional<unsigned> {
    const auto *R = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
    const auto *PV = R ? dyn_cast<ParmVarDecl>(R->getDecl()) : nullptr;
    if (!PV || PV->getFunctionScopeIndex() >= Def->getNumParams() ||
        Def->getParamDecl(PV->getFunctionScopeIndex()) != PV)
      return std::nullopt;
    return PV->getFunctionScopeIndex();
  };
  const VarDecl *ThreadVar = nullptr;
  const Expr *Guard = nullptr;
  for (const Stmt *S : Body->body()) {
    if (!mentions(S, P)) {
      if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl())
        if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
            V && V->getInit() && isThreadIndex(V->getInit()))
          ThreadVar = V;
      if (!containsJump(S))
        continue;
      // A kernel's `if (i >= n) return;` leaves only threads past the end.
      if (Kernel && !Guard && (Guard = guardBound(S, ThreadVar)))
        continue;
      return std::nullopt;
    }
    const Stmt *Loop = S;
    if (const auto *D = dyn_cast<OMPLoopDirective>(S))
      Loop = D->getInnermostCapturedStmt()->getCapturedStmt();
    if (const auto *For = dyn_cast<ForStmt>(Loop)) {
      auto Sw = sweepOf(For, ThreadVar, Ctx);
      auto B = Sw ? ParamIndex(Sw->Bound) : std::nullopt;
      const BinaryOperator *W = B ? writesAt(For->getBody(), P, Sw->Var) : nullptr;
      // A guard on another bound would leave a grid-stride loop's elements.
      if (!W || (Guard && ParamIndex(Guard) != B))
        return std::nullopt;
      return ParamWrite{{*B}, W, false};
    }
    if (Kernel && ThreadVar) {
      // if (i < n) { ... p[i] = e; }
      if (const auto *If = dyn_cast<IfStmt>(S);
          If && !Guard && !If->getElse() && !If->getInit() && !If->getConditionVariable()) {
        const auto *Cond = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
        auto B = Cond && Cond->getOpcode() == BO_LT && refersTo(Cond->getLHS(), ThreadVar)
                     ? ParamIndex(Cond->getRHS())
                     : std::nullopt;
        const BinaryOperator *W = B ? writesAt(If->getThen(), P, ThreadVar) : nullptr;
        return W ? std::optional(ParamWrite{{*B}, W, true}) : std::nullopt;
      }
      // if (i >= n) return; ... p[i] = e;
      if (auto B = ParamIndex(Guard))
        if (const BinaryOperator *W = writesAt(S, P, ThreadVar))
          return ParamWrite{{*B}, W, true};
      // if (n >= coords.size(0)) return; indices[n] = e; (ngp_pl's accessors)
      if (auto Size = accessorSize(Guard, Def, Ctx))
        if (const BinaryOperator *W = writesAt(S, P, ThreadVar)) {
          ParamWrite PW{{}, W, true};
          PW.SizeBounds.push_back(*Size);
          return PW;
        }
      return std::nullopt;
    }
    // A launcher: the pointer handed on whole to a kernel or helper.
    const CallExpr *Call = statementCall(S);
    if (!Call)
      return std::nullopt;
    // std::memcpy(p, src, sizeof(T) * rows * cols), std::fill(p, p + n, v)...
    if (auto Factors = libraryWholeWrite(Call, P)) {
      ParamWrite W{{}, Call, false};
      for (const Expr *F : *Factors) {
        auto B = ParamIndex(F);
        if (!B)
          return std::nullopt;
        W.Bounds.push_back(*B);
      }
      return W;
    }
    unsigned Arg = ~0u;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (refersTo(Call->getArg(I), P))
        Arg = I;
    if (Arg == ~0u || !onlyArgumentIs(Call, Arg, P))
      return std::nullopt;
    auto Handed = handedToWriter(Call, Arg, Ctx, Depth, AskProject);
    if (!Handed || !Handed->SizeTexts.empty())
      return std::nullopt;
    ParamWrite W{{}, Handed->Write, false};
    W.Constant = Handed->Constant;
    for (const Expr *Bound : Handed->Bounds) {
      if (auto C = intValue(Bound, Ctx); C && *C > 0) {
        W.Constant *= *C;
        continue;
      }
      auto B = ParamIndex(Bound);
      if (!B)
        return std::nullopt;
      W.Bounds.push_back(*B);
    }
    return W;
  }
  return std::nullopt;
}

/// A data pointer of \p V (isDataPointerMethod: `v.data_ptr<T>()`, the
/// untyped `data_ptr()`, `data<T>()`), through parentheses and casts.
bool isDataPointerCall(const Expr *E, const VarDecl *V) {
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenCasts());
  return Call && isDataPointerMethod(Call->getMethodDecl()) &&
         refersTo(Call->getImplicitObjectArgument(), V);
}

/// The pointer variable that \p S sets from V's data pointer:
/// `void *p = v.data_ptr();` or `p = (void *)v.data_ptr<uint8_t>();`.
const VarDecl *pointerSetFrom(const Stmt *S, const VarDecl *V) {
  const VarDecl *P = nullptr;
  const Expr *Value = nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl()) {
    P = dyn_cast<VarDecl>(DS->getSingleDecl());
    Value = P ? P->getInit() : nullptr;
  } else if (const auto *E = dyn_cast<Expr>(S)) {
    const auto *Assign = dyn_cast<BinaryOperator>(E->IgnoreImplicit());
    if (Assign && Assign->getOpcode() == BO_Assign)
      if (const auto *R = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts())) {
        P = dyn_cast<VarDecl>(R->getDecl());
        Value = Assign->getRHS();
      }
  }
  return P && Value && P->getType()->isPointerType() && isDataPointerCall(Value, V) ? P
                                                                                    : nullptr;
}

/// \p F is CUB's: declared in a namespace `cub`, at the top or where a
/// project puts CUB in its own (`CUB_NS_PREFIX namespace kaolin {`).
bool inCubNamespace(const FunctionDecl *F) {
  for (const DeclContext *C = F->getDeclContext(); C; C = C->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(C); N && N->getIdentifier() &&
                                                     N->getName() == "cub")
      return true;
  return false;
}

/// Every use of \p P in \p Stmts (at least one) is the temporary storage
/// (first argument) of a CUB device algorithm: the first such call.
const CallExpr *onlyCubScratch(llvm::ArrayRef<const Stmt *> Stmts, const VarDecl *P) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *P;
    const CallExpr *First = nullptr;
    unsigned AsScratch = 0, Uses = 0;
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *F = C->getDirectCallee();
      if (F && C->getNumArgs() >= 2 && refersTo(C->getArg(0), P) && inCubNamespace(F)) {
        ++AsScratch;
        First = First ? First : C;
      }
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      Uses += R->getDecl() == P;
      return true;
    }
  } F;
  F.P = P;
  for (const Stmt *S : Stmts)
    F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Uses > 0 && F.Uses == F.AsScratch ? F.First : nullptr;
}

/// The body of the lambda an AT_DISPATCH macro at \p S expands once per
/// dtype, when every mention of \p V in \p S lies in one of its copies.
const CompoundStmt *dispatchedLambda(const Stmt *S, const VarDecl *V, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = S->getBeginLoc();
  StringRef Macro;
  for (SourceLocation L = Loc; L.isMacroID(); L = SM.getImmediateMacroCallerLoc(L))
    Macro = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
  if (!Macro.contains("DISPATCH"))
    return nullptr;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    std::vector<const LambdaExpr *> Lambdas;
    unsigned Refs = 0;
    bool VisitLambdaExpr(LambdaExpr *L) {
      if (mentions(L->getBody(), V))
        Lambdas.push_back(L);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      Refs += R->getDecl() == V;
      return true;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<Stmt *>(S));
  // The innermost lambdas: those that hold no other lambda that mentions V.
  struct Holds : RecursiveASTVisitor<Holds> {
    const std::vector<const LambdaExpr *> *Of;
    bool Found = false;
    bool VisitLambdaExpr(LambdaExpr *L) {
      Found |= llvm::is_contained(*Of, L);
      return !Found;
    }
  };
  std::vector<const LambdaExpr *> Inner;
  for (const LambdaExpr *L : F.Lambdas) {
    Holds H;
    H.Of = &F.Lambdas;
    H.TraverseStmt(L->getBody());
    if (!H.Found)
      Inner.push_back(L);
  }
  if (Inner.empty())
    return nullptr;
  unsigned InLambdas = 0;
  SourceLocation Spelled = SM.getSpellingLoc(Inner.front()->getBeginLoc());
  for (const LambdaExpr *L : Inner) {
    if (SM.getSpellingLoc(L->getBeginLoc()) != Spelled)
      return nullptr;
    Finder C;
    C.V = V;
    C.TraverseStmt(L->getBody());
    InLambdas += C.Refs;
  }
  return InLambdas == F.Refs ? dyn_cast<CompoundStmt>(Inner.front()->getBody()) : nullptr;
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
      std::string Text = withoutSpaces(sourceText(D->IgnoreParenCasts(), Ctx));
      if (Text.empty())
        return {};
      Sizes.Dims.push_back(Text);
      // A local the function never changes (`int N = coords.size(0);`).
      const Expr *Init = throughLocal(D);
      const auto *Ref = dyn_cast<DeclRefExpr>(D->IgnoreParenCasts());
      const auto *Local = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      const auto *Fn = Local ? dyn_cast<FunctionDecl>(Local->getDeclContext()) : nullptr;
      bool Unchanged = Fn && Fn->getBody() && !changes(Fn->getBody(), Local);
      Sizes.DimInits.push_back(Init != D && Unchanged
                                   ? withoutSpaces(sourceText(Init->IgnoreParenCasts(), Ctx))
                                   : std::string());
    }
  return Sizes;
}

/// V's data pointer (or the pointer \p View declared from it) handed by
/// the call \p S to a function or kernel of the TU that writes every
/// element, with V's size as the bound.
static std::optional<FullWrite> pointerHandedOn(const Stmt *S, const VarDecl *V,
                                                const ElementView *View,
                                                const AllocatedSizes &Sizes, ASTContext &Ctx,
                                                unsigned Depth) {
  const CallExpr *Call = statementCall(S);
  if (!Call || !Call->getDirectCallee() || !Call->getDirectCallee()->getIdentifier())
    return std::nullopt;
  // `v.numel()`, `v.size(0)`: the sizes, not the data.
  auto IsSizeOfV = [&](const Expr *A) {
    const auto *M = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(A));
    const CXXMethodDecl *MD = M ? M->getMethodDecl() : nullptr;
    return MD && MD->getIdentifier() && refersTo(M->getImplicitObjectArgument(), V) &&
           (MD->getName() == "numel" || MD->getName() == "size");
  };
  unsigned Arg = ~0u;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const Expr *A = Call->getArg(I);
    if (!(mentions(A, V) || (View && mentions(A, View->Var))) || IsSizeOfV(A))
      continue;
    const Expr *Inner = ignoreWrappers(A);
    bool Pointer = (isa<CXXMemberCallExpr>(Inner) &&
                    (isDataPointerCall(Inner, V) || isPackedAccessorCall(Inner, V))) ||
                   (View && refersTo(A, View->Var));
    if (Arg != ~0u || !Pointer)
      return std::nullopt;
    Arg = I;
  }
  if (Arg == ~0u)
    return std::nullopt;
  auto Handed = handedToWriter(Call, Arg, Ctx, Depth);
  if (!Handed ||
      !boundsAreSize(Handed->Bounds, Handed->SizeTexts, Handed->Constant, V, Sizes, Ctx))
    return std::nullopt;
  std::string By = "'" + Call->getDirectCallee()->getName().str() + "()'";
  if (!Handed->DefinedAt.empty())
    By += " (" + Handed->DefinedAt + ")";
  return FullWrite{By, S, Handed->Write};
}

/// The display name of a CUB algorithm: `cub::DeviceScan::InclusiveSum`.
static std::string cubName(const CallExpr *Call) {
  std::string Name = Call->getDirectCallee()->getQualifiedNameAsString();
  size_t At = Name.rfind("cub::");
  return At == std::string::npos ? Name : Name.substr(At);
}

static std::optional<FullWrite> writesAllFirst(llvm::ArrayRef<const Stmt *> Stmts,
                                               const VarDecl *V, const AllocatedSizes &Sizes,
                                               ASTContext &Ctx, unsigned Depth,
                                               bool JumpsLeave);

/// An `if` whose condition does not read \p V, where each arm either writes
/// all of V first or raises without touching it (`if (x.is_cuda()) launch(...);
/// else AT_ERROR("CPU not supported");`), and one arm writes: that write.
static std::optional<FullWrite> armsWriteAll(const IfStmt *If, const VarDecl *V,
                                             const AllocatedSizes &Sizes, ASTContext &Ctx,
                                             unsigned Depth) {
  if (If->getInit() || If->getConditionVariable() || mentions(If->getCond(), V) ||
      !If->getElse())
    return std::nullopt;
  auto StatementsOf = [](const Stmt *Arm) {
    if (const auto *Block = dyn_cast<CompoundStmt>(Arm))
      return llvm::SmallVector<const Stmt *, 8>(Block->body());
    return llvm::SmallVector<const Stmt *, 8>{Arm};
  };
  auto Raises = [&](const Stmt *Arm) {
    for (const Stmt *S : StatementsOf(Arm)) {
      if (mentions(S, V) || containsJump(S))
        return false;
      if (failsUnconditionally(S, Ctx.getSourceManager()))
        return true;
    }
    return false;
  };
  std::optional<FullWrite> Write;
  for (const Stmt *Arm : {If->getThen(), If->getElse()}) {
    if (Raises(Arm))
      continue;
    auto W = writesAllFirst(StatementsOf(Arm), V, Sizes, Ctx, Depth, /*JumpsLeave=*/true);
    if (!W)
      return std::nullopt;
    Write = Write ? Write : W;
  }
  return Write;
}

static std::optional<FullWrite> writesAllFirst(llvm::ArrayRef<const Stmt *> Stmts,
                                               const VarDecl *V, const AllocatedSizes &Sizes,
                                               ASTContext &Ctx, unsigned Depth,
                                               bool JumpsLeave) {
  std::optional<ElementView> View;
  for (size_t N = 0; N < Stmts.size(); ++N) {
    const Stmt *S = Stmts[N];
    bool Touches = mentions(S, V) || (View && mentions(S, View->Var));
    if (!Touches) {
      // In a helper, a return before the write leaves the caller's values.
      if (JumpsLeave && containsJump(S))
        return std::nullopt;
      continue;
    }
    if (View) {
      if (isa<ForStmt>(S) && loopWritesAll(S, *View, V, Sizes, Ctx))
        return FullWrite{"a loop over all its elements", S, nullptr};
      if (View->Flat)
        return pointerHandedOn(S, V, &*View, Sizes, Ctx, Depth);
      return std::nullopt;
    }
    // Its data pointer kept for CUB's temporary storage, and V not used again.
    if (const VarDecl *P = pointerSetFrom(S, V)) {
      auto Rest = Stmts.drop_front(N + 1);
      if (llvm::none_of(Rest, [&](const Stmt *R) { return mentions(R, V); }))
        if (const CallExpr *Cub = onlyCubScratch(Rest, P))
          return FullWrite{"'" + cubName(Cub) + "()'", Cub, nullptr, /*Scratch=*/true};
    }
    if ((View = elementViewOf(S, V)))
      continue;
    if (rebindsToWholeView(S, V))
      continue;
    if (const auto *If = dyn_cast<IfStmt>(S))
      return armsWriteAll(If, V, Sizes, Ctx, Depth);
    if (const CompoundStmt *Lambda = dispatchedLambda(S, V, Ctx))
      return writesAllFirst(llvm::SmallVector<const Stmt *, 8>(Lambda->body()), V, Sizes, Ctx,
                            Depth, /*JumpsLeave=*/true);
    if (auto W = pointerHandedOn(S, V, nullptr, Sizes, Ctx, Depth))
      return W;
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
      return torchParamWrite(Callee, Index) == TorchWrite::OutArgument
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
    if (auto W = writesAllFirst(Inner, P, AllocatedSizes{}, Ctx, Depth + 1, /*JumpsLeave=*/true))
      return FullWrite{By, S, W->Inner ? W->Inner : W->Where};
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<WholeParamWrite> wholeParamWrite(const FunctionDecl *F, unsigned Index,
                                               const ASTContext &Ctx) {
  auto W = writesWholeParam(F, Index, Ctx, 0, /*AskProject=*/false);
  if (!W || W->NeedsGrid || W->GridX || W->Bounds.empty())
    return std::nullopt;
  return WholeParamWrite{{W->Bounds.begin(), W->Bounds.end()}, W->Constant};
}

std::optional<FullWrite> firstUseWritesAll(llvm::ArrayRef<const Stmt *> Stmts, const VarDecl *V,
                                           const AllocatedSizes &Sizes, ASTContext &Ctx,
                                           unsigned Depth) {
  return writesAllFirst(Stmts, V, Sizes, Ctx, Depth, /*JumpsLeave=*/Depth > 0);
}

} // namespace torchlint::model
