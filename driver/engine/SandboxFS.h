//===--- SandboxFS.h - What a parse may read ---------------------*- C++ -*-===//
//
// Every file a parse opens goes through this file system: it must be a
// regular file, no larger than a cap, whose real path (symlinks resolved)
// lies inside the project tree or a system, torch, Python or CUDA include
// directory. Anything else (`#include "/etc/passwd"`, `../../secret`,
// `#embed` of a key, a header symlinked to /dev/zero or /dev/stdin, a FIFO)
// is refused: the open fails, and the refusal is recorded so that the file
// gets one clear error. Contents of refused files are never read.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_SANDBOXFS_H
#define TORCHLINT_DRIVER_SANDBOXFS_H

#include "model/SafeRead.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace torchlint {

/// Where parses may read.
struct ReadPolicy {
  std::vector<std::string> Roots; ///< Real paths of directories.
  /// Single files outside the roots that clang's driver reads to tell the
  /// distribution (and so the GCC installation): /etc/os-release & co.
  std::vector<std::string> Files = {"/etc/os-release",     "/usr/lib/os-release",
                                    "/etc/debian_version", "/etc/lsb-release",
                                    "/etc/redhat-release", "/etc/system-release"};
  /// The cap on sources and headers. The PCH cache's own directory (torch
  /// headers precompiled by torch-lint, hundreds of MiB) has none.
  uint64_t MaxFileBytes = 64ull << 20;
  std::string CacheDir; ///< Real path; empty: none.

  /// Adds \p Dir (resolved to its real path) when it exists.
  void addRoot(const std::string &Dir);
  /// Adds the PCH cache directory: readable, uncapped.
  void addCacheDir(const std::string &Dir);
  /// Empty if \p Path may be read, else why not.
  std::string check(const std::string &Path) const;
};

/// What the file system refused, in order.
struct RefusedReads {
  std::mutex Lock;
  std::vector<std::string> Messages;
};

/// \p Base filtered by \p Policy; refusals go to \p Log.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeSandboxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                      std::shared_ptr<const ReadPolicy> Policy,
                      std::shared_ptr<RefusedReads> Log);

/// The system include directories clang and torch headers live in: the
/// clang resource directory, /usr/include, /usr/local/include, GCC's and
/// LLVM's trees, the CUDA toolkit (--cuda-path, CUDA_HOME, CUDA_PATH,
/// /usr/local/cuda).
std::vector<std::string> systemReadRoots();

} // namespace torchlint

#endif
