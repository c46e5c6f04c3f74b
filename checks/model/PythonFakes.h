//===--- PythonFakes.h - Fake kernels registered from Python -----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
#define TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace torchlint::model {

/// What the Python files under some roots say about custom operators.
///
/// Names are torch's operator names: "ns::op" for the default overload,
/// "ns::op.overload" for another (".default" is the default overload), or
/// "*::op" / "*::op.overload" when the namespace lives in a Library object.
struct PythonOps {
  /// Operators given a fake (abstract, Meta) kernel:
  /// `torch.library.register_fake("ns::op")` (also as a decorator, also
  /// with an OpOverload, `register_fake(torch.ops.ns.op.out)`),
  /// `impl_abstract("ns::op")`, `register_meta("ns::op")`,
  /// `torch.library.impl("ns::op", "Meta")`, `lib.impl("op", fn, "Meta")`.
  /// Each names exactly one overload.
  std::set<std::string> Fakes;
  /// Non-default overloads named as `torch.ops.ns.op.overload` (called or
  /// passed around): evidence that Python code runs them. Value: the file
  /// (relative to its root) that names it first.
  std::map<std::string, std::string> Called;
  /// Namespaces given a fake kernel under a name the scan cannot resolve
  /// (a register_fake/impl_abstract/register_meta/Meta impl whose name is
  /// built from a function parameter, a loop over a variable...): the check
  /// cannot tell which of their ops have one. Value: "file:line" of the
  /// first such registration. "*" when even the namespace is unknown; the
  /// namespaces that file names (a string literal "ns" or "ns::...",
  /// `torch.ops.ns`) are then recorded too, with the same place, so "*"
  /// itself stands for no namespace.
  std::map<std::string, std::string> UnresolvedNamespaces;
  /// Functions called as `module.name(...)` in the body of a function that
  /// is an operator's Python kernel (@torch.library.custom_op,
  /// @torch.library.impl, @lib.impl, register_kernel): a pybind11 binding
  /// called only there is behind an operator torch.compile sees. Value:
  /// "file:line" of the first such call.
  std::map<std::string, std::string> WrappedCalls;
  /// Names called (`obj.name(...)`, `name(...)`) in a constructor's body
  /// (`def __init__`): value "file:line" of the first call; and every name
  /// called anywhere else. A binding called only in constructors runs when
  /// a module is built, never in the forward torch.compile traces
  /// (tiny-cuda-nn's `initial_params`).
  std::map<std::string, std::string> ConstructorCalls;
  std::set<std::string> OtherCalls;
  bool calledOnlyInConstructors(const std::string &Name) const {
    return ConstructorCalls.count(Name) && !OtherCalls.count(Name);
  }
};

/// The scan of the Python files under \p Roots (cached).
const PythonOps &pythonOps(const std::vector<std::string> &Roots);

/// Every scan pythonOps made in this process, as JSON; and the other way:
/// scans another process made (the parent's, once per run), taken as this
/// process's own so that a worker per C++ file does not scan the project's
/// Python again. False when \p Json is not such a list.
std::string pythonScansToJson();
bool preloadPythonScans(llvm::StringRef Json);

/// The roots the checks scan: those of a PythonRoots option (';'-separated),
/// else the project root of \p MainFile (projectRootOfFile).
std::vector<std::string> pythonRoots(llvm::StringRef Option, const std::string &MainFile);

/// Called with each root every time pythonOps is asked for it (this
/// thread): a cached lint result depends on those files too.
void setPythonScanObserver(std::function<void(const std::string &Root)> Observer);

/// A digest of the paths and bytes of every Python file pythonOps may read
/// under \p Root: it changes when one is added, removed or edited. Taken
/// once per root per process.
std::string pythonTreeDigest(const std::string &Root);

/// How a lint result names the Python tree under a root among the files it
/// read (LintResult::Inputs): this prefix, then the root; its digest is
/// pythonTreeDigest's.
inline constexpr llvm::StringLiteral PythonTreeInput = "python-tree:";

/// Scans one Python source; \p File is recorded in Called and
/// UnresolvedNamespaces.
///
/// Besides literal names, a registration's name may be built in the file:
/// from module-level string constants (`NS = "ext"`, `NS: str = "ext"`,
/// used in f-strings, `+`, `%`, `.format`, `"::".join`), from loops over
/// literal lists or tuples (or a module-level constant holding one), from
/// assignments earlier in the same block, and from the arguments of the
/// file's calls to the function the registration is in.
void scanPythonSource(const std::string &Source, PythonOps &Out,
                      const std::string &File = "");

/// What TORCH_EXTENSION_NAME expands to for \p MainFile: the last part of
/// the name of the one extension that lists it among its sources in the
/// nearest setup.py between it and its project root (CppExtension,
/// CUDAExtension, cpp_extension.load, any call with a sources= keyword);
/// empty when none does. The file is read (never through a symlink), never
/// run.
std::string extensionModuleOf(const std::string &MainFile);

/// The root of the git work tree containing \p Path, or "".
std::string gitWorkTreeOf(const std::string &Path);

/// The root of the project \p Path belongs to, as torch-lint finds it
/// (--project-root, the git work tree, a setup.py/pyproject.toml directory,
/// a CMake top; setProjectRootFinder), or "" when nothing marks one. Until
/// a finder is set (the clang-tidy plugin): gitWorkTreeOf.
std::string projectRootOfFile(const std::string &Path);
void setProjectRootFinder(std::function<std::string(const std::string &)> Finder);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
