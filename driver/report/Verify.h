//===--- Verify.h - Checking findings against testdata annotations -*- C++ -*-===//
//
// One annotation grammar, shared by `torch-lint --verify` and the tests:
//   code();  // expect: torch-perf-element-loop
//   code();  // expect: torch-perf-redundant-copy: substring of the message
// A line without an annotation must not be flagged. Several annotations may
// share a line. A golden `<name>.fixed.<ext>` next to the source holds the
// file as it must read after every fix-it is applied.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_VERIFY_H
#define TORCHLINT_DRIVER_VERIFY_H

#include "engine/Finding.h"

#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace torchlint {

struct Expectation {
  unsigned Line = 0;
  std::string Check;
  std::string MessageSubstring; ///< May be empty.
};

std::vector<Expectation> parseExpectations(const std::string &Content);

/// The golden fixed file for \p Source ("a/x.cpp" -> "a/x.fixed.cpp").
std::string goldenPathFor(const std::string &Source);

/// Compares \p Findings (all findings of a run) with the annotations of
/// \p File and, when a golden file exists, the fixed content with it. Prints
/// a readable report of every difference; returns true when there is none.
bool verifyFile(const std::string &File, const std::vector<Finding> &Findings,
                llvm::raw_ostream &OS);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_VERIFY_H
