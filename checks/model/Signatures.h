//===--- Signatures.h - C++ signatures seen as operator schemas --*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_SIGNATURES_H
#define TORCHLINT_CHECKS_MODEL_SIGNATURES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <functional>
#include <string>
#include <vector>

namespace torchlint::model {

/// The schema type a C++ parameter or return type stands for, as the
/// dispatcher's schema inference would spell it: "Tensor", "Tensor?",
/// "Tensor[]", "int", "int[]", "float", "bool", "str", "Scalar", "SymInt",
/// "SymInt[]", "ScalarType", "Device", ... For a non-const `at::Tensor &`
/// it is "Tensor" with \p MutableRef set. Empty when the type has no schema
/// spelling; \p Instead then says what to use (e.g. "int64_t" for int).
struct SchemaTypeOf {
  std::string Spelling;
  bool MutableRef = false;
  std::string Instead;
};
SchemaTypeOf schemaTypeOf(clang::QualType Type);

/// The C++ type of the schema type an adapter takes for a parameter of
/// type \p T that has none but converts from one without loss on every
/// value pybind11 accepts: "int64_t" for int, unsigned, short (narrowed
/// back with a range check, as pybind11 refuses a Python int out of range),
/// "double" for float (narrowed as pybind11 narrows a Python float); by
/// value or const reference only. Empty for any other type.
std::string schemaAdaptable(clang::QualType T);

/// The schema return spelling of a C++ return type: "Tensor", "()" for void,
/// "(Tensor, Tensor)" for a tuple, "Tensor[]", "int"...; empty if none.
std::string schemaReturnOf(clang::QualType Type);

/// True if \p F (its definition) writes to the tensor parameter \p P: an
/// in-place method (`p.add_()`, `copy_`, `resize_`, `zero_`...) or in-place
/// free function (`at::zero_(p)`, the stable ABI's `torch::stable::fill_(p, v)`),
/// a write through its data_ptr/mutable_data_ptr/accessor, or passing it as
/// the `out` argument of an `*_out` function. \p How describes the first write found.
bool mutatesParam(const clang::FunctionDecl *F, const clang::ParmVarDecl *P,
                  std::string *How = nullptr,
                  const clang::Stmt **Where = nullptr);

/// True if \p F's definition only asks \p P about itself: every use of the
/// parameter is a read-only method call (`dim()`, `size(k)`, `stride(k)`,
/// `numel()`, `scalar_type()`, `device()`, `get_device_index()`,
/// `is_contiguous()`, `const_data_ptr()`...). A non-const `Tensor&` that is
/// only read so is not a write, whatever its C++ type says (GPTQModel's
/// stable-ABI kernels take every input as `torch::stable::Tensor&`).
/// Also a use as the argument of a function of the TU that only reads its
/// parameter so (two calls deep), or of one defined in another file of the
/// project where \p ReadElsewhere says it only reads that parameter.
bool onlyReadsParam(
    const clang::FunctionDecl *F, const clang::ParmVarDecl *P,
    const std::function<bool(const clang::FunctionDecl *, unsigned)> &ReadElsewhere = {},
    unsigned Depth = 0);

/// Whether a call in the TU (outside system headers) passes, for parameter
/// \p P, a local that holds nothing yet (`Tensor semaphores, scratchpad;
/// cfg.init_global_reduce(X, semaphores, scratchpad);`, rmsnorm_xpu's
/// Norm.h): the parameter is an output slot the function fills, not a
/// tensor the caller preallocated.
bool isOutputSlot(const clang::ParmVarDecl *P, clang::ASTContext &Ctx);

/// Where the writes to a tensor go to code the TU does not show.
struct UnseenWrite {
  const clang::Stmt *At = nullptr; ///< The call; null when none.
  std::string Callee;              ///< Its callee's name.
  /// When the callee is only declared in the TU (a launcher defined in a
  /// .cu file, a helper in another .cpp): its USR and the index of the
  /// parameter the data goes to, for the project facts of the file that
  /// defines it (FunctionFact::PointerWrites, FunctionFact::ReturnsView).
  std::string Usr;
  unsigned Index = 0;
  /// The callee returns a tensor made from the parameter, and that tensor
  /// is written (`auto dy = normalize_shape(dy_); dy.sub_(m);`): it writes
  /// the parameter where the callee returns it or a view of it. Else a
  /// writable pointer to its data is handed to the callee.
  bool View = false;
  /// "has its data handed to 'f' (file:line)" / "is written through the
  /// tensor 'f' (file:line) returns of it", \p Where being "file:line".
  std::string what(const std::string &Where) const;
};

/// mutatesParam, or \p F hands a writable pointer to \p P's data to a
/// function of the project that writes through it (`launch(o)` with
/// `float *o = out.data_ptr<float>()`, a launcher, the kernel it launches,
/// defined in the TU), or writes a view of P a function of the TU returns
/// (`auto v = rows(x); v.add_(1)` with `rows` returning `x.view(...)`):
/// what a schema inferred for \p F must declare, since an op that returns
/// nothing and declares no write may be dropped. Where the pointer (or the
/// tensor) goes to code the TU does not show (a library's iterator adaptor,
/// `thrust::make_reverse_iterator(x.data_ptr<float>())`; a function declared
/// only; a kernel's template parameter that is no pointer) and nothing
/// writes \p P: false, and \p Unseen says where: whether it is written
/// cannot be told.
bool mayWriteParam(const clang::FunctionDecl *F, const clang::ParmVarDecl *P,
                   UnseenWrite *Unseen = nullptr);

/// What a function returns of its tensor parameter \p Index: that tensor or
/// a view of it (`return x.view({x.size(0), -1});`: an in-place write to
/// the result writes the argument), what it cannot tell (it returns what a
/// function the TU does not define returns from it), or neither. Ordered:
/// Yes over Unknown over No.
enum class ReturnedView { No, Unknown, Yes };
ReturnedView returnsViewOf(const clang::FunctionDecl *F, unsigned Index);

/// Whether a non-const `Tensor&` parameter of \p F is evidence that F writes
/// it: only where F tells its inputs from its outputs, taking some tensor by
/// const reference or by value, and where its schema (\p SchemaMarksWrites:
/// one it is registered under marks some argument written) does not say
/// which it writes instead. RWKV's wkv kernels take every tensor as
/// `Tensor&` and hand their data to a launcher another file defines; their
/// schemas mark y, s and sa written (first look, round 46). Both the
/// schemas a check infers and those it checks ask this.
bool mutableRefsTellWrites(const clang::FunctionDecl *F, bool SchemaMarksWrites);

/// mayWriteParam, or a writable pointer to \p P's data is stored in a
/// struct's field (`params.out_ptr = out.data_ptr()`) in \p F or a function
/// it hands \p P to: the kernel the struct is for may write it. Only for a
/// parameter whose type says it is written (a non-const reference), since
/// inputs go into such structs the same way. \p How says where.
bool dataMayEscape(const clang::FunctionDecl *F, const clang::ParmVarDecl *P,
                   std::string *How = nullptr);

/// mutatesParam's question for any tensor variable \p V (a local too) in
/// \p Body, where a writable pointer to its data counts when it is handed
/// to a function of the TU that writes through it (a launcher, the kernel
/// it launches).
bool writesVariable(const clang::Stmt *Body, const clang::VarDecl *V, std::string *How = nullptr,
                    const clang::Stmt **Where = nullptr);

/// The project function \p Callee (its definition in the TU) writes through
/// its pointer-to-non-const parameter \p Index, or hands it to a function
/// there that does (a launcher and its kernel). \p Unseen, when it does not:
/// set where that cannot be told (the pointer goes to code the TU does not
/// show).
bool writesThroughParam(const clang::FunctionDecl *Callee, unsigned Index,
                        bool *Unseen = nullptr);

/// The name a schema and a Python fake kernel give the parameter \p P: its
/// C++ name ("arg<i>" when it has none), with '_' appended where the schema
/// parser or Python reserves it (`in`, `is`, `from`, `lambda`, `None`...:
/// torch._C.parse_schema rejects "f(Tensor in) -> ()" on torch 2.x).
std::string schemaNameOf(const clang::ParmVarDecl *P);
/// \p Name as a schema argument's name (a reserved word gets a '_').
std::string schemaNameOf(const std::string &Name);

/// Why \p P cannot be a parameter of a kernel registered with `m.impl`, as a
/// note's text; empty when it can. A type with no schema spelling, or a
/// non-const reference to anything but a tensor: the dispatcher hands a
/// kernel a temporary for every argument but a `Tensor&`, so `m.impl` of
/// such a function does not compile (make_boxed_from_unboxed_functor.h;
/// `c10::optional<Tensor>&`, `std::vector<Tensor>&` on torch 2.x).
std::string kernelParamProblem(const clang::ParmVarDecl *P, const clang::PrintingPolicy &Policy);

/// True if \p F takes or returns a tensor (or a list/optional of them).
bool takesOrReturnsTensors(const clang::FunctionDecl *F);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_SIGNATURES_H
