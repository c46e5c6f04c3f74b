//===--- PythonFakes.h - Fake kernels registered from Python -----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
#define TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H

#include <set>
#include <string>
#include <vector>

namespace torchlint::model {

/// Operators given a fake (abstract, Meta) kernel in the Python files under
/// \p Roots: `torch.library.register_fake("ns::op")` (also as a decorator),
/// `impl_abstract("ns::op")`, `torch.library.impl("ns::op", "Meta")`,
/// `lib.impl("op", fn, "Meta")`. Names are "ns::op" (overload dropped), or
/// "*::op" when the namespace lives in a Library object. Scans are cached.
const std::set<std::string> &pythonFakeKernels(const std::vector<std::string> &Roots);

/// Finds fake registrations in one Python source.
void scanPythonSource(const std::string &Source, std::set<std::string> &Out);

/// The root of the git work tree containing \p Path, or "".
std::string gitWorkTreeOf(const std::string &Path);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
