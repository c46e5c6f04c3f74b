//===- SafeRead.cpp - Reading files of an untrusted tree -------------------===//

#include "SafeRead.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>
#include <set>
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

bool isPathUnder(llvm::StringRef Path, llvm::StringRef Dir) {
  return Path == Dir || (Path.starts_with(Dir) && (Dir == "/" || Path[Dir.size()] == '/'));
}

namespace {

/// The directory names version control keeps its metadata in.
bool isVcsName(llvm::StringRef Name) {
  for (const char *N : {".git", ".hg", ".svn", ".bzr", "_darcs", "CVS", ".jj", ".pijul"})
    if (Name.equals_insensitive(N))
      return true;
  return false;
}

/// The real path of the directory a `.git` file in \p Dir names
/// (`gitdir: <path>`, relative to \p Dir); empty when none.
std::string gitFileTarget(llvm::StringRef Dir) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, ".git");
  auto Buf = readRegularFile(P, 4096);
  if (!Buf)
    return {};
  llvm::StringRef Line = Buf->getBuffer().split('\n').first.trim();
  if (!Line.consume_front("gitdir:"))
    return {};
  llvm::SmallString<256> Target(Line.trim());
  if (llvm::sys::path::is_relative(Target)) {
    llvm::SmallString<256> Abs(Dir);
    llvm::sys::path::append(Abs, Target);
    Target = Abs;
  }
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Target, Real, /*expand_tilde=*/false))
    return {};
  return Real.str().str();
}

} // namespace

std::string vcsMetadataIn(llvm::StringRef RealPath, llvm::StringRef Root) {
  // Every component below the root by name, then each directory from the
  // file's up to the root for a `.git` file naming metadata elsewhere (a
  // worktree's, a submodule's, --separate-git-dir). A directory merely laid
  // out like a repository is the tree's own (Security.DiffBaseRuns...).
  llvm::StringRef Rel = RealPath;
  if (!Root.empty() && isPathUnder(RealPath, Root))
    Rel = RealPath.drop_front(Root.size());
  for (auto I = llvm::sys::path::begin(Rel), E = llvm::sys::path::end(Rel); I != E; ++I)
    if (isVcsName(*I))
      return "version control metadata";
  for (llvm::StringRef D = llvm::sys::path::parent_path(RealPath);
       !D.empty() && (Root.empty() || isPathUnder(D, Root)); D = llvm::sys::path::parent_path(D)) {
    if (std::string T = gitFileTarget(D); !T.empty() && isPathUnder(RealPath, T))
      return "version control metadata";
    if (D == Root || D == "/")
      break;
  }
  return {};
}

std::string treeFileProblem(const llvm::Twine &Path, const std::vector<std::string> &Roots,
                            uint64_t MaxBytes) {
  llvm::SmallString<256> Abs;
  Path.toVector(Abs);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Abs, Real, /*expand_tilde=*/false))
    return {}; // Missing: nothing to read, nothing to say.
  // The directory it must stay in: the project root holding the name, else
  // the real directory the name is in (a link beside it, not out of it).
  std::string Within;
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Abs)), RealDir;
  if (llvm::sys::fs::real_path(Dir, RealDir, false))
    return "not inside the project";
  for (const std::string &Root : Roots) {
    llvm::SmallString<256> RealRoot;
    if (!llvm::sys::fs::real_path(Root, RealRoot, false) &&
        (isPathUnder(Dir, Root) || isPathUnder(RealDir, RealRoot))) {
      Within = RealRoot.str().str();
      break;
    }
  }
  if (Within.empty())
    Within = RealDir.str().str();
  if (!isPathUnder(Real, Within))
    return "its real path is not inside the project";
  if (std::string V = vcsMetadataIn(Real, Within); !V.empty())
    return "in " + V;
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Real, St) || St.type() != llvm::sys::fs::file_type::regular_file)
    return "not a regular file";
  if (St.getSize() > MaxBytes)
    return "larger than " + std::to_string(MaxBytes >> 10) + " KiB";
  return {};
}

void noteSkippedTreeFile(const std::string &Path, const std::string &Why) {
  static std::mutex Lock;
  static std::set<std::string> Said;
  std::lock_guard<std::mutex> Guard(Lock);
  if (Said.insert(Path).second)
    llvm::errs() << "torch-lint: skipped '" << Path << "': " << Why << "\n";
}

std::unique_ptr<llvm::MemoryBuffer> readTreeFile(const llvm::Twine &Path,
                                                 const std::vector<std::string> &Roots,
                                                 uint64_t MaxBytes) {
  std::string P = Path.str();
  if (std::string Why = treeFileProblem(P, Roots, MaxBytes); !Why.empty()) {
    noteSkippedTreeFile(P, Why);
    return nullptr;
  }
  return readRegularFile(P, MaxBytes);
}

std::string digestOfRegularFile(const llvm::Twine &Path, uint64_t MaxBytes) {
  auto Buf = readRegularFile(Path, MaxBytes);
  if (!Buf)
    return {};
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Buf->getBuffer())),
                     /*LowerCase=*/true);
}

} // namespace torchlint
