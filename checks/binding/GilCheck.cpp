//===--- GilCheck.cpp - torch-binding-gil ---------------------------------===//

#include "GilCheck.h"

#include "../model/InactiveCode.h"
#include "../model/ProjectModel.h"
#include "../model/Registrations.h"
#include "../model/Session.h"
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


void GilCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void GilCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const Registrations &Model = Registrations::get(Ctx);
  for (const PyBinding &B : Model.Bindings)
    report(B, /*Method=*/false, Ctx);
  // A method holds it the same way (tiny-cuda-nn's Module.fwd).
  for (const PyBinding &B : Model.Methods)
    report(B, /*Method=*/true, Ctx);
}

void GilCheck::report(const PyBinding &B, bool Method, ASTContext &Ctx) {
  startFinding(Ctx);
  const FunctionDecl *F = B.Function;
  if (!F || !takesOrReturnsTensors(F) || isPybindType(F->getReturnType()) ||
      llvm::any_of(F->parameters(),
                   [](const ParmVarDecl *P) { return isPybindType(P->getType()); }))
    return;
  for (const Expr *A : B.Call->arguments())
    if (A->getType().getAsString().find("gil_scoped_release") != std::string::npos)
      return;
  // A binding the project's Python never uses, or only in its tests, while
  // it uses others of the module: no thread of the package waits on it
  // (the exemption opaque-binding asks too).
  if (!TUModel::of(Ctx).unusedBinding(B, "").empty())
    return;
  // Defined in another file: what its body does there (ProjectModel.h).
  std::string Elsewhere;
  if (!F->getDefinition()) {
    Elsewhere = ProjectView::get(Ctx).bodyElsewhere(usrOf(F));
    if (!llvm::StringRef(Elsewhere).starts_with("plain "))
      return;
  } else if (releasesGilOrCallsPython(F->getDefinition()->getBody()) ||
             gilReleasedInOtherBuilds(F->getDefinition()).isValid() ||
             usesSharedStaticState(F)) {
    // (Another build configuration's release too: a call_guard would
    // release it twice there.)
    return;
  }
  // Graded by what the C++ does while it holds the GIL: work on the host
  // (loops over data, waits for the device) is this check's; checks, an
  // allocation and a CUDA launch are the host part of a call only
  // (torch-binding-gil-launch).
  ProjectView &View = ProjectView::get(Ctx);
  std::string Usr = usrOf(F);
  std::string HostWork = View.hostWorkOf(Usr);
  llvm::SmallVector<llvm::StringRef, 3> Work;
  llvm::StringRef(HostWork).split(Work, '\t');
  // Something on the way releases the GIL itself or calls Python; or
  // nothing on the way runs a tensor op (MinkowskiEngine's
  // get_field_to_sparse_map returns a pair of kept tensors from a std::map).
  std::string Backend = View.backendOf(Usr);
  if (Backend == "python" || (Backend == "none" && Work.size() != 3))
    return;
  // (A device branch makes the backend "cpu cuda" whatever its CPU arm
  // does: an arm with host work shows it above; pointnet2's arm is an
  // AT_ASSERT.)
  bool LaunchOnly = Work.size() != 3 && llvm::StringRef(Backend).contains("cuda") &&
                    !llvm::StringRef(Backend).starts_with("indirect");
  // No host work found either where it reads tensor memory in no loop (an
  // address for a library or a view: DeepSpeed's `from_blob`, cuFile
  // registrations) or runs tensor ops of unknown device with no launch of
  // its own: at first look 4 of 31 such findings were right (issue #29),
  // so they are the advisory check's, which says which.
  bool NoWorkFound = Work.size() != 3 && (Backend == "cpu" || Backend == "composite");
  if ((LaunchOnly || NoWorkFound) != (getID() == "torch-binding-gil-launch"))
    return;
  {
    auto D = NoWorkFound
                 ? diag(B.Site,
                        "pybind11 %select{binding|method}0 '%1' holds the GIL for the whole call "
                        "of a tensor function whose C++ does no host work torch-lint can see: it "
                        "%2; on CPU tensors that work holds every other Python thread; release it "
                        "with py::call_guard<py::gil_scoped_release>()%select{| once two threads "
                        "may run it on one object at the same time}0")
             : LaunchOnly
                 ? diag(B.Site,
                        "pybind11 %select{binding|method}0 '%1' holds the GIL while it checks, "
                        "allocates and launches CUDA work (its code has no CPU loop over data "
                        "and does not wait for the device): other Python threads wait for the host "
                        "part of each call; release it with "
                        "py::call_guard<py::gil_scoped_release>()%select{| once two threads "
                        "may run it on one object at the same time}0")
                 : diag(B.Site,
                        "pybind11 %select{binding|method}0 '%1' holds the GIL for the whole call "
                        "of a tensor function%2: every other Python thread (data loaders, "
                        "servers) waits until it returns; release it with "
                        "py::call_guard<py::gil_scoped_release>()%select{| once two threads "
                        "may run it on one object at the same time (the GIL now "
                        "serializes them)}0");
    D << Method << (B.Class.empty() ? B.shownName() : B.Class + "." + B.Name);
    if (NoWorkFound)
      D << (Backend == "cpu" ? "reads tensor memory on the host, in no loop found (an address "
                               "handed to a library or a view is no work)"
                             : "runs tensor ops and launches no kernel of its own");
    else if (!LaunchOnly)
      D << (Work.size() == 3 ? (" whose C++ works on the host (" + Work[0] + " in '" + Work[2] +
                                "', " + Work[1] + ")")
                                   .str()
                             : std::string());
    // (Not for a method: whether its object's state may be shared between
    // threads is its author's call.)
    SourceLocation RParen = B.Call->getRParenLoc();
    if (!Method && RParen.isValid() && !RParen.isMacroID())
      D << FixItHint::CreateInsertion(
          RParen, ", pybind11::call_guard<pybind11::gil_scoped_release>()");
  }
  if (!Elsewhere.empty())
    diag(F->getLocation(), "'%0' is defined in %1, which neither releases the GIL nor "
                           "calls into Python",
         DiagnosticIDs::Note)
        << functionName(F) << llvm::StringRef(Elsewhere).drop_front(strlen("plain "));
  // Where it cannot tell, it says what it assumed.
  if (Work.size() != 3 && !LaunchOnly && !NoWorkFound)
    diag(F->getLocation(),
         "assumed to work on the CPU: what '%0' reaches is not all known (a function defined "
         "in no source of the project, or a call through a pointer)",
         DiagnosticIDs::Note)
        << functionName(F);
}

} // namespace torchlint::checks
