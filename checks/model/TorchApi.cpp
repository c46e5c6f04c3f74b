//===--- TorchApi.cpp - What torchlint knows about the torch C++ API ------===//

#include "TorchApi.h"
#include "AstUtil.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <optional>

using namespace clang;

namespace torchlint::model {
namespace {

const CXXRecordDecl *recordOf(QualType Type) {
  if (Type.isNull())
    return nullptr;
  Type = Type.getNonReferenceType().getCanonicalType();
  return Type->getAsCXXRecordDecl();
}

/// The outermost namespace name of \p DC ("at" for at::native::foo).
StringRef topNamespace(const DeclContext *DC) {
  StringRef Top;
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (!NS->isAnonymousNamespace() && !NS->isInlineNamespace())
        Top = NS->getName();
  return Top;
}

bool isNamedRecord(const CXXRecordDecl *RD, StringRef NS, StringRef Name) {
  if (!RD || !RD->getIdentifier() || RD->getName() != Name)
    return false;
  return topNamespace(RD->getDeclContext()) == NS;
}

/// \p DC is namespace torch::stable (inline namespaces looked through) or one
/// nested in it.
bool inStableNamespace(const DeclContext *DC) {
  for (; DC; DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || NS->isInlineNamespace() || NS->getName() != "stable")
      continue;
    const DeclContext *P = NS->getParent();
    while (P && isa<NamespaceDecl>(P) && cast<NamespaceDecl>(P)->isInlineNamespace())
      P = P->getParent();
    const auto *Torch = dyn_cast_or_null<NamespaceDecl>(P);
    if (Torch && Torch->getName() == "torch" &&
        Torch->getParent()->getRedeclContext()->isTranslationUnit())
      return true;
  }
  return false;
}

/// torch::stable::Tensor itself (not torch::jit::tensorexpr::Tensor or other
/// classes named Tensor under torch::).
bool isStableTensorRecord(const CXXRecordDecl *RD) {
  return RD && RD->getIdentifier() && RD->getName() == "Tensor" &&
         isa<NamespaceDecl>(RD->getDeclContext()) &&
         inStableNamespace(RD->getDeclContext());
}

bool inSet(StringRef Name, std::initializer_list<StringRef> Set) {
  for (StringRef S : Set)
    if (S == Name)
      return true;
  return false;
}

} // namespace

namespace {
/// A ScalarType's kind and the bits of its value set that matter for
/// holding another: for floating types the exponent and mantissa bits, for
/// integers the value bits (and whether negative values exist).
struct DtypeRange {
  enum Kind { Bool, Int, Float } K;
  int Exponent = 0, Mantissa = 0; // Float
  int Bits = 0; bool Signed = false; // Int
};

std::optional<DtypeRange> dtypeRange(llvm::StringRef Name) {
  Name = Name.trim();
  size_t Colon = Name.rfind(':');
  if (Colon != llvm::StringRef::npos)
    Name = Name.substr(Colon + 1);
  if (Name.size() > 1 && Name[0] == 'k' && llvm::isUpper(Name[1]))
    Name = Name.drop_front();
  using D = DtypeRange;
  auto F = [](int E, int M) { D R{D::Float}; R.Exponent = E; R.Mantissa = M; return R; };
  auto I = [](int B, bool S) { D R{D::Int}; R.Bits = B; R.Signed = S; return R; };
  return llvm::StringSwitch<std::optional<D>>(Name)
      .Case("Bool", D{D::Bool})
      .Cases("Byte", "UInt8", I(8, false))
      .Cases("Char", "Int8", I(7, true))
      .Cases("Short", "Int16", I(15, true))
      .Cases("Int", "Int32", I(31, true))
      .Cases("Long", "Int64", I(63, true))
      .Cases("Half", "Float16", F(5, 10))
      .Case("BFloat16", F(8, 7))
      .Cases("Float", "Float32", F(8, 23))
      .Cases("Double", "Float64", F(11, 52))
      .Cases("Float8_e4m3fn", "Float8_e4m3fnuz", F(4, 3))
      .Cases("Float8_e5m2", "Float8_e5m2fnuz", F(5, 2))
      .Default(std::nullopt);
}
} // namespace

bool isScalarTypeEnum(QualType Type) {
  const auto *ET = Type.getNonReferenceType().getCanonicalType()->getAs<EnumType>();
  return ET && ET->getDecl()->getIdentifier() && ET->getDecl()->getName() == "ScalarType";
}

bool dtypeHoldsEveryValueOf(llvm::StringRef Holder, llvm::StringRef Held) {
  std::optional<DtypeRange> A = dtypeRange(Holder), B = dtypeRange(Held);
  if (!A || !B)
    return false;
  if (B->K == DtypeRange::Bool)
    return true;
  if (A->K == DtypeRange::Bool)
    return false;
  if (A->K == DtypeRange::Int)
    return B->K == DtypeRange::Int && A->Bits >= B->Bits && (A->Signed || !B->Signed);
  if (B->K == DtypeRange::Int) // exact integers up to 2^(mantissa+1)
    return B->Bits <= A->Mantissa + 1;
  return A->Exponent >= B->Exponent && A->Mantissa >= B->Mantissa;
}

bool isTensorType(QualType Type) {
  const CXXRecordDecl *RD = recordOf(Type);
  if (!RD)
    return false;
  if (isNamedRecord(RD, "at", "Tensor") || isNamedRecord(RD, "at", "TensorBase") ||
      isStableTensorRecord(RD))
    return true;
  // Subclasses (torch::autograd::Variable in old releases, user wrappers).
  if (!RD->hasDefinition())
    return false;
  bool Derived = false;
  RD->forallBases([&](const CXXRecordDecl *Base) {
    if (isNamedRecord(Base, "at", "TensorBase"))
      Derived = true;
    return true;
  });
  return Derived;
}

bool isStableTensorType(QualType Type) {
  return isStableTensorRecord(recordOf(Type));
}

bool isStableDecl(const Decl *D) {
  return D && inStableNamespace(D->getDeclContext());
}

bool stableFunctionDeclared(ASTContext &Ctx, StringRef Name) {
  auto Child = [&](const DeclContext *DC, StringRef N) -> const NamespaceDecl * {
    if (!DC)
      return nullptr;
    for (const NamedDecl *D : DC->lookup(&Ctx.Idents.get(N)))
      if (const auto *NS = dyn_cast<NamespaceDecl>(D))
        return NS;
    return nullptr;
  };
  const NamespaceDecl *Stable = Child(Child(Ctx.getTranslationUnitDecl(), "torch"), "stable");
  if (!Stable)
    return false;
  for (const NamedDecl *D : Stable->lookup(&Ctx.Idents.get(Name)))
    if (isa<FunctionDecl, FunctionTemplateDecl>(D))
      return true;
  return false;
}

bool isTensorLikeType(QualType Type) {
  if (isTensorType(Type))
    return true;
  const CXXRecordDecl *RD = recordOf(Type);
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getTemplateArgs().size() < 1)
    return false;
  StringRef Name = Spec->getName();
  StringRef NS = topNamespace(Spec->getDeclContext());
  bool Wrapper = (Name == "optional" && (NS == "c10" || NS == "std")) ||
                 (Name == "MaybeOwned" && NS == "c10");
  const TemplateArgument &Arg = Spec->getTemplateArgs()[0];
  return Wrapper && Arg.getKind() == TemplateArgument::Type &&
         isTensorType(Arg.getAsType());
}

bool isScalarValueType(QualType Type) {
  Type = Type.getNonReferenceType().getCanonicalType();
  if (Type->isArithmeticType() && !Type->isEnumeralType())
    return true;
  const CXXRecordDecl *RD = Type->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef NS = topNamespace(RD->getDeclContext());
  return NS == "c10" &&
         inSet(RD->getName(), {"Scalar", "Half", "BFloat16", "complex"});
}

bool isTorchDecl(const Decl *D) {
  if (!D)
    return false;
  StringRef NS = topNamespace(D->getDeclContext());
  return NS == "at" || NS == "torch" || NS == "c10";
}

bool isPybindDecl(const Decl *D) {
  for (const DeclContext *DC = D ? D->getDeclContext() : nullptr; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "pybind11")
        return true;
  return false;
}

bool releasesGilOrCallsPython(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitVarDecl(VarDecl *V) {
      const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
      Found |= RD && RD->getIdentifier() && RD->getName() == "gil_scoped_release";
      return !Found;
    }
    bool VisitCallExpr(CallExpr *C) {
      // pybind11, or CPython's own release: Py_BEGIN_ALLOW_THREADS expands
      // to `_save = PyEval_SaveThread();` (exllamav2's samplers).
      const FunctionDecl *Callee = C->getDirectCallee();
      Found |= isPybindDecl(Callee) ||
               (Callee && Callee->getIdentifier() &&
                (Callee->getName() == "PyEval_SaveThread" ||
                 Callee->getName() == "PyGILState_Ensure"));
      return !Found;
    }
  } F;
  if (Body)
    F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

bool usesSharedStaticState(const FunctionDecl *F, unsigned Depth) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    unsigned Depth;
    llvm::SmallPtrSet<const FunctionDecl *, 16> &Seen;
    bool Found = false;
    Finder(const SourceManager &SM, unsigned Depth, llvm::SmallPtrSet<const FunctionDecl *, 16> &S)
        : SM(SM), Depth(Depth), Seen(S) {}
    bool ours(const Decl *D) const {
      return !SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())) && !isTorchDecl(D);
    }
    bool shared(const VarDecl *V) const {
      return V->hasGlobalStorage() && V->getTLSKind() == VarDecl::TLS_None &&
             !V->getType().isConstQualified() && !V->isConstexpr() && ours(V);
    }
    // A write: `v = ...`, `v += ...`, `++v`, or a mutator of a container
    // (`v.push_back(x)`, `v.resize(n)`, `m[k]` of a map, `m.emplace(...)`).
    // Reads (a registry filled at start-up and looked up per call: mmcv's
    // DeviceRegistry) are not.
    bool written(const Expr *Target) const {
      Target = Target->IgnoreParenImpCasts();
      if (const auto *R = dyn_cast<DeclRefExpr>(Target)) {
        const auto *V = dyn_cast<VarDecl>(R->getDecl());
        return V && shared(V);
      }
      // `streams().resize(n)` of `std::vector<S> &streams() { static
      // std::vector<S> s; return s; }`: the helper hands out the static.
      const auto *C = dyn_cast<CallExpr>(Target);
      const FunctionDecl *Callee = C ? C->getDirectCallee() : nullptr;
      const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
      if (!Def || !Def->hasBody() || !ours(Def) || !Def->getReturnType()->isLValueReferenceType() ||
          Def->getReturnType()->getPointeeType().isConstQualified())
        return false;
      struct Returns : RecursiveASTVisitor<Returns> {
        const Finder *F;
        bool Found = false;
        bool VisitReturnStmt(ReturnStmt *R) {
          const auto *D = R->getRetValue()
                              ? dyn_cast<DeclRefExpr>(R->getRetValue()->IgnoreParenImpCasts())
                              : nullptr;
          const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
          Found |= V && F->shared(V);
          return !Found;
        }
      } Ret;
      Ret.F = this;
      Ret.TraverseStmt(Def->getBody());
      return Ret.Found;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      Found |= B->isAssignmentOp() && written(B->getLHS());
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      Found |= U->isIncrementDecrementOp() && written(U->getSubExpr());
      return !Found;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
      Found |= C->getNumArgs() >= 1 &&
               (C->isAssignmentOp() || C->getOperator() == OO_Subscript ||
                C->getOperator() == OO_PlusPlus || C->getOperator() == OO_MinusMinus) &&
               written(C->getArg(0));
      return !Found;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      static const llvm::StringSet<> Mutators = {
          "push_back", "emplace_back", "insert", "emplace", "erase", "clear",
          "resize",    "reserve",      "assign", "swap",    "pop_back", "try_emplace"};
      Found |= M && M->getIdentifier() && !M->isConst() && Mutators.contains(M->getName()) &&
               written(C->getImplicitObjectArgument());
      return !Found;
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *Callee = C->getDirectCallee();
      const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
      if (Depth && Def && Def->hasBody() && ours(Def) && Seen.insert(Def).second) {
        Finder Inner(SM, Depth - 1, Seen);
        Inner.TraverseStmt(Def->getBody());
        Found |= Inner.Found;
      }
      return !Found;
    }
  };
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->hasBody())
    return false;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen = {Def};
  Finder Fd(Def->getASTContext().getSourceManager(), Depth, Seen);
  Fd.TraverseStmt(Def->getBody());
  return Fd.Found;
}

bool isDataPointerMethod(const FunctionDecl *F) {
  if (!F || !F->getIdentifier() || !isa<CXXMethodDecl>(F))
    return false;
  StringRef N = F->getName();
  if (N == "data_ptr" || N == "const_data_ptr" || N == "mutable_data_ptr")
    return true;
  return N == "data" && F->getReturnType()->isPointerType() &&
         isTensorType(QualType(cast<CXXMethodDecl>(F)->getParent()->getTypeForDecl(), 0));
}

bool isDataReadCall(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier() || !isTorchDecl(Callee))
    return false;
  StringRef N = Callee->getName();
  return ops::isDataAccessMethod(N) || isDataPointerMethod(Callee) || readsRawMemory(Callee) ||
         N == "nonzero" || N == "masked_select" || N == "_unique2" || N == "unique";
}

bool isRawDataRead(StringRef CallName) {
  return CallName.contains("data_ptr") || CallName.contains("accessor");
}

bool readsRawMemory(const FunctionDecl *F) {
  if (!F || !F->getIdentifier() || !isTorchDecl(F))
    return false;
  return isRawDataRead(F->getName()) ||
         (F->getName() == "data" && F->getReturnType()->isPointerType());
}

const CallExpr *firstDataRead(const FunctionDecl *F, unsigned Depth) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    unsigned Depth;
    const CallExpr *Found = nullptr;
    Finder(const SourceManager &SM, unsigned Depth) : SM(SM), Depth(Depth) {}
    bool VisitCallExpr(CallExpr *Call) {
      if (Found)
        return false;
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee || !Callee->getIdentifier())
        return true;
      if (isTorchDecl(Callee)) {
        if (isDataReadCall(Callee))
          Found = Call;
        // X::apply(...) of an autograd::Function runs X::forward.
        for (const FunctionDecl *M : autogradFunctionMethods(Callee))
          if (!Found && Depth < 3 && M->getName() == "forward")
            Found = firstDataRead(M, Depth + 1);
        return true;
      }
      const FunctionDecl *Def = Callee->getDefinition();
      if (Def && Depth < 3 && !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
        Found = firstDataRead(Def, Depth + 1);
      return true;
    }
  };
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody())
    return nullptr;
  Finder Fd(Def->getASTContext().getSourceManager(), Depth);
  Fd.TraverseStmt(Def->getBody());
  return Fd.Found;
}

bool isContiguousByConstruction(const Expr *E) {
  E = ignoreWrappers(E);
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || !isTorchDecl(Callee))
    return false;
  StringRef N = Callee->getName();
  if (N == "contiguous")
    return isa<CXXMemberCallExpr>(Call) || isStableDecl(Callee);
  if (isa<CXXMemberCallExpr>(Call) ||
      !inSet(N, {"empty", "zeros", "ones", "full", "rand", "randn", "randint", "randperm",
                 "arange", "linspace", "logspace", "eye", "tensor", "scalar_tensor"}))
    return false;
  // A memory format named anywhere in the arguments (an argument, or
  // options().memory_format(...)) may be channels_last.
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Named = false;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      Named |= R->getDecl()->getName().contains_insensitive("channelslast") ||
               R->getDecl()->getName().contains("memory_format");
      return !Named;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      Named |= M->getMemberDecl()->getIdentifier() &&
               M->getMemberDecl()->getName() == "memory_format";
      return !Named;
    }
    bool VisitExpr(Expr *X) {
      if (const auto *T = X->getType()->getAsTagDecl())
        Named |= T->getIdentifier() && T->getName() == "MemoryFormat";
      return !Named;
    }
  } F;
  for (const Expr *A : Call->arguments())
    F.TraverseStmt(const_cast<Expr *>(A));
  return !F.Named;
}

bool hasContiguityEvidence(const FunctionDecl *F, const ParmVarDecl *P) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ParmVarDecl *P;
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (M && M->getIdentifier() && M->getName() == "is_contiguous" &&
          refersTo(C->getImplicitObjectArgument(), P))
        Found = true;
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 && refersTo(Op->getArg(0), P))
        Found = true; // Reassigned (x = x.contiguous()).
      return true;
    }
  } Fd;
  Fd.P = P;
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (Def && Def->getBody() && P)
    Fd.TraverseStmt(Def->getBody());
  return Fd.Found;
}

bool isContiguousArgument(const Expr *E) {
  if (isContiguousByConstruction(E))
    return true;
  const auto *R = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(E));
  if (!R)
    return false;
  if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()))
    return hasContiguityEvidence(dyn_cast<FunctionDecl>(P->getDeclContext()), P);
  if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
    return V->hasLocalStorage() && !V->getType()->isReferenceType() && V->getInit() &&
           isContiguousByConstruction(V->getInit());
  return false;
}

std::vector<const FunctionDecl *> autogradFunctionMethods(const FunctionDecl *Callee) {
  std::vector<const FunctionDecl *> Out;
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (!M || !M->getIdentifier() || M->getName() != "apply" || !M->isStatic())
    return Out;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(M->getParent());
  if (!Spec || !Spec->getIdentifier() || Spec->getName() != "Function" ||
      topNamespace(Spec->getDeclContext()) != "torch" || Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return Out;
  const CXXRecordDecl *X = Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  if (!X || !X->hasDefinition())
    return Out;
  for (const CXXMethodDecl *Method : X->methods())
    if (Method->isStatic() && Method->getIdentifier() &&
        (Method->getName() == "forward" || Method->getName() == "backward"))
      Out.push_back(Method);
  return Out;
}

bool isTensorMethod(const FunctionDecl *Function, StringRef Name) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  if (!Method || !Method->getIdentifier() || Method->getName() != Name)
    return false;
  const CXXRecordDecl *RD = Method->getParent();
  return isNamedRecord(RD, "at", "Tensor") ||
         isNamedRecord(RD, "at", "TensorBase") || isStableTensorRecord(RD);
}

const Expr *ignoreWrappers(const Expr *E) {
  while (E) {
    const Expr *Before = E;
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      if (F->getCastKind() == CK_ConstructorConversion ||
          F->getCastKind() == CK_NoOp)
        E = F->getSubExpr();
    if (const auto *C = dyn_cast<CXXConstructExpr>(E))
      if (C->getNumArgs() == 1 && !C->isListInitialization() &&
          (C->getConstructor()->isCopyOrMoveConstructor() ||
           C->getConstructor()->isConvertingConstructor(false)))
        E = C->getArg(0);
    if (E == Before)
      return E;
  }
  return E;
}

namespace ops {

bool isElementAccessMethod(StringRef Name) {
  return inSet(Name, {"index", "select", "narrow", "slice", "index_put_"});
}

bool isDataAccessMethod(StringRef Name) {
  return inSet(Name, {"item", "data_ptr", "const_data_ptr", "mutable_data_ptr",
                      "_local_scalar_dense"});
}

bool isFactory(StringRef Name) {
  return inSet(Name, {"empty", "zeros", "ones", "full", "rand", "randn",
                      "randint", "randperm", "arange", "linspace", "logspace",
                      "eye", "tensor", "empty_like", "zeros_like", "ones_like",
                      "full_like", "rand_like", "randn_like", "randint_like",
                      "empty_strided", "empty_symint", "scalar_tensor"});
}

bool isRandomFactory(StringRef Name) {
  return Name.starts_with("rand") || inSet(Name, {"normal", "bernoulli", "multinomial", "poisson"});
}

bool isFactoryDefault(StringRef Name) {
  return inSet(Name, {"kFloat", "kFloat32", "Float", "kCPU", "CPU"});
}

unsigned channelsLastInputRank(StringRef Name) {
  // Each op here keeps channels_last input channels_last: checked on torch
  // 2.x by tests/proofs/test_torch_facts.py, which reads these lists.
  if (inSet(Name, {"conv2d", "conv_transpose2d", "max_pool2d", "max_pool2d_with_indices",
                   "avg_pool2d", "adaptive_avg_pool2d", "adaptive_max_pool2d",
                   "upsample_nearest2d", "upsample_bilinear2d", "upsample_bicubic2d"}))
    return 4;
  // Not avg_pool3d, adaptive_avg_pool3d, adaptive_max_pool3d: on the CPU of
  // torch 2.15 they return channels_last_3d input as NCDHW.
  if (inSet(Name, {"conv3d", "conv_transpose3d", "max_pool3d", "max_pool3d_with_indices",
                   "upsample_nearest3d", "upsample_trilinear3d"}))
    return 5;
  return 0;
}

bool isOutFunction(StringRef Name) {
  return Name.ends_with("_out") || Name.ends_with("_outf");
}

bool isFullOverwriteMethod(StringRef Name) {
  return inSet(Name, {"copy_", "fill_", "zero_", "normal_", "uniform_",
                      "random_", "bernoulli_", "exponential_", "geometric_",
                      "cauchy_", "log_normal_"});
}

bool isFreshResultOp(StringRef Name) {
  // Arithmetic, math, reductions and factories: out-of-place ops that always
  // allocate. Deliberately excludes anything that may return self or a view
  // (contiguous, to, cpu, reshape, flatten, view, select, detach, expand,
  // type_as, ...): cloning those is how ownership is taken.
  static const llvm::StringSet<> Fresh = {
      "add", "sub", "mul", "div", "true_divide", "floor_divide", "remainder",
      "fmod", "pow", "neg", "abs", "exp", "exp2", "expm1", "log", "log2",
      "log10", "log1p", "sqrt", "rsqrt", "sin", "cos", "tan", "tanh",
      "sigmoid", "relu", "gelu", "silu", "softmax", "log_softmax", "clamp",
      "clamp_min", "clamp_max", "floor", "ceil", "round", "trunc", "sign",
      "reciprocal", "square", "matmul", "mm", "bmm", "addmm", "baddbmm",
      "sum", "mean", "prod", "cumsum", "cumprod", "amax", "amin", "std", "var",
      "norm", "where", "cat", "stack", "masked_fill", "index_select",
      "gather", "eq", "ne", "lt", "le", "gt", "ge", "logical_and",
      "logical_or", "logical_not", "bitwise_and", "bitwise_or", "lerp",
      "addcmul", "addcdiv", "conv1d", "conv2d", "conv3d", "linear",
      "layer_norm", "batch_norm", "max_pool2d", "avg_pool2d", "clone",
      "minimum", "maximum", "atan2", "hypot", "erf", "erfinv", "nan_to_num",
      "empty", "zeros", "ones", "full", "rand", "randn", "randint", "arange",
      "linspace", "eye", "empty_like", "zeros_like", "ones_like", "full_like",
      "rand_like", "randn_like", "tensor", "operator+", "operator-",
      "operator*", "operator/", "operator%", "operator==", "operator!=",
      "operator<", "operator<=", "operator>", "operator>=", "operator&",
      "operator|", "operator^", "operator~"};
  return Fresh.contains(Name);
}

bool isInPlaceName(StringRef Name) {
  return Name.size() > 1 && Name.ends_with("_") && !Name.ends_with("__");
}

bool isAliasingMethod(StringRef Name) {
  static const llvm::StringSet<> Aliasing = {
      "view", "view_as", "reshape", "reshape_as", "flatten", "unflatten", "select", "narrow",
      "slice", "transpose", "t", "mT", "permute", "movedim", "moveaxis", "swapaxes", "swapdims",
      "expand", "expand_as", "squeeze", "unsqueeze", "as_strided", "diagonal", "unfold", "detach",
      "alias", "real", "imag", "view_as_real", "view_as_complex", "indices", "values"};
  return Aliasing.contains(Name);
}

} // namespace ops

TorchWrite torchParamWrite(const FunctionDecl *F, unsigned Index) {
  if (!F || !F->getIdentifier() || Index >= F->getNumParams() || !isTorchDecl(F))
    return TorchWrite::None;
  QualType T = F->getParamDecl(Index)->getType();
  if (ops::isOutFunction(F->getName()) && T->isReferenceType() &&
      !T.getNonReferenceType().isConstQualified() && isTensorType(T.getNonReferenceType()))
    return TorchWrite::OutArgument;
  if (ops::isInPlaceName(F->getName()) && Index == 0)
    return TorchWrite::InPlace;
  return TorchWrite::None;
}

std::string freshTensorProducer(const Expr *E) {
  E = ignoreWrappers(E);
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  if (!Call)
    return {};
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !isTorchDecl(Callee))
    return {};
  // By value only: a reference result is an existing tensor.
  QualType Ret = Callee->getReturnType();
  if (Ret->isReferenceType() || !isTensorType(Ret))
    return {};
  std::string Name = Callee->getNameAsString();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    // Unary minus and binary arithmetic/comparison operators allocate.
    OverloadedOperatorKind K = Op->getOperator();
    if (K == OO_Subscript || K == OO_Equal || K == OO_Call)
      return {};
  }
  if (!ops::isFreshResultOp(Name))
    return {};
  return Name;
}

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return {};
  CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
    return {};
  return Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

namespace {

/// The CUDA runtime (cudaMemcpyAsync, cudaGetLastError) or torch's CUDA
/// helpers (at::cuda::getCurrentCUDAStream, c10::cuda::CUDAGuard,
/// C10_CUDA_KERNEL_LAUNCH_CHECK's c10::cuda::c10_cuda_check_implementation).
bool isCudaApi(const NamedDecl *D) {
  if (!D || !D->getIdentifier())
    return false;
  if (D->getName().starts_with("cuda") && D->getDeclContext()->isTranslationUnit())
    return true;
  std::string Q = D->getQualifiedNameAsString();
  return StringRef(Q).starts_with("at::cuda::") || StringRef(Q).starts_with("c10::cuda::");
}

/// A condition that asks which device a tensor is on: x.is_cuda(),
/// x.device().is_cpu(), x.device().type() == at::kCUDA.
bool testsDevice(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(S))
    if (const auto *D = M->getMethodDecl(); D && D->getIdentifier() &&
                                            (D->getName() == "is_cuda" || D->getName() == "is_cpu"))
      return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    if (const auto *E = dyn_cast<EnumConstantDecl>(R->getDecl()))
      if (E->getName() == "CUDA" || E->getName() == "CPU")
        return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
      if (V->getName() == "kCUDA" || V->getName() == "kCPU")
        return true;
  for (const Stmt *C : S->children())
    if (testsDevice(C))
      return true;
  return false;
}

/// A torch function or method that returns tensors (one, a reference, a
/// tuple or vector of them): a tensor op, a view, a factory. Not a copy or
/// move assignment of a handle, not metadata (sizes(), options()).
bool runsTensorOp(const FunctionDecl *F) {
  if (!F || !isTorchDecl(F) || isa<CXXConstructorDecl>(F) || isa<CXXDestructorDecl>(F))
    return false;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F);
      M && (M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator()))
    return false;
  QualType Ret = F->getReturnType().getNonReferenceType();
  if (isTensorType(Ret))
    return true;
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          Ret->getAsCXXRecordDecl()))
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type && isTensorType(A.getAsType()))
        return true;
  return false;
}

} // namespace

BackendEvidence backendEvidence(const FunctionDecl *F) {
  BackendEvidence E;
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody())
    return E;
  const SourceManager &SM = Def->getASTContext().getSourceManager();
  StringRef File = SM.getFilename(SM.getExpansionLoc(Def->getLocation()));
  E.Cuda = File.ends_with(".cu") || File.ends_with(".cuh");
  struct Finder : RecursiveASTVisitor<Finder> {
    BackendEvidence &E;
    explicit Finder(BackendEvidence &E) : E(E) {}
    bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
      E.Cuda = true;
      return true;
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *Callee = C->getDirectCallee();
      E.Ops |= runsTensorOp(Callee);
      if (isCudaApi(Callee))
        E.Cuda = true;
      else if (Callee && Callee->getIdentifier() && isTorchDecl(Callee)) {
        if (readsRawMemory(Callee))
          E.Cpu = true;
        // at::tensor(values), from_blob: memory a fake tensor cannot copy.
        else if (Callee->getName() == "tensor" || Callee->getName() == "from_blob")
          E.HostData = true;
      }
      return true;
    }
    // A template's calls on dependent tensors resolve per instantiation:
    // they may be tensor ops.
    bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *) {
      E.Ops = true;
      return true;
    }
    bool VisitUnresolvedMemberExpr(UnresolvedMemberExpr *) {
      E.Ops = true;
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *C) {
      if (isCudaApi(C->getConstructor()->getParent()))
        E.Cuda = true;
      return true;
    }
    // The code's own test (not TORCH_CHECK's expansion) of the device.
    bool VisitIfStmt(IfStmt *S) {
      if (S->getCond() && !S->getCond()->getBeginLoc().isMacroID() && testsDevice(S->getCond()))
        E.DeviceBranch = true;
      return true;
    }
    bool VisitConditionalOperator(ConditionalOperator *C) {
      if (!C->getCond()->getBeginLoc().isMacroID() && testsDevice(C->getCond()))
        E.DeviceBranch = true;
      return true;
    }
  } V(E);
  V.TraverseStmt(Def->getBody());
  return E;
}

bool isAccessorType(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (const auto *Spec = T.getNonReferenceType()->getAs<TemplateSpecializationType>())
    if (const TemplateDecl *TD = Spec->getTemplateName().getAsTemplateDecl())
      return TD->getName().contains("Accessor");
  return RD && RD->getIdentifier() && RD->getName().contains("Accessor");
}

namespace {

/// Whether \p S names a read of raw tensor memory (data_ptr, accessor), in
/// a resolved call or, in a template, a dependent member call.
bool namesRawDataRead(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CallExpr>(S))
    if (readsRawMemory(C->getDirectCallee()))
      return true;
  if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(S))
    if (isRawDataRead(M->getMember().getAsString()))
      return true;
  if (const auto *M = dyn_cast<UnresolvedMemberExpr>(S))
    if (isRawDataRead(M->getMemberName().getAsString()))
      return true;
  for (const Stmt *Child : S->children())
    if (namesRawDataRead(Child))
      return true;
  return false;
}

/// A subscript's base that is tensor memory: `x.data_ptr<T>()[i]`,
/// `p[i]` of a pointer parameter or of a local initialised from a data read,
/// `a[i][j]` of an accessor.
bool isDataBase(const Expr *Base) {
  Base = Base->IgnoreParenImpCasts();
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(Base))
    return isDataBase(A->getBase());
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(Base);
      O && O->getOperator() == OO_Subscript && O->getNumArgs() == 2)
    return isDataBase(O->getArg(0));
  if (isa<CallExpr>(Base))
    return namesRawDataRead(Base) || isAccessorType(Base->getType());
  const auto *R = dyn_cast<DeclRefExpr>(Base);
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  if (!V)
    return false;
  QualType T = V->getType().getNonReferenceType();
  if (isAccessorType(T))
    return true;
  if (!T->isPointerType() && !T->isDependentType())
    return false;
  return isa<ParmVarDecl>(V) || namesRawDataRead(V->getInit());
}

/// Ops that only make a view or read metadata: no work per iteration.
bool isViewOp(StringRef Name) {
  return inSet(Name, {"view", "view_as", "reshape", "reshape_as", "expand", "expand_as",
                      "permute", "transpose", "t", "squeeze", "unsqueeze", "flatten", "alias",
                      "detach", "as_strided", "options", "operator="});
}

/// Whether \p S names the CPU device (`torch::kCPU`, `at::DeviceType::CPU`).
bool namesCpuDevice(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(S)) {
    const ValueDecl *D = R->getDecl();
    if ((isa<VarDecl>(D) && D->getName() == "kCPU") ||
        (isa<EnumConstantDecl>(D) && D->getName() == "CPU"))
      return true;
  }
  return llvm::any_of(S->children(), namesCpuDevice);
}

/// A call that waits for the device (or copies to the host).
bool isBlockingCall(const FunctionDecl *F) {
  if (!F || !F->getIdentifier())
    return false;
  StringRef N = F->getName();
  if (isTorchDecl(F))
    return inSet(N, {"item", "_local_scalar_dense", "nonzero", "masked_select", "unique",
                     "_unique2", "cpu", "equal", "allclose", "synchronize",
                     "device_synchronize", "stream_synchronize"});
  // The runtime's functions are declared in `extern "C"` blocks.
  return F->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
         inSet(N, {"cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize",
                   "cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D", "cudaMemcpyFromSymbol",
                   "cudaMemcpyToSymbol", "cudaThreadSynchronize"});
}

} // namespace

HostWork hostWork(const FunctionDecl *F) {
  HostWork W;
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || Def->hasAttr<CUDAGlobalAttr>() ||
      Def->hasAttr<CUDADeviceAttr>())
    return W;
  // The work one iteration of a host loop does; a launch names it whatever
  // else the loop reads (sizes kept in host memory, a launcher's metadata).
  struct PerIteration : RecursiveASTVisitor<PerIteration> {
    bool Launch = false, Element = false, Data = false, Ops = false;
    std::string what() const {
      return Launch    ? "a loop that launches a kernel per iteration"
             : Element ? "a loop that indexes a tensor per element"
             : Data    ? "a CPU loop over tensor data"
             : Ops     ? "a loop that runs tensor ops per iteration"
                       : "";
    }
    bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
      Launch = true;
      return false;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
      Data |= isDataBase(A->getBase());
      return true;
    }
    // `*(x.data_ptr<float>() + i)`, `*(p + i)`.
    bool VisitUnaryOperator(UnaryOperator *U) {
      const auto *B = dyn_cast<BinaryOperator>(U->getSubExpr()->IgnoreParenImpCasts());
      Data |= U->getOpcode() == UO_Deref && B && B->isAdditiveOp() &&
              (isDataBase(B->getLHS()) || isDataBase(B->getRHS()));
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *O) {
      if (O->getOperator() != OO_Subscript || O->getNumArgs() != 2)
        return true;
      if (isTensorType(O->getArg(0)->getType()))
        Element = true;
      else
        Data |= isDataBase(O->getArg(0));
      return true;
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *Callee = C->getDirectCallee();
      if (!isa<CXXOperatorCallExpr>(C) && Callee && Callee->getIdentifier() &&
          isTorchDecl(Callee) && !isViewOp(Callee->getName()) &&
          isTensorType(Callee->getReturnType()))
        Ops = true;
      return true;
    }
  };
  struct Finder : RecursiveASTVisitor<Finder> {
    HostWork &W;
    explicit Finder(HostWork &W) : W(W) {}
    bool loop(Stmt *Loop, Stmt *Body) {
      PerIteration P;
      P.TraverseStmt(Body);
      if (std::string What = P.what(); !What.empty()) {
        W.At = Loop;
        W.What = What;
      }
      return !W.At;
    }
    bool VisitForStmt(ForStmt *S) { return loop(S, S->getBody()); }
    bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return loop(S, S->getBody()); }
    bool VisitWhileStmt(WhileStmt *S) { return loop(S, S->getBody()); }
    bool VisitDoStmt(DoStmt *S) {
      // `do { ... } while (0)`: a macro's one block (ColossalAI's launch
      // macros), run once.
      const Expr *Cond = S->getCond() ? S->getCond()->IgnoreParenImpCasts() : nullptr;
      if (const auto *I = dyn_cast_or_null<IntegerLiteral>(Cond); I && I->getValue() == 0)
        return true;
      if (const auto *B = dyn_cast_or_null<CXXBoolLiteralExpr>(Cond); B && !B->getValue())
        return true;
      return loop(S, S->getBody());
    }
    bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
      W.At = D;
      W.What = "an OpenMP parallel region";
      return false;
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *Callee = C->getDirectCallee();
      if (isBlockingCall(Callee)) {
        W.At = C;
        W.What = "'" + Callee->getName().str() + "' (a wait for the device)";
      } else if (Callee && Callee->getIdentifier() && isTorchDecl(Callee) &&
                 Callee->getName() == "to" &&
                 llvm::any_of(C->arguments(), [](const Expr *A) { return namesCpuDevice(A); })) {
        W.At = C;
        W.What = "'to' the CPU (a copy that waits for the device)";
      } else if (Callee && Callee->getIdentifier() && isTorchDecl(Callee) &&
                 Callee->getName() == "parallel_for") {
        W.At = C;
        W.What = "at::parallel_for";
      }
      return !W.At;
    }
  } V(W);
  V.TraverseStmt(Def->getBody());
  return W;
}

std::string BackendEvidence::str() const {
  std::string S;
  for (auto [On, Word] : {std::pair{Cuda, "cuda"}, {Cpu && !Cuda, "cpu"}, {HostData, "host"},
                          {DeviceBranch, "branch"}, {Ops, "ops"}})
    if (On)
      S += (S.empty() ? "" : " ") + std::string(Word);
  return S;
}

} // namespace torchlint::model
