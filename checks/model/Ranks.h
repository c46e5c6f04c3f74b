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

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_RANKS_H
