//===--- BuildScripts.h - Macros a project's setup.py defines ----*- C++ -*-===//
//
// Some extensions only parse with the macros their build defines
// (nvdiffrast's code is behind `#ifdef NVDR_TORCH`, which setup.py passes
// as extra_compile_args). For files without a compile-database entry, the
// macros the nearest setup.py states literally are defined: "-DNAME" or
// "-DNAME=value" string literals, and ('NAME', None) / ('NAME', 'value')
// tuples on lines that mention define_macros. setup.py is read as text,
// never run. Values built at run time (f-strings, %, $) are skipped, so
// are macros that select a platform a Linux host parse cannot follow
// (ROCm/HIP, MPS/Metal, XPU/SYCL, Windows: setup.py adds them under
// conditions not evaluated here), and so is every -D of a setup.py that
// drives CMake (its -D are CMake's).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_BUILDSCRIPTS_H
#define TORCHLINT_DRIVER_BUILDSCRIPTS_H

#include <map>
#include <string>
#include <vector>

namespace torchlint {

class BuildScripts {
public:
  /// -D flags for \p File (absolute): those of the nearest setup.py
  /// between its directory and \p Root.
  std::vector<std::string> definesFor(const std::string &File, const std::string &Root);

  /// The macros a setup.py's text states, as -D flags, in order, once each.
  static std::vector<std::string> definesIn(const std::string &SetupPy);

private:
  std::map<std::string, std::vector<std::string>> Cache; ///< Per setup.py.
};

} // namespace torchlint

#endif // TORCHLINT_DRIVER_BUILDSCRIPTS_H
