//===--- ParallelGrainCheck.cpp - torch-perf-parallel-grain ---------------===//

#include "ParallelGrainCheck.h"

#include "../model/AstUtil.h"
#include "../model/Loops.h"

#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <cctype>
#include <optional>
#include <set>

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

/// The text of the line before the one \p Loc is on, trimmed ("" at the
/// start of the file).
StringRef previousLine(SourceLocation Loc, const SourceManager &SM) {
  Loc = SM.getSpellingLoc(Loc);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return "";
  size_t Off = SM.getFileOffset(Loc);
  size_t LineStart = Buf.rfind('\n', Off == 0 ? 0 : Off - 1);
  if (LineStart == StringRef::npos || LineStart == 0)
    return "";
  // Skip blank lines between the pragma and the statement.
  StringRef Before = Buf.take_front(LineStart).rtrim();
  size_t Prev = Before.rfind('\n');
  return Before.substr(Prev == StringRef::npos ? 0 : Prev + 1).trim();
}

/// The words of an OpenMP pragma line ("#pragma omp parallel for"), without
/// "#pragma omp"; nothing if \p Line is not one.
std::optional<StringRef> ompDirective(StringRef Line) {
  if (!Line.consume_front("#"))
    return std::nullopt;
  Line = Line.ltrim(" \t");
  if (!Line.consume_front("pragma"))
    return std::nullopt;
  Line = Line.ltrim(" \t");
  if (!Line.consume_front("omp") || (!Line.empty() && !isspace(Line[0])))
    return std::nullopt;
  return Line.trim();
}

/// True if the directive words \p Omp have an `if(...)` clause.
bool hasIfClause(StringRef Omp) {
  for (size_t Pos = Omp.find("if"); Pos != StringRef::npos; Pos = Omp.find("if", Pos + 1)) {
    bool WordStart = Pos == 0 || !(isalnum(Omp[Pos - 1]) || Omp[Pos - 1] == '_');
    if (WordStart && Omp.substr(Pos + 2).ltrim(" \t").starts_with("("))
      return true;
  }
  return false;
}

/// True if \p S is an OpenMP construct: an OMP directive node (-fopenmp), or
/// a statement right under an `#pragma omp` line (Clang drops the pragma
/// without -fopenmp).
bool isOmpConstruct(const Stmt &S, const SourceManager &SM) {
  return isa<OMPExecutableDirective>(S) ||
         ompDirective(previousLine(S.getBeginLoc(), SM)).has_value();
}

/// The bound of a serial loop over tensor items: the side of the condition
/// that reads a tensor's size (`r < x.size(0)`, `i < n` with `n =
/// boxes.numel() / 4`); nothing for loops over a count of passes.
const Expr *itemBound(const Stmt *Loop) {
  const auto *For = dyn_cast<ForStmt>(Loop);
  if (!For || !For->getCond())
    return nullptr;
  const auto *B = dyn_cast<BinaryOperator>(For->getCond()->IgnoreImplicit());
  if (!B || !B->isComparisonOp())
    return nullptr;
  for (const Expr *Side : {B->getRHS(), B->getLHS()})
    if (readsTensorSize(Side->IgnoreImplicit()))
      return Side;
  return nullptr;
}

bool isLoop(const Stmt *S) { return isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(S); }

/// True if a loop inside \p Outer (not \p Outer itself) that is bounded by a
/// tensor's size contains \p Loc: the innermost such loop reports the pragma.
bool innerItemLoopContains(const Stmt *Outer, SourceLocation Loc, const SourceManager &SM) {
  for (const Stmt *Child : Outer->children()) {
    if (!Child)
      continue;
    if (isLoop(Child) && itemBound(Child) && isWithin(Loc, Child, SM))
      return true;
    if (innerItemLoopContains(Child, Loc, SM))
      return true;
  }
  return false;
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
  // The pragma is in the text: a template's instantiations add nothing.
  Finder->addMatcher(
      forStmt(unless(anyOf(isExpansionInSystemHeader(), isInTemplateInstantiation())))
          .bind("serial"),
      this);
  Finder->addMatcher(callExpr(callee(functionDecl(hasAnyName("set_num_threads",
                                                             "omp_set_num_threads"))))
                         .bind("threads"),
                     this);
}

void ParallelGrainCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Loop = Result.Nodes.getNodeAs<ForStmt>("serial")) {
    checkSerialLoop(*Loop, Ctx);
    return;
  }
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
  if (!BodyRange.getBegin().isMacroID() && !BodyRange.getEnd().isMacroID())
    for (const OmpPragma &P : ompPragmasIn(BodyRange, Ctx)) {
      diag(P.At, "OpenMP pragma inside %0 nests a second thread pool "
                 "inside ATen's: oversubscription; let parallel_for split the range")
          << PFor;
      break;
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

void ParallelGrainCheck::checkSerialLoop(const ForStmt &Loop, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Bound = itemBound(&Loop);
  if (!Bound || Loop.getBeginLoc().isMacroID() || Loop.getEndLoc().isMacroID())
    return;
  // Serial: neither the loop nor anything around it in its function is an
  // OpenMP construct, and it is not a parallel_for body (reported above).
  const Stmt *S = &Loop;
  while (true) {
    if (isOmpConstruct(*S, SM))
      return;
    DynTypedNodeList Parents = Ctx.getParents(*S);
    if (Parents.empty() || Parents[0].get<Decl>())
      break;
    if (const auto *Lambda = Parents[0].get<LambdaExpr>()) {
      DynTypedNodeList Up = Ctx.getParents(*Lambda);
      for (int I = 0; I < 4 && !Up.empty(); ++I) {
        if (const auto *Call = Up[0].get<CallExpr>())
          if (const FunctionDecl *F = Call->getDirectCallee();
              F && F->getIdentifier() && F->getName() == "parallel_for")
            return;
        Up = Ctx.getParents(Up[0]);
      }
    }
    S = Parents[0].get<Stmt>();
    if (!S)
      break;
  }
  CharSourceRange BodyRange = CharSourceRange::getTokenRange(Loop.getBody()->getSourceRange());
  for (const OmpPragma &P : ompPragmasIn(BodyRange, Ctx)) {
    StringRef Omp = P.Directive;
    // A directive that starts a team, forking every time it runs; one with
    // an if() clause forks only when its author decided the work pays.
    if (!Omp.starts_with("parallel") || (Omp.size() > 8 && !isspace(Omp[8])) ||
        hasIfClause(Omp))
      continue;
    if (innerItemLoopContains(Loop.getBody(), P.At, SM))
      continue;
    StringRef BoundText = Lexer::getSourceText(
        CharSourceRange::getTokenRange(Bound->getSourceRange()), SM, Ctx.getLangOpts());
    diag(P.At, "'#pragma omp %0' inside a serial loop over '%1' forks and joins a "
             "thread team on every iteration; parallelise the outer loop, or open "
             "the region once around it and share the inner loop with "
             "'#pragma omp for'")
        << (Omp.starts_with("parallel for") ? "parallel for" : "parallel") << BoundText;
    diag(Loop.getBeginLoc(), "the serial loop", DiagnosticIDs::Note);
  }
}

namespace {

/// Records the blocks the preprocessor skips (PPCallbacks::SourceRangeSkipped),
/// but for those an OpenMP build compiles: a condition that names OpenMP
/// (`#ifdef _OPENMP`, `#if WITH_OPENMP`), since the lint itself runs
/// without -fopenmp.
class SkippedBlocks : public PPCallbacks {
public:
  SkippedBlocks(const SourceManager &SM, std::vector<SourceRange> &Out) : SM(SM), Out(Out) {}
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    opened(Loc, namesOpenMP(Cond));
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    opened(Loc, namesOpenMP(Name));
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    opened(Loc, namesOpenMP(Name));
  }
  void Elif(SourceLocation, SourceRange Cond, ConditionValueKind, SourceLocation IfLoc) override {
    opened(IfLoc, namesOpenMP(Cond));
  }
  void Else(SourceLocation, SourceLocation IfLoc) override { opened(IfLoc, false); }
  // PPCallbacks defines this one out of line, in clangLex: overridden so the
  // vtable does not name that symbol, whose signature differs between LLVM
  // versions (the checks object must load into another LLVM far enough to
  // refuse it loudly; PluginVersion.ChecksObjectAloneRefusesLoudly).
  void HasInclude(SourceLocation, StringRef, bool, OptionalFileEntryRef,
                  SrcMgr::CharacteristicKind) override {}
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    // The conditional this arm belongs to is the last one opened or
    // continued: the preprocessor reports nothing inside a skipped block.
    if (!OpenMP.count(Current.getRawEncoding()))
      Out.push_back(Range);
  }

private:
  void opened(SourceLocation IfLoc, bool NamesOpenMP) {
    Current = IfLoc;
    if (NamesOpenMP)
      OpenMP.insert(IfLoc.getRawEncoding());
  }
  bool namesOpenMP(SourceRange Cond) const {
    bool Invalid = false;
    StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Cond), SM,
                                          LangOptions(), &Invalid);
    return !Invalid && Text.contains("OPENMP");
  }
  static bool namesOpenMP(const Token &Name) {
    const IdentifierInfo *I = Name.getIdentifierInfo();
    return I && I->getName().contains("OPENMP");
  }

  const SourceManager &SM;
  std::vector<SourceRange> &Out;
  SourceLocation Current;
  std::set<SourceLocation::UIntTy> OpenMP;
};

} // namespace

void ParallelGrainCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                                             Preprocessor *) {
  Skipped.clear();
  PP->addPPCallbacks(std::make_unique<SkippedBlocks>(SM, Skipped));
}

std::vector<ParallelGrainCheck::OmpPragma>
ParallelGrainCheck::ompPragmasIn(CharSourceRange Range, const ASTContext &Ctx) const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<OmpPragma> Out;
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  for (size_t Pos = Text.find('#'); Pos != StringRef::npos; Pos = Text.find('#', Pos + 1)) {
    // A directive starts its line: not `// #pragma omp ...` in a comment.
    size_t LineStart = Text.rfind('\n', Pos);
    if (!Text.slice(LineStart == StringRef::npos ? 0 : LineStart + 1, Pos).trim().empty())
      continue;
    std::optional<StringRef> Omp = ompDirective(Text.substr(Pos).split('\n').first);
    if (!Omp)
      continue;
    SourceLocation At = Range.getBegin().getLocWithOffset(Pos);
    if (llvm::any_of(Skipped, [&](SourceRange R) {
          return !SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
                 SM.isBeforeInTranslationUnit(At, R.getEnd());
        }))
      continue;
    Out.push_back({At, *Omp});
  }
  return Out;
}

} // namespace torchlint::checks
