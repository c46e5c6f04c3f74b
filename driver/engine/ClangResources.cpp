//===--- ClangResources.cpp - Clang's builtin headers -----------*- C++ -*-===//

#include "engine/ClangResources.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace torchlint {
namespace {

struct ResourceDir {
  std::string Path;
  bool Bundled = false;
};

const ResourceDir &resourceDir() {
  static const ResourceDir Dir = [] {
    // The executable's own path (/proc/self/exe: links resolved), not argv[0].
    std::string Exe = llvm::sys::fs::getMainExecutable(
        nullptr, reinterpret_cast<void *>(&clangResourceDir));
    if (!Exe.empty()) {
      llvm::SmallString<256> Dir(
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
      llvm::sys::path::append(Dir, "lib", "clang", std::to_string(LLVM_VERSION_MAJOR));
      llvm::SmallString<256> Probe(Dir);
      llvm::sys::path::append(Probe, "include", "stddef.h");
      if (llvm::sys::fs::is_regular_file(Probe))
        return ResourceDir{std::string(Dir), true};
    }
    return ResourceDir{TORCHLINT_CLANG_RESOURCE_DIR, false};
  }();
  return Dir;
}

} // namespace

const std::string &clangResourceDir() { return resourceDir().Path; }

bool clangResourceDirIsBundled() { return resourceDir().Bundled; }

} // namespace torchlint
