//===--- FakeKernel.h - The Python fake kernel a C++ kernel implies -*- C++ -*-===//
//
// A fake kernel (torch.library.register_fake) returns empty tensors of the
// outputs' shapes, dtypes and devices. Where a kernel's body allocates its
// outputs with torch factories whose sizes it computes from its inputs, the
// fake is that allocation in Python.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_FAKEKERNEL_H
#define TORCHLINT_CHECKS_MODEL_FAKEKERNEL_H

#include "clang/AST/Decl.h"

#include <string>

namespace torchlint::model {

/// The Python expression a fake kernel of \p F returns, written from the
/// allocations \p F's definition returns (every return alike):
/// `at::empty({x.size(0), 3}, x.options().dtype(at::kLong))` gives
/// `x.new_empty((x.shape[0], 3), dtype=torch.int64)`, `at::zeros_like(x)`
/// gives `torch.empty_like(x)`, a tuple gives a tuple; a size computed from
/// tensor data (`.item()`) gives
/// `torch.library.get_ctx().new_dynamic_size()`. Empty when the body is not
/// in this TU or an output is anything else.
std::string fakeReturnOf(const clang::FunctionDecl *F);

/// The same outputs as a C++ Meta kernel: a lambda of \p F's parameters
/// (named as the schema names them) returning them with symbolic sizes,
/// `[](const at::Tensor & x) { return at::empty_symint({x.sym_size(0)},
/// x.options()); }`, which runs on meta and fake tensors, static or dynamic
/// shapes. Empty where fakeReturnOf is, where a size depends on data (no
/// C++ form of a dynamic size here), or where an output takes the options
/// of no tensor.
std::string metaKernelOf(const clang::FunctionDecl *F);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_FAKEKERNEL_H
