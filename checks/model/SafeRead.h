//===- SafeRead.h - Reading files of an untrusted tree ----------*- C++ -*-===//
//
// torchlint reads files of the tree it lints (pull requests): setup.py,
// .gitmodules, Python fakes, headers to index. A FIFO, device or socket there
// would hang or flood the read, a symlink could point outside the project.
// Every such read goes through readRegularFile.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_MODEL_SAFEREAD_H
#define TORCHLINT_MODEL_SAFEREAD_H

#include "llvm/Support/MemoryBuffer.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace torchlint {

/// The bytes of Path when it is a regular file (a symlink to one counts) of
/// at most MaxBytes; null for anything else (missing, FIFO, device, socket,
/// directory, too large, unreadable). Never blocks on a special file.
std::unique_ptr<llvm::MemoryBuffer> readRegularFile(const llvm::Twine &Path,
                                                    uint64_t MaxBytes);

/// Whether \p Path is \p Dir or below it (both real, absolute paths).
bool isPathUnder(llvm::StringRef Path, llvm::StringRef Dir);

/// Empty unless \p RealPath lies in version control metadata: a component
/// below \p Root named .git, .hg, .svn (& co.), or the target of a `.git`
/// file (`gitdir: <dir>`) in a directory between it and \p Root, whatever
/// the target's name. An empty \p Root: every component and every ancestor. Nothing torchlint reads of a tree, parse or
/// its own reads, is VCS metadata (a CI runner's token is in .git/config).
std::string vcsMetadataIn(llvm::StringRef RealPath, llvm::StringRef Root);

/// The one rule for the files of the tree torchlint reads itself (setup.py,
/// .gitmodules, .clang-tidy, .torch-lint.yaml, compile_commands.json, the
/// Python scan's modules, the include inference's headers): empty when
/// \p Path may be read, else why not. Its real path (symlinks resolved) must
/// lie inside the project root of \p Roots that holds the name (else inside
/// its own directory's real path), outside VCS metadata, and it must be a
/// regular file of at most \p MaxBytes. A missing file is no problem.
std::string treeFileProblem(const llvm::Twine &Path, const std::vector<std::string> &Roots,
                            uint64_t MaxBytes);

/// Says once per process, on stderr, that a tree file was passed over.
void noteSkippedTreeFile(const std::string &Path, const std::string &Why);

/// readRegularFile of \p Path when treeFileProblem finds none; else null,
/// said once (noteSkippedTreeFile).
std::unique_ptr<llvm::MemoryBuffer> readTreeFile(const llvm::Twine &Path,
                                                 const std::vector<std::string> &Roots,
                                                 uint64_t MaxBytes);

/// The SHA-256 (lower-case hex) of readRegularFile(Path, MaxBytes); empty
/// when it gives nothing.
std::string digestOfRegularFile(const llvm::Twine &Path, uint64_t MaxBytes = uint64_t(64) << 20);

} // namespace torchlint

#endif
