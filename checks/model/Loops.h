//===--- Loops.h - Loops, their induction variables and data flow -*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_LOOPS_H
#define TORCHLINT_CHECKS_MODEL_LOOPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace torchlint::model {

/// A loop enclosing some statement, with its integral induction variables.
struct EnclosingLoop {
  const clang::Stmt *Loop = nullptr; ///< ForStmt or CXXForRangeStmt.
  llvm::SmallVector<const clang::VarDecl *, 2> Vars;
};

/// Loops enclosing \p S inside its function, innermost first. Only `for` and
/// range-for loops with integral induction variables count: those are the
/// loops whose variable is an element index.
llvm::SmallVector<EnclosingLoop, 4> enclosingLoops(const clang::Stmt &S,
                                                   clang::ASTContext &Ctx);

/// The induction variables among \p Loops that \p E depends on: referenced
/// directly, or through a local declared inside the loop and initialised from
/// one (`int64_t k = i * w + j;`).
llvm::SmallPtrSet<const clang::VarDecl *, 4>
dependsOnLoopVars(const clang::Expr *E, llvm::ArrayRef<EnclosingLoop> Loops);

/// True if \p E reads a tensor's size (`x.size(0)`, `x.numel()`,
/// `x.sizes()[0]`), directly or through a local initialised from one (two
/// initialisations deep).
bool readsTensorSize(const clang::Stmt *E, int Depth = 0);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_LOOPS_H
