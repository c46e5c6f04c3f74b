//===- SafeRead.cpp - Reading files of an untrusted tree -------------------===//

#include "SafeRead.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA256.h"
#ifndef _WIN32
#include <fcntl.h>
#include <unistd.h>
#endif

namespace torchlint {

std::unique_ptr<llvm::MemoryBuffer> readRegularFile(const llvm::Twine &Path,
                                                    uint64_t MaxBytes) {
  llvm::SmallString<256> P;
  Path.toVector(P);
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(P, St) || St.type() != llvm::sys::fs::file_type::regular_file ||
      St.getSize() > MaxBytes)
    return nullptr;
  // Opened without blocking: a FIFO swapped in after the status above would
  // otherwise wait for a writer forever.
#ifdef _WIN32
  llvm::Expected<llvm::sys::fs::file_t> F = llvm::sys::fs::openNativeFileForRead(P);
  if (!F) {
    llvm::consumeError(F.takeError());
    return nullptr;
  }
  llvm::sys::fs::file_t FD = *F;
#else
  int FD = ::open(P.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return nullptr;
#endif
  llvm::sys::fs::file_status Opened;
  if (llvm::sys::fs::status(FD, Opened) ||
      Opened.type() != llvm::sys::fs::file_type::regular_file || Opened.getSize() > MaxBytes) {
    llvm::sys::fs::closeFile(FD);
    return nullptr;
  }
  auto Buf = llvm::MemoryBuffer::getOpenFile(FD, P, Opened.getSize(),
                                             /*RequiresNullTerminator=*/false);
  llvm::sys::fs::closeFile(FD);
  return Buf ? std::move(*Buf) : nullptr;
}

std::string digestOfRegularFile(const llvm::Twine &Path, uint64_t MaxBytes) {
  auto Buf = readRegularFile(Path, MaxBytes);
  if (!Buf)
    return {};
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Buf->getBuffer())),
                     /*LowerCase=*/true);
}

} // namespace torchlint
