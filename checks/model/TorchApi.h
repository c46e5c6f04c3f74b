//===--- TorchApi.h - What torchlint knows about the torch C++ API -*- C++ -*-===//
//
// Recognisers for at::Tensor and friends, and the families of tensor methods
// and functions. Checks ask this layer; no check hard-codes what another
// already knows.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_TORCHAPI_H
#define TORCHLINT_CHECKS_MODEL_TORCHAPI_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringRef.h"

namespace torchlint::model {

/// True for at::Tensor, at::TensorBase (and torch::Tensor, which is the same
/// class) and the stable ABI's torch::stable::Tensor, through typedefs,
/// references and cv-qualifiers.
bool isTensorType(clang::QualType Type);

/// True for torch::stable::Tensor (PyTorch 2.9+ stable ABI): a tensor whose
/// methods are only the TensorBase metadata/data-pointer subset and whose
/// operations are free functions in torch::stable (<torch/csrc/stable/ops.h>).
/// Checks use it to word advice and fixes in the API the code can call.
bool isStableTensorType(clang::QualType Type);

/// True if \p D is declared in namespace torch::stable (or one nested in it).
bool isStableDecl(const clang::Decl *D);

/// True if the TU declares a function torch::stable::\p Name (so a fix may
/// call it).
bool stableFunctionDeclared(clang::ASTContext &Ctx, llvm::StringRef Name);

/// isTensorType, or c10::optional / std::optional / c10::MaybeOwned of one.
bool isTensorLikeType(clang::QualType Type);
/// A TensorAccessor, PackedTensorAccessor32/64 or GenericPackedTensorAccessor
/// (by value or reference): a view of a tensor's data a kernel indexes.
bool isAccessorType(clang::QualType T);

/// True for the element type of a tensor value: arithmetic types, c10::Scalar,
/// c10::Half/BFloat16/complex.
bool isScalarValueType(clang::QualType Type);

/// True for c10::ScalarType (at::ScalarType, torch::Dtype): the type of
/// `at::kFloat`, the argument `x.to(at::kFloat)` converts a dtype by.
bool isScalarTypeEnum(clang::QualType Type);

/// Whether every value of ScalarType \p Held is also a value of \p Holder
/// (named as written: `at::kFloat`, `torch::kFloat32`, `c10::ScalarType::Half`):
/// Float holds Half, BFloat16, the Float8 types and integers up to 16 bits;
/// Half does not hold Float. False for a name it does not know. A conversion
/// through a type that does not hold the final one rounds on purpose
/// (`.to(kFloat8_e4m3fn).to(kFloat)` emulates fp8 quantization).
bool dtypeHoldsEveryValueOf(llvm::StringRef Holder, llvm::StringRef Held);

/// True if \p Decl is a function or method declared in namespace at, torch,
/// c10 (including nested namespaces such as at::native or torch::autograd).
bool isTorchDecl(const clang::Decl *Decl);

/// True if \p Decl is declared in namespace pybind11 (py::).
bool isPybindDecl(const clang::Decl *Decl);

/// True if \p Body releases the GIL itself (a py::gil_scoped_release) or
/// talks to Python (calls into pybind11): holding the GIL for it is not a
/// finding of torch-binding-gil.
bool releasesGilOrCallsPython(const clang::Stmt *Body);

/// Whether \p F, or a function of the TU it calls (\p Depth levels down),
/// writes variables with static storage: a function-local
/// `static std::map<...> workspaces` filled on demand, a global vector of
/// streams resized. Threads holding the GIL take turns at that state;
/// released, they race (torch-ngp's ffmlp_backward). Reads are not writes:
/// a registry filled at start-up and looked up per call is shared safely.
bool usesSharedStaticState(const clang::FunctionDecl *F, unsigned Depth = 6);

/// What a function's own body (its lambdas included, callees not) does that
/// keeps the calling thread busy beyond checking, allocating and launching:
/// a host loop over tensor data (a subscript of a data pointer, a pointer
/// parameter or an accessor; per-element tensor indexing), a host loop that
/// launches a kernel or runs tensor ops per iteration, at::parallel_for or an
/// OpenMP region, or a call that waits for the device (item, nonzero, cpu(),
/// cudaDeviceSynchronize, a synchronous cudaMemcpy). Device code
/// (__global__, __device__) has none. torch-binding-gil grades by it.
struct HostWork {
  const clang::Stmt *At = nullptr; ///< Null when the body shows none.
  std::string What; ///< "a CPU loop over tensor data", "'item' (a wait for the device)"
};
HostWork hostWork(const clang::FunctionDecl *F);

/// True for a torch call that reads tensor data on the host, or whose output
/// size depends on it: item, data_ptr, accessor, packed_accessor32/64,
/// nonzero, masked_select, unique (what a fake tensor cannot give).
bool isDataReadCall(const clang::FunctionDecl *Callee);

/// True for the name of a call that reads raw tensor memory (data_ptr,
/// const_data_ptr, mutable_data_ptr, accessor, packed_accessor32/64): code
/// that works on memory (a loop kernel, a launcher), which tensor ops do not
/// replace and a fake tensor fails ("data is not allocated").
bool isRawDataRead(llvm::StringRef CallName);
/// isRawDataRead of a torch function, or `data<T>()`, data_ptr's deprecated
/// spelling (a pointer, unlike the `data()` that returns a Tensor).
bool readsRawMemory(const clang::FunctionDecl *F);

/// The first isDataReadCall in \p F's definition or the project functions it
/// calls in the TU (three calls deep); null when none. A fake tensor has no
/// data, so such a kernel cannot run on one.
const clang::CallExpr *firstDataRead(const clang::FunctionDecl *F, unsigned Depth = 0);

/// What a function's own body (lambdas in it included, callees not) shows
/// about the backend it runs on.
struct BackendEvidence {
  /// Defined in a .cu/.cuh file, launches a kernel (<<<...>>>), or calls the
  /// CUDA runtime or torch's CUDA helpers (at::cuda::, c10::cuda::).
  bool Cuda = false;
  /// Reads tensor memory (isRawDataRead): host code on the data.
  bool Cpu = false;
  /// Makes a tensor from host memory (at::tensor(values), from_blob): any
  /// device in eager mode, but not a fake tensor.
  bool HostData = false;
  /// Its own `if`/`?:` (not a TORCH_CHECK) tests which device a tensor is on.
  bool DeviceBranch = false;
  /// Runs a tensor op: calls a torch function or method that returns
  /// tensors (not a copy of a Tensor handle, not metadata such as sizes()).
  bool Ops = false;
  /// The words "cuda", "cpu" (only without Cuda), "host", "branch", "ops" of
  /// what holds, space-separated (FunctionFact::Backend).
  std::string str() const;
};
BackendEvidence backendEvidence(const clang::FunctionDecl *F);

/// True if \p E (after ignoreWrappers) is a tensor that is contiguous by
/// construction: a `.contiguous()` result (the stable ABI's
/// `torch::stable::contiguous(x)` too), or a torch factory that allocates
/// with the default (contiguous) memory format from sizes: at::empty, zeros,
/// ones, full, rand, arange... (not the *_like ones, which keep the strides
/// of their input, and not a call that names a memory format).
bool isContiguousByConstruction(const clang::Expr *E);

/// True if \p F tests \p P with is_contiguous() or reassigns it
/// (`x = x.contiguous()`): what makes a linear data_ptr walk of it safe.
bool hasContiguityEvidence(const clang::FunctionDecl *F, const clang::ParmVarDecl *P);

/// True if the argument \p E is known contiguous where it is passed:
/// isContiguousByConstruction, a local initialised so (`auto xc =
/// x.contiguous()`), or a parameter with hasContiguityEvidence in its function.
bool isContiguousArgument(const clang::Expr *E);

/// For a call of `torch::autograd::Function<X>::apply`, the static forward
/// and backward of X, which the call runs (forward now, backward in the
/// backward pass; AOTAutograd traces both); else empty.
std::vector<const clang::FunctionDecl *>
autogradFunctionMethods(const clang::FunctionDecl *Callee);

/// True if \p Function is a tensor method (member of at::Tensor/TensorBase or
/// torch::stable::Tensor) named \p Name.
bool isTensorMethod(const clang::FunctionDecl *Function, llvm::StringRef Name);

/// Strips parentheses, implicit casts, temporaries and implicit constructor
/// wrappers (the nodes Clang adds around a tensor value).
const clang::Expr *ignoreWrappers(const clang::Expr *E);

/// The families of tensor operations the checks reason about.
namespace ops {
/// Per-element (or per-slice) access: t[i], t.index(...), select, narrow,
/// index_put_.
bool isElementAccessMethod(llvm::StringRef Name);
/// Reads the tensor's data on the host: item, data_ptr, ...
bool isDataAccessMethod(llvm::StringRef Name);
/// Tensor factories (torch::/at:: free functions).
bool isFactory(llvm::StringRef Name);
/// Functions that draw random values (rand, randn, randint, randperm and
/// their _like forms, normal, bernoulli, multinomial, poisson): new values
/// on every call, never the same tensor twice.
bool isRandomFactory(llvm::StringRef Name);
/// The dtype and device a factory makes without options (float32 on the
/// CPU), as code names them: kFloat, kFloat32, Float, kCPU, CPU.
bool isFactoryDefault(llvm::StringRef Name);
/// Methods that write every element of self, reading none: copy_, fill_,
/// zero_, normal_, uniform_, ...
bool isFullOverwriteMethod(llvm::StringRef Name);
/// Operations whose result is always a freshly allocated tensor that shares
/// storage with no input (so cloning it copies for nothing). Views and ops
/// that may return self (contiguous, to, reshape, ...) are not in this set.
bool isFreshResultOp(llvm::StringRef Name);
/// In-place method: ends in a single '_' (add_, copy_), not a dunder.
bool isInPlaceName(llvm::StringRef Name);
/// Methods whose result may share self's storage, so that an in-place write
/// to it may write self: the views (view, select, narrow, slice, transpose,
/// permute, expand, squeeze, unsqueeze, as_strided, diagonal, unfold, detach,
/// alias, real, imag, ...) and those that return a view where they can
/// (reshape, reshape_as, flatten, unflatten). Not contiguous() or to(), which
/// return self only where self already fits (write-to-copy's matter).
bool isAliasingMethod(llvm::StringRef Name);
/// The rank of the input of an op that returns channels_last input in
/// channels_last (convolution, pooling and upsampling; checked on the CPU of
/// torch 2.15 by tests/proofs/test_torch_facts.py): 4 for the 2d forms (conv2d, max_pool2d,
/// adaptive_avg_pool2d, upsample_bilinear2d...), 5 for the 3d forms that keep
/// channels_last_3d (conv3d, max_pool3d, upsample_trilinear3d...); 0 for
/// any other op (conv1d has no channels_last; batch_norm takes 2-D input
/// too, so it proves no rank).
unsigned channelsLastInputRank(llvm::StringRef Name);
/// An ATen out= function (`mm_out(out, a, b)`, `add_outf(a, b, alpha, out)`):
/// it writes every element of its non-const `Tensor&` arguments, reading
/// none of them (it resizes them to the result first).
bool isOutFunction(llvm::StringRef Name);
} // namespace ops

/// What a torch function writes of its parameter \p Index, as its signature
/// tells: an out= function (`mm_out(out, a, b)`, `mm_outf(a, b, out)`) its
/// non-const `Tensor&` parameters, an in-place free function (`at::zero_(t)`,
/// the stable ABI's `torch::stable::fill_(t, v)`) its first; nothing else
/// (None also for a function that is not torch's).
enum class TorchWrite { None, OutArgument, InPlace };
TorchWrite torchParamWrite(const clang::FunctionDecl *F, unsigned Index);

/// The call's callee name if \p E (after ignoreWrappers) is a call to a
/// torch function or tensor method returning a tensor by value whose result
/// is always fresh; otherwise empty. Covers tensor operators (a + b).
std::string freshTensorProducer(const clang::Expr *E);

/// Source text of \p E, or an empty string for macro-expanded code.
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx);

/// A method that returns a pointer to a tensor's elements: `data_ptr<T>()`,
/// `const_data_ptr`, `mutable_data_ptr`, and the deprecated `data<T>()` real
/// code still writes (not `Tensor::data()`, which returns a tensor).
bool isDataPointerMethod(const clang::FunctionDecl *F);

/// AST matchers over the model.
namespace matchers {
using namespace clang::ast_matchers;

AST_MATCHER(clang::QualType, tensorType) { return isTensorType(Node); }

/// A function named as a tensor factory (ops::isFactory): `zeros`, `empty_like`...
AST_MATCHER(clang::FunctionDecl, torchFactory) {
  return Node.getIdentifier() && ops::isFactory(Node.getName());
}

/// A method returning a pointer to a tensor's elements (isDataPointerMethod).
AST_MATCHER(clang::CXXMethodDecl, dataPointerMethod) { return isDataPointerMethod(&Node); }

/// An expression whose type is a tensor.
inline clang::ast_matchers::internal::Matcher<clang::Expr> tensorExpr() {
  return expr(hasType(qualType(tensorType())));
}

/// A member call on a tensor object, to a method in \p Names.
inline clang::ast_matchers::internal::BindableMatcher<clang::Stmt>
tensorMethodCall(llvm::ArrayRef<llvm::StringRef> Names) {
  return cxxMemberCallExpr(
      on(tensorExpr()),
      callee(cxxMethodDecl(hasAnyName(std::vector<llvm::StringRef>(
          Names.begin(), Names.end())))));
}
} // namespace matchers

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_TORCHAPI_H
