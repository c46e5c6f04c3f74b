//===--- AllocInLoopCheck.cpp - torch-perf-alloc-in-loop ------------------===//

#include "AllocInLoopCheck.h"

#include "../model/AstUtil.h"

#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
namespace {

const Stmt *innermostLoop(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      return nullptr;
    if (const auto *L = P.get<Stmt>())
      if (isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(L))
        return L;
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

/// Variables the loop writes to (assigned, incremented, or declared in it),
/// or may write: their address taken (`cudaMemcpy(&curr, ...)`), or bound
/// to a non-const reference parameter.
struct LoopWrites : RecursiveASTVisitor<LoopWrites> {
  llvm::SmallPtrSet<const VarDecl *, 8> Vars;
  void add(const Expr *E) {
    if (const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        Vars.insert(V);
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      add(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      add(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (Op->isAssignmentOp() || Op->getOperator() == OO_PlusPlus ||
        Op->getOperator() == OO_MinusMinus)
      add(Op->getArg(0));
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || isa<CXXOperatorCallExpr>(C))
      return true;
    for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I) {
      QualType T = F->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        add(C->getArg(I));
    }
    return true;
  }
};

/// Whether \p S, inside \p Body, is on a path that leaves the loop: a
/// block around it (up to the loop's body) goes on, after it, to a return,
/// break, throw or goto (kaolin's `if (next_cnt == 0) { ...; return {...}; }`
/// allocates the early result once, on the way out).
bool leavesTheLoop(const Stmt &S, const Stmt *Body, ASTContext &Ctx) {
  DynTypedNode Cur = DynTypedNode::create(S);
  const Stmt *Last = &S; // the statement Cur is or is in
  for (unsigned Depth = 0; Last != Body && Depth < 32; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(Cur);
    if (Parents.empty())
      return false;
    Cur = Parents[0];
    // (An initialiser's parent is its variable; the variable's, its DeclStmt.)
    const Stmt *P = Cur.get<Stmt>();
    if (!P)
      continue;
    if (const auto *Block = dyn_cast<CompoundStmt>(P)) {
      bool After = false;
      for (const Stmt *Child : Block->body()) {
        if (After && isa<ReturnStmt, BreakStmt, GotoStmt, CXXThrowExpr>(Child))
          return true;
        After |= Child == Last;
      }
    }
    Last = P;
  }
  return false;
}

bool isInvariant(const Expr *Arg, const Stmt *Loop, const LoopWrites &W,
                 const SourceManager &SM) {
  struct Refs : RecursiveASTVisitor<Refs> {
    std::vector<const VarDecl *> Vars;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        Vars.push_back(V);
      return true;
    }
  } R;
  R.TraverseStmt(const_cast<Expr *>(Arg));
  for (const VarDecl *V : R.Vars)
    if (W.Vars.contains(V) || isWithin(V->getLocation(), Loop, SM))
      return false;
  return true;
}

/// True if the value of \p E (or the variable it initialises) leaves the
/// iteration: stored in a container, returned, assigned to an outer variable.
bool escapes(const Expr *E, const Stmt *Loop, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto EscapingUse = [&](const Expr *Use) {
    const Stmt *Cur = Use;
    for (int I = 0; I < 6; ++I) {
      DynTypedNodeList Parents = Ctx.getParents(*Cur);
      if (Parents.empty())
        return false;
      const DynTypedNode &P = Parents[0];
      if (P.get<ReturnStmt>())
        return true;
      if (const auto *Call = P.get<CXXMemberCallExpr>()) {
        const CXXMethodDecl *M = Call->getMethodDecl();
        if (M && M->getIdentifier() &&
            (M->getName() == "push_back" || M->getName() == "emplace_back" ||
             M->getName() == "insert" || M->getName() == "emplace"))
          return true;
      }
      if (const auto *Call = P.get<CallExpr>())
        if (const FunctionDecl *F = Call->getDirectCallee())
          if (F->getIdentifier() && F->getName() == "move")
            return true;
      if (const auto *Op = P.get<CXXOperatorCallExpr>())
        if (Op->isAssignmentOp() && Op->getNumArgs() == 2 &&
            ignoreWrappers(Op->getArg(1)) == ignoreWrappers(Use))
          if (const auto *L = dyn_cast<DeclRefExpr>(ignoreWrappers(Op->getArg(0))))
            if (!isWithin(L->getDecl()->getLocation(), Loop, SM))
              return true;
      if (P.get<CompoundStmt>() || P.get<DeclStmt>())
        return false;
      const auto *S = P.get<Stmt>();
      if (!S)
        return false;
      Cur = S;
    }
    return false;
  };
  // `at::Tensor t = factory(...);` inside the loop: follow t too.
  return llvm::any_of(valueUses(E, Loop, Ctx), EscapingUse);
}

bool isOneElementShape(const Expr *Arg) {
  // `torch::rand(1)`: an IntArrayRef of the one size 1.
  const Expr *Inner = Arg;
  while (isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr>(Inner))
    Inner = cast<Expr>(*Inner->child_begin());
  if (const auto *C = dyn_cast<CXXConstructExpr>(Inner);
      C && C->getNumArgs() == 1 && C->getType()->getAsCXXRecordDecl() &&
      C->getType()->getAsCXXRecordDecl()->getName() == "ArrayRef")
    if (const auto *Lit = dyn_cast<IntegerLiteral>(C->getArg(0)->IgnoreImplicit()))
      return Lit->getValue() == 1;
  const Expr *E = ignoreWrappers(Arg);
  const InitListExpr *List = dyn_cast<InitListExpr>(E);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 1)
    List = dyn_cast<InitListExpr>(ignoreWrappers(C->getArg(0)));
  if (const auto *S = dyn_cast<CXXStdInitializerListExpr>(E))
    List = dyn_cast<InitListExpr>(ignoreWrappers(S->getSubExpr()));
  if (!List) {
    // Through the IntArrayRef(std::initializer_list) constructor.
    if (const auto *C = dyn_cast<CXXConstructExpr>(E))
      for (const Expr *A : C->arguments())
        if (const auto *S = dyn_cast<CXXStdInitializerListExpr>(ignoreWrappers(A)))
          List = dyn_cast<InitListExpr>(ignoreWrappers(S->getSubExpr()));
  }
  if (!List || List->getNumInits() != 1)
    return false;
  const auto *Lit = dyn_cast<IntegerLiteral>(List->getInit(0)->IgnoreParenImpCasts());
  return Lit && Lit->getValue() == 1;
}

/// A torch factory call (`at::empty(...)`), not a method.
const CallExpr *factoryCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? ignoreWrappers(E) : nullptr);
  if (!Call || isa<CXXMemberCallExpr>(Call))
    return nullptr;
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getIdentifier() || !isTorchDecl(F) ||
      !ops::isFactory(F->getName()))
    return nullptr;
  return Call;
}

/// The scratch tensor \p Helper allocates on every call: a local initialised
/// by a factory at the top level of its body (not on a branch, not in a loop
/// of its own), that stays in the helper, and whose arguments use only the
/// helper's parameters and constants. \p ParamsUsed gets those parameters.
const VarDecl *scratchAllocation(const FunctionDecl &Helper, ASTContext &Ctx,
                                 llvm::SmallVectorImpl<unsigned> &ParamsUsed) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Helper.getBody());
  if (!Body)
    return nullptr;
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    const CallExpr *Alloc = V ? factoryCall(V->getInit()) : nullptr;
    if (!Alloc || Alloc->getBeginLoc().isMacroID())
      continue;
    struct Refs : RecursiveASTVisitor<Refs> {
      const FunctionDecl &Helper;
      llvm::SmallVector<unsigned, 4> Params;
      bool Local = false;
      explicit Refs(const FunctionDecl &H) : Helper(H) {}
      bool VisitDeclRefExpr(DeclRefExpr *R) {
        if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl())) {
          if (P->getDeclContext() == &Helper)
            Params.push_back(P->getFunctionScopeIndex());
        } else if (const auto *L = dyn_cast<VarDecl>(R->getDecl())) {
          Local |= L->isLocalVarDecl();
        }
        return true;
      }
    } R(Helper);
    R.TraverseStmt(const_cast<CallExpr *>(Alloc));
    // Assigned anywhere (`state.buf = tmp`): a cache the helper keeps, not a
    // scratch buffer.
    auto Stored = [&Ctx](const Expr *Use) {
      const Expr *Cur = Use;
      for (int I = 0; I < 4; ++I) {
        DynTypedNodeList Parents = Ctx.getParents(*Cur);
        const auto *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
        if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P))
          return Op->isAssignmentOp() && Op->getNumArgs() == 2 &&
                 ignoreWrappers(Op->getArg(1)) == ignoreWrappers(Use);
        if (!P || ignoreWrappers(P) != ignoreWrappers(Use))
          return false;
        Cur = P;
      }
      return false;
    };
    if (R.Local || escapes(Alloc, Body, Ctx) || llvm::any_of(valueUses(Alloc, Body, Ctx), Stored))
      continue;
    ParamsUsed.assign(R.Params.begin(), R.Params.end());
    return V;
  }
  return nullptr;
}

/// A one-element tensor \p Alloc makes is read back as a number in \p Scope
/// (`.item<T>()`, `*t.data_ptr<T>()`): a tensor made to carry one value.
bool readAsScalar(const CallExpr *Alloc, const Stmt *Scope, ASTContext &Ctx) {
  return llvm::any_of(valueUses(Alloc, Scope, Ctx), [&Ctx](const Expr *Use) {
    const Stmt *Cur = Use;
    for (int I = 0; I < 12; ++I) {
      DynTypedNodeList Parents = Ctx.getParents(*Cur);
      const auto *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
      if (!P)
        return false;
      if (const auto *M = dyn_cast<CXXMemberCallExpr>(P)) {
        const CXXMethodDecl *D = M->getMethodDecl();
        return D && D->getIdentifier() &&
               (D->getName() == "item" || isDataPointerMethod(D) ||
                (D->getName() == "data" && D->getReturnType()->isPointerType()));
      }
      // `t[0].item<T>()`: through the element it indexes.
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(P);
          Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() > 0 &&
          ignoreWrappers(Op->getArg(0)) == ignoreWrappers(cast<Expr>(Cur))) {
        Cur = P;
        continue;
      }
      if (!isa<MemberExpr, ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
               ParenExpr>(P))
        return false;
      Cur = P;
    }
    return false;
  });
}

/// The one-element tensor \p F allocates, on every call, to compute the
/// number it returns (pytorch_sparse's `uniform_randint`: `torch::randint(low,
/// high, {1})` read through its data pointer), in its body or in a function
/// of the TU it calls (two calls deep): a tensor per number.
const CallExpr *scalarRoundTrip(const FunctionDecl &F, ASTContext &Ctx, unsigned Depth = 0) {
  const FunctionDecl *Def = F.getDefinition();
  QualType R = F.getReturnType();
  if (!Def || !Def->getBody() || Depth > 2 || R.isNull() || !R->isArithmeticType())
    return nullptr;
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &Ctx;
    const Stmt *Body;
    unsigned Depth;
    const CallExpr *Found = nullptr;
    Finder(ASTContext &C, const Stmt *B, unsigned D) : Ctx(C), Body(B), Depth(D) {}
    bool VisitCallExpr(CallExpr *C) {
      if (const CallExpr *F = factoryCall(C)) {
        if (llvm::any_of(F->arguments(), isOneElementShape) && readAsScalar(F, Body, Ctx))
          Found = F;
      } else if (const FunctionDecl *Callee = C->getDirectCallee();
                 Callee && !isTorchDecl(Callee) && !isa<CXXMemberCallExpr>(C)) {
        Found = scalarRoundTrip(*Callee, Ctx, Depth + 1);
      }
      return !Found;
    }
  } Finder(Ctx, Def->getBody(), Depth);
  Finder.TraverseStmt(Def->getBody());
  return Finder.Found;
}

} // namespace

void AllocInLoopCheck::registerMatchers(MatchFinder *Finder) {
  auto InLoop = hasAncestor(stmt(anyOf(forStmt(), cxxForRangeStmt(), whileStmt(), doStmt())));
  Finder->addMatcher(
      callExpr(unless(cxxMemberCallExpr()), callee(functionDecl(model::matchers::torchFactory())),
               InLoop)
          .bind("alloc"),
      this);
  // A helper of the project called in a loop, which allocates inside.
  Finder->addMatcher(callExpr(unless(anyOf(cxxMemberCallExpr(), cxxOperatorCallExpr())),
                              callee(functionDecl(unless(isExpansionInSystemHeader()))),
                              InLoop)
                         .bind("helper"),
                     this);
}

void AllocInLoopCheck::checkHelperCall(const CallExpr &Call, ASTContext &Ctx) {
  const FunctionDecl *F = Call.getDirectCallee();
  if (!F || isTorchDecl(F) || !F->getIdentifier() || Call.getBeginLoc().isMacroID())
    return;
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || Def == enclosingFunction(Call, Ctx))
    return;
  const Stmt *Loop = innermostLoop(Call, Ctx);
  if (!Loop)
    return;
  llvm::SmallVector<unsigned, 4> Params;
  const VarDecl *Scratch = scratchAllocation(*Def, Ctx, Params);
  if (!Scratch) {
    // A tensor made to carry one number, whatever the arguments.
    if (const CallExpr *One = scalarRoundTrip(*F, Ctx)) {
      StringRef Factory = One->getDirectCallee()->getName();
      bool Random = ops::isRandomFactory(Factory);
      diag(Call.getBeginLoc(),
           "'%0' allocates a one-element tensor ('%1') and reads it back to return "
           "one number, on every call: here on every iteration of this loop, where "
           "allocation and dispatch dominate the work; %2")
          << F->getName() << One->getDirectCallee()->getQualifiedNameAsString()
          << (Random ? "draw the numbers with a C++ generator, or all at once before the loop"
                     : "compute the number in C++, or all of them at once before the loop");
      diag(One->getBeginLoc(), "allocated here", DiagnosticIDs::Note);
      diag(Loop->getBeginLoc(), "the loop", DiagnosticIDs::Note);
    }
    return;
  }
  LoopWrites W;
  W.TraverseStmt(const_cast<Stmt *>(Loop));
  const SourceManager &SM = Ctx.getSourceManager();
  for (unsigned I : Params)
    if (I < Call.getNumArgs() && !isa<CXXDefaultArgExpr>(Call.getArg(I)) &&
        !isInvariant(Call.getArg(I), Loop, W, SM))
      return;
  const auto *Alloc = cast<CallExpr>(ignoreWrappers(Scratch->getInit()));
  std::string From;
  llvm::sort(Params);
  Params.erase(std::unique(Params.begin(), Params.end()), Params.end());
  for (size_t K = 0; K < Params.size(); ++K)
    if (Params[K] < Def->getNumParams())
      From += std::string(K == 0 ? "'" : K + 1 == Params.size() ? " and '" : ", '") +
              Def->getParamDecl(Params[K])->getName().str() + "'";
  diag(Call.getBeginLoc(),
       "'%0' allocates '%1' ('%2') on every call, %3; allocate the buffer once "
       "before the loop and pass it in")
      << F->getName() << Scratch->getName() << Alloc->getDirectCallee()->getQualifiedNameAsString()
      << (From.empty() ? std::string("of a constant size")
                       : "sized from " + From + ", which this loop passes unchanged");
  diag(Alloc->getBeginLoc(), "allocated here", DiagnosticIDs::Note);
  diag(Loop->getBeginLoc(), "the loop", DiagnosticIDs::Note);
}

void AllocInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Helper = Result.Nodes.getNodeAs<CallExpr>("helper")) {
    checkHelperCall(*Helper, Ctx);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("alloc");
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !isTorchDecl(F) || Call->getBeginLoc().isMacroID())
    return;
  const Stmt *Loop = innermostLoop(*Call, Ctx);
  if (!Loop)
    return;
  const Stmt *Body = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    Body = For->getBody();
  else if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
    Body = Range->getBody();
  else if (const auto *While = dyn_cast<WhileStmt>(Loop))
    Body = While->getBody();
  else
    Body = cast<DoStmt>(Loop)->getBody();
  LoopWrites W;
  W.TraverseStmt(const_cast<Stmt *>(Loop));
  const SourceManager &SM = Ctx.getSourceManager();
  bool OneElement = llvm::any_of(Call->arguments(), isOneElementShape);
  // A one-element tensor read back as a number costs the allocation
  // whatever its value (`torch::randint(0, n_i, {1})` per draw).
  bool Carrier = OneElement && readAsScalar(Call, Body, Ctx);
  for (const Expr *Arg : Call->arguments())
    if (!Carrier && !isa<CXXDefaultArgExpr>(Arg) && !isInvariant(Arg, Loop, W, SM))
      return;
  if (escapes(Call, Body, Ctx) || leavesTheLoop(*Call, Body, Ctx))
    return;
  std::string Name = sourceText(Call->getCallee(), Ctx);
  if (Name.empty())
    Name = F->getQualifiedNameAsString();
  // A one-element accumulator a later loop adds into (`loss += ...`, `add_`):
  // a sum the iteration builds, no value to draw before the loop, even when
  // it is read back to be printed (pytorch-cpp's style transfer: each step's
  // autograd loss, logged every few steps).
  if (OneElement &&
      llvm::any_of(valueUses(Call, Body, Ctx), [&Ctx](const Expr *Use) {
        DynTypedNodeList Parents = Ctx.getParents(*Use);
        for (int I = 0; I < 4 && !Parents.empty(); ++I) {
          if (const auto *Op = Parents[0].get<CXXOperatorCallExpr>())
            return Op->getOperator() == OO_PlusEqual;
          if (const auto *M = Parents[0].get<CXXMemberCallExpr>())
            return M->getMethodDecl() && M->getMethodDecl()->getIdentifier() &&
                   M->getMethodDecl()->getName() == "add_";
          if (!Parents[0].get<ImplicitCastExpr>() && !Parents[0].get<MemberExpr>())
            return false;
          Parents = Ctx.getParents(Parents[0]);
        }
        return false;
      }))
    return;
  // A random draw is new values on every iteration, no same tensor: fresh
  // noise per training step (pytorch-cpp's GAN), whose allocation is nothing
  // next to the step. (One element read back per draw is the kind above.)
  StringRef FName = F->getName();
  if (!Carrier && ops::isRandomFactory(FName))
    return;
  if (OneElement)
    diag(Call->getBeginLoc(),
         "'%0' allocates a one-element tensor on every iteration, the worst "
         "case: allocation and dispatch dominate the work; draw all values at "
         "once before the loop, or use a C++ scalar")
        << Name;
  else
    diag(Call->getBeginLoc(),
         "'%0' allocates the same tensor on every iteration of this loop; "
         "allocate it once before the loop and reuse it (zero_(), fill_() or "
         "an out= variant)")
        << Name;
  diag(Loop->getBeginLoc(), "the loop", DiagnosticIDs::Note);
}

} // namespace torchlint::checks
