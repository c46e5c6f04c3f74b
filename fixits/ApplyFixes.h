//===--- ApplyFixes.h - Applying fix-its without losing a byte --*- C++ -*-===//

#ifndef TORCHLINT_FIXITS_APPLYFIXES_H
#define TORCHLINT_FIXITS_APPLYFIXES_H

#include <string>
#include <string_view>
#include <vector>

namespace torchlint::fixits {

struct Edit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  std::string Origin; ///< The check that proposed it, for reports.
};

struct Applied {
  std::string Content;
  unsigned AppliedCount = 0;
  /// Human-readable descriptions of edits that were dropped because they
  /// overlap an earlier one or fall outside the file.
  std::vector<std::string> Dropped;
};

/// Applies \p Edits to \p Content. Identical duplicate edits are applied once;
/// an edit that overlaps one already accepted (in offset order) is dropped and
/// reported; the content outside the edits is kept byte for byte.
Applied applyEdits(std::string_view Content, std::vector<Edit> Edits);

/// Replaces \p Path with \p Content atomically: a temporary file in the same
/// directory, the original's permission bits, then rename. On any failure the
/// original is untouched and \p Error says why.
bool writeFileAtomically(const std::string &Path, std::string_view Content,
                         std::string &Error);

} // namespace torchlint::fixits

#endif // TORCHLINT_FIXITS_APPLYFIXES_H
