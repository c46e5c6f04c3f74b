//===--- DivergentGuardCheck.cpp - torch-compile-divergent-guard ----------===//

#include "DivergentGuardCheck.h"

#include "../model/AstUtil.h"
#include "../model/ProjectFacts.h"
#include "../model/ProjectModel.h"
#include "../model/Registrations.h"
#include "../model/TorchApi.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// Dispatch keys whose presence means "being traced / transformed".
bool isTracingKey(StringRef Key) {
  return Key == "Python" || Key == "PythonTLSSnapshot" || Key == "Functionalize" ||
         Key.starts_with("FuncTorch") || Key == "Meta";
}

/// The kernel key for which testing \p GuardKey is legitimate: a Meta kernel
/// may test for Meta, a Functionalize kernel for Functionalize.
bool guardMatchesOwnKey(StringRef GuardKey, StringRef OwnKey) {
  return !OwnKey.empty() && GuardKey == OwnKey;
}

} // namespace


void DivergentGuardCheck::registerMatchers(MatchFinder *Finder) {
  // torch::jit::tracer::isTracing(), at::isTensorSubclassLike(t),
  // at::functionalization::impl::isFunctionalTensor(t)
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName("isTracing", "isTensorSubclassLike",
                                              "isFunctionalTensor", "is_functional_tensor"))))
          .bind("call"),
      this);
  // t.is_meta(), t.device().is_meta()
  Finder->addMatcher(cxxMemberCallExpr(callee(cxxMethodDecl(hasName("is_meta"))))
                         .bind("call"),
                     this);
  // t.key_set().has(c10::DispatchKey::Python) and friends.
  Finder->addMatcher(
      cxxMemberCallExpr(callee(cxxMethodDecl(hasName("has"),
                                             ofClass(hasName("DispatchKeySet")))),
                        hasArgument(0, ignoringImpCasts(declRefExpr(
                                           to(enumConstantDecl().bind("key"))))))
          .bind("call"),
      this);
  // t.device().type() == c10::DeviceType::Meta / c10::kMeta
  auto MetaRef = ignoringImpCasts(declRefExpr(to(
      namedDecl(anyOf(enumConstantDecl(hasName("Meta")), varDecl(hasName("kMeta")))))));
  Finder->addMatcher(
      binaryOperator(hasAnyOperatorName("==", "!="), hasEitherOperand(MetaRef))
          .bind("compare"),
      this);
  Finder->addMatcher(
      cxxOperatorCallExpr(hasAnyOverloadedOperatorName("==", "!="),
                          hasAnyArgument(MetaRef))
          .bind("compare"),
      this);
  // pybind11: torch._dynamo.is_compiling() reached from C++.
  Finder->addMatcher(
      cxxMemberCallExpr(callee(cxxMethodDecl(hasName("attr"))),
                        hasArgument(0, ignoringImplicit(stringLiteral().bind("pyname"))))
          .bind("call"),
      this);
}

void DivergentGuardCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const Expr *Guard = Result.Nodes.getNodeAs<Expr>("call");
  std::string What, GuardKey;
  if (const auto *Cmp = Result.Nodes.getNodeAs<Expr>("compare")) {
    Guard = Cmp;
    What = "a comparison with the Meta device";
    GuardKey = "Meta";
  } else if (const auto *Py = Result.Nodes.getNodeAs<StringLiteral>("pyname")) {
    StringRef Name = Py->getString();
    if (Name != "is_compiling" && Name != "is_dynamo_compiling" &&
        Name != "is_scripting" && Name != "is_tracing" && Name != "is_exporting")
      return;
    What = "Python's '" + Name.str() + "()'";
  } else if (const auto *Key = Result.Nodes.getNodeAs<EnumConstantDecl>("key")) {
    if (!isTracingKey(Key->getName()))
      return;
    What = "a test for the " + Key->getName().str() + " dispatch key";
    GuardKey = Key->getName().str();
  } else {
    const auto *Call = dyn_cast<CallExpr>(Guard);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    if (!F || !isTorchDecl(F))
      return;
    What = "'" + F->getName().str() + "()'";
    if (F->getName() == "is_meta")
      GuardKey = "Meta";
    if (F->getName() == "isFunctionalTensor" || F->getName() == "is_functional_tensor")
      GuardKey = "Functionalize";
  }
  if (!Guard)
    return;

  const Registrations &Model = Registrations::get(Ctx);
  const FunctionDecl *In = nullptr;
  FunctionContext Context = Model.contextAt(*Guard, Ctx, &In);
  if (guardMatchesOwnKey(GuardKey, Context.Key))
    return;
  // Code a pybind11 binding runs (here, or bound in another file, as
  // exllamav2 binds in ext_bindings.cpp) runs eagerly on what Python
  // passes, compiled or not (Dynamo breaks the graph at the binding): a
  // meta tensor there is the caller's ("no tensor"), not tracing.
  if (GuardKey == "Meta" &&
      (Context.Kind == ContextKind::PyBound ||
       (Context.Kind == ContextKind::Unknown && In &&
        !ProjectView::get(Ctx).boundElsewhere(usrOf(In)).empty())))
    return;
  diag(Guard->getBeginLoc(),
       "%0 makes eager and compiled runs take different paths (compile by "
       "exclusion); write one path that traces, and give the op a Meta or fake "
       "kernel instead")
      << What;
}

} // namespace torchlint::checks
