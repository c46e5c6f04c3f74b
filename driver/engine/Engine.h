//===--- Engine.h - Runs the torch-* checks over translation units -*- C++ -*-===//

#ifndef TORCHLINT_DRIVER_ENGINE_H
#define TORCHLINT_DRIVER_ENGINE_H

#include "engine/Finding.h"

#include "clang/Tooling/CompilationDatabase.h"
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

namespace model {
class Session;
}

struct EngineOptions {
  /// --checks, applied after the defaults and any .clang-tidy file.
  std::optional<std::string> Checks;
  /// --config's text (validated: configProblem): the options in place of
  /// the .clang-tidy files, as clang-tidy's ConfigOptionsProvider has them.
  std::optional<std::string> Config;
  /// --warnings-as-errors, added to the configuration's WarningsAsErrors.
  std::optional<std::string> WarningsAsErrors;
  /// Regex of project headers whose declarations are linted too.
  std::string HeaderFilter;
  /// Project roots (Project.h) whose own headers are linted too, when no
  /// HeaderFilter is given; their vendored code, submodules and build
  /// trees are not.
  std::vector<std::string> ProjectRoots;
  /// Traversal scope limited to the project's code and system-header function
  /// bodies skipped. Off only to compare findings (they must not change).
  bool Fast = true;
  /// The files are fact sources of other files' lint (ProjectLint.h): parsed
  /// for their project facts, no check run on them (with Fast only).
  bool FactsOnly = false;
  /// The precompiled-header cache (null: parse the torch headers each time).
  class PchCache *Pch = nullptr;
  /// Worker threads (files are dealt round-robin; output order is fixed).
  unsigned Jobs = 1;
  /// Files whose content is replaced by these strings (in memory), e.g. to
  /// re-parse a fixed file before writing it.
  std::map<std::string, std::string> Overlay;
  /// Where parses may read (SandboxFS.h); null: anywhere.
  std::shared_ptr<const struct ReadPolicy> Reads;
  /// What the run knows of its projects (checks/model/Session.h): the root
  /// finder, the merged project index, the Python scans. Null: a session
  /// of this lint call's own.
  std::shared_ptr<model::Session> Session;
  /// Called before each file, for progress output.
  std::function<void(size_t Index, size_t Total, const std::string &File)>
      Progress;
};

/// Compile flags for files without a compile database entry.
/// The compile_commands.json flags dropped so far (CompileFlags.h), shared
/// by the worker threads.
struct DroppedFlags {
  std::mutex Lock;
  std::set<std::string> Flags;
};

struct SynthesisedFlags {
  std::shared_ptr<DroppedFlags> Dropped = std::make_shared<DroppedFlags>();
  std::vector<std::string> TorchIncludes;  ///< -isystem directories (TorchEnv.h).
  std::vector<std::string> PythonIncludes; ///< Python.h's directory.
  std::string CxxStandard = "c++17";       ///< What the torch headers need.
  std::string CudaToolkit;                 ///< For .cu files (CudaHost.h); empty: none.
  std::vector<std::string> ExtraArgs;      ///< Arguments after `--`.
  std::vector<std::string> ExtraArgsBefore; ///< --extra-arg-before: before every other flag.
};

/// \p Path made absolute against \p Dir (a parse's working directory).
std::string absoluteIn(llvm::StringRef Dir, llvm::StringRef Path);

/// A compilation database that answers for every file: the entries of
/// \p Inner where it has them, synthesised torch flags otherwise.
std::unique_ptr<clang::tooling::CompilationDatabase>
makeCompilationDatabase(std::unique_ptr<clang::tooling::CompilationDatabase> Inner,
                        SynthesisedFlags Flags);

/// Lints \p Files (absolute paths). Findings come back in file order, each
/// file's sorted by position.
LintResult lint(const std::vector<std::string> &Files,
                const clang::tooling::CompilationDatabase &Database,
                const EngineOptions &Options);

/// Why \p Text is no clang-tidy configuration (YAML/JSON); empty: it is one.
std::string configProblem(llvm::StringRef Text);
/// The options in effect for \p File as clang-tidy's --dump-config prints
/// them (YAML, with the enabled checks' options).
std::string dumpedConfiguration(const std::string &File, const EngineOptions &Options);

/// The torch checks that \p Options enables for \p File (after .clang-tidy).
std::vector<std::string> enabledChecks(const std::string &File,
                                       const EngineOptions &Options);

/// The .clang-tidy files of a run, each validated once however many sources
/// share it.
class ConfigFiles {
public:
  /// Validates the nearest .clang-tidy above \p File (and the parents it
  /// inherits), each read by the tree rule of the project \p Run finds it
  /// in; returns an error message or "".
  std::string problemFor(const std::string &File, const model::Session &Run);

private:
  struct Check {
    std::string Problem;   ///< Empty when the file is valid.
    bool Inherits = false; ///< InheritParentConfig: the parent counts too.
  };
  const Check &check(const std::string &Config, const std::string &Root);

  std::mutex Lock;
  std::map<std::pair<std::string, std::string>, Check> Checked;
};

} // namespace torchlint

#endif // TORCHLINT_DRIVER_ENGINE_H
