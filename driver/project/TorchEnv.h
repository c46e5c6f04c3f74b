//===--- TorchEnv.h - Which torch a file is linted against -------*- C++ -*-===//
//
// Finds the torch (and Python) headers synthesised flags point at, in this
// order:
//  1. --torch-include / TORCH_INCLUDE: what the user named;
//  2. the project's Python: an active virtual environment ($VIRTUAL_ENV) or
//     conda environment ($CONDA_PREFIX), else `python3` on PATH, when it has
//     torch installed;
//  3. Debian's libtorch-dev (/usr/include/torch/csrc/api/include).
// The interpreter is asked safely: isolated mode (-I: no PYTHON* variables,
// no user site, no script directory on sys.path), working directory `/`, a
// minimal environment and a timeout. It never imports torch (or anything from
// the tree being linted): torch's location comes from importlib's finder and
// its version from the installed distribution's metadata.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_TORCHENV_H
#define TORCHLINT_DRIVER_TORCHENV_H

#include <string>
#include <vector>

namespace torchlint {

struct TorchEnv {
  /// Where the torch headers come from, in words ("--torch-include",
  /// "TORCH_INCLUDE", "python /x/.venv/bin/python", "Debian libtorch-dev");
  /// empty when no torch was found.
  std::string Source;
  /// The torch version its headers declare (torch/headeronly/version.h or
  /// torch/version.h), or the installed distribution's; empty if unknown.
  std::string Version;
  std::vector<std::string> Includes;       ///< -isystem directories for torch.
  std::vector<std::string> PythonIncludes; ///< Python.h's directory (sysconfig).
  std::string Python;                      ///< The interpreter asked, if any.
  /// The language standard these headers require: c++20 when ATen/ATen.h
  /// refuses anything older (torch 2.10 and later), else c++17.
  std::string CxxStandard = "c++17";
};

/// The torch to lint against; \p Explicit are --torch-include directories.
TorchEnv findTorch(const std::vector<std::string> &Explicit);

/// A TorchEnv as JSON, for the worker processes (Workers.h), and back.
std::string torchEnvToJson(const TorchEnv &T);
bool torchEnvFromJson(const std::string &Text, TorchEnv &T);

/// "c++20" when the ATen/ATen.h under \p Includes requires C++20, else
/// "c++17".
std::string torchCxxStandard(const std::vector<std::string> &Includes);

/// The version string in TORCH_VERSION of the headers under \p Includes.
std::string torchVersionOf(const std::vector<std::string> &Includes);

} // namespace torchlint

#endif
