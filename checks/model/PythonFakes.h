//===--- PythonFakes.h - Fake kernels registered from Python -----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
#define TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H

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
};

/// The scan of the Python files under \p Roots (cached).
const PythonOps &pythonOps(const std::vector<std::string> &Roots);

/// Scans one Python source; \p File is recorded in Called.
void scanPythonSource(const std::string &Source, PythonOps &Out,
                      const std::string &File = "");

/// The root of the git work tree containing \p Path, or "".
std::string gitWorkTreeOf(const std::string &Path);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
