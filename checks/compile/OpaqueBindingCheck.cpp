//===--- OpaqueBindingCheck.cpp - torch-compile-opaque-binding ------------===//

#include "OpaqueBindingCheck.h"

#include "../model/AstUtil.h"
#include "../model/FakeKernel.h"
#include "../model/InactiveCode.h"
#include "llvm/Support/Path.h"
#include "../model/Macros.h"
#include "../model/ProjectModel.h"
#include "../model/PythonCallers.h"
#include "../model/PythonFakes.h"
#include "PythonFixIts.h"
#include "../model/Schema.h"
#include "../model/PythonTokens.h"
#include "../model/Session.h"
#include "../model/Registrations.h"
#include "../model/Signatures.h"
#include "../model/TorchApi.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/Basic/SourceManager.h"
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
  /// Tensors handed to a call through a pointer, whose writes cannot be
  /// seen, and where that call is: the schema cannot be inferred.
  std::vector<std::pair<const ParmVarDecl *, std::string>> Unknown;
  bool settled() const { return Problems.empty() && Unknown.empty(); }
  /// A problem is a type no schema has (else: an input returned as an output).
  bool TypeProblem = false;
  /// Parameters the operator takes as the schema type they convert from
  /// (`int k` as `int k` in the schema, int64_t in C++: schemaAdaptable),
  /// and a std::pair returned as a tuple: the fix-it registers an adapter.
  std::vector<const ParmVarDecl *> Widened;
  bool PairReturn = false;
  bool adapted() const { return !Widened.empty() || PairReturn; }
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
  // A Tensor& is the author's word that it is written only where the
  // function takes some tensor const or by value (mutableRefsTellWrites).
  bool RefsTell = mutableRefsTellWrites(F, /*SchemaMarksWrites=*/false);
  auto Written = [&](const ParmVarDecl *P, bool MutableRef) {
    // Here, or in another file's definition or a helper it calls there.
    std::string May = Project.paramMayBeWritten(Usr, P->getFunctionScopeIndex());
    UnseenWrite Unseen;
    if (mayWriteParam(F, P, &Unseen) || May == "yes")
      return true;
    // A tensor& the author means to write, whose data goes into a struct
    // for a kernel (params.out_ptr = out.data_ptr()).
    std::string Escape;
    if (MutableRef && (!BodyKnown || dataMayEscape(F, P, &Escape))) {
      if (RefsTell)
        return true;
      // Else a pointer handed on is the project's to answer (May, Unseen);
      // one stored in a struct for a kernel, or a body no file shows, is
      // not known either way.
      bool Stored = StringRef(Escape).contains("is stored in '");
      if ((!BodyKnown || Stored) && !Unseen.At && !StringRef(May).starts_with("unknown\t")) {
        R.Unknown.push_back(
            {P, !BodyKnown ? "is a 'Tensor&', as every tensor of the function is, whose body no "
                             "file of the project shows"
                           : "is a 'Tensor&', as every tensor of the function is, and " +
                                 Escape + ", where the project's code does not show whether "
                                 "it is written"});
        return false;
      }
    }
    if (Unseen.At) {
      const SourceManager &SM = Ctx.getSourceManager();
      PresumedLoc L = SM.getPresumedLoc(SM.getExpansionLoc(Unseen.At->getBeginLoc()));
      R.Unknown.push_back({P, Unseen.what(L.isValid()
                                              ? llvm::sys::path::filename(L.getFilename()).str() +
                                                    ":" + std::to_string(L.getLine())
                                              : std::string("?"))});
    } else if (StringRef(May).consume_front("unknown\t")) {
      R.Unknown.push_back({P, StringRef(May).split('\t').second.str()});
    }
    return false;
  };
  std::string Args, Ret = schemaReturnOf(F->getReturnType()), ReturnedAlias;
  // The names Python calls the arguments by, where the binding gives them
  // all (`"querry"_a`: a caller's keywords are those), and their defaults
  // where each is a literal of the schema type's kind and they end the list.
  bool PyNames = B.ArgNames.size() == F->getNumParams() &&
                 llvm::all_of(B.ArgNames, [](const std::string &N) {
                   return !N.empty() && (isalpha(N[0]) || N[0] == '_') &&
                          llvm::all_of(N, [](char C) { return isalnum(C) || C == '_'; });
                 });
  std::vector<std::string> Defaults(F->getNumParams());
  if (PyNames) {
    bool Trailing = true;
    for (unsigned I = F->getNumParams(); I-- > 0;) {
      StringRef D = B.ArgDefaults[I];
      std::string Type = schemaAdaptable(F->getParamDecl(I)->getType());
      if (Type.empty())
        Type = schemaTypeOf(F->getParamDecl(I)->getType()).Spelling;
      bool Fits = (D == "True" || D == "False")
                      ? Type == "bool"
                      : !D.empty() && (D.contains('.') || D.contains_insensitive('e')
                                           ? Type == "double" || Type == "float"
                                           : Type == "int64_t" || Type == "int" ||
                                                 Type == "double" || Type == "float");
      Trailing &= Fits;
      if (Trailing)
        Defaults[I] = D.str();
    }
  }
  auto NameOf = [&](const ParmVarDecl *P) {
    unsigned I = P->getFunctionScopeIndex();
    return (PyNames ? schemaNameOf(B.ArgNames[I]) : schemaNameOf(P)) +
           (Defaults[I].empty() ? "" : "=" + Defaults[I]);
  };
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *P = F->getParamDecl(I);
    if (std::string Wide = schemaAdaptable(P->getType()); !Wide.empty()) {
      R.Widened.push_back(P);
      Args += (Args.empty() ? "" : ", ") + std::string(Wide == "double" ? "float" : "int") + " " +
              NameOf(P);
      R.FakeArgs += (R.FakeArgs.empty() ? "" : ", ") + schemaNameOf(P);
      continue;
    }
    if (std::string Why = kernelParamProblem(P, Ctx.getPrintingPolicy()); !Why.empty()) {
      R.Problems.push_back({P, Why});
      R.TypeProblem = true;
      continue;
    }
    std::string Name = schemaNameOf(P);
    SchemaTypeOf T = schemaTypeOf(P->getType());
    std::string Type = T.Spelling;
    bool Tensor = Type == "Tensor" || Type == "Tensor?";
    std::string Alias(1, static_cast<char>('a' + I % 26));
    if (Tensor && Written(P, T.MutableRef))
      Type = "Tensor(" + Alias + "!)" + (Type == "Tensor?" ? "?" : "");
    // An input returned as it is (spconv's `return {indices, pairs, num};`
    // in mmcv): an operator's outputs are new tensors, or, for one input
    // it writes and returns alone, that input under its alias.
    if (std::string At = Tensor ? Project.paramReturnedAt(Usr, I) : ""; !At.empty()) {
      if (Type == "Tensor(" + Alias + "!)" && Ret == "Tensor" && ReturnedAlias.empty())
        ReturnedAlias = "Tensor(" + Alias + "!)";
      else
        R.Problems.push_back(
            {P, "'" + Name + "' is returned as an output as it is (" + At +
                    "): an operator's outputs must be new tensors, not its inputs; return "
                    "a copy there ('" + Name + ".clone()')"});
    }
    Args += (Args.empty() ? "" : ", ") + Type + " " + NameOf(P);
    R.FakeArgs += (R.FakeArgs.empty() ? "" : ", ") + Name;
  }
  if (!ReturnedAlias.empty())
    Ret = ReturnedAlias;
  // std::pair<Tensor, Tensor>, which pybind11 returns as a tuple: the
  // adapter returns it as one.
  if (const ClassTemplateSpecializationDecl *S = templateSpecializationOf(F->getReturnType());
      Ret.empty() && S && S->getName() == "pair" && S->isInStdNamespace()) {
    std::string First = schemaReturnOf(S->getTemplateArgs()[0].getAsType()),
                Second = schemaReturnOf(S->getTemplateArgs()[1].getAsType());
    if (!First.empty() && !Second.empty() && !StringRef(First).starts_with("(") &&
        !StringRef(Second).starts_with("(") && First != "()" && Second != "()") {
      Ret = "(" + First + ", " + Second + ")";
      R.PairReturn = true;
    }
  }
  if (Ret.empty()) {
    R.Problems.push_back(
        {nullptr, "the return type '" +
                      F->getReturnType().getAsString(Ctx.getPrintingPolicy()) +
                      "' has no schema type; return a tensor, a tuple of tensors "
                      "or a schema scalar"});
    R.TypeProblem = true;
  }
  R.Schema = B.Name + "(" + Args + ") -> " + Ret;
  return R;
}

/// \p F as code outside its namespace names it: qualified, with its
/// template arguments (`&ns::conv<2>`).
std::string spelledName(const FunctionDecl *F) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy(F->getASTContext().getLangOpts());
  F->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  return Name;
}

/// The fake kernel of \p F in Python, as parameters and a return expression,
/// where the body shows the outputs (here, or in the file that defines it:
/// then with its names there); Returns is empty where it does not.
std::pair<std::string, std::string> pythonFakeOf(const FunctionDecl *F,
                                                 const std::string &FakeArgs,
                                                 ProjectView &Project) {
  std::string Returns = fakeReturnOf(F);
  if (Returns.empty() && !F->getDefinition()) {
    std::string Elsewhere = Project.fakeElsewhere(usrOf(F));
    if (auto [Args, Ret] = StringRef(Elsewhere).split('\t'); !Ret.empty())
      return {Args.str(), Ret.str()};
  }
  return {FakeArgs, Returns};
}

/// Whether torch makes the fake of an op of schema \p Schema itself: one
/// that mutates and returns nothing
/// (torch._library.utils.can_generate_trivial_fake_impl).
bool trivialFake(const Inferred &I) {
  return StringRef(I.Schema).ends_with("-> ()") &&
         (StringRef(I.Schema).contains("!)") || !I.Unknown.empty());
}

/// The kernel the migration registers for \p B: the bound function itself,
/// or where its types are not the schema's, a lambda that takes the schema's
/// and converts them (an integer narrowed back only when it fits, as
/// pybind11 refuses one out of range; a pair returned as a tuple).
std::string kernelOf(const PyBinding &B, const Inferred &I, ASTContext &Ctx) {
  const FunctionDecl *F = B.Function;
  if (!I.adapted())
    return "&" + spelledName(F);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  std::string Params, Args, Checks;
  for (const ParmVarDecl *P : F->parameters()) {
    // (The schema's name, but never the library's `m` the lambda is in,
    // which -Wshadow would report.)
    std::string Shown = schemaNameOf(P), Name = Shown == "m" ? "m_" : Shown;
    std::string Wide = schemaAdaptable(P->getType());
    std::string Type =
        Wide.empty() ? TypeName::getFullyQualifiedName(P->getType(), Ctx, Policy) : Wide;
    Params += (Params.empty() ? "" : ", ") + Type + " " + Name;
    if (Wide.empty()) {
      Args += (Args.empty() ? "" : ", ") + Name;
      continue;
    }
    std::string Narrow =
        P->getType().getNonReferenceType().getUnqualifiedType().getCanonicalType().getAsString(
            Policy);
    Args += (Args.empty() ? "" : ", ") + ("static_cast<" + Narrow + ">(" + Name + ")");
    if (Wide == "int64_t")
      Checks += "    TORCH_CHECK(static_cast<int64_t>(static_cast<" + Narrow + ">(" + Name +
                ")) == " + Name + ", \"" + B.Name + ": " + Shown + " = \", " + Name +
                ", \" is out of the range of '" + Narrow + "'\");\n";
  }
  std::string Call = spelledName(F) + "(" + Args + ")";
  return "[](" + Params + ") {\n" + Checks +
         (I.PairReturn ? "    auto out = " + Call +
                             ";\n    return std::make_tuple(std::move(out.first), "
                             "std::move(out.second));\n"
                       : "    return " + Call + ";\n") +
         "  }";
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

/// The dispatch keys the migration registers a bound function under: what
/// its code proves (ProjectView::backendOf), never CPU and CUDA by default.
struct Keys {
  std::vector<std::string> Keys;
  std::string Why; ///< Why there are none.
};

Keys keysOf(const FunctionDecl *F, ProjectView &Project) {
  std::string B = Project.backendOf(usrOf(F));
  // Keys proven for the build parsed are not another build's, where a
  // macro the function expands is defined otherwise (inplace_abn's
  // CUDA_DISPATCH launches the CUDA kernel with WITH_CUDA): a composite or
  // CPU-only kernel here may be a CUDA launcher there.
  if (B == "composite" || B == "none" || B == "cpu")
    if (auto [Macro, At] = macroDefinedOtherwise(F); !Macro.empty()) {
      const SourceManager &SM = F->getASTContext().getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(At);
      return {{}, "its code is one build's: '" + Macro + "', which it expands, is defined " +
                      "otherwise at " +
                      (P.isValid() ? llvm::sys::path::filename(P.getFilename()).str() + ":" +
                                         std::to_string(P.getLine())
                                   : std::string("another line")) +
                      ", in code this lint does not compile; register it under the keys "
                      "every build needs"};
    }
  if (B == "composite" || B == "none")
    return {{"CompositeImplicitAutograd"}, ""};
  if (B == "cpu" || B == "cuda")
    return {{B == "cpu" ? "CPU" : "CUDA"}, ""};
  if (B == "cpu cuda")
    return {{"CPU", "CUDA"}, ""};
  if (B == "python")
    return {{}, "its code releases the GIL or calls Python, which a kernel the dispatcher "
                "calls must not do; take that out first"};
  if (StringRef Where = B; Where.consume_front("indirect\t"))
    return {{}, "its dispatch key is unknown: its code calls through a function pointer (" +
                    Where.str() +
                    ") whose target may run on any device; register it under the keys of the "
                    "functions that pointer holds"};
  return {{}, "its dispatch key is unknown (no file of the project torch-lint parsed defines "
              "it or a function it calls): CPU for host code, CUDA for a launcher, "
              "CompositeImplicitAutograd for tensor ops only"};
}

/// The namespace the migration registers into: the project's own
/// TORCH_LIBRARY namespace when it has exactly one, else the module's name.
struct Namespace {
  std::string Code;  ///< As the fix spells it ("TORCH_EXTENSION_NAME", "myext").
  std::string Shown; ///< What torch.ops names it; empty when unknown.
  std::set<std::string> Taken; ///< The project's operators ("ns::op").
};

Namespace namespaceOf(const PyBinding &B, const Registrations &Model, ProjectView &Project,
                      ASTContext &Ctx) {
  Namespace N;
  std::set<std::string> Existing;
  for (const OpDef &D : Model.Defs) {
    Existing.insert(D.Namespace);
    N.Taken.insert(D.Namespace + "::" + D.Name);
  }
  for (const std::string &Op : Project.opsElsewhere()) {
    StringRef Ns = StringRef(Op).split("::").first;
    Existing.insert(Ns.str());
    N.Taken.insert(StringRef(Op).split('.').first.str());
  }
  N.Code = moduleName(B.Module, Ctx);
  if (Existing.size() == 1 && !Existing.begin()->empty()) {
    N.Code = N.Shown = *Existing.begin();
  } else if (N.Code == "TORCH_EXTENSION_NAME") {
    N.Shown = TUModel::of(Ctx).extensionModule();
  } else {
    N.Shown = N.Code;
  }
  return N;
}

} // namespace

OpaqueBindingCheck::OpaqueBindingCheck(StringRef Name, tidy::ClangTidyContext *Context)
    : TorchCheck(Name, Context), PythonRoots(Options.get("PythonRoots", "")) {}

void OpaqueBindingCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "PythonRoots", PythonRoots);
}


void OpaqueBindingCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void OpaqueBindingCheck::reportMethod(const PyBinding &B, ASTContext &Ctx) {
  // Dynamo sees an object of an unknown class and its method (observed on
  // torch 2.x: tests/proofs/test_opaque_binding.py).
  const auto *M = cast<CXXMethodDecl>(B.Function);
  std::string Class = B.Class.empty() ? M->getParent()->getName().str() : B.Class;
  std::string Breaks = getID() == "torch-compile-opaque-binding-unreached"
                           ? "a graph break where compiled code calls it, and no forward, "
                             "backward or compiled function of the project does"
                           : "every call is a graph break";
  diag(B.Site,
       "pybind11 method '%0.%1' takes or returns tensors and is opaque to torch.compile: " +
       Breaks + " [GB0156]; an operator cannot be a method: bind what it "
       "computes as a function of tensors and schema types and register that with "
       "TORCH_LIBRARY (state it needs from the object becomes arguments, or a TorchBind "
       "class, torch::class_, with a fake class for torch.compile)")
      << Class << B.shownName();
  for (const auto &[P, Why] : inferSchema(B, Ctx).Problems)
    diag(P ? P->getLocation() : B.Function->getLocation(), "%0", DiagnosticIDs::Note) << Why;
}

OpaqueBindingCheck::CallerRewrite
OpaqueBindingCheck::rewriteCallers(DiagnosticBuilder &D, ASTContext &Ctx, const PyBinding &B,
                                   const std::string &Ns,
                                   const std::vector<MigratedBinding> &Migrating) {
  CallerRewrite R;
  std::string Module = TUModel::of(Ctx).bindingModule(B);
  // (No namespace known: the fix-it's is TORCH_EXTENSION_NAME's, which only
  // the build says.)
  if (Ns.empty() && !Migrating.empty())
    R.NameUnknown = B.Site;
  if (Ns.empty() || Module.empty() || Migrating.empty())
    return R;
  SourceManager &SM = Ctx.getSourceManager();
  for (const PythonFileCalls &F : TUModel::of(Ctx).bindingCalls(PythonRoots, Module, Migrating)) {
    SourceLocation Start = startOfPythonFile(SM, F.Path, F.Content);
    if (Start.isInvalid())
      continue;
    bool TorchImported = false;
    for (const BindingCall &C : F.Calls) {
      SourceLocation At = Start.getLocWithOffset(C.Offset);
      R.Covered.insert(F.Shown + ":" + std::to_string(C.Line));
      if (!C.Problem.empty()) {
        R.Left.emplace_back(At, F.Content.substr(C.Offset, C.Length), C.Problem);
        continue;
      }
      if (C.TorchImportAt != std::string::npos && !TorchImported) {
        D << FixItHint::CreateInsertion(Start.getLocWithOffset(C.TorchImportAt),
                                        "import torch\n");
        TorchImported = true;
      }
      D << FixItHint::CreateReplacement(
          CharSourceRange::getCharRange(At, At.getLocWithOffset(C.Length)),
          "torch.ops." + Ns + "." + C.Binding);
      R.Rewritten.push_back(At);
    }
  }
  return R;
}

void OpaqueBindingCheck::writeFakes(DiagnosticBuilder &D, ASTContext &Ctx, const PyBinding &B,
                                    const std::string &Ns,
                                    const std::vector<MigratedBinding> &Migrating,
                                    const std::vector<PythonFake> &Fakes,
                                    std::map<std::string, SourceLocation> &WrittenAt) {
  std::string Module = TUModel::of(Ctx).bindingModule(B);
  if (Ns.empty() || Module.empty() || Fakes.empty())
    return;
  std::vector<PythonFileCalls> Files =
      TUModel::of(Ctx).bindingCalls(PythonRoots, Module, Migrating);
  llvm::sort(Files, [](const PythonFileCalls &A, const PythonFileCalls &B) {
    return A.Path < B.Path;
  });
  // Each fake goes into the first file, no test, that calls the binding and
  // imports the module at its top level: wherever that call runs, the fake
  // is registered.
  std::map<const PythonFileCalls *, std::vector<const PythonFake *>> Into;
  for (const PythonFake &Fake : Fakes)
    for (const PythonFileCalls &F : Files)
      if (!isTestFile(F.Shown) &&
          llvm::any_of(F.Calls,
                       [&](const BindingCall &C) { return Fake.Op == Ns + "::" + C.Binding; }) &&
          afterModuleImport(F.Content, Module).Offset != std::string::npos) {
        Into[&F].push_back(&Fake);
        break;
      }
  SourceManager &SM = Ctx.getSourceManager();
  for (const auto &[F, Written] : Into) {
    ModuleCodeSpot Spot = afterModuleImport(F->Content, Module);
    SourceLocation Start = startOfPythonFile(SM, F->Path, F->Content);
    if (Start.isInvalid())
      continue;
    // (Unless the rewrite of its calls imports it already.)
    bool ImportTorch = !Spot.TorchBound && llvm::none_of(F->Calls, [](const BindingCall &C) {
      return C.Problem.empty() && C.TorchImportAt != std::string::npos;
    });
    std::string Text = registerFakesText(F->Content, Spot, Written, ImportTorch);
    SourceLocation At = Start.getLocWithOffset(Spot.Offset);
    D << FixItHint::CreateInsertion(At, Text);
    for (const PythonFake *Fake : Written)
      WrittenAt[Fake->Op] = At;
  }
}

void OpaqueBindingCheck::noteRewrite(const std::string &Ns, const CallerRewrite &R) {
  if (R.NameUnknown.isValid())
    diag(R.NameUnknown,
         "the fix-it leaves the project's Python calls of the pybind11 bindings as they are: "
         "the name the operators get, TORCH_EXTENSION_NAME's, is the build's and no setup.py "
         "here names this file's extension; call them as 'torch.ops.<that name>.<name>(...)'",
         DiagnosticIDs::Note);
  if (!R.Rewritten.empty())
    diag(R.Rewritten.front(),
         "the fix-it rewrites the project's Python calls of the bindings it registers to "
         "'torch.ops.%0.<name>(...)': this one%1; each file keeps its import of the "
         "extension module, whose loading registers the operators",
         DiagnosticIDs::Note)
        << Ns
        << (R.Rewritten.size() == 1 ? std::string()
                                    : " and " + std::to_string(R.Rewritten.size() - 1) +
                                          " more");
  for (const auto &[At, Callee, Why] : R.Left)
    diag(At, "'%0' %1: the fix-it leaves this use of the pybind11 binding as it is",
         DiagnosticIDs::Note)
        << Callee << Why;
  for (const auto &[Name, Site] : R.Unfollowed)
    diag(R.At, "the call of '%0' at %1 is made through a name the fix-it does not follow to "
               "the extension module: it stays a call of the pybind11 binding, a graph break; "
               "call 'torch.ops.%2.%0(...)' there",
         DiagnosticIDs::Note)
        << Name << Site << Ns;
}

void OpaqueBindingCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const Registrations &Model = Registrations::get(Ctx);
  // Bindings not flagged (and left out of the migration). Ops the TU
  // already registers: binding them too is fine.
  std::set<std::string> Settled;
  for (const OpDef &D : Model.Defs)
    Settled.insert(D.Name);

  // One fix-it per module: all its tensor bindings in one TORCH_LIBRARY block.
  llvm::DenseMap<const FunctionDecl *, bool> ModuleFixed;
  // Where the migration writes a binding's fake kernel in Python, by name.
  std::map<std::string, SourceLocation> FakesWrittenAt;
  // Or another file registers the bound function as a kernel (ProjectModel.h).
  ProjectView &Project = ProjectView::get(Ctx);
  for (const PyBinding &B : Model.Bindings)
    if (B.Function && !Settled.count(B.Name) &&
        !Project.registeredElsewhere(usrOf(B.Function)).empty())
      Settled.insert(B.Name);
  // Or torch.compile traces none of the project's Python uses of it: it
  // calls it from an operator's Python kernel (@torch.library.custom_op),
  // in constructors (`def __init__`), or in functions torch.compiler.disable
  // keeps out (PythonOps::untracedUses, the exemption every check asks).
  const PythonOps &Py = TUModel::of(Ctx).pythonOps(PythonRoots);
  // A binding's uses: the calls on its own module where Python makes them
  // so (several extension modules may bind `forward`), else any of its name.
  // (PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) is linted with the
  // placeholder name the engine defines: the module is the one setup.py
  // builds the file into.)
  auto Key = [&Py, &Ctx](const PyBinding &B) {
    return Py.keyFor(B.Name, TUModel::of(Ctx).bindingModule(B));
  };
  // Or it never uses it, or only in tests, while it uses other bindings of
  // its module: a graph break nothing in the project meets.
  for (const PyBinding &B : Model.Bindings)
    if (!Py.untracedUses(Key(B)).empty() ||
        !TUModel::of(Ctx).unusedBinding(B, PythonRoots).empty())
      Settled.insert(B.Name);
  // Or no build compiles the file: the project's Python names the sources
  // beside it and never it (GPTQModel JIT-builds exllamav2's ext_gptq.cpp
  // and ext_awq.cpp; the older pybind11 ext.cpp is left in the tree).
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  llvm::SmallString<256> MainPath(Main ? Main->getName() : llvm::StringRef());
  llvm::sys::fs::make_absolute(MainPath);
  // The file names of its directory, listed once (never a path built from
  // the Python's strings), at most 4096 of them.
  std::vector<std::string> Siblings;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(llvm::sys::path::parent_path(MainPath), EC), End;
       !EC && It != End && Siblings.size() < 4096; It.increment(EC))
    if (It->type() == llvm::sys::fs::file_type::regular_file)
      Siblings.push_back(llvm::sys::path::filename(It->path()).str());
  const bool NotBuilt = Main && Py.notBuilt(MainPath, Siblings);
  if (NotBuilt)
    for (const PyBinding &B : Model.Bindings)
      Settled.insert(B.Name);
  // Where the project's Python calls it decides whose finding it is: in
  // code torch.compile traces (a forward, a backward, a compiled function,
  // what they call), or nowhere (a module the package does not wrap is its
  // users' API), this check's; only elsewhere (plain functions, utilities),
  // the level2 -unreached check's, which says so.
  const bool ForUnreached = getID() == "torch-compile-opaque-binding-unreached";
  // (A name that is no string literal here, `m.def(name, ...)` in a helper
  // that k2 calls once per name: where Python calls it is not known, so it
  // is never reported as called where torch.compile traces, nor as called
  // nowhere.)
  // (A special method, `__setitem__`, that Python never names: it runs it
  // through the syntax the method implements (`v[k] = x`, `len(v)`, `v(x)`),
  // which the scan does not follow: where is not known either.)
  auto RunBySyntax = [&](const PyBinding &B) {
    return python::isSpecialName(B.Name) && Py.firstUse(Key(B)).empty();
  };
  auto Unreached = [&](const PyBinding &B) {
    return B.Name.empty() || RunBySyntax(B) ||
           (!Py.firstUse(Key(B)).empty() && Py.reachedUse(Key(B)).empty());
  };
  auto Where = [&](const PyBinding &B) {
    if (B.Name.empty()) {
      diag(B.Site,
           "its name is not a string literal here (%0): where the project's Python calls it "
           "is not known",
           DiagnosticIDs::Note)
          << (B.NameSpelling.empty() ? std::string("?") : B.NameSpelling);
      return;
    }
    if (RunBySyntax(B)) {
      diag(B.Site,
           "Python runs special method '%0' through the syntax it implements (a subscript, "
           "len(), an operator, a call of the object), which is not followed: where the "
           "project's Python calls it is not known",
           DiagnosticIDs::Note)
          << B.Name;
      return;
    }
    if (std::string At = Py.reachedUse(Key(B)); !At.empty())
      diag(B.Site,
           At.find(", which the package exports (") == std::string::npos
               ? "the project's Python calls it where torch.compile traces: %0"
               : "the project's Python calls it in its users' API, assumed called from their "
                 "compiled code: %0",
           DiagnosticIDs::Note)
          << At;
    else if (Unreached(B))
      diag(B.Site,
           "the project's Python calls it (%0) only where no forward, backward or compiled "
           "function of the project reaches by name (a call of a method several classes "
           "define is not followed, unless one declares it abstract): a graph break where its "
           "users compile those callers",
           DiagnosticIDs::Note)
          << Py.firstUse(Key(B));
    else
      diag(B.Site,
           "the project's Python never calls it: assumed called from its users' compiled code",
           DiagnosticIDs::Note);
  };
  for (const PyBinding &B : Model.Methods)
    if (!NotBuilt && takesOrReturnsTensors(B.Function) && Py.untracedUses(Key(B)).empty() &&
        TUModel::of(Ctx).unusedBinding(B, PythonRoots).empty() && Unreached(B) == ForUnreached) {
      startFinding(Ctx);
      reportMethod(B, Ctx);
      Where(B);
    }
  // The module's migration fix-it is this check's when it reports one of
  // the module's bindings (else the -unreached check's): one block, even
  // with both on.
  llvm::DenseSet<const FunctionDecl *> ModuleReached;
  for (const PyBinding &B : Model.Bindings)
    if (B.Function && B.Module && takesOrReturnsTensors(B.Function) && !Settled.count(B.Name) &&
        !Unreached(B))
      ModuleReached.insert(B.Module);
  const std::string Breaks =
      ForUnreached ? "a graph break where compiled code calls it, and no forward, backward or "
                     "compiled function of the project does"
                   : "every call is a graph break";
  for (const PyBinding &B : Model.Bindings) {
    if (!B.Function || !B.Module || !takesOrReturnsTensors(B.Function) ||
        Settled.count(B.Name) || Unreached(B) != ForUnreached)
      continue;
    // What this finding assumes: whether another file registers B (asked
    // above for every binding), its schema, and the module's migration.
    startFinding(Ctx);
    (void)Project.registeredElsewhere(usrOf(B.Function));
    Inferred I = inferSchema(B, Ctx);
    Namespace Ns = namespaceOf(B, Model, Project, Ctx);
    // The bindings of B's module the migration takes: those whose schema
    // and keys are known (the others stay pybind11 bindings, with notes).
    auto Candidate = [&](const PyBinding &Other) {
      // (A name that is no identifier is no operator's, and must not reach
      // the C++ and Python the fix writes.)
      return Other.Module == B.Module && Other.Function && python::isIdentifier(Other.Name) &&
             takesOrReturnsTensors(Other.Function) && !Settled.count(Other.Name) &&
             !Ns.Taken.count(Ns.Code + "::" + Other.Name);
    };
    CallerRewrite PythonRewrite;
    {
    const std::string Head =
        "pybind11 binding '%0' takes or returns tensors and is opaque to torch.compile: " +
        (B.Name.empty() ? std::string("a graph break where compiled code calls it") : Breaks) +
        " [GB0007]; register it with TORCH_LIBRARY";
    // (Named by a string no operator can have: `m.def("scale-v2", ...)`.)
    bool Unnameable = !B.Name.empty() && !python::isIdentifier(B.Name);
    auto D = diag(B.Site,
                  Head + (B.Name.empty() ? " under the name it is bound with (the pybind11 "
                                           "binding can stay)"
                          : Unnameable ? " under a name that is an identifier, as an operator's "
                                         "name must be (the pybind11 binding can stay)"
                          : I.settled() ? " as '%1' (the pybind11 binding can stay)"
                          : I.Problems.empty()
                              ? ", declaring 'Tensor(a!)' each tensor its code writes: the "
                                "notes name those whose writes the code the project shows "
                                "cannot tell (the pybind11 binding can stay)"
                          : I.TypeProblem
                              ? " once the types the notes name are schema types (the "
                                "pybind11 binding can stay)"
                              : " once it returns none of its inputs as an output: the notes "
                                "say where (the pybind11 binding can stay)"));
    D << B.shownName();
    if (I.settled() && !B.Name.empty() && !Unnameable)
      D << I.Schema;
    bool CanFix = I.settled() && !B.Name.empty() && !Unnameable && !ModuleFixed.count(B.Module) &&
                  ModuleReached.count(B.Module) != ForUnreached;
    const Stmt *Body = B.Module->getBody();
    SourceLocation End = Body ? Body->getEndLoc() : SourceLocation();
    if (CanFix && End.isValid() && !End.isMacroID()) {
      ModuleFixed[B.Module] = true;
      // Composite first, then CPU, then CUDA: each function under the keys
      // its code proves.
      std::map<std::string, std::string> Impls;
      std::string Defs, FirstName;
      unsigned Migrated = 0;
      std::vector<MigratedBinding> Migrating;
      std::vector<PythonFake> PyFakes;
      for (const PyBinding &Other : Model.Bindings) {
        if (!Candidate(Other))
          continue;
        Inferred OI = inferSchema(Other, Ctx);
        Keys K = keysOf(Other.Function, Project);
        if (!OI.settled() || K.Keys.empty())
          continue;
        Defs += "  m.def(\"" + OI.Schema + "\");\n";
        if (std::optional<FunctionSchema> FS = parseSchema(OI.Schema, nullptr)) {
          Migrating.push_back({Other.Name, {}});
          for (const SchemaArg &A : FS->args) {
            Migrating.back().Args.push_back(A.name);
            Migrating.back().HasDefault.push_back(A.hasDefault);
          }
        }
        if (Migrated++ == 0)
          FirstName = Other.Name;
        for (const std::string &Key : K.Keys)
          Impls[Key] += "  m.impl(\"" + Other.Name + "\", " + kernelOf(Other, OI, Ctx) + ");\n";
        // Its fake, where its body shows the outputs (metaKernelOf), else
        // in Python where the outputs are known (its body is in another
        // file, or a size depends on the data).
        if (K.Keys.front() != "CompositeImplicitAutograd" && !trivialFake(OI)) {
          if (std::string Meta = metaKernelOf(Other.Function); !Meta.empty())
            Impls["Meta"] += "  m.impl(\"" + Other.Name + "\", " + Meta + ");\n";
          else if (auto [Args, Ret] = pythonFakeOf(Other.Function, OI.FakeArgs, Project);
                   !Ret.empty())
            PyFakes.push_back({Ns.Shown + "::" + Other.Name, "_" + Other.Name + "_fake", Args, Ret});
        }
      }
      if (!Defs.empty()) {
        std::string Block =
            "\n\n// Registered as custom ops so torch.compile can trace through calls: "
            "torch.ops." +
            (Ns.Shown.empty() ? "M" : Ns.Shown) + "." + FirstName +
            (Migrated > 1 ? " and the others" : "") +
            (Ns.Shown.empty() ? ", M being what " + Ns.Code +
                                    " expands to (the last part of the extension's name)."
                              : ".") +
            "\nTORCH_LIBRARY_FRAGMENT(" + Ns.Code + ", m) {\n" + Defs + "}";
        for (const char *Key : {"CompositeImplicitAutograd", "CPU", "CUDA", "Meta"}) {
          auto It = Impls.find(Key);
          if (It == Impls.end())
            continue;
          Block += "\n\n";
          if (It->first == "CompositeImplicitAutograd")
            Block += "// Tensor ops only: one kernel for every backend, which torch.compile "
                     "traces (no fake kernel needed).\n";
          if (It->first == "Meta")
            Block += "// Fake kernels for torch.compile: the outputs the kernels allocate, "
                     "with symbolic sizes.\n";
          Block += "TORCH_LIBRARY_IMPL(" + Ns.Code + ", " + Key + ", m) {\n" + It->second + "}";
        }
        D << FixItHint::CreateInsertion(End.getLocWithOffset(1), Block);
        PythonRewrite = rewriteCallers(D, Ctx, B, Ns.Shown, Migrating);
        // Each migrated binding's call where torch.compile traces, where the
        // rewrite found none there (semseg's `src.cpu.psamask_forward(...)`,
        // `cpu` a module the package's __init__ loads).
        if (!Ns.Shown.empty())
          for (const MigratedBinding &M : Migrating)
            for (const PyBinding &Other : Model.Bindings)
              if (Other.Module == B.Module && Other.Name == M.Name) {
                std::string Use = Py.reachedUse(Key(Other));
                std::string At = Use.substr(0, Use.find(','));
                if (!At.empty() && !PythonRewrite.Covered.count(At))
                  PythonRewrite.Unfollowed.emplace_back(M.Name, At);
                break;
              }
        PythonRewrite.At = B.Site;
        writeFakes(D, Ctx, B, Ns.Shown, Migrating, PyFakes, FakesWrittenAt);
      }
    }
    }
    Where(B);
    noteRewrite(Ns.Shown, PythonRewrite);
    // (The schema is the parsed configuration's: fast_rnnt's binding calls
    // the CUDA kernel, which writes `ans_grad`, under `#ifdef FT_WITH_CUDA`.)
    if (I.settled() && !B.Name.empty())
      if (auto [At, Directive] = skippedArmOf(B.Function); At.isValid())
        diag(At,
             "the code under '%0' is not compiled in this lint (the default build does not "
             "take that arm): the schema is read from the code that is, and a tensor the "
             "other arm writes is 'Tensor(a!)' too",
             DiagnosticIDs::Note)
            << Directive;
    for (const auto &[P, Why] : I.Problems)
      diag(P ? P->getLocation() : B.Function->getLocation(), "%0", DiagnosticIDs::Note)
          << Why;
    if (I.settled() && I.adapted() && !B.Name.empty()) {
      std::string What;
      for (const ParmVarDecl *P : I.Widened)
        What += (What.empty() ? "takes '" : ", '") + schemaNameOf(P) + "' as '" +
                schemaAdaptable(P->getType()) + "'";
      if (!I.Widened.empty())
        What += std::string(I.Widened.size() == 1 ? " and narrows it" : " and narrows them") +
                " as pybind11 does (an integer out of the range of its C++ "
                "type is refused, as pybind11 refuses it)";
      if (I.PairReturn)
        What += std::string(What.empty() ? "" : "; it ") + "returns the std::pair as a tuple";
      diag(B.Function->getLocation(),
           "'%0' has types no schema has: the fix-it registers a lambda that %1",
           DiagnosticIDs::Note)
          << B.Name << What;
    }
    for (const auto &[P, Where] : I.Unknown)
      diag(P->getLocation(),
           "'%0' %1, whose writes cannot be seen: its schema type is 'Tensor(a!)' if that code "
           "writes it, else 'Tensor'",
           DiagnosticIDs::Note)
          << schemaNameOf(P) << Where;
    if (!I.Problems.empty() || B.Name.empty())
      continue; // (An op needs a name: no keys, no fake for one without.)
    Keys K = keysOf(B.Function, Project);
    if (K.Keys.empty())
      diag(B.Function->getLocation(), "the fix-it leaves '%0' out: %1", DiagnosticIDs::Note)
          << B.Name << K.Why;
    else if (Ns.Taken.count(Ns.Code + "::" + B.Name))
      diag(B.Function->getLocation(),
           "the fix-it leaves '%0' out: the project already defines an operator '%1::%0'",
           DiagnosticIDs::Note)
          << B.Name << Ns.Code;
    if (K.Keys.size() == 1 && K.Keys.front() == "CompositeImplicitAutograd")
      continue; // Traced through its tensor ops: no fake kernel needed.
    // An op that mutates and returns nothing: torch makes its fake
    // (torch._library.utils.can_generate_trivial_fake_impl).
    if (trivialFake(I))
      continue;
    // A Meta kernel the fix-it registers (the body shows the outputs).
    if (std::string Meta = metaKernelOf(B.Function);
        !Meta.empty() && I.settled() && !K.Keys.empty() && !Ns.Taken.count(Ns.Code + "::" + B.Name)) {
      diag(B.Function->getLocation(),
           "the fix-it gives the op a fake kernel for torch.compile, a Meta kernel written "
           "from the outputs its code allocates: m.impl(\"%0\", %1)",
           DiagnosticIDs::Note)
          << B.Name << Meta;
      continue;
    }
    // The outputs the kernel allocates, in Python, when its body shows them
    // (here, or in the file that defines it: then with its names there).
    auto [FakeArgs, Returns] = pythonFakeOf(B.Function, I.FakeArgs, Project);
    if (auto At = FakesWrittenAt.find(Ns.Shown + "::" + B.Name);
        At != FakesWrittenAt.end() && !Returns.empty()) {
      diag(At->second,
           "the fix-it gives '%0::%1' a fake kernel for torch.compile here, in the Python file "
           "that calls it, after its import of the extension module (which registers the "
           "operator): @torch.library.register_fake(\"%0::%1\") def ...(%2): return %3",
           DiagnosticIDs::Note)
          << Ns.Shown << B.Name << FakeArgs << Returns;
      continue;
    }
    Returns = Returns.empty() ? "... (empty tensors of the outputs' shapes and dtypes; "
                                "torch.library.get_ctx().new_dynamic_size() for a size that "
                                "depends on the data)"
                              : "return " + Returns;
    diag(B.Function->getLocation(),
         "give the op a fake kernel for torch.compile, e.g. in Python: "
         "@torch.library.register_fake(\"%0::%1\") def _(%2): %3%4",
         DiagnosticIDs::Note)
        << (Ns.Shown.empty() ? "M" : Ns.Shown) << B.Name << FakeArgs << Returns
        << (Ns.Shown.empty() ? ", M being what " + Ns.Code +
                                   " expands to (the last part of the extension's name)"
                             : "");
  }
}

} // namespace torchlint::checks
