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

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
