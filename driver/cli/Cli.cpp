//===--- Cli.cpp - The torch-lint command line: a run as its stages -------===//
//
// runTorchLint reads as the run: parse the options -> resolve the project
// (its session, the files, their compile database) -> plan the engine (torch,
// flags, PCH cache, sandbox) -> lint (in workers, as parts of their projects)
// -> select (level, diff, baseline, shard) -> report -> fix. A worker (one
// file, for its parent) stops after linting and prints its result.
//
//===----------------------------------------------------------------------===//

#include "cli/Cli.h"
#include "cli/Fixes.h"
#include "report/ExportFixes.h"
#include "cli/Inputs.h"
#include "cli/LspServer.h"
#include "cli/Options.h"

#include "Catalog.h"
#include "engine/ClangResources.h"
#include "engine/Engine.h"
#include "engine/PchCache.h"
#include "engine/ProjectLint.h"
#include "engine/SandboxFS.h"
#include "engine/Workers.h"
#include "model/ProjectModel.h"
#include "model/SafeRead.h"
#include "model/Session.h"
#include "project/BuildScripts.h"
#include "project/CompileFlags.h"
#include "project/CudaHost.h"
#include "project/IncludeInference.h"
#include "project/TorchEnv.h"
#include "report/Baseline.h"
#include "report/Formats.h"
#include "report/MissingHeaders.h"
#include "report/Output.h"
#include "report/Verify.h"

#include "clang-tidy/GlobList.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <csignal>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>
#include <unistd.h>

namespace torchlint {
namespace {

/// One run, as its stages fill it in.
struct Run {
  Options O;
  std::shared_ptr<model::Session> Session;
  std::vector<std::string> Files;
  std::unique_ptr<clang::tooling::CompilationDatabase> Inner; ///< compile_commands.json.
  std::set<std::string> InDatabase; ///< Files with an entry of their own there.
  EngineOptions EO;
  std::unique_ptr<PchCache> Pch;
  FindingSelector Selector; ///< --shard, --baseline, --diff-base, --line-filter.
  TorchEnv Torch;
  SynthesisedFlags Flags;
  std::shared_ptr<DroppedFlags> Dropped;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database; ///< Inner, completed.
  bool ShowProgress = false;
};

/// Where parses may read: the projects of the named files, the include
/// directories the user or the environment named, the system's.
std::shared_ptr<const ReadPolicy>
readPolicy(const Options &O, const std::vector<std::string> &Files, const TorchEnv &Torch,
           const PchCache *Pch, const clang::tooling::CompilationDatabase &Database) {
  auto P = std::make_shared<ReadPolicy>();
  for (const std::string &Root : projectRoots(O, Files))
    P->Roots.push_back(Root);
  for (const std::vector<std::string> *Dirs : {&Torch.Includes, &Torch.PythonIncludes})
    for (const std::string &D : *Dirs)
      P->addRoot(D);
  for (const std::string &D : systemReadRoots())
    P->addRoot(D);
  if (Pch)
    P->addCacheDir(Pch->directory());
  // A compile database's include directories are the tree's: only those
  // that hold torch's own headers (a torch installation elsewhere) count.
  for (const std::string &F : Files)
    for (const auto &Command : Database.getCompileCommands(F))
      for (const std::string &Dir : includeDirsIn(Command.CommandLine, Command.Directory))
        for (const char *Marker : {"ATen/ATen.h", "torch/torch.h", "torch/extension.h"})
          if (llvm::sys::fs::is_regular_file(Dir + "/" + Marker)) {
            P->addRoot(Dir);
            break;
          }
  // Include directories the user gave after `--` are theirs to read.
  for (const std::vector<std::string> *Args : {&O.ExtraArgsBefore, &O.ExtraArgs}) {
    for (const std::string &Dir : includeDirsIn(*Args, cwd()))
      P->addRoot(Dir);
    for (llvm::StringRef A : std::vector<llvm::StringRef>(Args->begin(), Args->end()))
      if (A.consume_front("--cuda-path="))
        P->addRoot(A.str());
  }
  return P;
}

/// The arguments a worker gets (Workers.h): everything that changes what a
/// file's analysis finds, nothing that selects, prints or writes.
std::vector<std::string> workerArgs(const Options &O) {
  std::vector<std::string> A;
  if (O.Checks)
    A.push_back("--checks=" + *O.Checks);
  if (O.Config)
    A.push_back("--config=" + *O.Config);
  if (O.WarningsAsErrors)
    A.push_back("--warnings-as-errors=" + *O.WarningsAsErrors);
  if (!O.HeaderFilter.empty())
    A.push_back("--header-filter=" + O.HeaderFilter);
  for (const std::string &Dir : O.TorchIncludes)
    A.push_back("--torch-include=" + Dir);
  if (!O.BuildDir.empty())
    A.push_back("-p=" + O.BuildDir);
  if (!O.Fast)
    A.push_back("--no-fast");
  if (O.NoCache)
    A.push_back("--no-cache");
  if (!O.CacheDir.empty())
    A.push_back("--cache-dir=" + O.CacheDir);
  if (!O.ProjectRoot.empty())
    A.push_back("--project-root=" + O.ProjectRoot);
  if (O.CacheMaxMiB)
    A.push_back("--cache-max=" + std::to_string(O.CacheMaxMiB));
  for (const std::string &Arg : O.ExtraArgsBefore)
    A.push_back("--extra-arg-before=" + Arg);
  A.push_back("--");
  A.insert(A.end(), O.ExtraArgs.begin(), O.ExtraArgs.end());
  return A;
}

/// What `--version -v` and `-v` say of the torch files are linted against.
void printTorchEnv(llvm::raw_ostream &OS, const TorchEnv &T) {
  if (T.Source.empty()) {
    OS << "torch: none found (give --torch-include, set TORCH_INCLUDE, or "
          "activate a virtual environment with torch)\n";
  } else {
    OS << "torch: " << (T.Version.empty() ? "unknown version" : T.Version) << " ("
       << T.Source << ")\n";
    for (const std::string &Dir : T.Includes)
      OS << "  torch include: " << Dir << "\n";
    OS << "  language: -std=" << T.CxxStandard << "\n";
  }
  for (const std::string &Dir : T.PythonIncludes)
    OS << "  python include: " << Dir << (T.Python.empty() ? "" : " (" + T.Python + ")")
       << "\n";
}

/// The torch prefixes (PchCache::torchPrefix) of the named files and the
/// project's other C++ sources, read as the sandbox allows, by file: its
/// PCH group and prefix. \p WorkerArgs: the per-file arguments a worker
/// gets (inferred -I and -D).
std::map<std::string, std::pair<std::string, std::vector<std::string>>>
torchPrefixes(const PchCache &Pch, const std::vector<std::string> &Files,
              const std::vector<std::string> &Neighbours,
              const clang::tooling::CompilationDatabase &Database, const ReadPolicy *Reads,
              const std::function<std::vector<std::string>(const std::string &)> &WorkerArgs) {
  std::map<std::string, std::pair<std::string, std::vector<std::string>>> Out;
  std::set<std::string> Seen;
  for (const auto *List : {&Files, &Neighbours})
    for (const std::string &F : *List) {
      llvm::StringRef Ext = llvm::sys::path::extension(F);
      if (!Seen.insert(F).second || isCudaSource(F) ||
          !llvm::is_contained({".cpp", ".cc", ".cxx", ".c++", ".C"}, Ext) ||
          (Reads && !Reads->check(F).empty()))
        continue;
      auto Buf = readRegularFile(F, 4 << 20);
      std::vector<clang::tooling::CompileCommand> Commands = Database.getCompileCommands(F);
      if (!Buf || Commands.empty())
        continue;
      // The command a worker parses with (the order aside: PchCache::groupOf).
      clang::tooling::CompileCommand C = Commands.front();
      for (llvm::StringRef A : WorkerArgs(F)) {
        if (A.consume_front("--worker-include-dir="))
          C.CommandLine.push_back("-I" + A.str());
        else if (A.consume_front("--worker-define=") && A.starts_with("-D"))
          C.CommandLine.push_back(A.str());
      }
      std::vector<std::string> Prefix =
          PchCache::foundHeaders(C, PchCache::torchPrefix(F, C, Buf->getBuffer()));
      if (!Prefix.empty())
        Out[F] = {Pch.groupOf(F, C), std::move(Prefix)};
    }
  return Out;
}

int checkGlobs(const Options &O) {
  if (!O.Checks)
    return -1;
  llvm::SmallVector<llvm::StringRef, 8> Items;
  llvm::StringRef(*O.Checks).split(Items, ',', -1, false);
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty() || Item.starts_with("-"))
      continue;
    clang::tidy::GlobList G(Item);
    bool Any = false;
    for (const CheckInfo &Info : catalog())
      Any |= G.contains(Info.Name);
    if (!Any)
      return usageError("--checks: '" + Item.str() +
                        "' matches no torchlint check (see --list-checks)");
  }
  return -1;
}

/// The largest --config text (it goes to each worker's command line; the
/// largest real .clang-tidy files are a few KiB).
constexpr size_t MaxConfigTextBytes = 100 << 10;

/// --config-file read into --config (workers get the text: what a cached
/// result depends on), and either one validated; --config and
/// --config-file together refused, as clang-tidy does.
int loadConfig(Options &O) {
  if (!O.ConfigFile.empty()) {
    if (O.Config)
      return usageError("--config and --config-file cannot be combined: give one");
    uint64_t Size = 0;
    if (!llvm::sys::fs::file_size(O.ConfigFile, Size) && Size > MaxConfigTextBytes)
      return usageError("--config-file: '" + O.ConfigFile + "' is larger than 100 KiB");
    auto Buf = readRegularFile(O.ConfigFile, MaxConfigTextBytes);
    if (!Buf)
      return usageError("--config-file: cannot read '" + O.ConfigFile +
                        "' (no such regular file)");
    O.Config = Buf->getBuffer().str();
  }
  if (!O.Config)
    return -1;
  std::string What = O.ConfigFile.empty() ? "--config" : "--config-file '" + O.ConfigFile + "'";
  if (O.Config->size() > MaxConfigTextBytes)
    return usageError(What + ": larger than 100 KiB");
  if (std::string Problem = configProblem(*O.Config); !Problem.empty())
    return usageError(What + ": not a clang-tidy configuration: " + Problem);
  return -1;
}

/// The engine options that choose checks and how they report.
EngineOptions checkOptions(const Options &O) {
  EngineOptions EO;
  EO.Checks = O.Checks;
  EO.Config = O.Config;
  EO.WarningsAsErrors = O.WarningsAsErrors;
  EO.HeaderFilter = O.HeaderFilter;
  return EO;
}

/// --dump-config: the options in effect for the first file named (else a
/// file of this directory), as clang-tidy prints them.
int dumpConfig(const Options &O) {
  llvm::SmallString<256> File(O.Inputs.empty() ? "dummy" : O.Inputs.front());
  llvm::sys::fs::make_absolute(File);
  if (llvm::sys::fs::is_directory(File))
    llvm::sys::path::append(File, "dummy");
  llvm::outs() << dumpedConfiguration(File.str().str(), checkOptions(O)) << "\n";
  return ExitClean;
}

int listChecks(const Options &O) {
  EngineOptions EO = checkOptions(O);
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  llvm::sys::path::append(Cwd, "x.cpp");
  std::vector<std::string> Enabled = enabledChecks(Cwd.str().str(), EO);
  if (O.Format == "json") {
    nlohmann::json J = nlohmann::json::array();
    for (const CheckInfo &Info : catalog())
      J.push_back({{"name", Info.Name.str()},
                   {"family", Info.Family.str()},
                   {"level", levelName(Info.Level).str()},
                   {"summary", Info.Summary.str()},
                   {"graph_break", Info.GraphBreak.empty()
                                       ? nlohmann::json(nullptr)
                                       : nlohmann::json(Info.GraphBreak.str())},
                   {"fixit", fixItKindName(Info.FixIt).str()},
                   {"enabled", llvm::is_contained(Enabled, Info.Name.str())}});
    llvm::outs() << J.dump(2) << "\n";
    return ExitClean;
  }
  if (O.Format == "markdown") {
    // docs/checks/README.md is exactly this output (a test keeps it so).
    llvm::outs() << "# torchlint checks\n\n"
                 << "Generated by `torch-lint --list-checks --format=markdown` "
                    "from the catalog (checks/Catalog.cpp).\n"
                 << "Levels: level0 = almost never wrong, on by default; "
                    "level1 = likely, on by default;\nlevel2 = advisory, "
                    "opt-in (`--checks=torch-*`).\n\n"
                 << "| check | level | graph break | fix-it | summary |\n"
                 << "|---|---|---|---|---|\n";
    for (const CheckInfo &Info : catalog())
      llvm::outs() << "| [" << Info.Name << "](" << Info.Name << ".md) | "
                   << levelName(Info.Level) << " | "
                   << (Info.GraphBreak.empty() ? "-" : Info.GraphBreak) << " | "
                   << fixItKindName(Info.FixIt) << " | " << Info.Summary << " |\n";
    return ExitClean;
  }
  llvm::outs() << "Enabled checks (* = on; default: level0 and level1):\n";
  for (const CheckInfo &Info : catalog())
    llvm::outs() << (llvm::is_contained(Enabled, Info.Name.str()) ? "  * " : "    ")
                 << llvm::left_justify(Info.Name, 34) << " "
                 << levelName(Info.Level) << "  " << Info.Summary << "\n";
  return ExitClean;
}

/// The project index the parent wrote to \p Path (--worker-project-index);
/// false when the file is not one.
bool readIndexFile(const std::string &Path, std::shared_ptr<const model::ProjectIndex> &Index) {
  auto Buf = readRegularFile(Path, uint64_t(1) << 30);
  nlohmann::json J;
  if (Buf)
    J = nlohmann::json::parse(Buf->getBuffer().begin(), Buf->getBuffer().end(), nullptr,
                              /*allow_exceptions=*/false);
  try {
    Index = std::make_shared<model::ProjectIndex>(model::ProjectIndex::fromJson(J));
  } catch (const nlohmann::json::exception &) {
    return false;
  }
  return true;
}

/// --worker-index-late: the parent reserved \p Path (an empty file) and
/// renames the index onto it once its fact sources are parsed; the worker
/// parses its file meanwhile and waits here, when its checks first ask,
/// saying so (<Path>.waiting: the parent gives its -j slot to another
/// worker meanwhile). The file removed, or the parent gone: no index.
std::shared_ptr<const model::ProjectIndex> awaitIndexFile(const std::string &Path, pid_t Parent) {
  for (bool Said = false;; Said = true) {
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(Path, St) || getppid() != Parent)
      return nullptr;
    if (St.getSize() > 0)
      break;
    if (!Said) {
      int FD = -1;
      if (!llvm::sys::fs::openFileForWrite(Path + ".waiting", FD, llvm::sys::fs::CD_CreateNew))
        llvm::sys::fs::closeFile(FD);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::shared_ptr<const model::ProjectIndex> Index;
  return readIndexFile(Path, Index) ? Index : nullptr;
}

/// What the run knows of its projects (checks/model/Session.h): the checks'
/// idea of a file's project (its Python, the paths notes show); a worker's,
/// the merged index and the Python scans its parent wrote.
int makeSession(const Options &O, std::shared_ptr<model::Session> &Run) {
  model::Session::Settings S;
  S.RootOf = [Roots = rootsOf(O)](const std::string &F) { return Roots.markedOf(F); };
  if (O.Worker && !O.WorkerProjectIndex.empty()) {
    if (O.WorkerIndexLate)
      S.LateIndex = [Path = O.WorkerProjectIndex, Parent = getppid()] {
        return awaitIndexFile(Path, Parent);
      };
    else if (!readIndexFile(O.WorkerProjectIndex, S.Index))
      return usageError("--worker-project-index: not a project index");
  }
  Run = std::make_shared<model::Session>(std::move(S));
  if (O.Worker && !O.WorkerPythonScans.empty())
    if (auto Buf = readRegularFile(O.WorkerPythonScans, uint64_t(1) << 30))
      (void)Run->preloadPythonScans(Buf->getBuffer()); // Else: scanned here.
  return -1;
}

/// --version, --list-checks: what the options answer without linting; -1
/// when they ask for a lint.
int answerWithoutLinting(const Options &O) {
  if (O.ShowVersion) {
    llvm::outs() << "torch-lint " << Version << " (clang-tidy engine, LLVM "
                 << LLVM_VERSION_STRING << ")\n";
    if (O.Verbose) {
      llvm::outs() << "clang resource directory: " << clangResourceDir()
                   << (clangResourceDirIsBundled() ? " (shipped with torch-lint)"
                                                   : " (the LLVM packages')")
                   << "\n";
      printTorchEnv(llvm::outs(), findTorch(O.TorchIncludes));
    }
    return ExitClean;
  }
  if (O.Format != "text" && O.Format != "json" && !isCiFormat(O.Format) &&
      !(O.Format == "markdown" && O.ListChecks))
    return usageError("unknown --format '" + O.Format +
                      "' (expected text, json, github, sarif, codeclimate or "
                      "checkstyle)");
  if (int R = checkGlobs(O); R >= 0)
    return R;
  if (O.DumpConfig)
    return dumpConfig(O);
  if (O.ListChecks)
    return listChecks(O);
  return -1;
}

/// The compile database the files are linted with (-p, else found as
/// clang-tidy finds it), read by the tree rule.
int loadCompileDatabase(Run &R) {
  Options &O = R.O;
  if (O.BuildDir.empty() && !O.Worker && !R.Files.empty()) {
    // As clang-tidy finds it: the file's directory and its parents (and
    // their build/), up to the project's root. Workers get it as -p.
    O.BuildDir = findCompileDatabase(R.Files.front(), rootsOf(O));
    if (O.Verbose && !O.BuildDir.empty())
      llvm::errs() << "torch-lint: compile database " << escapeForTerminal(O.BuildDir) << "\n";
  }
  if (O.BuildDir.empty())
    return -1;
  llvm::SmallString<256> Path(O.BuildDir);
  if (llvm::sys::fs::is_directory(Path))
    llvm::sys::path::append(Path, "compile_commands.json");
  if (!llvm::sys::fs::exists(Path))
    return usageError("no compile database: '" + Path.str().str() +
                      "' does not exist (configure with "
                      "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or omit -p)");
  // The tree's file, by the one rule (SafeRead.h): a FIFO or device would
  // hang the read, a symlink out of the project feed it another's flags.
  if (std::string Why = treeFileProblem(Path, projectRoots(O, R.Files), 512ull << 20);
      !Why.empty())
    return usageError("compile database '" + Path.str().str() + "' refused: " + Why);
  std::string Err;
  R.Inner = clang::tooling::JSONCompilationDatabase::loadFromFile(
      Path, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!R.Inner)
    return usageError("cannot read compile database '" + Path.str().str() + "': " + Err);
  for (const std::string &F : R.Files)
    if (!R.Inner->getCompileCommands(F).empty())
      R.InDatabase.insert(F);
  return -1;
}

/// The project: the run's session, the files to lint (a worker's as its
/// parent named them), their .clang-tidy files, their compile database.
int resolveProject(Run &R) {
  Options &O = R.O;
  if (int Rc = makeSession(O, R.Session); Rc >= 0)
    return Rc;
  if (O.Worker) {
    // The parent expanded and checked the inputs; what cannot be read is
    // this file's error, reported by the engine.
    for (const std::string &In : O.Inputs) {
      llvm::SmallString<256> Abs(In);
      llvm::sys::fs::make_absolute(Abs);
      R.Files.push_back(Abs.str().str());
    }
  } else if (int Rc = collectFiles(O, R.Files); Rc >= 0) {
    return Rc;
  }
  if (O.Verify) // Golden files are compared, not linted.
    llvm::erase_if(R.Files, [Files = R.Files](const std::string &F) {
      return isGoldenFile(F, Files);
    });
  ConfigFiles Configs;
  for (const std::string &F : R.Files)
    if (std::string Problem = Configs.problemFor(F, *R.Session); !Problem.empty())
      return usageError(Problem);
  return loadCompileDatabase(R);
}

/// The precompiled-header cache, when the run keeps one and it is usable.
void openPchCache(Run &R) {
  Options &O = R.O;
  if (!O.Fast || O.NoCache)
    return;
  R.Pch = std::make_unique<PchCache>(O.CacheDir.empty() ? PchCache::defaultDir() : O.CacheDir);
  R.Pch->Quiet = O.Quiet;
  if (O.CacheMaxMiB)
    R.Pch->MaxBytes = uint64_t(O.CacheMaxMiB) << 20;
  // Checked (and said) once here, not in every worker.
  if (!O.Worker && !R.Pch->usable()) {
    R.Pch.reset();
    O.NoCache = true;
    return;
  }
  R.Pch->RootOf = [Roots = rootsOf(O)](const std::string &F) { return Roots.of(F); };
}

/// The torch the files are linted against and the flags of the files the
/// compile database has no entry for; the database that answers for all.
void synthesiseFlags(Run &R) {
  const Options &O = R.O;
  // Workers use the torch their parent found (and never ask Python again).
  const char *FromParent = std::getenv("TORCHLINT_WORKER_TORCH");
  if (!O.Worker || !FromParent || !torchEnvFromJson(FromParent, R.Torch))
    R.Torch = findTorch(O.TorchIncludes);
  if (O.Verbose)
    printTorchEnv(llvm::errs(), R.Torch);
  SynthesisedFlags &Flags = R.Flags;
  Flags.TorchIncludes = R.Torch.Includes;
  Flags.PythonIncludes = R.Torch.PythonIncludes;
  Flags.CxxStandard = R.Torch.CxxStandard;
  Flags.CudaToolkit = findCudaToolkit(O.ExtraArgs);
  for (const std::string &Dir : O.InferredIncludes)
    Flags.ExtraArgs.push_back("-I" + Dir);
  for (const std::string &Define : O.InferredDefines)
    if (llvm::StringRef(Define).starts_with("-D"))
      Flags.ExtraArgs.push_back(Define);
  llvm::append_range(Flags.ExtraArgs, O.ExtraArgs);
  Flags.ExtraArgsBefore = O.ExtraArgsBefore;
  R.Dropped = Flags.Dropped;
  R.Database = makeCompilationDatabase(std::move(R.Inner), Flags);
}

/// The engine's options: checks, the project's own headers, jobs, the PCH
/// cache, the sandbox, progress; the finding selector.
int planEngine(Run &R) {
  const Options &O = R.O;
  EngineOptions &EO = R.EO;
  EO = checkOptions(O);
  EO.Session = R.Session;
  // Bindings and registrations in the project's own headers count.
  if (O.HeaderFilter.empty()) {
    EO.ProjectRoots = projectRoots(O, R.Files); // Real paths, and as named:
    for (const std::string &F : R.Files)
      if (std::string Root = rootsOf(O).of(F); !llvm::is_contained(EO.ProjectRoots, Root))
        EO.ProjectRoots.push_back(Root);
  }
  EO.Fast = O.Fast;
  EO.FactsOnly = O.Worker && O.WorkerFactsOnly;
  if (O.Worker && !O.WorkerBuffer.empty()) { // --buffer-file's text, for its file.
    auto Text = readRegularFile(O.WorkerBuffer, uint64_t(64) << 20);
    if (!Text)
      return usageError("--worker-buffer: cannot read '" + O.WorkerBuffer + "'");
    EO.Overlay[R.Files.front()] = Text->getBuffer().str();
  }
  EO.Jobs = O.Worker ? 1 : O.Jobs ? O.Jobs : std::max(1u, std::thread::hardware_concurrency());
  openPchCache(R);
  EO.Pch = R.Pch.get();
  if (enabledChecks(R.Files.front(), EO).empty())
    return usageError("no torchlint check is enabled (check --checks and .clang-tidy)");
  if (std::string Problem = R.Selector.prepare(O.Select, R.Files); !Problem.empty())
    return usageError(Problem);
  synthesiseFlags(R);
  EO.Reads = readPolicy(O, R.Files, R.Torch, R.Pch.get(), *R.Database);
  R.ShowProgress = !O.Quiet && R.Files.size() > 3 && llvm::sys::Process::StandardErrIsDisplayed();
  if (R.ShowProgress)
    EO.Progress = [](size_t I, size_t N, const std::string &File) {
      llvm::errs() << "\r\x1b[K[" << I + 1 << "/" << N << "] " << displayPath(File);
      llvm::errs().flush();
    };
  return -1;
}

/// The test hooks of a worker: a crash, a hang, a log of the files parsed
/// (and which took their index late).
void injectWorkerFaults(const std::vector<std::string> &Files, bool IndexLate) {
  for (const std::string &F : Files) {
    if (const char *C = std::getenv("TORCHLINT_TEST_CRASH_ON"); C && *C &&
        llvm::StringRef(F).contains(C))
      std::raise(SIGSEGV);
    if (const char *H = std::getenv("TORCHLINT_TEST_HANG_ON"); H && *H &&
        llvm::StringRef(F).contains(H))
      std::this_thread::sleep_for(std::chrono::hours(1));
    // For the tests that count parses: one line per file a worker parses.
    if (const char *L = std::getenv("TORCHLINT_TEST_PARSE_LOG"); L && *L) {
      std::error_code EC;
      llvm::raw_fd_ostream Log(L, EC, llvm::sys::fs::OF_Append);
      if (!EC)
        Log << F << (IndexLate ? " (index late)" : "") << "\n";
    }
  }
}

/// A worker's run: its file linted here, the result printed for the parent.
int lintAsWorker(Run &R) {
  injectWorkerFaults(R.Files, R.O.WorkerIndexLate); // Fault injection for the tests of Workers.h.
  WorkerResult W{lint(R.Files, *R.Database, R.EO), {}};
  {
    std::lock_guard<std::mutex> Lock(R.Dropped->Lock);
    W.Dropped = R.Dropped->Flags;
  }
  llvm::outs() << serializeWorkerResult(W);
  llvm::outs().flush();
  return llvm::outs().has_error() ? ExitOutput : ExitClean;
}

/// The directories a file without a compile-database entry may find
/// headers in already: the include directories its tree implies beyond
/// those are IncludeInference's.
std::vector<std::string> knownIncludeDirs(const Run &R) {
  std::vector<std::string> Known = R.Torch.Includes;
  llvm::append_range(Known, R.Torch.PythonIncludes);
  for (const char *D : {"/usr/include", "/usr/local/include", "/usr/include/x86_64-linux-gnu"})
    Known.push_back(D);
  Known.push_back(clangResourceDir() + "/include");
  for (const char *Glob : {"/usr/include/c++", "/usr/include/x86_64-linux-gnu/c++"}) {
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Glob, EC), End; It != End && !EC; It.increment(EC))
      Known.push_back(It->path());
  }
  if (!R.Flags.CudaToolkit.empty()) {
    Known.push_back(R.Flags.CudaToolkit + "/include");
    Known.push_back(R.Flags.CudaToolkit + "/include/cccl");
  }
  llvm::append_range(Known, includeDirsIn(R.O.ExtraArgs, cwd()));
  return Known;
}

/// What a worker gets for a file with no compile-database entry: the include
/// directories (IncludeInference.h) and macros (BuildScripts.h) its tree
/// implies. Thread-safe; each file's worked out once.
class InferredArgs {
public:
  explicit InferredArgs(const Run &R) : Roots(rootsOf(R.O)), Inference(knownIncludeDirs(R)) {}

  std::vector<std::string> operator()(const std::string &File) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto [It, New] = Made.try_emplace(File);
    if (New) {
      std::string Root = Roots.of(File);
      for (const std::string &D : Inference.includeDirsFor(File, Root))
        It->second.push_back("--worker-include-dir=" + D);
      for (const std::string &D : Scripts.definesFor(File, Root, &Undecided[File]))
        It->second.push_back("--worker-define=" + D);
    }
    return It->second;
  }

  /// -v: what each named file gets.
  void say(const std::string &File, const std::vector<std::string> &Args) const {
    llvm::errs() << "torch-lint: " << escapeForTerminal(displayPath(File)) << ":";
    for (llvm::StringRef A : Args)
      llvm::errs() << " "
                   << escapeForTerminal(A.consume_front("--worker-include-dir=")
                                            ? "-I" + displayPath(A.str())
                                            : A.drop_front(strlen("--worker-define=")).str());
    llvm::errs() << "\n";
    // Which arm of a setup.py condition it could not decide was linted.
    if (auto It = Undecided.find(File); It != Undecided.end())
      for (const std::string &U : It->second)
        llvm::errs() << "  " << escapeForTerminal(U) << "\n";
  }

private:
  ProjectRootFinder Roots;
  IncludeInference Inference;
  BuildScripts Scripts;
  std::mutex Mutex;
  std::map<std::string, std::vector<std::string>> Made;
  std::map<std::string, std::vector<std::string>> Undecided; ///< Per file.
};

/// How the files are linted as parts of their projects (ProjectLint.h).
ProjectRun planProjectRun(const Run &R) {
  const Options &O = R.O;
  ProjectRun Project;
  Project.Session = R.Session;
  Project.Quiet = O.Quiet;
  Project.Enabled = O.ProjectMode;
  if (R.Pch && !O.Fix && O.ResultCache) {
    // Results of this build of torch-lint only.
    std::string Self =
        llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&usageError));
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(Self, St)) {
      Project.ResultsDir = R.Pch->directory() + "/results";
      Project.ToolId = Self + "\n" + std::to_string(St.getSize()) + "\n" +
                       std::to_string(St.getLastModificationTime().time_since_epoch().count());
    }
  }
  if (O.ProjectMode && R.Pch) {
    Project.CacheDir = R.Pch->directory();
    Project.RootOf = [Roots = rootsOf(O)](const std::string &F) { return Roots.of(F); };
  }
  if (O.ProjectMode)
    projectNeighbours(O, R.Files, Project);
  return Project;
}

/// Lints the files in workers, as parts of their projects; the flags the
/// compile database had that were dropped go into \p Dropped.
LintResult lintFiles(Run &R, std::set<std::string> &Dropped) {
  InferredArgs Inferred(R);
  for (const std::string &F : R.Files)
    if (!R.InDatabase.count(F))
      if (std::vector<std::string> Args = Inferred(F); R.O.Verbose)
        Inferred.say(F, Args);
  ProjectRun Project = planProjectRun(R);
  std::function<std::vector<std::string>(const std::string &)> ArgsFor =
      [&](const std::string &F) {
        std::vector<std::string> A = Inferred(F);
        if (!R.O.BufferFile.empty() && F == R.Files.front())
          A.push_back("--worker-buffer=" + R.O.BufferFile);
        return A;
      };
  // One PCH for the files of a project whose torch includes differ
  // (PchCache::share): the prefixes of the files this run parses.
  std::map<std::string, std::pair<std::string, std::vector<std::string>>> Prefixes;
  if (R.Pch && R.O.Fast) {
    Prefixes = torchPrefixes(*R.Pch, R.Files, Project.Neighbours, *R.Database,
                             R.EO.Reads.get(), ArgsFor);
    for (const auto &[F, Prefix] : Prefixes)
      Project.LoadPch.insert(F); // (What the budget's estimates need.)
    Project.PchKnown = true;
    Project.BeforeParsing = [&](const std::vector<std::string> &Parsed) {
      std::map<std::string, std::vector<std::vector<std::string>>> ByGroup;
      for (const std::string &F : Parsed)
        if (auto It = Prefixes.find(F); It != Prefixes.end())
          ByGroup[It->second.first].push_back(It->second.second);
      for (const auto &[Group, Ps] : ByGroup)
        R.Pch->share(Group, Ps);
    };
  }
  size_t Finished = 0;
  DeferredFacts Deferred;
  WorkerResult W = lintProject(
      R.Files, workerArgs(R.O), {"TORCHLINT_WORKER_TORCH=" + torchEnvToJson(R.Torch)}, R.EO.Jobs,
      R.O.Timeout,
      [&](const std::string &File, size_t Total) {
        if (R.EO.Progress)
          R.EO.Progress(Finished++, Total, File);
      },
      ArgsFor, Project, &Deferred);
  Dropped = W.Dropped;
  Dropped.insert(R.Dropped->Flags.begin(), R.Dropped->Flags.end());
  if (R.ShowProgress)
    llvm::errs() << "\r\x1b[K";
  if (!Deferred.Files.empty() && !R.O.Quiet) {
    llvm::errs() << "torch-lint: " << Deferred.Files.size() << " other source"
                 << (Deferred.Files.size() == 1 ? "" : "s")
                 << " that can add facts to these files not parsed in this run (about "
                 << unsigned(Deferred.Cost + 0.5)
                 << " s of parsing, over what a first run on a few files spends); the findings "
                    "they could change say so; the next run parses more of them, "
                    "--project=full all of them now\n";
    if (R.O.Verbose)
      for (const std::string &F : Deferred.Files)
        llvm::errs() << "  " << escapeForTerminal(displayPath(F)) << "\n";
  }
  return std::move(W.Result);
}

/// What the run could not do fully: headers with bindings not linted,
/// headers not found (and what would find them), flags dropped.
void sayWhatWasLeftOut(const Run &R, LintResult &Result, const std::set<std::string> &Dropped) {
  const Options &O = R.O;
  if (!Result.SkippedTorchHeaders.empty() && !O.Quiet) {
    llvm::errs() << "torch-lint: bindings or registrations in "
                 << Result.SkippedTorchHeaders.size() << " header"
                 << (Result.SkippedTorchHeaders.size() == 1 ? "" : "s") << " not linted (";
    size_t I = 0;
    for (const std::string &H : Result.SkippedTorchHeaders) {
      if (I == 3) {
        llvm::errs() << ", ...";
        break;
      }
      llvm::errs() << (I++ ? ", " : "") << escapeForTerminal(displayPath(H));
    }
    llvm::errs() << (O.HeaderFilter.empty()
                         ? "): not the project's own code; --header-filter=<regex> lints them\n"
                         : "): outside --header-filter\n");
  }
  HeaderContext Headers;
  Headers.TorchVersion = R.Torch.Version;
  Headers.TorchSource = R.Torch.Source;
  Headers.HasCudaToolkit = !R.Flags.CudaToolkit.empty();
  Headers.HasPythonHeaders = !R.Torch.PythonIncludes.empty();
  Headers.RootOf = [Roots = rootsOf(O)](const std::string &F) { return Roots.of(F); };
  explainMissingHeaders(Result, Headers);
  if (!Dropped.empty() && !O.Quiet) {
    llvm::errs() << "torch-lint: compile_commands.json: ignored " << Dropped.size()
                 << " kind(s) of flag that do not only affect parsing:";
    for (const std::string &F : Dropped)
      llvm::errs() << " " << escapeForTerminal(F);
    llvm::errs() << "\n";
  }
}

/// --verify: the findings against the files' annotations and golden files.
int verifyFiles(const Run &R, const LintResult &Result) {
  bool Ok = true;
  for (const std::string &F : R.Files)
    Ok &= verifyFile(F, Result.Findings, llvm::outs());
  for (const FileError &E : Result.Errors) {
    llvm::outs() << "ERROR " << displayPath(E.File) << ": " << E.Message << "\n";
    Ok = false;
  }
  return Ok ? ExitClean : ExitFindings;
}

/// The findings reported: --max-level, then the selector's (diff, baseline,
/// shard); \p Ids gets their fingerprints. -1, or the exit code.
int selectFindings(Run &R, LintResult &Result, std::vector<std::string> &Ids) {
  if (R.O.MaxLevel >= 0) // Drop findings of checks less certain than asked.
    llvm::erase_if(Result.Findings, [&](const Finding &F) {
      llvm::StringRef Level = F.Level;
      unsigned N = 0;
      return Level.consume_front("level") && !Level.getAsInteger(10, N) &&
             N > unsigned(R.O.MaxLevel);
    });
  if (std::string Problem = R.Selector.apply(Result, Ids); !Problem.empty()) {
    llvm::errs() << "torch-lint: error: " << Problem << "\n";
    return ExitIncomplete;
  }
  if (R.Selector.hiddenByBaseline() && !R.O.Quiet)
    llvm::errs() << "torch-lint: " << R.Selector.hiddenByBaseline()
                 << " finding(s) in the baseline not reported\n";
  return -1;
}

void report(const Options &O, const LintResult &Result, const std::vector<std::string> &Ids) {
  if (O.Format == "json")
    printJson(llvm::outs(), Result);
  else if (isCiFormat(O.Format))
    printCiFormat(llvm::outs(), O.Format, Result, Ids);
  else
    printText(llvm::outs(), Result, llvm::outs().has_colors());
}

/// The summary on stderr and the exit status.
int finish(const Run &R, const LintResult &Result, int FixStatus) {
  llvm::outs().flush(); // Findings first, then the summary on stderr.
  size_t Failed = llvm::count_if(Result.Errors, [](const FileError &E) { return !E.Partial; });
  std::set<std::string> InPart, NoHeader, Rejected;
  for (const FileError &E : Result.Errors)
    if (E.Partial) {
      InPart.insert(E.File);
      (E.Header.empty() ? Rejected : NoHeader).insert(E.File);
    }
  std::vector<std::string> Why;
  if (!NoHeader.empty())
    Why.push_back("headers not found");
  if (!Rejected.empty())
    Why.push_back(std::to_string(Rejected.size()) + " with code Clang rejects");
  size_t Files = R.Files.size();
  if (!R.O.Quiet)
    llvm::errs() << Result.Findings.size() << " finding"
                 << (Result.Findings.size() == 1 ? "" : "s") << " in " << Files << " file"
                 << (Files == 1 ? "" : "s")
                 << (InPart.empty() ? std::string()
                                    : ", " + std::to_string(InPart.size()) +
                                          " linted in part (" + llvm::join(Why, "; ") + ")")
                 << (Failed ? ", " + std::to_string(Failed) + " error(s)" : std::string())
                 << "\n";
  // As clang-tidy says it.
  if (size_t AsErrors = llvm::count_if(Result.Findings, [](const Finding &F) { return F.AsError; });
      AsErrors && !R.O.Quiet)
    llvm::errs() << AsErrors << " warning" << (AsErrors == 1 ? "" : "s")
                 << " treated as error" << (AsErrors == 1 ? "" : "s") << "\n";
  if (llvm::outs().has_error()) {
    // A report nobody received is neither "clean" nor "findings".
    llvm::outs().clear_error();
    llvm::errs() << "torch-lint: error: cannot write the report to standard output\n";
    return ExitOutput;
  }
  if (Failed || (R.O.FailOnPartial && !InPart.empty()) || FixStatus == ExitIncomplete)
    return ExitIncomplete;
  return Result.Findings.empty() ? ExitClean : ExitFindings;
}

} // namespace

int runTorchLint(int Argc, const char **Argv) {
  if (Argc > 1 && llvm::StringRef(Argv[1]) == "merge-sarif")
    return mergeSarifMain(Argc, Argv);
  if (Argc > 1 && llvm::StringRef(Argv[1]) == "lsp")
    return runLspServer(Argc, Argv);
  Run R; // Each stage returns -1 to go on, else the exit status.
  if (int Rc = parseArgs(Argc, Argv, R.O); Rc >= 0)
    return Rc;
  if (int Rc = loadConfig(R.O); Rc >= 0)
    return Rc;
  if (int Rc = answerWithoutLinting(R.O); Rc >= 0)
    return Rc;
  if (int Rc = validateOptions(R.O); Rc >= 0)
    return Rc;
  if (int Rc = resolveProject(R); Rc >= 0)
    return Rc;
  if (int Rc = planEngine(R); Rc >= 0)
    return Rc;
  if (R.O.Worker)
    return lintAsWorker(R);
  std::set<std::string> Dropped;
  LintResult Result = lintFiles(R, Dropped);
  sayWhatWasLeftOut(R, Result, Dropped);
  if (R.O.Verify)
    return verifyFiles(R, Result);
  std::vector<std::string> Ids; // Fingerprints, taken before filtering.
  if (int Rc = selectFindings(R, Result, Ids); Rc >= 0)
    return Rc;
  report(R.O, Result, Ids);
  if (!R.O.ExportFixes.empty()) {
    std::string Error;
    if (!writeExportFixes(R.O.ExportFixes, Result, Error)) {
      llvm::errs() << "torch-lint: error: cannot write --export-fixes '"
                   << escapeForTerminal(R.O.ExportFixes) << "': " << escapeForTerminal(Error)
                   << "\n";
      return ExitOutput;
    }
  }
  int FixStatus = R.O.Fix ? applyFixes(R.Files, Result, R.O.Quiet, &R.EO, R.Database.get(),
                                       projectRoots(R.O, R.Files))
                          : -1;
  return finish(R, Result, FixStatus);
}

} // namespace torchlint
