//===--- FakeKernel.cpp - The Python fake kernel a C++ kernel implies -----===//

#include "FakeKernel.h"
#include "AstUtil.h"
#include "Signatures.h"
#include "TorchApi.h"

#include "clang/AST/QualTypeNames.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace torchlint::model {
namespace {

constexpr const char *DynamicSize = "torch.library.get_ctx().new_dynamic_size()";

const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Before = E;
    E = ignoreWrappers(E);
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      E = C->getSubExprAsWritten();
    // IntArrayRef from a braced list: {a, b}.
    if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 1)
      if (isa<CXXStdInitializerListExpr>(C->getArg(0)->IgnoreImplicit()))
        E = C->getArg(0)->IgnoreImplicit();
    if (const auto *L = dyn_cast<CXXStdInitializerListExpr>(E))
      E = L->getSubExpr();
    if (E == Before)
      break;
  }
  return E;
}

StringRef methodName(const CXXMemberCallExpr *C) {
  const CXXMethodDecl *M = C ? C->getMethodDecl() : nullptr;
  return M && M->getIdentifier() ? M->getName() : StringRef();
}

StringRef calleeName(const CallExpr *C) {
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  return F && F->getIdentifier() ? F->getName() : StringRef();
}

/// torch's dtype for c10's kFloat, kLong, at::kInt32...
std::string dtypeNamed(StringRef Name) {
  Name.consume_front("k");
  return llvm::StringSwitch<std::string>(Name)
      .Cases("Float", "Float32", "torch.float32")
      .Cases("Double", "Float64", "torch.float64")
      .Cases("Half", "Float16", "torch.float16")
      .Case("BFloat16", "torch.bfloat16")
      .Cases("Long", "Int64", "torch.int64")
      .Cases("Int", "Int32", "torch.int32")
      .Cases("Short", "Int16", "torch.int16")
      .Cases("Char", "Int8", "torch.int8")
      .Cases("Byte", "UInt8", "torch.uint8")
      .Case("Bool", "torch.bool")
      .Default("");
}

/// at::kFloat, at::kLong... for torch.float32, torch.int64...
std::string cxxDtype(StringRef Python) {
  return llvm::StringSwitch<std::string>(Python)
      .Case("torch.float32", "at::kFloat")
      .Case("torch.float64", "at::kDouble")
      .Case("torch.float16", "at::kHalf")
      .Case("torch.bfloat16", "at::kBFloat16")
      .Case("torch.int64", "at::kLong")
      .Case("torch.int32", "at::kInt")
      .Case("torch.int16", "at::kShort")
      .Case("torch.int8", "at::kChar")
      .Case("torch.uint8", "at::kByte")
      .Case("torch.bool", "at::kBool")
      .Default("");
}

/// Writes the outputs in Python (a fake kernel's return) or, with Cxx, in
/// C++ for a Meta kernel: symbolic sizes (`x.sym_size(0)`,
/// `at::empty_symint`), so that it also runs on the fake tensors of
/// dynamic shapes; no C++ form where a size depends on data or an output
/// has no tensor to take its options from.
class Writer {
public:
  Writer(const FunctionDecl *F, bool Cxx = false) : F(F), Cxx(Cxx) {}

  /// A returned value: an allocation, or a tuple or list of them.
  std::string output(const Expr *E, unsigned Depth = 0) {
    E = strip(E);
    if (!E || Depth > 4)
      return {};
    if (const VarDecl *V = local(E))
      return output(V->getInit(), Depth + 1);
    std::vector<const Expr *> Items;
    if (const auto *L = dyn_cast<InitListExpr>(E))
      for (const Expr *I : L->inits())
        Items.push_back(I);
    else if (const auto *C = dyn_cast<CallExpr>(E);
             C && (calleeName(C) == "make_tuple" || calleeName(C) == "forward_as_tuple" ||
                   calleeName(C) == "make_pair"))
      Items.assign(C->arg_begin(), C->arg_end());
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
             C && C->getNumArgs() > 1 &&
             (C->getConstructor()->getParent()->getName() == "tuple" ||
              C->getConstructor()->getParent()->getName() == "pair"))
      Items.assign(C->arg_begin(), C->arg_end());
    else if (const auto *C = dyn_cast<CallExpr>(E))
      return allocation(C);
    else
      return {};
    std::string Out;
    for (const Expr *I : Items) {
      std::string S = output(I, Depth + 1);
      if (S.empty())
        return {};
      Out += (Out.empty() ? "" : ", ") + S;
    }
    bool List = isa<InitListExpr>(E) && templateSpecializationOf(F->getReturnType()) &&
                templateSpecializationOf(F->getReturnType())->getName() == "vector";
    if (Cxx)
      return List ? "std::vector<at::Tensor>{" + Out + "}" : "std::make_tuple(" + Out + ")";
    return List ? "[" + Out + "]" : "(" + Out + ")";
  }

private:
  /// `at::empty(sizes, options)`, `at::zeros_like(x)`...
  std::string allocation(const CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee || !isTorchDecl(Callee) || isa<CXXMemberCallExpr>(C) || C->getNumArgs() == 0)
      return {};
    StringRef Name = calleeName(C);
    bool Like = Name == "empty_like" || Name == "zeros_like" || Name == "ones_like" ||
                Name == "full_like";
    bool Sized = Name == "empty" || Name == "zeros" || Name == "ones" || Name == "full";
    if (!Like && !Sized)
      return {};
    unsigned OptionsAt = Name.starts_with("full") ? 2 : 1;
    std::string Base, Dtype;
    CpuDevice = false;
    if (C->getNumArgs() > OptionsAt && !isa<CXXDefaultArgExpr>(C->getArg(OptionsAt)) &&
        !options(C->getArg(OptionsAt), Base, Dtype))
      return {};
    if (CpuDevice && Like)
      return {};
    std::string DtypeArg = Dtype.empty() ? "" : ", dtype=" + Dtype;
    if (Like) {
      std::string Of = tensor(C->getArg(0));
      if (Cxx)
        return Of.empty() ? ""
               : Dtype.empty()
                   ? "at::empty_like(" + Of + ")"
                   : "at::empty_like(" + Of + ", " + Of + ".options().dtype(" + Dtype + "))";
      return Of.empty() ? "" : "torch.empty_like(" + Of + DtypeArg + ")";
    }
    std::string Shape = shape(C->getArg(0));
    if (Shape.empty())
      return {};
    if (Cxx) // (Options of no tensor would make a real tensor, not a meta one.)
      return Base.empty() ? ""
                          : "at::empty_symint(" + Shape + ", " + Base + ".options()" +
                                (Dtype.empty() ? "" : ".dtype(" + Dtype + ")") + ")";
    return Base.empty() ? "torch.empty(" + Shape + DtypeArg +
                              (CpuDevice ? ", device=\"cpu\"" : "") + ")"
                        : Base + ".new_empty(" + Shape + DtypeArg + ")";
  }

  /// `{a, b}` or `x.sizes()`.
  std::string shape(const Expr *E) {
    E = strip(E);
    if (const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(E); M && methodName(M) == "sizes") {
      std::string Of = tensor(M->getImplicitObjectArgument());
      return Of.empty() ? "" : Of + (Cxx ? ".sym_sizes()" : ".shape");
    }
    const auto *L = dyn_cast_or_null<InitListExpr>(E);
    if (!L || L->getNumInits() == 0)
      return {};
    std::string Out;
    for (const Expr *I : L->inits()) {
      std::string S = size(I);
      if (S.empty())
        return {};
      Out += (Out.empty() ? "" : ", ") + S;
    }
    if (Cxx)
      return "{" + Out + "}";
    return "(" + Out + (L->getNumInits() == 1 ? ",)" : ")");
  }

  /// TensorOptions: `x.options()`, `.dtype(k)`, `.device(x.device())`,
  /// and options built from a device, `at::device(x.device()).dtype(k)`
  /// (torch-points-kernels), whose dtype is the default one unless given:
  /// \p DtypeKnown says whether it is Base's or Dtype.
  bool options(const Expr *E, std::string &Base, std::string &Dtype) {
    bool DtypeKnown = false;
    return options(E, Base, Dtype, DtypeKnown) && DtypeKnown;
  }
  bool options(const Expr *E, std::string &Base, std::string &Dtype, bool &DtypeKnown,
               unsigned Depth = 0) {
    E = strip(E);
    if (Depth > 4)
      return false;
    // A local holding them (torch-points-kernels' `auto out_options =
    // torch::TensorOptions().dtype(torch::kLong).device(torch::kCPU)`).
    if (const VarDecl *V = local(E))
      return options(V->getInit(), Base, Dtype, DtypeKnown, Depth + 1);
    // TensorOptions(): the default dtype and device until set.
    if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(E);
        C && C->getNumArgs() == 0 && C->getConstructor()->getParent()->getName() == "TensorOptions")
      return true;
    const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(E);
    StringRef Name = methodName(M);
    if (Name == "options" && isTensorType(M->getImplicitObjectArgument()->getType())) {
      Base = tensor(M->getImplicitObjectArgument());
      DtypeKnown = true;
      return !Base.empty();
    }
    if ((Name == "dtype" || Name == "device") && M->getNumArgs() == 1) {
      if (!options(M->getImplicitObjectArgument(), Base, Dtype, DtypeKnown, Depth + 1))
        return false;
      if (Name == "dtype")
        DtypeKnown = true;
      // `.device(torch::kCPU)`: the CPU whatever the inputs' device (a CPU
      // kernel's output); the dtype stays the one so far.
      if (const auto *R = dyn_cast_or_null<DeclRefExpr>(strip(M->getArg(0)));
          Name == "device" && R && R->getDecl()->getName() == "kCPU") {
        if (Dtype.empty() && !Base.empty())
          Dtype = Cxx ? Base + ".scalar_type()" : Base + ".dtype";
        Base.clear();
        CpuDevice = true;
        return true;
      }
      return Name == "dtype" ? !(Dtype = dtype(M->getArg(0))).empty()
                             : !(Base = deviceOf(M->getArg(0))).empty();
    }
    // at::device(x.device()): x's device, the default dtype.
    if (const auto *C = dyn_cast_or_null<CallExpr>(E); C && !M && C->getNumArgs() == 1 &&
                                                         C->getDirectCallee() &&
                                                         isTorchDecl(C->getDirectCallee()) &&
                                                         calleeName(C) == "device")
      return !(Base = deviceOf(C->getArg(0))).empty();
    return false;
  }

  std::string dtype(const Expr *E) {
    E = strip(E);
    if (const auto *R = dyn_cast_or_null<DeclRefExpr>(E)) {
      std::string Named = dtypeNamed(R->getDecl()->getName());
      return Cxx ? cxxDtype(Named) : Named;
    }
    if (const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(E);
        M && (methodName(M) == "scalar_type" || methodName(M) == "dtype")) {
      std::string Of = tensor(M->getImplicitObjectArgument());
      return Of.empty() ? "" : Of + (Cxx ? ".scalar_type()" : ".dtype");
    }
    return {};
  }

  /// `x.device()`: the tensor whose device it is.
  std::string deviceOf(const Expr *E) {
    const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(strip(E));
    return M && methodName(M) == "device" ? tensor(M->getImplicitObjectArgument()) : "";
  }

  /// A tensor parameter, through locals, contiguous(), clone(), detach().
  std::string tensor(const Expr *E, unsigned Depth = 0) {
    E = strip(E);
    if (!E || Depth > 6)
      return {};
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()); P && isParam(P))
        // (In C++, only an ATen tensor has options(): no optional, no list,
        // no stable-ABI tensor.)
        return (Cxx ? isTensorType(P->getType()) && !isStableTensorType(P->getType())
                    : isTensorLikeType(P->getType()))
                   ? schemaNameOf(P)
                   : "";
    if (const VarDecl *V = local(E))
      return tensor(V->getInit(), Depth + 1);
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(E)) {
      StringRef N = methodName(M);
      if ((N == "contiguous" || N == "clone" || N == "detach") &&
          isTensorType(M->getImplicitObjectArgument()->getType()))
        return tensor(M->getImplicitObjectArgument(), Depth + 1);
    }
    return {};
  }

  /// An integer: literals, integer parameters, arithmetic, sizes of
  /// tensors; a value read from tensor data is a dynamic size.
  std::string size(const Expr *E, unsigned Depth = 0) {
    E = strip(E);
    if (!E || Depth > 8)
      return {};
    if (const auto *I = dyn_cast<IntegerLiteral>(E))
      return std::to_string(I->getValue().getSExtValue());
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Minus) {
      std::string S = size(U->getSubExpr(), Depth + 1);
      return S.empty() ? "" : "-" + S;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      StringRef Op = llvm::StringSwitch<StringRef>(B->getOpcodeStr())
                         .Case("/", Cxx ? "/" : "//")
                         .Cases("+", "-", "*", "%", B->getOpcodeStr())
                         .Default("");
      std::string L = size(B->getLHS(), Depth + 1), R = size(B->getRHS(), Depth + 1);
      return Op.empty() || L.empty() || R.empty() ? "" : "(" + L + " " + Op.str() + " " + R + ")";
    }
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()); P && isParam(P))
        return P->getType()->isIntegerType() ? schemaNameOf(P) : "";
    if (const VarDecl *V = local(E))
      return V->getType()->isIntegerType() ? size(V->getInit(), Depth + 1) : "";
    if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E);
        O && O->getOperator() == OO_Subscript && O->getNumArgs() == 2) {
      // x.sizes()[i]
      const auto *M = dyn_cast<CXXMemberCallExpr>(strip(O->getArg(0)));
      std::string Of = M && methodName(M) == "sizes" ? tensor(M->getImplicitObjectArgument()) : "";
      std::string I = size(O->getArg(1), Depth + 1);
      if (Cxx)
        return Of.empty() || I.empty() ? "" : Of + ".sym_size(" + I + ")";
      return Of.empty() || I.empty() ? "" : Of + ".shape[" + I + "]";
    }
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(E)) {
      StringRef N = methodName(M);
      const Expr *Obj = M->getImplicitObjectArgument();
      if (N == "item" || ((N == "toLong" || N == "toInt") && readsItem(Obj)))
        return Cxx ? "" : DynamicSize;
      if (!isTensorType(Obj->getType()))
        return {};
      std::string Of = tensor(Obj);
      if (Of.empty())
        return {};
      if (N == "size" && M->getNumArgs() == 1) {
        std::string I = size(M->getArg(0), Depth + 1);
        return I.empty() ? "" : Cxx ? Of + ".sym_size(" + I + ")" : Of + ".shape[" + I + "]";
      }
      if (N == "numel" || N == "dim")
        return Of + "." + (Cxx && N == "numel" ? "sym_numel" : N.str()) + "()";
    }
    return {};
  }

  static bool readsItem(const Expr *E) {
    const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(strip(E));
    return M && methodName(M) == "item";
  }

  bool isParam(const ParmVarDecl *P) const {
    return P->getDeclContext() == F || P->getDeclContext() == F->getDefinition();
  }

  /// A local variable of F with an initialiser it keeps (never assigned
  /// again).
  const VarDecl *local(const Expr *E) {
    const auto *R = dyn_cast_or_null<DeclRefExpr>(E);
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() || !V->getInit())
      return nullptr;
    struct Assigned : RecursiveASTVisitor<Assigned> {
      const VarDecl *V;
      bool Found = false;
      bool VisitBinaryOperator(BinaryOperator *B) {
        Found |= B->isAssignmentOp() && refersTo(B->getLHS(), V);
        return true;
      }
      bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *O) {
        Found |= O->isAssignmentOp() && O->getNumArgs() > 0 && refersTo(O->getArg(0), V);
        return true;
      }
    } A;
    A.V = V;
    A.TraverseStmt(F->getBody());
    return A.Found ? nullptr : V;
  }

  const FunctionDecl *F;
  const bool Cxx;
  /// The allocation's options name the CPU as its device (torch::kCPU).
  bool CpuDevice = false;
};

/// What every return of \p Def gives, in Python or C++; "" unless all agree.
std::string returnsOf(const FunctionDecl *Def, bool Cxx) {
  struct Returns : RecursiveASTVisitor<Returns> {
    std::vector<const ReturnStmt *> All;
    bool TraverseLambdaExpr(LambdaExpr *) { return true; } // Not this function's.
    bool VisitReturnStmt(ReturnStmt *R) {
      All.push_back(R);
      return true;
    }
  } R;
  R.TraverseStmt(Def->getBody());
  Writer W(Def, Cxx);
  std::string Out;
  for (const ReturnStmt *S : R.All) {
    std::string This = W.output(S->getRetValue());
    if (This.empty() || (!Out.empty() && This != Out))
      return {};
    Out = This;
  }
  return Out;
}

} // namespace

std::string fakeReturnOf(const FunctionDecl *F) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || Def->getReturnType()->isVoidType())
    return {};
  return returnsOf(Def, /*Cxx=*/false);
}

std::string metaKernelOf(const FunctionDecl *F) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || Def->getReturnType()->isVoidType() || Def->isVariadic())
    return {};
  std::string Returns = returnsOf(Def, /*Cxx=*/true);
  if (Returns.empty())
    return {};
  PrintingPolicy Policy(Def->getASTContext().getLangOpts());
  Policy.SuppressTagKeyword = true;
  std::string Params;
  for (const ParmVarDecl *P : Def->parameters()) {
    QualType T = P->getType();
    if (T->isDependentType() || P->isParameterPack())
      return {};
    // Qualified as written at global scope, where the registration goes
    // (`Tensor` under `using at::Tensor` is `at::Tensor` there); a scalar
    // the operator's schema widens (`int k`: `int64_t k`), as the schema
    // has it (schemaAdaptable).
    std::string Widened = schemaAdaptable(P->getType());
    Params += (Params.empty() ? "" : ", ") +
              (Widened.empty() ? TypeName::getFullyQualifiedName(T, Def->getASTContext(), Policy)
                               : Widened) +
              " " + schemaNameOf(P);
  }
  return "[](" + Params + ") { return " + Returns + "; }";
}

} // namespace torchlint::model
