//===--- TensorMethods.h - torch.Tensor's method names ----------*- C++ -*-===//
//
// The Python scan reads `x.flatten(2)` as a use of whatever is named
// `flatten`; when x is a value, not a module, it is torch.Tensor's method,
// not a binding of the same name (DeepSpeed's `flatten`).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_TENSORMETHODS_H
#define TORCHLINT_CHECKS_MODEL_TENSORMETHODS_H

#include "llvm/ADT/StringRef.h"

namespace torchlint::model {

/// Whether torch.Tensor has a public attribute \p Name (a method or a
/// property: `flatten`, `view`, `shape`).
bool isTensorMethodName(llvm::StringRef Name);

} // namespace torchlint::model

#endif
