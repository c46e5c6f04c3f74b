//===--- TorchEnv.cpp - Which torch a file is linted against --------------===//

#include "project/TorchEnv.h"

#include "support/Subprocess.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace torchlint {
namespace {

bool isDirectory(const std::string &Path) { return llvm::sys::fs::is_directory(Path); }

/// Asked of the interpreter. Nothing is imported but the standard library:
/// find_spec locates the torch package without running its __init__.
const char *const Probe = R"(import importlib.util, json, os, sysconfig
out = {"python_include": sysconfig.get_paths().get("include", "")}
spec = importlib.util.find_spec("torch")
if spec is not None and spec.submodule_search_locations:
    root = list(spec.submodule_search_locations)[0]
    inc = os.path.join(root, "include")
    out["torch_include"] = [inc, os.path.join(inc, "torch", "csrc", "api", "include")]
    try:
        import importlib.metadata as md
        out["torch_version"] = md.version("torch")
    except Exception:
        pass
print(json.dumps(out))
)";

struct PythonAnswer {
  bool Ok = false;
  std::string PythonInclude, TorchVersion;
  std::vector<std::string> TorchIncludes;
};

PythonAnswer askPython(const std::string &Python) {
  PythonAnswer A;
  ProcessResult R =
      runProcess({Python, "-I", "-c", Probe}, minimalEnvironment(), "/", /*Seconds=*/10, 1 << 20);
  if (R.Status != 0)
    return A;
  auto J = nlohmann::json::parse(R.Out, nullptr, /*allow_exceptions=*/false);
  if (!J.is_object())
    return A;
  A.Ok = true;
  if (J.contains("python_include") && J["python_include"].is_string())
    A.PythonInclude = J["python_include"];
  if (J.contains("torch_version") && J["torch_version"].is_string())
    A.TorchVersion = J["torch_version"];
  if (J.contains("torch_include") && J["torch_include"].is_array())
    for (const auto &D : J["torch_include"])
      if (D.is_string() && isDirectory(D.get<std::string>()))
        A.TorchIncludes.push_back(D.get<std::string>());
  return A;
}

/// The interpreters of the project's Python, most specific first.
std::vector<std::string> candidatePythons() {
  std::vector<std::string> Pythons;
  for (const char *Var : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (const char *Prefix = std::getenv(Var); Prefix && *Prefix) {
      llvm::SmallString<256> P(Prefix);
      llvm::sys::path::append(P, "bin", "python");
      if (llvm::sys::fs::can_execute(P))
        Pythons.push_back(P.str().str());
    }
  if (auto P = llvm::sys::findProgramByName("python3")) {
    llvm::SmallString<256> Abs(*P);
    llvm::sys::fs::make_absolute(Abs);
    Pythons.push_back(Abs.str().str());
  }
  return Pythons;
}

} // namespace

namespace {

/// A header under one of \p Includes, if it exists and is of sane size.
std::unique_ptr<llvm::MemoryBuffer> torchHeader(const std::vector<std::string> &Includes,
                                                const char *Header) {
  for (const std::string &Dir : Includes) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Header);
    if (!llvm::sys::fs::is_regular_file(P))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(P, /*IsText=*/true);
    if (Buf && (*Buf)->getBufferSize() <= (1 << 20))
      return std::move(*Buf);
  }
  return nullptr;
}

} // namespace

std::string torchCxxStandard(const std::vector<std::string> &Includes) {
  auto Buf = torchHeader(Includes, "ATen/ATen.h");
  return Buf && Buf->getBuffer().contains("__cplusplus < 202002L") ? "c++20" : "c++17";
}

std::string torchVersionOf(const std::vector<std::string> &Includes) {
  for (const char *Header : {"torch/headeronly/version.h", "torch/version.h"}) {
    auto Buf = torchHeader(Includes, Header);
    if (!Buf)
      continue;
    llvm::StringRef Text = Buf->getBuffer();
    size_t At = Text.find("#define TORCH_VERSION ");
    if (At == llvm::StringRef::npos)
      continue;
    llvm::StringRef V = Text.drop_front(At).split('"').second.split('"').first;
    if (!V.empty() && V.size() < 64 && !V.contains('\n'))
      return V.str();
  }
  return {};
}

TorchEnv findTorch(const std::vector<std::string> &Explicit) {
  TorchEnv E;
  const char *EnvIncludes = std::getenv("TORCH_INCLUDE");
  bool Named = !Explicit.empty() || (EnvIncludes && *EnvIncludes);
  for (const std::string &Py : candidatePythons()) {
    PythonAnswer A = askPython(Py);
    if (!A.Ok)
      continue;
    bool HasTorch = !A.TorchIncludes.empty();
    // Python's headers: of the interpreter whose torch is used, else of the
    // first one that answers.
    if (E.Python.empty() || (!Named && HasTorch)) {
      E.Python = Py;
      E.PythonIncludes.clear();
      if (isDirectory(A.PythonInclude))
        E.PythonIncludes.push_back(A.PythonInclude);
    }
    if (!Named && HasTorch) {
      E.Source = "python " + Py;
      E.Includes = A.TorchIncludes;
      E.Version = A.TorchVersion;
      break;
    }
    if (Named)
      break;
  }
  if (!Explicit.empty()) {
    E.Source = "--torch-include";
    E.Includes = Explicit;
  } else if (Named) {
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    llvm::StringRef(EnvIncludes).split(Parts, ':', -1, false);
    E.Source = "TORCH_INCLUDE";
    for (llvm::StringRef P : Parts)
      E.Includes.push_back(P.str());
  } else if (E.Source.empty() && isDirectory("/usr/include/torch/csrc/api/include")) {
    // Debian's libtorch-dev: ATen, c10 and torch/ live in /usr/include; the
    // C++ frontend (torch/torch.h) in torch/csrc/api/include.
    E.Source = "Debian libtorch-dev";
    E.Includes = {"/usr/include/torch/csrc/api/include"};
  }
  if (std::string V = torchVersionOf(E.Includes); !V.empty())
    E.Version = V;
  E.CxxStandard = torchCxxStandard(E.Includes);
  return E;
}

std::string torchEnvToJson(const TorchEnv &T) {
  return nlohmann::json({{"source", T.Source},
                         {"version", T.Version},
                         {"includes", T.Includes},
                         {"python_includes", T.PythonIncludes},
                         {"python", T.Python},
                         {"std", T.CxxStandard}})
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool torchEnvFromJson(const std::string &Text, TorchEnv &T) {
  auto J = nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (!J.is_object())
    return false;
  try {
    T.Source = J.at("source").get<std::string>();
    T.Version = J.at("version").get<std::string>();
    T.Includes = J.at("includes").get<std::vector<std::string>>();
    T.PythonIncludes = J.at("python_includes").get<std::vector<std::string>>();
    T.Python = J.at("python").get<std::string>();
    T.CxxStandard = J.at("std").get<std::string>();
  } catch (const nlohmann::json::exception &) {
    return false;
  }
  return true;
}

} // namespace torchlint
