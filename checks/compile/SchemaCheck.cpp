//===--- SchemaCheck.cpp - torch-compile-schema ---------------------------===//

#include "SchemaCheck.h"

#include "../model/AstUtil.h"
#include "../model/Macros.h"

#include "../model/ProjectFacts.h"
#include "../model/ProjectModel.h"
#include "../model/Registrations.h"
#include "../model/Signatures.h"
#include "../model/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;

namespace torchlint::checks {
namespace {

SourceLocation locationInSchema(const OpDef &D, unsigned Column, ASTContext &Ctx) {
  if (!D.Literal)
    return registrationLoc(D.Call);
  // (Just past the last character: where a fix-it appends to the last
  // return, "-> Tensor" + "(a!)".)
  const bool PastEnd = Column == D.Literal->getLength() && Column > 0;
  if (Column >= D.Literal->getLength())
    Column = D.Literal->getLength() ? D.Literal->getLength() - 1 : 0;
  SourceLocation Byte = D.Literal->getLocationOfByte(Column, Ctx.getSourceManager(),
                                                     Ctx.getLangOpts(), Ctx.getTargetInfo());
  if (PastEnd)
    Byte = Byte.getLocWithOffset(1);
  // (In a macro that lists its registrations: the line of the definition.)
  return macroBodySite(Byte, D.Literal->getBeginLoc(), Ctx.getSourceManager());
}

/// Schema type text without fixed list sizes: int[2] -> int[].
std::string normalised(const SchemaType &T) {
  std::string S = T.str();
  size_t Open = S.find('[');
  if (Open != std::string::npos) {
    size_t Close = S.find(']', Open);
    S = S.substr(0, Open + 1) + S.substr(Close);
  }
  return S;
}

bool compatible(const std::string &Schema, const std::string &Cpp) {
  if (Schema == Cpp)
    return true;
  // The dispatcher accepts int64_t kernels for SymInt schemas.
  auto Replace = [](std::string S) {
    size_t P;
    while ((P = S.find("SymInt")) != std::string::npos)
      S.replace(P, 6, "int");
    return S;
  };
  return Replace(Schema) == Replace(Cpp);
}

/// \p V, a local tensor of \p Body, holds what it was initialised with
/// wherever it is used: every use is a method call on it (not `=`, not
/// `set_`), an argument for a by-value or const-reference parameter, or a
/// returned value. A local assigned again, or handed to a function that may
/// rebind it, is not followed.
bool keepsItsInitialiser(const VarDecl *V, const Stmt *Body, ASTContext &Ctx) {
  return everyReference(V, Body, [&](const DeclRefExpr &R) {
    const Expr *Use = &R;
    for (DynTypedNodeList Ps = Ctx.getParents(*Use); !Ps.empty(); Ps = Ctx.getParents(*Use)) {
      if (Ps[0].get<ReturnStmt>())
        return true;
      if (const auto *M = Ps[0].get<MemberExpr>()) {
        const auto *Method = dyn_cast<CXXMethodDecl>(M->getMemberDecl());
        return Method && Method->getIdentifier() && Method->getName() != "set_";
      }
      if (const auto *Call = Ps[0].get<CallExpr>()) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
          if (ignoreWrappers(Call->getArg(I)) != ignoreWrappers(Use))
            continue;
          const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
          if (Op && isa_and_nonnull<CXXMethodDecl>(Callee) && I == 0) {
            if (Op->getOperator() == OO_Equal) // y = other; y += 1 keeps y.
              return false;
            continue;
          }
          unsigned P = Op && isa_and_nonnull<CXXMethodDecl>(Callee) ? I - 1 : I;
          QualType T =
              Callee && P < Callee->getNumParams() ? Callee->getParamDecl(P)->getType() : QualType();
          if (T.isNull() || (T->isReferenceType() && !T.getNonReferenceType().isConstQualified()))
            return false;
        }
        return true;
      }
      const auto *E = Ps[0].get<Expr>();
      if (!E || ignoreWrappers(E) != ignoreWrappers(Use))
        return false;
      Use = E;
    }
    return true;
  });
}

/// What a kernel returns at one place of its schema's returns: a parameter,
/// as it is or as a view of it (also through locals that keep their
/// initialiser: `auto y = x.view({-1}); return y;`).
struct ReturnedInput {
  const ParmVarDecl *Param = nullptr;
  bool View = false;
};

/// For each of \p NumReturns returns, the parameter a return statement gives
/// there: the value itself for one return, the elements of
/// `std::make_tuple(a, b)`, `std::tuple<...>(a, b)`, `{a, b}` or
/// `std::forward_as_tuple(a, b)` for several (qutlass returns the buffers it
/// filled, `return std::make_tuple(OUT, OUT_sf)`).
std::vector<ReturnedInput> returnedParams(const FunctionDecl *F, size_t NumReturns) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<ReturnedInput> Found;
    const Stmt *Body = nullptr;
    ASTContext *Ctx = nullptr;
    ReturnedInput behind(const Expr *E) {
      E = ignoreWrappers(E);
      bool ViaView = false;
      for (int I = 0; I < 6 && E; ++I) {
        if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
          if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
              P && isTensorType(P->getType()))
            return {P, ViaView};
          if (const auto *L = dyn_cast<VarDecl>(Ref->getDecl());
              L && !isa<ParmVarDecl>(L) && L->isLocalVarDecl() && !L->getType()->isReferenceType() &&
              isTensorType(L->getType()) && L->getInit() && keepsItsInitialiser(L, Body, *Ctx)) {
            E = ignoreWrappers(L->getInit());
            continue;
          }
          break;
        }
        static const llvm::StringSet<> Views = {
            "view", "transpose", "permute", "select", "narrow", "slice", "squeeze",
            "unsqueeze", "expand", "expand_as", "t", "as_strided", "alias",
            "diagonal", "detach", "view_as", "unfold", "movedim", "flatten",
            "reshape", "contiguous"};
        // x.transpose(0, 1), or the stable ABI's free-function form,
        // torch::stable::transpose(x, 0, 1) / torch::stable::fill_(x, v).
        const FunctionDecl *Callee = nullptr;
        const Expr *Self = nullptr;
        if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
          Callee = Call->getMethodDecl();
          Self = Call->getImplicitObjectArgument();
        } else if (const auto *Call = dyn_cast<CallExpr>(E);
                   Call && !isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs() >= 1 &&
                   isStableDecl(Call->getDirectCallee())) {
          Callee = Call->getDirectCallee();
          Self = Call->getArg(0);
        }
        if (!Callee || !Callee->getIdentifier())
          break;
        StringRef Name = Callee->getName();
        if (!Views.contains(Name) && !ops::isInPlaceName(Name))
          break;
        ViaView |= Views.contains(Name);
        E = ignoreWrappers(Self);
      }
      return {};
    }
    /// The elements of a tuple built in place, or nothing.
    std::vector<const Expr *> elements(const Expr *E) {
      E = ignoreWrappers(E);
      std::vector<const Expr *> Out;
      if (const auto *Init = dyn_cast<InitListExpr>(E)) {
        Out.assign(Init->inits().begin(), Init->inits().end());
      } else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
                 C && C->getConstructor()->getParent()->getName() == "tuple") {
        Out.assign(C->arg_begin(), C->arg_end());
      } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (Callee && Callee->getIdentifier() && Callee->isInStdNamespace() &&
            (Callee->getName() == "make_tuple" || Callee->getName() == "forward_as_tuple" ||
             Callee->getName() == "tie"))
          Out.assign(Call->arg_begin(), Call->arg_end());
      }
      return Out;
    }
    bool VisitReturnStmt(ReturnStmt *R) {
      if (Found.size() == 1) {
        if (!Found[0].Param)
          Found[0] = behind(R->getRetValue());
        return true;
      }
      std::vector<const Expr *> Elements = elements(R->getRetValue());
      if (Elements.size() == Found.size())
        for (size_t I = 0; I < Found.size(); ++I)
          if (!Found[I].Param)
            Found[I] = behind(Elements[I]);
      return true;
    }
  } F2;
  F2.Found.resize(NumReturns);
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !Def->getBody() || NumReturns == 0)
    return F2.Found;
  F2.Body = Def->getBody();
  F2.Ctx = &Def->getASTContext();
  F2.TraverseStmt(Def->getBody());
  return F2.Found;
}

} // namespace


void SchemaCheck::registerMatchers(MatchFinder *Finder) {
  // The model has everything; run once per TU on the translation unit.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void SchemaCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const Registrations &Model = Registrations::get(Ctx);

  for (const OpDef &D : Model.Defs) {
    if (!D.Schema && D.Literal)
      diag(locationInSchema(D, D.Error.column, Ctx),
           "schema of '%0' does not parse: %1")
          << (D.Namespace.empty() ? D.Name : D.qualifiedName()) << D.Error.message;
    // `m.def("op")`: torch parses the text as a whole schema where no kernel
    // comes with it to infer one from, and throws when the library loads.
    if (D.Schema && D.Schema->nameOnly && D.Literal && !D.Kernel)
      diag(locationInSchema(D, 0, Ctx),
           "'%0' is defined by its name only, with no kernel to infer a schema from: torch "
           "throws when the library loads ('Tried to parse a function schema but only the "
           "operator name was given'); write its schema, '%1(...) -> ...'")
          << (D.Namespace.empty() ? D.Name : D.qualifiedName()) << D.SchemaText;
  }

  ProjectView &Project = ProjectView::get(Ctx);
  std::set<std::pair<std::string, unsigned>> Reported;
  for (const KernelImpl &K : Model.Impls) {
    startFinding(Ctx);
    const FunctionDecl *F = K.Function;
    // A hand-boxed stable kernel takes the stack, not the schema's arguments.
    if (!F || K.Boxed)
      continue;
    std::vector<const OpDef *> Local = Model.defsOf(K);
    for (const OpDef *D : Local)
      if (D->Schema)
        checkKernel({D, D->qualifiedName(), &*D->Schema, ""}, K, Reported, Ctx);
    if (!Local.empty())
      continue;
    // The schema is in another file (ops.cpp defines it, this file
    // registers the kernel): the same comparisons, reported here.
    std::string Answer = Project.schemaElsewhere(K.qualifiedName());
    if (Answer.empty())
      continue;
    size_t Tab = Answer.rfind('\t');
    std::optional<FunctionSchema> S = parseSchema(Answer.substr(0, Tab), nullptr);
    if (S)
      checkKernel({nullptr, K.qualifiedName(), &*S, Answer.substr(Tab + 1)}, K, Reported, Ctx);
  }
}

void SchemaCheck::checkKernel(const SchemaAt &Src, const KernelImpl &K,
                              std::set<std::pair<std::string, unsigned>> &Reported,
                              ASTContext &Ctx) {
  const FunctionDecl *F = K.Function;
  const FunctionSchema &S = *Src.Schema;
  if (S.nameOnly || S.isVararg)
    return;
  // Where a finding goes: into the schema string when it is in this file,
  // else at the registration, with a note naming the schema's file.
  SourceLocation Registration = K.Call ? registrationLoc(K.Call) : F->getLocation();
  auto At = [&](unsigned Column) {
    return Src.Def ? locationInSchema(*Src.Def, Column, Ctx) : Registration;
  };
  auto NoteSchema = [&] {
    if (!Src.Def)
      diag(Registration, "the schema of '%0' is defined in %1", DiagnosticIDs::Note)
          << Src.Name << Src.Elsewhere;
  };
  std::string Fn = functionName(F);
  std::string Key = Src.Name + (Src.Def ? "" : "@" + Src.Elsewhere);
  if (S.args.size() != F->getNumParams()) {
    if (Reported.insert({Key, ~0u}).second) {
      diag(At(0), "schema of '%0' has %1 argument%s1 but its %2 kernel '%3' takes "
                  "%4; registration fails at load time")
          << Src.Name << static_cast<unsigned>(S.args.size())
          << (K.DispatchKey.empty() ? "registered" : K.DispatchKey) << Fn << F->getNumParams();
      diag(F->getLocation(), "'%0' is declared here", DiagnosticIDs::Note) << Fn;
      NoteSchema();
    }
    return;
  }
  ProjectView &Project = ProjectView::get(Ctx);
  const std::vector<ReturnedInput> Returned = returnedParams(F, S.returns.size());
  std::string Assigned; // Alias sets this kernel's fix-its give.
  // A non-const Tensor& says "written" only where the kernel tells its
  // inputs from its outputs (mutableRefsTellWrites).
  bool RefsTell = mutableRefsTellWrites(
      F, llvm::any_of(S.args, [](const SchemaArg &A) { return A.alias.isWrite; }));
  for (unsigned I = 0; I < S.args.size(); ++I) {
    const SchemaArg &A = S.args[I];
    const ParmVarDecl *P = F->getParamDecl(I);
    SchemaTypeOf T = schemaTypeOf(P->getType());
    std::string Want = normalised(A.type);
    std::string ParamType = P->getType().getAsString(Ctx.getPrintingPolicy());
    if (!Reported.insert({Key, I}).second)
      continue;
    // Tuple arguments, (Tensor, Tensor)?, take std::tuple-like kernels
    // the type model does not spell: not compared.
    if (llvm::StringRef(A.type.name).starts_with("("))
      continue;
    if (T.Spelling.empty() || !compatible(Want, T.Spelling)) {
      std::string Expect = !T.Instead.empty() ? "'" + T.Instead + "'"
                                              : "the C++ type of a schema '" + Want + "'";
      diag(At(A.column), "argument '%0' of '%1' is '%2' in the schema but '%3' in its %4 "
                         "kernel '%5'; use %6")
          << A.name << Src.Name << A.type.str() << ParamType
          << (K.DispatchKey.empty() ? "registered" : K.DispatchKey) << Fn << Expect;
      diag(P->getLocation(), "parameter declared here", DiagnosticIDs::Note);
      NoteSchema();
      continue;
    }
    // A `Tensor?` is written as a `Tensor` is (pytorch_scatter's
    // `optional_out.value()`), and annotated `Tensor(a!)?`.
    bool Optional = Want == "Tensor?";
    if ((Want != "Tensor" && !Optional) || A.alias.isWrite)
      continue;
    std::string How, Elsewhere;
    const Stmt *Where = nullptr;
    bool Mutated = mutatesParam(F, P, &How, &Where);
    if (!Mutated) {
      // Defined in another file, or handing the tensor to a function
      // defined in one: the project's summary of its writes.
      std::string W = Project.paramWriteOf(usrOf(F), I);
      if (!W.empty()) {
        size_t Tab = W.rfind('\t');
        How = W.substr(0, Tab);
        Elsewhere = W.substr(Tab + 1);
        Mutated = true;
      }
    }
    // A non-const Tensor& is evidence of a write only where the body does
    // not show that every use reads (the stable ABI's `Tensor& a` inputs).
    // Another file's definition reads it only: it defines the function,
    // and nothing there writes the parameter or hands its data on.
    auto ReadElsewhere = [&Project](const FunctionDecl *Callee, unsigned Index) {
      std::string Usr = usrOf(Callee);
      return !Project.bodyElsewhere(Usr).empty() && Project.paramMayBeWritten(Usr, Index).empty();
    };
    if (!Mutated && (!T.MutableRef || !RefsTell || onlyReadsParam(F, P, ReadElsewhere)))
      continue;
    // Tensor -> Tensor(x!) with the first alias set neither the schema nor
    // an earlier annotation of this kernel's uses; a return that gives the
    // argument back gets the same set (else torch rejects the alias).
    std::string Used = Assigned;
    for (const SchemaArg &Other : S.args)
      Used += Other.alias.set;
    for (const SchemaArg &Other : S.returns)
      Used += Other.alias.set;
    char Set = 'a';
    while (Used.find(Set) != std::string::npos && Set < 'z')
      ++Set;
    Assigned += Set;
    std::string Annot = std::string("(") + Set + "!)";
    const SchemaArg *Back = nullptr;
    for (size_t J = 0; J < Returned.size(); ++J)
      if (Returned[J].Param == P && !Returned[J].View && !S.returns[J].alias.present &&
          S.returns[J].type.str() == "Tensor") {
        Back = &S.returns[J];
        Reported.insert({Key, 1000 + I}); // Said here, with the alias.
        break;
      }
    {
      auto Diag = diag(At(A.column), "'%0' mutates argument '%1' of '%2' but the schema does "
                                     "not say so; annotate it 'Tensor%3'%select{| and the return "
                                     "that gives it back 'Tensor%3'}4 or torch.compile may reorder "
                                     "or drop the write");
      Diag << Fn << A.name << Src.Name << (Optional ? Annot + "?" : Annot) << (Back != nullptr);
      // Insert after "Tensor" when the literal is one plain token.
      if (Src.Def && Src.Def->Literal && Src.Def->Literal->getNumConcatenated() == 1 &&
          !Src.Def->Literal->getBeginLoc().isMacroID()) {
        Diag << FixItHint::CreateInsertion(locationInSchema(*Src.Def, A.column + 6, Ctx), Annot);
        if (Back)
          Diag << FixItHint::CreateInsertion(locationInSchema(*Src.Def, Back->column + 6, Ctx),
                                             Annot);
      }
    }
    NoteSchema();
    if (Where)
      diag(Where->getBeginLoc(), "'%0' is written here: %1", DiagnosticIDs::Note) << A.name << How;
    else if (!Elsewhere.empty())
      diag(At(A.column), "'%0' is written in %1: %2", DiagnosticIDs::Note)
          << A.name << Elsewhere << How;
    else
      diag(P->getLocation(), "'%0' is taken by non-const reference", DiagnosticIDs::Note)
          << A.name;
  }
  // A returned input (or a view of it) needs an alias annotation.
  for (size_t J = 0; J < Returned.size(); ++J) {
    const ParmVarDecl *P = Returned[J].Param;
    if (!P || S.returns[J].alias.present || S.returns[J].type.str() != "Tensor")
      continue;
    unsigned Index = P->getFunctionScopeIndex();
    if (Index < S.args.size() && Reported.insert({Key, 1000 + Index}).second) {
      const SchemaArg &A = S.args[Index];
      diag(At(A.column), "'%0' returns %select{its input|a view of its input}1 '%2' but "
                         "the schema of '%3' declares a new tensor; annotate the alias "
                         "('Tensor(a%4) %2' and '-> Tensor(a%4)') or return a copy")
          << Fn << Returned[J].View << A.name << Src.Name << (A.alias.isWrite ? "!" : "");
      NoteSchema();
    }
  }
}

} // namespace torchlint::checks
