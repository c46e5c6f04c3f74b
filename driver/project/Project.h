//===--- Project.h - What belongs to the project being linted ---*- C++ -*-===//
//
// A project is a tree: its root (the git work tree, or the nearest
// directory with setup.py / pyproject.toml, or the top of a chain of
// CMakeLists.txt) and the sources under it that are the project's own.
// When a directory is expanded, what is not the project's own code is
// skipped by default (hidden directories, build trees, virtual
// environments, site-packages, node_modules, git submodules and vendored
// third-party code), and so is whatever the user excludes (--exclude, or
// the Exclude list of .torch-lint.yaml at the project root).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_PROJECT_H
#define TORCHLINT_DRIVER_PROJECT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

/// How a run finds the project a file belongs to.
struct ProjectRootFinder {
  std::string Cwd;      ///< The process's working directory.
  std::string Override; ///< --project-root (a real path); empty: none.

  /// The root of the project \p File (absolute) belongs to: Override for the
  /// files under it, else the git work tree, the nearest setup.py or
  /// pyproject.toml directory, the top of a chain of CMake directories; else
  /// Cwd when the file is under it, else the file's directory.
  std::string of(const std::string &File) const;
  /// of(), when something marks the directory as a project root (Override,
  /// a git work tree, setup.py, pyproject.toml, a CMake top); else "" (a
  /// stray file's directory, the working directory).
  std::string markedOf(const std::string &File) const;
};

/// The nearest directory at or above \p Dir with a .git entry (found
/// without running git: a PR cannot commit a .git, and a directory merely
/// laid out as a bare repository is not one); empty if none.
std::string gitWorkTreeOf(llvm::StringRef Dir);

/// A C++ or CUDA source by its name (.cpp, .cc, .cxx, .c++, .C, .cu).
bool isSourceFile(llvm::StringRef Path);

/// A `.c` file that includes torch's or pybind11's C++ headers: a source
/// torch.utils.cpp_extension compiles as C++ (PreciseRoIPooling's
/// prroi_pooling_gpu.c, given to `load(...)`), which no C compiler takes.
/// Reads the file (the caller has checked that \p Path is a regular file
/// of the tree), never one whose real path lies in VCS metadata.
bool isTorchCSource(llvm::StringRef Path);

/// Why a directory is not the project's own code, whoever looks at it.
enum class ForeignKind {
  None,
  Hidden,       ///< .git, .venv, .cache ...
  BuildTree,    ///< CMakeCache.txt or build.ninja inside; build/, dist/ ...
  VirtualEnv,   ///< pyvenv.cfg or conda-meta inside; venv/
  Packages,     ///< site-packages, node_modules, __pycache__, *.egg-info
  Submodule,    ///< a nested git repository (a .git inside)
  Vendored,     ///< third_party/, 3rdparty/, external/ ...
};

/// What the directory \p Path (named \p Name) is; None for project code.
/// (Submodules listed in .gitmodules but not checked out are empty, so
/// the marker is enough.)
ForeignKind foreignKindOf(llvm::StringRef Name, llvm::StringRef Path);

/// True when \p Path is below a directory of \p Root that is not the
/// project's own (vendored code, a submodule, a build tree...).
bool inForeignDirectory(llvm::StringRef Path, llvm::StringRef Root);

/// Text for the skipped-sources summary ("vendored code").
llvm::StringRef describe(ForeignKind K);

/// The name of the per-project configuration file.
inline constexpr const char *ProjectConfigName = ".torch-lint.yaml";

/// Which files a run lints.
class FileSelection {
public:
  /// \p Globs: --exclude patterns; \p Defaults: skip foreign directories.
  FileSelection(std::vector<std::string> Globs, bool Defaults);

  /// A bad --exclude pattern or .torch-lint.yaml, as one message; empty
  /// when all is well. Call with each project root before use.
  std::string loadProject(const std::string &Root);

  /// True when the directory \p Path, found below a directory the user
  /// named, is not linted; counts the sources it holds under its reason.
  bool skipDirectory(const std::string &Path, const std::string &Root);
  /// True when the file \p Path (found or named) is excluded by a pattern.
  bool excludeFile(const std::string &Path, const std::string &Root);

  /// "12 sources in vendored code (third_party), 3 excluded by --exclude"
  /// or empty when nothing was skipped.
  std::string summary() const;
  /// True when a default rule (not a pattern) skipped something.
  bool skippedByDefault() const;

private:
  struct Pattern {
    std::string Text; ///< What Glob refers to (it keeps a StringRef): never moved.
    llvm::GlobPattern Glob;
    bool PathPattern = false; ///< Contains '/': matched against the path.
    std::string Origin; ///< "--exclude" or the config file.
  };
  using Patterns = std::vector<std::unique_ptr<Pattern>>;
  /// Adds \p Text to \p To; an error message if it is no glob.
  static std::string addPattern(Patterns &To, llvm::StringRef Text, llvm::StringRef Origin);
  std::optional<std::string> matchingPattern(const std::string &Path, const std::string &Root);
  Patterns FromCommandLine;
  std::map<std::string, Patterns> Project; ///< Per root, from the config.
  bool Defaults;
  std::string Problem;
  /// Skipped sources per reason, and an example directory of each.
  std::map<std::string, std::pair<unsigned, std::string>> Skipped;
};

} // namespace torchlint

#endif // TORCHLINT_DRIVER_PROJECT_H
