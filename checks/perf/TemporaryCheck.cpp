//===--- TemporaryCheck.cpp - torch-perf-temporary ------------------------===//

#include "TemporaryCheck.h"

#include "../model/AstUtil.h"

#include "../model/Signatures.h"
#include "../model/TorchApi.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchlint::model;
using namespace torchlint::model::matchers;

namespace torchlint::checks {
namespace {

/// A fresh elementwise binary op on two tensors that has an `_out` form:
/// returns the op's name ("add") and its operands.
struct BinaryOp {
  std::string Name;
  const Expr *Lhs = nullptr;
  const Expr *Rhs = nullptr;
};

std::optional<BinaryOp> asBinaryOp(const Expr *E) {
  E = ignoreWrappers(E);
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  if (!Call || !Call->getDirectCallee() || !isTorchDecl(Call->getDirectCallee()))
    return std::nullopt;
  BinaryOp Op;
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (O->getNumArgs() != 2)
      return std::nullopt;
    switch (O->getOperator()) {
    case OO_Plus: Op.Name = "add"; break;
    case OO_Minus: Op.Name = "sub"; break;
    case OO_Star: Op.Name = "mul"; break;
    case OO_Slash: Op.Name = "div"; break;
    default: return std::nullopt;
    }
    Op.Lhs = O->getArg(0);
    Op.Rhs = O->getArg(1);
  } else {
    const FunctionDecl *F = Call->getDirectCallee();
    if (isa<CXXMethodDecl>(F) || !F->getIdentifier())
      return std::nullopt;
    StringRef N = F->getName();
    if (N != "add" && N != "sub" && N != "mul" && N != "div" && N != "matmul" &&
        N != "mm" && N != "bmm")
      return std::nullopt;
    unsigned Explicit = 0;
    for (const Expr *A : Call->arguments())
      Explicit += !isa<CXXDefaultArgExpr>(A);
    if (Explicit != 2)
      return std::nullopt;
    Op.Name = N.str();
    Op.Lhs = Call->getArg(0);
    Op.Rhs = Call->getArg(1);
  }
  // at::add_out(out, Tensor, Tensor): both operands must be tensors.
  if (!isTensorType(ignoreWrappers(Op.Lhs)->getType()) ||
      !isTensorType(ignoreWrappers(Op.Rhs)->getType()))
    return std::nullopt;
  return Op;
}

/// The variable or own member `copy_` writes into, when it is one.
const ValueDecl *destinationDecl(const Expr *Dst) {
  if (const auto *R = dyn_cast<DeclRefExpr>(Dst))
    return R->getDecl();
  if (const auto *M = dyn_cast<MemberExpr>(Dst))
    if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      return M->getMemberDecl();
  return nullptr;
}

/// For `dst.copy_(dst op c)` (or `c op dst` of an op that commutes), the
/// text of `c` when `dst.op_(c)` computes the same: an elementwise op with an
/// in-place form, `c` not mentioning dst, and no local view of dst in `c`
/// (an in-place op refuses an input that partly overlaps its output, where
/// the temporary made it work).
std::optional<std::string> inPlaceOperand(const BinaryOp &Op, const ValueDecl *Dst,
                                          ASTContext &Ctx) {
  if (Op.Name != "add" && Op.Name != "sub" && Op.Name != "mul" && Op.Name != "div")
    return std::nullopt;
  const Expr *Other = nullptr;
  if (refersTo(Op.Lhs, Dst))
    Other = Op.Rhs;
  else if ((Op.Name == "add" || Op.Name == "mul") && refersTo(Op.Rhs, Dst))
    Other = Op.Lhs;
  if (!Other || mentions(Other, Dst))
    return std::nullopt;
  // A local of `c` initialised or assigned from dst anywhere in the function.
  struct Assigned : RecursiveASTVisitor<Assigned> {
    const ValueDecl *Local, *Dst;
    bool Found = false;
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *O) {
      Found |= O->getOperator() == OO_Equal && O->getNumArgs() == 2 &&
               refersTo(O->getArg(0), Local) && mentions(O->getArg(1), Dst);
      return !Found;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      Found |= B->isAssignmentOp() && refersTo(B->getLHS(), Local) && mentions(B->getRHS(), Dst);
      return !Found;
    }
  };
  struct LocalViews : RecursiveASTVisitor<LocalViews> {
    const ValueDecl *Dst;
    const Stmt *Body;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (!V || !V->isLocalVarDecl())
        return true;
      if (V->getInit() && mentions(V->getInit(), Dst))
        Found = true;
      else if (Body) {
        Assigned A;
        A.Local = V;
        A.Dst = Dst;
        A.TraverseStmt(const_cast<Stmt *>(Body));
        Found = A.Found;
      }
      return !Found;
    }
  } Views;
  Views.Dst = Dst;
  const FunctionDecl *F = enclosingFunction(*Other, Ctx);
  Views.Body = F ? F->getBody() : nullptr;
  Views.TraverseStmt(const_cast<Expr *>(Other));
  if (Views.Found)
    return std::nullopt;
  std::string Text = sourceText(Other, Ctx);
  if (Text.empty())
    return std::nullopt;
  return Text;
}

} // namespace

void TemporaryCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(tensorMethodCall({"copy_"}).bind("copy"), this);
  Finder->addMatcher(cxxOperatorCallExpr(hasOverloadedOperatorName("="),
                                         hasArgument(0, declRefExpr(to(parmVarDecl(
                                                            hasType(lValueReferenceType()))))))
                         .bind("assign"),
                     this);
}

void TemporaryCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Copy = Result.Nodes.getNodeAs<CXXMemberCallExpr>("copy")) {
    const Expr *Dst = ignoreWrappers(Copy->getImplicitObjectArgument());
    const ValueDecl *DstDecl = destinationDecl(Dst);
    if (!DstDecl || Copy->getNumArgs() < 1 || Copy->getBeginLoc().isMacroID())
      return;
    for (unsigned I = 1; I < Copy->getNumArgs(); ++I)
      if (!isa<CXXDefaultArgExpr>(Copy->getArg(I)))
        return; // copy_(src, non_blocking) is deliberate.
    std::optional<BinaryOp> Op = asBinaryOp(Copy->getArg(0));
    if (!Op)
      return;
    std::string D = sourceText(Dst, Ctx), L = sourceText(Op->Lhs, Ctx),
                R = sourceText(Op->Rhs, Ctx), Whole = sourceText(Copy, Ctx);
    if (D.empty() || L.empty() || R.empty() || Whole.empty())
      return;
    if (mentions(Copy->getArg(0), DstDecl)) {
      // `x.copy_(x - c)`: the op in place, where it computes the same.
      if (std::optional<std::string> Other = inPlaceOperand(*Op, DstDecl, Ctx))
        diag(Copy->getBeginLoc(),
             "'%0' materialises a temporary and copies it back into '%1'; update it "
             "in place with '%1.%2_(%3)' (one pass, no allocation)")
            << Whole << D << Op->Name << *Other
            << FixItHint::CreateReplacement(Copy->getSourceRange(),
                                            D + "." + Op->Name + "_(" + *Other + ")");
      return;
    }
    std::string Out = "at::" + Op->Name + "_out";
    diag(Copy->getBeginLoc(),
         "'%0' materialises a temporary and copies it; write the result "
         "directly with '%1' (one pass, no allocation)")
        << Whole << Out
        << FixItHint::CreateReplacement(Copy->getSourceRange(),
                                        Out + "(" + D + ", " + L + ", " + R + ")");
    return;
  }
  if (const auto *Assign = Result.Nodes.getNodeAs<CXXOperatorCallExpr>("assign")) {
    const auto *Dst = cast<DeclRefExpr>(ignoreWrappers(Assign->getArg(0)));
    const auto *P = cast<ParmVarDecl>(Dst->getDecl());
    QualType T = P->getType();
    if (!isTensorType(T) || T.getNonReferenceType().isConstQualified() ||
        Assign->getBeginLoc().isMacroID())
      return;
    std::string Fresh = freshTensorProducer(Assign->getArg(1));
    if (Fresh.empty() || isOutputSlot(P, Ctx))
      return;
    std::optional<BinaryOp> Op = asBinaryOp(Assign->getArg(1));
    std::string How = Op ? "'at::" + Op->Name + "_out(" + P->getName().str() + ", ...)'"
                         : "'" + P->getName().str() + ".copy_(...)' or an _out variant";
    // The stable ABI has copy_ as a free function and almost no _out ops.
    if (isStableTensorType(T))
      How = "'torch::stable::copy_(" + P->getName().str() + ", ...)'";
    diag(Assign->getBeginLoc(),
         "'%0' rebinds '%1' to a new tensor instead of writing into the "
         "caller's preallocated one; write into it with %2")
        << sourceText(Assign, Ctx) << P->getName() << How;
  }
}

} // namespace torchlint::checks
