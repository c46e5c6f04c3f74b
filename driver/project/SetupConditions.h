//===--- SetupConditions.h - Which lines of a setup.py the default build runs -*- C++ -*-===//
//
// setup.py files define macros under conditions: `if not CPU_ONLY:
// define_macros += [("USE_CUDA", None)]`, `if debug: CC_FLAGS += ["-DDEBUG"]`.
// Read as text, never run, the conditions on module constants are evaluated
// as the default build (`pip install .`) would: no command-line options
// (`_argparse("--debug", argv)`, `"--cpu_only" in sys.argv`: false), no
// environment variables (`os.environ.get("X")`: None, or its default), Linux,
// and a CUDA build (`torch.cuda.is_available()`, `CUDA_HOME`), since
// torch-lint lints CUDA code. A condition on anything else (a version
// comparison, a function's result) is undecided, and the lines under it are
// said to be so, with the condition.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_SETUPCONDITIONS_H
#define TORCHLINT_DRIVER_SETUPCONDITIONS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace torchlint {

enum class Runs { No, Yes, Undecided };

/// Per line of a setup.py (0-based): whether the default build runs it.
struct SetupLines {
  std::vector<Runs> Line;
  /// For an undecided line: the innermost condition not decided,
  /// "setup.py line N: if <condition>" (1-based N); else empty.
  std::vector<std::string> Why;
  Runs at(size_t I) const { return I < Line.size() ? Line[I] : Runs::Yes; }
};

SetupLines evaluateSetupPy(llvm::StringRef Text);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_SETUPCONDITIONS_H
