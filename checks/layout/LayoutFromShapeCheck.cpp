//===--- LayoutFromShapeCheck.cpp - torch-layout-from-shape ---------------===//

#include "LayoutFromShapeCheck.h"

#include "../model/AstUtil.h"

#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
namespace {

/// `x.size(k)`, `x.sizes()[k]` or `x.dim()` on a tensor; Dim says which.
bool isSizeRead(const Expr *E, bool &IsDim) {
  E = ignoreWrappers(E);
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = Call->getMethodDecl();
    if (!M || !M->getIdentifier() || !isTensorType(Call->getImplicitObjectArgument()->getType()))
      return false;
    IsDim = M->getName() == "dim" || M->getName() == "ndimension";
    return IsDim || M->getName() == "size";
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
      if (const auto *Sizes = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Op->getArg(0))))
        if (Sizes->getMethodDecl() && Sizes->getMethodDecl()->getIdentifier() &&
            Sizes->getMethodDecl()->getName() == "sizes" &&
            isTensorType(Sizes->getImplicitObjectArgument()->getType())) {
          IsDim = false;
          return true;
        }
  return false;
}

/// The first comparison of a size with a literal under \p Cond that decides a
/// layout (not `dim() == 0`, not a size compared with 0).
const BinaryOperator *layoutComparison(const Expr *Cond, const ASTContext &Ctx) {
  if (!Cond)
    return nullptr;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(Cond)) {
    if (B->isLogicalOp()) {
      if (const BinaryOperator *L = layoutComparison(B->getLHS(), Ctx))
        return L;
      return layoutComparison(B->getRHS(), Ctx);
    }
    if (B->isComparisonOp()) {
      for (auto [Side, Other] : {std::pair(B->getLHS(), B->getRHS()),
                                 std::pair(B->getRHS(), B->getLHS())}) {
        bool IsDim = false;
        if (!isSizeRead(Side, IsDim))
          continue;
        // A rank test (x.dim() == 4) says how many dimensions, not which
        // is which: batching, broadcasting, packed forms (gsplat).
        if (IsDim)
          return nullptr;
        if (isa<DeclRefExpr>(Other->IgnoreParenImpCasts()))
          return nullptr; // Compared with a variable: not a guess.
        std::optional<int64_t> V = intValue(Other, Ctx);
        // Only a channel-like count tells a channel dimension from a
        // spatial one; 0 is empty-input handling, 6 or 48 a packed size.
        if (!V || (*V != 1 && *V != 3 && *V != 4))
          return nullptr;
        return B;
      }
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(Cond))
    if (U->getOpcode() == UO_LNot)
      return layoutComparison(U->getSubExpr(), Ctx);
  return nullptr;
}

/// The tensor operations that take dimensions.
constexpr const char *DimMethods[] = {
    "permute", "transpose", "movedim", "moveaxis", "select", "size", "narrow",
    "unsqueeze", "squeeze", "flip", "sum", "mean", "amax", "amin", "stride",
    "index_select", "split", "chunk", "unbind", "softmax", "cumsum", "view",
    "reshape", "expand"};

/// What an arm does with dimensions: the dimension-taking calls with their
/// constant arguments.
std::vector<std::string> dimensionUse(const Stmt *S, const ASTContext &Ctx) {
  struct Collector : RecursiveASTVisitor<Collector> {
    const ASTContext &Ctx;
    std::vector<std::string> Out;
    explicit Collector(const ASTContext &Ctx) : Ctx(Ctx) {}
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
      const CXXMethodDecl *M = Call->getMethodDecl();
      if (!M || !M->getIdentifier() ||
          !isTensorType(Call->getImplicitObjectArgument()->getType()))
        return true;
      StringRef Name = M->getName();
      if (!llvm::is_contained(DimMethods, Name))
        return true;
      record(Name, llvm::ArrayRef<const Expr *>(Call->getArgs(), Call->getNumArgs()));
      return true;
    }
    // The stable ABI's free functions: torch::stable::permute(x, {0, 2, 3, 1}).
    bool VisitCallExpr(CallExpr *Call) {
      if (isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call) || Call->getNumArgs() < 1)
        return true;
      const FunctionDecl *F = Call->getDirectCallee();
      if (!F || !F->getIdentifier() || !isStableDecl(F) ||
          !isTensorType(Call->getArg(0)->getType()) ||
          !llvm::is_contained(DimMethods, F->getName()))
        return true;
      record(F->getName(),
             llvm::ArrayRef<const Expr *>(Call->getArgs(), Call->getNumArgs()).drop_front());
      return true;
    }
    void record(StringRef Name, llvm::ArrayRef<const Expr *> Args) {
      std::string Sig = Name.str();
      for (const Expr *A : Args) {
        if (isa<CXXDefaultArgExpr>(A))
          continue;
        // Every integer constant in the argument: `2`, `{0, 3, 1, 2}`, and
        // `2` converted to an IntArrayRef.
        std::vector<int64_t> Values;
        collectInts(A, Values);
        for (int64_t V : Values)
          Sig += ":" + std::to_string(V);
      }
      Out.push_back(Sig);
    }
    void collectInts(const Stmt *S, std::vector<int64_t> &Out) {
      if (!S)
        return;
      if (const auto *U = dyn_cast<UnaryOperator>(S))
        if (U->getOpcode() == UO_Minus)
          if (const auto *L = dyn_cast<IntegerLiteral>(U->getSubExpr()->IgnoreParenImpCasts())) {
            Out.push_back((-L->getValue()).getSExtValue()); // No UB for 2^63.
            return;
          }
      if (const auto *L = dyn_cast<IntegerLiteral>(S)) {
        Out.push_back(L->getValue().getSExtValue());
        return;
      }
      for (const Stmt *C : S->children())
        collectInts(C, Out);
    }
    static const InitListExpr *firstInitList(const Stmt *S) {
      if (!S)
        return nullptr;
      if (const auto *L = dyn_cast<InitListExpr>(S))
        return L;
      for (const Stmt *C : S->children())
        if (const InitListExpr *L = firstInitList(C))
          return L;
      return nullptr;
    }
  } C(Ctx);
  if (S)
    C.TraverseStmt(const_cast<Stmt *>(S));
  std::sort(C.Out.begin(), C.Out.end());
  return C.Out;
}

/// True when \p S raises: a throw (AT_ERROR, TORCH_CHECK(false, ...) expand
/// to one) or a call to a noreturn function. Such an arm validates.
bool raises(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CXXThrowExpr>(S))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = Call->getDirectCallee(); F && F->isNoReturn())
      return true;
  for (const Stmt *C : S->children())
    if (raises(C))
      return true;
  return false;
}

/// \p S never falls through: its last statement returns, throws,
/// continues or breaks (a block's last one, or both arms of an `if`).
bool exits(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && exits(Block->body_back());
  if (const auto *If = dyn_cast<IfStmt>(S))
    return exits(If->getThen()) && exits(If->getElse());
  return isa<ReturnStmt, ContinueStmt, BreakStmt, CXXThrowExpr>(S) || raises(S);
}

} // namespace

void LayoutFromShapeCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(ifStmt().bind("if"), this);
  Finder->addMatcher(conditionalOperator().bind("ternary"), this);
}

void LayoutFromShapeCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const Expr *Cond = nullptr;
  std::vector<std::string> Then, Else;
  SourceLocation Loc;
  if (const auto *If = Result.Nodes.getNodeAs<IfStmt>("if")) {
    if (If->getBeginLoc().isMacroID()) // TORCH_CHECK and friends validate.
      return;
    // Input validation: `if (x.ndimension() != 2 || x.size(1) != 3)
    // AT_ERROR(...)` (diff-gaussian-rasterization).
    if (raises(If->getThen()) || raises(If->getElse()))
      return;
    Cond = If->getCond();
    Then = dimensionUse(If->getThen(), Ctx);
    if (If->getElse()) {
      Else = dimensionUse(If->getElse(), Ctx);
    } else if (exits(If->getThen())) {
      // `if (guess) return a; return b;`: the rest of the block is the
      // other arm. (One that falls through runs the rest either way.)
      DynTypedNodeList Parents = Ctx.getParents(*If);
      const auto *Block = Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
      if (!Block)
        return;
      bool After = false;
      for (const Stmt *S : Block->body()) {
        if (After) {
          auto U = dimensionUse(S, Ctx);
          Else.insert(Else.end(), U.begin(), U.end());
        }
        After |= S == If;
      }
      std::sort(Else.begin(), Else.end());
    }
  } else if (const auto *T = Result.Nodes.getNodeAs<ConditionalOperator>("ternary")) {
    if (T->getBeginLoc().isMacroID())
      return;
    Cond = T->getCond();
    Then = dimensionUse(T->getTrueExpr(), Ctx);
    Else = dimensionUse(T->getFalseExpr(), Ctx);
    // `int64_t cdim = x.size(1) == 3 ? 1 : 3;`: the arms are dimensions.
    // (`? 1 : 0` is a flag: nvdiffrast's attrBC = attr.size(0) == 1 ? 1 : 0.)
    auto A = intValue(T->getTrueExpr(), Ctx), B = intValue(T->getFalseExpr(), Ctx);
    bool Flag = A && B && ((*A == 1 && *B == 0) || (*A == 0 && *B == 1));
    if (A && B && !Flag && *A != *B && *A >= -5 && *A <= 5 && *B >= -5 && *B <= 5) {
      Then.push_back("dim:" + std::to_string(*A));
      Else.push_back("dim:" + std::to_string(*B));
    }
  }
  const BinaryOperator *Guess = layoutComparison(Cond, Ctx);
  if (!Guess)
    return;
  // An arm that reads the size the test read uses its value, not a layout
  // (AutoGPTQ's `s.size(0) == 1 ? -1 : prob_k / s.size(0)`).
  std::vector<std::string> Tested = dimensionUse(Guess, Ctx);
  for (std::vector<std::string> *Arm : {&Then, &Else})
    llvm::erase_if(*Arm, [&](const std::string &U) { return llvm::is_contained(Tested, U); });
  if (Then == Else || (Then.empty() && Else.empty()))
    return;
  // `if (x.size(0) == 1) return x.squeeze(0);`: a singleton removed, the
  // dimension the test read (pytorch-cpp's make_grid, a batch of one).
  if (auto One = intValue(Guess->getRHS(), Ctx);
      One && *One == 1 && Guess->getOpcode() == BO_EQ && Tested.size() == 1 &&
      llvm::StringRef(Tested[0]).starts_with("size:"))
    for (const std::vector<std::string> *Arm : {&Then, &Else})
      if (!Arm->empty() && llvm::all_of(*Arm, [&](const std::string &U) {
            return U == "squeeze:" + llvm::StringRef(Tested[0]).drop_front(5).str();
          }))
        return;
  std::string Text = sourceText(Guess, Ctx);
  bool IsDim = false;
  const Expr *Size = isSizeRead(Guess->getLHS(), IsDim) ? Guess->getLHS() : Guess->getRHS();
  const auto *Read = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Size));
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(ignoreWrappers(Size)))
    Read = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Op->getArg(0)));
  if (Read && isStableTensorType(Read->getImplicitObjectArgument()->getType())) {
    // torch::stable::Tensor has no suggest_memory_format() and no
    // is_contiguous(MemoryFormat).
    diag(Guess->getBeginLoc(),
         "layout inferred from '%0': an input of the other layout whose size "
         "there happens to match takes the wrong branch; pass the layout "
         "explicitly (an enum or torch::headeronly::MemoryFormat) or test "
         "strides (strides(), stride(d))")
        << (Text.empty() ? std::string("a size") : Text);
    return;
  }
  diag(Guess->getBeginLoc(),
       "layout inferred from '%0': an input of the other layout whose size "
       "there happens to match takes the wrong branch; pass the layout "
       "explicitly (an enum or c10::MemoryFormat) or test strides "
       "(suggest_memory_format(), is_contiguous(at::MemoryFormat::ChannelsLast))")
      << (Text.empty() ? std::string("a size") : Text);
}

} // namespace torchlint::checks
