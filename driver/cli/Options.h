//===--- Options.h - What the torch-lint command line asks for -*- C++ -*-===//

#ifndef TORCHLINT_DRIVER_CLI_OPTIONS_H
#define TORCHLINT_DRIVER_CLI_OPTIONS_H

#include "project/Project.h"
#include "report/Baseline.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint {

struct Options {
  std::vector<std::string> Inputs;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore; ///< --extra-arg-before: before the file's flags.
  std::string ExportFixes;                  ///< --export-fixes: clang-tidy's YAML there.
  std::vector<std::string> TorchIncludes;
  std::string BuildDir;
  std::optional<std::string> Checks;
  /// --config (YAML/JSON) or the text of --config-file: the options in place
  /// of the .clang-tidy files (unless it says InheritParentConfig: true).
  std::optional<std::string> Config;
  std::string ConfigFile; ///< --config-file: read into Config.
  /// --warnings-as-errors: checks whose findings are errors (added to the
  /// .clang-tidy's WarningsAsErrors).
  std::optional<std::string> WarningsAsErrors;
  bool DumpConfig = false; ///< --dump-config: print the options, lint nothing.
  /// --buffer-file: the text of the one file named, unsaved (torch-lint lsp).
  std::string BufferFile;
  std::string WorkerBuffer; ///< --worker-buffer (from the parent).
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
  /// --worker-facts-only (from the parent): the file is a fact source.
  bool WorkerFactsOnly = false;
  /// --worker-index-late (from the parent): the index named by
  /// --worker-project-index is written while the worker parses.
  bool WorkerIndexLate = false;
};

/// The process's working directory.
std::string cwd();

/// How this run finds a file's project root (--project-root, else markers).
inline ProjectRootFinder rootsOf(const Options &O) { return {cwd(), O.ProjectRoot}; }

/// Parses argv; returns -1 when the command should go on, an exit code
/// otherwise (--help: 0; bad usage: 2, said).
int parseArgs(int Argc, const char **Argv, Options &O);

/// Checks what the options say together (formats, --fix with --verify,
/// inputs, --project-root, --header-filter, --torch-include) and makes the
/// paths they name real or absolute: -1, or the exit code of the error.
int validateOptions(Options &O);

/// Says \p Message (escaped: it quotes the tree) and how to get help;
/// returns ExitUsage.
int usageError(const std::string &Message);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_CLI_OPTIONS_H
