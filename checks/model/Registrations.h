//===--- Registrations.h - What a translation unit registers -----*- C++ -*-===//
//
// The operators a TU defines (TORCH_LIBRARY / m.def), the kernels it
// registers per dispatch key (TORCH_LIBRARY_IMPL / m.impl / torch::dispatch /
// legacy torch::RegisterOperators), the same through the PyTorch 2.9+ stable
// ABI (STABLE_TORCH_LIBRARY / _FRAGMENT / _IMPL, whose m is a
// torch::stable::detail::StableLibrary, with m.impl("op", TORCH_BOX(&f))),
// its pybind11 bindings, and from those the context of every function: traced by torch.compile (and why), an eager
// backend kernel, pybind-bound, or unknown.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_REGISTRATIONS_H
#define TORCHLINT_CHECKS_MODEL_REGISTRATIONS_H

#include "Schema.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint::model {

/// An operator definition: m.def("schema") or m.def("schema", fn).
///
/// An operator is (namespace, name, overload), as in torch's OperatorName:
/// m.def("op(...)") and m.def("op.out(...)") define two operators with two
/// schemas, m.impl("op.out", &k) registers k for the second only, and
/// register_fake("ns::op") is the fake of the first only.
struct OpDef {
  std::string Namespace; ///< From the TORCH_LIBRARY block or the schema.
  std::string Name;      ///< Operator name without namespace or overload.
  std::string Overload;  ///< "out", "Tensor"; empty for the default overload.
  std::string SchemaText;
  std::optional<FunctionSchema> Schema; ///< Empty if it does not parse.
  SchemaError Error;                     ///< Why it does not parse.
  const clang::StringLiteral *Literal = nullptr; ///< The schema string.
  const clang::CallExpr *Call = nullptr;
  /// The call passes the kernel too (`m.def("op", &fn)`, legacy `op()`):
  /// torch infers a schema from its C++ types where the text is a name only.
  bool Kernel = false;
  /// "ns::op" for the default overload, else "ns::op.overload" (torch's
  /// OpOverload.name()).
  std::string qualifiedName() const {
    return Namespace + "::" + Name + (Overload.empty() ? "" : "." + Overload);
  }
};

/// A kernel registered for an operator.
struct KernelImpl {
  std::string Namespace;
  std::string OpName;       ///< Without namespace/overload.
  std::string Overload;     ///< Empty for the default overload.
  /// "CPU", "Meta", "CompositeImplicitAutograd", ...; empty when unknown:
  /// m.impl(name, f) in a helper taking a torch::Library& that no block of
  /// this TU calls (the block, and so the key, is in another file).
  std::string DispatchKey;
  bool CatchAll = false;    ///< m.def(schema, fn), m.impl without key, legacy op().
  const clang::FunctionDecl *Function = nullptr; ///< May be null (unresolved).
  const clang::CallExpr *Call = nullptr;
  /// Registered through the stable ABI (StableLibrary::impl).
  bool Stable = false;
  /// Function is a boxed kernel, (StableIValue *stack, uint64_t, uint64_t),
  /// written by hand rather than made by TORCH_BOX: its C++ signature says
  /// nothing about the schema (the unboxed kernel is among its callees).
  bool Boxed = false;
  /// "ns::op" or "ns::op.overload".
  std::string qualifiedName() const {
    return Namespace + "::" + OpName + (Overload.empty() ? "" : "." + Overload);
  }
};

/// A pybind11 module_::def binding, or a py::class_<T>::def of a method.
struct PyBinding {
  /// The name Python calls it by; empty when it is no string literal here
  /// (`m.def(name, ...)` in a helper called once per name, k2's).
  std::string Name;
  /// Where Name is empty: the name argument as written, on one line and
  /// clipped to a few dozen characters ("name", "prefix + \"_fwd\"").
  std::string NameSpelling;
  const clang::FunctionDecl *Function = nullptr;
  const clang::CXXMemberCallExpr *Call = nullptr;
  /// The PYBIND11_MODULE init function containing it.
  const clang::FunctionDecl *Module = nullptr;
  /// For a method (Registrations::Methods): the Python class's name, as
  /// py::class_<T>(m, "Name") spells it; may be empty.
  std::string Class;
  /// Where findings about it go: the `def`, or its line in the definition of
  /// a macro that lists several bindings (Macros.h, macroBodySite).
  clang::SourceLocation Site;
  /// The names Python calls its arguments by (`py::arg("k")`, `"k"_a`), one
  /// per parameter, and their defaults in schema syntax (`= -1` gives "-1",
  /// `= false` "False"; empty for none, or one not written so). Empty when
  /// the binding names no arguments, or not all of them in that form.
  std::vector<std::string> ArgNames, ArgDefaults;

  /// The name messages show: Name, or `<spelling>` where it is not known.
  std::string shownName() const {
    return !Name.empty() ? Name : "<" + (NameSpelling.empty() ? "name" : NameSpelling) + ">";
  }
};

enum class ContextKind { Unknown, Eager, PyBound, Traced };

/// Why a function runs where it does: the registration and the call chain.
struct FunctionContext {
  ContextKind Kind = ContextKind::Unknown;
  std::string Key; ///< Dispatch key of the root registration ("Meta", "CPU"...).
  std::string Reason; ///< e.g. "registered as the Meta kernel of 'ns::op'"
  const clang::Stmt *Evidence = nullptr; ///< The registration call.
  std::vector<const clang::FunctionDecl *> Chain; ///< Root kernel first.
  /// Traced because of another file's registration (ProjectModel.h): the
  /// whole story in one sentence, noted at the function (Chain's only entry).
  std::string Elsewhere;
  /// The root is registered without a dispatch key (m.def(schema, fn)) and
  /// works on raw tensor memory (its first data read, itself or through its
  /// callees, is a data_ptr or accessor: a loop kernel or a launcher): the
  /// op cannot run on fake tensors at all, which torch-compile-missing-fake-kernel reports
  /// once at the registration, with the fix (a CPU/CUDA key and a fake). The
  /// per-site findings of data-dependent and symint would only repeat it
  /// with advice that does not apply (tensor ops do not replace a launch;
  /// the reads are where they belong once the kernel has its backend key).
  bool RootCannotRunOnFakes = false;
  /// The root is registered without a dispatch key.
  bool RootCatchAll = false;
  /// The operator whose kernel (registered in this TU) roots the chain,
  /// "ns" and "name": what the project's Python is asked about
  /// (TUModel::opNeverTraced). Empty for other roots.
  std::string OpNamespace, OpName;
};

class Registrations {
public:
  /// The model of the TU \p Ctx belongs to (TUModel::registrations), built
  /// on first use.
  static const Registrations &get(clang::ASTContext &Ctx);

  std::vector<OpDef> Defs;
  std::vector<KernelImpl> Impls;
  std::vector<PyBinding> Bindings;
  /// py::class_<T>::def of a method of T: a C++ object's method, called on
  /// an instance from Python. Not in Bindings: no TORCH_LIBRARY op can be a
  /// method, and the checks that read Bindings give module functions' advice.
  std::vector<PyBinding> Methods;

  /// The context of \p F (its canonical declaration).
  FunctionContext contextOf(const clang::FunctionDecl *F) const;

  /// The context of the code at \p S: that of an enclosing lambda registered
  /// as a kernel, else that of the enclosing function. \p Function receives
  /// the function whose context it is.
  FunctionContext contextAt(const clang::Stmt &S, clang::ASTContext &Ctx,
                            const clang::FunctionDecl **Function = nullptr) const;

  /// Definitions of the operator \p QualifiedName: "ns::op" names the
  /// default overload only, "ns::op.overload" that overload.
  std::vector<const OpDef *> defsOf(llvm::StringRef QualifiedName) const;
  /// Definitions of the operator (overload) \p K is registered for.
  std::vector<const OpDef *> defsOf(const KernelImpl &K) const;

  /// True for keys whose kernels torch.compile runs with fake tensors.
  static bool isTracedKey(llvm::StringRef Key);

  /// The function a registration argument names: `&f`, `f`, `TORCH_FN(f)`,
  /// a lambda (its call operator), `torch::dispatch(key, f)`, the stable
  /// ABI's `TORCH_BOX(&f)` / `TORCH_BOX(f)` (f, not the boxing wrapper).
  static const clang::FunctionDecl *resolveFunction(const clang::Expr *E);

private:
  friend class TUModel;
  void build(clang::ASTContext &Ctx);
  void computeContexts(clang::ASTContext &Ctx);
  llvm::DenseMap<const clang::FunctionDecl *, FunctionContext> Contexts;
  /// Catch-all roots whose raw data reads are in other files (contextOf).
  mutable llvm::DenseMap<const clang::FunctionDecl *, bool> ReadsElsewhere;
};

/// A readable name for a function in messages and notes.
std::string functionName(const clang::FunctionDecl *F);

/// Where findings about a registration call go: its `op`/`def`/`impl` when
/// the call is a link of a chain (`torch::RegisterOperators().op(a, &f)
/// .op(b, &g)`, one line per op in pytorch_sparse), else where it begins
/// (`m.def(...)`).
clang::SourceLocation registrationLoc(const clang::CallExpr *Call);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_REGISTRATIONS_H
