//===--- NoZ3.cpp - The static torch-lint without Z3 ----------------------===//
//
// Debian's LLVM is built with Z3 (LLVM_WITH_Z3): libLLVMSupport.a's
// Z3Solver.cpp.o calls libz3.so, and clangStaticAnalyzerCore, which
// clang-tidy links, references that object for SMTSolver::dump(). torch-lint
// never runs the static analyzer's Z3 cross-check, so the self-contained
// executable defines that object's functions here and the linker takes these
// instead of it: no libz3 is linked. Only the static link uses this file.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SMTAPI.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {

SMTSolverRef CreateZ3Solver() {
  report_fatal_error("torch-lint is built without Z3 (the static analyzer's "
                     "Z3 cross-check is not available)");
}

void SMTSort::dump() const { print(errs()); }
void SMTExpr::dump() const { print(errs()); }
void SMTSolver::dump() const { print(errs()); }
void SMTSolverStatistics::dump() const { print(errs()); }

} // namespace llvm
