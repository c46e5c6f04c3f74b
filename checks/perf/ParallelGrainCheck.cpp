//===--- ParallelGrainCheck.cpp - torch-perf-parallel-grain ---------------===//

#include "ParallelGrainCheck.h"

#include "../model/AstUtil.h"

#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
namespace {

/// True if \p F does light per-element work: no loop, no tensor op, a
/// handful of statements (an inline `adjust(x, a, b)` helper, std::exp).
bool isLightCallee(const FunctionDecl *F) {
  if (!F || isTorchDecl(F))
    return false;
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !Def->getBody())
    return true; // Builtins and library math without visible bodies.
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Heavy = false;
    bool VisitForStmt(ForStmt *) { return !(Heavy = true); }
    bool VisitWhileStmt(WhileStmt *) { return !(Heavy = true); }
    bool VisitDoStmt(DoStmt *) { return !(Heavy = true); }
    bool VisitCallExpr(CallExpr *C) {
      if (C->getDirectCallee() && isTorchDecl(C->getDirectCallee()))
        Heavy = true;
      return !Heavy;
    }
  } Fd;
  Fd.TraverseStmt(Def->getBody());
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  return !Fd.Heavy && (!Body || Body->size() <= 6);
}

/// The loop of a body made of declarations and one `for` loop.
const ForStmt *theLoop(const Stmt *Body) {
  Body = singleStatement(Body);
  if (const auto *For = dyn_cast_or_null<ForStmt>(Body))
    return For;
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C || C->body_empty())
    return nullptr;
  for (const Stmt *S : C->body())
    if (S != C->body_back() && !isa<DeclStmt>(S))
      return nullptr;
  return dyn_cast<ForStmt>(C->body_back());
}

/// A per-index body is trivial when it is one loop (after declarations)
/// whose body has no inner loop, calls only light functions and has at most
/// 4 statements; a body that just calls a helper of this file is judged by
/// the helper.
bool isTrivialPerIndex(const LambdaExpr *Lambda) {
  const Stmt *Body = singleStatement(Lambda->getBody());
  const Expr *E = dyn_cast_or_null<Expr>(Body);
  if (const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreImplicit() : nullptr))
    if (const FunctionDecl *F = Call->getDirectCallee())
      if (const FunctionDecl *Def = F->getDefinition();
          Def && Def->getBody() && !isTorchDecl(Def))
        Body = Def->getBody();
  const ForStmt *Loop = theLoop(Body);
  if (!Loop)
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Heavy = false;
    bool VisitCallExpr(CallExpr *C) {
      if (!isLightCallee(C->getDirectCallee()))
        Heavy = true;
      return !Heavy;
    }
    bool VisitForStmt(ForStmt *) { return !(Heavy = true); }
    bool VisitWhileStmt(WhileStmt *) { return !(Heavy = true); }
    bool VisitDoStmt(DoStmt *) { return !(Heavy = true); }
    bool VisitCXXForRangeStmt(CXXForRangeStmt *) { return !(Heavy = true); }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Loop->getBody()));
  if (F.Heavy)
    return false;
  const auto *LoopBody = dyn_cast<CompoundStmt>(Loop->getBody());
  return !LoopBody || LoopBody->size() <= 4;
}

bool insideMain(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    if (const auto *F = Parents[0].get<FunctionDecl>())
      return F->isMain();
    Parents = Ctx.getParents(Parents[0]);
  }
  return false;
}

} // namespace

void ParallelGrainCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(callExpr(callee(functionDecl(hasName("parallel_for"))),
                              argumentCountIs(4))
                         .bind("pfor"),
                     this);
  Finder->addMatcher(callExpr(callee(functionDecl(hasAnyName("set_num_threads",
                                                             "omp_set_num_threads"))))
                         .bind("threads"),
                     this);
}

void ParallelGrainCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("threads")) {
    const FunctionDecl *F = Call->getDirectCallee();
    bool Torch = isTorchDecl(F);
    if ((!Torch && F->getName() != "omp_set_num_threads") || insideMain(*Call, Ctx))
      return;
    diag(Call->getBeginLoc(),
         "'%0' outside main changes the thread count of the whole process, "
         "for every caller and library; leave it to the application (main, "
         "or OMP_NUM_THREADS)")
        << F->getName();
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("pfor");
  if (!isTorchDecl(Call->getDirectCallee()))
    return;
  const auto *Lambda = dyn_cast<LambdaExpr>(ignoreWrappers(Call->getArg(3)));
  if (!Lambda)
    return;
  // The stable ABI's torch::stable::parallel_for runs on the same pool; it
  // has no at::internal::GRAIN_SIZE to name.
  bool Stable = isStableDecl(Call->getDirectCallee());
  std::string PFor = Stable ? "torch::stable::parallel_for" : "at::parallel_for";
  // OpenMP inside the body: nested parallelism on top of ATen's pool. The
  // pragma is found in the text: without -fopenmp Clang drops it (and with
  // -fopenmp torch headers want <omp.h>).
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange BodyRange =
      CharSourceRange::getTokenRange(Lambda->getBody()->getSourceRange());
  if (!BodyRange.getBegin().isMacroID() && !BodyRange.getEnd().isMacroID()) {
    StringRef Text = Lexer::getSourceText(BodyRange, SM, Ctx.getLangOpts());
    size_t Pos = 0;
    while ((Pos = Text.find("#", Pos)) != StringRef::npos) {
      StringRef Rest = Text.substr(Pos + 1).ltrim(" \t");
      if (Rest.starts_with("pragma") && Rest.drop_front(6).ltrim(" \t").starts_with("omp")) {
        diag(BodyRange.getBegin().getLocWithOffset(Pos),
             "OpenMP pragma inside %0 nests a second thread pool "
             "inside ATen's: oversubscription; let parallel_for split the range")
            << PFor;
        break;
      }
      ++Pos;
    }
  }
  Expr::EvalResult Grain;
  const Expr *GrainArg = Call->getArg(2);
  if (!GrainArg->EvaluateAsInt(Grain, Ctx))
    return;
  int64_t G = Grain.Val.getInt().getExtValue();
  if (G > 1 || !isTrivialPerIndex(Lambda))
    return;
  diag(GrainArg->getBeginLoc(),
       "%1 with grain size %0 over a trivial per-index body "
       "splits the range into chunks too small to pay for the threads; use "
       "%2 or a grain derived from the work per index")
      << static_cast<int>(G) << PFor
      << (Stable ? "ATen's default grain (32768, at::internal::GRAIN_SIZE)"
                 : "at::internal::GRAIN_SIZE");
}

} // namespace torchlint::checks
