//===--- Registrations.cpp - What a translation unit registers ------------===//

#include "Registrations.h"
#include "ProjectModel.h"
#include "Session.h"

#include "AstUtil.h"
#include "Macros.h"

#include "TorchApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <deque>
#include <memory>

using namespace clang;

namespace torchlint::model {
namespace {

struct LibraryBlock {
  std::string Kind; ///< "DEF", "FRAGMENT" or "IMPL".
  std::string Namespace;
  std::string Key; ///< Dispatch key of an IMPL block.
  bool Stable = false; ///< A STABLE_TORCH_LIBRARY* block.
};

/// The name of the enumerator \p E designates, following constexpr
/// variables (c10::kCPU -> "CPU").
std::string enumeratorName(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return {};
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return EC->getName().str();
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return enumeratorName(V->getInit(), Depth + 1);
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    if (C->getNumArgs() >= 1)
      return enumeratorName(C->getArg(0), Depth + 1);
  if (const auto *Call = dyn_cast<CallExpr>(E)) // c10::make_optional(key)
    if (Call->getNumArgs() == 1)
      return enumeratorName(Call->getArg(0), Depth + 1);
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return enumeratorName(M->getSubExpr(), Depth + 1);
  return {};
}

/// The first descendant of \p S (pre-order) of type T.
template <typename T> const T *firstOf(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *Hit = dyn_cast<T>(S))
    return Hit;
  for (const Stmt *Child : S->children())
    if (const T *Hit = firstOf<T>(Child))
      return Hit;
  return nullptr;
}

/// The first enumerator of enum \p EnumName referenced under \p S.
std::string firstEnumerator(const Stmt *S, StringRef EnumName) {
  if (!S)
    return {};
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      if (const auto *ED = dyn_cast<EnumDecl>(EC->getDeclContext());
          ED && ED->getName() == EnumName)
        return EC->getName().str();
  for (const Stmt *Child : S->children())
    if (std::string N = firstEnumerator(Child, EnumName); !N.empty())
      return N;
  return {};
}

bool isRecord(const CXXRecordDecl *RD, StringRef Name) {
  return RD && RD->getIdentifier() && RD->getName() == Name && isTorchDecl(RD);
}

/// The library class of a registration block: torch::Library, or the stable
/// ABI's torch::stable::detail::StableLibrary.
bool isLibraryRecord(const CXXRecordDecl *RD) {
  return isRecord(RD, "Library") || isRecord(RD, "StableLibrary");
}

/// The first function referenced under \p S (the init function of a
/// TorchLibraryInit or StableTorchLibraryInit, possibly inside a lambda).
const FunctionDecl *firstFunctionRef(const Stmt *S) {
  if (!S)
    return nullptr;
  // The init function takes a torch::Library& or StableLibrary&
  // (c10::guts::if_constexpr and other helpers around it do not).
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      if (F->getNumParams() == 1 &&
          isLibraryRecord(
              F->getParamDecl(0)->getType().getNonReferenceType()->getAsCXXRecordDecl()))
        return F;
  if (const auto *Lambda = dyn_cast<LambdaExpr>(S))
    return firstFunctionRef(Lambda->getBody());
  for (const Stmt *Child : S->children())
    if (const FunctionDecl *F = firstFunctionRef(Child))
      return F;
  return nullptr;
}

/// pybind11::\p Name (module_, class_<T, ...>).
bool isPybindRecord(const CXXRecordDecl *RD, llvm::StringRef Name) {
  if (!RD || !RD->getIdentifier() || RD->getName() != Name)
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(RD->getDeclContext());
  return NS && NS->getName() == "pybind11";
}

/// The Python name of the class a py::class_<T>::def call binds into:
/// `py::class_<T>(m, "Name").def(...).def(...)`, or through a variable
/// (`auto c = py::class_<T>(m, "Name"); c.def(...)`). Empty if not seen.
std::string pybindClassName(const CXXMemberCallExpr *Def) {
  const Expr *E = Def->getImplicitObjectArgument();
  for (unsigned Depth = 0; E && Depth < 256; ++Depth) {
    E = ignoreWrappers(E);
    if (const auto *Chained = dyn_cast<CXXMemberCallExpr>(E)) {
      E = Chained->getImplicitObjectArgument();
      continue;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      E = V ? V->getInit() : nullptr;
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() >= 2)
      if (const auto *Name = dyn_cast<StringLiteral>(ignoreWrappers(C->getArg(1))))
        return Name->getString().str();
    return "";
  }
  return "";
}

/// f for a reference to torch::stable::detail::boxer<F, f>::boxed_fn, the
/// boxing wrapper TORCH_BOX(f) names; null otherwise.
const FunctionDecl *unboxedFunction(const DeclRefExpr *Ref) {
  const auto *M = dyn_cast<CXXMethodDecl>(Ref->getDecl());
  if (!M || !M->getIdentifier() || M->getName() != "boxed_fn")
    return nullptr;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(M->getParent());
  if (!Spec || Spec->getName() != "boxer" || !isTorchDecl(Spec) ||
      Spec->getTemplateArgs().size() != 2)
    return nullptr;
  const TemplateArgument &Fn = Spec->getTemplateArgs()[1];
  if (Fn.getKind() != TemplateArgument::Declaration)
    return nullptr;
  return dyn_cast<FunctionDecl>(Fn.getAsDecl());
}

/// \p E as written, whitespace runs made one space, clipped to 40
/// characters ("..." after them): for a message that names it.
std::string spelledOnOneLine(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(E->getSourceRange());
  llvm::StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  std::string Out;
  for (char C : Text) {
    bool Space = C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\\';
    if (Space && (Out.empty() || Out.back() == ' '))
      continue;
    Out += Space ? ' ' : C;
  }
  while (!Out.empty() && Out.back() == ' ')
    Out.pop_back();
  size_t Max = 40;
  if (Out.size() > Max) {
    while (Max && (static_cast<unsigned char>(Out[Max]) & 0xC0) == 0x80)
      --Max; // (not inside a UTF-8 sequence)
    Out = Out.substr(0, Max) + "...";
  }
  return Out;
}

/// A default value pybind11 is given (`py::arg("k") = -1`) in schema
/// syntax: integer, floating and boolean literals; empty for any other.
std::string schemaDefaultOf(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
    E = ignoreWrappers(C->getSubExpr());
  std::string Sign;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Minus) {
    Sign = "-";
    E = ignoreWrappers(U->getSubExpr());
  }
  if (const auto *I = dyn_cast<IntegerLiteral>(E))
    return Sign + llvm::toString(I->getValue(), 10, /*Signed=*/false);
  if (const auto *F = dyn_cast<FloatingLiteral>(E)) {
    llvm::SmallString<32> Text;
    F->getValue().toString(Text);
    if (!llvm::StringRef(Text).contains_insensitive('e') && !Text.str().contains('.'))
      Text += ".0";
    return Sign + Text.str().str();
  }
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E); B && Sign.empty())
    return B->getValue() ? "True" : "False";
  return {};
}

/// The `py::arg`s of a `m.def(name, f, ...)`: their names and defaults, or
/// none when an extra argument is anything but a docstring, a py::arg or
/// a call policy.
void pyArgsOf(const CXXMemberCallExpr *Call, std::vector<std::string> &Names,
              std::vector<std::string> &Defaults) {
  for (unsigned I = 2; I < Call->getNumArgs(); ++I) {
    const Expr *E = ignoreWrappers(Call->getArg(I));
    if (isa<CXXDefaultArgExpr>(Call->getArg(I)))
      break;
    const CXXRecordDecl *R = E->getType().getNonReferenceType()->getAsCXXRecordDecl();
    llvm::StringRef Type = R && R->getIdentifier() ? R->getName() : "";
    if (isa<StringLiteral>(E) || E->getType()->isPointerType())
      continue; // A docstring.
    if (Type != "arg" && Type != "arg_v") {
      if (Type == "call_guard" || Type == "return_value_policy" || Type == "keep_alive")
        continue;
      Names.clear();
      Defaults.clear();
      return;
    }
    std::string Default;
    const Expr *Arg = E;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
      Arg = Op->getArg(0);
      Default = schemaDefaultOf(Op->getArg(1));
    }
    const StringLiteral *S = firstOf<StringLiteral>(Arg);
    if (!S) {
      Names.clear();
      Defaults.clear();
      return;
    }
    Names.push_back(S->getString().str());
    Defaults.push_back(Default);
  }
}

std::string literalText(const Expr *E) {
  if (const StringLiteral *S = firstOf<StringLiteral>(E))
    if (S->isOrdinary())
      return S->getString().str();
  return {};
}

struct ParsedOpName {
  std::string Ns, Name, Overload;
};

/// "ns::op.overload(...)" -> ("ns", "op", "overload"); "op" -> ("", "op", "").
/// The default overload's name is "" (Python's "op.default" is not a C++
/// spelling; the schema parser rejects it as an overload name).
ParsedOpName splitOpName(StringRef Text) {
  ParsedOpName N;
  StringRef Name = Text.split('(').first.trim();
  size_t Colons = Name.find("::");
  if (Colons != StringRef::npos) {
    N.Ns = Name.substr(0, Colons).trim().str();
    Name = Name.substr(Colons + 2);
  }
  auto [Base, Overload] = Name.split('.');
  N.Name = Base.trim().str();
  N.Overload = Overload.trim().str();
  return N;
}

/// Arguments written at the call (default arguments excluded).
unsigned explicitArgs(const CallExpr *Call) {
  unsigned N = 0;
  for (const Expr *A : Call->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      ++N;
  return N;
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(const SourceManager &SM) : SM(SM) {}
  std::vector<const VarDecl *> Inits;
  std::vector<const CXXMemberCallExpr *> LibraryCalls;
  std::vector<const CXXMemberCallExpr *> LegacyOps;
  std::vector<const CXXMemberCallExpr *> PyDefs;
  std::vector<const CXXMemberCallExpr *> PyMethodDefs; ///< py::class_<T>::def
  /// Calls passing a library to a registration helper: f(m).
  std::vector<const CallExpr *> HelperCalls;

  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *F = Call->getDirectCallee())
      for (unsigned I = 0; I < F->getNumParams() && I < Call->getNumArgs(); ++I) {
        const CXXRecordDecl *RD =
            F->getParamDecl(I)->getType().getNonReferenceType()->getAsCXXRecordDecl();
        if (isRecord(RD, "Library") || isRecord(RD, "StableLibrary")) {
          HelperCalls.push_back(Call);
          break;
        }
      }
    return true;
  }

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitVarDecl(VarDecl *V) {
    const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
    if (isRecord(RD, "TorchLibraryInit") || isRecord(RD, "StableTorchLibraryInit"))
      Inits.push_back(V);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const CXXMethodDecl *M = Call->getMethodDecl();
    if (!M || !M->getIdentifier())
      return true;
    // Not torch's own code: torch::Library::def's overloads call each other
    // in library.h, whose bodies torch-lint does not parse and the
    // clang-tidy plugin does (an empty namespace counted as the project's).
    if (SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
      return true;
    StringRef Name = M->getName();
    const CXXRecordDecl *RD = M->getParent();
    if (isLibraryRecord(RD) && (Name == "def" || Name == "impl"))
      LibraryCalls.push_back(Call);
    else if (isRecord(RD, "RegisterOperators") && Name == "op")
      LegacyOps.push_back(Call);
    else if (isPybindRecord(RD, "module_") && Name == "def")
      PyDefs.push_back(Call);
    else if (isPybindRecord(RD, "class_") && Name == "def")
      PyMethodDefs.push_back(Call);
    return true;
  }

private:
  const SourceManager &SM;
};

/// Direct callees of \p F defined in project code (with bodies), including
/// calls made inside lambdas in its body.
class CalleeCollector : public RecursiveASTVisitor<CalleeCollector> {
public:
  explicit CalleeCollector(const SourceManager &SM) : SM(SM) {}
  std::vector<std::pair<const FunctionDecl *, const CallExpr *>> Callees;
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F)
      return true;
    // X::apply(...) of a torch::autograd::Function runs X::forward (and,
    // in the backward pass, X::backward).
    for (const FunctionDecl *M : autogradFunctionMethods(F))
      if (const FunctionDecl *Def = M->getDefinition(); Def && Def->hasBody())
        Callees.push_back({Def, Call});
    const FunctionDecl *Def = F->getDefinition();
    if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
      Def = Pattern->getDefinition() ? Pattern->getDefinition() : Def;
    if (!Def || !Def->hasBody() || isTorchDecl(Def))
      return true;
    SourceLocation L = SM.getExpansionLoc(Def->getLocation());
    if (SM.isInSystemHeader(L))
      return true;
    Callees.push_back({Def, Call});
    return true;
  }

private:
  const SourceManager &SM;
};

} // namespace

SourceLocation registrationLoc(const CallExpr *Call) {
  if (!Call)
    return SourceLocation();
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    if (const Expr *Object = Member->getImplicitObjectArgument();
        Object && !isa<DeclRefExpr>(Object->IgnoreParenImpCasts()))
      return Member->getExprLoc();
  return Call->getBeginLoc();
}

std::string functionName(const FunctionDecl *F) {
  if (!F)
    return "<unknown>";
  if (const auto *M = dyn_cast<CXXMethodDecl>(F))
    if (M->getParent()->isLambda())
      return "lambda";
  return F->getQualifiedNameAsString();
}

bool Registrations::isTracedKey(StringRef Key) {
  return Key == "Meta" || Key == "CompositeImplicitAutograd" ||
         Key == "CompositeExplicitAutograd" ||
         Key == "CompositeExplicitAutogradNonFunctional" ||
         Key.starts_with("Autograd");
}

const FunctionDecl *Registrations::resolveFunction(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = ignoreWrappers(E);
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() != UO_AddrOf)
        return nullptr;
      E = U->getSubExpr();
      continue;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      // TORCH_BOX(f): torch::stable::detail::boxer<F, f>::boxed_fn.
      if (const FunctionDecl *Boxed = unboxedFunction(Ref))
        return Boxed;
      // A variable holding a lambda: its call operator.
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        if (const auto *L = dyn_cast_or_null<LambdaExpr>(
                V->getInit() ? ignoreWrappers(V->getInit()) : nullptr))
          return L->getCallOperator();
      return dyn_cast<FunctionDecl>(Ref->getDecl());
    }
    if (const auto *Lambda = dyn_cast<LambdaExpr>(E))
      return Lambda->getCallOperator();
    // TORCH_FN(f): c10::CompileTimeFunctionPointer<Sig, f>.
    if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            E->getType()->getAsCXXRecordDecl()))
      if (Spec->getName() == "CompileTimeFunctionPointer" &&
          Spec->getTemplateArgs().size() == 2 &&
          Spec->getTemplateArgs()[1].getKind() == TemplateArgument::Declaration)
        return dyn_cast<FunctionDecl>(Spec->getTemplateArgs()[1].getAsDecl());
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      // torch::dispatch(key, f)
      if (Callee && Callee->getIdentifier() && Callee->getName() == "dispatch" &&
          Call->getNumArgs() == 2) {
        E = Call->getArg(1);
        continue;
      }
      // py::overload_cast<Args...>(&f)
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
          Op && Op->getOperator() == OO_Call && Op->getNumArgs() >= 2) {
        E = Op->getArg(1);
        continue;
      }
      return nullptr;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getNumArgs() >= 1) {
        E = C->getArg(0);
        continue;
      }
    }
    return nullptr;
  }
  return nullptr;
}

const Registrations &Registrations::get(ASTContext &Ctx) {
  return TUModel::of(Ctx).registrations();
}

void Registrations::build(ASTContext &Ctx) {
  Collector Col(Ctx.getSourceManager());
  Col.TraverseAST(Ctx);

  llvm::DenseMap<const FunctionDecl *, LibraryBlock> Blocks;
  for (const VarDecl *V : Col.Inits) {
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(
        V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr);
    if (!Construct || Construct->getNumArgs() < 4)
      continue;
    LibraryBlock B;
    B.Kind = enumeratorName(Construct->getArg(0));
    B.Namespace = literalText(Construct->getArg(2));
    B.Stable = isRecord(V->getType()->getAsCXXRecordDecl(), "StableTorchLibraryInit");
    // STABLE_TORCH_LIBRARY_IMPL passes the key stringized ("CPU"), the
    // others a c10::DispatchKey.
    B.Key = B.Stable ? literalText(Construct->getArg(3))
                     : firstEnumerator(Construct->getArg(3), "DispatchKey");
    if (const FunctionDecl *Init = firstFunctionRef(Construct->getArg(1)))
      Blocks[Init->getCanonicalDecl()] = B;
  }

  // Registration helpers, `void register_ops(torch::Library &m)`, take the
  // block of the init function (or helper) that calls them with its library.
  for (unsigned Round = 0; Round < 4; ++Round)
    for (const CallExpr *Call : Col.HelperCalls) {
      const FunctionDecl *Encl = enclosingFunction(*Call, Ctx);
      auto Caller = Encl ? Blocks.find(Encl->getCanonicalDecl()) : Blocks.end();
      if (Caller != Blocks.end())
        Blocks.try_emplace(Call->getDirectCallee()->getCanonicalDecl(), Caller->second);
    }

  for (const CXXMemberCallExpr *Call : Col.LibraryCalls) {
    const FunctionDecl *Encl = enclosingFunction(*Call, Ctx);
    auto It = Encl ? Blocks.find(Encl->getCanonicalDecl()) : Blocks.end();
    LibraryBlock Block = It != Blocks.end() ? It->second : LibraryBlock();
    // A helper nothing here calls: its block is in another file.
    bool UnknownBlock = It == Blocks.end();
    StringRef Method = Call->getMethodDecl()->getName();
    bool Stable = isRecord(Call->getMethodDecl()->getParent(), "StableLibrary");
    if (explicitArgs(Call) < 1)
      continue;
    std::string Text = literalText(Call->getArg(0));
    ParsedOpName Op = splitOpName(Text);
    std::string Ns = Op.Ns.empty() ? Block.Namespace : Op.Ns;
    if (Method == "def") {
      OpDef D;
      D.Namespace = Ns;
      D.SchemaText = Text;
      D.Literal = firstOf<StringLiteral>(Call->getArg(0));
      D.Call = Call;
      D.Schema = parseSchema(Text, &D.Error);
      D.Name = D.Schema ? D.Schema->name : Op.Name;
      D.Overload = D.Schema ? D.Schema->overload : Op.Overload;
      if (D.Schema && !D.Schema->ns.empty())
        D.Namespace = D.Schema->ns;
      // StableLibrary::def(schema, tags) takes no kernel.
      D.Kernel = explicitArgs(Call) >= 2 && !Stable;
      Defs.push_back(D);
      if (D.Kernel) {
        KernelImpl K;
        K.Namespace = D.Namespace;
        K.OpName = D.Name;
        K.Overload = D.Overload;
        K.CatchAll = true;
        K.DispatchKey = "CompositeImplicitAutograd";
        K.Function = resolveFunction(Call->getArg(1));
        K.Call = Call;
        Impls.push_back(K);
      }
      continue;
    }
    // impl
    if (explicitArgs(Call) < 2)
      continue;
    KernelImpl K;
    K.Namespace = Ns;
    K.OpName = Op.Name;
    K.Overload = Op.Overload;
    K.Call = Call;
    K.Function = resolveFunction(Call->getArg(1));
    K.Stable = Stable;
    // StableLibrary::impl takes a boxed function; TORCH_BOX(f) resolves to f,
    // anything else is a hand-written boxed kernel.
    if (Stable && K.Function) {
      const auto *Ref = dyn_cast<DeclRefExpr>(ignoreWrappers(Call->getArg(1)));
      K.Boxed = !(Ref && unboxedFunction(Ref));
    }
    // torch::dispatch(key, f) names the key explicitly.
    std::string Explicit;
    if (const auto *D = dyn_cast<CallExpr>(ignoreWrappers(Call->getArg(1))))
      if (D->getDirectCallee() && D->getDirectCallee()->getIdentifier() &&
          D->getDirectCallee()->getName() == "dispatch" && D->getNumArgs() == 2)
        Explicit = enumeratorName(D->getArg(0));
    if (!Explicit.empty())
      K.DispatchKey = Explicit;
    else if (Block.Kind == "IMPL" && !Block.Key.empty())
      K.DispatchKey = Block.Key;
    else if (UnknownBlock)
      K.DispatchKey = ""; // TORCH_LIBRARY_IMPL's key or catch-all: not known here.
    else {
      K.DispatchKey = "CompositeImplicitAutograd";
      K.CatchAll = true;
    }
    Impls.push_back(K);
  }

  for (const CXXMemberCallExpr *Call : Col.LegacyOps) {
    if (explicitArgs(Call) < 2)
      continue;
    std::string Text = literalText(Call->getArg(0));
    OpDef D;
    D.SchemaText = Text;
    D.Literal = firstOf<StringLiteral>(Call->getArg(0));
    D.Call = Call;
    D.Schema = parseSchema(Text, &D.Error);
    ParsedOpName Op = splitOpName(Text);
    D.Namespace = D.Schema ? D.Schema->ns : Op.Ns;
    D.Name = D.Schema ? D.Schema->name : Op.Name;
    D.Overload = D.Schema ? D.Schema->overload : Op.Overload;
    D.Kernel = true;
    Defs.push_back(D);
    if (const FunctionDecl *F = resolveFunction(Call->getArg(1))) {
      KernelImpl K;
      K.Namespace = D.Namespace;
      K.OpName = D.Name;
      K.Overload = D.Overload;
      K.CatchAll = true;
      K.DispatchKey = "CompositeImplicitAutograd";
      K.Function = F;
      K.Call = Call;
      Impls.push_back(K);
    }
  }

  for (const CXXMemberCallExpr *Call : Col.PyDefs) {
    if (explicitArgs(Call) < 2)
      continue;
    PyBinding B;
    pyArgsOf(Call, B.ArgNames, B.ArgDefaults);
    // The name only when it is a literal itself: a literal inside an
    // expression (`(prefix + "_sum").c_str()`) is a part of it.
    if (isa<StringLiteral>(ignoreWrappers(Call->getArg(0))))
      B.Name = literalText(Call->getArg(0));
    if (B.Name.empty())
      B.NameSpelling = spelledOnOneLine(Call->getArg(0), Ctx);
    B.Function = resolveFunction(Call->getArg(1));
    B.Call = Call;
    B.Module = enclosingFunction(*Call, Ctx);
    B.Site = macroBodySite(Call->getExprLoc(), Call->getArg(0)->getBeginLoc(),
                           Ctx.getSourceManager());
    Bindings.push_back(B);
  }
  for (const CXXMemberCallExpr *Call : Col.PyMethodDefs) {
    // .def("name", &T::method): a method (not py::init, not a free function
    // taking the object, which the class binds the same way).
    if (explicitArgs(Call) < 2 || !isa<StringLiteral>(ignoreWrappers(Call->getArg(0))))
      continue;
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(resolveFunction(Call->getArg(1)));
    if (!M || M->isStatic() || isa<CXXConstructorDecl>(M) || M->getParent()->isLambda())
      continue;
    PyBinding B;
    B.Name = literalText(Call->getArg(0));
    B.Function = M;
    B.Call = Call;
    B.Module = enclosingFunction(*Call, Ctx);
    B.Class = pybindClassName(Call);
    B.Site = macroBodySite(Call->getExprLoc(), Call->getArg(0)->getBeginLoc(),
                           Ctx.getSourceManager());
    Methods.push_back(B);
  }

  computeContexts(Ctx);
}

void Registrations::computeContexts(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::DenseMap<const FunctionDecl *, std::vector<const FunctionDecl *>> CalleeCache;
  auto CalleesOf = [&](const FunctionDecl *F) -> const std::vector<const FunctionDecl *> & {
    auto It = CalleeCache.find(F);
    if (It != CalleeCache.end())
      return It->second;
    std::vector<const FunctionDecl *> &Out = CalleeCache[F];
    const FunctionDecl *Def = F->getDefinition();
    if (Def && Def->getBody()) {
      CalleeCollector C(SM);
      C.TraverseStmt(Def->getBody());
      for (auto &[Callee, Call] : C.Callees)
        if (!llvm::is_contained(Out, Callee->getCanonicalDecl()))
          Out.push_back(Callee->getCanonicalDecl());
    }
    return Out;
  };

  auto Propagate = [&](ContextKind Kind, auto IsRoot) {
    std::deque<const FunctionDecl *> Work;
    for (const KernelImpl &K : Impls) {
      if (!K.Function || !IsRoot(K))
        continue;
      const FunctionDecl *F = K.Function->getCanonicalDecl();
      if (Contexts.count(F))
        continue;
      FunctionContext C;
      C.Kind = Kind;
      C.Key = K.DispatchKey;
      C.Evidence = K.Call;
      C.Chain = {F};
      C.RootCatchAll = K.CatchAll;
      C.OpNamespace = K.Namespace;
      C.OpName = K.OpName;
      if (K.CatchAll)
        if (const CallExpr *Read = firstDataRead(K.Function))
          C.RootCannotRunOnFakes = isRawDataRead(Read->getDirectCallee()->getName()) ||
                                   isDataPointerMethod(Read->getDirectCallee());
      if (K.CatchAll)
        C.Reason = "registered for '" + K.qualifiedName() +
                   "' without a dispatch key, which makes it its "
                   "CompositeImplicitAutograd kernel";
      else
        C.Reason = "registered as the " + K.DispatchKey + " kernel of '" +
                   K.qualifiedName() + "'";
      Contexts[F] = C;
      Work.push_back(F);
    }
    while (!Work.empty()) {
      const FunctionDecl *F = Work.front();
      Work.pop_front();
      FunctionContext Parent = Contexts[F];
      for (const FunctionDecl *Callee : CalleesOf(F)) {
        if (Contexts.count(Callee))
          continue;
        FunctionContext C = Parent;
        C.Chain.push_back(Callee);
        Contexts[Callee] = C;
        Work.push_back(Callee);
      }
    }
  };
  // Traced wins over eager: a helper shared by a Meta and a CPU kernel is
  // traced.
  Propagate(ContextKind::Traced,
            [](const KernelImpl &K) { return isTracedKey(K.DispatchKey); });
  Propagate(ContextKind::Eager, [](const KernelImpl &K) {
    return !K.DispatchKey.empty() && !isTracedKey(K.DispatchKey);
  });
  for (const PyBinding &B : Bindings) {
    if (!B.Function)
      continue;
    const FunctionDecl *F = B.Function->getCanonicalDecl();
    if (Contexts.count(F))
      continue;
    FunctionContext C;
    C.Kind = ContextKind::PyBound;
    C.Evidence = B.Call;
    C.Chain = {F};
    C.Reason = "bound to Python as '" + B.Name + "' with pybind11";
    Contexts[F] = C;
  }
}

FunctionContext Registrations::contextAt(const Stmt &S, ASTContext &Ctx,
                                         const FunctionDecl **Function) const {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    if (const auto *Lambda = Parents[0].get<LambdaExpr>()) {
      FunctionContext C = contextOf(Lambda->getCallOperator());
      if (C.Kind != ContextKind::Unknown) {
        if (Function)
          *Function = Lambda->getCallOperator();
        return C;
      }
    }
    if (const auto *F = Parents[0].get<FunctionDecl>()) {
      if (Function)
        *Function = F;
      return contextOf(F);
    }
    Parents = Ctx.getParents(Parents[0]);
  }
  return {};
}

std::vector<const OpDef *> Registrations::defsOf(StringRef QualifiedName) const {
  ParsedOpName N = splitOpName(QualifiedName);
  std::vector<const OpDef *> Out;
  for (const OpDef &D : Defs)
    if (D.Namespace == N.Ns && D.Name == N.Name && D.Overload == N.Overload)
      Out.push_back(&D);
  return Out;
}

std::vector<const OpDef *> Registrations::defsOf(const KernelImpl &K) const {
  std::vector<const OpDef *> Out;
  for (const OpDef &D : Defs)
    if (D.Namespace == K.Namespace && D.Name == K.OpName && D.Overload == K.Overload)
      Out.push_back(&D);
  return Out;
}

FunctionContext Registrations::contextOf(const FunctionDecl *F) const {
  if (!F)
    return {};
  auto It = Contexts.find(F->getCanonicalDecl());
  if (It != Contexts.end() && It->second.Kind == ContextKind::Traced) {
    FunctionContext C = It->second;
    // A catch-all root whose first data read is in another file (its
    // helpers are defined there): the project's facts know.
    if (C.RootCatchAll && !C.RootCannotRunOnFakes && !C.Chain.empty()) {
      const FunctionDecl *Root = C.Chain.front();
      auto [R, New] = ReadsElsewhere.try_emplace(Root, false);
      if (New)
        R->second = isRawDataRead(
            StringRef(ProjectView::get(F->getASTContext()).dataReadOf(usrOf(Root)))
                .rsplit(' ')
                .second);
      C.RootCannotRunOnFakes = R->second;
    }
    return C;
  }
  // Traced wins: a registration in another file (or a caller there) makes
  // this function traced whatever this TU registers it as.
  if (auto P = ProjectView::get(F->getASTContext()).tracedContextOf(usrOf(F))) {
    FunctionContext C;
    C.Kind = ContextKind::Traced;
    C.Key = P->Key;
    C.Reason = P->Reason;
    C.Chain = {F};
    C.Elsewhere = P->Reason;
    C.RootCannotRunOnFakes = P->RootCannotRunOnFakes;
    return C;
  }
  return It == Contexts.end() ? FunctionContext() : It->second;
}

} // namespace torchlint::model
