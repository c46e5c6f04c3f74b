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

namespace torchlint {

/// The bytes of Path when it is a regular file (a symlink to one counts) of
/// at most MaxBytes; null for anything else (missing, FIFO, device, socket,
/// directory, too large, unreadable). Never blocks on a special file.
std::unique_ptr<llvm::MemoryBuffer> readRegularFile(const llvm::Twine &Path,
                                                    uint64_t MaxBytes);

/// The SHA-256 (lower-case hex) of readRegularFile(Path, MaxBytes); empty
/// when it gives nothing.
std::string digestOfRegularFile(const llvm::Twine &Path, uint64_t MaxBytes = uint64_t(64) << 20);

} // namespace torchlint

#endif
