//===--- GilCheck.cpp - torch-binding-gil ---------------------------------===//

#include "GilCheck.h"

#include "../model/ProjectModel.h"
#include "../model/Registrations.h"
#include "../model/Signatures.h"
#include "../model/TorchApi.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
namespace {

bool isPybindType(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return RD && isPybindDecl(RD);
}

} // namespace

void GilCheck::onStartOfTranslationUnit() { Registrations::invalidate(); }

void GilCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void GilCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const Registrations &Model = Registrations::get(Ctx);
  for (const PyBinding &B : Model.Bindings) {
    const FunctionDecl *F = B.Function;
    if (!F || !takesOrReturnsTensors(F) || isPybindType(F->getReturnType()) ||
        llvm::any_of(F->parameters(),
                     [](const ParmVarDecl *P) { return isPybindType(P->getType()); }))
      continue;
    bool Guarded = false;
    for (const Expr *A : B.Call->arguments())
      if (A->getType().getAsString().find("gil_scoped_release") != std::string::npos)
        Guarded = true;
    if (Guarded)
      continue;
    // Defined in another file: what its body does there (ProjectModel.h).
    std::string Elsewhere;
    if (!F->getDefinition()) {
      Elsewhere = ProjectView::get(Ctx).bodyElsewhere(usrOf(F));
      if (!llvm::StringRef(Elsewhere).starts_with("plain "))
        continue;
    } else if (releasesGilOrCallsPython(F->getDefinition()->getBody())) {
      continue;
    }
    {
      auto D = diag(B.Call->getExprLoc(),
                    "pybind11 binding '%0' holds the GIL for the whole call of a "
                    "tensor function: every other Python thread (data loaders, "
                    "servers) waits until it returns (its CPU work; for CUDA, its "
                    "checks, allocations and launches); release it with "
                    "py::call_guard<py::gil_scoped_release>()");
      D << B.Name;
      SourceLocation RParen = B.Call->getRParenLoc();
      if (RParen.isValid() && !RParen.isMacroID())
        D << FixItHint::CreateInsertion(
            RParen, ", pybind11::call_guard<pybind11::gil_scoped_release>()");
    }
    if (!Elsewhere.empty())
      diag(F->getLocation(), "'%0' is defined in %1, which neither releases the GIL nor "
                             "calls into Python",
           DiagnosticIDs::Note)
          << functionName(F) << llvm::StringRef(Elsewhere).drop_front(strlen("plain "));
  }
}

} // namespace torchlint::checks
