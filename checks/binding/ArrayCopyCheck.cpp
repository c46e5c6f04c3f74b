//===--- ArrayCopyCheck.cpp - torch-binding-array-copy --------------------===//

#include "ArrayCopyCheck.h"

#include "../model/AstUtil.h"

#include "../model/Registrations.h"
#include "../model/TorchApi.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
namespace {

/// py::array_t<T, Flags> with the forcecast bit (the default) set.
bool isForcecastArray(QualType T) {
  const auto *S = templateSpecializationOf(T);
  if (!S || S->getName() != "array_t" || S->getTemplateArgs().size() < 2)
    return false;
  const TemplateArgument &Flags = S->getTemplateArgs()[1];
  if (Flags.getKind() != TemplateArgument::Integral)
    return false;
  return (Flags.getAsIntegral().getExtValue() & 0x10) != 0; // array::forcecast
}

bool isNestedVector(QualType T) {
  const auto *S = templateSpecializationOf(T);
  if (!S || S->getName() != "vector" || S->getTemplateArgs().size() < 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  const auto *Inner = templateSpecializationOf(S->getTemplateArgs()[0].getAsType());
  if (!Inner || Inner->getName() != "vector" || Inner->getTemplateArgs().size() < 1 ||
      Inner->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  // Lists of tensor lists (multi-tensor apply) are converted per tensor.
  return !isTensorLikeType(Inner->getTemplateArgs()[0].getAsType());
}

struct BodyFacts : RecursiveASTVisitor<BodyFacts> {
  const CXXMemberCallExpr *CloneOfBlob = nullptr;
  const Expr *ElementPush = nullptr;
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *M = C->getMethodDecl();
    if (!M || !M->getIdentifier())
      return true;
    if (M->getName() == "clone")
      if (const auto *Blob = dyn_cast<CallExpr>(ignoreWrappers(C->getImplicitObjectArgument())))
        if (Blob->getDirectCallee() && Blob->getDirectCallee()->getIdentifier() &&
            Blob->getDirectCallee()->getName() == "from_blob" && !CloneOfBlob)
          CloneOfBlob = C;
    // An element's value, not a pointer to a tensor's data (one per tensor).
    if ((M->getName() == "push_back" || M->getName() == "emplace_back") &&
        C->getNumArgs() == 1 && !ElementPush &&
        !ignoreWrappers(C->getArg(0))->getType()->isPointerType() && readsElement(C->getArg(0)))
      ElementPush = C->getArg(0);
    return true;
  }
  static bool readsElement(const Stmt *S) {
    if (!S)
      return false;
    if (const auto *C = dyn_cast<CXXMemberCallExpr>(S))
      if (const CXXMethodDecl *M = C->getMethodDecl())
        if (M->getIdentifier() && isTensorType(C->getImplicitObjectArgument()->getType()) &&
            (ops::isDataAccessMethod(M->getName())))
          return true;
    for (const Stmt *Child : S->children())
      if (readsElement(Child))
        return true;
    return false;
  }
};

} // namespace


void ArrayCopyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void ArrayCopyCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const Registrations &Model = Registrations::get(Ctx);
  std::set<const FunctionDecl *> Seen;
  std::vector<const PyBinding *> All;
  for (const std::vector<PyBinding> *List : {&Model.Bindings, &Model.Methods})
    for (const PyBinding &B : *List)
      All.push_back(&B);
  // py::class_ methods convert their arguments and results like functions.
  for (const PyBinding *BP : All) {
    const PyBinding &B = *BP;
    const FunctionDecl *F = B.Function ? B.Function->getDefinition() : nullptr;
    if (!F || !F->getBody() || !Seen.insert(F).second)
      continue;
    BodyFacts Facts;
    Facts.TraverseStmt(F->getBody());
    for (const ParmVarDecl *P : F->parameters()) {
      if (isForcecastArray(P->getType()) && Facts.CloneOfBlob)
        diag(P->getLocation(),
             "'%0' is a py::array_t with forcecast: any input of another dtype "
             "or layout is silently converted (a converting copy), and "
             "from_blob(...).clone() copies again; accept a torch::Tensor "
             "(torch.from_numpy is zero-copy) or drop forcecast")
            << P->getName();
      if (isNestedVector(P->getType()))
        diag(P->getLocation(),
             "'%0' is a nested std::vector: pybind11 converts every inner "
             "list element by element on each call; accept a torch::Tensor "
             "(or a py::array) instead")
            << P->getName();
    }
    if (Facts.ElementPush)
      diag(Facts.ElementPush->getBeginLoc(),
           "tensor data copied into a std::vector element by element at the "
           "binding boundary; return the torch::Tensor itself (Python gets it "
           "without a copy)");
  }
}

} // namespace torchlint::checks
