//===--- Session.cpp - What one lint run knows, and one TU's model --------===//

#include "Session.h"
#include "ProjectModel.h"
#include "PythonTokens.h"
#include "Registrations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Path.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <cassert>
#include <nlohmann/json.hpp>

namespace torchlint::model {

Session::Session(Settings S) : S(std::move(S)) {}
Session::~Session() = default;

std::string Session::projectRootOfFile(const std::string &Path) const {
  return S.RootOf ? S.RootOf(Path) : gitWorkTreeOf(Path);
}

std::string Session::displayPath(const std::string &File) const {
  // Asked for every site a note or an answer names: each directory's root
  // is looked up once (gsplat: 400,000 access() calls a run otherwise).
  std::string Root;
  {
    std::string Dir = llvm::sys::path::parent_path(File).str();
    std::lock_guard<std::mutex> Guard(Lock);
    auto [It, New] = RootOfDirectory.try_emplace(Dir);
    if (New)
      It->second = projectRootOfFile(File);
    Root = It->second;
  }
  llvm::StringRef Shown = File;
  if (!Root.empty() && Shown.consume_front(Root + "/"))
    return Shown.str();
  return File;
}

std::shared_ptr<const ProjectIndex> Session::indexFor(const std::string &Main) const {
  if (!S.Index && S.LateIndex) {
    std::call_once(LateOnce, [&] { Late = S.LateIndex(); });
    return Late;
  }
  if (S.Index || S.StoredIndexCache.empty())
    return S.Index;
  std::string Root = gitWorkTreeOf(Main);
  if (Root.empty())
    return nullptr;
  std::lock_guard<std::mutex> Guard(Lock);
  auto &Slot = StoredIndexes[Root];
  if (!Slot)
    Slot = std::make_shared<ProjectIndex>(
        ProjectIndex::load(ProjectIndex::storedPath(S.StoredIndexCache, Root)));
  return Slot;
}

const PythonOps &Session::pythonOps(const std::vector<std::string> &Roots) const {
  // Scanned under the lock: the run's other threads want the same roots.
  std::lock_guard<std::mutex> Guard(ScanLock);
  auto &Slot = Scans[Roots];
  if (!Slot)
    Slot = std::make_unique<PythonOps>(scanPythonTrees(Roots));
  return *Slot;
}

std::string Session::pythonTreeDigest(const std::string &Root) const {
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = TreeDigests.try_emplace(Root);
  if (New)
    It->second = model::pythonTreeDigest(Root);
  return It->second;
}

void Session::notePythonToEdit(const std::string &Path,
                               const std::array<uint8_t, 32> &Digest) const {
  std::lock_guard<std::mutex> Guard(Lock);
  PythonToEdit[Path] = Digest;
}

std::map<std::string, std::array<uint8_t, 32>> Session::pythonToEdit() const {
  std::lock_guard<std::mutex> Guard(Lock);
  return PythonToEdit;
}

std::string Session::pythonScansToJson() const {
  std::lock_guard<std::mutex> Guard(ScanLock);
  // Written for each batch of workers (TransformerEngine's: 0.6 s a time):
  // once while no scan is added.
  if (ScansJsonOf == Scans.size())
    return ScansJson;
  nlohmann::json All = nlohmann::json::array();
  for (const auto &[Roots, P] : Scans)
    All.push_back({{"roots", Roots},
                   {"fakes", P->Fakes},
                   {"called", P->Called},
                   {"unresolved", P->UnresolvedNamespaces},
                   {"wrapped", P->WrappedCalls},
                   {"uses", P->Uses},
                   {"disablers", P->CompileDisablers},
                   {"definitions", P->Definitions},
                   {"named_ops", P->NamedOps},
                   {"dynamic_ns", P->DynamicOpNamespaces},
                   {"called_ns", P->CalledOpNamespaces},
                   {"from_export", P->ReachedFromExport},
                   {"sources", P->SourceNames},
                   {"source_globs", P->SourceGlobs},
                   {"extension_modules", P->ExtensionModules},
                   {"loaded_as", P->LoadedAs}});
  ScansJson = All.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  ScansJsonOf = Scans.size();
  return ScansJson;
}

bool Session::preloadPythonScans(llvm::StringRef Json) {
  nlohmann::json All = nlohmann::json::parse(Json.begin(), Json.end(), nullptr,
                                             /*allow_exceptions=*/false);
  if (!All.is_array())
    return false;
  std::map<std::vector<std::string>, PythonOps> Read;
  try {
    for (const nlohmann::json &E : All) {
      PythonOps &P = Read[E.at("roots").get<std::vector<std::string>>()];
      E.at("fakes").get_to(P.Fakes);
      E.at("called").get_to(P.Called);
      E.at("unresolved").get_to(P.UnresolvedNamespaces);
      E.at("wrapped").get_to(P.WrappedCalls);
      E.at("uses").get_to(P.Uses);
      E.at("disablers").get_to(P.CompileDisablers);
      E.at("definitions").get_to(P.Definitions);
      E.at("named_ops").get_to(P.NamedOps);
      E.at("dynamic_ns").get_to(P.DynamicOpNamespaces);
      E.at("called_ns").get_to(P.CalledOpNamespaces);
      E.at("from_export").get_to(P.ReachedFromExport);
      E.at("sources").get_to(P.SourceNames);
      E.at("source_globs").get_to(P.SourceGlobs);
      E.at("extension_modules").get_to(P.ExtensionModules);
      E.at("loaded_as").get_to(P.LoadedAs);
    }
  } catch (const nlohmann::json::exception &) {
    return false;
  }
  std::lock_guard<std::mutex> Guard(ScanLock);
  for (auto &[Roots, P] : Read)
    if (auto &Slot = Scans[Roots]; !Slot)
      Slot = std::make_unique<PythonOps>(std::move(P));
  return true;
}

namespace {

// Which session a host set for the TUs nobody binds (Session.h). Set once,
// when the host loads; read when such a TU's model is made.
std::mutex UnboundLock;
std::shared_ptr<Session> &unboundSlot() {
  static std::shared_ptr<Session> S;
  return S;
}

// The models of the TUs alive now, by their ASTContext: the lookup from a
// TU to its own model (each model is the TU's, used by the thread parsing
// it; the map only finds it).
std::mutex ModelsLock;
llvm::DenseMap<const clang::ASTContext *, TUModel *> &models() {
  static llvm::DenseMap<const clang::ASTContext *, TUModel *> M;
  return M;
}

void forget(void *Ctx) { TUModel::release(*static_cast<clang::ASTContext *>(Ctx)); }

} // namespace

std::shared_ptr<Session> Session::unbound() {
  std::lock_guard<std::mutex> Guard(UnboundLock);
  if (!unboundSlot())
    unboundSlot() = std::make_shared<Session>();
  return unboundSlot();
}

void Session::setUnbound(std::shared_ptr<Session> S) {
  std::lock_guard<std::mutex> Guard(UnboundLock);
  unboundSlot() = std::move(S);
}

TUModel::TUModel(clang::ASTContext &Ctx, std::shared_ptr<Session> S,
                 std::function<void(const std::string &)> OnPythonTree)
    : Ctx(Ctx), S(std::move(S)), OnPythonTree(std::move(OnPythonTree)) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  if (auto Entry = SM.getFileEntryRefForID(SM.getMainFileID())) {
    llvm::SmallString<256> Path(Entry->getName());
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Main = Path.str().str();
  }
}

TUModel::~TUModel() = default;

TUModel &TUModel::make(clang::ASTContext &Ctx, std::shared_ptr<Session> S,
                       std::function<void(const std::string &)> OnPythonTree) {
  std::unique_ptr<TUModel> Made(new TUModel(Ctx, std::move(S), std::move(OnPythonTree)));
  std::lock_guard<std::mutex> Guard(ModelsLock);
  TUModel *&Slot = models()[&Ctx];
  if (Slot)
    delete Slot; // Bound again before its checks ran: the later binding holds.
  else
    Ctx.AddDeallocation(forget, &Ctx); // The model ends with its TU.
  Slot = Made.release();
  return *Slot;
}

TUModel &TUModel::of(clang::ASTContext &Ctx) {
  {
    std::lock_guard<std::mutex> Guard(ModelsLock);
    if (auto It = models().find(&Ctx); It != models().end())
      return *It->second;
  }
  return make(Ctx, Session::unbound(), {});
}

void TUModel::bind(clang::ASTContext &Ctx, std::shared_ptr<Session> S,
                   std::function<void(const std::string &)> OnPythonTree) {
  make(Ctx, std::move(S), std::move(OnPythonTree));
}

void TUModel::release(clang::ASTContext &Ctx) {
  std::unique_ptr<TUModel> Gone;
  std::lock_guard<std::mutex> Guard(ModelsLock);
  if (auto It = models().find(&Ctx); It != models().end()) {
    Gone.reset(It->second);
    models().erase(It);
  }
}

const Registrations &TUModel::registrations() {
  if (!Model) {
    Model = std::make_unique<Registrations>();
    Model->build(Ctx);
  }
  return *Model;
}

ProjectView &TUModel::view() {
  if (!View) {
    // extractFacts asks the Registrations, never this view.
    assert(!MakingView && "the project view asked for while it is made");
    MakingView = true;
    TUFacts Own = extractFacts(Ctx);
    MakingView = false;
    View = std::make_unique<ProjectView>(*S, S->indexFor(Main), Main, std::move(Own));
  }
  return *View;
}

const PythonOps &TUModel::pythonOps(llvm::StringRef RootsOption) {
  std::vector<std::string> Roots = pythonRoots(RootsOption, S->projectRootOfFile(Main));
  if (OnPythonTree)
    for (const std::string &Root : Roots)
      OnPythonTree(Root);
  return S->pythonOps(Roots);
}

std::vector<PythonFileCalls> TUModel::bindingCalls(llvm::StringRef RootsOption,
                                                   llvm::StringRef Module,
                                                   const std::vector<MigratedBinding> &Bindings) {
  return toEdit(
      bindingCallsUnder(pythonRoots(RootsOption, S->projectRootOfFile(Main)), Module, Bindings));
}

std::vector<PythonFileCalls> TUModel::moduleImporters(llvm::StringRef RootsOption,
                                                      llvm::StringRef Module) {
  return toEdit(moduleImportersUnder(pythonRoots(RootsOption, S->projectRootOfFile(Main)), Module));
}

std::vector<PythonFileCalls> TUModel::toEdit(std::vector<PythonFileCalls> Files) {
  for (const PythonFileCalls &F : Files)
    S->notePythonToEdit(F.Path, llvm::SHA256::hash(llvm::arrayRefFromStringRef(F.Content)));
  return Files;
}

std::string TUModel::unusedBinding(const PyBinding &B, llvm::StringRef RootsOption) {
  // A method is used through its class: torchsparse's GPUHashTable32 methods
  // are unused while Python names only GPUHashTable, whose methods have the
  // same names.
  const auto *Method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(B.Function);
  const clang::CXXRecordDecl *Record = Method ? Method->getParent() : nullptr;
  bool ByClass = !B.Class.empty() && Record && !Record->isLambda();
  std::vector<std::string> Siblings;
  for (const PyBinding &Other : registrations().Bindings)
    if (Other.Module == B.Module) {
      Siblings.push_back(Other.Name);
      // An object a bound function returns is used without its class's name.
      if (ByClass && Other.Function &&
          Other.Function->getReturnType()->getPointeeOrArrayElementType()->getAsCXXRecordDecl() ==
              Record)
        ByClass = false;
    }
  for (const PyBinding &Other : registrations().Methods)
    if (Other.Module == B.Module)
      Siblings.push_back(ByClass && !Other.Class.empty() ? Other.Class : Other.Name);
  const PythonOps &Py = pythonOps(RootsOption);
  if (ByClass) {
    if (std::string Why = Py.unusedBinding(B.Class, Siblings); !Why.empty())
      return Why;
  }
  // (A special method, `__setitem__`, runs through syntax the scan does not
  // follow: never named is not never called.)
  if (python::isSpecialName(B.Name))
    return "";
  if (ByClass) {
    // The class is used: a method of it the package never calls while it
    // calls the class's other methods is unused all the same (cubvh's
    // Python HashTable wraps the bound one and calls its build and search,
    // never its insert), as a function-returned object's methods are.
    std::vector<std::string> Methods;
    for (const PyBinding &Other : registrations().Methods)
      if (Other.Module == B.Module && Other.Class == B.Class)
        Methods.push_back(Other.Name);
    // (A call of a project's Python function of its name may be it: 3dgrut
    // calls `tracer_wrapper.trace(...)` on the autograd Function's parameter
    // that holds the object, which the scan takes for the playground's own
    // `trace`.)
    if (std::string Why = Py.unusedBinding(B.Name, Methods);
        !Why.empty() && Py.firstUse(B.Name).empty())
      return Why;
    return "";
  }
  if (std::string Why = Py.unusedBinding(B.Name, Siblings); !Why.empty())
    return Why;
  return Py.calledOnOtherModulesOnly(B.Name, bindingModule(B));
}

std::string TUModel::bindingModule(const PyBinding &B) {
  if (!B.Module || !B.Module->getIdentifier())
    return "";
  llvm::StringRef N = B.Module->getName();
  if (!N.consume_front("pybind11_init_") && !N.consume_front("PyInit_"))
    return "";
  return N == ExtensionNamePlaceholder ? extensionModule() : N.str();
}

void TUModel::noteError(clang::SourceLocation L) {
  if (L.isValid())
    Rejected.push_back(Ctx.getSourceManager().getFileLoc(L));
}

bool TUModel::rejectedWithin(const clang::Stmt *Body) const {
  if (!Body || Rejected.empty())
    return false;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::SourceLocation B = SM.getFileLoc(Body->getBeginLoc()), E = SM.getFileLoc(Body->getEndLoc());
  if (B.isInvalid() || E.isInvalid())
    return false;
  return llvm::any_of(Rejected, [&](clang::SourceLocation L) {
    return !SM.isBeforeInTranslationUnit(L, B) && !SM.isBeforeInTranslationUnit(E, L);
  });
}

std::string TUModel::opNeverTraced(const FunctionContext &C) {
  if (C.OpName.empty())
    return "";
  const PythonOps &Py = pythonOps("");
  if (std::string Where = Py.untracedOpUses(C.OpNamespace, C.OpName); !Where.empty())
    return Where;
  if (Py.neverNamedOp(C.OpNamespace, C.OpName))
    return "the project's Python runs other ops of '" + C.OpNamespace + "' and never this one";
  return "";
}

std::string TUModel::extensionModule() {
  return extensionModuleOf(Main, S->projectRootOfFile(Main), OnPythonTree);
}

} // namespace torchlint::model
