//===--- DivergentGuardCheck.cpp - torch-compile-divergent-guard ----------===//

#include "DivergentGuardCheck.h"

#include "../model/AstUtil.h"
#include "../model/ProjectFacts.h"
#include "../model/ProjectModel.h"
#include "../model/Registrations.h"
#include "../model/TorchApi.h"
#include "../model/PythonFakes.h"
#include "../model/Session.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// Dispatch keys whose presence means "being traced / transformed". Not
/// Functionalize: torch.compile functionalizes in Python (FunctionalTensorMode),
/// and a kernel it traces sees no Functionalize key, as in eager
/// (tests/proofs/test_divergent_guard.py); only C++ functionalization sets it.
bool isTracingKey(StringRef Key) {
  return Key == "Python" || Key == "PythonTLSSnapshot" || Key.starts_with("FuncTorch") ||
         Key == "Meta";
}

bool isExplicitCompositeKey(StringRef Key) {
  return Key == "CompositeExplicitAutograd" || Key == "CompositeExplicitAutogradNonFunctional";
}

/// The operator whose kernel for CompositeExplicitAutograd is \p Root and
/// which has nothing else for Meta: no Meta kernel here or in another file
/// of the project, no Python fake. Fake tensors then run \p Root as its Meta
/// kernel, with is_meta() true (FakeTensor reports the meta device inside a
/// kernel invocation), while eager runs it on CPU/CUDA tensors: the two
/// paths differ at run time. Empty otherwise: in any other kernel a Meta test
/// is the same under torch.compile as in eager (false: fake tensors report
/// their real device), it only serves calls on meta tensors.
std::string opRunningAsMeta(const FunctionDecl *Root, ASTContext &Ctx) {
  const Registrations &Model = Registrations::get(Ctx);
  const PythonOps &Py = TUModel::of(Ctx).pythonOps("");
  ProjectView &Project = ProjectView::get(Ctx);
  for (const KernelImpl &K : Model.Impls) {
    if (!K.Function || K.Function->getCanonicalDecl() != Root->getCanonicalDecl() ||
        !isExplicitCompositeKey(K.DispatchKey))
      continue;
    std::string Op = K.qualifiedName();
    if (Py.Fakes.count(Op) || Py.UnresolvedNamespaces.count(K.Namespace))
      continue;
    bool OtherMeta = llvm::any_of(Model.Impls, [&](const KernelImpl &O) {
      return O.qualifiedName() == Op && (O.DispatchKey == "Meta" || O.DispatchKey.empty());
    });
    for (const KernelFact &O : Project.kernelsElsewhere(Op))
      OtherMeta |= O.Key == "Meta" || O.Key.empty();
    if (!OtherMeta)
      return Op;
  }
  return "";
}

/// The kernel key for which testing \p GuardKey is legitimate: a Meta kernel
/// may test for Meta, a Functionalize kernel for Functionalize.
bool guardMatchesOwnKey(StringRef GuardKey, StringRef OwnKey) {
  return !OwnKey.empty() && GuardKey == OwnKey;
}

} // namespace


void DivergentGuardCheck::registerMatchers(MatchFinder *Finder) {
  // torch::jit::tracer::isTracing(), at::isTensorSubclassLike(t)
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName("isTracing", "isTensorSubclassLike"))))
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
  }
  if (!Guard)
    return;

  const Registrations &Model = Registrations::get(Ctx);
  const FunctionDecl *In = nullptr;
  FunctionContext Context = Model.contextAt(*Guard, Ctx, &In);
  if (guardMatchesOwnKey(GuardKey, Context.Key))
    return;
  if (GuardKey != "Meta") {
    diag(Guard->getBeginLoc(),
         "%0 makes eager and compiled runs take different paths (compile by "
         "exclusion); write one path that traces, and give the op a Meta or fake "
         "kernel instead")
        << What;
    return;
  }
  // A Meta test differs only in a kernel fake tensors run as the Meta kernel
  // (opRunningAsMeta); anywhere else (a CPU/CUDA kernel, a binding, code no
  // registration reaches) it is false compiled or not.
  std::string Op = Context.Chain.empty() ? "" : opRunningAsMeta(Context.Chain.front(), Ctx);
  if (Op.empty())
    return;
  diag(Guard->getBeginLoc(),
       "%0 is true when torch.compile's fake tensors run this kernel as the Meta "
       "kernel of '%1' (its CompositeExplicitAutograd kernel serves Meta) and false "
       "in eager: the compiled graph is traced from the meta branch, not from the "
       "code eager runs; register the meta branch as the op's Meta kernel (or a "
       "register_fake) and this kernel for CPU/CUDA, without the branch")
      << What << Op;
}

} // namespace torchlint::checks
