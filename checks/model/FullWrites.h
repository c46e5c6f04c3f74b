//===--- FullWrites.h - Statements that write every element of a tensor -*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_FULLWRITES_H
#define TORCHLINT_CHECKS_MODEL_FULLWRITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint::model {

/// What a tensor variable was allocated with, as far as a loop bound can be
/// compared with it: the source text of each size of a braced size list
/// (`zeros({n, m})`: "n", "m"), or the tensor a `*_like` factory copies its
/// sizes from (`zeros_like(x)`: "x").
struct AllocatedSizes {
  std::vector<std::string> Dims;
  std::string LikeOf;
  /// Per size, the text of the initialiser of the local it names
  /// (`int N = coords.size(0); zeros({N})`: "coords.size(0)"), else empty.
  std::vector<std::string> DimInits;
};

/// The sizes \p Factory (a torch factory call) allocates, where they can be read.
AllocatedSizes allocatedSizes(const clang::CallExpr *Factory, const clang::ASTContext &Ctx);

/// A statement that writes every element of a tensor and reads none.
struct FullWrite {
  std::string By;                      ///< "'copy_()'", "'mm_out()'", "'helper()'", "a loop ...".
  const clang::Stmt *Where = nullptr;  ///< The writing statement (the call, the loop).
  const clang::Stmt *Inner = nullptr;  ///< For a helper: the write in its body.
  /// Not overwritten but never read: the temporary storage of a CUB
  /// algorithm (\c By names it), scratch that CUB writes before it reads.
  bool Scratch = false;
};

/// The first statement of \p Stmts that mentions the tensor variable \p V,
/// when it writes every element of \p V and reads none before the write:
/// - a full-overwrite method on V (`v.copy_(x)`, `fill_`, `zero_`...);
/// - an ATen out= function with V as an out argument (`at::mm_out(v, a, b)`);
/// - a function of the TU that does one of these to the parameter V is
///   handed to (non-const `Tensor&` or by value), first and unconditionally,
///   with no return before it (two calls deep at most);
/// - after an accessor or data pointer of V is declared (`auto a =
///   v.accessor<float, 2>()`, `float *p = v.data_ptr<float>()`), a loop nest
///   from 0 over every size in \p Sizes (or `v.size(k)`, `v.numel()`) whose
///   body writes `a[i][j] = ...` with one loop variable per dimension, no
///   condition, no jump out, and a value that does not read V.
/// - a call that hands V's data pointer (`v.data_ptr<T>()`, or a pointer
///   declared from it) to a function or CUDA kernel of the TU that writes
///   `p[i]` for every `i` below one of its parameters, passed V's size
///   (`v.numel()`, the one size of `zeros({n})`): a counted loop (under
///   `#pragma omp parallel for` too), a grid-stride loop, or one thread per
///   element (`if (i < n)`, `if (i >= n) return;`) on a grid computed from
///   that size; through launchers of the TU (two calls deep at most), or
///   one another file of the project defines (wholeParamWrite there);
/// - a loop nest whose index covers the buffer (nestWritesAll);
/// - an AT_DISPATCH lambda whose first use of V is one of these;
/// - an `if` whose arms each do one of these or raise without touching V
///   (`if (x.is_cuda()) launch(...); else AT_ERROR("CPU not supported");`);
/// - V's data pointer kept in a pointer that only ever goes to CUB as its
///   temporary storage (`cub::DeviceScan::InclusiveSum(p, bytes, ...)`):
///   \c Scratch, never read before CUB writes it.
/// No other argument of the call may mention V (`addmm_out(v, v, a, b)` reads it).
std::optional<FullWrite> firstUseWritesAll(llvm::ArrayRef<const clang::Stmt *> Stmts,
                                           const clang::VarDecl *V, const AllocatedSizes &Sizes,
                                           clang::ASTContext &Ctx, unsigned Depth = 0);

/// How the function \p F writes all of its pointer parameter \p Index before
/// reading it (a helper, or a launcher and the kernel it launches, as
/// firstUseWritesAll follows a call there): `p[k]` for every k below the
/// product of its parameters \c Bounds (by index) and \c Constant. What
/// another file that only declares F needs to know (FunctionFact::WholeWrites).
struct WholeParamWrite {
  std::vector<unsigned> Bounds;
  int64_t Constant = 1;
};
std::optional<WholeParamWrite> wholeParamWrite(const clang::FunctionDecl *F, unsigned Index,
                                               const clang::ASTContext &Ctx);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_FULLWRITES_H
