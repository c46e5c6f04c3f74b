//===--- Catalog.h - The single list of torchlint checks --------*- C++ -*-===//
//
// Every check is described once, here. Registration with clang-tidy, the
// `--list-checks` output, the default check set, the docs index and the SARIF
// rules are all derived from this table.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_CATALOG_H
#define TORCHLINT_CHECKS_CATALOG_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>

namespace clang::tidy {
class ClangTidyCheck;
class ClangTidyContext;
} // namespace clang::tidy

namespace torchlint {

/// How much a finding can be trusted, as clazy has it.
///   0: almost never wrong, on by default;
///   1: likely, on by default;
///   2: advisory, opt-in.
enum class CheckLevel { Level0 = 0, Level1 = 1, Level2 = 2 };

/// What kind of fix-it the check offers.
enum class FixItKind { None, Some, Always };

using CheckFactory = std::unique_ptr<clang::tidy::ClangTidyCheck> (*)(
    llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

struct CheckInfo {
  llvm::StringRef Name;
  llvm::StringRef Family;
  CheckLevel Level;
  llvm::StringRef Summary;
  llvm::StringRef GraphBreak; ///< Primary Dynamo graph-break id, or empty.
  FixItKind FixIt;
  CheckFactory Create;
};

/// All checks, sorted by name.
llvm::ArrayRef<CheckInfo> catalog();

/// The catalog entry for \p Name, or null.
const CheckInfo *findCheck(llvm::StringRef Name);

/// The clang-tidy glob enabling the default set (every level 0 and level 1
/// check), e.g. "-*,torch-perf-element-loop,...".
std::string defaultChecksGlob();

llvm::StringRef levelName(CheckLevel Level);
llvm::StringRef fixItKindName(FixItKind Kind);

/// Anchor that forces the clang-tidy module registration into static links.
extern volatile int TorchLintModuleAnchorSource;

} // namespace torchlint

#endif // TORCHLINT_CHECKS_CATALOG_H
