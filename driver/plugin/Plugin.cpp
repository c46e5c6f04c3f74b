//===--- Plugin.cpp - libTorchLintTidy.so for clang-tidy --load ----------===//
//
// The clang-tidy plugin is two shared objects, both built from this file:
//
//  - libTorchLintTidy-llvm19.so (TorchLintTidyChecks): the torch-* checks and
//    their module registration (torchlint_checks, whole archive). It does not
//    link clang-tidy: those symbols come from the clang-tidy-19 executable.
//  - libTorchLintTidy.so (TorchLintTidy, TORCHLINT_PLUGIN_SHIM): the file given
//    to `clang-tidy --load`. It links nothing of LLVM, so it loads into any
//    clang-tidy. Its static initializer finds out which LLVM the host
//    clang-tidy is; on a mismatch it says so and exits, otherwise it loads the
//    checks from the first object (next to it) with every symbol resolved now.
//
// Why a shim: a plugin built for another LLVM major does not fail cleanly.
// Loaded into clang-tidy-14 with lazy binding it registers its checks and
// then dies at the first missing symbol ("symbol lookup error", exit 127);
// with LD_BIND_NOW, or when a data symbol is missing, clang-tidy prints
// "-load request ignored" and runs on without the torch checks (exit 0 when
// other checks are enabled). A static initializer of the checks object itself
// never runs in the second case, so the check lives in an object that always
// loads. The checks object repeats the check for when it is loaded directly.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_PLUGIN_SHIM
#include "Catalog.h"
#include "model/ProjectModel.h"
#include "model/Session.h"
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <string>
#include <unistd.h>

#ifndef TORCHLINT_LLVM_MAJOR
#error "TORCHLINT_LLVM_MAJOR: the LLVM major the plugin is built for"
#endif

namespace {

/// The LLVM of the process that loaded the plugin.
struct HostVersion {
  int Major = 0;           ///< 0 when it could not be found out.
  std::string Description; ///< e.g. "Debian clang version 14.0.6".
};

/// The first number after \p Key in \p Text ("clang version 14.0.6" -> 14).
int majorAfter(const std::string &Text, const char *Key) {
  size_t Pos = Text.find(Key);
  if (Pos == std::string::npos)
    return 0;
  Pos += std::strlen(Key);
  int Major = 0;
  while (Pos < Text.size() && Text[Pos] >= '0' && Text[Pos] <= '9')
    Major = Major * 10 + (Text[Pos++] - '0');
  return Major;
}

/// The LLVM major of a loaded libLLVM / libclang-cpp, from its file name:
/// libLLVM-14.so.1, libLLVM.so.19.1, libclang-cpp.so.14, libclang-cpp.so.19.1.
int majorOfLibraryName(const char *Path) {
  const char *Base = std::strrchr(Path, '/');
  std::string Name = Base ? Base + 1 : Path;
  for (const char *Prefix : {"libLLVM-", "libLLVM.so.", "libclang-cpp.so."})
    if (Name.compare(0, std::strlen(Prefix), Prefix) == 0)
      return majorAfter(Name, Prefix);
  return 0;
}

int libraryCallback(struct dl_phdr_info *Info, size_t, void *Data) {
  int &Major = *static_cast<int *>(Data);
  if (Info->dlpi_name && !Major)
    Major = majorOfLibraryName(Info->dlpi_name);
  return Major != 0;
}

HostVersion findHostVersion() {
  HostVersion V;
  // clang::getClangFullVersion() is in every clang-tidy that can load plugins
  // (they export their symbols). The name includes the libstdc++ ABI tag, so
  // a host whose std::string differs from ours does not match.
  using FullVersionFn = std::string (*)();
  if (auto Fn = reinterpret_cast<FullVersionFn>(
          dlsym(RTLD_DEFAULT, "_ZN5clang19getClangFullVersionB5cxx11Ev"))) {
    V.Description = Fn();
    V.Major = majorAfter(V.Description, "version ");
  }
  // LLVM 16 and later: void LLVMGetVersion(unsigned *Major, *Minor, *Patch).
  using GetVersionFn = void (*)(unsigned *, unsigned *, unsigned *);
  if (!V.Major)
    if (auto Fn = reinterpret_cast<GetVersionFn>(
            dlsym(RTLD_DEFAULT, "LLVMGetVersion"))) {
      unsigned Major = 0, Minor = 0, Patch = 0;
      Fn(&Major, &Minor, &Patch);
      V.Major = static_cast<int>(Major);
    }
  // A dynamically linked clang-tidy: the LLVM libraries it has loaded.
  if (!V.Major)
    dl_iterate_phdr(libraryCallback, &V.Major);
  return V;
}

std::string hostExecutable() {
  char Buf[4096];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  return N > 0 ? std::string(Buf, N) : std::string("clang-tidy");
}

[[noreturn]] void fail(const std::string &Message) {
  std::fprintf(stderr, "error: torchlint clang-tidy plugin: %s\n",
               Message.c_str());
  std::fflush(nullptr);
  // Not exit(): the host is in the middle of parsing its command line (and of
  // dlopen); running its static destructors now helps nobody.
  std::_Exit(EXIT_FAILURE);
}

/// Exits with a message naming both versions unless the host is the LLVM
/// major the plugin was built for (or cannot be identified).
void checkHostVersion() {
  HostVersion Host = findHostVersion();
  if (Host.Major == 0 || Host.Major == TORCHLINT_LLVM_MAJOR)
    return;
  std::string Built = std::to_string(TORCHLINT_LLVM_MAJOR);
  std::string Seen = std::to_string(Host.Major);
  fail("built for LLVM " + Built + " (clang-tidy-" + Built +
       "), but loaded into LLVM " + Seen + " (" + hostExecutable() +
       (Host.Description.empty() ? "" : ", " + Host.Description) +
       "); a clang-tidy plugin only works in the LLVM major version it was "
       "built for: run it with clang-tidy-" + Built + " (" +
       TORCHLINT_CLANG_TIDY + "), or use torch-lint");
}

} // namespace

#ifdef TORCHLINT_PLUGIN_SHIM

namespace {

/// The directory this shared object was loaded from (symlinks resolved).
std::string ownDirectory() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&ownDirectory), &Info) ||
      !Info.dli_fname)
    return ".";
  std::string Path = Info.dli_fname;
  if (char *Real = realpath(Info.dli_fname, nullptr)) {
    Path = Real;
    std::free(Real);
  }
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

__attribute__((constructor)) void loadTorchLintChecks() {
  checkHostVersion();
  std::string Checks = ownDirectory() + "/" + TORCHLINT_PLUGIN_CHECKS;
  // RTLD_NOW: a symbol the host lacks is an error here, with its name, not
  // a crash in the middle of a run. RTLD_GLOBAL: as clang-tidy's own --load.
  if (!dlopen(Checks.c_str(), RTLD_NOW | RTLD_GLOBAL)) {
    const char *Error = dlerror();
    fail("cannot load the checks: " + std::string(Error ? Error : Checks) +
         " (it must be next to libTorchLintTidy.so, and the host must be "
         "clang-tidy-" + std::to_string(TORCHLINT_LLVM_MAJOR) + ")");
  }
}

} // namespace

#else // The checks object.

namespace {

// Runs before the module registration (default priority) when this object is
// given to --load directly.
__attribute__((constructor(101))) void checkHostBeforeRegistration() {
  checkHostVersion();
}

struct Anchor {
  Anchor() {
    (void)torchlint::TorchLintModuleAnchorSource;
    // clang-tidy lints one file at a time: the facts of the rest of the
    // project come from the index torch-lint stored (ProjectModel.h).
    torchlint::model::Session::Settings S;
    S.StoredIndexCache = torchlint::model::ProjectIndex::defaultCacheDir();
    torchlint::model::Session::setUnbound(std::make_shared<torchlint::model::Session>(S));
  }
} TheAnchor;

} // namespace

#endif
