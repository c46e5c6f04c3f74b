//===--- PythonFixIts.h - Fix-its the compile checks write into Python -*- C++ -*-===//
//
// The compile checks' fixes that edit a project's .py files: where a file's
// bytes (as the Python scan read them) start in the SourceManager, so that
// fix-its and notes can name them, and the register_fake text a fix inserts
// after the file's import of the extension module. `--fix` applies them under
// the rules of every Python edit (only while the file holds the bytes read).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_COMPILE_PYTHONFIXITS_H
#define TORCHLINT_CHECKS_COMPILE_PYTHONFIXITS_H

#include "../model/PythonCallers.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace torchlint::checks {

/// The start of the file \p Path, whose bytes \p Content were read by the
/// Python scan, in \p SM: a place fix-its and notes in it can name.
clang::SourceLocation startOfPythonFile(clang::SourceManager &SM, llvm::StringRef Path,
                                        llvm::StringRef Content);

/// A fake kernel in Python a fix writes: the operator ("ns::op" or
/// "ns::op.overload"), the name its function is given unless \p Content
/// binds it ("_op_fake"), its parameters ("x, k") and return expression.
struct PythonFake {
  std::string Op, Function, Args, Returns;
};

/// What a fix inserts at \p Spot of \p Content (afterModuleImport): `import
/// torch` when \p ImportTorch, then each of \p Fakes as a
/// `@torch.library.register_fake`, and the blank lines PEP 8 puts before
/// the code that follows.
std::string registerFakesText(llvm::StringRef Content, const model::ModuleCodeSpot &Spot,
                              const std::vector<const PythonFake *> &Fakes, bool ImportTorch);

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_PYTHONFIXITS_H
