//===--- PythonCallers.h - The Python calls of a binding, to migrate -*- C++ -*-===//
//
// When opaque-binding's fix registers pybind11 bindings as custom operators,
// the project's Python still calls the pybind11 functions: nothing changes for
// torch.compile until each call goes through torch.ops. This finds those
// calls, as the rewrite edits them (`_C.rgb_to_gray(x)` ->
// `torch.ops.image_ops.rgb_to_gray(x)`), and says why one it cannot rewrite
// safely is left alone.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_PYTHONCALLERS_H
#define TORCHLINT_CHECKS_MODEL_PYTHONCALLERS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace torchlint::model {

/// A binding the fix registers as the operator of the same name: its name
/// and the names of its schema's arguments, in order.
struct MigratedBinding {
  std::string Name;
  std::vector<std::string> Args;
  /// Whether each argument has a default (from the binding's py::arg).
  std::vector<bool> HasDefault = {};
};

/// One use of a migrated binding in a Python file.
struct BindingCall {
  std::string Binding;
  /// The callee as written, which the rewrite replaces: `_C.rgb_to_gray`,
  /// `image_ops._C.rgb_to_gray`, or a name imported from the module
  /// (`from ._C import rgb_to_gray as gray`: `gray`).
  size_t Offset = 0, Length = 0;
  unsigned Line = 0; ///< 1-based.
  /// Empty: a call torch.ops takes as it is. Else why it is left alone (a
  /// use that is no call, keywords or an argument count the schema does not
  /// have, a star argument, a file that does not import torch).
  std::string Problem;
  /// In a file that does not bind `torch` (and names nothing else so):
  /// where the rewrite inserts `import torch` (the start of the file's first
  /// top-level import). npos in a file that binds it.
  size_t TorchImportAt = std::string::npos;
};

/// The uses of \p Bindings, bindings of the extension module whose name
/// ends in \p Module (`_C` for `image_ops._C`), in the Python source
/// \p Source: attributes of a name the file binds to that module (`from .
/// import _C`, `import image_ops._C as C`, `import image_ops._C`), and the
/// names it imports from it (`from ._C import rgb_to_gray`). A name the file
/// also assigns or defines is not followed. Imports are not uses; the
/// import of the module stays, and loading it registers the operators.
std::vector<BindingCall> bindingCallsIn(llvm::StringRef Source, llvm::StringRef Module,
                                        const std::vector<MigratedBinding> &Bindings);

/// Where module-level code that calls the operators of the extension module
/// whose name ends in \p Module can go in the Python source \p Source: the
/// end of the first top-level statement that imports the module (loading it
/// registers the operators: torch.library.register_fake refuses an operator
/// that does not exist yet), or of the top-level imports right after it. Offset is npos when no top-level statement
/// imports it (an import inside a function, a try or an if); TorchBound
/// says whether a top-level `import torch` comes before that point.
struct ModuleCodeSpot {
  size_t Offset = std::string::npos;
  bool TorchBound = false;
};
ModuleCodeSpot afterModuleImport(llvm::StringRef Source, llvm::StringRef Module);

/// Whether \p Source binds \p Name anywhere (an assignment, a def, a
/// class, an import, a parameter): a name new code must not take.
bool namesAnything(llvm::StringRef Source, llvm::StringRef Name);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PYTHONCALLERS_H
