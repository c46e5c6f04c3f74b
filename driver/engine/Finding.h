//===--- Finding.h - What torch-lint reports --------------------*- C++ -*-===//

#ifndef TORCHLINT_DRIVER_FINDING_H
#define TORCHLINT_DRIVER_FINDING_H

#include "model/ProjectFacts.h"

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

struct Location {
  std::string File;
  unsigned Line = 0;   ///< 1-based.
  unsigned Column = 0; ///< 1-based, in bytes, as Clang counts.
  unsigned Offset = 0; ///< 0-based byte offset.
};

struct Note {
  Location Loc;
  std::string Message;
};

struct FixIt {
  Location Loc; ///< Where the replaced range starts.
  unsigned Length = 0;
  std::string Replacement;
};

struct Finding {
  std::string Check;
  std::string Level; ///< "level0" ...; empty for non-torchlint diagnostics.
  Location Loc;
  std::string Message;
  std::vector<Note> Notes;
  std::vector<FixIt> FixIts;
  std::string GraphBreak; ///< "GB0124", or empty.
  /// Reported as an error: its check is in WarningsAsErrors (the
  /// configuration's, --warnings-as-errors).
  bool AsError = false;
};

/// How the message of a file linted in part because of code Clang rejects
/// begins (then the first error, "file:line: message").
inline constexpr const char *RejectedInPart = "Clang rejects some of its code (";

/// A file that could not be analysed, or only in part.
struct FileError {
  std::string File;
  std::string Message;
  /// Analysed in part: a header was not found, and what it would have
  /// declared is missing (the checks never guess at it); or Clang's
  /// semantic analysis rejects some of the code (Message starts with
  /// RejectedInPart), which another compiler may accept. A warning that
  /// fails the run only with --fail-on-partial; every other error
  /// (unreadable, crashed, timed out, refused, not parsing) fails it.
  bool Partial = false;
  std::string Header; ///< The missing header's spelling, when Partial.
  std::string Hint;   ///< What would find it (MissingHeaders.h); may be empty.
};

struct LintResult {
  std::vector<Finding> Findings;
  std::vector<FileError> Errors;
  /// Per linted file, the SHA-256 of the bytes that were parsed (what the
  /// findings' offsets and fix-its refer to); --fix refuses a file whose
  /// bytes differ now.
  std::map<std::string, std::array<uint8_t, 32>> Parsed;
  /// Headers holding bindings or registrations (PYBIND11_MODULE,
  /// TORCH_LIBRARY...) that were not linted: vendored, or outside
  /// --header-filter. Said once per run.
  std::set<std::string> SkippedTorchHeaders;
  /// Per linted file: what it tells the rest of the project, and what its
  /// checks asked of the rest (ProjectModel.h).
  std::map<std::string, model::TUFacts> Facts;
  std::map<std::string, std::vector<model::ProjectQuery>> Queries;
  /// Per linted file: the files it read that are not system headers (itself,
  /// the project's headers), with the SHA-256 (hex) of the bytes parsed.
  std::map<std::string, std::map<std::string, std::string>> Inputs;
};

} // namespace torchlint

#endif // TORCHLINT_DRIVER_FINDING_H
