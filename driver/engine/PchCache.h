//===--- PchCache.h - Precompiled torch headers, built by torch-lint -*- C++ -*-===//
//
// The torch headers a translation unit starts with are parsed once, with every
// function body skipped, into a precompiled header that later runs load
// instead (-include-pch). The cache key covers the compiler, torch-lint's
// version, every flag of the compile command and the included headers; Clang
// itself rejects a PCH whose headers changed since, and such an entry is
// removed and rebuilt. The files of one project and flag set share one entry
// whatever their torch includes: the union of the torch headers its files
// start with, kept in the cache (share()). Entries are written atomically
// (temporary file + rename), so workers and processes building the same entry
// cannot corrupt it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_PCHCACHE_H
#define TORCHLINT_DRIVER_PCHCACHE_H

#include "clang/Tooling/CompilationDatabase.h"

#include <functional>
#include <map>
#include <set>
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

  /// True for the headers a PCH holds: torch/, ATen/, c10/, pybind11/.
  static bool isTorchFamily(llvm::StringRef Header);

  /// The torch-family headers of \p File's include prefix under \p Command
  /// (what a PCH of its own would hold); empty: no PCH applies.
  static std::vector<std::string> torchPrefix(const std::string &File,
                                              const clang::tooling::CompileCommand &Command,
                                              llvm::StringRef Source);

  /// \p Headers less those that no include directory of \p Command holds
  /// (or whose names are not plain paths): what may go into a shared prefix,
  /// which one file's missing header must not break for the others.
  static std::vector<std::string> foundHeaders(const clang::tooling::CompileCommand &Command,
                                               std::vector<std::string> Headers);

  /// The files that share one prefix: those of one project root (RootOf)
  /// whose PCH is built with the same flags. A name for share().
  std::string groupOf(const std::string &File,
                      const clang::tooling::CompileCommand &Command) const;

  /// Adds the torch prefixes of files of \p Group to the group's shared
  /// prefix (kept in the cache; headers are added, never removed, in the
  /// order first seen). Called by the parent before its workers start, so
  /// that a first run builds one PCH, and a later run on some files reuses it.
  void share(const std::string &Group, const std::vector<std::vector<std::string>> &Prefixes);

  /// The project root of a file (Project.h); unset: no shared entries.
  std::function<std::string(const std::string &File)> RootOf;

  /// Arguments that make \p Command load a PCH of \p File's include prefix
  /// (the project's shared prefix when it holds all of it), building it on
  /// first use; empty when no PCH applies or it cannot be built.
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

  /// A shared prefix stops growing here (a project that includes everything
  /// still shares one PCH with the first this many headers).
  static constexpr size_t MaxSharedHeaders = 64;

  /// The names at the top of directories, each listed once for this cache's
  /// life (the same system and torch directories are asked for every file).
  class Listings {
  public:
    const std::set<std::string> &of(const std::string &Dir);

  private:
    std::mutex Lock;
    std::map<std::string, std::set<std::string>> Entries;
  };

private:
  std::vector<std::string> entryFor(const std::vector<std::string> &Flags,
                                    const clang::tooling::CompileCommand &Command,
                                    const std::vector<std::string> &Prefix, bool Shared);
  std::vector<std::string> sharedPrefix(const std::string &Group);
  void warnUnwritable(std::error_code EC);
  void sweep();
  void evict(const std::string &Keep);

  std::string Dir;
  std::mutex Lock;
  bool Warned = false, Swept = false;
  std::map<std::string, std::vector<std::string>> Shared; ///< Per group, as read.
  mutable Listings DirectoryListings;
};

} // namespace torchlint

#endif // TORCHLINT_DRIVER_PCHCACHE_H
