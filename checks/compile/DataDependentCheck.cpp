//===--- DataDependentCheck.cpp - torch-compile-data-dependent ------------===//

#include "DataDependentCheck.h"

#include "../model/AstUtil.h"

#include "../model/Macros.h"
#include "../model/Registrations.h"
#include "../model/Session.h"
#include "../model/TorchApi.h"
#include "Evidence.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/Support/Regex.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

enum class Read { Scalar, Data, Bool, Shape };

std::optional<Read> classify(const FunctionDecl *F) {
  StringRef Name = F->getName();
  if (Name == "item" || Name == "_local_scalar_dense")
    return Read::Scalar;
  if (isDataPointerMethod(F) || Name == "accessor" || Name == "packed_accessor32" ||
      Name == "packed_accessor64")
    return Read::Data;
  if (Name == "equal" || Name == "is_nonzero")
    return Read::Bool;
  if (Name == "nonzero" || Name == "masked_select" || Name == "_unique2" ||
      Name == "unique_consecutive" || Name == "unique_dim" || Name == "unique")
    return Read::Shape;
  return std::nullopt;
}

/// How the value read from tensor data is used.
enum class Use { Validation, EarlyExit, EarlyReturn, Choice, Branch, Value };

/// Classifies the use of \p E by walking up to the statement that consumes it.
Use useOf(const Expr *E, ASTContext &Ctx) {
  const Stmt *Cur = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    if (Parents.empty())
      return Use::Value;
    const DynTypedNode &P = Parents[0];
    if (const auto *If = P.get<IfStmt>()) {
      if (If->getCond() != Cur && !If->getCond()->getSourceRange().fullyContains(
                                      Cur->getSourceRange()))
        return Use::Value; // Inside a branch, not the condition.
      const Stmt *Then = singleStatement(If->getThen());
      if (isa<BreakStmt>(Then))
        return Use::EarlyExit;
      if (isa<ReturnStmt>(Then)) {
        // `if (c) return a; return b;` (or an else returning) chooses
        // between two values: at::where. Anything in between makes it an
        // early-out that skips work.
        if (If->getElse() && isa<ReturnStmt>(singleStatement(If->getElse())))
          return Use::Choice;
        DynTypedNodeList Block = Ctx.getParents(*If);
        if (const auto *C = Block.empty() ? nullptr : Block[0].get<CompoundStmt>()) {
          const Stmt *const *It = llvm::find(C->body(), If);
          if (It != C->body_end() && It + 1 != C->body_end() &&
              isa<ReturnStmt>(*(It + 1)))
            return Use::Choice;
        }
        return Use::EarlyReturn;
      }
      return Use::Branch;
    }
    if (const auto *Cond = P.get<ConditionalOperator>())
      return Cond->getCond() == Cur ? Use::Choice : Use::Value;
    if (P.get<WhileStmt>() || P.get<ForStmt>() || P.get<DoStmt>())
      return Use::Branch;
    if (P.get<CompoundStmt>() || P.get<FunctionDecl>() || P.get<DeclStmt>() ||
        P.get<ReturnStmt>())
      return Use::Value;
    const auto *S = P.get<Stmt>();
    if (!S)
      return Use::Value;
    Cur = S;
  }
}

/// `at::_assert_async(t, "msg")` for `TORCH_CHECK(t.item<bool>(), "msg")`,
/// or nothing when the condition is not a tensor's truth value.
std::optional<std::string> assertAsyncFor(const MacroInvocation &M) {
  static llvm::Regex BoolItem("^(.*)\\.item<bool>\\(\\)$");
  llvm::SmallVector<StringRef, 2> Match;
  if (!BoolItem.match(M.Args[0], &Match))
    return std::nullopt;
  StringRef Tensor = Match[1];
  // Only a plain expression (balanced, no top-level operators after a call).
  if (Tensor.empty() || Tensor.count('(') != Tensor.count(')'))
    return std::nullopt;
  if (M.Args.size() == 1)
    return "at::_assert_async(" + Tensor.str() + ")";
  if (M.Args.size() == 2 && StringRef(M.Args[1]).starts_with("\"") &&
      StringRef(M.Args[1]).ends_with("\""))
    return "at::_assert_async(" + Tensor.str() + ", " + M.Args[1] + ")";
  return std::nullopt;
}

} // namespace


void DataDependentCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      cxxMemberCallExpr(on(tensorExpr()),
                        callee(cxxMethodDecl(anyOf(
                            dataPointerMethod(),
                            hasAnyName("item", "accessor", "packed_accessor32",
                                       "packed_accessor64", "equal", "is_nonzero", "nonzero",
                                       "masked_select")))))
          .bind("read"),
      this);
  Finder->addMatcher(
      callExpr(unless(cxxMemberCallExpr()),
               callee(functionDecl(hasAnyName("_local_scalar_dense", "nonzero",
                                              "masked_select", "_unique2", "unique",
                                              "unique_consecutive", "unique_dim",
                                              "equal", "is_nonzero"))))
          .bind("read"),
      this);
}

void DataDependentCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("read");
  ASTContext &Ctx = *Result.Context;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !isTorchDecl(Callee) || !Callee->getIdentifier())
    return;
  std::optional<Read> Kind = classify(Callee);
  if (!Kind)
    return;
  const Registrations &Model = Registrations::get(Ctx);
  FunctionContext Context = Model.contextAt(*Call, Ctx);
  // In eager kernels these are performance questions, not graph breaks.
  if (Context.Kind != ContextKind::Traced || Context.RootCannotRunOnFakes)
    return;
  // `if (!kIsMeta) { ... data_ptr() ... }`: not in the Meta instance.
  if (inBranchTemplateFlagsRuleOut(*Call, Ctx))
    return;
  // An op the project's Python never runs where torch.compile traces
  // (dgl graphbolt's is_not_in_index, only its _async twin is called): the
  // exemption missing-fake-kernel asks.
  if (!TUModel::of(Ctx).opNeverTraced(Context).empty())
    return;

  std::string What = "'" + Callee->getName().str() + "()'";
  std::string Where = contextPhrase(Context);
  SourceLocation Loc = Call->getExprLoc();
  const SourceManager &SM = Ctx.getSourceManager();

  if (*Kind == Read::Shape) {
    diag(Loc, "%0 in %1 has an output size that depends on tensor data "
              "[GB0036]; the op needs a fake kernel that allocates a dynamic "
              "size (torch.library.get_ctx().new_dynamic_size())")
        << What << Where;
    noteContext(*this, Context);
    return;
  }

  // The ids torch 2.x reports for these reads made from C++ (checked at run
  // time by tests/proofs, docs/compile-evidence.md): in a Meta kernel, or any
  // read of raw data, the fake-tensor call itself fails ("RuntimeError when
  // making fake tensor call", GB4315); a scalar or boolean read in a
  // composite kernel is a "Data dependent operator" (GB0033: Dynamo sees
  // aten::_local_scalar_dense, not Python's Tensor.item()).
  bool FakeCallFails = Context.Key == "Meta" || *Kind == Read::Data;
  std::string GB = FakeCallFails ? "GB4315" : "GB0033";
  std::string Reads = *Kind == Read::Data
                          ? "reads tensor data, which fake tensors do not have"
                      : FakeCallFails
                          ? "reads a value fake tensors do not have"
                          : "is data-dependent and breaks tracing";

  // torch::stable::Tensor (and the stable ABI) has no item(), no
  // at::_assert_async and no at::where: only raw data reads, which a fake
  // kernel must not make at all.
  const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  bool Stable = Member && isStableTensorType(Member->getImplicitObjectArgument()->getType());
  if (Stable) {
    StringRef Advice =
        enclosingMacro(Call->getBeginLoc(), "STD_TORCH_CHECK", SM, Ctx.getLangOpts())
            ? "validate tensor data in the CPU/CUDA kernels only"
            : "express the computation with torch::stable ops, or register a "
              "Meta/fake kernel that does not touch data";
    diag(Loc, "%0 in %1 %2 [%3]; %4") << What << Where << Reads << GB << Advice;
    noteContext(*this, Context);
    return;
  }

  if (auto M = enclosingMacro(Call->getBeginLoc(), "TORCH_CHECK", SM,
                              Ctx.getLangOpts())) {
    auto Fix = assertAsyncFor(*M);
    {
    auto D = diag(Loc, "%0 in %1 %2 [%3]; validate with at::_assert_async "
                       "instead, which keeps the check on both paths");
    D << What << Where << Reads << GB;
    if (Fix)
      D << FixItHint::CreateReplacement(M->Range, *Fix);
    }
    noteContext(*this, Context);
    return;
  }

  StringRef Advice;
  switch (useOf(Call, Ctx)) {
  case Use::EarlyExit:
    Advice = "delete the early exit: make the trailing iterations no-ops so "
             "every iteration runs";
    break;
  case Use::EarlyReturn:
    Advice = "do not return early on tensor values: compute and return the "
             "value on every path";
    break;
  case Use::Choice:
  case Use::Branch:
    Advice = "choose between tensors with at::where(cond, a, b), or multiply "
             "by a {0,1} gate, instead of branching";
    break;
  case Use::Validation:
  case Use::Value:
    Advice = *Kind == Read::Data
                 ? "express the computation with tensor ops, or register a "
                   "Meta/fake kernel that does not touch data"
                 : "keep the value a tensor (a 0-dim tensor works wherever a "
                   "Scalar does)";
    break;
  }
  diag(Loc, "%0 in %1 %2 [%3]; %4") << What << Where << Reads << GB << Advice;
  noteContext(*this, Context);
}

} // namespace torchlint::checks
