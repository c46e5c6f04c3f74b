//===--- Signatures.cpp - C++ signatures seen as operator schemas ---------===//

#include "Signatures.h"

#include "ProjectFacts.h"

#include "AstUtil.h"
#include "Registrations.h"
#include "Session.h"

#include "TorchApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <set>

using namespace clang;

namespace torchlint::model {
namespace {

QualType firstTypeArg(const ClassTemplateSpecializationDecl *S) {
  if (!S || S->getTemplateArgs().size() < 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return {};
  return S->getTemplateArgs()[0].getAsType();
}

std::string recordName(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!RD)
    return {};
  return RD->getQualifiedNameAsString();
}

std::string scalarSpelling(QualType T, std::string &Instead) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *B = T->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::Long:
    case BuiltinType::LongLong:
      return "int";
    case BuiltinType::Double:
      return "float";
    case BuiltinType::Bool:
      return "bool";
    case BuiltinType::Int:
    case BuiltinType::UInt:
    case BuiltinType::Short:
    case BuiltinType::ULong:
    case BuiltinType::Char_S:
    case BuiltinType::SChar:
    case BuiltinType::UChar:
      Instead = "int64_t";
      return {};
    case BuiltinType::Float:
      Instead = "double";
      return {};
    default:
      return {};
    }
  }
  if (const auto *ET = T->getAs<EnumType>()) {
    StringRef Name = ET->getDecl()->getName();
    if (Name == "ScalarType" || Name == "Layout" || Name == "MemoryFormat")
      return Name.str();
    return {};
  }
  std::string Name = recordName(T);
  if (Name == "c10::Scalar")
    return "Scalar";
  if (Name == "c10::SymInt")
    return "SymInt";
  if (Name == "c10::Device" || Name == "torch::stable::Device")
    return "Device";
  if (Name == "c10::basic_string_view" || Name == "std::basic_string" ||
      Name == "std::__cxx11::basic_string" || Name == "c10::string_view" ||
      Name == "std::basic_string_view")
    return "str";
  if (Name == "at::Generator" || Name == "torch::stable::Generator")
    return "Generator";
  return {};
}

bool isListTemplate(const ClassTemplateSpecializationDecl *S) {
  if (!S)
    return false;
  std::string N = S->getQualifiedNameAsString();
  // c10::HeaderOnlyArrayRef is the stable ABI's
  // torch::headeronly::HeaderOnlyArrayRef.
  return N == "c10::ArrayRef" || N == "std::vector" || N == "c10::List" ||
         N == "c10::OptionalArrayRef" || N == "c10::IListRef" ||
         N == "c10::HeaderOnlyArrayRef";
}

} // namespace

SchemaTypeOf schemaTypeOf(QualType Type) {
  SchemaTypeOf R;
  if (Type.isNull())
    return R;
  QualType NonRef = Type.getNonReferenceType();
  if (isTensorType(Type)) {
    R.Spelling = "Tensor";
    R.MutableRef = Type->isLValueReferenceType() && !NonRef.isConstQualified();
    return R;
  }
  const ClassTemplateSpecializationDecl *S = templateSpecializationOf(Type);
  if (S && (S->getName() == "optional")) {
    // optional<const Tensor> (omniserve's attention bindings): no kernel
    // takes it, torch's boxing wants optional<Tensor> (proved in
    // tests/proofs/test_opaque_binding.py).
    if (isTensorType(firstTypeArg(S)) && firstTypeArg(S).isConstQualified()) {
      R.Instead = "c10::optional<at::Tensor>";
      return R;
    }
    SchemaTypeOf Inner = schemaTypeOf(firstTypeArg(S));
    if (!Inner.Spelling.empty())
      R.Spelling = Inner.Spelling + "?";
    R.Instead = Inner.Instead.empty() ? "" : "c10::optional<" + Inner.Instead + ">";
    return R;
  }
  if (isListTemplate(S)) {
    QualType Elem = firstTypeArg(S);
    if (isTensorType(Elem)) {
      R.Spelling = "Tensor[]";
      return R;
    }
    const ClassTemplateSpecializationDecl *ES = templateSpecializationOf(Elem);
    if (ES && ES->getName() == "optional" && isTensorType(firstTypeArg(ES))) {
      R.Spelling = "Tensor?[]";
      return R;
    }
    std::string Instead;
    std::string E = scalarSpelling(Elem, Instead);
    // std::vector<std::vector<int64_t>>: int[][].
    if (E.empty() && Instead.empty() && isListTemplate(templateSpecializationOf(Elem)))
      E = schemaTypeOf(Elem).Spelling;
    if (!E.empty()) {
      R.Spelling = E + "[]";
      if (S->getName() == "OptionalArrayRef")
        R.Spelling += "?";
      return R;
    }
    if (!Instead.empty())
      R.Instead = "std::vector<" + Instead + "> or at::IntArrayRef";
    return R;
  }
  // c10::Dict<K, V>: Dict(K, V), the key a str/int/float/bool/Tensor; a
  // typedef of the key (pyg-lib's `typedef std::string rel_type`) is
  // seen through.
  if (S && S->getQualifiedNameAsString() == "c10::Dict" && S->getTemplateArgs().size() == 2 &&
      S->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
      S->getTemplateArgs()[1].getKind() == TemplateArgument::Type) {
    QualType K = S->getTemplateArgs()[0].getAsType(), V = S->getTemplateArgs()[1].getAsType();
    std::string Unused;
    std::string Key = isTensorType(K) ? "Tensor" : scalarSpelling(K, Unused);
    std::string Value = schemaTypeOf(V).Spelling;
    if (!Key.empty() && !Value.empty())
      R.Spelling = "Dict(" + Key + ", " + Value + ")";
    return R;
  }
  R.Spelling = scalarSpelling(Type, R.Instead);
  return R;
}

std::string schemaAdaptable(QualType T) {
  if (T.isNull() || (T->isReferenceType() && !T.getNonReferenceType().isConstQualified()))
    return {};
  const auto *B = T.getNonReferenceType().getCanonicalType()->getAs<BuiltinType>();
  if (!B)
    return {};
  switch (B->getKind()) {
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::Short:
    return "int64_t";
  case BuiltinType::Float:
    return "double";
  default:
    return {};
  }
}

std::string schemaReturnOf(QualType Type) {
  if (Type.isNull())
    return {};
  if (Type->isVoidType())
    return "()";
  const ClassTemplateSpecializationDecl *S = templateSpecializationOf(Type);
  if (S && S->getName() == "tuple") {
    std::string Out = "(";
    for (unsigned I = 0; I < S->getTemplateArgs().size(); ++I) {
      const TemplateArgument &A = S->getTemplateArgs()[I];
      if (A.getKind() == TemplateArgument::Pack) {
        bool First = true;
        for (const TemplateArgument &P : A.pack_elements()) {
          std::string E = schemaReturnOf(P.getAsType());
          if (E.empty())
            return {};
          Out += (First ? "" : ", ") + E;
          First = false;
        }
      }
    }
    return Out + ")";
  }
  SchemaTypeOf T = schemaTypeOf(Type);
  return T.Spelling;
}

std::string schemaNameOf(const ParmVarDecl *P) {
  return schemaNameOf(P->getName().empty() ? "arg" + std::to_string(P->getFunctionScopeIndex())
                                           : P->getName().str());
}

std::string schemaNameOf(const std::string &Name) {
  // What TorchScript's schema lexer takes as keywords (checked one by one
  // with torch._C.parse_schema on torch 2.x), and Python's keywords.
  static const std::set<std::string> Reserved = {
      "False",  "None",   "NoneType", "True",   "and",   "as",       "assert", "async",
      "await",  "break",  "class",    "continue", "def", "del",      "elif",   "else",
      "except", "finally", "for",     "from",   "global", "if",      "import", "in",
      "is",     "lambda", "nonlocal", "not",    "or",    "pass",     "raise",  "return",
      "try",    "while",  "with",     "yield"};
  return Reserved.count(Name) ? Name + "_" : Name;
}

std::string kernelParamProblem(const ParmVarDecl *P, const PrintingPolicy &Policy) {
  std::string Name = schemaNameOf(P);
  QualType PT = P->getType();
  SchemaTypeOf T = schemaTypeOf(PT);
  if (T.Spelling.empty())
    return "parameter '" + Name + "' of type '" + PT.getAsString(Policy) +
           "' has no schema type" +
           (T.Instead.empty() ? "; take a tensor or a schema type instead"
                              : "; use '" + T.Instead + "' instead");
  if (!PT->isLValueReferenceType() || PT.getNonReferenceType().isConstQualified() ||
      T.MutableRef)
    return "";
  return "parameter '" + Name + "' of type '" + PT.getAsString(Policy) +
         "' cannot be a kernel's: the dispatcher passes a temporary, which a "
         "non-const reference cannot bind; take 'const " +
         PT.getNonReferenceType().getAsString(Policy) + " &'" +
         (StringRef(T.Spelling).starts_with("Tensor")
              ? ", declared '" + T.Spelling.substr(0, 6) + "(a!)" + T.Spelling.substr(6) +
                    "' if the kernel writes it"
              : "");
}

bool takesOrReturnsTensors(const FunctionDecl *F) {
  if (!F)
    return false;
  std::function<bool(QualType, unsigned)> Tensorish = [&](QualType T, unsigned Depth) {
    SchemaTypeOf S = schemaTypeOf(T);
    if (StringRef(S.Spelling).starts_with("Tensor"))
      return true;
    std::string R = schemaReturnOf(T);
    if (StringRef(R).contains("Tensor"))
      return true;
    // A tuple with a tensor beside a type no schema has (tiny-cuda-nn's
    // std::tuple<Context, torch::Tensor>).
    const ClassTemplateSpecializationDecl *Spec = templateSpecializationOf(T);
    if (!Spec || Depth > 2 || (Spec->getName() != "tuple" && Spec->getName() != "pair"))
      return false;
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      for (const TemplateArgument &E :
           A.getKind() == TemplateArgument::Pack ? A.pack_elements() : llvm::ArrayRef(A))
        if (E.getKind() == TemplateArgument::Type && Tensorish(E.getAsType(), Depth + 1))
          return true;
    return false;
  };
  if (Tensorish(F->getReturnType(), 0))
    return true;
  for (const ParmVarDecl *P : F->parameters())
    if (Tensorish(P->getType(), 0))
      return true;
  return false;
}

namespace {

/// The definition of \p Callee to look into (its template's, for an
/// instance), unless none is in the TU or it is in a system header.
const FunctionDecl *projectDefinition(const FunctionDecl *Callee) {
  const FunctionDecl *Def = Callee->getDefinition();
  if (const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern())
    Def = Pattern->getDefinition() ? Pattern->getDefinition() : Def;
  if (!Def || !Def->getBody())
    return nullptr;
  const SourceManager &SM = Def->getASTContext().getSourceManager();
  return SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) ? nullptr : Def;
}

/// Clang rejected code in \p Def's body (TUModel::noteError): a statement
/// it dropped may write what the rest does not.
bool bodyRejected(const FunctionDecl *Def) {
  return Def && Def->getBody() &&
         TUModel::of(Def->getASTContext()).rejectedWithin(Def->getBody());
}

/// \p Callee writes through its pointer parameter \p Index (\p Depth:
/// callees followed to get here). With \p Unseen: set when it does not,
/// as far as the TU shows, but cannot be told to: \p Callee is not the
/// project's code here (declared only, a library's), the pointer goes on to
/// such code, the chain is too deep, or its parameter is a template's that
/// is no pointer (an iterator type) and the body writes nothing through it.
bool writesThroughAt(const FunctionDecl *Callee, unsigned Index, unsigned Depth,
                     bool *Unseen = nullptr);

/// returnsViewOf for a callee met \p Depth calls down.
ReturnedView returnsViewAt(const FunctionDecl *Callee, unsigned Index, unsigned Depth);

/// \p E through the methods that may return a view of their object
/// (`x.view({n, -1})`, `x.select(0, i)`, `x.flatten()`, `x[i]`): the tensor
/// whose storage E may share.
const Expr *throughViews(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = ignoreWrappers(E);
    if (const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *D = M->getMethodDecl();
      if (D && D->getIdentifier() && isTorchDecl(D) && isTensorType(M->getType()) &&
          ops::isAliasingMethod(D->getName())) {
        E = M->getImplicitObjectArgument();
        continue;
      }
    }
    // (`x[i]` is x.select(0, i); `x[mask]` copies.)
    if (const auto *O = dyn_cast_or_null<CXXOperatorCallExpr>(E);
        O && O->getOperator() == OO_Subscript && O->getNumArgs() == 2 &&
        isTensorType(O->getType()) && isTensorType(O->getArg(0)->getType()) &&
        !isTensorType(O->getArg(1)->getType())) {
      E = O->getArg(0);
      continue;
    }
    break;
  }
  return E;
}

class MutationFinder : public RecursiveASTVisitor<MutationFinder> {
public:
  MutationFinder(const VarDecl *P, unsigned Depth = 0, bool HandedPointers = false,
                 bool VerifyHanded = false, bool StoredPointers = false)
      : P(P), Depth(Depth), HandedPointers(HandedPointers), VerifyHanded(VerifyHanded),
        StoredPointers(StoredPointers) {}
  const VarDecl *P;
  unsigned Depth; ///< Callees followed to get here.
  /// Also count a writable pointer to P's data handed to a function
  /// (mayWriteParam).
  bool HandedPointers;
  /// Count a handed pointer only where the callee (defined in the TU: a
  /// launcher, the __global__ kernel it launches) writes through it.
  bool VerifyHanded;
  /// Also count a writable pointer to P's data stored in a struct's field
  /// (`params.out_ptr = out.data_ptr()`, for a kernel launched with it).
  bool StoredPointers;
  llvm::SmallPtrSet<const VarDecl *, 4> Aliases; ///< Pointers/accessors into P.
  /// Tensors that are P itself (`at::Tensor y = x;`, `dz = dz_.value();`),
  /// until assigned something else.
  llvm::SmallPtrSet<const VarDecl *, 4> Handles;
  /// Where each handle was made: the arms around it (armsAround).
  llvm::DenseMap<const VarDecl *, std::vector<const Stmt *>> HandleArms;
  std::string How;
  const Stmt *Where = nullptr;
  /// With VerifyHanded: the first call a writable pointer to P's data is
  /// handed to whose writes the TU does not show (code that is not the
  /// project's: thrust::make_reverse_iterator; a function declared only; a
  /// template parameter that is no pointer, `DataIteratorT out`), and who.
  const Stmt *Unseen = nullptr;
  std::string UnseenCallee;
  /// When that callee is only declared in the TU: its USR and the index of
  /// the parameter the pointer goes to (another file may define it: the
  /// project facts tell whether it writes there).
  std::string UnseenUsr;
  unsigned UnseenIndex = 0;
  /// The Unseen callee is one that returns a tensor made from P
  /// (`auto dy = normalize_shape(dy_);`), and that tensor is written
  /// afterwards: it writes P where the callee returns P or a view of it.
  bool UnseenView = false;

  bool found() const { return Where != nullptr; }
  void hit(const Stmt *S, std::string H) {
    if (!Where) {
      Where = S;
      How = std::move(H);
    }
  }

  /// E is P, the tensor of an optional P (`p.value()`, `*p`, `p->`), a
  /// handle to it, or a view of one of those (`p.view({n, -1})`, `p[i]`).
  bool isP(const Expr *E) {
    E = throughViews(E);
    if (const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(E);
        M && M->getMethodDecl() && M->getMethodDecl()->getIdentifier() &&
        M->getMethodDecl()->getName() == "value")
      E = ignoreWrappers(M->getImplicitObjectArgument());
    else if (const auto *O = dyn_cast_or_null<CXXOperatorCallExpr>(E);
             O && O->getNumArgs() == 1 &&
             (O->getOperator() == OO_Star || O->getOperator() == OO_Arrow))
      E = ignoreWrappers(O->getArg(0));
    if (refersTo(E, P))
      return true;
    const auto *R = dyn_cast_or_null<DeclRefExpr>(E);
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    return V && Handles.contains(V);
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const CXXMethodDecl *M = Call->getMethodDecl();
    if (!M || !M->getIdentifier() || !isP(Call->getImplicitObjectArgument()))
      return true;
    StringRef Name = M->getName();
    if (ops::isInPlaceName(Name))
      hit(Call, "'" + Name.str() + "()' writes to it");
    return true;
  }
  /// P handed to a function of the project defined in this TU (a helper,
  /// a functor's operator(), an autograd::Function's forward through
  /// apply): written if the callee writes its parameter.
  void followCallee(const CallExpr *Call, const FunctionDecl *Callee, unsigned ParamOffset) {
    if (found() || Depth >= 4)
      return;
    const FunctionDecl *Def = projectDefinition(Callee);
    if (!Def)
      return;
    unsigned ArgOffset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned I = ArgOffset; I < Call->getNumArgs() && !found(); ++I) {
      unsigned Index = I - ArgOffset + ParamOffset;
      if (!isP(Call->getArg(I)) || Index >= Def->getNumParams())
        continue;
      MutationFinder Inner(Def->getParamDecl(Index), Depth + 1, HandedPointers, VerifyHanded,
                           StoredPointers);
      Inner.TraverseStmt(Def->getBody());
      if (Inner.found())
        hit(Call, "it is passed to '" + functionName(Def) + "', where " + Inner.How);
      else if (Inner.Unseen && !Unseen) {
        Unseen = Call;
        UnseenCallee = Inner.UnseenCallee;
        UnseenUsr = Inner.UnseenUsr;
        UnseenIndex = Inner.UnseenIndex;
        UnseenView = Inner.UnseenView;
      } else if (VerifyHanded && !Unseen && bodyRejected(Def)) {
        Unseen = Call;
        UnseenCallee = functionName(Def);
      }
    }
  }

  /// \p E is a pointer into P's data: an alias (`T *o = p.data_ptr<T>()`)
  /// or `p.data_ptr()` / `mutable_data_ptr()` (and `data()` if \p OrData).
  bool pointsIntoP(const Expr *E, bool OrData) {
    E = ignoreWrappers(E);
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      return isa<VarDecl>(R->getDecl()) && Aliases.contains(cast<VarDecl>(R->getDecl()));
    const auto *M = dyn_cast<CXXMemberCallExpr>(E);
    if (!M || !M->getMethodDecl() || !M->getMethodDecl()->getIdentifier())
      return false;
    StringRef Name = M->getMethodDecl()->getName();
    return (Name == "data_ptr" || Name == "mutable_data_ptr" || (OrData && Name == "data") ||
            Name == "accessor" || Name.contains("packed_accessor")) &&
           isP(M->getImplicitObjectArgument());
  }

  /// What an address argument points into: `p` for `p`, `p + i`, `&p[i]`,
  /// `&p[i].x`, `&acc[i][j]`; `x.data_ptr<T>()` for `x.data_ptr<T>() + i`.
  static const Expr *addressBase(const Expr *E) {
    E = E->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
      E = U->getSubExpr()->IgnoreParenCasts();
      for (unsigned Steps = 0; Steps < 8; ++Steps) {
        if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
          E = M->getBase()->IgnoreParenCasts();
        else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
          E = A->getBase()->IgnoreParenCasts();
        else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
                 Op && Op->getOperator() == OO_Subscript)
          E = Op->getArg(0)->IgnoreParenCasts();
        else if (const auto *D = dyn_cast<UnaryOperator>(E); D && D->getOpcode() == UO_Deref)
          E = D->getSubExpr()->IgnoreParenCasts();
        else
          break;
      }
    }
    for (unsigned Steps = 0; Steps < 8; ++Steps) {
      const auto *B = dyn_cast<BinaryOperator>(E);
      if (!B || !B->isAdditiveOp())
        break;
      const Expr *L = B->getLHS(), *R = B->getRHS();
      E = (R->getType()->isPointerType() && !L->getType()->isPointerType() ? R : L)
              ->IgnoreParenCasts();
    }
    return E;
  }

  /// `atomicAdd(&out[i], v)`: CUDA's atomics (and torch's gpuAtomicAdd,
  /// fastAtomicAdd) write where their first argument points.
  void atomicWrite(const CallExpr *Call, const FunctionDecl *Callee) {
    StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
    QualType First = Callee->getNumParams() ? Callee->getParamDecl(0)->getType() : QualType();
    // (A pointer to const, as std::atomic_load takes, reads.)
    if (Call->getNumArgs() < 2 || First.isNull() || !First->isPointerType() ||
        First->getPointeeType().isConstQualified() ||
        !(Name.starts_with("atomic") || Name.starts_with("gpuAtomic") ||
          Name.starts_with("fastAtomic")))
      return;
    const Expr *Base = addressBase(Call->getArg(0));
    if (((P->getType()->isPointerType() || isAccessorType(P->getType())) && refersTo(Base, P)) ||
        pointsIntoP(Base, true))
      hit(Call, "'" + Name.str() + "()' writes to it");
  }

  /// `launch(out.data_ptr<T>())`, or a `T *o = out.data_ptr<T>()` handed on,
  /// where the callee's parameter is a pointer to non-const T.
  void handedPointer(const CallExpr *Call, const FunctionDecl *Callee) {
    unsigned ArgOffset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned I = ArgOffset; I < Call->getNumArgs() && !found(); ++I) {
      unsigned Index = I - ArgOffset;
      if (Index >= Callee->getNumParams())
        break;
      QualType T = Callee->getParamDecl(Index)->getType();
      // (A writable pointer, or an accessor: `kernel<<<...>>>(y.packed_accessor32<...>())`.)
      bool Accessor = isAccessorType(T);
      if (!Accessor && (!T->isPointerType() || T->getPointeeType().isConstQualified()))
        continue;
      bool Ours = pointsIntoP(addressBase(Call->getArg(I)), /*OrData=*/true);
      if (Ours && VerifyHanded)
        Ours = verifiedWrite(Call, Callee, Index);
      if (Ours)
        hit(Call, "a writable pointer to its data is handed to '" + functionName(Callee) + "'" +
                      (VerifyHanded ? ", which writes through it" : ""));
    }
  }

  /// The project function \p Callee (defined in the TU) writes through its
  /// pointer parameter \p Index, or hands it to one that does; where that
  /// cannot be told, the call is Unseen's (the first such).
  bool verifiedWrite(const CallExpr *Call, const FunctionDecl *Callee, unsigned Index) {
    bool NotSeen = false;
    if (writesThroughAt(Callee, Index, Depth, &NotSeen))
      return true;
    if (NotSeen && !Unseen) {
      Unseen = Call;
      UnseenCallee = functionName(Callee);
      if (!projectDefinition(Callee)) {
        UnseenUsr = usrOf(Callee->getCanonicalDecl());
        UnseenIndex = Index;
      }
    }
    return false;
  }

  /// \p E through a pack expansion and `std::forward<T>(x)` / `std::move(x)`,
  /// which hand on what they are given (nvdiffrec's variadic
  /// `update_grid(gridSize, std::forward<Ts>(vs)...)`).
  static const Expr *throughForward(const Expr *E) {
    for (int Steps = 0; E && Steps < 4; ++Steps) {
      E = E->IgnoreParenImpCasts();
      if (const auto *Pack = dyn_cast<PackExpansionExpr>(E)) {
        E = Pack->getPattern();
        continue;
      }
      const auto *C = dyn_cast<CallExpr>(E);
      if (!C || C->getNumArgs() != 1)
        break;
      const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
      std::string Name;
      if (const auto *Set = dyn_cast<UnresolvedLookupExpr>(Callee))
        Name = Set->getName().getAsString();
      else if (const FunctionDecl *F = C->getDirectCallee(); F && F->isInStdNamespace() &&
                                                             F->getIdentifier())
        Name = F->getName().str();
      if (Name != "forward" && Name != "move")
        break;
      E = C->getArg(0);
    }
    return E;
  }

  /// A call whose callee the template pattern does not resolve (an overload
  /// set or a function template called with arguments of a template
  /// parameter's type: apex's `gemmex_wrapper(..., d_weight, ...)` inside
  /// `template <typename T> wgrad_gemm_accum_fp32_cuda`), or a call through
  /// a dependent member, handed P or a pointer into it: each candidate of
  /// the overload set is asked what it does with that parameter; where none
  /// answers, the call is Unseen's, never "writes nothing".
  void dependentCall(const CallExpr *Call) {
    if (!VerifyHanded || found() || !Call->isTypeDependent() || throughForward(Call) != Call)
      return;
    const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
    const auto *Set = dyn_cast<UnresolvedLookupExpr>(Callee);
    for (unsigned I = 0; I < Call->getNumArgs() && !found(); ++I) {
      const Expr *Arg = throughForward(Call->getArg(I));
      const Expr *Base = addressBase(Arg);
      if (!isP(Arg) && !pointsIntoP(Base, /*OrData=*/true) &&
          !(P->getType()->isPointerType() && refersTo(Base, P)))
        continue;
      // Each candidate is asked: one taking a writable pointer there through
      // its body (it sets Unseen where it cannot tell), one taking a tensor
      // (by value or reference, or a template parameter's type) by what its
      // body does to that parameter; a pointer to const or another value
      // reads; no candidate cannot be told.
      bool MayWrite = !Set;
      if (Set)
        for (const NamedDecl *D : Set->decls()) {
          const FunctionDecl *Candidate = D->getAsFunction();
          const FunctionDecl *Def = Candidate ? projectDefinition(Candidate) : nullptr;
          const ParmVarDecl *Param = nullptr;
          if (Candidate)
            for (const ParmVarDecl *Q : Candidate->parameters())
              if (Q->getFunctionScopeIndex() == I || (Q->isParameterPack() &&
                                                      Q->getFunctionScopeIndex() <= I))
                Param = Q;
          QualType T = Param ? Param->getType().getNonReferenceType() : QualType();
          if (T.isNull()) {
            MayWrite = true;
            continue;
          }
          if (T->isPointerType() && !T->getPointeeType().isConstQualified()) {
            if (verifiedWrite(Call, Candidate, Param->getFunctionScopeIndex())) {
              hit(Call, "a writable pointer to its data is handed to '" +
                            functionName(Candidate) + "', which writes through it");
              return;
            }
            continue;
          }
          if (!T->isDependentType() && !isTensorLikeType(T) &&
              !(Param->getType()->isReferenceType() && !T.isConstQualified()))
            continue;
          // A torch function is told by its signature (BEVDet's spconv:
          // `torch::mm_out(out, in, filters[i])` with `filters` a template's
          // tensor): it writes its out= arguments (non-const Tensor&) and,
          // in place, its first; any other tensor it reads.
          if (Candidate && isTorchDecl(Candidate)) {
            if (torchWrite(Call, Candidate, Param->getFunctionScopeIndex()))
              return;
            continue;
          }
          if (!Def || Depth >= 4) {
            MayWrite = true;
            continue;
          }
          MutationFinder Inner(Def->getParamDecl(Param->getFunctionScopeIndex()), Depth + 1,
                               HandedPointers, VerifyHanded, StoredPointers);
          Inner.TraverseStmt(Def->getBody());
          if (Inner.found()) {
            hit(Call, "it is passed to '" + functionName(Def) + "', where " + Inner.How);
            return;
          }
          MayWrite |= Inner.Unseen != nullptr || bodyRejected(Def);
        }
      if (MayWrite && !Unseen) {
        Unseen = Call;
        if (Set)
          UnseenCallee = Set->getName().getAsString();
        else if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
          UnseenCallee = M->getMember().getAsString();
        else
          UnseenCallee = "a call the template does not resolve";
      }
    }
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F) {
      dependentCall(Call);
      return true;
    }
    if (!isTorchDecl(F)) {
      atomicWrite(Call, F);
      if (HandedPointers)
        handedPointer(Call, F);
      // The pointer itself handed on (launch(out) inside a launcher).
      if (VerifyHanded && P->getType()->isPointerType())
        for (unsigned I = 0; I < Call->getNumArgs() && !found(); ++I)
          if (refersTo(addressBase(Call->getArg(I)), P) && I < F->getNumParams() &&
              F->getParamDecl(I)->getType()->isPointerType() &&
              !F->getParamDecl(I)->getType()->getPointeeType().isConstQualified() &&
              verifiedWrite(Call, F, I))
            hit(Call, "it is handed to '" + functionName(F) + "', which writes through it");
      followCallee(Call, F, 0);
      return true;
    }
    for (const FunctionDecl *M : autogradFunctionMethods(F))
      if (M->getName() == "forward")
        followCallee(Call, M, 1); // forward(ctx, args...)
    if (!F->getIdentifier() || Call->getNumArgs() < 1)
      return true;
    // Out= functions and in-place ops as free functions: at::mm_out(p, a, b),
    // at::zero_(p), and the stable ABI's only form, torch::stable::fill_(p, v).
    if (!isa<CXXMemberCallExpr>(Call) && !isa<CXXOperatorCallExpr>(Call))
      for (unsigned I = 0; I < Call->getNumArgs() && !found(); ++I)
        if (isP(Call->getArg(I)))
          torchWrite(Call, F, I);
    return true;
  }
  /// A hit where the torch function \p F writes its parameter \p Index
  /// (torchParamWrite), which P is handed to.
  bool torchWrite(const CallExpr *Call, const FunctionDecl *F, unsigned Index) {
    switch (torchParamWrite(F, Index)) {
    case TorchWrite::OutArgument:
      hit(Call, "it is passed as the out argument of '" + F->getName().str() + "'");
      return true;
    case TorchWrite::InPlace:
      hit(Call, "'" + F->getName().str() + "()' writes to it");
      return true;
    case TorchWrite::None:
      return false;
    }
    return false;
  }
  /// Whether \p E is P or a view of it: a tensor made from P by a function
  /// of the project that returns P or a view of it (inplace_abn's
  /// `normalize_shape(x)`, `return x.view({x.size(0), x.size(1), -1})`);
  /// Unknown where that function's body is not in the TU.
  ReturnedView viewOfP(const Expr *E) {
    if (isP(E))
      return ReturnedView::Yes;
    E = ignoreWrappers(E);
    if (const auto *C = dyn_cast_or_null<ConditionalOperator>(E)) {
      ReturnedView A = viewOfP(C->getTrueExpr()), B = viewOfP(C->getFalseExpr());
      return std::max(A, B); // (Yes over Unknown over No.)
    }
    const auto *Call = dyn_cast_or_null<CallExpr>(E);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    if (!F || isTorchDecl(F) || !isTensorType(F->getReturnType()))
      return ReturnedView::No;
    ReturnedView Out = ReturnedView::No;
    unsigned ArgOffset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(F) ? 1 : 0;
    for (unsigned I = ArgOffset; I < Call->getNumArgs() && Out != ReturnedView::Yes; ++I)
      if (isP(Call->getArg(I)))
        Out = std::max(Out, returnsViewAt(F, I - ArgOffset, Depth));
    return Out;
  }
  /// \p V, a tensor a function the TU does not show returns from P
  /// (viewOfP's Unknown), is written in \p V's function: Unseen's, with
  /// that function as the callee.
  void unseenView(const VarDecl *V, const Expr *Init) {
    const auto *Fn = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!VerifyHanded || Unseen || Depth >= 4 || !Fn || !Fn->getBody())
      return;
    MutationFinder Inner(V, Depth + 1, HandedPointers, VerifyHanded, StoredPointers);
    Inner.TraverseStmt(Fn->getBody());
    if (!Inner.found())
      return;
    const auto *Call = dyn_cast<CallExpr>(ignoreWrappers(Init));
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    Unseen = Init;
    UnseenView = true;
    UnseenCallee = F ? functionName(F) : "a function";
    if (F && !projectDefinition(F))
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (isP(Call->getArg(I)) && I < F->getNumParams()) {
          UnseenUsr = usrOf(F->getCanonicalDecl());
          UnseenIndex = I;
          break;
        }
  }
  bool VisitVarDecl(VarDecl *V) {
    // T* p = x.data_ptr<T>(); auto a = x.accessor<T, N>();
    const Expr *Init = V->getInit();
    if (Init && isTensorType(V->getType()))
      switch (viewOfP(Init)) {
      case ReturnedView::Yes:
        Handles.insert(V);
        HandleArms[V] = armsAround(DynTypedNode::create(*V));
        break;
      case ReturnedView::Unknown:
        unseenView(V, Init);
        break;
      case ReturnedView::No:
        break;
      }
    QualType VT = V->getType();
    // Where P (a pointer) or a pointer into it points: T *row = p + i * n;
    // T *q = &p[i] (a kernel writing an output row by row).
    // (In a template kernel, `auto row = out + i` has a type yet to deduce.)
    bool Writable = VT->isPointerType() ? !VT->getPointeeType().isConstQualified()
                                        : VT->isDependentType() || VT->getContainedAutoType();
    if (Init && Writable) {
      // (`__half *h = reinterpret_cast<__half *>(p);` points where p does.)
      const Expr *E = ignoreWrappers(Init->IgnoreParenCasts());
      // (`&p[i]`, and `&acc[n][h][l][0]` of an accessor: fast-transformers'
      // `float *out = &output_a[n][h][l][0]`.)
      if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
        E = addressBase(E);
      for (unsigned Steps = 0; Steps < 8; ++Steps) {
        const Expr *L = nullptr, *R = nullptr;
        if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp())
          L = B->getLHS(), R = B->getRHS();
        else if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E);
                 O && O->getNumArgs() == 2 &&
                 (O->getOperator() == OO_Plus || O->getOperator() == OO_Minus))
          L = O->getArg(0), R = O->getArg(1);
        if (!L)
          break;
        // The pointer side (the left unless only the right is one: i + p).
        E = R->getType()->isPointerType() && !L->getType()->isPointerType()
                ? R->IgnoreParenImpCasts()
                : L->IgnoreParenImpCasts();
      }
      // (From P, a pointer, or from any alias into P: fast-transformers'
      // `float *grad_query = grad_q + n*H*L*E + ...` after `float *grad_q =
      // grad_Q.data_ptr<float>()`.)
      if (const auto *R = dyn_cast<DeclRefExpr>(E))
        if (const auto *Base = dyn_cast<VarDecl>(R->getDecl());
            Base && ((Base == P && P->getType()->isPointerType()) || Aliases.contains(Base)))
          Aliases.insert(V);
    }
    // `auto row = acc[i];`: a row of an accessor into P (or of P, an
    // accessor parameter of a kernel) is one too.
    if (Init && isAccessorType(VT)) {
      const Expr *E = ignoreWrappers(Init->IgnoreParenImpCasts());
      while (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
        if (Op->getOperator() != OO_Subscript)
          break;
        E = Op->getArg(0)->IgnoreParenImpCasts();
      }
      if (const auto *R = dyn_cast<DeclRefExpr>(E))
        if (const auto *Base = dyn_cast<VarDecl>(R->getDecl());
            Base && ((Base == P && isAccessorType(P->getType())) || Aliases.contains(Base)))
          Aliases.insert(V);
    }
    // (`float *p = (float *)x.data_ptr();`, as optimizers write it: the
    // untyped data_ptr() cast to the element type.)
    const auto *Call =
        dyn_cast_or_null<CXXMemberCallExpr>(ignoreWrappers(Init ? Init->IgnoreParenCasts() : nullptr));
    if (!Call || !Call->getMethodDecl() || !Call->getMethodDecl()->getIdentifier() ||
        !isP(Call->getImplicitObjectArgument()))
      return true;
    StringRef Name = Call->getMethodDecl()->getName();
    QualType T = V->getType();
    bool WritablePtr = T->isPointerType() && !T->getPointeeType().isConstQualified();
    // (`data<T>()`, data_ptr's deprecated spelling, still in torch 2.x and in
    // OpenPCDet's wrappers: `float *dist2 = dist2_tensor.data<float>();`.)
    bool DataOf = Name == "data" && Call->getMethodDecl()->getReturnType()->isPointerType();
    if (((Name == "data_ptr" || Name == "mutable_data_ptr" || DataOf) && WritablePtr) ||
        Name == "accessor" || Name.starts_with("packed_accessor"))
      Aliases.insert(V);
    return true;
  }
  /// The variable an lvalue expression writes through, if any: `p[i] = v`,
  /// `*(p + i) = v`, `acc[i][j] += v`. Assigning the pointer itself (`p +=
  /// n`, `++p`: kaolin's launchers walk their inputs so) writes nothing.
  const VarDecl *writeTarget(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    bool Through = false;
    while (true) {
      if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
        E = A->getBase()->IgnoreParenImpCasts();
        Through = true;
        continue;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
        E = U->getSubExpr()->IgnoreParenImpCasts();
        Through = true;
        continue;
      }
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
          Op && Op->getOperator() == OO_Subscript) {
        E = Op->getArg(0)->IgnoreParenImpCasts();
        Through = true;
        continue;
      }
      if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp()) {
        E = B->getLHS()->IgnoreParenImpCasts();
        continue;
      }
      // `*dst++ = v`: where the pointer was.
      if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp()) {
        E = U->getSubExpr()->IgnoreParenImpCasts();
        continue;
      }
      break;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return Through ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) // x.data_ptr<T>()[i] = v
      if (isP(Call->getImplicitObjectArgument()) && Call->getMethodDecl() &&
          Call->getMethodDecl()->getIdentifier() &&
          (Call->getMethodDecl()->getName() == "data_ptr" ||
           Call->getMethodDecl()->getName() == "mutable_data_ptr"))
        return P;
    return nullptr;
  }
  void checkWrite(const Stmt *S, const Expr *LHS) {
    const VarDecl *V = writeTarget(LHS);
    if (V && (V == P || Aliases.contains(V)) && LHS->IgnoreParenImpCasts() != nullptr &&
        !refersTo(LHS, P))
      hit(S, "its data is written through " +
                 (V == P ? std::string("data_ptr()") : "'" + V->getName().str() + "'"));
  }
  /// `params.out_ptr = out.data_ptr();`: a writable pointer to P's data
  /// kept in a struct handed on (to a launcher) for a kernel.
  void checkStored(const Stmt *S, const Expr *LHS, const Expr *RHS) {
    const auto *Field = dyn_cast<MemberExpr>(LHS->IgnoreParenImpCasts());
    QualType T = LHS->getType();
    if (!StoredPointers || !Field || !T->isPointerType() || T->getPointeeType().isConstQualified())
      return;
    if (pointsIntoP(RHS, /*OrData=*/false))
      hit(S, "a writable pointer to its data is stored in '" +
                 Field->getMemberDecl()->getName().str() + "' for the code it is handed to");
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp()) {
      checkWrite(B, B->getLHS());
      checkStored(B, B->getLHS(), B->getRHS());
    }
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (!Op->isAssignmentOp() || Op->getNumArgs() != 2)
      return true;
    if (!isTensorType(Op->getArg(0)->getType())) {
      checkWrite(Op, Op->getArg(0));
      return true;
    }
    // `x += y` writes to x's data.
    if (Op->getOperator() != OO_Equal) {
      if (isP(Op->getArg(0)))
        hit(Op, "'" + std::string(getOperatorSpelling(Op->getOperator())) + "' writes to it");
      return true;
    }
    // `y = x;` makes y a handle to P; `y = other` ends it where it runs
    // on every path the handle was made on: not in an arm or a loop body
    // that one did not run in (pytorch_scatter's `if (opt.has_value()) out =
    // opt.value(); else out = at::empty(...);` leaves `out` P on the first
    // path).
    if (const auto *R = dyn_cast<DeclRefExpr>(Op->getArg(0)->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()); V && V != P) {
        if (isP(Op->getArg(1))) {
          Handles.insert(V);
          HandleArms[V] = armsAround(DynTypedNode::create(*Op));
        } else if (Handles.contains(V)) {
          std::vector<const Stmt *> Kill = armsAround(DynTypedNode::create(*Op));
          const std::vector<const Stmt *> &Made = HandleArms[V];
          if (Kill.size() <= Made.size() && std::equal(Kill.begin(), Kill.end(), Made.begin()))
            Handles.erase(V);
        }
      }
    return true;
  }
  /// The arms of ifs and conditionals, and the loop and switch bodies,
  /// around \p N in its function, outermost first: the paths it runs on.
  std::vector<const Stmt *> armsAround(DynTypedNode N) {
    std::vector<const Stmt *> Out;
    ASTContext &Ctx = P->getASTContext();
    for (unsigned Steps = 0; Steps < 512; ++Steps) {
      DynTypedNodeList Parents = Ctx.getParents(N);
      if (Parents.empty())
        break;
      const DynTypedNode Up = Parents[0];
      const Stmt *Child = N.get<Stmt>();
      auto BodyOf = [Child](const auto *Loop) { return Loop && Child == Loop->getBody(); };
      bool Arm = false;
      if (const auto *If = Up.get<IfStmt>())
        Arm = Child == If->getThen() || Child == If->getElse();
      else if (const auto *C = Up.get<ConditionalOperator>())
        Arm = Child != C->getCond();
      else
        Arm = BodyOf(Up.get<ForStmt>()) || BodyOf(Up.get<WhileStmt>()) ||
              BodyOf(Up.get<CXXForRangeStmt>()) || BodyOf(Up.get<SwitchStmt>());
      if (Child && Arm)
        Out.push_back(Child);
      if (Up.get<FunctionDecl>() || Up.get<LambdaExpr>())
        break;
      N = Up;
    }
    std::reverse(Out.begin(), Out.end());
    return Out;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      checkWrite(U, U->getSubExpr());
    return true;
  }
};

bool writesThroughAt(const FunctionDecl *Callee, unsigned Index, unsigned Depth, bool *Unseen) {
  const FunctionDecl *Def = projectDefinition(Callee);
  if (!Def || Depth >= 4 || Index >= Def->getNumParams()) {
    if (Unseen)
      *Unseen = true;
    return false;
  }
  MutationFinder Inner(Def->getParamDecl(Index), Depth + 1, true, true);
  Inner.TraverseStmt(Def->getBody());
  if (Inner.found())
    return true;
  QualType T = Def->getParamDecl(Index)->getType();
  if (Unseen && (Inner.Unseen || !(T->isPointerType() || isAccessorType(T)) || bodyRejected(Def)))
    *Unseen = true;
  return false;
}

ReturnedView returnsViewAt(const FunctionDecl *Callee, unsigned Index, unsigned Depth) {
  const FunctionDecl *Def = projectDefinition(Callee);
  if (!Def || Depth >= 4 || Index >= Def->getNumParams())
    return ReturnedView::Unknown;
  if (!isTensorType(Def->getReturnType()))
    return ReturnedView::No;
  // The parameter's handles and views, then what each return gives.
  MutationFinder Finder(Def->getParamDecl(Index), Depth + 1);
  Finder.TraverseStmt(Def->getBody());
  struct Returns : RecursiveASTVisitor<Returns> {
    std::vector<const Expr *> Values;
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitReturnStmt(ReturnStmt *R) {
      if (R->getRetValue())
        Values.push_back(R->getRetValue());
      return true;
    }
  } Rs;
  Rs.TraverseStmt(Def->getBody());
  ReturnedView Out = ReturnedView::No;
  for (const Expr *V : Rs.Values)
    if ((Out = std::max(Out, Finder.viewOfP(V))) == ReturnedView::Yes)
      break;
  return Out;
}

} // namespace

std::string UnseenWrite::what(const std::string &Where) const {
  return (View ? "is written through the tensor '" + Callee + "' (" + Where + ") returns of it"
               : "has its data handed to '" + Callee + "' (" + Where + ")") +
         ", code the project does not show";
}

ReturnedView returnsViewOf(const FunctionDecl *F, unsigned Index) {
  return F ? returnsViewAt(F, Index, 0) : ReturnedView::Unknown;
}

bool mayWriteParam(const FunctionDecl *F, const ParmVarDecl *P, UnseenWrite *Unseen) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || !P || P->getFunctionScopeIndex() >= Def->getNumParams())
    return false;
  MutationFinder Finder(Def->getParamDecl(P->getFunctionScopeIndex()), 0,
                        /*HandedPointers=*/true, /*VerifyHanded=*/true);
  Finder.TraverseStmt(Def->getBody());
  if (!Finder.found() && !Finder.Unseen && bodyRejected(Def)) {
    Finder.Unseen = Def->getBody();
    Finder.UnseenCallee = functionName(Def);
  }
  if (!Finder.found() && Finder.Unseen && Unseen)
    *Unseen = {Finder.Unseen, Finder.UnseenCallee, Finder.UnseenUsr, Finder.UnseenIndex,
               Finder.UnseenView};
  return Finder.found();
}

bool mutableRefsTellWrites(const FunctionDecl *F, bool SchemaMarksWrites) {
  return F && !SchemaMarksWrites && llvm::any_of(F->parameters(), [](const ParmVarDecl *Q) {
           SchemaTypeOf T = schemaTypeOf(Q->getType());
           return T.Spelling == "Tensor" && !T.MutableRef;
         });
}

bool dataMayEscape(const FunctionDecl *F, const ParmVarDecl *P, std::string *How) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || !P || P->getFunctionScopeIndex() >= Def->getNumParams())
    return false;
  MutationFinder Finder(Def->getParamDecl(P->getFunctionScopeIndex()), 0,
                        /*HandedPointers=*/true, /*VerifyHanded=*/false,
                        /*StoredPointers=*/true);
  Finder.TraverseStmt(Def->getBody());
  if (Finder.found() && How)
    *How = Finder.How;
  return Finder.found();
}

bool writesThroughParam(const FunctionDecl *Callee, unsigned Index, bool *Unseen) {
  if (!Callee || isTorchDecl(Callee) || Index >= Callee->getNumParams())
    return false;
  QualType T = Callee->getParamDecl(Index)->getType();
  if (!T->isPointerType() || T->getPointeeType().isConstQualified())
    return false;
  return writesThroughAt(Callee, Index, 0, Unseen);
}

bool writesVariable(const Stmt *Body, const VarDecl *V, std::string *How, const Stmt **Where) {
  if (!Body || !V)
    return false;
  MutationFinder Finder(V, 0, /*HandedPointers=*/true, /*VerifyHanded=*/true);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  if (!Finder.found())
    return false;
  if (How)
    *How = Finder.How;
  if (Where)
    *Where = Finder.Where;
  return true;
}

bool isOutputSlot(const ParmVarDecl *P, ASTContext &Ctx) {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!F)
    return false;
  // A call made in one instantiation names the instance: compare patterns.
  auto PatternOf = [](const FunctionDecl *D) {
    if (const FunctionDecl *Pattern = D->getTemplateInstantiationPattern())
      D = Pattern;
    return D->getCanonicalDecl();
  };
  struct Finder : RecursiveASTVisitor<Finder> {
    const FunctionDecl *Pattern;
    unsigned Index;
    decltype(PatternOf) *Of;
    bool Found = false;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *Callee = C->getDirectCallee();
      if (Found || !Callee || Index >= C->getNumArgs() || (*Of)(Callee) != Pattern)
        return true;
      const auto *R = dyn_cast<DeclRefExpr>(ignoreWrappers(C->getArg(Index)));
      const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
      if (!V || !V->isLocalVarDecl())
        return true;
      const auto *Init = dyn_cast_or_null<CXXConstructExpr>(V->getInit());
      Found = !V->getInit() || (Init && Init->getNumArgs() == 0);
      return true;
    }
  } Visitor;
  Visitor.Pattern = PatternOf(F);
  Visitor.Index = P->getFunctionScopeIndex();
  Visitor.Of = &PatternOf;
  // The project's code only: torch's headers call nothing of the project.
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      continue;
    Visitor.TraverseDecl(D);
    if (Visitor.Found)
      return true;
  }
  return false;
}

bool onlyReadsParam(const FunctionDecl *F, const ParmVarDecl *P,
                    const std::function<bool(const FunctionDecl *, unsigned)> &ReadElsewhere,
                    unsigned Depth) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || Depth > 2)
    return false;
  static const llvm::StringSet<> ReadOnly = {
      "dim", "ndimension", "size", "sizes", "sym_size", "sym_sizes", "stride", "strides",
      "numel", "sym_numel", "scalar_type", "dtype", "device", "get_device", "get_device_index",
      "is_cuda", "is_cpu", "is_meta", "is_contiguous", "const_data_ptr", "element_size",
      "itemsize", "defined", "options", "layout", "storage_offset", "nbytes", "is_sparse",
      "requires_grad", "is_floating_point", "suggest_memory_format", "has_storage"};
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParmVarDecl *P;
    unsigned Depth;
    const std::function<bool(const FunctionDecl *, unsigned)> *ReadElsewhere;
    unsigned All = 0, Reads = 0;
    // Handed to a function of the TU that only reads its parameter
    // (swordfish's `run_prefill_all<T>(a, b_packed, ...)`), two calls deep.
    bool VisitCallExpr(CallExpr *C) {
      if (isa<CXXMemberCallExpr>(C))
        return true;
      const FunctionDecl *Callee = C->getDirectCallee();
      if (!Callee)
        return true;
      for (unsigned I = 0; I < C->getNumArgs() && I < Callee->getNumParams(); ++I) {
        const auto *R = dyn_cast<DeclRefExpr>(C->getArg(I)->IgnoreParenImpCasts());
        if (!R || R->getDecl() != P)
          continue;
        const FunctionDecl *CalleeDef = Callee->getDefinition();
        if (CalleeDef ? I < CalleeDef->getNumParams() &&
                            onlyReadsParam(CalleeDef, CalleeDef->getParamDecl(I),
                                           *ReadElsewhere, Depth + 1)
                      : *ReadElsewhere && (*ReadElsewhere)(Callee, I))
          ++Reads;
      }
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      All += R->getDecl() == P;
      return true;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      const auto *R = dyn_cast<DeclRefExpr>(C->getImplicitObjectArgument()->IgnoreParenImpCasts());
      if (R && R->getDecl() == P && M && M->getIdentifier() && ReadOnly.contains(M->getName()))
        ++Reads;
      return true;
    }
  } U;
  U.P = P;
  U.Depth = Depth;
  U.ReadElsewhere = &ReadElsewhere;
  U.TraverseStmt(Def->getBody());
  // (No use at all reads nothing and writes nothing: swordfish's prefill
  // entry, whose body is under `#if defined(CUTLASS_ARCH_MMA_SM100_SUPPORTED)`,
  // off where CUTLASS is not configured.)
  return U.All == U.Reads;
}

bool mutatesParam(const FunctionDecl *F, const ParmVarDecl *P, std::string *How,
                  const Stmt **Where) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || !P)
    return false;
  // Parameters of the definition, not of an earlier declaration.
  unsigned Index = P->getFunctionScopeIndex();
  if (Index >= Def->getNumParams())
    return false;
  MutationFinder Finder(Def->getParamDecl(Index));
  Finder.TraverseStmt(Def->getBody());
  if (!Finder.found())
    return false;
  if (How)
    *How = Finder.How;
  if (Where)
    *Where = Finder.Where;
  return true;
}

} // namespace torchlint::model
