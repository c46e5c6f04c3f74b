//===--- CacheFiles.cpp - Files of torch-lint's cache ---------------------===//

#include "support/CacheFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace torchlint {

std::error_code writeReplacing(const std::string &Path, llvm::StringRef Text) {
  llvm::SmallString<256> Temp;
  int FD = -1;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Path + ".%%%%%%.tmp", FD, Temp))
    return EC;
  std::error_code EC;
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out << Text;
    Out.close();
    if (Out.has_error())
      EC = Out.error();
    Out.clear_error();
  }
  if (!EC)
    EC = llvm::sys::fs::rename(Temp, Path);
  if (EC)
    llvm::sys::fs::remove(Temp);
  return EC;
}

} // namespace torchlint
