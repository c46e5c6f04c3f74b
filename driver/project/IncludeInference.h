//===--- IncludeInference.h - Include directories of a tree without a build -===//
//
// A fresh clone has no compile database, and its sources include their own
// headers through include directories only setup.py or CMake knows
// (`#include "ops/utils.h"` from csrc/ops/x.cpp, found through -Icsrc). For
// files without a compile-database entry the include directories are
// inferred from the tree: the project root is one; an include that does not
// resolve is looked up by path suffix among the project's headers, and the
// directory that makes it resolve is added (when several match, the
// project's own before vendored code and submodules, then the candidate
// nearest to the including file). Includes are followed through the
// project's own headers, a bounded number of levels deep. The header index
// is built once per project per run, with a bounded walk that skips hidden
// directories, build trees, virtual environments and installed packages
// (Project.h), but not vendored code: its headers are what projects include.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_INCLUDEINFERENCE_H
#define TORCHLINT_DRIVER_INCLUDEINFERENCE_H

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace torchlint {

class IncludeInference {
public:
  /// \p KnownDirs: the include directories the parse has anyway (torch,
  /// Python, the system's, the user's): a spelling found there is not a
  /// project header, however many project files end with it (a mock
  /// ATen/ in the tree must not shadow the real one).
  explicit IncludeInference(std::vector<std::string> KnownDirs)
      : KnownDirs(std::move(KnownDirs)) {}

  /// -I directories for \p File (absolute), its project root first.
  std::vector<std::string> includeDirsFor(const std::string &File, const std::string &Root);

private:
  struct Index {
    std::vector<std::string> Headers; ///< Absolute paths, sorted.
  };
  const Index &indexOf(const std::string &Root);
  std::map<std::string, std::unique_ptr<Index>> Indexes;
  std::vector<std::string> KnownDirs;
};

} // namespace torchlint

#endif
