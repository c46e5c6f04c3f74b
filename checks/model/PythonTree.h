//===--- PythonTree.h - A project's Python files, as the scans read them -*- C++ -*-===//
//
// Which Python files under a project root the scans read (no hidden
// directories, virtual environments, site-packages, symlinks or FIFOs; each by
// SafeRead.h's rule), their scan and digest, and the extension module a C++
// file's setup.py builds it into.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_PYTHONTREE_H
#define TORCHLINT_CHECKS_MODEL_PYTHONTREE_H

#include "PythonCallers.h"
#include "PythonFakes.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <string>
#include <vector>

namespace torchlint::model {

/// The scan of the Python files under \p Roots (each scan reads them all;
/// Session::pythonOps keeps one a run).
PythonOps scanPythonTrees(const std::vector<std::string> &Roots);

/// A Python file with uses of migrated bindings (bindingCallsIn): its path,
/// the bytes the offsets count in, and the uses.
struct PythonFileCalls {
  std::string Path;
  /// Its path from the Python root it was found under: what tells a test
  /// file (isTestFile), whatever directories hold the project.
  std::string Shown;
  std::string Content;
  std::vector<BindingCall> Calls;
};

/// The uses of \p Bindings of the extension module \p Module in the Python
/// files under \p Roots (the files scanPythonTrees reads). None when the
/// project's Python has a module of that name itself (`_C.py`, a `_C/`
/// package): which one a `from . import _C` binds is then not known.
std::vector<PythonFileCalls> bindingCallsUnder(const std::vector<std::string> &Roots,
                                               llvm::StringRef Module,
                                               const std::vector<MigratedBinding> &Bindings);

/// The Python files under \p Roots that import the extension module
/// \p Module at their top level (afterModuleImport), with no calls; none
/// when the project's Python has a module of that name itself.
std::vector<PythonFileCalls> moduleImportersUnder(const std::vector<std::string> &Roots,
                                                  llvm::StringRef Module);

/// The roots the checks scan: those of a PythonRoots option (';'-separated),
/// else \p ProjectRoot (the main file's project root), when there is one.
std::vector<std::string> pythonRoots(llvm::StringRef Option, const std::string &ProjectRoot);

/// A digest of the paths and bytes of every Python file scanPythonTrees
/// may read under \p Root: it changes when one is added, removed or edited.
std::string pythonTreeDigest(const std::string &Root);

/// How a lint result names the Python tree under a root among the files it
/// read (LintResult::Inputs): this prefix, then the root; its digest is
/// pythonTreeDigest's.
inline constexpr llvm::StringLiteral PythonTreeInput = "python-tree:";

/// The name torch-lint defines TORCH_EXTENSION_NAME as when it parses a
/// file (driver/engine/Engine.cpp): PYBIND11_MODULE(TORCH_EXTENSION_NAME, m)
/// makes `pybind11_init_torchlint_ext`, which stands for extensionModuleOf.
inline constexpr llvm::StringLiteral ExtensionNamePlaceholder = "torchlint_ext";

/// What TORCH_EXTENSION_NAME expands to for \p MainFile: the last part of
/// the name of the one extension that lists it among its sources in the
/// nearest setup.py between it and its project root \p Root (CppExtension,
/// CUDAExtension, a name bound to one, cpp_extension.load, any call with a
/// sources= keyword), or, where sources are globbed, the extension named as
/// Main's directory or the one extension declared, when the file's
/// literals name Main's directory; empty when none does. The file is read
/// (never through a symlink), never run; \p OnRead is told the directory of
/// each setup.py read.
std::string extensionModuleOf(const std::string &MainFile, const std::string &Root,
                              const std::function<void(const std::string &)> &OnRead = {});

/// The root of the git work tree containing \p Path, or "".
std::string gitWorkTreeOf(const std::string &Path);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PYTHONTREE_H
