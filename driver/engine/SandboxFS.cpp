//===--- SandboxFS.cpp - What a parse may read -----------------------------===//

#include "engine/SandboxFS.h"
#include "engine/ClangResources.h"
#include "model/SafeRead.h"
#include "llvm/ADT/STLExtras.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cstdlib>

namespace torchlint {

void ReadPolicy::addRoot(const std::string &Dir) {
  llvm::SmallString<256> Real;
  if (Dir.empty() || llvm::sys::fs::real_path(Dir, Real, /*expand_tilde=*/false) ||
      !llvm::sys::fs::is_directory(Real))
    return;
  std::string R = Real.str().str();
  if (std::find(Roots.begin(), Roots.end(), R) == Roots.end())
    Roots.push_back(R);
}

void ReadPolicy::addCacheDir(const std::string &Dir) {
  llvm::SmallString<256> Real;
  if (!Dir.empty() && !llvm::sys::fs::real_path(Dir, Real, /*expand_tilde=*/false))
    CacheDir = Real.str().str();
}

std::string ReadPolicy::check(const std::string &Path) const {
  llvm::SmallString<256> Real;
  if (std::error_code EC = llvm::sys::fs::real_path(Path, Real, /*expand_tilde=*/false))
    return {}; // Does not exist: the open fails on its own.
  llvm::StringRef R = Real;
  bool Cached = !CacheDir.empty() && R.starts_with(CacheDir + "/");
  bool Inside = Cached || std::find(Files.begin(), Files.end(), Path) != Files.end() ||
                std::find(Files.begin(), Files.end(), R.str()) != Files.end();
  std::string Why = Inside ? "" : "outside the project and the include directories";
  // The user's home: a root that holds it (a run in $HOME, or in / ) does not
  // open its dot-directories (keys, tokens, configuration); a root inside
  // one (a virtual environment's torch in ~/.venv) does.
  static const std::string Home = [] {
    llvm::SmallString<256> Real;
    if (const char *H = std::getenv("HOME"); H && *H == '/')
      if (!llvm::sys::fs::real_path(H, Real, /*expand_tilde=*/false))
        return Real.str().str();
    return std::string();
  }();
  for (const std::string &Root : Roots) {
    if (Inside || !isPathUnder(R, Root))
      continue;
    if (std::string V = vcsMetadataIn(R, Root); !V.empty()) {
      Why = V;
      continue;
    }
    if (!Home.empty() && Home != "/" && isPathUnder(Home, Root) && isPathUnder(R, Home) &&
        R.size() > Home.size() && R.drop_front(Home.size() + 1).starts_with(".")) {
      Why = "in the user's home configuration";
      continue;
    }
    Inside = true;
  }
  if (!Inside)
    return Why;
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Real, St))
    return {};
  if (St.type() != llvm::sys::fs::file_type::regular_file)
    return "not a regular file";
  if (!Cached && St.getSize() > MaxFileBytes)
    return "larger than " + std::to_string(MaxFileBytes >> 20) + " MiB";
  return {};
}

namespace {

class SandboxFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  SandboxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                    std::shared_ptr<const ReadPolicy> Policy,
                    std::shared_ptr<RefusedReads> Log)
      : ProxyFileSystem(std::move(Base)), Policy(std::move(Policy)), Log(std::move(Log)) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::SmallString<256> Abs;
    Path.toVector(Abs);
    if (std::error_code EC = makeAbsolute(Abs))
      return EC;
    std::string Why = Policy->check(Abs.str().str());
    if (Why.empty()) {
      auto F = ProxyFileSystem::openFileForRead(Abs);
      if (!F)
        return F;
      // What was opened is what was checked (no swap since): a regular file
      // of sane size.
      auto St = (*F)->status();
      if (St && St->getType() == llvm::sys::fs::file_type::regular_file)
        return F;
      Why = "not a regular file";
    }
    // A directory where a header is looked for (bevfusion's include/utility
    // beside <utility>): the compiler skips it and searches on; so does the
    // parse, with nothing refused.
    if (Why == "not a regular file" && llvm::sys::fs::is_directory(Abs))
      return std::make_error_code(std::errc::is_a_directory);
    {
      std::lock_guard<std::mutex> Guard(Log->Lock);
      std::string M = "refused to read '" + Abs.str().str() + "': " + Why;
      if (std::find(Log->Messages.begin(), Log->Messages.end(), M) == Log->Messages.end())
        Log->Messages.push_back(M);
    }
    return std::make_error_code(std::errc::permission_denied);
  }

private:
  std::shared_ptr<const ReadPolicy> Policy;
  std::shared_ptr<RefusedReads> Log;
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeSandboxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                      std::shared_ptr<const ReadPolicy> Policy,
                      std::shared_ptr<RefusedReads> Log) {
  return llvm::makeIntrusiveRefCnt<SandboxFileSystem>(std::move(Base), std::move(Policy),
                                                      std::move(Log));
}

std::vector<std::string> systemReadRoots() {
  std::vector<std::string> Roots = {clangResourceDir(), "/usr/include",
                                    "/usr/local/include", "/usr/lib/gcc",
                                    "/usr/lib/llvm-19", "/usr/local/cuda"};
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *V = std::getenv(Var); V && *V)
      Roots.push_back(V);
  return Roots;
}

} // namespace torchlint
