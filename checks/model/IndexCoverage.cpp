//===--- IndexCoverage.cpp - Loop nests that write every element ---------===//

#include "IndexCoverage.h"

#include "AstUtil.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace clang;

namespace torchlint::model {

std::string builtinVar(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *P = dyn_cast<PseudoObjectExpr>(E))
    E = P->getSyntacticForm()->IgnoreParenCasts();
  const Expr *Base = nullptr;
  StringRef Field;
  if (const auto *M = dyn_cast<MSPropertyRefExpr>(E)) {
    Base = M->getBaseExpr();
    Field = M->getPropertyDecl()->getName();
  } else if (const auto *M = dyn_cast<MemberExpr>(E)) {
    Base = M->getBase();
    if (M->getMemberDecl()->getIdentifier())
      Field = M->getMemberDecl()->getName();
  }
  if (const auto *O = dyn_cast_or_null<OpaqueValueExpr>(Base ? Base->IgnoreParenCasts() : nullptr))
    Base = O->getSourceExpr();
  const auto *R = Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenCasts()) : nullptr;
  if (!R || !R->getDecl()->getIdentifier() || Field.empty())
    return {};
  return (R->getDecl()->getName() + "." + Field).str();
}

bool containsJump(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
    bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
    bool VisitBreakStmt(BreakStmt *) { return !(Found = true); }
    bool VisitContinueStmt(ContinueStmt *) { return !(Found = true); }
    bool VisitCoreturnStmt(CoreturnStmt *) { return !(Found = true); }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

bool changes(const Stmt *S, const VarDecl *I) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *I;
    bool Found = false;
    bool VisitUnaryOperator(UnaryOperator *U) {
      Found |= (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
               refersTo(U->getSubExpr(), I);
      return !Found;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      Found |= B->isAssignmentOp() && refersTo(B->getLHS(), I);
      return !Found;
    }
  } F;
  F.I = I;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

namespace {

/// gridDim.x among the factors of a count.
constexpr int GridXAtom = -1;

/// A product of atoms (parameter indices, GridXAtom), kept sorted, and an
/// integer.
struct Factors {
  llvm::SmallVector<int, 4> Atoms;
  int64_t Constant = 1;

  Factors operator*(const Factors &O) const {
    Factors R;
    R.Atoms = Atoms;
    R.Atoms.append(O.Atoms.begin(), O.Atoms.end());
    llvm::sort(R.Atoms);
    R.Constant = Constant * O.Constant;
    return R;
  }
  /// This over \p D, where \p D divides it.
  std::optional<Factors> over(const Factors &D) const {
    if (D.Constant == 0 || Constant % D.Constant != 0)
      return std::nullopt;
    Factors R = *this;
    R.Constant /= D.Constant;
    for (int A : D.Atoms) {
      auto At = llvm::find(R.Atoms, A);
      if (At == R.Atoms.end())
        return std::nullopt;
      R.Atoms.erase(At);
    }
    return R;
  }
  bool operator==(const Factors &O) const {
    return Constant == O.Constant && Atoms == O.Atoms;
  }
  bool operator!=(const Factors &O) const { return !(*this == O); }
};

/// What a digit reads: a loop variable (as a Decl), or blockIdx.x (BlockX).
using Key = const void *;
Key keyOf(const Decl *D) { return D; }
const char BlockXTag = 0;
const Key BlockX = &BlockXTag;

/// (Var / Div) % Mod: a value in [0, Mod).
struct Digit {
  Key Var;
  Factors Div, Mod;
  bool operator==(const Digit &O) const {
    return Var == O.Var && Div == O.Div && Mod == O.Mod;
  }
};
/// Most significant digit first.
using Radix = llvm::SmallVector<Digit, 4>;

Factors totalOf(const Radix &R) {
  Factors T;
  for (const Digit &D : R)
    T = T * D.Mod;
  return T;
}

/// Adjacent digits of one variable that make a larger one: (i / n) % q
/// above i % n is i % (n * q).
void mergeDigits(Radix &R) {
  for (size_t I = 0; I + 1 < R.size();) {
    Digit &Upper = R[I];
    const Digit &Lower = R[I + 1];
    if (Upper.Var == Lower.Var && Upper.Div == Lower.Div * Lower.Mod) {
      Upper = Digit{Upper.Var, Lower.Div, Lower.Mod * Upper.Mod};
      R.erase(R.begin() + I + 1);
      if (I > 0)
        --I;
      continue;
    }
    ++I;
  }
}

/// The thread or block indices a loop's start and step sweep together: bits
/// 0-2 threadIdx.x-z, 3-5 blockIdx.x-z.
unsigned laneBit(StringRef Builtin) {
  static const char *const Names[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                      "blockIdx.x",  "blockIdx.y",  "blockIdx.z"};
  for (unsigned I = 0; I < 6; ++I)
    if (Builtin == Names[I])
      return 1u << I;
  return 0;
}
/// How many of each index there are: blockDim.x for threadIdx.x...
std::string laneSize(StringRef Builtin) {
  if (Builtin.consume_front("threadIdx"))
    return ("blockDim" + Builtin).str();
  if (Builtin.consume_front("blockIdx"))
    return ("gridDim" + Builtin).str();
  return {};
}

class Nest {
public:
  Nest(const FunctionDecl *Def, const ParmVarDecl *P, const ASTContext &Ctx)
      : Def(Def), P(P), Ctx(Ctx), Body(Def->getBody()),
        Kernel(Def->hasAttr<CUDAGlobalAttr>()) {}

  std::optional<NestWrite> run();

private:
  struct Group {
    llvm::SmallVector<const BinaryOperator *, 3> Writes;
    llvm::SmallVector<Key, 4> Keys;
  };

  const FunctionDecl *Def;
  const ParmVarDecl *P;
  const ASTContext &Ctx;
  const Stmt *Body;
  bool Kernel;
  llvm::DenseMap<Key, Factors> Ranges;
  unsigned Lanes = 0;
  const Expr *Offset = nullptr;
  llvm::SmallVector<Group, 2> Groups;

  const Expr *initOf(const Expr *E) const;
  std::optional<Factors> factorsOf(const Expr *E, unsigned Depth = 0) const;
  bool isBlockX(const Expr *E) const;
  bool lanesOf(const Expr *E, unsigned &Bits, llvm::SmallVectorImpl<std::string> &Size,
               unsigned Depth = 0) const;
  void builtinProduct(const Expr *E, llvm::SmallVectorImpl<std::string> &Out) const;
  bool loop(const ForStmt *For, llvm::SmallVector<Key, 4> Keys);
  std::optional<Radix> radixOf(const Expr *E, unsigned Depth = 0) const;
  bool termsOf(const Expr *E, int64_t &Constant,
               llvm::SmallVectorImpl<std::pair<Radix, Factors>> &Terms, unsigned Depth) const;
  std::optional<Radix> assemble(llvm::SmallVectorImpl<std::pair<Radix, Factors>> &Terms,
                                Factors Total) const;
  std::optional<Factors> covered(const Group &G) const;
};

/// The initialiser of the unchanged local variable \p E names.
const Expr *Nest::initOf(const Expr *E) const {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
      Ranges.count(keyOf(V)) || changes(Body, V))
    return nullptr;
  return V->getInit();
}

/// \p E as a product of unchanged integer parameters and integers.
std::optional<Factors> Nest::factorsOf(const Expr *E, unsigned Depth) const {
  E = E->IgnoreParenCasts();
  if (Depth > 8)
    return std::nullopt;
  if (auto V = intValue(E, Ctx)) {
    if (*V <= 0)
      return std::nullopt;
    Factors F;
    F.Constant = *V;
    return F;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Mul) {
    auto L = factorsOf(B->getLHS(), Depth + 1), R = factorsOf(B->getRHS(), Depth + 1);
    return L && R ? std::optional(*L * *R) : std::nullopt;
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *PV = dyn_cast<ParmVarDecl>(R->getDecl())) {
      unsigned I = PV->getFunctionScopeIndex();
      if (I >= Def->getNumParams() || Def->getParamDecl(I) != PV ||
          !PV->getType()->isIntegerType() || changes(Body, PV))
        return std::nullopt;
      Factors F;
      F.Atoms.push_back(static_cast<int>(I));
      return F;
    }
    if (const Expr *Init = initOf(E))
      return factorsOf(Init, Depth + 1);
  }
  return std::nullopt;
}

/// `blockIdx.x`, or an unchanged local set from it (`int batch_index = blockIdx.x;`).
bool Nest::isBlockX(const Expr *E) const {
  if (builtinVar(E) == "blockIdx.x")
    return true;
  const Expr *Init = initOf(E);
  return Init && builtinVar(Init) == "blockIdx.x";
}

/// The builtins whose product \p E is (`blockDim.y * blockDim.x`), through
/// unchanged locals; an empty entry for anything else.
void Nest::builtinProduct(const Expr *E, llvm::SmallVectorImpl<std::string> &Out) const {
  E = E->IgnoreParenCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Mul) {
    builtinProduct(B->getLHS(), Out);
    builtinProduct(B->getRHS(), Out);
    return;
  }
  if (const Expr *Init = initOf(E)) {
    builtinProduct(Init, Out);
    return;
  }
  Out.push_back(builtinVar(E));
}

/// \p E numbers the threads or blocks of the indices \p Bits from 0, each
/// once, below the product of the builtins \p Size: `threadIdx.x` (below
/// blockDim.x), `blockIdx.x * blockDim.x + threadIdx.x`, `threadIdx.y *
/// blockDim.x + threadIdx.x`.
bool Nest::lanesOf(const Expr *E, unsigned &Bits, llvm::SmallVectorImpl<std::string> &Size,
                   unsigned Depth) const {
  E = E->IgnoreParenCasts();
  if (Depth > 6)
    return false;
  if (const Expr *Init = initOf(E))
    return lanesOf(Init, Bits, Size, Depth + 1);
  std::string B = builtinVar(E);
  if (unsigned Bit = laneBit(B)) {
    Bits = Bit;
    Size.clear();
    Size.push_back(laneSize(B));
    return true;
  }
  // Upper * S + Lower, S the size of Lower (in either order of the sum).
  const auto *Add = dyn_cast<BinaryOperator>(E);
  if (!Add || Add->getOpcode() != BO_Add)
    return false;
  for (int Swap = 0; Swap < 2; ++Swap) {
    const Expr *MulSide = (Swap ? Add->getRHS() : Add->getLHS())->IgnoreParenCasts();
    const Expr *LowerSide = Swap ? Add->getLHS() : Add->getRHS();
    const auto *Mul = dyn_cast<BinaryOperator>(MulSide);
    unsigned LowerBits = 0;
    llvm::SmallVector<std::string, 2> LowerSize;
    if (!Mul || Mul->getOpcode() != BO_Mul || !lanesOf(LowerSide, LowerBits, LowerSize, Depth + 1))
      continue;
    for (int MSwap = 0; MSwap < 2; ++MSwap) {
      const Expr *UpperE = MSwap ? Mul->getRHS() : Mul->getLHS();
      const Expr *Scale = MSwap ? Mul->getLHS() : Mul->getRHS();
      unsigned UpperBits = 0;
      llvm::SmallVector<std::string, 2> UpperSize, ScaleSize;
      builtinProduct(Scale, ScaleSize);
      llvm::sort(ScaleSize);
      llvm::SmallVector<std::string, 2> Want(LowerSize.begin(), LowerSize.end());
      llvm::sort(Want);
      if (ScaleSize != Want || !lanesOf(UpperE, UpperBits, UpperSize, Depth + 1) ||
          (UpperBits & LowerBits))
        continue;
      Bits = UpperBits | LowerBits;
      Size.assign(UpperSize.begin(), UpperSize.end());
      Size.append(LowerSize.begin(), LowerSize.end());
      return true;
    }
  }
  return false;
}

/// Reads the loop \p For (inside the loops \p Keys) and what it writes to P.
bool Nest::loop(const ForStmt *For, llvm::SmallVector<Key, 4> Keys) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const auto *I = Init && Init->isSingleDecl() ? dyn_cast<VarDecl>(Init->getSingleDecl()) : nullptr;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond());
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  if (!I || !I->getInit() || !I->getType()->isIntegerType() || !Cond ||
      Cond->getOpcode() != BO_LT || !refersTo(Cond->getLHS(), I) || !Inc)
    return false;
  auto Bound = factorsOf(Cond->getRHS());
  if (!Bound)
    return false;
  unsigned Bits = 0;
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    // for (i = 0; i < B; ++i)
    if (!U->isIncrementOp() || !refersTo(U->getSubExpr(), I) || intValue(I->getInit(), Ctx) != 0)
      return false;
  } else if (const auto *C = dyn_cast<CompoundAssignOperator>(Inc);
             C && C->getOpcode() == BO_AddAssign && refersTo(C->getLHS(), I)) {
    if (intValue(C->getRHS(), Ctx) == 1) {
      if (intValue(I->getInit(), Ctx) != 0)
        return false;
    } else {
      // for (i = lane; i < B; i += number of lanes)
      llvm::SmallVector<std::string, 2> Size, Step;
      if (!Kernel || !lanesOf(I->getInit(), Bits, Size))
        return false;
      builtinProduct(C->getRHS(), Step);
      llvm::sort(Size);
      llvm::sort(Step);
      if (Size != Step || (Bits & Lanes))
        return false;
    }
  } else {
    return false;
  }
  if (containsJump(For->getBody()) || changes(For->getBody(), I))
    return false;
  Lanes |= Bits;
  Ranges[keyOf(I)] = *Bound;
  Keys.push_back(keyOf(I));

  const Stmt *S = singleStatement(For->getBody());
  auto Statements = isa_and_nonnull<CompoundStmt>(S)
                        ? llvm::to_vector(cast<CompoundStmt>(S)->body())
                        : llvm::SmallVector<Stmt *>{const_cast<Stmt *>(S)};
  const ForStmt *Inner = nullptr;
  Group G;
  for (const Stmt *B : Statements) {
    if (!B || !mentions(B, P))
      continue;
    if (const auto *F = dyn_cast<ForStmt>(B)) {
      if (Inner || !G.Writes.empty())
        return false;
      Inner = F;
      continue;
    }
    const auto *E = dyn_cast<Expr>(B);
    const auto *Assign = E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()) : nullptr;
    const auto *Sub = Assign && Assign->getOpcode() == BO_Assign
                          ? dyn_cast<ArraySubscriptExpr>(Assign->getLHS()->IgnoreParenImpCasts())
                          : nullptr;
    if (Inner || !Sub || !refersTo(Sub->getBase(), P) ||
        !isa<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts()) || mentions(Sub->getIdx(), P) ||
        mentions(Assign->getRHS(), P))
      return false;
    G.Writes.push_back(Assign);
  }
  if (Inner)
    return loop(Inner, Keys);
  if (G.Writes.empty())
    return false;
  G.Keys = Keys;
  Groups.push_back(std::move(G));
  return true;
}

/// \p E as digits of the loop variables (and blockIdx.x).
std::optional<Radix> Nest::radixOf(const Expr *E, unsigned Depth) const {
  E = E->IgnoreParenCasts();
  if (Depth > 12)
    return std::nullopt;
  if (isBlockX(E)) {
    auto R = Ranges.find(BlockX);
    if (R == Ranges.end())
      return std::nullopt;
    return Radix{Digit{BlockX, Factors{}, R->second}};
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (auto R = Ranges.find(keyOf(Ref->getDecl())); R != Ranges.end())
      return Radix{Digit{keyOf(Ref->getDecl()), Factors{}, R->second}};
    if (const Expr *Init = initOf(E))
      return radixOf(Init, Depth + 1);
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Div || B->getOpcode() == BO_Rem)) {
    auto L = radixOf(B->getLHS(), Depth + 1);
    auto F = factorsOf(B->getRHS());
    if (!L || !F || L->size() != 1)
      return std::nullopt;
    const Digit &D = L->front();
    auto Quotient = D.Mod.over(*F);
    if (!Quotient)
      return std::nullopt;
    if (B->getOpcode() == BO_Div)
      return Radix{Digit{D.Var, D.Div * *F, *Quotient}};
    return Radix{Digit{D.Var, D.Div, *F}};
  }
  int64_t Constant = 0;
  llvm::SmallVector<std::pair<Radix, Factors>, 4> Terms;
  if (!termsOf(E, Constant, Terms, Depth + 1) || Constant != 0 || Terms.size() < 2)
    return std::nullopt;
  return assemble(Terms, Factors{});
}

/// The terms of the sum \p E: integers added into \p Constant, the others a
/// number made of digits times a product of parameters.
bool Nest::termsOf(const Expr *E, int64_t &Constant,
                   llvm::SmallVectorImpl<std::pair<Radix, Factors>> &Terms, unsigned Depth) const {
  E = E->IgnoreParenCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Add)
    return termsOf(B->getLHS(), Constant, Terms, Depth) &&
           termsOf(B->getRHS(), Constant, Terms, Depth);
  if (auto V = intValue(E, Ctx)) {
    Constant += *V;
    return true;
  }
  // One factor made of digits, the others parameters and integers.
  llvm::SmallVector<const Expr *, 4> Product;
  llvm::SmallVector<const Expr *, 4> Work = {E};
  while (!Work.empty()) {
    const Expr *F = Work.pop_back_val()->IgnoreParenCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(F); B && B->getOpcode() == BO_Mul) {
      Work.push_back(B->getLHS());
      Work.push_back(B->getRHS());
    } else {
      Product.push_back(F);
    }
  }
  std::optional<Radix> Digits;
  Factors Coefficient;
  for (const Expr *F : Product) {
    if (auto C = factorsOf(F)) {
      Coefficient = Coefficient * *C;
      continue;
    }
    auto R = radixOf(F, Depth + 1);
    if (!R || Digits)
      return false;
    Digits = std::move(R);
  }
  if (!Digits)
    return false; // An offset by a parameter: not from 0.
  Terms.emplace_back(std::move(*Digits), Coefficient);
  return true;
}

/// The terms put in order, lowest first: each term's coefficient is the
/// product of the ranges of the digits below it, starting from \p Total.
std::optional<Radix> Nest::assemble(llvm::SmallVectorImpl<std::pair<Radix, Factors>> &Terms,
                                    Factors Total) const {
  Radix R;
  llvm::SmallVector<bool, 4> Used(Terms.size(), false);
  for (size_t N = 0; N < Terms.size(); ++N) {
    int Next = -1;
    for (size_t I = 0; I < Terms.size(); ++I)
      if (!Used[I] && Terms[I].second == Total) {
        if (Next != -1)
          return std::nullopt;
        Next = static_cast<int>(I);
      }
    if (Next == -1)
      return std::nullopt;
    Used[Next] = true;
    const Radix &Digits = Terms[Next].first;
    Total = Total * totalOf(Digits);
    R.insert(R.begin(), Digits.begin(), Digits.end());
  }
  mergeDigits(R);
  return R;
}

/// How many elements the writes of \p G cover, when they cover [0, count).
std::optional<Factors> Nest::covered(const Group &G) const {
  const unsigned K = G.Writes.size();
  std::optional<Radix> Shape;
  llvm::SmallVector<bool, 4> Slots(K, false);
  for (const BinaryOperator *W : G.Writes) {
    const auto *Sub = cast<ArraySubscriptExpr>(W->getLHS()->IgnoreParenImpCasts());
    int64_t Constant = 0;
    llvm::SmallVector<std::pair<Radix, Factors>, 4> Terms;
    if (!termsOf(Sub->getIdx(), Constant, Terms, 0) ||
        (Offset && !termsOf(Offset, Constant, Terms, 0)))
      return std::nullopt;
    if (Constant < 0 || Constant >= K || Slots[Constant])
      return std::nullopt;
    Slots[Constant] = true;
    Factors Start;
    Start.Constant = K;
    auto R = assemble(Terms, Start);
    if (!R || (Shape && *Shape != *R))
      return std::nullopt;
    Shape = std::move(R);
  }
  // Every loop variable a whole digit, each once; blockIdx.x whole if there.
  Factors Count;
  Count.Constant = K;
  llvm::SmallVector<Key, 4> Want(G.Keys.begin(), G.Keys.end());
  bool SawBlockX = false;
  for (const Digit &D : *Shape) {
    auto Range = Ranges.find(D.Var);
    if (Range == Ranges.end() || D.Div != Factors{} || D.Mod != Range->second)
      return std::nullopt;
    if (D.Var == BlockX) {
      if (SawBlockX)
        return std::nullopt;
      SawBlockX = true;
    } else {
      auto At = llvm::find(Want, D.Var);
      if (At == Want.end())
        return std::nullopt;
      Want.erase(At);
    }
    Count = Count * D.Mod;
  }
  if (!Want.empty())
    return std::nullopt;
  return Count;
}

std::optional<NestWrite> Nest::run() {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Body);
  if (!Block || !P->getType()->isPointerType() || P->getType()->getPointeeType().isConstQualified())
    return std::nullopt;
  const Stmt *Loop = nullptr;
  for (const Stmt *S : Block->body()) {
    if (!mentions(S, P)) {
      if (!Loop && containsJump(S))
        return std::nullopt;
      continue;
    }
    if (Loop)
      return std::nullopt;
    // P += blockIdx.x * size: this block's batch element.
    if (const auto *E = dyn_cast<Expr>(S)) {
      const auto *C = dyn_cast<CompoundAssignOperator>(E->IgnoreImplicit());
      if (!C || C->getOpcode() != BO_AddAssign || !refersTo(C->getLHS(), P) ||
          !isa<DeclRefExpr>(C->getLHS()->IgnoreParenImpCasts()) || Offset || !Kernel)
        return std::nullopt;
      Offset = C->getRHS();
      continue;
    }
    const Stmt *L = S;
    if (const auto *D = dyn_cast<OMPLoopDirective>(S))
      L = D->getInnermostCapturedStmt()->getCapturedStmt();
    const auto *For = dyn_cast<ForStmt>(L);
    if (!For || !loop(For, {}))
      return std::nullopt;
    Loop = S;
  }
  if (!Loop || Groups.size() != 1)
    return std::nullopt;
  // blockIdx.x is a digit of the index where no loop strides over it.
  if (!(Lanes & laneBit("blockIdx.x"))) {
    Factors Grid;
    Grid.Atoms.push_back(GridXAtom);
    Ranges[BlockX] = Grid;
  }
  auto Count = covered(Groups.front());
  if (!Count)
    return std::nullopt;
  NestWrite W;
  W.Write = Groups.front().Writes.front();
  W.Count.Constant = Count->Constant;
  for (int A : Count->Atoms) {
    if (A == GridXAtom) {
      if (W.Count.GridX)
        return std::nullopt;
      W.Count.GridX = true;
    } else {
      W.Count.Params.push_back(static_cast<unsigned>(A));
    }
  }
  return W;
}

} // namespace

std::optional<NestWrite> nestWritesAll(const FunctionDecl *Def, const ParmVarDecl *P,
                                       const ASTContext &Ctx) {
  if (!Def || !Def->getBody() || !P)
    return std::nullopt;
  return Nest(Def, P, Ctx).run();
}

} // namespace torchlint::model
