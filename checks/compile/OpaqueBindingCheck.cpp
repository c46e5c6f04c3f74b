//===--- OpaqueBindingCheck.cpp - torch-compile-opaque-binding ------------===//

#include "OpaqueBindingCheck.h"

#include "../model/Macros.h"
#include "../model/ProjectModel.h"
#include "../model/PythonFakes.h"
#include "../model/Registrations.h"
#include "../model/Signatures.h"
#include "../model/TorchApi.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
namespace {

struct Inferred {
  std::string Schema;      ///< "name(Tensor x, int n) -> Tensor"
  std::string FakeArgs;    ///< "x, n"
  std::vector<std::pair<const ParmVarDecl *, std::string>> Problems;
};

Inferred inferSchema(const PyBinding &B, ASTContext &Ctx) {
  Inferred R;
  const FunctionDecl *F = B.Function;
  // Which tensors the body writes: its definition here, else the project's
  // summary of it; a non-const reference counts only when no file defines
  // the function (diff-gaussian-rasterization's markVisible takes three
  // torch::Tensor& it only reads).
  ProjectView &Project = ProjectView::get(Ctx);
  std::string Usr = usrOf(F);
  bool BodyKnown = F->getDefinition() || !Project.bodyElsewhere(Usr).empty();
  auto Written = [&](const ParmVarDecl *P, bool MutableRef) {
    // Here, or in another file's definition or a helper it calls there.
    if (mayWriteParam(F, P) ||
        !Project.paramMayBeWritten(Usr, P->getFunctionScopeIndex()).empty())
      return true;
    return MutableRef && !BodyKnown;
  };
  std::string Args;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *P = F->getParamDecl(I);
    std::string Name = P->getName().empty() ? "arg" + std::to_string(I) : P->getName().str();
    SchemaTypeOf T = schemaTypeOf(P->getType());
    if (T.Spelling.empty()) {
      std::string Type = P->getType().getAsString(Ctx.getPrintingPolicy());
      R.Problems.push_back(
          {P, "parameter '" + Name + "' of type '" + Type +
                  "' has no schema type" +
                  (T.Instead.empty() ? "; take a tensor or a schema type instead"
                                     : "; use '" + T.Instead + "' instead")});
      continue;
    }
    std::string Type = T.Spelling;
    if (Type == "Tensor" && Written(P, T.MutableRef))
      Type = std::string("Tensor(") + static_cast<char>('a' + I % 26) + "!)";
    Args += (Args.empty() ? "" : ", ") + Type + " " + Name;
    R.FakeArgs += (R.FakeArgs.empty() ? "" : ", ") + Name;
  }
  std::string Ret = schemaReturnOf(F->getReturnType());
  if (Ret.empty())
    R.Problems.push_back(
        {nullptr, "the return type '" +
                      F->getReturnType().getAsString(Ctx.getPrintingPolicy()) +
                      "' has no schema type; return a tensor, a tuple of tensors "
                      "or a schema scalar"});
  R.Schema = B.Name + "(" + Args + ") -> " + Ret;
  return R;
}

/// The first argument of PYBIND11_MODULE as spelled (TORCH_EXTENSION_NAME).
std::string moduleName(const FunctionDecl *Module, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = Module->getLocation();
  if (L.isMacroID()) {
    CharSourceRange R = SM.getExpansionRange(L);
    std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    std::vector<std::string> Args = splitMacroArgs(Text);
    if (!Args.empty() && !Args[0].empty())
      return Args[0];
  }
  StringRef Name = Module->getName();
  Name.consume_front("pybind11_init_");
  return Name.str();
}

} // namespace

OpaqueBindingCheck::OpaqueBindingCheck(StringRef Name, tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), PythonRoots(Options.get("PythonRoots", "")) {}

void OpaqueBindingCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "PythonRoots", PythonRoots);
}

void OpaqueBindingCheck::onStartOfTranslationUnit() { Registrations::invalidate(); }

void OpaqueBindingCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void OpaqueBindingCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const Registrations &Model = Registrations::get(Ctx);
  // Ops the TU already registers: binding them too is fine.
  std::set<std::string> Registered;
  for (const OpDef &D : Model.Defs)
    Registered.insert(D.Name);

  // One fix-it per module: all its tensor bindings in one TORCH_LIBRARY block.
  llvm::DenseMap<const FunctionDecl *, bool> ModuleFixed;
  // Or another file registers the bound function as a kernel (ProjectModel.h).
  ProjectView &Project = ProjectView::get(Ctx);
  for (const PyBinding &B : Model.Bindings)
    if (B.Function && !Registered.count(B.Name) &&
        !Project.registeredElsewhere(usrOf(B.Function)).empty())
      Registered.insert(B.Name);
  // Or the project's Python calls it only from an operator's Python kernel
  // (@torch.library.custom_op): torch.compile sees the operator, not the
  // binding.
  auto Main = SM.getFileEntryRefForID(SM.getMainFileID());
  const PythonOps &Py = pythonOps(pythonRoots(PythonRoots, Main ? Main->getName().str() : ""));
  for (const PyBinding &B : Model.Bindings)
    if (Py.WrappedCalls.count(B.Name))
      Registered.insert(B.Name);
  for (const PyBinding &B : Model.Bindings) {
    if (!B.Function || !B.Module || !takesOrReturnsTensors(B.Function) ||
        Registered.count(B.Name))
      continue;
    Inferred I = inferSchema(B, Ctx);
    {
    auto D = I.Problems.empty()
                 ? diag(B.Call->getExprLoc(),
                        "pybind11 binding '%0' takes or returns tensors and is opaque "
                        "to torch.compile: every call is a graph break [GB0007]; "
                        "register it with TORCH_LIBRARY as '%1' (the pybind11 binding "
                        "can stay)")
                 : diag(B.Call->getExprLoc(),
                        "pybind11 binding '%0' takes or returns tensors and is opaque "
                        "to torch.compile: every call is a graph break [GB0007]; "
                        "register it with TORCH_LIBRARY once the types the notes name "
                        "are schema types (the pybind11 binding can stay)");
    D << B.Name;
    if (I.Problems.empty())
      D << I.Schema;
    bool CanFix = I.Problems.empty() && !ModuleFixed.count(B.Module);
    const Stmt *Body = B.Module->getBody();
    SourceLocation End = Body ? Body->getEndLoc() : SourceLocation();
    if (CanFix && End.isValid() && !End.isMacroID()) {
      ModuleFixed[B.Module] = true;
      std::string Ns = moduleName(B.Module, Ctx);
      std::string Defs, Impls;
      for (const PyBinding &Other : Model.Bindings) {
        if (Other.Module != B.Module || !Other.Function ||
            !takesOrReturnsTensors(Other.Function) || Registered.count(Other.Name))
          continue;
        Inferred OI = inferSchema(Other, Ctx);
        if (!OI.Problems.empty())
          continue;
        Defs += "  m.def(\"" + OI.Schema + "\");\n";
        Impls += "  m.impl(\"" + Other.Name + "\", &" +
                 Other.Function->getQualifiedNameAsString() + ");\n";
      }
      std::string Block = "\n\n// Registered as custom ops so torch.compile can "
                          "trace through calls (torch.ops." +
                          (Ns == "TORCH_EXTENSION_NAME" ? std::string("<extension name>") : Ns) +
                          ".<name>).\n"
                          "TORCH_LIBRARY_FRAGMENT(" + Ns + ", m) {\n" + Defs +
                          "}\n\nTORCH_LIBRARY_IMPL(" + Ns + ", CPU, m) {\n" + Impls +
                          "}\n\nTORCH_LIBRARY_IMPL(" + Ns + ", CUDA, m) {\n" + Impls +
                          "}";
      D << FixItHint::CreateInsertion(End.getLocWithOffset(1), Block);
    }
    }
    for (const auto &[P, Why] : I.Problems)
      diag(P ? P->getLocation() : B.Function->getLocation(), "%0", DiagnosticIDs::Note)
          << Why;
    if (I.Problems.empty())
      diag(B.Function->getLocation(),
           "give the op a fake kernel for torch.compile, e.g. in Python: "
           "@torch.library.register_fake(\"%0::%1\") def _(%2): return "
           "torch.empty_like(...)",
           DiagnosticIDs::Note)
          << (moduleName(B.Module, Ctx) == "TORCH_EXTENSION_NAME"
                  ? std::string("<extension name>")
                  : moduleName(B.Module, Ctx))
          << B.Name << I.FakeArgs;
  }
}

} // namespace torchlint::checks
