//===--- Engine.cpp - Runs the torch-* checks over translation units ------===//
//
// The clang-tidy engine (options, diagnostics, NOLINT, fix merging) driven by
// our own frontend action, which makes torch translation units cheap:
//  - bodies of functions in system headers (torch, the standard library) are
//    skipped while parsing;
//  - matching is limited to the declarations of the code being linted (the
//    ASTContext traversal scope);
//  - an #include that cannot be found is skipped and reported once, and the
//    checks run on what parses; so do they where Clang's semantic analysis
//    rejects some code (ErrorKinds): the file is linted in part.
//
//===----------------------------------------------------------------------===//

#include "engine/Engine.h"
#include "project/Project.h"

#include "Catalog.h"
#include "engine/ClangResources.h"
#include "project/CompileFlags.h"
#include "project/CudaHost.h"
#include "engine/PchCache.h"
#include "engine/SandboxFS.h"
#include "model/ProjectModel.h"
#include "model/SafeRead.h"
#include "model/PythonFakes.h"
#include "model/PythonTree.h"
#include "model/Registrations.h"
#include "model/Session.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <atomic>
#include <deque>
#include <map>
#include <set>
#include <mutex>
#include <thread>

using namespace clang;
using namespace clang::tidy;

namespace torchlint {
namespace {

// ---------------------------------------------------------------------------
// Compile flags
// ---------------------------------------------------------------------------

bool isDirectory(const std::string &Path) { return llvm::sys::fs::is_directory(Path); }

class TorchLintDatabase : public tooling::CompilationDatabase {
public:
  TorchLintDatabase(std::unique_ptr<tooling::CompilationDatabase> Inner,
                    SynthesisedFlags Flags)
      : Inner(std::move(Inner)), Flags(std::move(Flags)),
        NoCudaMacrosFile(lacksCudaMacrosFile(this->Flags.TorchIncludes)) {}

  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    std::vector<tooling::CompileCommand> Commands;
    if (Inner)
      Commands = Inner->getCompileCommands(File);
    if (!Commands.empty()) {
      // One command per file is enough (clang-tidy would lint each).
      Commands.resize(1);
      auto &Args = Commands.front().CommandLine;
      {
        // The database is the tree's: only flags that affect parsing.
        std::lock_guard<std::mutex> Lock(Flags.Dropped->Lock);
        Args = allowedCompileFlags(Args, Commands.front().Filename, Flags.Dropped->Flags);
      }
      if (isCudaSource(File))
        llvm::append_range(Args, cudaHostArgs(Flags.CudaToolkit));
      Args.insert(Args.end(), Flags.ExtraArgs.begin(), Flags.ExtraArgs.end());
      if (!Args.empty()) // After the compiler, before its flags (clang-tidy's place).
        Args.insert(Args.begin() + 1, Flags.ExtraArgsBefore.begin(),
                    Flags.ExtraArgsBefore.end());
      return Commands;
    }
    tooling::CompileCommand C;
    // Relative paths in the user's flags mean what they meant where the
    // user ran torch-lint.
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    C.Directory = Cwd.str().str();
    C.Filename = File.str();
    C.CommandLine = {"clang++"};
    llvm::append_range(C.CommandLine, Flags.ExtraArgsBefore);
    C.CommandLine.push_back("-std=" + Flags.CxxStandard);
    C.CommandLine.push_back("-fsyntax-only");
    if (isCudaSource(File))
      llvm::append_range(C.CommandLine, cudaHostArgs(Flags.CudaToolkit));
    for (const std::string &Dir : Flags.TorchIncludes) {
      C.CommandLine.push_back("-isystem");
      C.CommandLine.push_back(Dir);
    }
    // What torch.utils.cpp_extension passes to every extension build.
    C.CommandLine.push_back("-DTORCH_API_INCLUDE_EXTENSION_H");
    C.CommandLine.push_back("-DTORCH_EXTENSION_NAME=" + model::ExtensionNamePlaceholder.str());
    // Debian's libtorch-dev has c10/cuda but not the header its build
    // generates; torch's own switch for builds without it.
    if (NoCudaMacrosFile)
      C.CommandLine.push_back("-DC10_CUDA_NO_CMAKE_CONFIGURE_FILE");
    for (const std::string &Dir : Flags.PythonIncludes) {
      C.CommandLine.push_back("-isystem");
      C.CommandLine.push_back(Dir);
    }
    if (!isCudaSource(File))
      llvm::append_range(C.CommandLine, cudaIncludeArgsForCxx(Flags.CudaToolkit));
    C.CommandLine.insert(C.CommandLine.end(), Flags.ExtraArgs.begin(),
                         Flags.ExtraArgs.end());
    C.CommandLine.push_back(File.str());
    Commands.push_back(std::move(C));
    return Commands;
  }
  std::vector<std::string> getAllFiles() const override {
    return Inner ? Inner->getAllFiles() : std::vector<std::string>{};
  }

private:
  /// True when the torch has c10/cuda/CUDAMacros.h but not the
  /// c10/cuda/impl/cuda_cmake_macros.h it includes.
  /// (Debian's torch is in /usr/include, an implicit directory.)
  static bool lacksCudaMacrosFile(std::vector<std::string> Includes) {
    Includes.push_back("/usr/include");
    auto Has = [&](const char *Rel) {
      return llvm::any_of(Includes, [&](const std::string &D) {
        return llvm::sys::fs::exists(D + "/" + Rel);
      });
    };
    return Has("c10/cuda/CUDAMacros.h") && !Has("c10/cuda/impl/cuda_cmake_macros.h");
  }
  std::unique_ptr<tooling::CompilationDatabase> Inner;
  SynthesisedFlags Flags;
  bool NoCudaMacrosFile;
};

// ---------------------------------------------------------------------------
// The fast frontend action
// ---------------------------------------------------------------------------

struct RunState {
  /// Missing headers per main file, in order of appearance.
  std::map<std::string, std::vector<std::string>> MissingHeaders;
  std::string CurrentFile;
  /// Headers with bindings or registrations that were not linted.
  std::set<std::string> SkippedTorchHeaders;
  std::map<std::string, model::TUFacts> Facts;
  std::map<std::string, std::vector<model::ProjectQuery>> Queries;
  std::map<std::string, std::map<std::string, std::string>> Inputs;
  /// Per file (absolute), the offsets of device-only function bodies of a
  /// CUDA TU (DeviceBodies).
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> DeviceBodies;
  /// The TU being linted (null between TUs), and per finding's place (file
  /// offset) and message, in the order reported, the deferred sources it
  /// assumed (AssumedFacts).
  ASTContext *CurrentAST = nullptr;
  /// Its source manager, set with it (compared, never read, by ErrorKinds).
  const SourceManager *CurrentSM = nullptr;
  std::map<std::pair<unsigned, std::string>, std::deque<std::vector<std::string>>> Assumed;
};

/// Records the bodies of a CUDA TU's device-only functions (`__global__`,
/// `__device__` without `__host__`). nvcc's host pass never compiles them, so
/// an error inside one (a helper declared only under `#ifdef __CUDA_ARCH__`,
/// mmdetection3d's reduceAdd) is not an error of the host code torch-lint
/// parses.
class DeviceBodies : public ASTConsumer {
public:
  DeviceBodies(RunState &State, const SourceManager &SM, llvm::vfs::FileSystem &FS)
      : State(State), SM(SM), FS(FS) {}
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (const Decl *D : Group)
      record(D);
    return true;
  }

private:
  void record(const Decl *D) {
    if (isa<NamespaceDecl, LinkageSpecDecl>(D)) {
      for (const Decl *Inner : cast<DeclContext>(D)->decls())
        record(Inner);
      return;
    }
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      D = T->getTemplatedDecl();
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->getBody() ||
        !(F->hasAttr<CUDAGlobalAttr>() ||
          (F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAHostAttr>())))
      return;
    SourceRange R = F->getBody()->getSourceRange();
    auto [File, Begin] = SM.getDecomposedExpansionLoc(R.getBegin());
    auto [EndFile, End] = SM.getDecomposedExpansionLoc(R.getEnd());
    auto Entry = SM.getFileEntryRefForID(File);
    if (File != EndFile || !Entry || SM.isInSystemHeader(R.getBegin()))
      return;
    llvm::SmallString<256> Path(Entry->getName());
    FS.makeAbsolute(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    State.DeviceBodies[Path.str().str()].push_back({Begin, End});
  }

  RunState &State;
  const SourceManager &SM;
  llvm::vfs::FileSystem &FS;
};

class MissingIncludeCallbacks : public PPCallbacks {
public:
  MissingIncludeCallbacks(RunState &State, const SourceManager &SM) : State(State), SM(SM) {}
  bool FileNotFound(llvm::StringRef FileName) override {
    auto &List = State.MissingHeaders[State.CurrentFile];
    if (!llvm::is_contained(List, FileName.str()))
      List.push_back(FileName.str());
    return true; // Skip the include; lint what parses.
  }
  /// Every file that is not a system header, with the digest of the bytes
  /// parsed: what a cached result depends on (LintResult::Inputs).
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason != EnterFile || Kind != SrcMgr::C_User)
      return;
    FileID FID = SM.getFileID(Loc);
    auto Entry = SM.getFileEntryRefForID(FID);
    if (!Entry)
      return;
    llvm::SmallString<256> Path(Entry->getName());
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    auto &Inputs = State.Inputs[State.CurrentFile];
    if (Inputs.count(Path.str().str()))
      return;
    std::optional<llvm::StringRef> Bytes = SM.getBufferDataOrNone(FID);
    Inputs[Path.str().str()] =
        Bytes ? llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(*Bytes)), true) : "";
  }

private:
  RunState &State;
  const SourceManager &SM;
};

/// The headers whose declarations are linted: the user's regex, else the
/// project roots' (foreign directories in them are dropped afterwards).
std::string headerFilterOf(const EngineOptions &Options) {
  if (!Options.HeaderFilter.empty() || Options.ProjectRoots.empty())
    return Options.HeaderFilter;
  std::string Re = "^(";
  for (size_t I = 0; I < Options.ProjectRoots.size(); ++I)
    Re += (I ? "|" : "") + llvm::Regex::escape(Options.ProjectRoots[I]);
  return Re + ")/";
}

/// Wraps clang-tidy's consumer: skips system-header function bodies and sets
/// the traversal scope to the declarations of the code being linted.
class ScopedConsumer : public MultiplexConsumer {
public:
  ScopedConsumer(std::unique_ptr<ASTConsumer> Inner, CompilerInstance &CI,
                 const EngineOptions &Options, RunState &State)
      : MultiplexConsumer(makeVector(std::move(Inner))), SM(CI.getSourceManager()),
        Options(Options), State(State), HeaderFilter(Options.HeaderFilter) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group) {
      if (isDeviceCode(D))
        continue;
      if (isProjectCode(D->getLocation()))
        Scope.push_back(D);
      else if (isTorchEntryPoint(D))
        noteSkipped(D->getLocation());
    }
    return MultiplexConsumer::HandleTopLevelDecl(Group);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Ctx.setTraversalScope(Scope);
    MultiplexConsumer::HandleTranslationUnit(Ctx);
    // What the checks asked of the rest of the project, and what this TU
    // tells it (the same model: ProjectModel.h).
    model::ProjectView &View = model::ProjectView::get(Ctx);
    State.Facts[State.CurrentFile] = View.ownFacts();
    State.Queries[State.CurrentFile] = View.queries();
    State.CurrentAST = nullptr;
    model::TUModel::release(Ctx);
  }

  bool shouldSkipFunctionBody(Decl *D) override {
    SourceLocation Loc = D->getLocation();
    return Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc));
  }

private:
  static std::vector<std::unique_ptr<ASTConsumer>>
  makeVector(std::unique_ptr<ASTConsumer> C) {
    std::vector<std::unique_ptr<ASTConsumer>> V;
    V.push_back(std::move(C));
    return V;
  }

  /// __global__ and __device__-only functions run on the GPU: no check
  /// applies to their bodies.
  static bool isDeviceCode(const Decl *D) {
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      D = T->getTemplatedDecl();
    return D->hasAttr<CUDAGlobalAttr>() ||
           (D->hasAttr<CUDADeviceAttr>() && !D->hasAttr<CUDAHostAttr>());
  }

  /// What PYBIND11_MODULE and (STABLE_)TORCH_LIBRARY* expand to: the
  /// module's pybind11_init_ function, the library's static init object.
  static bool isTorchEntryPoint(const Decl *D) {
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      return F->getIdentifier() && F->getName().starts_with("pybind11_init_");
    if (const auto *V = dyn_cast<VarDecl>(D))
      if (const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl())
        return RD->getIdentifier() && RD->getName().ends_with("TorchLibraryInit");
    return false;
  }

  void noteSkipped(SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return;
    if (auto Entry = SM.getFileEntryRefForID(SM.getFileID(Loc))) {
      llvm::SmallString<256> Path(Entry->getName());
      llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
      State.SkippedTorchHeaders.insert(Path.str().str());
    }
  }

  /// The main file; a header the user's --header-filter matches, or by
  /// default one of a project's own headers (not vendored, Project.h).
  bool isProjectCode(SourceLocation Loc) {
    if (Loc.isInvalid())
      return false;
    Loc = SM.getExpansionLoc(Loc);
    FileID FID = SM.getFileID(Loc);
    if (FID == SM.getMainFileID())
      return true;
    if (SM.isInSystemHeader(Loc))
      return false;
    auto It = FileVerdict.find(FID);
    if (It != FileVerdict.end())
      return It->second;
    bool Match = false;
    if (auto Entry = SM.getFileEntryRefForID(FID)) {
      if (!Options.HeaderFilter.empty()) {
        Match = HeaderFilter.isValid() && HeaderFilter.match(Entry->getName());
      } else {
        llvm::SmallString<256> Path(Entry->getName());
        llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
        Match = llvm::any_of(Options.ProjectRoots, [&](const std::string &Root) {
          return Path.str().starts_with(Root + "/") && !inForeignDirectory(Path, Root);
        });
      }
    }
    FileVerdict[FID] = Match;
    return Match;
  }

  SourceManager &SM;
  const EngineOptions &Options;
  RunState &State;
  llvm::Regex HeaderFilter;
  std::vector<Decl *> Scope;
  llvm::DenseMap<FileID, bool> FileVerdict;
};

class ActionFactory : public tooling::FrontendActionFactory {
public:
  ActionFactory(ClangTidyContext &Context, RunState &State,
                const EngineOptions &Options)
      : ConsumerFactory(Context), Context(Context), State(State), Options(Options) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(*this);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    // As clang-tidy does: checks may rely on __clang_analyzer__.
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // `#pragma clang __debug crash` (and parser_crash, llvm_fatal_error,
    // overflow_stack, ...) in a hostile file must not end the run.
    Invocation->getPreprocessorOpts().DisablePragmaDebugCrash = true;
    // No "N warnings generated." trailer: torch-lint prints its own summary.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHContainerOps, DiagConsumer);
  }

private:
  class Action : public ASTFrontendAction {
  public:
    explicit Action(ActionFactory &Parent) : Parent(Parent) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   llvm::StringRef File) override {
      llvm::SmallString<256> Abs(File);
      CI.getFileManager().getVirtualFileSystem().makeAbsolute(Abs);
      llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      Parent.State.CurrentFile = Abs.str().str();
      Parent.State.CurrentAST = &CI.getASTContext();
      Parent.State.CurrentSM = &CI.getSourceManager();
      // The TU's model belongs to this run's session; the Python files the
      // checks scan are inputs of the result too.
      RunState *State = &Parent.State;
      model::Session *Run = Parent.Options.Session.get();
      model::TUModel::bind(CI.getASTContext(), Parent.Options.Session,
                           [State, Run](const std::string &Root) {
                             auto &Inputs = State->Inputs[State->CurrentFile];
                             std::string Key = model::PythonTreeInput.str() + Root;
                             if (!Inputs.count(Key))
                               Inputs[Key] = Run->pythonTreeDigest(Root);
                           });
      CI.getPreprocessor().SetSuppressIncludeNotFoundError(true);
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<MissingIncludeCallbacks>(Parent.State, CI.getSourceManager()));
      // A fact source (--worker-facts-only) is parsed for its facts alone:
      // no check runs on it (clang-tidy's context is set as for a lint, so
      // the compiler's errors are still recorded).
      std::unique_ptr<ASTConsumer> Inner;
      if (Parent.Options.FactsOnly && Parent.Options.Fast) {
        Parent.Context.setSourceManager(&CI.getSourceManager());
        Parent.Context.setCurrentFile(File);
        Parent.Context.setASTContext(&CI.getASTContext());
        if (auto Dir = CI.getFileManager().getVirtualFileSystem().getCurrentWorkingDirectory())
          Parent.Context.setCurrentBuildDirectory(*Dir);
        Inner = std::make_unique<ASTConsumer>();
      } else {
        Inner = Parent.ConsumerFactory.createASTConsumer(CI, File);
      }
      if (CI.getLangOpts().CUDA) {
        std::vector<std::unique_ptr<ASTConsumer>> Both;
        Both.push_back(std::make_unique<DeviceBodies>(Parent.State, CI.getSourceManager(),
                                                      CI.getFileManager().getVirtualFileSystem()));
        Both.push_back(std::move(Inner));
        Inner = std::make_unique<MultiplexConsumer>(std::move(Both));
      }
      if (!Parent.Options.Fast)
        return Inner;
      CI.getFrontendOpts().SkipFunctionBodies = true;
      return std::make_unique<ScopedConsumer>(std::move(Inner), CI, Parent.Options,
                                              Parent.State);
    }

  private:
    ActionFactory &Parent;
  };

  ClangTidyASTConsumerFactory ConsumerFactory;
  ClangTidyContext &Context;
  RunState &State;
  const EngineOptions &Options;
};

// ---------------------------------------------------------------------------
// Converting clang-tidy's diagnostics
// ---------------------------------------------------------------------------

class SourceFiles {
public:
  /// The texts parsed in place of the files' (EngineOptions::Overlay).
  const std::map<std::string, std::string> *Overlay = nullptr;

  Location locate(const std::string &File, unsigned Offset) {
    Location Loc;
    Loc.File = File;
    Loc.Offset = Offset;
    const std::vector<unsigned> &Starts = lineStarts(File);
    if (Starts.empty()) {
      Loc.Line = 1;
      Loc.Column = Offset + 1;
      return Loc;
    }
    auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
    unsigned Line = It - Starts.begin(); // 1-based.
    Loc.Line = Line;
    Loc.Column = Offset - Starts[Line - 1] + 1;
    return Loc;
  }

private:
  const std::vector<unsigned> &lineStarts(const std::string &File) {
    auto It = Cache.find(File);
    if (It != Cache.end())
      return It->second;
    std::vector<unsigned> &Starts = Cache[File];
    std::unique_ptr<llvm::MemoryBuffer> Read;
    llvm::StringRef Text;
    bool Have = false;
    if (Overlay)
      if (auto Over = Overlay->find(File); Over != Overlay->end()) {
        Text = Over->second;
        Have = true;
      }
    if (!Have)
      if (auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                                 /*RequiresNullTerminator=*/false)) {
        Read = std::move(*Buf);
        Text = Read->getBuffer();
        Have = true;
      }
    if (Have) {
      Starts.push_back(0);
      // Lines end as clang ends them: LF, CRLF or a lone CR.
      for (size_t I = 0; I < Text.size(); ++I)
        if (Text[I] == '\n' || (Text[I] == '\r' && (I + 1 == Text.size() || Text[I + 1] != '\n')))
          Starts.push_back(I + 1);
    }
    return Starts;
  }
  std::map<std::string, std::vector<unsigned>> Cache;
};

std::string graphBreakIn(llvm::StringRef Message) {
  static llvm::Regex GB("\\[(GB[0-9]{4})\\]");
  llvm::SmallVector<llvm::StringRef, 2> Match;
  if (GB.match(Message, &Match))
    return Match[1].str();
  return {};
}

/// Paths in \p E as absolute paths: each parse has its own working
/// directory (the compile command's), which is not the process's.
void makePathsAbsolute(ClangTidyError &E) {
  const std::string &Dir = E.BuildDirectory;
  auto Fix = [&](tooling::DiagnosticMessage &M) {
    M.FilePath = absoluteIn(Dir, M.FilePath);
    llvm::StringMap<tooling::Replacements> Fixed;
    for (auto &[File, Reps] : M.Fix) {
      tooling::Replacements Out;
      for (const tooling::Replacement &R : Reps)
        llvm::consumeError(Out.add(tooling::Replacement(absoluteIn(Dir, R.getFilePath()),
                                                        R.getOffset(), R.getLength(),
                                                        R.getReplacementText())));
      Fixed[absoluteIn(Dir, File)] = std::move(Out);
    }
    M.Fix = std::move(Fixed);
  };
  Fix(E.Message);
  for (tooling::DiagnosticMessage &N : E.Notes)
    Fix(N);
}

ClangTidyOptions defaultOptions(const EngineOptions &Options) {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = defaultChecksGlob();
  Defaults.HeaderFilterRegex = headerFilterOf(Options);
  Defaults.SystemHeaders = false;
  return Defaults;
}

ClangTidyOptions overrideOptions(const EngineOptions &Options) {
  ClangTidyOptions Override;
  if (Options.Checks)
    Override.Checks = *Options.Checks;
  if (Options.WarningsAsErrors)
    Override.WarningsAsErrors = *Options.WarningsAsErrors;
  return Override;
}

/// --config's options; none when not given. (Given empty, none of the
/// .clang-tidy files either: clang-tidy-19 does so, whatever its --help says.)
std::optional<ClangTidyOptions> configOptions(const EngineOptions &Options) {
  if (!Options.Config)
    return std::nullopt;
  llvm::ErrorOr<ClangTidyOptions> Parsed =
      parseConfiguration(llvm::MemoryBufferRef(*Options.Config, "--config"));
  if (!Parsed)
    return std::nullopt; // (The driver refused it: configProblem.)
  return std::move(*Parsed);
}

/// The options of the files: .clang-tidy's and --checks, less clang-tidy's
/// static analyzer. A project's .clang-tidy enables clang-tidy's own checks
/// too (FBGEMM's: clang-analyzer*, bugprone*, ...); clang-tidy's modules are
/// not linked into torch-lint, but the analyzer is part of clang-tidy's core:
/// it took minutes on one source and reports nothing torch-lint is about.
/// With --config, its options in place of the .clang-tidy files, as
/// clang-tidy has them (ConfigOptionsProvider: those files too when it says
/// InheritParentConfig: true); --checks and --warnings-as-errors on top.
class TorchOptionsProvider : public ClangTidyOptionsProvider {
public:
  explicit TorchOptionsProvider(const EngineOptions &Options) {
    if (std::optional<ClangTidyOptions> Config = configOptions(Options))
      Inner = std::make_unique<ConfigOptionsProvider>(ClangTidyGlobalOptions(),
                                                      defaultOptions(Options), std::move(*Config),
                                                      overrideOptions(Options));
    else
      Inner = std::make_unique<FileOptionsProvider>(
          ClangTidyGlobalOptions(), defaultOptions(Options), overrideOptions(Options));
  }
  const ClangTidyGlobalOptions &getGlobalOptions() override { return Inner->getGlobalOptions(); }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Sources = Inner->getRawOptions(FileName);
    // A project's .clang-tidy whose Checks name no torch check is about
    // clang-tidy's own (k2's: '-*,bugprone-*,google-*,...'): its '-*' does
    // not turn torch-lint's checks off. One that names torch checks is
    // honoured as written.
    for (OptionsSource &S : Sources)
      if (llvm::StringRef(S.second).ends_with(".clang-tidy") && S.first.Checks &&
          !llvm::StringRef(*S.first.Checks).contains("torch"))
        S.first.Checks.reset();
    ClangTidyOptions OnlyTorch;
    OnlyTorch.Checks = "-clang-analyzer-*";
    Sources.emplace_back(std::move(OnlyTorch), "torch-lint");
    return Sources;
  }

private:
  std::unique_ptr<ClangTidyOptionsProvider> Inner;
};

} // namespace

std::string absoluteIn(llvm::StringRef Dir, llvm::StringRef Path) {
  if (llvm::sys::path::is_absolute(Path) &&
      (Path.contains("/../") || Path.contains("/./"))) {
    // "csrc/../include/x.h" as "include/x.h", when both name one file
    // (through a symlinked directory they would not).
    llvm::SmallString<256> Clean(Path), RealClean, RealPath;
    llvm::sys::path::remove_dots(Clean, /*remove_dot_dot=*/true);
    if (!llvm::sys::fs::real_path(Clean, RealClean) &&
        !llvm::sys::fs::real_path(Path, RealPath) && RealClean == RealPath)
      return Clean.str().str();
    return Path.str();
  }
  if (Path.empty() || llvm::sys::path::is_absolute(Path) || Dir.empty())
    return Path.str();
  llvm::SmallString<256> Abs(Dir);
  llvm::sys::path::append(Abs, Path);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

std::unique_ptr<tooling::CompilationDatabase>
makeCompilationDatabase(std::unique_ptr<tooling::CompilationDatabase> Inner,
                        SynthesisedFlags Flags) {
  return std::make_unique<TorchLintDatabase>(std::move(Inner), std::move(Flags));
}

std::string configProblem(llvm::StringRef Text) {
  std::string Problem;
  llvm::ErrorOr<ClangTidyOptions> Parsed = parseConfigurationWithDiags(
      llvm::MemoryBufferRef(Text, "--config"), [&](const llvm::SMDiagnostic &D) {
        if (D.getKind() == llvm::SourceMgr::DK_Error && Problem.empty())
          Problem = D.getMessage().str();
      });
  if (Parsed)
    return {};
  return Problem.empty() ? Parsed.getError().message() : Problem;
}

std::string dumpedConfiguration(const std::string &File, const EngineOptions &Options) {
  TorchOptionsProvider Provider(Options);
  ClangTidyOptions Effective = Provider.getOptions(File);
  Effective.CheckOptions = getCheckOptions(Effective, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  return configurationAsText(ClangTidyOptions::getDefaults().merge(Effective, 0));
}

std::vector<std::string> enabledChecks(const std::string &File,
                                       const EngineOptions &Options) {
  TorchOptionsProvider Provider(Options);
  ClangTidyOptions Opts = Provider.getOptions(File);
  GlobList Globs(Opts.Checks.value_or(""));
  std::vector<std::string> Names;
  for (const CheckInfo &Info : catalog())
    if (Globs.contains(Info.Name))
      Names.push_back(Info.Name.str());
  return Names;
}

namespace {

/// .clang-tidy files larger than this are refused (the largest real ones
/// are a few KiB).
constexpr uint64_t MaxConfigBytes = 16 << 20;
/// Check globs plus CheckOptions beyond which a .clang-tidy is refused.
constexpr size_t MaxConfigEntries = 10000;

} // namespace

/// Checks one .clang-tidy file of the project at \p Root, once however many
/// sources share it.
const ConfigFiles::Check &ConfigFiles::check(const std::string &Config,
                                             const std::string &Root) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Checked.try_emplace({Config, Root});
  Check &C = It->second;
  if (!New)
    return C;
  // The tree's file: a FIFO or device would hang or flood the read.
  // The one rule for the tree's files (SafeRead.h): a symlink out of the
  // project would echo another file's first unknown key.
  std::vector<std::string> Roots;
  if (!Root.empty())
    Roots.push_back(Root);
  if (std::string Why = treeFileProblem(Config, Roots, MaxConfigBytes); !Why.empty()) {
    C.Problem = "refused to read '" + Config + "': " + Why;
    return C;
  }
  if (!llvm::sys::fs::exists(Config)) {
    C.Problem = Config + " is not a regular file";
    return C;
  }
  auto Buf = llvm::MemoryBuffer::getFile(Config);
  if (!Buf) {
    C.Problem = "cannot read " + Config + ": " + Buf.getError().message();
    return C;
  }
  std::string Problem;
  auto Parsed = parseConfigurationWithDiags(
      (*Buf)->getMemBufferRef(), [&](const llvm::SMDiagnostic &D) {
        if (D.getKind() == llvm::SourceMgr::DK_Error && Problem.empty())
          Problem = D.getMessage().str();
      });
  if (!Parsed) {
    C.Problem = "malformed " + Config + ": " +
                (Problem.empty() ? Parsed.getError().message() : Problem);
    return C;
  }
  // clang-tidy compiles every glob into a regex for every file: a config
  // with a million entries would cost each worker seconds and a GiB.
  size_t Entries = Parsed->CheckOptions.size();
  if (Parsed->Checks)
    Entries += llvm::count_if(*Parsed->Checks, [](char Ch) { return Ch == ',' || Ch == '\n'; }) + 1;
  if (Entries > MaxConfigEntries) {
    C.Problem = Config + " has " + std::to_string(Entries) + " entries (more than " +
                std::to_string(MaxConfigEntries) + "); not used";
    return C;
  }
  C.Inherits = Parsed->InheritParentConfig.value_or(false);
  return C;
}

std::string ConfigFiles::problemFor(const std::string &File, const model::Session &Run) {
  llvm::SmallString<256> Dir(File);
  if (!isDirectory(File))
    llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Config(Dir);
    llvm::sys::path::append(Config, ".clang-tidy");
    if (llvm::sys::fs::exists(Config)) {
      const Check &C = check(Config.str().str(), Run.projectRootOfFile(Config.str().str()));
      if (!C.Problem.empty())
        return C.Problem;
      // A file that inherits its parent's configuration needs a valid parent.
      if (!C.Inherits)
        return {};
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return {};
}

namespace {

/// Sorts findings by the order of \p Files, then position.
void sortFindings(LintResult &Result, const std::vector<std::string> &Files) {
  std::map<std::string, size_t> Order;
  for (size_t I = 0; I < Files.size(); ++I)
    Order.emplace(Files[I], I);
  llvm::stable_sort(Result.Findings, [&](const Finding &A, const Finding &B) {
    size_t OA = Order.count(A.Loc.File) ? Order[A.Loc.File] : Files.size();
    size_t OB = Order.count(B.Loc.File) ? Order[B.Loc.File] : Files.size();
    return std::tie(OA, A.Loc.File, A.Loc.Offset, A.Check) <
           std::tie(OB, B.Loc.File, B.Loc.Offset, B.Check);
  });
  llvm::stable_sort(Result.Errors, [&](const FileError &A, const FileError &B) {
    size_t OA = Order.count(A.File) ? Order[A.File] : Files.size();
    size_t OB = Order.count(B.File) ? Order[B.File] : Files.size();
    return OA < OB;
  });
}

LintResult lintSequential(const std::vector<std::string> &Files,
                          const tooling::CompilationDatabase &Database,
                          const EngineOptions &Options);

} // namespace

LintResult lint(const std::vector<std::string> &Files,
                const tooling::CompilationDatabase &Database,
                const EngineOptions &Options) {
  if (!Options.Session) { // A run of its own.
    EngineOptions Own = Options;
    Own.Session = std::make_shared<model::Session>();
    return lint(Files, Database, Own);
  }
  unsigned Jobs = std::min<size_t>(Options.Jobs ? Options.Jobs : 1, Files.size());
  if (Jobs <= 1)
    return lintSequential(Files, Database, Options);
  // Each worker has its own clang-tidy context and compiler instances; files
  // are dealt round-robin and the results merged in input order, so the
  // output does not depend on scheduling.
  std::vector<std::vector<std::string>> Chunks(Jobs);
  for (size_t I = 0; I < Files.size(); ++I)
    Chunks[I % Jobs].push_back(Files[I]);
  std::vector<LintResult> Results(Jobs);
  std::mutex ProgressLock;
  std::atomic<size_t> Done{0};
  EngineOptions WorkerOptions = Options;
  if (Options.Progress)
    WorkerOptions.Progress = [&](size_t, size_t, const std::string &File) {
      std::lock_guard<std::mutex> Lock(ProgressLock);
      Options.Progress(Done++, Files.size(), File);
    };
  std::vector<std::thread> Workers;
  for (unsigned J = 0; J < Jobs; ++J)
    Workers.emplace_back([&, J] {
      Results[J] = lintSequential(Chunks[J], Database, WorkerOptions);
    });
  for (std::thread &T : Workers)
    T.join();
  LintResult Merged;
  for (LintResult &R : Results) {
    Merged.Findings.insert(Merged.Findings.end(), R.Findings.begin(), R.Findings.end());
    Merged.Errors.insert(Merged.Errors.end(), R.Errors.begin(), R.Errors.end());
    Merged.Parsed.insert(R.Parsed.begin(), R.Parsed.end());
    Merged.SkippedTorchHeaders.insert(R.SkippedTorchHeaders.begin(),
                                      R.SkippedTorchHeaders.end());
    Merged.Facts.insert(R.Facts.begin(), R.Facts.end());
    Merged.Queries.insert(R.Queries.begin(), R.Queries.end());
    Merged.Inputs.insert(R.Inputs.begin(), R.Inputs.end());
  }
  sortFindings(Merged, Files);
  return Merged;
}

namespace {

// What ClangTool::run does for one file, without its first step: ClangTool
// makes the name absolute with llvm::sys::path::native, which on POSIX turns
// a lone `\` into `/`, so `src/we\ird.cpp` was looked for as `src/we/ird.cpp`
// ("no input files"). The name goes to the database and the driver as given.
// Returns why the file could not be parsed at all, or "".
std::string parseWithCommands(const tooling::CompilationDatabase &Database, const std::string &File,
                       llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                       const std::vector<std::string> &Extra, tooling::ToolAction &Action,
                       DiagnosticConsumer &Diags) {
  std::string InitialDir;
  if (auto CWD = FS->getCurrentWorkingDirectory())
    InitialDir = *CWD;
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
  tooling::ArgumentsAdjuster Adjust = tooling::combineAdjusters(
      tooling::combineAdjusters(tooling::getClangStripOutputAdjuster(),
                                tooling::getClangSyntaxOnlyAdjuster()),
      tooling::combineAdjusters(
          tooling::combineAdjusters(tooling::getClangStripDependencyFileAdjuster(),
                                    tooling::getStripPluginsAdjuster()),
          tooling::getInsertArgumentAdjuster(Extra, tooling::ArgumentInsertPosition::END)));
  std::vector<tooling::CompileCommand> Commands = Database.getCompileCommands(File);
  if (Commands.empty())
    return "no compile command";
  for (const tooling::CompileCommand &Command : Commands) {
    // (The working directory of this parse's own file system: the process's
    // is never changed.)
    std::string Dir = Command.Directory.empty() ? InitialDir : Command.Directory;
    if (std::error_code EC = FS->setCurrentWorkingDirectory(Dir))
      return "cannot enter the compile command's directory '" + Dir + "': " + EC.message();
    tooling::ToolInvocation Invocation(Adjust(Command.CommandLine, Command.Filename), &Action,
                                       Files.get(), std::make_shared<PCHContainerOperations>());
    Invocation.setDiagnosticConsumer(&Diags);
    Invocation.run();
  }
  return "";
}

/// A consumer that passes every diagnostic on to \p Next.
class Forwarding : public DiagnosticConsumer {
public:
  explicit Forwarding(DiagnosticConsumer &Next) : Next(Next) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }

protected:
  DiagnosticConsumer &Next;
};

/// Passes the compiler's diagnostics on to clang-tidy's consumer and notes
/// whether every error was a semantic one. A syntax, lexical or preprocessor
/// error, a fatal one or the driver's is the file's own: its compiler rejects
/// it too. Code only Clang's semantic analysis rejects (an overloaded
/// operator nvcc resolves and Clang finds ambiguous, a `static` redeclaration
/// GCC accepts) still parses: the rest of the file is linted, in part.
///
/// Each error's place is noted in the TU's model too (TUModel::noteError):
/// what the model says a function writes does not count on a body Clang
/// rejected part of.
class ErrorKinds : public Forwarding {
public:
  ErrorKinds(DiagnosticConsumer &Next, const RunState &State) : Forwarding(Next), State(State) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error && State.CurrentAST && Info.hasSourceManager() &&
        &Info.getSourceManager() == State.CurrentSM)
      model::TUModel::of(*State.CurrentAST).noteError(Info.getLocation());
    if (Level >= DiagnosticsEngine::Error &&
        (Level == DiagnosticsEngine::Fatal ||
         DiagnosticIDs::getCategoryNameFromID(DiagnosticIDs::getCategoryNumberForDiag(
             Info.getID())) != "Semantic Issue"))
      OnlySemantic = false;
    Next.HandleDiagnostic(Level, Info);
  }
  bool OnlySemantic = true;

private:
  const RunState &State;
};

/// Passes the checks' diagnostics on, keeping for each finding the deferred
/// sources the answers its match got assumed (ProjectView::takeAssumed),
/// under its message: the note findingOf adds.
class AssumedFacts : public Forwarding {
public:
  AssumedFacts(DiagnosticConsumer &Next, RunState &State) : Forwarding(Next), State(State) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level == DiagnosticsEngine::Warning && State.CurrentAST)
      if (std::vector<std::string> Files =
              model::ProjectView::get(*State.CurrentAST).takeAssumed();
          !Files.empty()) {
        llvm::SmallString<128> Message;
        Info.FormatDiagnostic(Message);
        // (As clang-tidy keeps it: less the " [check-name]" its ID adds.)
        llvm::StringRef Text = Message;
        if (size_t Name = Text.rfind(" [torch-"); Name != llvm::StringRef::npos && Text.ends_with("]"))
          Text = Text.take_front(Name);
        // (Where clang-tidy's renderer puts the finding: the file location.)
        unsigned Offset = 0;
        if (Info.hasSourceManager() && Info.getLocation().isValid())
          Offset = Info.getSourceManager().getFileOffset(
              Info.getSourceManager().getFileLoc(Info.getLocation()));
            State.Assumed[{Offset, Text.str()}].push_back(std::move(Files));
      }
    Next.HandleDiagnostic(Level, Info);
  }

private:
  RunState &State;
};

/// One engine thread's lint of its files, one after another: each file
/// read once, parsed in a file system of its own (the sandbox, the overlay),
/// its compiler errors, refused reads and missing headers kept as its own;
/// then the findings.
class SequentialLint {
public:
  SequentialLint(const tooling::CompilationDatabase &Database, const EngineOptions &Options)
      : Database(Database), Options(Options),
        Context(std::make_unique<TorchOptionsProvider>(Options)),
        DiagConsumer(Context, nullptr, /*RemoveIncompatibleErrors=*/true,
                     /*GetFixesFromNotes=*/false),
        Assumed(DiagConsumer, State),
        DE(new DiagnosticIDs(), new DiagnosticOptions(), &Assumed,
           /*ShouldOwnClient=*/false),
        Factory(Context, State, Options) {
    Context.setDiagnosticsEngine(&DE);
    Sources.Overlay = &Options.Overlay;
  }

  LintResult run(const std::vector<std::string> &Files) {
    for (size_t I = 0; I < Files.size(); ++I) {
      if (Options.Progress)
        Options.Progress(I, Files.size(), Files[I]);
      lintFile(Files[I]);
    }
    for (ClangTidyError &E : Errors)
      if (!llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-"))
        Result.Findings.push_back(findingOf(E, Files)); // (Errors: per input.)
    for (const std::string &File : Files)
      addFileErrors(File);
    // The Python files fix-its edit, by the bytes the checks read (--fix
    // writes one only while it holds them).
    if (Options.Session)
      for (auto &[Path, Digest] : Options.Session->pythonToEdit())
        Result.Parsed.try_emplace(Path, Digest);
    Result.SkippedTorchHeaders = std::move(State.SkippedTorchHeaders);
    Result.Facts = std::move(State.Facts);
    Result.Queries = std::move(State.Queries);
    Result.Inputs = std::move(State.Inputs);
    // By default a project's own headers are linted, not the code it vendors.
    if (Options.HeaderFilter.empty() && !Options.ProjectRoots.empty())
      llvm::erase_if(Result.Findings, [&](const Finding &F) {
        return !llvm::is_contained(Files, F.Loc.File) &&
               llvm::any_of(Options.ProjectRoots, [&](const std::string &Root) {
                 return inForeignDirectory(F.Loc.File, Root);
               });
      });
    sortFindings(Result, Files);
    return std::move(Result);
  }

private:
  /// The bytes of \p File the parse gets, read once here (their digest goes
  /// with the result, for --fix). An input that cannot be read (a dangling
  /// symlink, no permission, a FIFO) is reported as such, not as "no input
  /// files" of an unnamed file.
  std::optional<std::string> readInput(const std::string &File) {
    if (auto Over = Options.Overlay.find(File); Over != Options.Overlay.end())
      return Over->second;
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(File, St) &&
        St.type() != llvm::sys::fs::file_type::regular_file) {
      Result.Errors.push_back({File, "is not a regular file; not read"});
      return std::nullopt;
    }
    if (Options.Reads)
      if (std::string Why = Options.Reads->check(File); !Why.empty()) {
        Result.Errors.push_back({File, "refused to read: " + Why});
        return std::nullopt;
      }
    auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf) {
      Result.Errors.push_back({File, "cannot be read: " + Buf.getError().message()});
      return std::nullopt;
    }
    return (*Buf)->getBuffer().str();
  }

  /// A file system of the parse's own, whose working directory it may set
  /// (the process's is never changed: worker threads share it): the disk
  /// through the sandbox, under the overlay and \p Source for \p File.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
  fileSystemFor(const std::string &File, const std::string &Source,
                const std::shared_ptr<RefusedReads> &Refused) {
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Disk = llvm::vfs::createPhysicalFileSystem();
    if (Options.Reads)
      Disk = makeSandboxFileSystem(Disk, Options.Reads, Refused);
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
        new llvm::vfs::OverlayFileSystem(Disk));
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Memory(
        new llvm::vfs::InMemoryFileSystem);
    for (const auto &[Path, Content] : Options.Overlay)
      if (Path != File)
        Memory->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Content, Path));
    Memory->addFile(File, 0,
                    llvm::MemoryBuffer::getMemBufferCopy(
                        isCudaSource(File) ? spellLaunchesForClang(Source) : Source, File));
    for (const auto &[Path, Content] : cudaBuiltinFiles())
      Memory->addFile(Path, 0, llvm::MemoryBuffer::getMemBuffer(Content, Path));
    FS->pushOverlay(Memory);
    return FS;
  }

  /// Parses \p File and runs the checks: its diagnostics; nothing when it
  /// could not be parsed at all (its error recorded). With the cache, the
  /// torch headers come from a bodiless PCH; a PCH that Clang refuses
  /// (stale, corrupt, evicted by another run meanwhile) is dropped and the
  /// file parsed without.
  std::optional<std::vector<ClangTidyError>>
  parse(const std::string &File, const std::string &Source,
        llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS) {
    std::vector<std::string> PchArgs;
    // (CUDA sources parse in another language mode: no PCH.)
    if (Options.Pch && Options.Fast && !isCudaSource(File)) {
      std::vector<tooling::CompileCommand> Commands = Database.getCompileCommands(File);
      if (!Commands.empty())
        PchArgs = Options.Pch->argsFor(File, Commands.front(), Source);
    }
    auto RunTool = [&](const std::vector<std::string> &Extra) {
      std::vector<std::string> Args = {"-resource-dir", clangResourceDir(), "-Wno-everything",
                                       "-ferror-limit=0", "-fno-spell-checking"};
      Args.insert(Args.end(), Extra.begin(), Extra.end());
      ErrorKinds Kinds(DiagConsumer, State);
      std::string Why = parseWithCommands(Database, File, FS, Args, Factory, Kinds);
      if (Kinds.OnlySemantic)
        OnlySemanticErrors.insert(File);
      else
        OnlySemanticErrors.erase(File);
      std::vector<ClangTidyError> Out = DiagConsumer.take();
      for (ClangTidyError &E : Out)
        makePathsAbsolute(E);
      return std::make_pair(Why, std::move(Out));
    };
    auto [Why, FileErrors] = RunTool(PchArgs);
    if (!Why.empty()) {
      Result.Errors.push_back({File, "could not be parsed: " + Why});
      return std::nullopt;
    }
    if (!PchArgs.empty() && llvm::any_of(FileErrors, [&](const ClangTidyError &E) {
          return E.DiagLevel >= tooling::Diagnostic::Error &&
                 (PchCache::isPchError(E.Message.Message) ||
                  llvm::StringRef(E.Message.Message).contains(PchArgs.back()));
        })) {
      Options.Pch->invalidate(PchArgs);
      State.MissingHeaders.erase(File);
      FileErrors = RunTool({}).second;
    }
    return std::move(FileErrors);
  }

  /// Takes the compiler errors out of \p FileErrors: they belong to the
  /// input being parsed, wherever they are (in it, in a header it includes,
  /// or nowhere: an unknown flag). Its own come first: they are the ones
  /// its author can act on.
  void takeCompileErrors(const std::string &File, std::vector<ClangTidyError> &FileErrors) {
    std::vector<std::string> InHeaders;
    llvm::erase_if(FileErrors, [&](const ClangTidyError &E) {
      if (E.DiagLevel < tooling::Diagnostic::Error ||
          !llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-"))
        return false;
      const tooling::DiagnosticMessage &M = E.Message;
      // In a device-only body: not the host code's error (DeviceBodies).
      if (auto It = State.DeviceBodies.find(M.FilePath); It != State.DeviceBodies.end() &&
          llvm::any_of(It->second, [&](const std::pair<unsigned, unsigned> &B) {
            return B.first <= M.FileOffset && M.FileOffset <= B.second;
          }))
        return true;
      std::string Where;
      if (!M.FilePath.empty())
        Where = llvm::sys::path::filename(M.FilePath).str() + ":" +
                std::to_string(Sources.locate(M.FilePath, M.FileOffset).Line) + ": ";
      bool Own = M.FilePath.empty() || M.FilePath == File;
      // Clang quotes source text in its messages: clipped.
      std::string Message = M.Message.size() > 200 ? M.Message.substr(0, 200) + "..." : M.Message;
      (Own ? CompileErrors[File] : InHeaders).push_back(Where + Message);
      return true;
    });
    if (!InHeaders.empty())
      llvm::append_range(CompileErrors[File], InHeaders);
  }

  /// A refused read is the file's error; the include it served is not also
  /// "not found".
  void takeRefusedReads(const std::string &File, const RefusedReads &Refused) {
    if (Refused.Messages.empty())
      return;
    RefusedFor[File] = Refused.Messages;
    auto &Missing = State.MissingHeaders[File];
    llvm::erase_if(Missing, [&](const std::string &Header) {
      llvm::StringRef Name = llvm::sys::path::filename(Header);
      return llvm::any_of(Refused.Messages, [&](const std::string &M) {
        return llvm::StringRef(M).contains("/" + Name.str() + "': ");
      });
    });
    if (Missing.empty())
      State.MissingHeaders.erase(File);
  }

  void lintFile(const std::string &File) {
    std::optional<std::string> Source = readInput(File);
    if (!Source)
      return;
    Result.Parsed[File] = llvm::SHA256::hash(llvm::arrayRefFromStringRef(*Source));
    auto Refused = std::make_shared<RefusedReads>();
    auto FileErrors = parse(File, *Source, fileSystemFor(File, *Source, Refused));
    if (!FileErrors)
      return;
    takeCompileErrors(File, *FileErrors);
    takeRefusedReads(File, *Refused);
    Errors.insert(Errors.end(), std::make_move_iterator(FileErrors->begin()),
                  std::make_move_iterator(FileErrors->end()));
  }

  Finding findingOf(const ClangTidyError &E, const std::vector<std::string> &Files) {
    const tooling::DiagnosticMessage &M = E.Message;
    Finding F;
    F.Check = E.DiagnosticName;
    if (const CheckInfo *Info = findCheck(F.Check))
      F.Level = levelName(Info->Level).str();
    F.Loc = Sources.locate(M.FilePath, M.FileOffset);
    F.Message = M.Message;
    F.AsError = E.IsWarningAsError;
    F.GraphBreak = graphBreakIn(M.Message);
    for (const tooling::DiagnosticMessage &N : E.Notes) {
      // Clang's macro backtrace into torch headers says nothing to the user.
      if (llvm::StringRef(N.Message).starts_with("expanded from macro") &&
          !llvm::is_contained(Files, N.FilePath))
        continue;
      F.Notes.push_back({Sources.locate(N.FilePath, N.FileOffset), N.Message});
    }
    if (auto It = State.Assumed.find({M.FileOffset, M.Message});
        It != State.Assumed.end() && !It->second.empty()) {
      F.Notes.push_back({F.Loc, model::ProjectView::assumedNote(It->second.front())});
      It->second.pop_front();
    }
    for (const auto &FileFixes : M.Fix)
      for (const tooling::Replacement &R : FileFixes.second) {
        FixIt Fix;
        Fix.Loc = Sources.locate(R.getFilePath().str(), R.getOffset());
        Fix.Length = R.getLength();
        Fix.Replacement = R.getReplacementText().str();
        F.FixIts.push_back(std::move(Fix));
      }
    llvm::sort(F.FixIts, [](const FixIt &A, const FixIt &B) {
      return std::tie(A.Loc.File, A.Loc.Offset) < std::tie(B.Loc.File, B.Loc.Offset);
    });
    return F;
  }

  /// A file's error: its refused reads; else its missing headers (not the
  /// errors that follow from their absence); else its compiler errors.
  void addFileErrors(const std::string &File) {
    if (auto It = RefusedFor.find(File); It != RefusedFor.end()) {
      for (const std::string &M : It->second)
        Result.Errors.push_back({File, M});
      return;
    }
    if (auto Missing = State.MissingHeaders.find(File); Missing != State.MissingHeaders.end()) {
      for (const std::string &Header : Missing->second)
        Result.Errors.push_back({File, "header '" + Header + "' not found; linted what parses",
                                 /*Partial=*/true, Header});
      return;
    }
    auto It = CompileErrors.find(File);
    if (It == CompileErrors.end())
      return;
    std::string First = It->second.front();
    if (It->second.size() > 1)
      First += " (and " + std::to_string(It->second.size() - 1) + " more errors)";
    if (OnlySemanticErrors.count(File))
      Result.Errors.push_back(
          {File, RejectedInPart + First + "); GCC or nvcc may accept it; linted the rest",
           /*Partial=*/true});
    else
      Result.Errors.push_back({File, "could not be parsed: " + First});
  }

  const tooling::CompilationDatabase &Database;
  const EngineOptions &Options;
  LintResult Result;
  SourceFiles Sources;
  RunState State;
  ClangTidyContext Context;
  ClangTidyDiagnosticConsumer DiagConsumer;
  AssumedFacts Assumed;
  DiagnosticsEngine DE;
  ActionFactory Factory;
  std::vector<ClangTidyError> Errors;
  std::map<std::string, std::vector<std::string>> CompileErrors; ///< Per file.
  /// Files whose compiler errors are all semantic ones (ErrorKinds).
  std::set<std::string> OnlySemanticErrors;
  std::map<std::string, std::vector<std::string>> RefusedFor; ///< Sandbox refusals, per file.
};

LintResult lintSequential(const std::vector<std::string> &Files,
                          const tooling::CompilationDatabase &Database,
                          const EngineOptions &Options) {
  return SequentialLint(Database, Options).run(Files);
}

} // namespace

} // namespace torchlint
