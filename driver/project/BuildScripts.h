//===--- BuildScripts.h - Macros a project's setup.py defines ----*- C++ -*-===//
//
// Some extensions only parse with the macros their build defines
// (nvdiffrast's code is behind `#ifdef NVDR_TORCH`, which setup.py passes
// as extra_compile_args). For files without a compile-database entry, the
// macros the nearest setup.py states literally are defined: "-DNAME" or
// "-DNAME=value" string literals, and ('NAME', None) / ('NAME', 'value')
// tuples on lines that mention define_macros, on lines the default build
// runs (SetupConditions.h: `if debug:`, `if not CPU_ONLY:` evaluated), and
// for the sources of their extension when they are stated in a group that
// names source files (`CUDAExtension(name, ["a.cu"], define_macros=...)`,
// MinkowskiEngine's per-target lists). setup.py is read as text, never run. Values built at run time (f-strings, %, $) are skipped, so
// are macros that select a platform a Linux host parse cannot follow
// (ROCm/HIP, MPS/Metal, XPU/SYCL, Windows: setup.py adds them under
// conditions not evaluated here), and so is every -D of a setup.py that
// drives CMake (its -D are CMake's).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_BUILDSCRIPTS_H
#define TORCHLINT_DRIVER_BUILDSCRIPTS_H

#include <map>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

class BuildScripts {
public:
  /// -D flags for \p File (absolute): those of the nearest setup.py
  /// between its directory and \p Root that apply to it. With \p Undecided,
  /// also what was defined under a condition not decided
  /// (SetupConditions.h): "-DX (setup.py line N: if cond: not decided;
  /// defined)".
  std::vector<std::string> definesFor(const std::string &File, const std::string &Root,
                                      std::vector<std::string> *Undecided = nullptr);

  /// The macros a setup.py's text states for \p File, as -D flags, in
  /// order, once each.
  static std::vector<std::string> definesIn(const std::string &SetupPy, const std::string &File,
                                            std::vector<std::string> *Undecided = nullptr);

private:
  /// One macro of a script: where it is stated (the source files of the
  /// extension it is stated for, or everywhere) and whether the default
  /// build is known to state it.
  struct Define {
    std::string Flag;
    size_t Line = 0; ///< The first line that states it.
    bool Everywhere = false;
    std::vector<size_t> Scopes; ///< Indices in Script::Scopes.
    bool Decided = false;  ///< Stated on a line the default build runs.
    std::string Undecided; ///< Else the first undecided condition.
  };
  struct Script {
    std::vector<Define> Defines;
    /// The source files of each extension a macro is stated for.
    std::vector<std::set<std::string>> Scopes;
    std::set<std::string> Named; ///< Every source file the script names.
    std::vector<std::string> forFile(const std::string &File,
                                     std::vector<std::string> *Undecided) const;
  };
  static Script read(const std::string &SetupPy);
  std::map<std::string, Script> Cache; ///< Per setup.py.
};

} // namespace torchlint

#endif // TORCHLINT_DRIVER_BUILDSCRIPTS_H
