//===--- IndexCoverage.h - Loop nests that write every element -*- C++ -*-===//
//
// Whether a function's loop nest writes every element of a buffer it is
// handed, proved from the index it writes at: the loop variables (and
// blockIdx.x) are the digits of a mixed-radix number, and the nest covers
// [0, N) when the index puts each digit, whole, at the place the digits below
// it make room for (`(l * npoints + j) * nsample + k` with l = i / npoints and
// j = i % npoints is i * nsample + k). PointNet++'s kernels are written so: one
// block per batch element, the block's threads striding over the rest.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_INDEXCOVERAGE_H
#define TORCHLINT_CHECKS_MODEL_INDEXCOVERAGE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace torchlint::model {

/// How many elements a nest writes: the product of some of the function's
/// parameters (by index, each once per factor), an integer, and gridDim.x
/// where \c GridX (the caller's launch says how many blocks).
struct Extent {
  llvm::SmallVector<unsigned, 4> Params;
  int64_t Constant = 1;
  bool GridX = false;
};

struct NestWrite {
  Extent Count;
  const clang::Stmt *Write = nullptr; ///< One of the assignments.
};

/// The function \p Def writes `P[k]` for every k in [0, Count) before it
/// reads P, where P is its parameter \p P (a pointer), in this form:
/// - its body's statements that mention P are at most one `P += e` (e a
///   multiple of blockIdx.x: one block per batch element), then one loop
///   nest, the last of them; no statement before the nest can return;
/// - each loop of the nest is counted (`for (i = 0; i < B; ++i)`) or strides
///   over threads or blocks (`for (i = threadIdx.x; i < B; i += blockDim.x)`,
///   `blockIdx.y`/`gridDim.y`, `threadIdx.y * blockDim.x + threadIdx.x` by
///   `blockDim.y * blockDim.x`, a grid-stride loop), no two on the same
///   thread or block index; B a product of unchanged parameters and
///   integers; no jump in a loop, nothing changing its variable;
/// - the innermost body writes `P[index] = value` unconditionally, value not
///   reading P, once, or K times at `index + 0` ... `index + K - 1`;
/// - the index (with the offset) is a mixed-radix number whose digits are
///   every loop variable, whole (through `/`, `%` and unchanged locals).
std::optional<NestWrite> nestWritesAll(const clang::FunctionDecl *Def,
                                       const clang::ParmVarDecl *P,
                                       const clang::ASTContext &Ctx);

/// "threadIdx.x" for CUDA's `threadIdx.x` (a property of a builtin
/// variable, or a member of a struct where a header declares it so).
std::string builtinVar(const clang::Expr *E);

/// \p S holds a return, goto, break, continue or co_return (outside lambdas).
bool containsJump(const clang::Stmt *S);

/// \p S changes \p I (`i++`, `i = ...`, `i += ...`).
bool changes(const clang::Stmt *S, const clang::VarDecl *I);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_INDEXCOVERAGE_H
