//===--- ProjectFacts.cpp - What one TU tells the rest of the project -----===//

#include "ProjectFacts.h"
#include "AstUtil.h"
#include "FakeKernel.h"
#include "FullWrites.h"
#include "InactiveCode.h"
#include "Registrations.h"
#include "Signatures.h"
#include "TorchApi.h"

#include "clang/AST/ASTContext.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace clang;
using nlohmann::json;

namespace torchlint::model {
namespace {

Site siteOf(SourceLocation Loc, const SourceManager &SM) {
  Site S;
  Loc = SM.getExpansionLoc(Loc);
  if (Loc.isInvalid())
    return S;
  if (auto Entry = SM.getFileEntryRefForID(SM.getFileID(Loc))) {
    llvm::SmallString<256> Path(Entry->getName());
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    S.File = Path.str().str();
  }
  S.Line = SM.getExpansionLineNumber(Loc);
  return S;
}

/// Project functions a body calls or names (a function pointer handed to a
/// dispatcher, a kernel passed to a launcher): declared anywhere but in a
/// system header or torch, defined here or in another TU. Lambdas in the
/// body (AT_DISPATCH's) count as the body.
class Callees : public RecursiveASTVisitor<Callees> {
public:
  Callees(const SourceManager &SM, const FunctionDecl *Caller, FunctionFact &Fact)
      : SM(SM), Caller(Caller), Out(Fact.Callees), Fact(Fact) {}
  /// A lambda's `return` is not the function's (its calls are).
  bool TraverseLambdaExpr(LambdaExpr *L) {
    ++InLambda;
    bool Result = RecursiveASTVisitor::TraverseLambdaExpr(L);
    --InLambda;
    return Result;
  }
  /// Returns after an unconditional failure in the same block
  /// (`AT_ERROR("Not Implemented"); return pix_to_face;`: pytorch3d's CPU
  /// stubs) never run: they return nothing (a block is visited before its
  /// statements).
  bool VisitCompoundStmt(CompoundStmt *B) {
    bool Failed = false;
    for (const Stmt *S : B->body()) {
      if (Failed)
        if (const auto *R = dyn_cast<ReturnStmt>(S))
          Unreachable.insert(R);
      Failed = Failed || failsUnconditionally(S, SM);
    }
    return true;
  }
  /// What the function returns: its tensor parameters, as they are or in a
  /// braced list or tuple (`return {indices, pairs, num};`), and the calls
  /// whose result it returns (visited before them).
  bool VisitReturnStmt(ReturnStmt *R) {
    if (InLambda || !R->getRetValue() || Unreachable.count(R))
      return true;
    std::vector<const Expr *> Work = {R->getRetValue()};
    while (!Work.empty()) {
      const Expr *E = ignoreWrappers(Work.back());
      Work.pop_back();
      if (const auto *L = dyn_cast<CXXStdInitializerListExpr>(E)) {
        Work.push_back(L->getSubExpr());
      } else if (const auto *L = dyn_cast<InitListExpr>(E)) {
        for (const Expr *Init : L->inits())
          Work.push_back(Init);
      } else if (const auto *K = dyn_cast<CXXConstructExpr>(E)) {
        Work.insert(Work.end(), K->arg_begin(), K->arg_end());
      } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
        const FunctionDecl *F = Call->getDirectCallee();
        if (F && F->isInStdNamespace() && F->getIdentifier() &&
            (F->getName() == "make_tuple" || F->getName() == "make_pair"))
          Work.insert(Work.end(), Call->arg_begin(), Call->arg_end());
        else
          ReturnedCalls.insert(Call);
      } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
        const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
        if (!P || P->getDeclContext() != Caller)
          continue;
        for (ParamFact &Param : Fact.Params)
          if (Param.Index == P->getFunctionScopeIndex() && Param.ReturnedAt.File.empty())
            Param.ReturnedAt = siteOf(R->getBeginLoc(), SM);
      }
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    // In a template, `helper<N>(x)` names one function template whose
    // instance the arguments choose: that template is the callee.
    if (!Callee)
      if (const auto *U = dyn_cast<UnresolvedLookupExpr>(C->getCallee()->IgnoreParenImpCasts());
          U && U->getNumDecls() == 1) {
        const NamedDecl *D = (*U->decls_begin())->getUnderlyingDecl();
        if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
          Callee = T->getTemplatedDecl();
        else
          Callee = dyn_cast<FunctionDecl>(D);
        add(Callee);
      }
    if (Fact.FirstRead.File.empty() && isDataReadCall(Callee)) {
      Fact.FirstRead = siteOf(C->getExprLoc(), SM);
      Fact.FirstReadCall = Callee->getName().str();
    }
    if (isIndirectCall(C)) {
      addIndirectCall(C);
      return true;
    }
    if (!Callee)
      return true;
    // X::apply(...) of a torch::autograd::Function runs X::forward(ctx, ...)
    // and X::backward.
    for (const FunctionDecl *M : autogradFunctionMethods(Callee)) {
      add(M);
      if (M->getName() == "forward")
        addCall(C, M, 0, 1);
    }
    if (isProject(Callee))
      addCall(C, Callee,
              isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(Callee) ? 1 : 0, 0);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return add(E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return add(E->getMemberDecl()); }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    // A functor made here and called by a dispatcher: its call operator.
    if (const CXXRecordDecl *R = E->getConstructor()->getParent())
      for (const CXXMethodDecl *M : R->methods())
        if (M->getOverloadedOperator() == OO_Call)
          add(M);
    return true;
  }

private:
  /// A call whose target the code does not name: through a function pointer
  /// (mmcv's device registry: `auto f = registry.Find(device); f(args...)`),
  /// a member function pointer, a functor of a template parameter's type, or
  /// a std::function. A named function whose overload a template leaves open
  /// (`helper(std::forward<Args>(args)...)`) and a lambda of the body are
  /// not: the lambda's body is this body.
  static bool isIndirectCall(const CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee()) {
      const auto *M = dyn_cast<CXXMethodDecl>(F);
      return M && M->getOverloadedOperator() == OO_Call && M->getParent()->isInStdNamespace() &&
             M->getParent()->getName().contains("function");
    }
    if (isa<CXXPseudoDestructorExpr>(C->getCallee()->IgnoreParens()))
      return false;
    const Expr *E = C->getCallee()->IgnoreParenImpCasts();
    while (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() != UO_Deref)
        break;
      E = U->getSubExpr()->IgnoreParenImpCasts();
    }
    if (isa<UnresolvedLookupExpr, UnresolvedMemberExpr, CXXDependentScopeMemberExpr,
            DependentScopeDeclRefExpr>(E))
      return false;
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      if (isa<FunctionDecl>(R->getDecl()))
        return false;
    QualType T = E->getType();
    if (const CXXRecordDecl *Class = T.isNull() ? nullptr : T->getAsCXXRecordDecl())
      if (Class->isLambda())
        return false;
    return true;
  }
  /// The caller's parameter \p A is (through casts, std::forward/std::move
  /// and a pack expansion), or null.
  const ParmVarDecl *parameterOf(const Expr *A) const {
    for (int Depth = 0; A && Depth < 8; ++Depth) {
      if (const auto *P = dyn_cast<PackExpansionExpr>(A)) {
        A = P->getPattern();
        continue;
      }
      A = ignoreWrappers(A);
      if (const auto *R = dyn_cast<DeclRefExpr>(A)) {
        const auto *P = dyn_cast<ParmVarDecl>(R->getDecl());
        return P && P->getDeclContext() == Caller ? P : nullptr;
      }
      const auto *Call = dyn_cast<CallExpr>(A);
      if (!Call || Call->getNumArgs() != 1)
        return nullptr;
      StringRef Name;
      if (const FunctionDecl *F = Call->getDirectCallee(); F && F->getIdentifier() &&
                                                           F->isInStdNamespace())
        Name = F->getName();
      else if (const auto *U = dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreImplicit()))
        Name = U->getName().getAsString() == "forward" ? "forward"
               : U->getName().getAsString() == "move"  ? "move"
                                                       : "";
      if (Name != "forward" && Name != "move")
        return nullptr;
      A = Call->getArg(0);
    }
    return nullptr;
  }
  /// An indirect call that is handed tensors (or values of a type the
  /// template leaves open): a CallFact with no callee, whose FromParam
  /// names the parameters it is passed (a pack by its own index).
  void addIndirectCall(const CallExpr *C) {
    CallFact Call;
    Call.At = siteOf(C->getExprLoc(), SM);
    bool Tensors = false;
    // std::function's operator(): its first argument is the callable.
    unsigned First = isa<CXXOperatorCallExpr>(C) ? 1 : 0;
    for (const Expr *A : llvm::drop_begin(C->arguments(), First)) {
      const ParmVarDecl *P = parameterOf(A);
      Call.FromParam.push_back(P ? static_cast<int>(P->getFunctionScopeIndex()) : -1);
      Call.Contiguous.push_back(false);
      Tensors |= P || A->isTypeDependent() || isTensorLikeType(A->getType());
    }
    if (!Tensors)
      return;
    if (llvm::none_of(Call.FromParam, [](int P) { return P >= 0; })) {
      Call.FromParam.clear();
      Call.Contiguous.clear();
    }
    Fact.Calls.push_back(std::move(Call));
  }
  bool isProject(const FunctionDecl *F) const {
    // Not torch, not a builtin (TORCH_CHECK's __builtin_expect).
    if (!F || isTorchDecl(F) || F->getBuiltinID() || F->isImplicit())
      return false;
    SourceLocation L = SM.getExpansionLoc(F->getLocation());
    return L.isValid() && !SM.isInSystemHeader(L);
  }
  bool add(const Decl *D) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (!isProject(F))
      return true;
    std::string Usr = usrOf(F);
    if (!Usr.empty() && Seen.insert(Usr).second)
      Out.push_back(std::move(Usr));
    return true;
  }
  /// The call \p C of \p Callee, its arguments from \p ArgOffset on bound
  /// to the callee's parameters from \p ParamOffset on.
  void addCall(const CallExpr *C, const FunctionDecl *Callee, unsigned ArgOffset,
               unsigned ParamOffset) {
    CallFact Call;
    Call.Callee = usrOf(Callee);
    if (Call.Callee.empty())
      return;
    Call.At = siteOf(C->getExprLoc(), SM);
    Call.Returned = ReturnedCalls.count(C);
    Call.FromParam.assign(ParamOffset, -1);
    Call.Contiguous.assign(ParamOffset, false);
    for (unsigned I = ArgOffset; I < C->getNumArgs(); ++I) {
      const Expr *A = C->getArg(I);
      int From = -1;
      if (const auto *R = dyn_cast<DeclRefExpr>(ignoreWrappers(A)))
        if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()); P && P->getDeclContext() == Caller)
          From = static_cast<int>(P->getFunctionScopeIndex());
      Call.FromParam.push_back(From);
      Call.Contiguous.push_back(isContiguousArgument(A));
    }
    // Nothing per parameter: no vectors (as the index stores it).
    if (llvm::none_of(Call.FromParam, [](int P) { return P >= 0; }) &&
        !llvm::is_contained(Call.Contiguous, true) && !Call.Returned) {
      Call.FromParam.clear();
      Call.Contiguous.clear();
    }
    Fact.Calls.push_back(std::move(Call));
  }
  const SourceManager &SM;
  const FunctionDecl *Caller;
  std::vector<std::string> &Out;
  FunctionFact &Fact;
  std::set<std::string> Seen;
  std::set<const CallExpr *> ReturnedCalls;
  unsigned InLambda = 0;
  llvm::DenseSet<const ReturnStmt *> Unreachable; ///< After an AT_ERROR.
};

class Functions : public RecursiveASTVisitor<Functions> {
public:
  Functions(const SourceManager &SM, std::vector<FunctionFact> &Out) : SM(SM), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  /// A lambda registered as a kernel (m.impl("op", [](...) {...})) is a
  /// function of its own; its calls also count as its enclosing function's.
  bool VisitLambdaExpr(LambdaExpr *L) { return VisitFunctionDecl(L->getCallOperator()); }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || isTorchDecl(F))
      return true;
    SourceLocation L = SM.getExpansionLoc(F->getLocation());
    if (L.isInvalid() || SM.isInSystemHeader(L))
      return true;
    FunctionFact Fact;
    Fact.Usr = usrOf(F);
    if (Fact.Usr.empty())
      return true;
    Fact.Name = functionName(F);
    Fact.At = siteOf(F->getLocation(), SM);
    Fact.TouchesPython =
        releasesGilOrCallsPython(F->getBody()) || gilReleasedInOtherBuilds(F, &Inactive).isValid();
    Fact.SharedState = usesSharedStaticState(F);
    Fact.Backend = backendEvidence(F).str();
    if (HostWork W = hostWork(F); W.At) {
      Fact.HostWork = W.What;
      Fact.HostWorkAt = siteOf(W.At->getBeginLoc(), SM);
    }
    for (const ParmVarDecl *P : F->parameters())
      if (QualType T = P->getType(); T->isPointerType() && !T->getPointeeType().isConstQualified()) {
        bool Unseen = false;
        if (writesThroughParam(F, P->getFunctionScopeIndex(), &Unseen))
          Fact.PointerWrites.push_back(P->getFunctionScopeIndex());
        else if (Unseen)
          Fact.PointerUnseen.push_back(P->getFunctionScopeIndex());
        if (auto W = wholeParamWrite(F, P->getFunctionScopeIndex(), F->getASTContext()))
          Fact.WholeWrites.push_back(
              {P->getFunctionScopeIndex(), std::move(W->Bounds), W->Constant});
      }
    for (const ParmVarDecl *P : F->parameters()) {
      if (P->isParameterPack())
        Fact.Pack = static_cast<int>(P->getFunctionScopeIndex());
      if (!isTensorLikeType(P->getType()))
        continue;
      ParamFact Param;
      Param.Index = P->getFunctionScopeIndex();
      Param.Name = P->getName().str();
      if (isTensorType(F->getReturnType()))
        switch (returnsViewOf(F, Param.Index)) {
        case ReturnedView::Yes:
          Fact.ReturnsView.push_back(Param.Index);
          break;
        case ReturnedView::Unknown:
          Fact.ReturnsViewUnseen.push_back(Param.Index);
          break;
        case ReturnedView::No:
          break;
        }
      const Stmt *Where = nullptr;
      if (mutatesParam(F, P, &Param.Write, &Where) && Where)
        Param.WriteAt = siteOf(Where->getBeginLoc(), SM);
      else {
        UnseenWrite Unseen;
        Param.HandedOut = mayWriteParam(F, P, &Unseen);
        if (Unseen.At) {
          Param.HandedUnseen = Unseen.Callee;
          Param.HandedUnseenAt = siteOf(Unseen.At->getBeginLoc(), SM);
          Param.HandedUnseenUsr = Unseen.Usr;
          Param.HandedUnseenIndex = Unseen.Index;
          Param.HandedUnseenView = Unseen.View;
        }
      }
      Fact.Params.push_back(std::move(Param));
    }
    // What a fake kernel of it would return (a binding in another file
    // writes its note from this).
    if (!Fact.Params.empty() && !F->getReturnType()->isVoidType())
      Fact.FakeReturn = fakeReturnOf(F);
    if (!Fact.FakeReturn.empty())
      for (const ParmVarDecl *P : F->parameters())
        Fact.FakeParams += (Fact.FakeParams.empty() ? "" : ", ") + schemaNameOf(P);
    Callees C(SM, F, Fact);
    C.TraverseStmt(F->getBody());
    Out.push_back(std::move(Fact));
    return true;
  }

private:
  const SourceManager &SM;
  std::vector<FunctionFact> &Out;
  InactiveCodeCache Inactive; ///< This TU's.
};

json siteJson(const Site &S) { return json::array({S.File, S.Line}); }
Site siteFrom(const json &J) { return {J.at(0).get<std::string>(), J.at(1).get<unsigned>()}; }

/// Keeps the first of equal facts of one function (same USR): a lambda of a
/// macro expanded many times, a function met through each instance.
void dropRepeatedFunctions(std::vector<FunctionFact> &Functions) {
  std::map<std::string, std::vector<size_t>> ByUsr;
  std::vector<FunctionFact> Kept;
  Kept.reserve(Functions.size());
  for (FunctionFact &F : Functions) {
    std::vector<size_t> &Same = ByUsr[F.Usr];
    if (llvm::any_of(Same, [&](size_t I) { return Kept[I] == F; }))
      continue;
    Same.push_back(Kept.size());
    Kept.push_back(std::move(F));
  }
  Functions = std::move(Kept);
}

} // namespace

std::string usrOf(const Decl *D) {
  if (!D)
    return {};
  if (const auto *F = dyn_cast<FunctionDecl>(D)) {
    if (const FunctionTemplateDecl *T = F->getPrimaryTemplate())
      D = T->getTemplatedDecl();
    else if (const FunctionDecl *P = F->getInstantiatedFromMemberFunction())
      D = P;
  }
  llvm::SmallString<128> Buf;
  if (index::generateUSRForDecl(D, Buf))
    return {};
  return Buf.str().str();
}

TUFacts extractFacts(ASTContext &Ctx) {
  TUFacts Out;
  const SourceManager &SM = Ctx.getSourceManager();
  const Registrations &Model = Registrations::get(Ctx);
  for (const OpDef &D : Model.Defs)
    if (!D.Name.empty())
      Out.Ops.push_back({D.qualifiedName(), siteOf(registrationLoc(D.Call), SM),
                         D.SchemaText});
  for (const KernelImpl &K : Model.Impls) {
    KernelFact F;
    F.Op = K.qualifiedName();
    F.Key = K.DispatchKey;
    F.CatchAll = K.CatchAll;
    F.Usr = usrOf(K.Function);
    F.Function = K.Function ? functionName(K.Function) : "";
    F.At = siteOf(registrationLoc(K.Call), SM);
    Out.Kernels.push_back(std::move(F));
  }
  for (const PyBinding &B : Model.Bindings)
    Out.Bindings.push_back({B.Name, usrOf(B.Function), siteOf(B.Call->getExprLoc(), SM)});
  for (const PyBinding &B : Model.Methods)
    Out.Bindings.push_back(
        {B.Name, usrOf(B.Function), siteOf(B.Call->getExprLoc(), SM), B.Class, true});
  Functions(SM, Out.Functions).TraverseAST(Ctx);
  dropRepeatedFunctions(Out.Functions);
  return Out;
}

bool FunctionFact::operator<(const FunctionFact &O) const {
  auto Key = [](const FunctionFact &F) {
    return std::tie(F.Usr, F.Name, F.At.File, F.At.Line, F.Callees, F.TouchesPython,
                    F.SharedState, F.HostWork, F.HostWorkAt.File, F.HostWorkAt.Line, F.Backend,
                    F.FirstRead.File, F.FirstRead.Line, F.FirstReadCall, F.FakeReturn,
                    F.FakeParams, F.Pack, F.PointerWrites, F.PointerUnseen, F.WholeWrites,
                    F.ReturnsView, F.ReturnsViewUnseen);
  };
  if (Key(*this) != Key(O))
    return Key(*this) < Key(O);
  auto Lexi = [](const auto &A, const auto &B) {
    return std::lexicographical_compare(A.begin(), A.end(), B.begin(), B.end(),
                                        [](const auto &X, const auto &Y) {
                                          return X.tie() < Y.tie();
                                        });
  };
  if (Lexi(Params, O.Params) || Lexi(O.Params, Params))
    return Lexi(Params, O.Params);
  return Lexi(Calls, O.Calls);
}

json toJson(const TUFacts &F) {
  json Ops = json::array(), Kernels = json::array(), Bindings = json::array(),
       Functions = json::array();
  for (const OpFact &O : F.Ops)
    Ops.push_back({{"op", O.Op}, {"at", siteJson(O.At)}, {"schema", O.Schema}});
  for (const KernelFact &K : F.Kernels)
    Kernels.push_back({{"op", K.Op},
                       {"key", K.Key},
                       {"catch_all", K.CatchAll},
                       {"usr", K.Usr},
                       {"function", K.Function},
                       {"at", siteJson(K.At)}});
  for (const BindingFact &B : F.Bindings)
    Bindings.push_back({{"name", B.Name},
                        {"usr", B.Usr},
                        {"at", siteJson(B.At)},
                        {"class", B.Class},
                        {"method", B.Method}});
  for (const FunctionFact &Fn : F.Functions)
    Functions.push_back(toJson(Fn));
  return {{"ops", Ops}, {"kernels", Kernels}, {"bindings", Bindings}, {"functions", Functions}};
}

TUFacts tuFactsFromJson(const json &J) {
  TUFacts F;
  for (const json &O : J.at("ops"))
    F.Ops.push_back(
        {O.at("op").get<std::string>(), siteFrom(O.at("at")), O.at("schema").get<std::string>()});
  for (const json &K : J.at("kernels")) {
    KernelFact Fact;
    Fact.Op = K.at("op").get<std::string>();
    Fact.Key = K.at("key").get<std::string>();
    Fact.CatchAll = K.at("catch_all").get<bool>();
    Fact.Usr = K.at("usr").get<std::string>();
    Fact.Function = K.at("function").get<std::string>();
    Fact.At = siteFrom(K.at("at"));
    F.Kernels.push_back(std::move(Fact));
  }
  for (const json &B : J.at("bindings"))
    F.Bindings.push_back({B.at("name").get<std::string>(), B.at("usr").get<std::string>(),
                          siteFrom(B.at("at")), B.at("class").get<std::string>(),
                          B.at("method").get<bool>()});
  for (const json &Fn : J.at("functions"))
    F.Functions.push_back(functionFactFromJson(Fn));
  return F;
}

json toJson(const FunctionFact &Fn) {
  json Params = json::array(), Calls = json::array();
  for (const ParamFact &P : Fn.Params) {
    Params.push_back({P.Index, P.Name, P.Write, siteJson(P.WriteAt), P.HandedOut});
    if (!P.ReturnedAt.File.empty() || !P.HandedUnseen.empty())
      Params.back().push_back(siteJson(P.ReturnedAt));
    if (!P.HandedUnseen.empty()) {
      Params.back().push_back({P.HandedUnseen, siteJson(P.HandedUnseenAt)});
      // (The view's wording needs the flag where no USR is known too.)
      if (!P.HandedUnseenUsr.empty() || P.HandedUnseenView) {
        Params.back().back().push_back(P.HandedUnseenUsr);
        Params.back().back().push_back(P.HandedUnseenIndex);
        if (P.HandedUnseenView)
          Params.back().back().push_back(true);
      }
    }
  }
  for (const CallFact &C : Fn.Calls) {
    // [callee, site], and the per-parameter facts only when some argument
    // has one (extraction drops them otherwise).
    json Call = {C.Callee, siteJson(C.At)};
    if (!C.FromParam.empty() || !C.Contiguous.empty() || C.Returned) {
      Call.push_back(C.FromParam);
      Call.push_back(C.Contiguous);
    }
    if (C.Returned)
      Call.push_back(true);
    Calls.push_back(std::move(Call));
  }
  json J = {{"usr", Fn.Usr},
            {"name", Fn.Name},
            {"at", siteJson(Fn.At)},
            {"calls", Fn.Callees},
            {"touches_python", Fn.TouchesPython},
            {"shared_state", Fn.SharedState},
            {"host_work", Fn.HostWork},
            {"host_work_at", siteJson(Fn.HostWorkAt)},
            {"backend", Fn.Backend},
            {"first_read", siteJson(Fn.FirstRead)},
            {"first_read_call", Fn.FirstReadCall},
            {"params", Params},
            {"call_sites", Calls}};
  if (!Fn.FakeReturn.empty())
    J["fake"] = {Fn.FakeParams, Fn.FakeReturn};
  if (Fn.Pack >= 0)
    J["pack"] = Fn.Pack;
  if (!Fn.PointerWrites.empty())
    J["pointer_writes"] = Fn.PointerWrites;
  if (!Fn.PointerUnseen.empty())
    J["pointer_unseen"] = Fn.PointerUnseen;
  if (!Fn.ReturnsView.empty())
    J["returns_view"] = Fn.ReturnsView;
  if (!Fn.ReturnsViewUnseen.empty())
    J["returns_view_unseen"] = Fn.ReturnsViewUnseen;
  if (!Fn.WholeWrites.empty()) {
    json W = json::array();
    for (const WholeWriteFact &F : Fn.WholeWrites)
      W.push_back({{"index", F.Index}, {"bounds", F.Bounds}, {"constant", F.Constant}});
    J["whole_writes"] = std::move(W);
  }
  return J;
}

FunctionFact functionFactFromJson(const json &Fn) {
  FunctionFact Fact;
  Fact.Usr = Fn.at("usr").get<std::string>();
  Fact.Name = Fn.at("name").get<std::string>();
  Fact.At = siteFrom(Fn.at("at"));
  Fact.Callees = Fn.at("calls").get<std::vector<std::string>>();
  Fact.TouchesPython = Fn.at("touches_python").get<bool>();
  Fact.SharedState = Fn.at("shared_state").get<bool>();
  Fact.HostWork = Fn.at("host_work").get<std::string>();
  Fact.HostWorkAt = siteFrom(Fn.at("host_work_at"));
  Fact.Backend = Fn.at("backend").get<std::string>();
  Fact.FirstRead = siteFrom(Fn.at("first_read"));
  Fact.FirstReadCall = Fn.at("first_read_call").get<std::string>();
  for (const json &P : Fn.at("params")) {
    Fact.Params.push_back({P.at(0).get<unsigned>(), P.at(1).get<std::string>(),
                           P.at(2).get<std::string>(), siteFrom(P.at(3)), P.at(4).get<bool>()});
    if (P.size() > 5)
      Fact.Params.back().ReturnedAt = siteFrom(P.at(5));
    if (P.size() > 6) {
      Fact.Params.back().HandedUnseen = P.at(6).at(0).get<std::string>();
      Fact.Params.back().HandedUnseenAt = siteFrom(P.at(6).at(1));
      if (P.at(6).size() > 3) {
        Fact.Params.back().HandedUnseenUsr = P.at(6).at(2).get<std::string>();
        Fact.Params.back().HandedUnseenIndex = P.at(6).at(3).get<unsigned>();
        Fact.Params.back().HandedUnseenView = P.at(6).size() > 4 && P.at(6).at(4).get<bool>();
      }
    }
  }
  if (auto Fake = Fn.find("fake"); Fake != Fn.end()) {
    Fact.FakeParams = Fake->at(0).get<std::string>();
    Fact.FakeReturn = Fake->at(1).get<std::string>();
  }
  if (auto Pack = Fn.find("pack"); Pack != Fn.end())
    Fact.Pack = Pack->get<int>();
  if (auto W = Fn.find("pointer_writes"); W != Fn.end())
    Fact.PointerWrites = W->get<std::vector<unsigned>>();
  if (auto U = Fn.find("pointer_unseen"); U != Fn.end())
    Fact.PointerUnseen = U->get<std::vector<unsigned>>();
  if (auto V = Fn.find("returns_view"); V != Fn.end())
    Fact.ReturnsView = V->get<std::vector<unsigned>>();
  if (auto V = Fn.find("returns_view_unseen"); V != Fn.end())
    Fact.ReturnsViewUnseen = V->get<std::vector<unsigned>>();
  if (auto W = Fn.find("whole_writes"); W != Fn.end())
    for (const json &E : *W)
      Fact.WholeWrites.push_back({E.at("index").get<unsigned>(),
                                  E.at("bounds").get<std::vector<unsigned>>(),
                                  E.at("constant").get<int64_t>()});
  for (const json &C : Fn.at("call_sites")) {
    CallFact Call{C.at(0).get<std::string>(), siteFrom(C.at(1)), {}, {}};
    if (C.size() > 2) {
      Call.FromParam = C.at(2).get<std::vector<int>>();
      Call.Contiguous = C.at(3).get<std::vector<bool>>();
    }
    Call.Returned = C.size() > 4 && C.at(4).get<bool>();
    Fact.Calls.push_back(std::move(Call));
  }
  return Fact;
}

} // namespace torchlint::model
