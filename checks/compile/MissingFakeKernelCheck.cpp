//===--- MissingFakeKernelCheck.cpp - torch-compile-missing-fake-kernel ---===//

#include "MissingFakeKernelCheck.h"

#include "../model/FakeKernel.h"
#include "../model/PythonTokens.h"
#include "../model/PythonTree.h"
#include "../model/Macros.h"

#include "../model/ProjectModel.h"
#include "../model/PythonFakes.h"
#include "../model/Session.h"
#include "../model/Signatures.h"
#include "../model/Registrations.h"
#include "../model/TorchApi.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
MissingFakeKernelCheck::MissingFakeKernelCheck(StringRef Name,
                                               tidy::ClangTidyContext *Context)
    : TorchCheck(Name, Context), PythonRoots(Options.get("PythonRoots", "")) {}

void MissingFakeKernelCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "PythonRoots", PythonRoots);
}


namespace {

/// Where a statement after the one \p Call is goes: the end of its line
/// when only a `//` comment follows its `;` there (the comment stays with
/// it), else just after the `;`. Invalid in a macro.
SourceLocation afterStatement(const CallExpr *Call, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Call || Call->getBeginLoc().isMacroID() || Call->getEndLoc().isMacroID())
    return {};
  SourceLocation Semi = Lexer::findLocationAfterToken(
      Call->getEndLoc(), tok::semi, SM, Ctx.getLangOpts(), /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (Semi.isInvalid())
    return {};
  StringRef Rest = SM.getCharacterData(Semi);
  Rest = Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
  StringRef Trimmed = Rest.trim();
  if (Trimmed.empty() || (Trimmed.starts_with("//") && !Trimmed.ends_with("\\")))
    return Semi.getLocWithOffset(Rest.size());
  return Semi;
}

/// The spaces and tabs that begin \p Loc's line.
std::string indentOf(SourceLocation Loc, const SourceManager &SM) {
  StringRef Buffer = SM.getBufferData(SM.getFileID(Loc));
  unsigned Offset = SM.getFileOffset(Loc);
  unsigned Begin = Buffer.rfind('\n', Offset) == StringRef::npos ? 0 : Buffer.rfind('\n', Offset) + 1;
  StringRef Line = Buffer.slice(Begin, Offset);
  return Line.take_while([](char C) { return C == ' ' || C == '\t'; }).str();
}

/// The library object a registration call is made on, as written (`m`).
std::string libraryOf(const CallExpr *Call, ASTContext &Ctx) {
  const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  const Expr *Object = Member ? Member->getImplicitObjectArgument() : nullptr;
  if (!Object)
    return "m";
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Object->getSourceRange()),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

} // namespace

void MissingFakeKernelCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

MissingFakeKernelCheck::PythonFakeSite MissingFakeKernelCheck::pythonFakeSite(const OpDef &D, PythonFake &Fake,
                                                      ASTContext &Ctx) {
  TUModel &TU = TUModel::of(Ctx);
  std::string Module = TU.extensionModule();
  std::string Ns = D.Namespace == ExtensionNamePlaceholder ? Module : D.Namespace;
  // (Names from the project's C++ that reach Python text: identifiers only.)
  if (Module.empty() || !python::isIdentifier(Ns) || !python::isIdentifier(D.Name) ||
      (!D.Overload.empty() && !python::isIdentifier(D.Overload)))
    return {};
  Fake.Op = Ns + "::" + D.Name + (D.Overload.empty() ? "" : "." + D.Overload);
  Fake.Function = "_" + D.Name + "_fake";
  std::vector<PythonFileCalls> Files = TU.moduleImporters(PythonRoots, Module);
  llvm::erase_if(Files, [](const PythonFileCalls &F) { return isTestFile(F.Shown); });
  auto First = llvm::min_element(Files, [](const PythonFileCalls &A, const PythonFileCalls &B) {
    return A.Shown < B.Shown;
  });
  if (First == Files.end())
    return {};
  ModuleCodeSpot Spot = afterModuleImport(First->Content, Module);
  SourceLocation Start = startOfPythonFile(Ctx.getSourceManager(), First->Path, First->Content);
  if (Start.isInvalid())
    return {};
  return {Start.getLocWithOffset(Spot.Offset), First->Content, Spot};
}

void MissingFakeKernelCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // m.impl_abstract_pystub("pkg.module") / m.set_python_module(...): the
  // library's fake kernels live in that Python module.
  bool HasPyStub = !match(cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName(
                              "impl_abstract_pystub", "set_python_module")))),
                          Ctx)
                        .empty();
  const SourceManager &SM = Ctx.getSourceManager();
  const Registrations &Model = Registrations::get(Ctx);
  ProjectView &Project = ProjectView::get(Ctx);

  const PythonOps &Py = TUModel::of(Ctx).pythonOps(PythonRoots);

  // Each (namespace, name, overload) is its own operator with its own
  // kernels and fake: a fake for "ns::op" is not one for "ns::op.out".
  auto Overload = [](const OpDef &D) { return D.Overload.empty() ? "" : "." + D.Overload; };
  // A Python file registering fakes under names the scan cannot resolve
  // (f"{ns}::{name}" in a helper, a loop over a variable) may give any op of
  // that namespace one: the check stays silent on the namespace rather than
  // report ops that have fakes. ("*" itself names none: the scan records
  // the namespaces such a file names, PythonFakes.h.)
  auto HasPythonFake = [&](const OpDef &D) {
    return Py.Fakes.count(D.qualifiedName()) || Py.Fakes.count("*::" + D.Name + Overload(D)) ||
           Py.UnresolvedNamespaces.count(D.Namespace);
  };
  // Kernels other files register count as this TU's (ProjectModel.h): a
  // Meta kernel in meta.cpp is the fake of an op defined in ops.cpp.
  std::map<std::string, std::vector<KernelFact>> ElsewhereCache;
  auto Elsewhere = [&](const OpDef &D) -> const std::vector<KernelFact> & {
    auto It = ElsewhereCache.find(D.qualifiedName());
    if (It == ElsewhereCache.end())
      It = ElsewhereCache
               .emplace(D.qualifiedName(), Project.kernelsElsewhere(D.qualifiedName()))
               .first;
    return It->second;
  };
  auto KernelsOf = [&](const OpDef &D, std::vector<const KernelImpl *> &Backend,
                       std::vector<const KernelImpl *> &Traced) {
    for (const KernelImpl &K : Model.Impls)
      if (K.Namespace == D.Namespace && K.OpName == D.Name && K.Overload == D.Overload)
        (Registrations::isTracedKey(K.DispatchKey) ? Traced : Backend).push_back(&K);
  };
  auto TracedElsewhere = [&](const OpDef &D) {
    return llvm::any_of(Elsewhere(D), [](const KernelFact &K) {
      return K.CatchAll || K.Key.empty() || Registrations::isTracedKey(K.Key);
    });
  };
  // torch 2.x FakeTensor gives a custom op that mutates an input and returns
  // nothing a trivial fake kernel (torch/_library/utils.py,
  // can_generate_trivial_fake_impl; used by fake_tensor.py when the op has no
  // fake or Meta kernel): torch.compile runs it without a registered fake.
  auto HasTrivialFake = [](const OpDef &D) {
    if (!D.Schema || D.Schema->nameOnly || !D.Schema->returns.empty() || D.Schema->isVarret)
      return false;
    for (const SchemaArg &A : D.Schema->args)
      if (A.alias.isWrite)
        return true;
    return false;
  };
  // Whether an overload of (ns, name) runs on fake tensors without a
  // finding: it has a fake, a Meta or composite kernel, or a trivial fake.
  auto Covered = [&](const OpDef &D) {
    if (HasPythonFake(D) || HasTrivialFake(D))
      return true;
    std::vector<const KernelImpl *> Backend, Traced;
    KernelsOf(D, Backend, Traced);
    // A kernel whose key is set in another file may be its Meta kernel.
    return !Traced.empty() || TracedElsewhere(D) ||
           llvm::any_of(Backend, [](const KernelImpl *K) { return K->DispatchKey.empty(); });
  };
  auto SiblingsOf = [&](const OpDef &D) {
    std::vector<const OpDef *> Out;
    for (const OpDef &O : Model.Defs)
      if (O.Namespace == D.Namespace && O.Name == D.Name)
        Out.push_back(&O);
    return Out;
  };

  struct PendingFinding {
    SourceLocation At; ///< Where its Python fake goes; invalid when none.
    PythonFake Fake;
    PythonFakeSite Site;
    std::vector<std::string> Assumed; ///< What the project's answers for it assumed.
    std::function<void(const std::string &)> Emit; ///< Given the Python fix-it's text.
  };
  std::vector<PendingFinding> Pending;
  std::set<std::string> Seen;
  // Ops with only named overloads already reported once.
  std::set<std::string> ReportedNamedOnly;
  for (const OpDef &D : Model.Defs) {
    startFinding(Ctx);
    std::string Op = D.qualifiedName();
    if (D.Name.empty() || !Seen.insert(Op).second)
      continue;
    if (HasPythonFake(D))
      continue;
    // torch.compile never runs the op on fake tensors in this project: the
    // project's Python uses it only where torch.compile does not trace
    // (PythonOps::untracedUses, the exemption every check asks), or names
    // its namespace's ops one by one and never this one.
    if (!Py.untracedOpUses(D.Namespace, D.Name).empty() ||
        Py.neverNamedOp(D.Namespace, D.Name))
      continue;
    std::vector<const KernelImpl *> Backend, Traced;
    KernelsOf(D, Backend, Traced);
    // Registered through a helper called from another file: key unknown.
    if (llvm::any_of(Backend, [](const KernelImpl *K) { return K->DispatchKey.empty(); }))
      continue;
    SourceLocation Loc = D.Literal ? macroBodySite(D.Literal->getBeginLoc(),
                                                   D.Literal->getBeginLoc(), SM)
                                   : registrationLoc(D.Call);

    if (!Traced.empty()) {
      // A composite kernel is the fake kernel only if it traces.
      for (const KernelImpl *K : Traced) {
        if (!K->CatchAll && K->DispatchKey != "CompositeImplicitAutograd")
          continue;
        const CallExpr *Read = firstDataRead(K->Function);
        // Or in a function another file defines ("file:line call").
        std::string ReadElsewhere =
            Read || !K->Function ? "" : Project.dataReadOf(usrOf(K->Function));
        if (!Read && ReadElsewhere.empty())
          continue;
        // What torch 2.x reports (tests/proofs): a value read (item(),
        // equal()) is a data-dependent operator; a raw data read fails the
        // fake-tensor call ("data is not allocated").
        const FunctionDecl *ReadFn = Read ? Read->getDirectCallee() : nullptr;
        StringRef ReadName = ReadFn && ReadFn->getIdentifier()
                                 ? ReadFn->getName()
                                 : StringRef(ReadElsewhere).rsplit(' ').second;
        bool RawData = isRawDataRead(ReadName);
        diag(registrationLoc(K->Call),
             "'%0' is registered without a dispatch key, so its kernel also "
             "runs on fake tensors, but it reads tensor data: %1; register it "
             "for CPU/CUDA and add a fake kernel (register_fake in Python or a "
             "Meta kernel)")
            << Op
            << (RawData ? "torch.compile fails there with 'data is not allocated' [GB4315]"
                        : "torch.compile breaks the graph there on a data-dependent "
                          "value [GB0033]");
        if (Read)
          diag(Read->getExprLoc(), "tensor data is read here", DiagnosticIDs::Note);
        else
          diag(registrationLoc(K->Call), "tensor data is read in %0 ('%1')", DiagnosticIDs::Note)
              << StringRef(ReadElsewhere).rsplit(' ').first << ReadName;
        break;
      }
      continue;
    }
    if (TracedElsewhere(D))
      continue;
    std::vector<const KernelFact *> BackendElsewhere;
    for (const KernelFact &K : Elsewhere(D))
      BackendElsewhere.push_back(&K);
    if ((Backend.empty() && BackendElsewhere.empty()) || HasPyStub || HasTrivialFake(D))
      continue;
    // Which overloads Python runs: torch.ops.ns.op(...) and .default call the
    // default overload; another is reported only when Python code names it
    // (torch.ops.ns.op.out), or when the op has no default overload and none
    // of its overloads has a fake (then once, at the first one). An out=
    // overload nobody calls from Python is not a finding.
    auto CalledAt = Py.Called.find(Op);
    bool NamedInPython = CalledAt != Py.Called.end();
    if (!D.Overload.empty() && !NamedInPython) {
      std::vector<const OpDef *> Siblings = SiblingsOf(D);
      bool HasDefault = llvm::any_of(Siblings, [](const OpDef *O) { return O->Overload.empty(); });
      bool AnyCovered = llvm::any_of(Siblings, [&](const OpDef *O) { return Covered(*O); });
      if (HasDefault || AnyCovered ||
          !ReportedNamedOnly.insert(D.Namespace + "::" + D.Name).second)
        continue;
    }
    std::string Keys;
    for (const KernelImpl *K : Backend)
      if (Keys.find(K->DispatchKey) == std::string::npos)
        Keys += (Keys.empty() ? "" : "/") + K->DispatchKey;
    for (const KernelFact *K : BackendElsewhere)
      if (Keys.find(K->Key) == std::string::npos)
        Keys += (Keys.empty() ? "" : "/") + K->Key;
    // The fake, written: a Meta kernel from the outputs a backend kernel of
    // this file allocates (metaKernelOf: symbolic sizes, the options of an
    // input), registered beside the def (issue #31). None where no kernel's
    // body shows them: a wrong fake is worse than none.
    const KernelImpl *From = nullptr;
    std::string Meta;
    for (StringRef Key : {"CPU", "CUDA", ""})
      for (const KernelImpl *K : Backend)
        if (!From && (Key.empty() || K->DispatchKey == Key))
          if (std::string M = metaKernelOf(K->Function); !M.empty()) {
            From = K;
            Meta = std::move(M);
          }
    SourceLocation After = From ? afterStatement(D.Call, Ctx) : SourceLocation();
    // No C++ form (a size read from the data): the Python fake, where a
    // kernel's body shows the outputs, with the data-dependent size it
    // needs, written after the import of the extension module that
    // registers the op (pythonFakeSite).
    const KernelImpl *PyFrom = nullptr;
    PythonFake Fake;
    if (!From)
      for (const KernelImpl *K : Backend)
        if (!PyFrom && K->Function)
          if (std::string R = fakeReturnOf(K->Function); !R.empty()) {
            PyFrom = K;
            Fake.Returns = std::move(R);
          }
    PythonFakeSite Site;
    if (PyFrom) {
      for (const ParmVarDecl *P : PyFrom->Function->parameters())
        Fake.Args += (Fake.Args.empty() ? "" : ", ") + schemaNameOf(P);
      Site = pythonFakeSite(D, Fake, Ctx);
    }
    // Emitted once every op is seen: the Python fakes that go to one spot
    // of one file are one insertion (two insertions at one offset conflict,
    // and --fix would drop the second).
    Pending.push_back({Site.At, Fake, Site.At.isValid() ? Site : PythonFakeSite{},
                       Project.takeAssumed(),
                       [=, this, &Ctx, &SM, &Project](const std::string &PythonText) {
    {
      auto Diag = diag(Loc, "'%0' has %1 kernels but no Meta, composite or fake kernel: "
                            "torch.compile cannot run it on fake tensors [GB0090]; add "
                            "@torch.library.register_fake(\"%0\") in Python or a Meta kernel")
                  << Op << Keys;
      if (After.isValid())
        Diag << FixItHint::CreateInsertion(
            After, "\n" + indentOf(D.Call->getBeginLoc(), SM) + libraryOf(D.Call, Ctx) +
                       ".impl(\"" + D.Name + Overload(D) +
                       "\", torch::dispatch(c10::DispatchKey::Meta, " + Meta + "));");
      if (!PythonText.empty())
        Diag << FixItHint::CreateInsertion(Site.At, PythonText);
    }
    if (From) {
      diag(Loc,
           "%select{the fix-it registers|no fix-it in a macro: register}0 a Meta kernel written from the "
           "outputs '%1' allocates: %2",
           DiagnosticIDs::Note)
          << After.isInvalid() << functionName(From->Function) << Meta;
    } else if (Site.At.isValid()) {
      diag(Site.At,
           "the fix-it gives '%0' a fake kernel for torch.compile here, after the import of "
           "the extension module that registers it (no Meta kernel: an output's size is read "
           "from the data), from the outputs '%1' allocates: "
           "@torch.library.register_fake(\"%0\") def ...(%2): return %3",
           DiagnosticIDs::Note)
          << Fake.Op << functionName(PyFrom->Function) << Fake.Args << Fake.Returns;
    } else if (PyFrom) {
      diag(Loc,
           "no Meta kernel is written (an output's size is read from the data); in Python, "
           "from the outputs '%0' allocates: @torch.library.register_fake(\"%1\") def _(%2): "
           "return %3",
           DiagnosticIDs::Note)
          << functionName(PyFrom->Function) << Op << Fake.Args << Fake.Returns;
    } else if (auto It = llvm::find_if(Backend,
                                       [](const KernelImpl *K) { return K->Function; });
               It != Backend.end() && !(*It)->Function->getReturnType()->isVoidType()) {
      diag(Loc,
           "no fake kernel is written: what '%0' returns is not outputs torch-lint can size "
           "from its inputs",
           DiagnosticIDs::Note)
          << functionName((*It)->Function);
    }
    if (NamedInPython && !D.Overload.empty())
      diag(Loc, "Python code calls this overload: 'torch.ops.%0.%1.%2' in %3",
           DiagnosticIDs::Note)
          << D.Namespace << D.Name << D.Overload << CalledAt->second;
    for (const KernelImpl *K : Backend)
      diag(registrationLoc(K->Call), "%0 kernel registered here", DiagnosticIDs::Note)
          << K->DispatchKey;
    for (const KernelFact *K : BackendElsewhere)
      diag(Loc, "%0 kernel '%1' registered in %2:%3", DiagnosticIDs::Note)
          << K->Key << K->Function << Project.displayPath(K->At.File) << K->At.Line;
                       }});
  }
  // Each spot's fakes, written with the first finding that has one there.
  std::map<unsigned, std::vector<const PythonFake *>> AtSpot;
  for (const PendingFinding &P : Pending)
    if (P.At.isValid())
      AtSpot[P.At.getRawEncoding()].push_back(&P.Fake);
  for (const PendingFinding &P : Pending) {
    std::string Text;
    if (P.At.isValid())
      if (auto It = AtSpot.find(P.At.getRawEncoding()); It != AtSpot.end()) {
        Text = registerFakesText(P.Site.Content, P.Site.Spot, It->second, !P.Site.Spot.TorchBound);
        AtSpot.erase(It);
      }
    Project.takeAssumed();
    Project.restoreAssumed(P.Assumed);
    P.Emit(Text);
  }
}

} // namespace torchlint::checks
