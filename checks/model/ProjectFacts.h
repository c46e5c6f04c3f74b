//===--- ProjectFacts.h - What one TU tells the rest of the project -*- C++ -*-===//
//
// Real extensions split one op over several files: the kernel in cpu/, the
// CUDA kernel in cuda/*.cu, the schema and registrations in ops.cpp, the
// pybind11 module in bindings.cpp. Each TU's facts (its ops, the kernels it
// registers per dispatch key, its bindings and the call edges of the
// functions it defines, all keyed on USRs) are extracted by the same model
// the checks use (Registrations.h), serialised, and merged into a
// ProjectIndex (ProjectModel.h) that the checks of every TU consult.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_PROJECTFACTS_H
#define TORCHLINT_CHECKS_MODEL_PROJECTFACTS_H

#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
} // namespace clang

namespace torchlint::model {

/// Where a fact comes from: an absolute path and a 1-based line.
struct Site {
  std::string File;
  unsigned Line = 0;
};

/// An operator a TU defines (m.def): "ns::op" or "ns::op.overload".
struct OpFact {
  std::string Op;
  Site At;
  std::string Schema; ///< The schema text, when it is a literal.
};

/// A kernel a TU registers.
struct KernelFact {
  std::string Op;       ///< "ns::op" or "ns::op.overload".
  std::string Key;      ///< Dispatch key; empty when the TU does not know it.
  bool CatchAll = false; ///< Registered without a key (CompositeImplicitAutograd).
  std::string Usr;      ///< The kernel function; empty when unresolved.
  std::string Function; ///< Its readable name.
  Site At;              ///< The registration.
};

/// A pybind11 binding: a module function, or a py::class_ method.
struct BindingFact {
  std::string Name;
  std::string Usr;
  Site At;
  std::string Class; ///< The Python class of a method ("Module"); empty for a function.
  bool Method = false;
};

/// What a function does to one of its tensor parameters.
struct ParamFact {
  unsigned Index = 0;
  std::string Name;
  /// How its body, or a callee defined in the same TU, writes to it
  /// (mutatesParam: in-place methods, out= calls, data_ptr writes), whatever
  /// the parameter's C++ type; empty when it does not.
  std::string Write;
  Site WriteAt;
  /// No Write, but a writable pointer to its data is handed to a function
  /// of the project that writes through it (mayWriteParam): what an
  /// inferred schema must declare.
  bool HandedOut = false;
  /// Else, the callee that gets a writable pointer to its data whose
  /// writes the TU does not show, and where (mayWriteParam's Unseen).
  std::string HandedUnseen;
  Site HandedUnseenAt;
  /// When that callee is only declared in the TU: its USR and the index of
  /// the pointer parameter the data goes to; the file that defines it says
  /// whether it writes there (FunctionFact::PointerWrites).
  std::string HandedUnseenUsr;
  unsigned HandedUnseenIndex = 0;
  /// That callee returns a tensor made from it, which is then written
  /// (UnseenWrite::View): the file that defines it says whether that is it
  /// or a view of it (FunctionFact::ReturnsView).
  bool HandedUnseenView = false;
  /// Where the function returns it as it is, alone or in a list or tuple
  /// (`return {indices, pairs};`); no File when it does not.
  Site ReturnedAt;
  auto tie() const {
    return std::tie(Index, Name, Write, WriteAt.File, WriteAt.Line, HandedOut, ReturnedAt.File,
                    ReturnedAt.Line, HandedUnseen, HandedUnseenAt.File, HandedUnseenAt.Line,
                    HandedUnseenUsr, HandedUnseenIndex, HandedUnseenView);
  }
};

/// A pointer parameter a function writes in full before it reads it:
/// `p[k]` for every k below the product of the parameters \c Bounds (by
/// index) and \c Constant.
struct WholeWriteFact {
  unsigned Index = 0;
  std::vector<unsigned> Bounds;
  int64_t Constant = 1;
  auto tie() const { return std::tie(Index, Bounds, Constant); }
  bool operator<(const WholeWriteFact &O) const { return tie() < O.tie(); }
  bool operator==(const WholeWriteFact &O) const { return tie() == O.tie(); }
};

/// A call of a project function, or an indirect call (through a function
/// pointer, a functor of a template parameter's type, a std::function) that
/// is handed tensors: what it runs and writes cannot be seen.
struct CallFact {
  std::string Callee; ///< USR; empty for an indirect call.
  Site At;
  /// Per parameter of the callee: the index of the caller's parameter the
  /// call passes there, or -1. Empty, like Contiguous, when the call passes
  /// no parameter of the caller and nothing known contiguous.
  std::vector<int> FromParam;
  /// Per parameter of the callee: the argument is known contiguous
  /// (isContiguousArgument).
  std::vector<bool> Contiguous;
  /// The caller returns what the call returns (`return helper(x);`).
  bool Returned = false;
  auto tie() const { return std::tie(Callee, At.File, At.Line, FromParam, Contiguous, Returned); }
};

/// A function the TU defines in project code, with whom it calls.
struct FunctionFact {
  std::string Usr;
  std::string Name;
  Site At;
  std::vector<std::string> Callees; ///< USRs of project functions it calls or names.
  /// Its body (not its callees') releases the GIL or calls into pybind11
  /// (releasesGilOrCallsPython).
  bool TouchesPython = false;
  /// It (or a function of its TU it calls) writes static state
  /// (usesSharedStaticState): the GIL is what serializes it.
  bool SharedState = false;
  /// What its own body does that keeps the calling thread busy beyond a
  /// launch (hostWork), and where; no File when nothing.
  std::string HostWork;
  Site HostWorkAt;
  /// What its body shows of its backend (BackendEvidence::str).
  std::string Backend;
  /// The first torch call in its body that reads tensor data
  /// (isDataReadCall), and that call's name; no File when none.
  Site FirstRead;
  std::string FirstReadCall;
  std::vector<ParamFact> Params; ///< Its tensor parameters.
  std::vector<CallFact> Calls;   ///< Its calls of project functions.
  /// The Python a fake kernel of it returns, written from the allocations
  /// its body returns (fakeReturnOf), and its parameters' names there
  /// ("x, n"); empty when its body shows none.
  std::string FakeReturn, FakeParams;
  /// The index of its parameter pack (`Args&&... args`), which stands for
  /// every parameter from there on at a call; -1 when it has none.
  int Pack = -1;
  /// Its pointer-to-non-const parameters it writes through, itself or
  /// through functions of its TU (writesThroughParam: a launcher and the
  /// kernel it launches), by index.
  std::vector<unsigned> PointerWrites;
  /// Those whose writes its TU cannot tell (the pointer goes on to code it
  /// does not show); the others it is known not to write through.
  std::vector<unsigned> PointerUnseen;
  /// Its pointer parameters it writes whole before reading them
  /// (FullWrites.h's wholeParamWrite: a launcher and its kernel).
  std::vector<WholeWriteFact> WholeWrites;
  /// Its tensor parameters it returns, or a view of (returnsViewOf: an
  /// in-place write to the result writes the argument), by index; and
  /// those for which its TU cannot tell.
  std::vector<unsigned> ReturnsView, ReturnsViewUnseen;

  /// Member-wise order (the pooled index keeps each distinct fact once).
  bool operator<(const FunctionFact &O) const;
  bool operator==(const FunctionFact &O) const { return !(*this < O) && !(O < *this); }
};

/// One question a TU asked of the rest of the project (ProjectModel.h), and
/// the answer it got.
struct ProjectQuery {
  std::string Kind; ///< "traced", "kernels", "registered", "writes", ...
  std::string Arg;
  std::string Answer;
  bool operator==(const ProjectQuery &O) const {
    return Kind == O.Kind && Arg == O.Arg && Answer == O.Answer;
  }
};

struct TUFacts {
  std::vector<OpFact> Ops;
  std::vector<KernelFact> Kernels;
  std::vector<BindingFact> Bindings;
  std::vector<FunctionFact> Functions;
};

/// The facts of the TU \p Ctx belongs to (its traversal scope: the project's
/// own code). A function met twice with the same facts (a lambda of a macro
/// expanded many times, a header's template met through each instance) is
/// kept once.
TUFacts extractFacts(clang::ASTContext &Ctx);

/// The declaration's USR (that of the primary template for a template
/// instance); empty if it has none.
std::string usrOf(const clang::Decl *D);

nlohmann::json toJson(const TUFacts &F);
/// A function fact alone (the pool of a stored ProjectIndex).
nlohmann::json toJson(const FunctionFact &F);
/// Throws nlohmann::json::exception on a malformed document.
FunctionFact functionFactFromJson(const nlohmann::json &J);
/// Throws nlohmann::json::exception on a malformed document.
TUFacts tuFactsFromJson(const nlohmann::json &J);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PROJECTFACTS_H
