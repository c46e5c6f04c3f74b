//===--- Ranks.h - The number of dimensions a tensor is proven to have -*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_RANKS_H
#define TORCHLINT_CHECKS_MODEL_RANKS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>

namespace torchlint::model {

/// The rank (number of dimensions) the code proves the tensor variable \p V
/// has wherever its function uses it, or nothing:
/// - a check of it: `TORCH_CHECK(v.dim() == 2, ...)` (`ndimension()` too),
///   also inside `&&`;
/// - its initialiser: `x.view({-1, 4})`, `x.reshape({n, 4})`,
///   `at::empty({n})` / `zeros` / `ones` / `full` / `rand(n)`... with a
///   braced list of sizes.
/// A test in an `if` proves nothing for the other arm and is not counted.
std::optional<unsigned> provenRank(const clang::VarDecl *V, clang::ASTContext &Ctx);

/// The fewest dimensions the tensor variable \p V can have at \p Use:
/// provenRank, or, for a variable assigned again (`v = v.view({a, b, c})`),
/// the smallest rank among its initialiser and every assignment, each read
/// as provenRank reads an initialiser (through in-place methods:
/// `v = v.view({...}).zero_()`). A parameter's incoming value counts only
/// until an assignment at the top of the function body, before the
/// statement of \p Use, replaces it. Nothing when one value's rank is unknown.
std::optional<unsigned> smallestRankAt(const clang::VarDecl *V, const clang::Stmt *Use,
                                       clang::ASTContext &Ctx);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_RANKS_H
