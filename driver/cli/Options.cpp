//===--- Options.cpp - What the torch-lint command line asks for ----------===//

#include "cli/Options.h"
#include "cli/Cli.h"
#include "report/Output.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

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
  --config=<yaml/json>    clang-tidy options in place of the .clang-tidy files
                          (which still apply under InheritParentConfig: true),
                          e.g. "{Checks: '-*,torch-compile-*'}"; --checks and
                          --warnings-as-errors go on top
  --config-file=<path>    the same, read from a file (not with --config)
  --dump-config           print the options in effect for the first file
                          named (else this directory) as YAML, lint nothing
  --warnings-as-errors=<globs>  report the findings of these checks as errors
                          (clang-tidy syntax; added to the .clang-tidy's
                          WarningsAsErrors): "error:" in text, error level in
                          SARIF, GitHub annotations and the other formats
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
  --extra-arg=<arg>       a compiler argument after the file's own (repeatable;
                          also everything after `--`)
  --extra-arg-before=<arg>  a compiler argument before the file's own
                          (repeatable)
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
  --buffer-file=<file>    lint the one file named as if it held this file's
                          text (an editor's unsaved buffer; results not kept)
  --export-fixes=<file>   write the findings and their fix-its as clang-tidy's
                          YAML (for clang-apply-replacements and editors)
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
                          (a header not found, code Clang rejects; by
                          default a warning)
  --quiet                 no progress or summary on stderr
  -v, --verbose           say which torch (version, include directories) and
                          Python headers the files are linted against
  --version, --help       (--version -v: also the torch that would be used and
                          the Clang builtin headers)

clang-tidy's single-dash spellings are accepted too: -checks=, -header-filter=,
-fix, -quiet, -export-fixes=, -extra-arg=, -extra-arg-before=, -list-checks,
-config=, -config-file=, -dump-config, -warnings-as-errors=, -p=.

torch-lint merge-sarif <out.sarif> <in.sarif>...  joins the SARIF files of shards
torch-lint lsp [options]  a Language Server Protocol server on stdin/stdout:
                          the findings of the files an editor opens, as it
                          edits them (docs/guide/editors.md)

exit status: 0 no findings, 1 findings, 2 bad usage or input (nothing
written), 3 some file could not be analysed (listed as errors), 4 the report
could not be written. A file linted in part (a header was not found, or
Clang's semantic analysis rejects some of its code, which GCC or nvcc may
accept) is a warning, not an error: with --fail-on-partial it makes the
status 3.
)";

/// The argument being read, and the value of a flag that takes one
/// (`--flag=value` or `--flag value`).
struct ArgReader {
  int Argc;
  const char **Argv;
  int I = 1;
  llvm::StringRef A;

  /// 1 and \p Out set when A is \p Flag with its value; -1 when the value
  /// is missing; 0 when A is another flag.
  int value(llvm::StringRef Flag, std::string &Out) {
    llvm::StringRef Rest = A;
    if (Rest.consume_front((Flag + "=").str())) {
      Out = Rest.str();
      return 1;
    }
    if (A != Flag)
      return 0;
    if (I + 1 >= Argc)
      return -1;
    Out = Argv[++I];
    return 1;
  }
};

/// A flag without a value; false when \p A is none.
bool parseSwitch(llvm::StringRef A, Options &O) {
  if (A == "--version") O.ShowVersion = true;
  else if (A == "-v" || A == "--verbose") O.Verbose = true;
  else if (A == "--fix") O.Fix = true;
  else if (A == "--verify") O.Verify = true;
  else if (A == "--list-checks") O.ListChecks = true;
  else if (A == "--dump-config") O.DumpConfig = true;
  else if (A == "--no-fast") O.Fast = false;
  else if (A == "--quiet" || A == "-q") O.Quiet = true;
  else if (A == "--worker") O.Worker = O.Quiet = true;
  else if (A == "--no-project") O.ProjectMode = false;
  else if (A == "--project=full") O.ProjectFull = O.ProjectMode = true;
  else if (A == "--no-result-cache") O.ResultCache = false;
  else if (A == "--no-cache") O.NoCache = true;
  else if (A == "--no-default-excludes") O.DefaultExcludes = false;
  else if (A == "--fail-on-partial") O.FailOnPartial = true;
  // From the parent (Workers.h, IncludeInference.h, BuildScripts.h).
  else if (A.consume_front("--worker-python-scans=")) O.WorkerPythonScans = A.str();
  else if (A.consume_front("--worker-project-index=")) O.WorkerProjectIndex = A.str();
  else if (A == "--worker-facts-only") O.WorkerFactsOnly = true;
  else if (A == "--worker-index-late") O.WorkerIndexLate = true;
  else if (A.consume_front("--worker-buffer=")) O.WorkerBuffer = A.str();
  else if (A.consume_front("--worker-include-dir=")) O.InferredIncludes.push_back(A.str());
  else if (A.consume_front("--worker-define=")) O.InferredDefines.push_back(A.str());
  else return false;
  return true;
}

/// A number in [\p Min, \p Max]; false when \p V is none.
bool number(llvm::StringRef V, unsigned Min, unsigned Max, unsigned &Out) {
  unsigned N = 0;
  if (V.getAsInteger(10, N) || N < Min || N > Max)
    return false;
  Out = N;
  return true;
}

/// A flag whose value is a string kept as given: nothing when \p R.A is
/// none, -1 when read, else the exit code of its error.
std::optional<int> parseStringFlag(ArgReader &R, Options &O) {
  struct Flag {
    const char *Name;
    std::string *Out;
    const char *Error; ///< When the value is missing (or empty, unless EmptyOk).
    bool EmptyOk;
  };
  const Flag Flags[] = {
      {"-p", &O.BuildDir, "-p needs a build directory", true},
      {"--build-dir", &O.BuildDir, "-p needs a build directory", true},
      {"--header-filter", &O.HeaderFilter, "--header-filter needs a value", true},
      {"--format", &O.Format, "--format needs a value", true},
      {"--project-root", &O.ProjectRoot, "--project-root needs a directory", false},
      {"--baseline", &O.Select.Baseline, "--baseline needs a value", false},
      {"--write-baseline", &O.Select.WriteBaseline, "--write-baseline needs a value", false},
      {"--diff-base", &O.Select.DiffBase, "--diff-base needs a value", false},
      {"--line-filter", &O.Select.LineFilter, "--line-filter needs a value", false},
      {"--shard", &O.Select.Shard, "--shard needs a value", false},
      {"--export-fixes", &O.ExportFixes, "--export-fixes needs a file", false},
      {"--config-file", &O.ConfigFile, "--config-file needs a file", false},
      {"--buffer-file", &O.BufferFile, "--buffer-file needs a file", false}};
  std::string V;
  for (const Flag &F : Flags)
    if (int Got = R.value(F.Name, V)) {
      if (Got < 0 || (V.empty() && !F.EmptyOk))
        return usageError(F.Error);
      *F.Out = V;
      return -1;
    }
  for (auto [Name, Out, Needs] :
       {std::tuple<const char *, std::vector<std::string> *, const char *>{
            "--torch-include", &O.TorchIncludes, "a directory"},
        {"--extra-arg", &O.ExtraArgs, "a value"},
        {"--extra-arg-before", &O.ExtraArgsBefore, "a value"},
        {"--exclude", &O.Excludes, "a glob"}})
    if (int Got = R.value(Name, V)) {
      if (Got < 0 || (V.empty() && llvm::StringRef(Name) == "--exclude"))
        return usageError(std::string(Name) + " needs " + Needs);
      Out->push_back(V);
      return -1;
    }
  for (auto [Name, Out] : {std::pair<const char *, std::optional<std::string> *>{
                               "--checks", &O.Checks},
                           {"--config", &O.Config},
                           {"--warnings-as-errors", &O.WarningsAsErrors}})
    if (int Got = R.value(Name, V)) {
      if (Got < 0)
        return usageError(std::string(Name) + " needs a value");
      *Out = V;
      return -1;
    }
  return std::nullopt;
}

/// A flag whose value is a number or a path made absolute, as
/// parseStringFlag.
std::optional<int> parseValueFlag(ArgReader &R, Options &O) {
  std::string V;
  if (int Got = R.value("--timeout", V))
    return Got > 0 && number(V, 1, 86400, O.Timeout)
               ? -1
               : usageError("--timeout needs a number of seconds between 1 and 86400");
  if (int Got = R.value("--cache-max", V))
    return Got > 0 && number(V, 1, ~0u, O.CacheMaxMiB)
               ? -1
               : usageError("--cache-max needs a size in MiB");
  if (int Got = R.value("--max-level", V)) {
    if (Got < 0 || V.size() != 1 || V[0] < '0' || V[0] > '2')
      return usageError("--max-level needs 0, 1 or 2");
    O.MaxLevel = V[0] - '0';
    return -1;
  }
  int Got = 0;
  if (R.A.size() > 2 && R.A.starts_with("-j") &&
      llvm::all_of(R.A.drop_front(2), [](char C) { return C >= '0' && C <= '9'; })) {
    V = R.A.drop_front(2).str(); // -j8, as make and run-clang-tidy take it.
    Got = 1;
  }
  if (Got || (Got = R.value("-j", V)) || (Got = R.value("--jobs", V)))
    return Got > 0 && number(V, 1, 256, O.Jobs)
               ? -1
               : usageError("-j needs a number of jobs between 1 and 256");
  if (int Got = R.value("--cache-dir", V)) {
    if (Got < 0 || V.empty())
      return usageError("--cache-dir needs a directory");
    // Absolute: a relative one built no PCH (the build runs in the
    // compile command's directory) and workers must name the same one.
    llvm::SmallString<256> Abs(V);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    O.CacheDir = Abs.str().str();
    return -1;
  }
  return std::nullopt;
}

} // namespace

/// The process's working directory.
std::string cwd() {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  return Cwd.str().str();
}

int usageError(const std::string &Message) {
  // Messages quote paths and config text from the tree: escaped.
  llvm::errs() << "torch-lint: error: " << escapeForTerminal(Message) << "\n"
               << "Run 'torch-lint --help' for usage.\n";
  return ExitUsage;
}

/// clang-tidy's single-dash spelling of a long option (`-checks=...`,
/// `-fix`) as the double-dash one; any other argument as it is.
static std::string clangTidySpelling(llvm::StringRef A) {
  static const char *const Long[] = {
      "checks", "header-filter", "fix", "quiet", "export-fixes", "extra-arg",
      "extra-arg-before", "list-checks", "line-filter", "format", "verify", "version", "help",
      "config", "config-file", "dump-config", "warnings-as-errors"};
  if (!A.starts_with("-") || A.starts_with("--"))
    return A.str();
  llvm::StringRef Name = A.drop_front().split('=').first;
  for (const char *L : Long)
    if (Name == L)
      return "-" + A.str();
  return A.str();
}

int parseArgs(int Argc, const char **Argv, Options &O) {
  ArgReader R{Argc, Argv};
  std::string Spelled; // R.A's storage when it is respelled.
  for (; R.I < Argc; ++R.I) {
    Spelled = clangTidySpelling(Argv[R.I]);
    R.A = Spelled;
    if (R.A == "--") {
      for (++R.I; R.I < Argc; ++R.I)
        O.ExtraArgs.push_back(Argv[R.I]);
      break;
    }
    if (R.A == "--help" || R.A == "-h") {
      llvm::outs() << Usage;
      return ExitClean;
    }
    if (parseSwitch(R.A, O))
      continue;
    std::optional<int> Done = parseStringFlag(R, O);
    if (!Done)
      Done = parseValueFlag(R, O);
    if (Done && *Done >= 0)
      return *Done;
    if (Done)
      continue;
    if (R.A.starts_with("-") && R.A != "-")
      return usageError("unknown option '" + R.A.str() + "'");
    O.Inputs.push_back(R.A.str());
  }
  return -1;
}

int validateOptions(Options &O) {
  if (O.Fix && O.Verify)
    return usageError("--fix and --verify cannot be combined (--verify never writes)");
  if (O.Inputs.empty())
    return usageError("no input files (give C++ files or directories to lint)");
  if (!O.BufferFile.empty()) {
    if (O.Inputs.size() != 1 || llvm::sys::fs::is_directory(O.Inputs.front()))
      return usageError("--buffer-file needs exactly one file named");
    if (O.Fix)
      return usageError("--buffer-file and --fix cannot be combined (the file is not its text)");
    llvm::SmallString<256> Abs(O.BufferFile);
    llvm::sys::fs::make_absolute(Abs);
    O.BufferFile = Abs.str().str();
    O.ResultCache = false; // A result of text that is not the file's.
  }
  if (!O.ProjectRoot.empty()) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::is_directory(O.ProjectRoot) ||
        llvm::sys::fs::real_path(O.ProjectRoot, Real))
      return usageError("--project-root: no such directory '" + O.ProjectRoot + "'");
    O.ProjectRoot = Real.str().str();
  }
  if (!O.HeaderFilter.empty()) {
    llvm::Regex Re(O.HeaderFilter);
    std::string Err;
    if (!Re.isValid(Err))
      return usageError("--header-filter: invalid regex '" + O.HeaderFilter + "': " + Err);
  }
  for (std::string &Dir : O.TorchIncludes) {
    if (!llvm::sys::fs::is_directory(Dir))
      return usageError("--torch-include: no such directory '" + Dir + "'");
    llvm::SmallString<256> Abs(Dir);
    llvm::sys::fs::make_absolute(Abs);
    Dir = Abs.str().str();
  }
  return -1;
}

} // namespace torchlint
