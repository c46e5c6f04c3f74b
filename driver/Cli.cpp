//===--- Cli.cpp - The torch-lint command line ----------------------------===//

#include "Cli.h"

#include "Catalog.h"
#include "Baseline.h"
#include "BuildScripts.h"
#include "ClangResources.h"
#include "CompileFlags.h"
#include "CudaHost.h"
#include "Engine.h"
#include "IncludeInference.h"
#include "MissingHeaders.h"
#include "TorchEnv.h"
#include "Formats.h"
#include "Output.h"
#include "PchCache.h"
#include "Project.h"
#include "SandboxFS.h"
#include "Verify.h"
#include "ProjectLint.h"
#include "model/ProjectModel.h"
#include "FactSources.h"
#include "model/PythonFakes.h"
#include "model/SafeRead.h"
#include "Workers.h"
#include "fixits/ApplyFixes.h"

#include "clang-tidy/GlobList.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <csignal>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

namespace torchlint {
namespace {

const char *const Usage = R"(usage: torch-lint [options] <file or directory>... [-- <compiler flags>]

Finds torch.compile hazards and eager-CPU performance problems in C++ code
written against libtorch/ATen (extensions, custom ops, pybind11 bindings).

options:
  -p <build dir>          read compile flags from <build dir>/compile_commands.json
                          (without it, flags are synthesised: -std=c++17, or
                          c++20 for torch 2.10 and later, and the torch,
                          Python and pybind11 include directories)
  --checks=<globs>        enable/disable checks, clang-tidy syntax
                          (e.g. '-*,torch-perf-*'); default: level0 and level1
  --header-filter=<regex> also lint declarations in project headers matching it
  --exclude=<glob>        do not lint files matching it (repeatable; a glob
                          without '/' matches any file or directory name, one
                          with '/' a path from the project root); also the
                          Exclude list of .torch-lint.yaml at the project root
  --no-default-excludes   also lint what directories hold that is not the
                          project's own: build trees, virtual environments,
                          site-packages, node_modules, git submodules,
                          third_party/, 3rdparty/, external/, vendor/
  --no-project            lint each file alone: no facts from the other files
                          of its project (by default the files of one run are
                          one program, and a run on some files uses the facts
                          an earlier run stored for the rest, in the cache)
  --project=full          parse every source of the project the cache has no
                          facts for (by default only those a text pass finds
                          can change the named files' findings: callers,
                          definitions they call, the same operators)
  --project-root=<dir>    the root of the project the named files belong to
                          (default: their git work tree, else the nearest
                          setup.py/pyproject.toml directory or CMake top):
                          the files whose facts a run uses, where .torch-lint.yaml
                          is read, and what --exclude paths are relative to
  --torch-include=<dir>   torch include directory (repeatable; overrides
                          TORCH_INCLUDE and automatic detection)
  --format=<format>       text (default) or json; for CI: github (workflow
                          annotations), sarif (2.1.0, code scanning),
                          codeclimate (GitLab Code Quality), checkstyle
  --diff-base=<git rev>   report only findings on lines changed since <git rev>
  --line-filter=<json>    report only findings on these lines (clang-tidy's
                          syntax: '[{"name":"a.cpp","lines":[[1,3],[7,7]]}]')
  --baseline=<file>       report only findings that are not in the baseline
  --write-baseline=<file> record every finding of this run in a baseline
  --shard=<i>/<n>         lint only share i of n of the (sorted) files
  --max-level=<0|1|2>     report only findings of checks at this level or a
                          more certain one (level0 almost never wrong, level1
                          likely, level2 advisory); e.g. for a pre-commit hook
  --fix                   apply fix-its to the named files (atomically)
  --verify                check findings against '// expect:' annotations and
                          golden *.fixed.cpp files (testdata)
  --list-checks           list the checks (with --format=json: the catalog)
  --no-fast               parse everything (no skipped bodies, no traversal
                          scope); findings are the same, only slower
  -j <n>, --jobs=<n>      lint <n> files at a time (default: one per core);
                          the output order does not depend on it
  --cache-dir=<dir>       where precompiled torch headers are kept (default:
                          $XDG_CACHE_HOME/torchlint or ~/.cache/torchlint)
  --cache-max=<MiB>       cap on the cache's size (default 4096); the least
                          recently used entries go first
  --no-cache              parse the torch headers every time, keep no results
                          and no project index
  --no-result-cache       keep the precompiled headers, but parse every file
                          (by default a file whose bytes, headers, flags and
                          project facts are unchanged is not parsed again)
  --timeout=<seconds>     give up on a file after this long (default 300); a
                          file that times out or crashes the analyser is an
                          error for that file (exit 3), the others are reported
  --fail-on-partial       exit 3 also when a file was linted only in part
                          (a header not found; by default a warning)
  --quiet                 no progress or summary on stderr
  -v, --verbose           say which torch (version, include directories) and
                          Python headers the files are linted against
  --version, --help       (--version -v: also the torch that would be used and
                          the Clang builtin headers)

torch-lint merge-sarif <out.sarif> <in.sarif>...  joins the SARIF files of shards

exit status: 0 no findings, 1 findings, 2 bad usage or input (nothing
written), 3 some file could not be analysed (listed as errors), 4 the report
could not be written. A file linted in part because a header was not found
is a warning, not an error: with --fail-on-partial it makes the status 3.
)";

struct Options {
  std::vector<std::string> Inputs;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> TorchIncludes;
  std::string BuildDir;
  std::optional<std::string> Checks;
  std::string HeaderFilter;
  std::string Format = "text";
  SelectOptions Select;
  int MaxLevel = -1; ///< --max-level; -1: every level.
  unsigned Jobs = 0; ///< -j; 0: one per core.
  std::string CacheDir; ///< --cache-dir; empty: the default.
  std::string ProjectRoot; ///< --project-root; empty: found per file.
  unsigned CacheMaxMiB = 0; ///< --cache-max; 0: the default (PchCache.h).
  bool NoCache = false;
  bool Fix = false, Verify = false, ListChecks = false, Fast = true,
       Quiet = false, ShowVersion = false, Verbose = false;
  bool Worker = false;    ///< --worker: lint one file, print a WorkerResult.
  std::vector<std::string> InferredIncludes; ///< --worker-include-dir.
  std::vector<std::string> InferredDefines;  ///< --worker-define (BuildScripts.h).
  std::vector<std::string> Excludes; ///< --exclude.
  bool DefaultExcludes = true;       ///< --no-default-excludes clears it.
  bool FailOnPartial = false;        ///< --fail-on-partial.
  unsigned Timeout = 300; ///< --timeout: seconds per file.
  /// Project mode (ProjectLint.h): the files are linted as parts of their
  /// projects; --no-project clears it.
  bool ProjectMode = true;
  /// --project=full: every other source is a fact source (FactSources.h).
  bool ProjectFull = false;
  bool ResultCache = true; ///< --no-result-cache clears it.
  std::string WorkerProjectIndex; ///< --worker-project-index (from the parent).
  std::string WorkerPythonScans;  ///< --worker-python-scans (from the parent).
};

/// The process's working directory.
std::string cwd() {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  return Cwd.str().str();
}

/// compile_commands.json in \p File's directory or a parent (or their
/// build/), up to its project's root; empty if none.
std::string findCompileDatabase(const std::string &File) {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::string Root = projectRootOf(File, Cwd.str().str());
  for (llvm::StringRef D = llvm::sys::path::parent_path(File); !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    for (const char *Rel : {"compile_commands.json", "build/compile_commands.json"}) {
      llvm::SmallString<256> P(D);
      llvm::sys::path::append(P, Rel);
      if (llvm::sys::fs::exists(P))
        return P.str().str();
    }
    if (D == Root || llvm::sys::path::parent_path(D) == D)
      break;
  }
  return {};
}

/// The real paths of the trees being linted: each named file's project
/// and each named directory.
std::vector<std::string> projectRoots(const Options &O,
                                      const std::vector<std::string> &Files) {
  ReadPolicy P;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (const std::string &F : Files)
    P.addRoot(projectRootOf(F, Cwd.str().str()));
  for (const std::string &In : O.Inputs)
    if (llvm::sys::fs::is_directory(In))
      P.addRoot(In);
  return P.Roots;
}

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
  for (const std::string &Dir : includeDirsIn(O.ExtraArgs, cwd()))
    P->addRoot(Dir);
  for (llvm::StringRef A : std::vector<llvm::StringRef>(O.ExtraArgs.begin(), O.ExtraArgs.end()))
    if (A.consume_front("--cuda-path="))
      P->addRoot(A.str());
  return P;
}

/// The arguments a worker gets (Workers.h): everything that changes what a
/// file's analysis finds, nothing that selects, prints or writes.
std::vector<std::string> workerArgs(const Options &O) {
  std::vector<std::string> A;
  if (O.Checks)
    A.push_back("--checks=" + *O.Checks);
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

int usageError(const std::string &Message) {
  // Messages quote paths and config text from the tree: escaped.
  llvm::errs() << "torch-lint: error: " << escapeForTerminal(Message) << "\n"
               << "Run 'torch-lint --help' for usage.\n";
  return ExitUsage;
}

/// Parses argv; returns -1 when the command should go on, an exit code
/// otherwise.
int parseArgs(int Argc, const char **Argv, Options &O) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A = Argv[I];
    auto Value = [&](llvm::StringRef Flag, std::string &Out) -> int {
      // Accept both --flag=value and --flag value.
      if (A.consume_front((Flag + "=").str())) {
        Out = A.str();
        return 1;
      }
      if (A == Flag) {
        if (I + 1 >= Argc)
          return -2;
        Out = Argv[++I];
        return 1;
      }
      return 0;
    };
    std::string V;
    int R;
    if (A == "--") {
      for (++I; I < Argc; ++I)
        O.ExtraArgs.push_back(Argv[I]);
      break;
    }
    if (A == "--help" || A == "-h") {
      llvm::outs() << Usage;
      return ExitClean;
    }
    if (A == "--version") { O.ShowVersion = true; continue; }
    if (A == "-v" || A == "--verbose") { O.Verbose = true; continue; }
    if (A == "--fix") { O.Fix = true; continue; }
    if (A == "--verify") { O.Verify = true; continue; }
    if (A == "--list-checks") { O.ListChecks = true; continue; }
    if (A == "--no-fast") { O.Fast = false; continue; }
    if (A == "--quiet" || A == "-q") { O.Quiet = true; continue; }
    if (A == "--worker") { O.Worker = true; O.Quiet = true; continue; }
    if (A == "--no-project") { O.ProjectMode = false; continue; }
    if (A == "--project=full") { O.ProjectFull = true; O.ProjectMode = true; continue; }
    if (A == "--no-result-cache") { O.ResultCache = false; continue; }
    if (A.consume_front("--worker-python-scans=")) { // From the parent.
      O.WorkerPythonScans = A.str();
      continue;
    }
    if (A.consume_front("--worker-project-index=")) { // From the parent.
      O.WorkerProjectIndex = A.str();
      continue;
    }
    if (A.consume_front("--worker-include-dir=")) { // From the parent (IncludeInference.h).
      O.InferredIncludes.push_back(A.str());
      continue;
    }
    if (A.consume_front("--worker-define=")) { // From the parent (BuildScripts.h).
      O.InferredDefines.push_back(A.str());
      continue;
    }
    if ((R = Value("--timeout", V))) {
      unsigned N = 0;
      if (R < 0 || llvm::StringRef(V).getAsInteger(10, N) || N == 0 || N > 86400)
        return usageError("--timeout needs a number of seconds between 1 and 86400");
      O.Timeout = N;
      continue;
    }
    if ((R = Value("-p", V)) || (R = Value("--build-dir", V))) {
      if (R < 0) return usageError("-p needs a build directory");
      O.BuildDir = V;
      continue;
    }
    if ((R = Value("--checks", V))) {
      if (R < 0) return usageError("--checks needs a value");
      O.Checks = V;
      continue;
    }
    if ((R = Value("--header-filter", V))) {
      if (R < 0) return usageError("--header-filter needs a value");
      O.HeaderFilter = V;
      continue;
    }
    if ((R = Value("--torch-include", V))) {
      if (R < 0) return usageError("--torch-include needs a directory");
      O.TorchIncludes.push_back(V);
      continue;
    }
    if ((R = Value("--format", V))) {
      if (R < 0) return usageError("--format needs a value");
      O.Format = V;
      continue;
    }
    if ((R = Value("--extra-arg", V))) {
      if (R < 0) return usageError("--extra-arg needs a value");
      O.ExtraArgs.push_back(V);
      continue;
    }
    if (A == "--no-cache") { O.NoCache = true; continue; }
    if (A == "--no-default-excludes") { O.DefaultExcludes = false; continue; }
    if (A == "--fail-on-partial") { O.FailOnPartial = true; continue; }
    if ((R = Value("--exclude", V))) {
      if (R < 0 || V.empty()) return usageError("--exclude needs a glob");
      O.Excludes.push_back(V);
      continue;
    }
    if ((R = Value("--cache-max", V))) {
      unsigned N = 0;
      if (R < 0 || llvm::StringRef(V).getAsInteger(10, N) || N == 0)
        return usageError("--cache-max needs a size in MiB");
      O.CacheMaxMiB = N;
      continue;
    }
    if ((R = Value("--project-root", V))) {
      if (R < 0 || V.empty())
        return usageError("--project-root needs a directory");
      O.ProjectRoot = V;
      continue;
    }
    if ((R = Value("--cache-dir", V))) {
      if (R < 0 || V.empty())
        return usageError("--cache-dir needs a directory");
      // Absolute: a relative one built no PCH (the build runs in the
      // compile command's directory) and workers must name the same one.
      llvm::SmallString<256> Abs(V);
      llvm::sys::fs::make_absolute(Abs);
      llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      O.CacheDir = Abs.str().str();
      continue;
    }
    if (A.size() > 2 && A.starts_with("-j") && llvm::all_of(A.drop_front(2), [](char C) { return C >= '0' && C <= '9'; })) {
      V = A.drop_front(2).str(); // -j8, as make and run-clang-tidy take it.
      R = 1;
    } else {
      R = 0;
    }
    if (R || (R = Value("-j", V)) || (R = Value("--jobs", V))) {
      unsigned N = 0;
      if (R < 0 || llvm::StringRef(V).getAsInteger(10, N) || N == 0 || N > 256)
        return usageError("-j needs a number of jobs between 1 and 256");
      O.Jobs = N;
      continue;
    }
    if ((R = Value("--max-level", V))) {
      if (R < 0 || V.size() != 1 || V[0] < '0' || V[0] > '2')
        return usageError("--max-level needs 0, 1 or 2");
      O.MaxLevel = V[0] - '0';
      continue;
    }
    bool Selected = false;
    for (auto [Flag, Out] : {std::pair<llvm::StringRef, std::string *>{
                                 "--baseline", &O.Select.Baseline},
                             {"--write-baseline", &O.Select.WriteBaseline},
                             {"--diff-base", &O.Select.DiffBase},
                             {"--line-filter", &O.Select.LineFilter},
                             {"--shard", &O.Select.Shard}}) {
      if (!(R = Value(Flag, V)))
        continue;
      if (R < 0 || V.empty())
        return usageError(Flag.str() + " needs a value");
      *Out = V;
      Selected = true;
      break;
    }
    if (Selected)
      continue;
    if (A.starts_with("-") && A != "-")
      return usageError("unknown option '" + A.str() + "'");
    O.Inputs.push_back(A.str());
  }
  return -1;
}

/// Collects the sources under \p Dir (named as the user named it) into
/// \p Found. Symlinks are followed only to targets inside \p Root (the real
/// path of the directory the user named), each real directory once: no
/// cycles, no leaving the tree. What \p Selection skips (Project.h) is
/// skipped; so are FIFOs, devices and sockets. \p Project: the project
/// root patterns are relative to.
bool walkTree(const std::string &Dir, const std::string &Root, const std::string &Project,
              FileSelection &Selection, std::vector<std::string> &Found,
              unsigned &SkippedOutside, std::error_code &EC,
              bool (*Wanted)(llvm::StringRef) = isSourceFile) {
  auto Inside = [&](llvm::StringRef Real) {
    return Real == Root || Real.starts_with(Root + "/");
  };
  std::set<std::string> Visited;
  std::vector<std::string> Stack = {Dir};
  while (!Stack.empty()) {
    std::string Current = std::move(Stack.back());
    Stack.pop_back();
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(Current, Real) || !Visited.insert(Real.str().str()).second)
      continue;
    std::vector<std::string> Subdirs;
    for (llvm::sys::fs::directory_iterator It(Current, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC)) {
      llvm::StringRef Name = llvm::sys::path::filename(It->path());
      llvm::sys::fs::file_type Type = It->type();
      llvm::SmallString<256> Target;
      if (Type == llvm::sys::fs::file_type::symlink_file) {
        if (llvm::sys::fs::real_path(It->path(), Target)) {
          // Dangling: a source by name is reported as unreadable.
          if (Wanted(Name))
            Found.push_back(It->path());
          continue;
        }
        if (!Inside(Target)) {
          SkippedOutside += Wanted(Name) || llvm::sys::fs::is_directory(Target);
          continue;
        }
        llvm::sys::fs::file_status St;
        if (llvm::sys::fs::status(Target, St))
          continue;
        Type = St.type();
      }
      if (Type == llvm::sys::fs::file_type::directory_file) {
        if (!Selection.skipDirectory(It->path(), Project))
          Subdirs.push_back(It->path());
        continue;
      }
      if (Type == llvm::sys::fs::file_type::regular_file && Wanted(Name) &&
          !Selection.excludeFile(It->path(), Project))
        Found.push_back(It->path());
    }
    if (EC)
      return false;
    // Depth first, in name order (the result is sorted anyway).
    llvm::sort(Subdirs, std::greater<>());
    llvm::append_range(Stack, Subdirs);
  }
  return true;
}

/// One PCH for the files of a project whose torch includes differ
/// (PchCache::share): the torch prefixes of the named files and of the
/// project's other C++ sources, read as the sandbox allows. \p WorkerArgs:
/// the per-file arguments a worker gets (inferred -I and -D).
void shareTorchPrefixes(PchCache &Pch, const std::vector<std::string> &Files,
                        const std::vector<std::string> &Neighbours,
                        const clang::tooling::CompilationDatabase &Database,
                        const ReadPolicy *Reads,
                        const std::function<std::vector<std::string>(const std::string &)>
                            &WorkerArgs) {
  std::map<std::string, std::vector<std::vector<std::string>>> ByGroup;
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
        ByGroup[Pch.groupOf(F, C)].push_back(std::move(Prefix));
    }
  for (const auto &[Group, Prefixes] : ByGroup)
    Pch.share(Group, Prefixes);
}

/// The source files of the projects of \p Files that are not among them:
/// what a run on a few files of a project needs the facts of (project mode).
/// Only for roots that are projects (--project-root, a git work tree, a
/// setup.py or pyproject.toml, a CMake top), walked as a named directory is (defaults
/// and excludes), at most 5,000 files.
std::vector<std::string> projectNeighbours(const Options &O,
                                           const std::vector<std::string> &Files) {
  const std::string Cwd = cwd();
  std::set<std::string> Named, Roots;
  for (const std::string &F : Files) {
    llvm::SmallString<256> P(F);
    llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    Named.insert(P.str().str());
    if (std::string Root = markedProjectRootOf(F, Cwd); !Root.empty())
      Roots.insert(Root);
  }
  std::vector<std::string> Out;
  for (const std::string &Root : Roots) {
    FileSelection Selection(O.Excludes, O.DefaultExcludes);
    llvm::SmallString<256> Real;
    if (!Selection.loadProject(Root).empty() || llvm::sys::fs::real_path(Root, Real))
      continue;
    std::vector<std::string> Found;
    unsigned Outside = 0;
    std::error_code EC;
    walkTree(Root, Real.str().str(), Root, Selection, Found, Outside, EC);
    std::vector<std::string> Others, NamedHere;
    for (const std::string &F : Found) {
      llvm::SmallString<256> P(F);
      llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      if (!Named.count(P.str().str()))
        Others.push_back(P.str().str());
    }
    for (const std::string &F : Named)
      if (llvm::StringRef(F).starts_with(Root + "/"))
        NamedHere.push_back(F);
    if (!O.ProjectFull) {
      // The project's headers, for includes found through -I directories.
      std::vector<std::string> Headers;
      unsigned HeadersOutside = 0;
      walkTree(Root, Real.str().str(), Root, Selection, Headers, HeadersOutside, EC,
               [](llvm::StringRef Name) {
                 return llvm::is_contained({".h", ".hpp", ".hh", ".hxx", ".cuh", ".inl", ".inc"},
                                           llvm::sys::path::extension(Name));
               });
      FactSourceSelection S = selectFactSources(NamedHere, Others, Headers, Root);
      if (O.Verbose && !O.Quiet) {
        llvm::errs() << "torch-lint: project " << escapeForTerminal(Root) << ": "
                     << S.Picked.size() << " of " << Others.size()
                     << " other sources can add facts to the named files"
                     << (S.Complete ? "" : " (the text pass gave up: all of them)") << "; "
                     << S.NotHost << " have no torch host code\n";
        for (size_t I = 0; I < S.Why.size(); ++I)
          llvm::errs() << "  " << escapeForTerminal(displayPath(S.Picked[I])) << ": "
                       << escapeForTerminal(S.Why[I]) << "\n";
      }
      Others = std::move(S.Picked);
    }
    for (std::string &F : Others)
      if (Out.size() < 5000)
        Out.push_back(std::move(F));
  }
  return Out;
}

/// Expands directories into their C++ sources, sorted; absolute paths.
int collectFiles(const Options &O, std::vector<std::string> &Files) {
  // One entry per file however many names reach it (symlinks, hard links,
  // a directory named twice): edits are applied exactly once.
  std::set<llvm::sys::fs::UniqueID> Seen;
  unsigned SkippedOutside = 0;
  FileSelection Selection(O.Excludes, O.DefaultExcludes);
  const std::string Cwd = cwd();
  auto Add = [&](const std::string &Path) {
    llvm::sys::fs::UniqueID Id;
    if (llvm::sys::fs::getUniqueID(Path, Id) || Seen.insert(Id).second)
      Files.push_back(Path);
  };
  for (const std::string &Input : O.Inputs) {
    llvm::SmallString<256> Abs(Input);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(Abs, St) || !llvm::sys::fs::exists(St))
      return usageError("no such file or directory: '" + Input + "'");
    // Patterns are relative to the project root the input is in.
    std::string Project = projectRootOf(
        llvm::sys::fs::is_directory(St) ? (Abs + "/.").str() : Abs.str().str(), Cwd);
    if (std::string Problem = Selection.loadProject(Project); !Problem.empty())
      return usageError(Problem);
    if (llvm::sys::fs::is_directory(St)) {
      llvm::SmallString<256> Root;
      if (llvm::sys::fs::real_path(Abs, Root))
        Root = Abs;
      std::vector<std::string> Found;
      std::error_code EC;
      if (!walkTree(Abs.str().str(), Root.str().str(), Project, Selection, Found,
                    SkippedOutside, EC) &&
          !EC)
        EC = std::make_error_code(std::errc::io_error);
      if (EC)
        return usageError("cannot read directory '" + Input + "': " + EC.message());
      if (Found.empty())
        return usageError("no C++ sources (.cpp, .cc, .cxx, .cu) under '" + Input + "'" +
                          (Selection.summary().empty() ? "" : " (" + Selection.summary() + ")"));
      llvm::sort(Found);
      for (std::string &F : Found)
        Add(F);
      continue;
    }
    if (!llvm::sys::fs::is_regular_file(St))
      return usageError("not a regular file: '" + Input + "'");
    // Named files are linted whatever directory they are in; only the
    // user's patterns exclude them (a pre-commit hook names every file).
    if (!Selection.excludeFile(Abs.str().str(), Project))
      Add(Abs.str().str());
  }
  if (Files.empty())
    return usageError("every named file is excluded (" + Selection.summary() + ")");
  if (std::string Summary = Selection.summary(); !Summary.empty() && !O.Quiet)
    llvm::errs() << "torch-lint: " << escapeForTerminal(Summary)
                 << (Selection.skippedByDefault() ? "; --no-default-excludes lints them" : "") << "\n";
  if (SkippedOutside && !O.Quiet)
    llvm::errs() << "torch-lint: " << SkippedOutside
                 << " symlink(s) to sources or directories outside the named "
                    "directories not followed\n";
  return -1;
}

/// A golden `x.fixed.cpp` of another input (testdata): not itself verified.
bool isGoldenFile(const std::string &File, const std::vector<std::string> &Files) {
  for (const std::string &Other : Files)
    if (Other != File && goldenPathFor(Other) == File)
      return true;
  return false;
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

int listChecks(const Options &O) {
  EngineOptions EO;
  EO.Checks = O.Checks;
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

bool hasParseError(const std::string &File, const std::vector<FileError> &Errors) {
  for (const FileError &E : Errors)
    if (E.File == File && llvm::StringRef(E.Message).starts_with("could not be parsed"))
      return true;
  return false;
}

int applyFixes(const std::vector<std::string> &Files, const LintResult &Result,
               bool Quiet, const EngineOptions *Reparse,
               const clang::tooling::CompilationDatabase *Database,
               const std::vector<std::string> &WriteRoots) {
  std::map<std::string, std::vector<fixits::Edit>> ByFile;
  unsigned Outside = 0;
  for (const Finding &F : Result.Findings)
    for (const FixIt &Fix : F.FixIts) {
      if (!llvm::is_contained(Files, Fix.Loc.File)) {
        ++Outside; // Never write a file that was not named.
        continue;
      }
      ByFile[Fix.Loc.File].push_back(
          {Fix.Loc.Offset, Fix.Length, Fix.Replacement, F.Check});
    }
  bool Failed = false;
  for (auto &[File, Edits] : ByFile) {
    // The file written is the real one (a symlink stays a symlink), and only
    // inside the tree that was named.
    llvm::SmallString<256> Real;
    if (std::error_code EC = llvm::sys::fs::real_path(File, Real)) {
      llvm::errs() << "torch-lint: error: cannot resolve " << escapeForTerminal(displayPath(File))
                   << " to fix it: " << EC.message() << "\n";
      Failed = true;
      continue;
    }
    if (!llvm::any_of(WriteRoots, [&](const std::string &Root) {
          return llvm::StringRef(Real).starts_with(Root + "/");
        })) {
      llvm::errs() << "torch-lint: error: " << escapeForTerminal(displayPath(File))
                   << " resolves to " << escapeForTerminal(Real.str())
                   << ", outside the linted tree; not fixed\n";
      Failed = true;
      continue;
    }
    auto Buf = llvm::MemoryBuffer::getFile(Real, false, false);
    if (!Buf) {
      llvm::errs() << "torch-lint: error: cannot read " << escapeForTerminal(displayPath(File))
                   << " to fix it: " << Buf.getError().message() << "\n";
      Failed = true;
      continue;
    }
    // Fault injection for the test of the check below: the file is edited
    // between the parse and the fix.
    if (std::getenv("TORCHLINT_TEST_EDIT_BEFORE_FIX")) {
      std::string Edited = (*Buf)->getBuffer().str() + "// edited during the run\n";
      std::string Ignored;
      fixits::writeFileAtomically(Real.str().str(), Edited, Ignored);
      Buf = llvm::MemoryBuffer::getFile(Real, false, false);
      if (!Buf)
        continue;
    }
    // Fix-its refer to the bytes that were parsed: a file edited since is
    // left alone.
    auto Parsed = Result.Parsed.find(File);
    if (Parsed == Result.Parsed.end() ||
        Parsed->second !=
            llvm::SHA256::hash(llvm::arrayRefFromStringRef((*Buf)->getBuffer()))) {
      llvm::errs() << "torch-lint: error: " << escapeForTerminal(displayPath(File))
                   << " changed since it was linted; not fixed (run again)\n";
      Failed = true;
      continue;
    }
    fixits::Applied A = fixits::applyEdits((*Buf)->getBuffer(), std::move(Edits));
    for (const std::string &D : A.Dropped)
      llvm::errs() << "torch-lint: warning: " << displayPath(File)
                   << ": fix-it not applied: " << D << "\n";
    if (A.Content == (*Buf)->getBuffer())
      continue;
    // Fault injection for the tests of the rollback below.
    if (std::getenv("TORCHLINT_TEST_BREAK_FIXES"))
      A.Content += "\n}}} // injected by TORCHLINT_TEST_BREAK_FIXES\n";
    // Re-parse the fixed text before writing: a fix that makes a file that
    // parsed stop parsing is rolled back.
    if (Reparse && !hasParseError(File, Result.Errors)) {
      EngineOptions Check = *Reparse;
      Check.Progress = nullptr;
      Check.Overlay[File] = A.Content;
      LintResult After = lint({File}, *Database, Check);
      if (hasParseError(File, After.Errors)) {
        llvm::errs() << "torch-lint: error: the fixes for " << displayPath(File)
                     << " would make it fail to parse; nothing was written\n";
        Failed = true;
        continue;
      }
    }
    std::string Error;
    if (!fixits::writeFileAtomically(Real.str().str(), A.Content, Error)) {
      llvm::errs() << "torch-lint: error: " << Error << " (file left unchanged)\n";
      Failed = true;
      continue;
    }
    if (!Quiet)
      llvm::errs() << "torch-lint: applied " << A.AppliedCount << " fix-it"
                   << (A.AppliedCount == 1 ? "" : "s") << " to "
                   << displayPath(File) << "\n";
  }
  if (Outside && !Quiet)
    llvm::errs() << "torch-lint: " << Outside
                 << " fix-it(s) in files not named on the command line were not applied\n";
  return Failed ? ExitIncomplete : -1;
}

} // namespace

int runTorchLint(int Argc, const char **Argv) {
  if (Argc > 1 && llvm::StringRef(Argv[1]) == "merge-sarif")
    return mergeSarifMain(Argc, Argv);
  Options O;
  if (int R = parseArgs(Argc, Argv, O); R >= 0)
    return R;
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
  if (O.ListChecks)
    return listChecks(O);
  if (O.Fix && O.Verify)
    return usageError("--fix and --verify cannot be combined (--verify never writes)");
  if (O.Inputs.empty())
    return usageError("no input files (give C++ files or directories to lint)");
  if (!O.ProjectRoot.empty()) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::is_directory(O.ProjectRoot) ||
        llvm::sys::fs::real_path(O.ProjectRoot, Real))
      return usageError("--project-root: no such directory '" + O.ProjectRoot + "'");
    O.ProjectRoot = Real.str().str();
    setProjectRootOverride(O.ProjectRoot);
  }
  // The checks' idea of a file's project (its Python, the paths notes show).
  model::setProjectRootFinder(
      [Dir = cwd()](const std::string &F) { return markedProjectRootOf(F, Dir); });
  if (!O.HeaderFilter.empty()) {
    llvm::Regex Re(O.HeaderFilter);
    std::string Err;
    if (!Re.isValid(Err))
      return usageError("--header-filter: invalid regex '" + O.HeaderFilter +
                        "': " + Err);
  }
  for (std::string &Dir : O.TorchIncludes) {
    if (!llvm::sys::fs::is_directory(Dir))
      return usageError("--torch-include: no such directory '" + Dir + "'");
    llvm::SmallString<256> Abs(Dir);
    llvm::sys::fs::make_absolute(Abs);
    Dir = Abs.str().str();
  }

  std::vector<std::string> Files;
  if (O.Worker) {
    // The parent expanded and checked the inputs; what cannot be read is
    // this file's error, reported by the engine.
    for (const std::string &In : O.Inputs) {
      llvm::SmallString<256> Abs(In);
      llvm::sys::fs::make_absolute(Abs);
      Files.push_back(Abs.str().str());
    }
  } else if (int R = collectFiles(O, Files); R >= 0) {
    return R;
  }
  if (O.Verify) {
    // Golden files are compared, not linted.
    std::vector<std::string> Sources;
    for (const std::string &F : Files)
      if (!isGoldenFile(F, Files))
        Sources.push_back(F);
    Files = std::move(Sources);
  }
  for (const std::string &F : Files)
    if (std::string Problem = validateConfigFor(F); !Problem.empty())
      return usageError(Problem);

  std::unique_ptr<clang::tooling::CompilationDatabase> Inner;
  if (O.BuildDir.empty() && !O.Worker && !Files.empty()) {
    // As clang-tidy finds it: the file's directory and its parents (and
    // their build/), up to the project's root. Workers get it as -p.
    O.BuildDir = findCompileDatabase(Files.front());
    if (O.Verbose && !O.BuildDir.empty())
      llvm::errs() << "torch-lint: compile database " << escapeForTerminal(O.BuildDir) << "\n";
  }
  if (!O.BuildDir.empty()) {
    llvm::SmallString<256> Path(O.BuildDir);
    if (llvm::sys::fs::is_directory(Path))
      llvm::sys::path::append(Path, "compile_commands.json");
    if (!llvm::sys::fs::exists(Path))
      return usageError("no compile database: '" + Path.str().str() +
                        "' does not exist (configure with "
                        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or omit -p)");
    // The tree's file, by the one rule (SafeRead.h): a FIFO or device would
    // hang the read, a symlink out of the project feed it another's flags.
    if (std::string Why = treeFileProblem(Path, projectRoots(O, Files), 512ull << 20);
        !Why.empty())
      return usageError("compile database '" + Path.str().str() + "' refused: " + Why);
    std::string Err;
    Inner = clang::tooling::JSONCompilationDatabase::loadFromFile(
        Path, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Inner)
      return usageError("cannot read compile database '" + Path.str().str() +
                        "': " + Err);
  }
  std::set<std::string> InDatabase; // Files with an entry of their own.
  if (Inner)
    for (const std::string &F : Files)
      if (!Inner->getCompileCommands(F).empty())
        InDatabase.insert(F);

  EngineOptions EO;
  EO.Checks = O.Checks;
  EO.HeaderFilter = O.HeaderFilter;
  // Bindings and registrations in the project's own headers count.
  if (O.HeaderFilter.empty()) {
    EO.ProjectRoots = projectRoots(O, Files); // Real paths, and as named:
    for (const std::string &F : Files)
      if (std::string Root = projectRootOf(F, cwd()); !llvm::is_contained(EO.ProjectRoots, Root))
        EO.ProjectRoots.push_back(Root);
  }
  EO.Fast = O.Fast;
  EO.Jobs = O.Jobs ? O.Jobs : std::max(1u, std::thread::hardware_concurrency());
  std::unique_ptr<PchCache> Pch;
  if (O.Fast && !O.NoCache)
    Pch = std::make_unique<PchCache>(O.CacheDir.empty() ? PchCache::defaultDir()
                                                         : O.CacheDir);
  if (Pch) {
    Pch->Quiet = O.Quiet;
    if (O.CacheMaxMiB)
      Pch->MaxBytes = uint64_t(O.CacheMaxMiB) << 20;
    // Checked (and said) once here, not in every worker.
    if (!O.Worker && !Pch->usable()) {
      Pch.reset();
      O.NoCache = true;
    }
  }
  if (Pch)
    Pch->RootOf = [](const std::string &F) { return projectRootOf(F, cwd()); };
  EO.Pch = Pch.get();
  if (enabledChecks(Files.front(), EO).empty())
    return usageError("no torchlint check is enabled (check --checks and .clang-tidy)");
  FindingSelector Selector; // --shard, --baseline, --diff-base, --line-filter
  if (std::string Problem = Selector.prepare(O.Select, Files); !Problem.empty())
    return usageError(Problem);

  SynthesisedFlags Flags;
  TorchEnv Torch;
  // Workers use the torch their parent found (and never ask Python again).
  const char *FromParent = std::getenv("TORCHLINT_WORKER_TORCH");
  if (!O.Worker || !FromParent || !torchEnvFromJson(FromParent, Torch))
    Torch = findTorch(O.TorchIncludes);
  if (O.Verbose)
    printTorchEnv(llvm::errs(), Torch);
  Flags.TorchIncludes = Torch.Includes;
  Flags.PythonIncludes = Torch.PythonIncludes;
  Flags.CxxStandard = Torch.CxxStandard;
  Flags.CudaToolkit = findCudaToolkit(O.ExtraArgs);
  for (const std::string &Dir : O.InferredIncludes)
    Flags.ExtraArgs.push_back("-I" + Dir);
  for (const std::string &Define : O.InferredDefines)
    if (llvm::StringRef(Define).starts_with("-D"))
      Flags.ExtraArgs.push_back(Define);
  llvm::append_range(Flags.ExtraArgs, O.ExtraArgs);
  std::shared_ptr<DroppedFlags> Dropped = Flags.Dropped;
  auto Database = makeCompilationDatabase(std::move(Inner), Flags);
  EO.Reads = readPolicy(O, Files, Torch, Pch.get(), *Database);

  bool ShowProgress = !O.Quiet && Files.size() > 3 &&
                      llvm::sys::Process::StandardErrIsDisplayed();
  if (ShowProgress)
    EO.Progress = [](size_t I, size_t N, const std::string &File) {
      llvm::errs() << "\r\x1b[K[" << I + 1 << "/" << N << "] "
                   << displayPath(File);
      llvm::errs().flush();
    };
  if (O.Worker) {
    EO.Jobs = 1;
    // Fault injection for the tests of the containment in Workers.h.
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
          Log << F << "\n";
      }
    }
    if (!O.WorkerPythonScans.empty())
      if (auto Buf = readRegularFile(O.WorkerPythonScans, uint64_t(1) << 30))
        (void)model::preloadPythonScans(Buf->getBuffer()); // Else: scanned here.
    if (!O.WorkerProjectIndex.empty()) {
      // The merged facts of the project (written by the parent).
      auto Buf = readRegularFile(O.WorkerProjectIndex, uint64_t(1) << 30);
      nlohmann::json J;
      if (Buf)
        J = nlohmann::json::parse(Buf->getBuffer().begin(), Buf->getBuffer().end(), nullptr,
                                  /*allow_exceptions=*/false);
      try {
        model::ProjectView::setIndex(
            std::make_shared<model::ProjectIndex>(model::ProjectIndex::fromJson(J)));
      } catch (const nlohmann::json::exception &) {
        return usageError("--worker-project-index: not a project index");
      }
    }
    WorkerResult W{lint(Files, *Database, EO), {}};
    {
      std::lock_guard<std::mutex> Lock(Dropped->Lock);
      W.Dropped = Dropped->Flags;
    }
    llvm::outs() << serializeWorkerResult(W);
    llvm::outs().flush();
    return llvm::outs().has_error() ? ExitOutput : ExitClean;
  }
  // Files without a compile-database entry get the include directories
  // their tree implies (IncludeInference.h).
  std::vector<std::string> KnownDirs = Torch.Includes;
  llvm::append_range(KnownDirs, Torch.PythonIncludes);
  for (const char *D : {"/usr/include", "/usr/local/include", "/usr/include/x86_64-linux-gnu"})
    KnownDirs.push_back(D);
  KnownDirs.push_back(clangResourceDir() + "/include");
  for (const char *Glob : {"/usr/include/c++", "/usr/include/x86_64-linux-gnu/c++"}) {
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Glob, EC), End; It != End && !EC;
         It.increment(EC))
      KnownDirs.push_back(It->path());
  }
  if (!Flags.CudaToolkit.empty()) {
    KnownDirs.push_back(Flags.CudaToolkit + "/include");
    KnownDirs.push_back(Flags.CudaToolkit + "/include/cccl");
  }
  llvm::append_range(KnownDirs, includeDirsIn(O.ExtraArgs, cwd()));
  IncludeInference Inference(std::move(KnownDirs));
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  // And the macros their setup.py defines (BuildScripts.h).
  BuildScripts Scripts;
  std::map<std::string, std::vector<std::string>> Inferred;
  for (const std::string &F : Files) {
    if (InDatabase.count(F))
      continue;
    std::string Root = projectRootOf(F, Cwd.str().str());
    std::vector<std::string> &Args = Inferred[F];
    for (const std::string &D : Inference.includeDirsFor(F, Root))
      Args.push_back("--worker-include-dir=" + D);
    for (const std::string &D : Scripts.definesFor(F, Root))
      Args.push_back("--worker-define=" + D);
    if (O.Verbose) {
      llvm::errs() << "torch-lint: " << escapeForTerminal(displayPath(F)) << ":";
      for (llvm::StringRef A : Args)
        llvm::errs() << " "
                     << escapeForTerminal(A.consume_front("--worker-include-dir=")
                                              ? "-I" + displayPath(A.str())
                                              : A.drop_front(strlen("--worker-define=")).str());
      llvm::errs() << "\n";
    }
  }
  size_t Finished = 0;
  std::mutex InferredLock;
  ProjectRun Project;
  Project.Quiet = O.Quiet;
  Project.Enabled = O.ProjectMode;
  if (Pch && !O.Fix && O.ResultCache) {
    // Results of this build of torch-lint only.
    std::string Self =
        llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&usageError));
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(Self, St)) {
      Project.ResultsDir = Pch->directory() + "/results";
      Project.ToolId = Self + "\n" + std::to_string(St.getSize()) + "\n" +
                       std::to_string(St.getLastModificationTime().time_since_epoch().count());
    }
  }
  if (O.ProjectMode && Pch) {
    Project.CacheDir = Pch->directory();
    Project.RootOf = [&](const std::string &F) { return projectRootOf(F, Cwd.str().str()); };
  }
  if (O.ProjectMode)
    Project.Neighbours = projectNeighbours(O, Files);
  // What a worker gets for a file: the inferred include directories and
  // macros (a file of the project that changed since its facts were stored
  // has none precomputed).
  auto WorkerArgsFor = [&](const std::string &File) {
    std::lock_guard<std::mutex> Lock(InferredLock);
    auto It = Inferred.find(File);
    if (It != Inferred.end())
      return It->second;
    std::vector<std::string> Args;
    std::string Root = projectRootOf(File, Cwd.str().str());
    for (const std::string &D : Inference.includeDirsFor(File, Root))
      Args.push_back("--worker-include-dir=" + D);
    for (const std::string &D : Scripts.definesFor(File, Root))
      Args.push_back("--worker-define=" + D);
    return Args;
  };
  if (Pch && O.Fast)
    shareTorchPrefixes(*Pch, Files, Project.Neighbours, *Database, EO.Reads.get(),
                       WorkerArgsFor);
  WorkerResult W = lintProject(
      Files, workerArgs(O), {"TORCHLINT_WORKER_TORCH=" + torchEnvToJson(Torch)}, EO.Jobs,
      O.Timeout,
      [&](const std::string &File, size_t Total) {
        if (EO.Progress)
          EO.Progress(Finished++, Total, File);
      },
      WorkerArgsFor, Project);
  LintResult Result = std::move(W.Result);
  std::set<std::string> DroppedFlags = W.Dropped;
  DroppedFlags.insert(Dropped->Flags.begin(), Dropped->Flags.end());
  if (ShowProgress)
    llvm::errs() << "\r\x1b[K";
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
  Headers.TorchVersion = Torch.Version;
  Headers.TorchSource = Torch.Source;
  Headers.HasCudaToolkit = !Flags.CudaToolkit.empty();
  Headers.HasPythonHeaders = !Torch.PythonIncludes.empty();
  Headers.RootOf = [Dir = cwd()](const std::string &F) { return projectRootOf(F, Dir); };
  explainMissingHeaders(Result, Headers);
  if (!DroppedFlags.empty() && !O.Quiet) {
    llvm::errs() << "torch-lint: compile_commands.json: ignored " << DroppedFlags.size()
                 << " kind(s) of flag that do not only affect parsing:";
    for (const std::string &F : DroppedFlags)
      llvm::errs() << " " << escapeForTerminal(F);
    llvm::errs() << "\n";
  }

  if (O.Verify) {
    bool Ok = true;
    for (const std::string &F : Files)
      Ok &= verifyFile(F, Result.Findings, llvm::outs());
    for (const FileError &E : Result.Errors) {
      llvm::outs() << "ERROR " << displayPath(E.File) << ": " << E.Message << "\n";
      Ok = false;
    }
    return Ok ? ExitClean : ExitFindings;
  }

  if (O.MaxLevel >= 0) // Drop findings of checks less certain than asked.
    llvm::erase_if(Result.Findings, [&](const Finding &F) {
      llvm::StringRef Level = F.Level;
      unsigned N = 0;
      return Level.consume_front("level") && !Level.getAsInteger(10, N) &&
             N > unsigned(O.MaxLevel);
    });
  std::vector<std::string> Ids; // Fingerprints, taken before filtering.
  if (std::string Problem = Selector.apply(Result, Ids); !Problem.empty()) {
    llvm::errs() << "torch-lint: error: " << Problem << "\n";
    return ExitIncomplete;
  }
  if (Selector.hiddenByBaseline() && !O.Quiet)
    llvm::errs() << "torch-lint: " << Selector.hiddenByBaseline()
                 << " finding(s) in the baseline not reported\n";
  if (O.Format == "json")
    printJson(llvm::outs(), Result);
  else if (isCiFormat(O.Format))
    printCiFormat(llvm::outs(), O.Format, Result, Ids);
  else
    printText(llvm::outs(), Result, llvm::outs().has_colors());

  int FixStatus = -1;
  if (O.Fix)
    FixStatus = applyFixes(Files, Result, O.Quiet, &EO, Database.get(), projectRoots(O, Files));

  llvm::outs().flush(); // Findings first, then the summary on stderr.
  size_t Failed = llvm::count_if(Result.Errors, [](const FileError &E) { return !E.Partial; });
  std::set<std::string> InPart;
  for (const FileError &E : Result.Errors)
    if (E.Partial)
      InPart.insert(E.File);
  if (!O.Quiet)
    llvm::errs() << Result.Findings.size() << " finding"
                 << (Result.Findings.size() == 1 ? "" : "s") << " in " << Files.size()
                 << " file" << (Files.size() == 1 ? "" : "s")
                 << (InPart.empty() ? std::string()
                                    : ", " + std::to_string(InPart.size()) +
                                          " linted in part (headers not found)")
                 << (Failed ? ", " + std::to_string(Failed) + " error(s)" : std::string())
                 << "\n";
  if (llvm::outs().has_error()) {
    // A report nobody received is neither "clean" nor "findings".
    llvm::outs().clear_error();
    llvm::errs() << "torch-lint: error: cannot write the report to standard output\n";
    return ExitOutput;
  }
  if (Failed || (O.FailOnPartial && !InPart.empty()) || FixStatus == ExitIncomplete)
    return ExitIncomplete;
  return Result.Findings.empty() ? ExitClean : ExitFindings;
}

} // namespace torchlint
