//===--- MissingHeaders.cpp - Headers a run could not find, explained -----===//

#include "report/MissingHeaders.h"
#include "model/SafeRead.h"

#include "report/Output.h"
#include "project/Project.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>
#include <vector>

namespace torchlint {

namespace {

using llvm::StringRef;

/// Entries searched for configure_file templates, per project.
constexpr unsigned MaxSearchedEntries = 50000;
/// Files named per header in the text report.
constexpr size_t ShownFiles = 3;

/// What a project knows about its missing headers.
struct ProjectFacts {
  /// .gitmodules paths whose directory is absent or empty.
  std::vector<std::string> AbsentSubmodules;
  /// Templates a build turns into headers: "config.h" -> "src/config.h.in".
  std::map<std::string, std::string> Templates;
};

bool emptyDirectory(const std::string &Path) {
  std::error_code EC;
  llvm::sys::fs::directory_iterator It(Path, EC);
  return EC || It == llvm::sys::fs::directory_iterator();
}

ProjectFacts factsOf(const std::string &Root) {
  ProjectFacts Facts;
  if (auto Buf = readTreeFile(Root + "/.gitmodules", {Root}, 1 << 20)) {
    llvm::SmallVector<StringRef, 32> Lines;
    Buf->getBuffer().split(Lines, '\n');
    for (StringRef L : Lines) {
      L = L.trim();
      if (!L.consume_front("path"))
        continue;
      L = L.ltrim();
      if (!L.consume_front("="))
        continue;
      std::string Rel = L.trim().str();
      if (!Rel.empty() && Rel.find("..") == std::string::npos &&
          emptyDirectory(Root + "/" + Rel))
        Facts.AbsentSubmodules.push_back(Rel);
    }
  }
  unsigned Entries = 0;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC, /*follow_symlinks=*/false), End;
       It != End && !EC && Entries < MaxSearchedEntries; It.increment(EC), ++Entries) {
    StringRef Name = llvm::sys::path::filename(It->path());
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      ForeignKind K = foreignKindOf(Name, It->path());
      if (K != ForeignKind::None && K != ForeignKind::Vendored)
        It.no_push();
      continue;
    }
    // config.h.in, config.h.cmake, version.h.in, config.in.h
    std::string Generated;
    if (Name.ends_with(".in") || Name.ends_with(".cmake"))
      Generated = Name.rsplit('.').first.str();
    else if (Name.ends_with(".in.h"))
      Generated = Name.drop_back(5).str() + ".h";
    if (!Generated.empty() && llvm::sys::path::has_extension(Generated)) {
      StringRef Rel(It->path());
      Rel.consume_front(Root + "/");
      Facts.Templates.emplace(Generated, Rel.str());
    }
  }
  return Facts;
}

/// "parallel-hashmap" and "parallel_hashmap" name the same thing.
std::string normalised(StringRef S) {
  std::string Out;
  for (char C : S)
    if (llvm::isAlnum(C))
      Out += llvm::toLower(C);
  return Out;
}

bool isTorchHeader(StringRef H) {
  return H.starts_with("torch/") || H.starts_with("ATen/") || H.starts_with("c10/") ||
         H.starts_with("caffe2/");
}

/// The Debian package of a system library's header, for the common ones.
StringRef systemPackageOf(StringRef H) {
  static const std::pair<StringRef, StringRef> Known[] = {
      {"libavcodec/", "libavcodec-dev"},   {"libavformat/", "libavformat-dev"},
      {"libavfilter/", "libavfilter-dev"}, {"libavutil/", "libavutil-dev"},
      {"libavdevice/", "libavdevice-dev"}, {"libswscale/", "libswscale-dev"},
      {"libswresample/", "libswresample-dev"}, {"opencv2/", "libopencv-dev"},
      {"Eigen/", "libeigen3-dev"},         {"eigen3/", "libeigen3-dev"},
      {"glm/", "libglm-dev"},              {"GL/", "libgl-dev"},
      {"EGL/", "libegl-dev"},              {"GLFW/", "libglfw3-dev"},
      {"png.h", "libpng-dev"},             {"jpeglib.h", "libjpeg-dev"},
      {"zlib.h", "zlib1g-dev"},            {"boost/", "libboost-dev"},
      {"google/protobuf/", "libprotobuf-dev"}, {"gflags/", "libgflags-dev"},
      {"glog/", "libgoogle-glog-dev"},     {"fmt/", "libfmt-dev"},
      {"spdlog/", "libspdlog-dev"},        {"tbb/", "libtbb-dev"},
      {"oneapi/tbb", "libtbb-dev"},        {"mkl.h", "Intel oneMKL"},
      {"sox.h", "libsox-dev"},             {"nlohmann/", "nlohmann-json3-dev"},
  };
  for (const auto &[Prefix, Package] : Known)
    if (H.starts_with(Prefix))
      return Package;
  return {};
}

bool isCudaToolkitHeader(StringRef H) {
  for (StringRef Prefix : {"cuda", "cub/", "thrust/", "cublas", "curand", "cusparse", "cusolver",
                           "cufft", "nvrtc", "nvtx", "cooperative_groups", "mma.h", "npp",
                           "nvjpeg", "nvml", "cupti",
                           "vector_types.h", "device_launch_parameters.h"})
    if (H.starts_with(Prefix))
      return true;
  return false;
}

/// \p S as one word of a POSIX shell command, ready to paste: as it is when
/// made of path characters only, else single-quoted. The tree's text (a
/// .gitmodules path) can never become a second command or an option.
std::string shellWord(StringRef S) {
  bool Plain = !S.empty() && S.front() != '-' && llvm::all_of(S, [](char C) {
    return llvm::isAlnum(C) || C == '/' || C == '.' || C == '_' || C == '-' || C == '+';
  });
  if (Plain)
    return S.str();
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

std::string hintFor(const std::string &Header, const std::string &Root,
                    const ProjectFacts &Facts, const HeaderContext &Ctx) {
  StringRef H(Header);
  StringRef Name = llvm::sys::path::filename(H);
  StringRef Top = H.split('/').first;
  for (const std::string &Sub : Facts.AbsentSubmodules) {
    std::string Base = normalised(llvm::sys::path::filename(Sub));
    if (!Base.empty() && (normalised(Top) == Base || normalised(Name).find(Base) == 0 ||
                          Base.find(normalised(Top)) == 0))
      return "submodule " + Sub + " is not checked out: git submodule update --init -- " +
             shellWord(Sub);
  }
  if (auto It = Facts.Templates.find(Name.str()); It != Facts.Templates.end())
    return "generated by the build from " + It->second +
           ": configure the project, then -p <build dir>";
  if (Name.ends_with(".pb.h"))
    return "generated by protoc: build the project, then -p <build dir>";
  if (isTorchHeader(H)) {
    if (Ctx.TorchSource.empty())
      return "no torch found: activate the environment torch is installed in, or "
             "--torch-include=<dir>";
    std::string Torch = "torch" + (Ctx.TorchVersion.empty() ? "" : " " + Ctx.TorchVersion) +
                        " (" + Ctx.TorchSource + ")";
    if (H.contains("/cuda/") || H.contains("/hip/") || H.contains("/cudnn/"))
      return Torch + " has no such CUDA header: lint in an environment with a CUDA build of "
                     "torch, or --torch-include=<its include dir>";
    return "not in " + Torch + ": a different torch version? --torch-include=<dir>";
  }
  if (H.starts_with("cudnn"))
    return "cuDNN is installed apart from the CUDA toolkit: pass its include directory "
           "after '--' (-- -I<dir>)";
  if (isCudaToolkitHeader(H))
    return Ctx.HasCudaToolkit
               ? "not in the CUDA toolkit found: a component not installed (NPP, nvJPEG...) "
                 "or a newer toolkit? --cuda-path=<dir>"
               : "no CUDA toolkit found: --cuda-path=<dir>, CUDA_HOME, or /usr/local/cuda";
  if (StringRef Package = systemPackageOf(H); !Package.empty())
    return "a system library's header: install " + Package.str() +
           (Package.contains(' ') ? "" : " (Debian)") +
           ", or pass its include directory after '--' (-- -I<dir>)";
  if (Name == "Python.h" && !Ctx.HasPythonHeaders)
    return "Python's headers are not installed: python3-dev (Debian), or lint in the "
           "environment torch is installed in";
  if (Name == "omp.h")
    return "clang's OpenMP header is not installed: libomp-19-dev (Debian)";
  std::string Hint = "not in the project nor in any include directory: pass its directory "
                     "after '--' (-- -I<dir>), or -p <build dir>";
  if (!Facts.AbsentSubmodules.empty())
    Hint += "; submodules not checked out: " + llvm::join(Facts.AbsentSubmodules, ", ");
  return Hint;
}

} // namespace

void explainMissingHeaders(LintResult &Result, const HeaderContext &Ctx) {
  std::map<std::string, ProjectFacts> Facts;
  for (FileError &E : Result.Errors) {
    if (!E.Partial || E.Header.empty())
      continue;
    std::string Root = Ctx.RootOf ? Ctx.RootOf(E.File) : std::string();
    auto It = Facts.find(Root);
    if (It == Facts.end())
      It = Facts.emplace(Root, Root.empty() ? ProjectFacts() : factsOf(Root)).first;
    E.Hint = hintFor(E.Header, Root, It->second, Ctx);
  }
}

void printMissingHeaders(llvm::raw_ostream &OS, const LintResult &Result) {
  // Per header, in order of first appearance: the files and the hint.
  std::vector<std::string> Order;
  std::map<std::string, std::pair<std::vector<std::string>, std::string>> ByHeader;
  std::set<std::string> Files;
  for (const FileError &E : Result.Errors) {
    if (!E.Partial || E.Header.empty())
      continue;
    auto [It, New] = ByHeader.try_emplace(E.Header);
    if (New) {
      Order.push_back(E.Header);
      It->second.second = E.Hint;
    }
    if (!llvm::is_contained(It->second.first, E.File))
      It->second.first.push_back(E.File);
    Files.insert(E.File);
  }
  if (Order.empty())
    return;
  OS << "warning: " << Order.size() << " header" << (Order.size() == 1 ? "" : "s")
     << " not found; " << Files.size() << " file" << (Files.size() == 1 ? " was" : "s were")
     << " linted in part (what they would have declared is not guessed at):\n";
  for (const std::string &Header : Order) {
    const auto &[Includers, Hint] = ByHeader[Header];
    OS << "  '" << escapeForTerminal(Header) << "', included by ";
    for (size_t I = 0; I < Includers.size() && I < ShownFiles; ++I)
      OS << (I ? ", " : "") << escapeForTerminal(displayPath(Includers[I]));
    if (Includers.size() > ShownFiles)
      OS << " and " << Includers.size() - ShownFiles << " more";
    OS << "\n";
    if (!Hint.empty())
      OS << "    " << escapeForTerminal(Hint) << "\n";
  }
}

std::vector<std::string> absentSubmodulesOf(const std::string &Root) {
  return factsOf(Root).AbsentSubmodules;
}

} // namespace torchlint
