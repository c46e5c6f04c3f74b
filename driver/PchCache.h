//===--- PchCache.h - Precompiled torch headers, built by torch-lint -*- C++ -*-===//
//
// The torch headers a translation unit starts with are parsed once, with every
// function body skipped, into a precompiled header that later runs load
// instead (-include-pch). The cache key covers the compiler, torch-lint's
// version, every flag of the compile command and the included headers; Clang
// itself rejects a PCH whose headers changed since, and such an entry is
// removed and rebuilt. Entries are written atomically (temporary file +
// rename), so workers and processes building the same entry cannot corrupt it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_PCHCACHE_H
#define TORCHLINT_DRIVER_PCHCACHE_H

#include "clang/Tooling/CompilationDatabase.h"

#include <mutex>
#include <string>
#include <vector>

namespace torchlint {

class PchCache {
public:
  explicit PchCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// The default cache directory: $XDG_CACHE_HOME/torchlint or
  /// ~/.cache/torchlint.
  static std::string defaultDir();

  /// Where the entries are kept.
  const std::string &directory() const { return Dir; }

  /// The leading `#include <...>` lines of \p Source if they include torch,
  /// ATen, c10 or pybind11 headers (and nothing but comments comes before);
  /// otherwise empty: the TU is parsed without a PCH.
  /// A `#include "..."` of a project header is followed (resolved against
  /// \p Dir and \p QuoteDirs) when that header itself starts with its guard
  /// and includes only: `#include "op.h"` whose op.h includes
  /// <torch/torch.h> first still gets the PCH.
  static std::vector<std::string>
  includePrefix(llvm::StringRef Source, llvm::StringRef Dir = "",
                const std::vector<std::string> &QuoteDirs = {});

  /// Arguments that make \p Command load a PCH of \p File's include prefix,
  /// building it on first use; empty when no PCH applies or it cannot be built.
  std::vector<std::string> argsFor(const std::string &File,
                                   const clang::tooling::CompileCommand &Command,
                                   llvm::StringRef Source);

  /// Removes an entry Clang rejected (stale or corrupt).
  void invalidate(const std::vector<std::string> &Args);

  /// True if \p Message is Clang refusing a PCH.
  static bool isPchError(llvm::StringRef Message);

  /// The cap on the entries' total size; over it, the least recently used
  /// are removed after a new one is built. Default 4 GiB (an entry of the
  /// torch headers is 100-300 MiB).
  uint64_t MaxBytes = 4ull << 30;
  /// No warning on stderr (an unwritable cache directory).
  bool Quiet = false;

  /// Whether entries can be written to the cache directory (creating it);
  /// if not, says so once on stderr (unless Quiet).
  bool usable();

private:
  void warnUnwritable(std::error_code EC);
  void sweep();
  void evict(const std::string &Keep);

  std::string Dir;
  std::mutex Lock;
  bool Warned = false, Swept = false;
};

} // namespace torchlint

#endif // TORCHLINT_DRIVER_PCHCACHE_H
