//===--- PythonFakes.cpp - Fake kernels registered from Python ------------===//

#include "PythonFakes.h"
#include "PythonNames.h"
#include "PythonTokens.h"
#include "TensorMethods.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <functional>
#include <cstring>
#include <map>
#include <optional>
#include <set>

namespace torchlint::model {
namespace {

using namespace python;

/// The scan of one file's code for registrations with built names.
class CodeScan {
public:
  CodeScan(llvm::StringRef Source, PythonOps &Out, const std::string &File)
      : Src(Source), Out(Out), File(File) {
    T = tokenize(Source, &Lines);
    LineOf.resize(T.size());
    for (size_t L = 0; L < Lines.size(); ++L)
      for (size_t I = Lines[L].Begin; I < Lines[L].End; ++I)
        LineOf[I] = L;
    for (size_t I = 0; I < Source.size(); ++I)
      if (Source[I] == '\n')
        Newlines.push_back(I);
  }

  void run() {
    collectDefs();
    collectConstants();
    // The work is bounded by the file's size: a module of 300,000 sibling
    // registrations (each one's scope looks back over the others) stops at
    // the budget, and the file then counts as registering unknown names.
    Budget = 16 * (T.size() + Lines.size()) + (4u << 20);
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (T[I].Kind == Tok::Name && T[I + 1].is("(") && !(I > 0 && T[I - 1].is("def")))
        registration(I);
      if (Steps > Budget) {
        unresolved("*", I);
        break;
      }
    }
  }

private:
  /// Work done, and the most a file of this size may take (run()).
  mutable size_t Steps = 0;
  size_t Budget = 0;

  struct Target {
    std::string Name; // empty for a tuple
    std::vector<Target> Elts;
  };
  struct Param {
    std::string Name;
    size_t DefB = 0, DefE = 0; // the default's tokens, if any
    bool Star = false;
  };
  struct Def {
    std::string Name;
    std::vector<Param> Params;
    bool Method = false;
  };
  struct Action {
    enum KindT { Params, Loop, Assign } Kind;
    size_t Line;
  };

  llvm::StringRef Src;
  PythonOps &Out;
  const std::string &File;
  std::vector<Tok> T;
  std::vector<Line> Lines;
  std::vector<size_t> LineOf;
  std::vector<size_t> Newlines;
  /// Module-level string/list constants; Unknown when assigned two values
  /// or changed in place.
  Env Consts;
  /// Evaluates the expressions names are built from, with those constants.
  NameEvaluator Names{Consts};
  /// Functions defined in the file, by the line of their `def`.
  std::map<size_t, Def> Defs;
  std::set<std::string> DefNames;
  bool MentionsRecorded = false;
  /// Name tokens (not attributes, not defined by `def`), by name.
  mutable std::map<std::string, std::vector<size_t>> Uses;

  static constexpr size_t MaxEnvs = 256;

  std::string where(size_t Tok) const {
    size_t L = std::upper_bound(Newlines.begin(), Newlines.end(), T[Tok].Offset) -
               Newlines.begin() + 1;
    return File + ":" + std::to_string(L);
  }

  Value eval(const std::vector<Tok> &Toks, size_t B, size_t E, const Env &L) const {
    return Names.eval(Toks, B, E, L);
  }

  // --- Statements ------------------------------------------------------------

  /// The first top-level token \p Op of tokens [B, E), or E.
  size_t findTop(size_t B, size_t E, llvm::StringRef Op) const {
    int Depth = 0;
    for (size_t I = B; I < E; ++I) {
      ++Steps;
      const Tok &K = T[I];
      if (K.Kind != Tok::Op)
        continue;
      if (K.Text == "(" || K.Text == "[" || K.Text == "{")
        ++Depth;
      else if (K.Text == ")" || K.Text == "]" || K.Text == "}")
        --Depth;
      else if (Depth == 0 && K.Text == Op)
        return I;
    }
    return E;
  }

  /// `NAME = value` or `NAME: annotation = value`: the name and the value's
  /// first token, or "" when the line is no such assignment.
  std::string simpleAssignment(const Line &L, size_t &ValueBegin) const {
    if (L.End - L.Begin < 3 || T[L.Begin].Kind != Tok::Name)
      return "";
    size_t Eq = findTop(L.Begin + 1, L.End, "=");
    if (Eq == L.End || !(T[L.Begin + 1].is("=") || T[L.Begin + 1].is(":")))
      return "";
    // A chained `A = B = value` assigns what the scan does not follow.
    if (findTop(Eq + 1, L.End, "=") != L.End)
      return "";
    ValueBegin = Eq + 1;
    return T[L.Begin].Text;
  }

  /// A `for` statement's targets, iterable and where its body starts, if
  /// \p L is one.
  bool forHeader(const Line &L, Target &Targets, size_t &IterB, size_t &IterE) const {
    size_t B = L.Begin;
    if (B < L.End && T[B].is("async"))
      ++B;
    if (B >= L.End || !T[B].is("for"))
      return false;
    size_t In = B + 1;
    for (int Depth = 0; In < L.End; ++In) {
      const Tok &K = T[In];
      if (K.is("(") || K.is("["))
        ++Depth;
      else if (K.is(")") || K.is("]"))
        --Depth;
      else if (Depth == 0 && K.is("in"))
        break;
    }
    if (In == L.End)
      return false;
    IterB = In + 1;
    IterE = findTop(IterB, L.End, ":");
    Targets = target(B + 1, In);
    return IterE != L.End;
  }

  Target target(size_t B, size_t E, unsigned Depth = 0) const {
    Target Out;
    bool Trailing = false;
    auto Items = splitTop(T, B, E, &Trailing);
    if (Depth > 16) {
      Out.Name = "?";
      return Out;
    }
    if (Items.size() == 1 && !Trailing) {
      auto [IB, IE] = Items[0];
      if (IE - IB == 1 && T[IB].Kind == Tok::Name) {
        Out.Name = T[IB].Text;
        return Out;
      }
      if (IE - IB >= 2 && (T[IB].is("(") || T[IB].is("[")) && closing(T, IB, IE) == IE - 1)
        return target(IB + 1, IE - 1, Depth + 1);
      Out.Name = "?";
      return Out;
    }
    for (auto [IB, IE] : Items)
      Out.Elts.push_back(target(IB, IE, Depth + 1));
    return Out;
  }

  static void bind(const Target &Tg, const Value &V, Env &E) {
    if (!Tg.Name.empty()) {
      E[Tg.Name] = V;
      return;
    }
    bool Fits = V.Kind == Value::Seq && V.Items.size() == Tg.Elts.size();
    for (size_t I = 0; I < Tg.Elts.size(); ++I)
      bind(Tg.Elts[I], Fits ? V.Items[I] : Value(), E);
  }

  void collectDefs() {
    for (size_t LI = 0; LI < Lines.size(); ++LI) {
      const Line &L = Lines[LI];
      size_t B = L.Begin;
      if (B < L.End && T[B].is("async"))
        ++B;
      if (B + 2 >= L.End || !T[B].is("def") || T[B + 1].Kind != Tok::Name || !T[B + 2].is("("))
        continue;
      Def D;
      D.Name = T[B + 1].Text;
      size_t C = closing(T, B + 2, L.End);
      for (auto [PB, PE] : splitTop(T, B + 3, C)) {
        Param P;
        if (T[PB].is("*") || T[PB].is("**")) {
          P.Star = true;
          ++PB;
        }
        if (PB >= PE || T[PB].Kind != Tok::Name) {
          if (P.Star) // a bare `*`: keyword-only parameters follow
            D.Params.push_back(P);
          continue;
        }
        P.Name = T[PB].Text;
        size_t Eq = findTop(PB, PE, "=");
        if (Eq != PE) {
          P.DefB = Eq + 1;
          P.DefE = PE;
        }
        D.Params.push_back(P);
      }
      D.Method = !D.Params.empty() && (D.Params[0].Name == "self" || D.Params[0].Name == "cls");
      DefNames.insert(D.Name);
      Defs[LI] = std::move(D);
    }
  }

  void collectConstants() {
    std::set<std::string> Changed;
    for (const Line &L : Lines) {
      if (L.Indent != 0)
        continue;
      size_t ValueBegin;
      std::string Name = simpleAssignment(L, ValueBegin);
      if (Name.empty()) {
        // Other statements that bind module names: a tuple assignment, a
        // loop, a def.
        size_t Eq = findTop(L.Begin, L.End, "=");
        Target Tg;
        size_t IB, IE;
        if (Eq != L.End)
          for (size_t I = L.Begin; I < Eq; ++I)
            if (T[I].Kind == Tok::Name)
              Changed.insert(T[I].Text);
        if (forHeader(L, Tg, IB, IE))
          for (size_t I = L.Begin; I < IB; ++I)
            if (T[I].Kind == Tok::Name)
              Changed.insert(T[I].Text);
        continue;
      }
      Value V = eval(T, ValueBegin, L.End, Env());
      auto [It, New] = Consts.emplace(Name, V);
      if (!New && !(It->second == V))
        Changed.insert(Name);
    }
    // Lists changed in place, names augmented or declared global anywhere:
    // their module-level value is not the whole story.
    static const std::set<std::string> Mutators = {"append", "extend", "insert", "remove",
                                                   "pop",    "clear",  "update", "setdefault"};
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (T[I].Kind != Tok::Name)
        continue;
      const Tok &Next = T[I + 1];
      bool Augmented = Next.Kind == Tok::Op && Next.Text.size() == 2 && Next.Text[1] == '=' &&
                       Next.Text != "==" && Next.Text != "!=" && Next.Text != "<=" &&
                       Next.Text != ">=";
      bool Mutated = Next.is(".") && I + 3 < T.size() && Mutators.count(T[I + 2].Text) &&
                     T[I + 3].is("(");
      bool Subscripted = false;
      if (Next.is("[")) {
        size_t C = closing(T, I + 1, T.size());
        Subscripted = C + 1 < T.size() && T[C + 1].is("=");
      }
      if (Augmented || Mutated || Subscripted || (I > 0 && T[I - 1].is("global")))
        Changed.insert(T[I].Text);
    }
    for (const std::string &Name : Changed)
      if (Consts.count(Name))
        Consts[Name] = Value();
  }

  /// What binds names where line \p LI runs, outermost first: enclosing
  /// functions (parameters), loops, and assignments earlier in each block.
  std::vector<Action> scopeOf(size_t LI, size_t CallTok) const {
    std::vector<Action> Inner;
    Target Tg;
    size_t IB, IE;
    if (forHeader(Lines[LI], Tg, IB, IE) && CallTok > IE) // `for x in xs: call(x)`
      Inner.push_back({Action::Loop, LI});
    unsigned Threshold = Lines[LI].Indent;
    for (size_t J = LI; J-- > 0 && Threshold > 0 && ++Steps <= Budget;) {
      const Line &L = Lines[J];
      if (L.Indent > Threshold)
        continue;
      size_t VB;
      if (L.Indent == Threshold) {
        if (!simpleAssignment(L, VB).empty())
          Inner.push_back({Action::Assign, J});
        continue;
      }
      Threshold = L.Indent;
      if (forHeader(L, Tg, IB, IE))
        Inner.push_back({Action::Loop, J});
      else if (Defs.count(J))
        Inner.push_back({Action::Params, J});
    }
    return {Inner.rbegin(), Inner.rend()};
  }

  /// The calls of function \p D in the file (not as a method); \p Complete
  /// is false when the function is also used otherwise (passed as a value).
  std::vector<size_t> callsOf(const Def &D, bool &Complete) const {
    // Where each name is used, indexed once (a file may define thousands
    // of helpers).
    if (Uses.empty())
      for (size_t I = 0; I < T.size(); ++I)
        if (T[I].Kind == Tok::Name && !(I > 0 && (T[I - 1].is(".") || T[I - 1].is("def"))))
          Uses[T[I].Text].push_back(I);
    std::vector<size_t> Calls;
    Complete = true;
    auto It = Uses.find(D.Name);
    for (size_t I : It == Uses.end() ? std::vector<size_t>() : It->second) {
      if (I + 1 < T.size() && T[I + 1].is("("))
        Calls.push_back(I);
      else
        Complete = false;
    }
    return Calls;
  }

  /// The environments line \p LI runs in, one per known combination of
  /// the names its scope binds (at most MaxEnvs; past that, all unknown).
  std::vector<Env> envsAt(size_t LI, size_t CallTok, unsigned Depth) const {
    std::vector<Env> Envs{Env()};
    for (const Action &A : scopeOf(LI, CallTok)) {
      std::vector<Env> Next;
      const Line &L = Lines[A.Line];
      if (A.Kind == Action::Assign) {
        size_t VB;
        std::string Name = simpleAssignment(L, VB);
        for (Env &E : Envs) {
          Value V = eval(T, VB, L.End, E);
          E[Name] = V;
        }
        continue;
      }
      if (A.Kind == Action::Loop) {
        Target Tg;
        size_t IB, IE;
        forHeader(L, Tg, IB, IE);
        for (const Env &E : Envs) {
          Value Iter = eval(T, IB, IE, E);
          if (Iter.Kind != Value::Seq) {
            Next.push_back(E);
            bind(Tg, Value(), Next.back());
            continue;
          }
          for (const Value &Item : Iter.Items) {
            Next.push_back(E);
            bind(Tg, Item, Next.back());
          }
        }
      } else {
        // A function's parameters: what its calls in this file pass, when
        // they are all there is to see.
        const Def &D = Defs.at(A.Line);
        bool Complete = false;
        std::vector<size_t> Calls;
        if (Depth < 2 && !D.Method)
          Calls = callsOf(D, Complete);
        std::vector<Env> Bindings;
        for (size_t C : Calls) {
          size_t Close = closing(T, C + 1, T.size());
          std::vector<Arg> Args = callArgs(T, C + 2, Close);
          for (const Env &CallEnv : envsAt(LineOf[C], C, Depth + 1)) {
            Env B = bindParams(D, Args, CallEnv);
            Bindings.push_back(std::move(B));
          }
        }
        if (!Complete || Calls.empty()) {
          Env Unknown;
          for (const Param &P : D.Params)
            if (!P.Name.empty())
              Unknown[P.Name] = Value();
          Bindings.push_back(std::move(Unknown));
        }
        for (const Env &E : Envs)
          for (const Env &B : Bindings) {
            Next.push_back(E);
            for (const auto &[Name, V] : B)
              Next.back()[Name] = V;
          }
      }
      if (Next.size() > MaxEnvs) {
        // Too many combinations: every name bound so far is unknown.
        Env All;
        for (const Env &E : Next)
          for (const auto &KV : E)
            All[KV.first] = Value();
        Next.assign(1, All);
      }
      Envs = std::move(Next);
    }
    return Envs;
  }

  /// \p D's parameters bound to the arguments of one call.
  Env bindParams(const Def &D, const std::vector<Arg> &Args, const Env &CallEnv) const {
    Env Out;
    size_t Pos = 0;
    bool Spread = false;
    std::vector<const Arg *> Positional;
    for (const Arg &A : Args) {
      Spread |= A.Star;
      if (A.Keyword.empty() && !A.Star)
        Positional.push_back(&A);
    }
    for (const Param &P : D.Params) {
      if (P.Star) { // *args: the rest are keyword-only
        Pos = Positional.size();
        if (!P.Name.empty())
          Out[P.Name] = Value();
        continue;
      }
      const Arg *Given = nullptr;
      if (Pos < Positional.size())
        Given = Positional[Pos++];
      for (const Arg &A : Args)
        if (A.Keyword == P.Name)
          Given = &A;
      if (Given)
        Out[P.Name] = eval(T, Given->B, Given->E, CallEnv);
      else if (!Spread && P.DefE > P.DefB)
        Out[P.Name] = eval(T, P.DefB, P.DefE, Env());
      else
        Out[P.Name] = Value();
    }
    return Out;
  }

  // --- Registrations ---------------------------------------------------------

  static bool isTracedKey(const Value &V) {
    if (V.Kind == Value::Seq)
      return llvm::any_of(V.Items, isTracedKey);
    return V.Kind == Value::Str &&
           (V.S == "Meta" || V.S == "CompositeImplicitAutograd" ||
            V.S == "CompositeExplicitAutograd");
  }

  /// The call of \p Name at token \p I, if it registers a fake kernel.
  void registration(size_t I) {
    const std::string &Name = T[I].Text;
    bool Impl = Name == "impl";
    if (!Impl && Name != "register_fake" && Name != "_register_fake" &&
        Name != "impl_abstract" && Name != "register_meta")
      return;
    // The receiver: torch.library / library (the module's functions) or
    // an object (a Library, a CustomOpDef).
    std::string Receiver;
    for (size_t J = I; J >= 2 && T[J - 1].is(".") && T[J - 2].Kind == Tok::Name; J -= 2)
      Receiver = T[J - 2].Text + (Receiver.empty() ? "" : "." + Receiver);
    bool OnObject = !Receiver.empty() && !llvm::StringRef(Receiver).ends_with("library");
    size_t Close = closing(T, I + 1, T.size());
    std::vector<Arg> Args = callArgs(T, I + 2, Close);
    std::vector<const Arg *> Positional;
    for (const Arg &A : Args)
      if (A.Keyword.empty() && !A.Star)
        Positional.push_back(&A);

    const Arg *NameArg = Positional.empty() ? nullptr : Positional[0];
    if (Impl) {
      // impl("ns::op", "Meta"), lib.impl("op", fn, "Meta"), and the older
      // torch.library.impl(lib, "op", "Meta"): a fake only for a traced key.
      size_t KeyAt = 0;
      for (size_t K = 1; K < Positional.size() && K <= 2 && !KeyAt; ++K)
        if (isTracedKey(eval(T, Positional[K]->B, Positional[K]->E, Env())))
          KeyAt = K;
      for (const Arg &A : Args)
        if ((A.Keyword == "dispatch_key" || A.Keyword == "types") &&
            isTracedKey(eval(T, A.B, A.E, Env())))
          KeyAt = 3;
      if (!KeyAt)
        return;
      if (KeyAt == 2 && !OnObject)
        NameArg = Positional[1];
    }
    if (!NameArg)
      return;
    // An op defined in Python (a decorated def, a CustomOpDef): the C++ ops
    // the check reports are not it. CustomOpDef.register_fake(fn) takes the
    // fake itself.
    if (NameArg->E - NameArg->B == 1 && T[NameArg->B].Kind == Tok::Name &&
        DefNames.count(T[NameArg->B].Text))
      return;
    bool MaybeFakeFunction = OnObject && Args.size() == 1 && !Impl;
    bool Unqualified = Impl || OnObject;

    for (const Env &E : envsAt(LineOf[I], I, 0)) {
      Value V = eval(T, NameArg->B, NameArg->E, E);
      if (V.known()) {
        if (isOpName(V.S, Unqualified))
          Out.Fakes.insert(operatorName(V.S));
        continue;
      }
      if (MaybeFakeFunction && V.Kind == Value::Unknown)
        continue;
      unresolved(namespaceOf(V), I);
    }
  }

  void unresolved(const std::string &Ns, size_t I) {
    std::string At = where(I);
    Out.UnresolvedNamespaces.emplace(Ns, At);
    if (Ns != "*" || MentionsRecorded)
      return;
    // Which namespaces "*" may be: those the file names.
    MentionsRecorded = true;
    for (size_t J = 0; J < T.size(); ++J) {
      const Tok &K = T[J];
      if (K.Kind == Tok::Str) {
        llvm::StringRef S = K.Text;
        if (K.FString)
          S = S.split('{').first;
        llvm::StringRef Ns = S.contains("::") ? S.split("::").first : K.FString ? "" : S;
        if (isIdentifier(Ns))
          Out.UnresolvedNamespaces.emplace(Ns.str(), At);
      } else if (K.is("ops") && J + 2 < T.size() && T[J + 1].is(".") &&
                 T[J + 2].Kind == Tok::Name) {
        Out.UnresolvedNamespaces.emplace(T[J + 2].Text, At);
      }
    }
  }
};

} // namespace

namespace {

/// The module \p File is, as other files import it: its stem, or a
/// package's directory for its __init__.py.
std::string moduleNameOf(llvm::StringRef File) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  File.split(Parts, '/', -1, /*KeepEmpty=*/false);
  if (Parts.empty())
    return "";
  return Parts.back() == "__init__.py"
             ? (Parts.size() > 1 ? Parts[Parts.size() - 2].str() : "")
             : Parts.back().drop_back(Parts.back().ends_with(".py") ? 3 : 0).str();
}

/// Decorators that make the function below them an operator's kernel, so
/// that torch.compile calls the operator, never the function's body:
/// @torch.library.custom_op(...), @custom_op(...),
/// @torch.library.impl(...), @lib.impl(...), @op.register_kernel(...).
/// The names a file binds to torch's custom_op decorator (`_torch_custom_op_wrapper =
/// torch.library.custom_op`, flash-attention's: on torch < 2.4 a no-op
/// stands in for it): decorators as much as custom_op itself.
std::set<std::string> customOpAliases(const std::vector<Tok> &T, const std::vector<Line> &Lines) {
  std::set<std::string> Out;
  for (const Line &L : Lines)
    if (L.End >= L.Begin + 3 && T[L.Begin].Kind == Tok::Name && T[L.Begin + 1].is("=") &&
        T[L.End - 1].is("custom_op") && (L.End - L.Begin == 3 || T[L.End - 2].is(".")))
      Out.insert(T[L.Begin].Text);
  return Out;
}

bool isKernelDecorator(const std::vector<Tok> &T, const Line &L,
                       const std::set<std::string> &Aliases = {}) {
  if (L.Begin >= L.End || !T[L.Begin].is("@"))
    return false;
  if (L.Begin + 1 < L.End && Aliases.count(T[L.Begin + 1].Text))
    return true;
  for (size_t I = L.Begin + 1; I < L.End; ++I)
    if (T[I].Kind == Tok::Name && (T[I].Text == "custom_op" || T[I].Text == "register_kernel" ||
                                   (T[I].Text == "impl" && I > L.Begin + 1 && T[I - 1].is("."))))
      return true;
  return false;
}

/// The marker of the decorator on line \p L (PythonOps::Uses): its dotted
/// name up to its arguments; "torch.compiler.disable" for torch's compile
/// exclusions (`torch.compiler.disable`, `torch._dynamo.disable`, a bare
/// name the file imports as one); else the name's last part.
std::string decoratorMarker(const std::vector<Tok> &T, const Line &L,
                            const std::set<std::string> &DisableAliases) {
  std::vector<std::string> Parts;
  for (size_t I = L.Begin + 1; I < L.End && T[I].Kind == Tok::Name; I += 2) {
    Parts.push_back(T[I].Text);
    if (I + 1 >= L.End || !T[I + 1].is("."))
      break;
  }
  if (Parts.empty())
    return "";
  llvm::StringRef Last = Parts.back();
  llvm::StringRef Before = Parts.size() > 1 ? llvm::StringRef(Parts[Parts.size() - 2]) : "";
  bool TorchExclusion = Parts.size() == 1 ? DisableAliases.count(Parts[0]) > 0
                        : Last == "disable"
                            ? Before == "compiler" || Before == "_dynamo" || Before == "dynamo"
                            : Last == "_disable_dynamo";
  return TorchExclusion ? "torch.compiler.disable" : Parts.back();
}

/// Whether tokens [I, E) start with a reference to torch's compile
/// exclusion: `torch.compiler.disable`, `torch._dynamo.disable`,
/// `_dynamo.disable`, `compiler.disable`.
bool namesTorchDisable(const std::vector<Tok> &T, size_t I, size_t E) {
  if (I + 2 >= E || T[I].Kind != Tok::Name || !T[I + 1].is("."))
    return false;
  if (T[I].is("torch"))
    return namesTorchDisable(T, I + 2, E);
  return (T[I].is("compiler") || T[I].is("_dynamo")) && T[I + 2].is("disable");
}

/// The `if` lines (their first token) that open a one-time initialisation:
/// a condition that holds only while a flag is unset (`not FLAG`, alone or
/// joined by `and`) over a block that sets it (`FLAG = True`). tutel's NCCL
/// bootstrap: `if not AllToAllStatus.initialized:` ... `AllToAllStatus.
/// initialized = True`, in a function forward calls (first look, round 48).
/// What the block calls runs once, not in every call torch.compile traces.
std::set<size_t> oneTimeInits(const std::vector<Tok> &T, const std::vector<Line> &Lines) {
  std::set<size_t> Out;
  for (size_t LI = 0; LI < Lines.size(); ++LI) {
    const Line &L = Lines[LI];
    if (L.Begin + 3 >= L.End || !T[L.Begin].is("if") || !T[L.End - 1].is(":"))
      continue;
    size_t E = L.End - 1;
    std::vector<std::string> Flags;
    bool Or = false;
    for (size_t K = L.Begin + 1; K < E; ++K) {
      Or = Or || T[K].is("or");
      if (!T[K].is("not") || K + 1 >= E || T[K + 1].Kind != Tok::Name)
        continue;
      size_t J = K + 1;
      std::string Flag = T[J].Text;
      while (J + 2 < E && T[J + 1].is(".") && T[J + 2].Kind == Tok::Name) {
        Flag += "." + T[J + 2].Text;
        J += 2;
      }
      if (J + 1 == E || T[J + 1].is("and"))
        Flags.push_back(Flag);
    }
    if (Or || Flags.empty())
      continue;
    for (size_t M = LI + 1; M < Lines.size(); ++M) {
      const Line &B = Lines[M];
      if (B.Begin >= B.End)
        continue;
      if (B.Indent <= L.Indent)
        break;
      std::string Target;
      size_t K = B.Begin;
      for (; K < B.End && (T[K].Kind == Tok::Name || T[K].is(".")) && !T[K].is("True"); ++K)
        Target += T[K].Text;
      if (K + 2 == B.End && T[K].is("=") && T[K + 1].is("True") &&
          llvm::is_contained(Flags, Target)) {
        Out.insert(L.Begin);
        break;
      }
    }
  }
  return Out;
}

/// Whether the condition in tokens [B, E) is false whenever torch.compile
/// traces: `torch.jit.is_scripting()` or `torch.jit.is_tracing()` (Dynamo
/// folds both to False), joined by `or`; or `not torch.compiler.is_compiling()`.
bool eagerOnly(const std::vector<Tok> &T, size_t B, size_t E) {
  // The index after `[torch.]Mod.Fn()` at I, or 0.
  auto Call = [&](size_t I, llvm::StringRef Mod, std::initializer_list<llvm::StringRef> Fns) {
    if (I + 1 < E && T[I].is("torch") && T[I + 1].is("."))
      I += 2;
    if (I + 4 >= E || !T[I].is(Mod) || !T[I + 1].is(".") ||
        !llvm::is_contained(Fns, T[I + 2].Text) || !T[I + 3].is("(") || !T[I + 4].is(")"))
      return size_t(0);
    return I + 5;
  };
  if (B < E && T[B].is("not")) {
    size_t After = Call(B + 1, "compiler", {"is_compiling"});
    if (!After)
      After = Call(B + 1, "_dynamo", {"is_compiling"});
    return After == E;
  }
  for (size_t I = B;;) {
    size_t After = Call(I, "jit", {"is_scripting", "is_tracing"});
    if (!After)
      return false;
    if (After == E)
      return true;
    if (!T[After].is("or"))
      return false;
    I = After + 1;
  }
}

/// \p File (a '/'-separated path) is under a directory named one of \p Dirs,
/// or its name begins with one of \p Prefixes or ends with one of \p Suffixes.
bool underDirOrNamed(llvm::StringRef File, std::initializer_list<llvm::StringRef> Dirs,
                     std::initializer_list<llvm::StringRef> Prefixes,
                     std::initializer_list<llvm::StringRef> Suffixes) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  File.split(Parts, '/');
  if (Parts.empty())
    return false;
  llvm::StringRef Name = Parts.back();
  return llvm::any_of(Prefixes, [&](llvm::StringRef P) { return Name.starts_with(P); }) ||
         llvm::any_of(Suffixes, [&](llvm::StringRef S) { return Name.ends_with(S); }) ||
         llvm::any_of(llvm::ArrayRef(Parts).drop_back(),
                      [&](llvm::StringRef D) { return llvm::is_contained(Dirs, D); });
}


/// A benchmark script of the project: under a `benchmark(s)`/`bench`
/// directory, or named bench_*.py / benchmark*.py. It times the eager kernels;
/// it says nothing of how users call them.
bool isBenchmarkFile(llvm::StringRef File) {
  return underDirOrNamed(File, {"bench", "benchmark", "benchmarks"}, {"bench_", "benchmark"}, {});
}

/// A use's marker naming the function it is in ("in NAME"), and the one of
/// a use that does not call the name (`x.name` kept, passed, compared).
const char *const InFunction = "in ";
const char *const NotCalled = "not called";

/// Whether a use's markers put it in a function named \p Name: "in NAME",
/// or "in CLASS.NAME" for an autograd Function's method.
bool inFunctionNamed(const std::set<std::string> &Markers, llvm::StringRef Name) {
  return llvm::any_of(Markers, [&](llvm::StringRef X) {
    return X.consume_front(InFunction) &&
           (X == Name || (X.consume_back(Name) && X.size() > 1 && X.ends_with(".") &&
                          !X.drop_back().contains('.')));
  });
}

/// The methods autograd runs of an autograd Function, where `apply` runs.
constexpr llvm::StringLiteral AutogradMethods[] = {"forward", "backward", "setup_context", "jvp",
                                                   "vjp"};
bool isAutogradMethod(llvm::StringRef Name) { return llvm::is_contained(AutogradMethods, Name); }

/// The bases in tokens [I, E) after `class NAME`, each dotted name
/// resolved through \p Imports (`nn.Module` after `import torch.nn as nn`:
/// "torch.nn.Module"); keyword arguments (`metaclass=...`) left out.
std::vector<std::string> classBases(const std::vector<Tok> &T, size_t I, size_t E,
                                    const std::map<std::string, std::string> &Imports) {
  std::vector<std::string> Out;
  if (I >= E || !T[I].is("("))
    return Out;
  for (++I; I < E && !T[I].is(")");) {
    if (T[I].Kind != Tok::Name || (I + 1 < E && T[I + 1].is("="))) {
      // (Anything else, `Generic[T]` included, is skipped to the next comma.)
      unsigned Depth = 0;
      for (; I < E && (Depth || (!T[I].is(",") && !T[I].is(")"))); ++I)
        Depth += T[I].is("[") || T[I].is("(") ? 1 : T[I].is("]") || T[I].is(")") ? -1 : 0;
      if (I < E && T[I].is(","))
        ++I;
      continue;
    }
    auto Imp = Imports.find(T[I].Text);
    std::string Path = Imp != Imports.end() ? Imp->second : T[I].Text;
    for (++I; I + 1 < E && T[I].is(".") && T[I + 1].Kind == Tok::Name; I += 2)
      Path += "." + T[I + 1].Text;
    Out.push_back(Path);
    while (I < E && !T[I].is(",") && !T[I].is(")"))
      ++I;
    if (I < E && T[I].is(","))
      ++I;
  }
  return Out;
}

/// Whether the bases in tokens [I, E) after `class NAME` name an autograd
/// Function: `(torch.autograd.Function)`, `(Function)`,
/// `(autograd.function.InplaceFunction)`: a base whose last part is, or ends
/// in, "Function". (A project base class named otherwise leaves its forward
/// reached by name, as any module's.)
bool derivesFromAutogradFunction(const std::vector<Tok> &T, size_t I, size_t E) {
  if (I >= E || !T[I].is("("))
    return false;
  for (++I; I < E && !T[I].is(")"); ++I)
    if (T[I].Kind == Tok::Name && llvm::StringRef(T[I].Text).ends_with("Function") &&
        (I + 1 >= E || T[I + 1].is(",") || T[I + 1].is(")")) && (I == 0 || !T[I - 1].is("=")))
      return true;
  return false;
}
/// A use's marker when a class body keeps the name as a class attribute
/// (`forward_op = ext.expm` in `class Exp`): the class's name follows.
const char *const StoredInClass = "kept in class ";
/// A use's marker in a method named forward or backward of a class that is
/// no autograd Function: the class's name follows (markReached).
const char *const MethodOf = "method of ";
/// A use in a method of a class (any method: MethodOf is forward's and
/// backward's): a `name(...)` resolved to a module's top-level function
/// reaches no method of that name (markReached's TopCalls).
const char *const InAMethod = "use in a method";
/// The markers of what torch.compile traces: a function passed to
/// torch.compile (the use's), a function decorated `@torch.compile` (the
/// decorator's last part), and a use in a function a forward, a backward
/// or a compiled function reaches by name (finishScan).
const char *const CompiledArgument = "torch.compile argument";
const char *const CompileDecorator = "compile";
const char *const Reached = "reached from a forward";

/// The most markers a use carries (usesByPlace).
constexpr size_t MaxMarkers = 16;

/// A use's marker naming the module it is called on (`mod.name(...)`,
/// `pkg.mod.name(...)`, or `name(...)` after `from mod import name`): the
/// dotted path, from the import and the names after it.
const char *const OnModule = "on module ";
/// A use's marker naming the last name of what it is called on when that
/// is no module the file imports (`self.ext.name(...)`: "ext").
const char *const ByName = "on ";
/// A use on `self` (`self.name(...)`), kept after finishScan drops ByName.
const char *const OnSelf = "on self";
/// A use's marker when the name is torch.Tensor's too and what it is called
/// on is no module (`x.flatten(2)`): most likely the tensor's method, so
/// never a use torch.compile is known to reach (markReached).
const char *const TensorMethod = "tensor method";
/// The same when the name is a method of Python's own containers and
/// strings (`metadata.update({...})`, `d.get(k)`): torchrl's compiled
/// `update()` calls a dict's update, not its SegmentTree's.
const char *const BuiltinMethod = "builtin method";
bool isBuiltinMethodName(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      // dict, list, set
      "add", "append", "clear", "copy", "count", "difference", "difference_update", "discard",
      "extend", "fromkeys", "get", "index", "insert", "intersection", "intersection_update",
      "isdisjoint", "issubset", "issuperset", "items", "keys", "pop", "popitem", "remove",
      "reverse", "setdefault", "sort", "symmetric_difference", "symmetric_difference_update",
      "union", "update", "values",
      // str, bytes
      "capitalize", "casefold", "center", "decode", "encode", "endswith", "expandtabs", "find",
      "format", "format_map", "hex", "isalnum", "isalpha", "isascii", "isdecimal", "isdigit",
      "isidentifier", "islower", "isnumeric", "isprintable", "isspace", "istitle", "isupper",
      "join", "ljust", "lower", "lstrip", "partition", "removeprefix", "removesuffix",
      "replace", "rfind", "rindex", "rjust", "rpartition", "rsplit", "rstrip", "split",
      "splitlines", "startswith", "strip", "swapcase", "title", "translate", "upper", "zfill"};
  return Names.contains(Name);
}
/// A use's marker when it reads the name, uncalled, off something no loaded
/// extension is kept in and hands it to a call (`f(self.config.flag)`): a
/// value as likely as a binding, so never a use torch.compile is known to
/// reach. (Picked and kept, `fn = mod.fwd_fp16 if half else mod.fwd`, it
/// is the binding DeepSpeed's transformer calls next.)
const char *const ValueRead = "value read";
/// A use's marker when the name is read uncalled as a call's argument.
const char *const PassedOn = "passed on";
/// The key prefix of a use that calls the project's own Python function of
/// the same name (finishScan): an edge for markReached, no use of a binding.
const char *const PythonFunction = "py:";
/// A use in a one-time initialisation (oneTimeInits): it runs once, the
/// first time its function does, never again in a traced call.
const char *const OneTimeInit = "one-time init";
/// A use of CLASS.apply that binds it to a module-level name (`point_recover
/// = PointRecover.apply`): the Function runs where that name is called.
const char *const AliasedAs = "aliased as ";
/// A Uses key that stands for the names an f-string lookup may make:
/// "*PREFIX*SUFFIX" (one placeholder) or "*PREFIX**SUFFIX" (several). The
/// leading mark keeps them together in the map (PythonOps::usesKey).
const char *const PrefixMark = "*";

/// Whether the dotted module path \p Path is torch's, numpy's or the
/// standard library's: what is called on it is never the project's binding.
bool libraryModule(llvm::StringRef Path) {
  llvm::StringRef Head = Path.split('.').first;
  return llvm::is_contained({"torch", "numpy", "math", "os", "sys", "re", "functools",
                             "itertools", "collections", "typing", "warnings", "logging",
                             "random", "time", "copy", "operator", "triton", "einops", "scipy",
                             "transformers"},
                            Head);
}

/// PythonOps::Exports and StarExports of a package's `__init__.py` \p File:
/// `from .mod import a, b as c` (relative: the package's own modules),
/// `from .mod import *`, and the strings of `__all__ = [...]`.
void exportsOf(const std::vector<Tok> &T, const std::vector<Line> &Lines,
               const std::string &Source, const std::string &File, PythonOps &Out) {
  auto At = [&](size_t Offset) {
    return File + ":" +
           std::to_string(1 + std::count(Source.begin(), Source.begin() + Offset, '\n'));
  };
  llvm::StringRef Package = llvm::sys::path::filename(
      llvm::sys::path::parent_path(File, llvm::sys::path::Style::posix),
      llvm::sys::path::Style::posix);
  // Lines in a def or class body are not the module's (DefIndent: the
  // indentation of the def around them).
  unsigned DefIndent = ~0u;
  for (const Line &L : Lines) {
    if (L.Begin >= L.End)
      continue;
    if (DefIndent != ~0u && L.Indent <= DefIndent)
      DefIndent = ~0u;
    if (DefIndent == ~0u && (T[L.Begin].is("def") || T[L.Begin].is("class") ||
                             (T[L.Begin].is("async") && L.Begin + 1 < L.End &&
                              T[L.Begin + 1].is("def")))) {
      DefIndent = L.Indent;
      continue;
    }
    if (DefIndent != ~0u || L.Begin + 2 >= L.End)
      continue;
    // `from .mod import a`, or `from pkg.PACKAGE.mod import a` naming this
    // package absolutely (NATTEN's `_libnatten/__init__.py`, in a `try:`):
    // what the package takes from its own modules.
    size_t Import = L.Begin + 1;
    while (Import < L.End && !T[Import].is("import"))
      ++Import;
    bool Own = T[L.Begin].is("from") && Import < L.End && Import >= L.Begin + 2 &&
               (T[L.Begin + 1].is(".") ||
                (Import >= L.Begin + 4 && T[Import - 2].is(".") && T[Import - 3].is(Package)));
    if (Own) {
      // (`from .mod import a as b` is left out: b is no name mod defines.)
      for (size_t I = Import + 1; I < L.End && !Package.empty(); ++I)
        if ((T[I].is("*") || T[I].Kind == Tok::Name) && !T[I].is("as") && !T[I - 1].is("as") &&
            T[Import - 1].Kind == Tok::Name && !(I + 2 < L.End && T[I + 1].is("as")))
          Out.ReExports.insert(Package.str() + ":" + T[Import - 1].Text + ":" + T[I].Text);
    }
    if (L.Indent != 0)
      continue;
    if (T[L.Begin].is("from") && T[L.Begin + 1].is(".")) {
      size_t I = L.Begin + 1;
      std::string Module;
      for (; I < L.End && !T[I].is("import"); ++I)
        if (T[I].Kind == Tok::Name)
          Module = T[I].Text; // the last part: how ModuleFunctions names it
      for (++I; I < L.End; ++I) {
        if (T[I].is("*") && !Module.empty())
          Out.StarExports.emplace(Module, At(T[I].Offset));
        else if (T[I].Kind == Tok::Name && !T[I].is("as") && !T[I - 1].is("as") &&
                 !llvm::StringRef(T[I].Text).starts_with("_"))
          Out.Exports.emplace(T[I].Text, At(T[I].Offset));
      }
    } else if (T[L.Begin].is("__all__") && (T[L.Begin + 1].is("=") || T[L.Begin + 1].is("+="))) {
      for (size_t I = L.Begin + 2; I < L.End; ++I)
        if (T[I].Kind == Tok::Str && !T[I].FString && !llvm::StringRef(T[I].Text).starts_with("_"))
          Out.Exports.emplace(T[I].Text, At(T[I].Offset));
    }
  }
}

/// PythonOps::Uses and CompileDisablers of one file: every use of a name,
/// with the markers of the functions around it.
void usesByPlace(const std::string &Source, PythonOps &Out, const std::string &File) {
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File, llvm::sys::path::Style::posix);
       !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir, llvm::sys::path::Style::posix))
    Out.PythonDirs.insert(llvm::sys::path::filename(Dir, llvm::sys::path::Style::posix).str());
  std::vector<Line> Lines;
  std::vector<Tok> T = tokenize(Source, &Lines);
  size_t Counted = 0, LineNo = 1;
  auto LineAt = [&](size_t Offset) {
    LineNo += std::count(Source.begin() + Counted, Source.begin() + Offset, '\n');
    Counted = Offset;
    return LineNo;
  };
  const std::string ModuleName = moduleNameOf(File);
  const std::map<std::string, std::string> Imports = importedNames(T, Lines);
  if ((File == "__init__.py" || llvm::StringRef(File).ends_with("/__init__.py")) &&
      !isTestFile(File))
    exportsOf(T, Lines, Source, File, Out);
  if (File == "setup.py" || llvm::StringRef(File).ends_with("/setup.py")) {
    Out.SetupDirs.insert(
        llvm::sys::path::parent_path(File, llvm::sys::path::Style::posix).str());
    // `CppExtension("pkg.ext", ...)`, `CUDAExtension(name="pkg.ext", ...)`.
    for (size_t I = 0; I + 2 < T.size(); ++I) {
      if (T[I].Kind != Tok::Name || !llvm::StringRef(T[I].Text).ends_with("Extension") ||
          !T[I + 1].is("("))
        continue;
      size_t S = T[I + 2].Kind == Tok::Str ? I + 2
                 : I + 4 < T.size() && T[I + 2].is("name") && T[I + 3].is("=") &&
                         T[I + 4].Kind == Tok::Str
                     ? I + 4
                     : 0;
      if (S && !T[S].FString) {
        llvm::StringRef N(T[S].Text);
        N = N.contains('.') ? N.rsplit('.').second : N;
        if (!N.empty())
          Out.ExtensionModules.insert(N.str());
      }
    }
    // Any call with a `name=` string and a `sources=` keyword: a helper
    // that builds one (OpenPCDet's and mmdetection3d's
    // `make_cuda_ext(name='iou3d_nms_cuda', module='pcdet.ops.iou3d_nms',
    // sources=[...])`), as extensionModuleOf reads the same file.
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (T[I].Kind != Tok::Name || !T[I + 1].is("(") || (I > 0 && T[I - 1].is("def")))
        continue;
      size_t Close = closing(T, I + 1, T.size());
      std::vector<Arg> Args = callArgs(T, I + 2, Close);
      if (llvm::none_of(Args, [](const Arg &A) { return A.Keyword == "sources"; }))
        continue;
      for (const Arg &A : Args)
        if (A.Keyword == "name" && A.E == A.B + 1 && T[A.B].Kind == Tok::Str && !T[A.B].FString) {
          llvm::StringRef N(T[A.B].Text);
          N = N.contains('.') ? N.rsplit('.').second : N;
          if (!N.empty())
            Out.ExtensionModules.insert(N.str());
        }
    }
  }
  // The C++ sources it names (a build that lists them compiles those).
  for (const Tok &K : T) {
    llvm::StringRef S(K.Text);
    if (K.Kind != Tok::Str || S.size() > 512 ||
        !(S.ends_with(".cpp") || S.ends_with(".cu") || S.ends_with(".cc") || S.ends_with(".cxx")))
      continue;
    std::string Name = llvm::sys::path::filename(S, llvm::sys::path::Style::posix).str();
    // A bare extension (`f.endswith(".cu")`) finds sources by listing: "*.cu".
    if (llvm::StringRef(Name).starts_with("."))
      Name = "*" + Name;
    if (K.FString || llvm::StringRef(Name).contains('*') || S.contains(Hole) || S.contains('{')) {
      // A pattern: each placeholder (an f-string's or format()'s) any text.
      std::string Glob;
      for (size_t I = 0; I < Name.size(); ++I) {
        if (Name[I] == '{') {
          size_t Close = Name.find('}', I);
          if (Close == std::string::npos)
            break;
          I = Close;
          Glob += '*';
        } else {
          Glob += Name[I] == Hole ? '*' : Name[I];
        }
      }
      Out.SourceGlobs.insert(Glob);
    } else {
      Out.SourceNames.insert(Name);
    }
  }
  // The first name of the dotted chain each token ends (`a` for the `c` of
  // `a.b.c`), within its line: filled line by line, so that a file of one
  // long chain is read once, not once per name.
  std::vector<size_t> ChainHead(T.size());
  // The plain names the file calls (`render_func(...)`): a function stored
  // in such a variable runs where it is called.
  std::set<std::string> CalledNames;
  for (size_t I = 0; I + 1 < T.size(); ++I)
    if (T[I].Kind == Tok::Name && T[I + 1].is("(") &&
        (I == 0 || (!T[I - 1].is(".") && !T[I - 1].is("def"))))
      CalledNames.insert(T[I].Text);
  // What a use is called on, as a marker (finishScan reads it): none for
  // a library's function (`F.layer_norm`, `torch.flatten`, a name imported
  // from numpy) or a value's method (`t[i].flatten()`); OnModule and the
  // module path's parts for a module the file imports (`ext.f`,
  // `pkg._C.f`, `f` from `from mod import f`); ByName and the receiver's
  // last name for anything else (`self.ext.f`); "" for a bare name.
  auto Receiver = [&](size_t I, const Line &L, bool Attribute) -> std::optional<std::string> {
    auto Parts = [](llvm::StringRef Path) { return Path.ltrim('.').str(); };
    if (!Attribute) {
      auto It = Imports.find(T[I].Text);
      if (It == Imports.end())
        return std::string();
      if (libraryModule(llvm::StringRef(It->second).ltrim('.')))
        return std::nullopt;
      llvm::StringRef Mod = llvm::StringRef(It->second).rsplit('.').first;
      return Mod == It->second ? std::string() : OnModule + Parts(Mod);
    }
    if (I < L.Begin + 2)
      return std::string();
    if (T[I - 2].is("]"))
      return std::nullopt;
    if (T[I - 2].Kind != Tok::Name)
      return std::string();
    size_t Head = ChainHead[I - 2];
    auto It = Imports.find(T[Head].Text);
    llvm::StringRef Path = It != Imports.end() ? llvm::StringRef(It->second) : T[Head].Text;
    // `torch.ops.ns.op`: an operator (its uses are recorded above).
    bool Ops = Head + 2 < I && T[Head + 2].is("ops");
    if (libraryModule(Path.ltrim('.')) && (It != Imports.end() || T[Head].is("torch")) && !Ops)
      return std::nullopt;
    // (A path of more parts than modules nest is no module's.)
    // (An attribute, `self.ext`, may be set in any file; a plain name is
    // this file's.)
    if (It == Imports.end() || I - Head > 16)
      return ByName + (I - 2 > Head ? "." + T[I - 2].Text : File + ":" + T[I - 2].Text);
    std::string Chain = Parts(It->second);
    for (size_t K = Head + 2; K < I; K += 2)
      Chain += "." + T[K].Text;
    return OnModule + Chain;
  };
  // `if x.flag and ...`, `x.flag = v`, `x.obj.method()`, `x.items[i]`: a
  // value read or stored, or an object, no function.
  auto FlagOrStore = [&](size_t I, const Line &L) {
    if (I + 1 < L.End && llvm::is_contained({"=", "and", "or", "is", "==", "!=", ":", ".", "["},
                                            llvm::StringRef(T[I + 1].Text)))
      return true;
    size_t Head = ChainHead[I];
    if (Head > L.Begin && T[Head - 1].is("("))
      --Head;
    return Head > L.Begin &&
           llvm::is_contained({"if", "elif", "while", "and", "or", "not"},
                              llvm::StringRef(T[Head - 1].Text));
  };
  // `self.update = UpdateModule()`, `self.act = partial(f, k)`: attributes
  // the file's classes set to what a call returns, an object (a module, a
  // partial). `self.update(x)` calls that object, not a function `update`
  // (DROID-SLAM's network calls its update module in forward; its factor
  // graph has a method `update` that calls a binding from the SLAM loop).
  // Each such attribute with the names of what is called (`LinearEXL3`).
  std::map<std::string, std::set<std::string>> ObjectAttributes;
  for (const Line &L : Lines) {
    size_t K = L.Begin + 4;
    if (K + 1 >= L.End || !T[L.Begin].is("self") || !T[L.Begin + 1].is(".") ||
        T[L.Begin + 2].Kind != Tok::Name || !T[L.Begin + 3].is("="))
      continue;
    // `self.layer = A(...) if fused else B(...)`: each arm's call.
    while (K + 1 < L.End) {
      while (K + 2 < L.End && T[K].Kind == Tok::Name && T[K + 1].is("."))
        K += 2;
      if (K + 1 >= L.End || T[K].Kind != Tok::Name || !T[K + 1].is("("))
        break;
      ObjectAttributes[T[L.Begin + 2].Text].insert(T[K].Text);
      while (K < L.End && !T[K].is("else"))
        ++K;
      ++K;
    }
  }
  // `from torch._dynamo import disable [as d]`: names that are torch's.
  std::set<std::string> DisableAliases;
  const std::set<std::string> CustomOps = customOpAliases(T, Lines);
  struct Frame {
    unsigned Indent;
    bool Class;
    std::string Name; // "" for an `if` block
    std::set<std::string> Markers;
    std::set<std::string> ForwardMarkers; // a class's `def forward`
    // What a use in it is "in": its name, or "CLASS.forward" for a method
    // autograd runs of an autograd Function (AutogradFunctions).
    std::string Node = Name;
    bool AutogradFunction = false; // a class deriving from one
    std::string OfClass = {};      // for a method, its class
    bool BodySeen = false;         // a function's first statement was read
  };
  std::vector<Frame> Stack;
  // Every use in a test file (one that does not compile anything) is marked.
  std::set<std::string> Base;
  if (isTestFile(File) && !llvm::StringRef(Source).contains("torch.compile") &&
      !llvm::StringRef(Source).contains("_dynamo") && !llvm::StringRef(Source).contains("opcheck"))
    Base.insert("test file");
  // The outermost function around the line, if no class is around it: a
  // decorator it applies to an inner def is what it does to its argument.
  auto OuterFunction = [&]() -> const Frame * {
    for (const Frame &F : Stack)
      if (F.Class || !F.Name.empty())
        return F.Class ? nullptr : &F;
    return nullptr;
  };
  auto InnermostFunction = [&]() -> const Frame * {
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
      if (It->Class || !It->Name.empty())
        return It->Class ? nullptr : &*It;
    return nullptr;
  };
  // Marks a use as in the function around it: its node, and for a method
  // named forward or backward, its class (markReached's plain classes).
  auto MarkInFunction = [](std::set<std::string> &Own, const Frame &InFn) {
    Own.insert(InFunction + InFn.Node);
    if (!InFn.OfClass.empty() && (InFn.Node == "forward" || InFn.Node == "backward"))
      Own.insert(MethodOf + InFn.OfClass);
    if (!InFn.OfClass.empty())
      Own.insert(InAMethod);
  };
  std::vector<std::string> Pending; // decorators of the next def/class
  const std::set<size_t> OneTime = oneTimeInits(T, Lines);
  // Class attributes set to a dict of bindings (`dot = {"cpu": f_cpu, ...}`,
  // above): a subscript of one called (`Class.dot[k](x)`) calls a binding;
  // of any other attribute (`self.layers[i](x)`, a module list) it is no
  // call of a function by that name.
  std::set<std::string> DictAttributes;
  for (const Line &L : Lines) {
    if (L.Begin >= L.End)
      continue;
    while (!Stack.empty() && L.Indent <= Stack.back().Indent)
      Stack.pop_back();
    const Tok &First = T[L.Begin];
    // A method whose body begins (after its docstring) `raise
    // NotImplementedError`: an interface, as `@abstractmethod` declares one
    // (TransformerEngine's FusibleOperation.fuser_backward).
    if (!Stack.empty() && !Stack.back().Class && !Stack.back().OfClass.empty() &&
        !Stack.back().BodySeen && !(L.End == L.Begin + 1 && First.Kind == Tok::Str)) {
      Stack.back().BodySeen = true;
      if (First.is("raise") && L.Begin + 1 < L.End && T[L.Begin + 1].is("NotImplementedError"))
        Out.AbstractMethods.insert(Stack.back().Name);
    }
    if (First.is("import") || First.is("from")) {
      if (First.is("from") && L.Begin + 3 < L.End && T[L.Begin + 1].is("torch") &&
          T[L.Begin + 2].is(".") && (T[L.Begin + 3].is("_dynamo") || T[L.Begin + 3].is("compiler")))
        for (size_t I = L.Begin + 4; I < L.End; ++I)
          if (T[I].is("disable"))
            DisableAliases.insert(I + 2 < L.End && T[I + 1].is("as") ? T[I + 2].Text : "disable");
      continue;
    }
    if (First.is("@")) {
      std::string Marker = decoratorMarker(T, L, DisableAliases);
      // A decorated def inside a function: that function applies it.
      if (Marker == "torch.compiler.disable" && OuterFunction())
        Out.CompileDisablers.insert(OuterFunction()->Name);
      Pending.push_back(std::move(Marker));
      if (isKernelDecorator(T, L, CustomOps))
        Pending.push_back("@op-kernel");
      continue;
    }
    size_t B = L.Begin + (First.is("async") ? 1 : 0);
    bool Def = B + 1 < L.End && (T[B].is("def") || T[B].is("class"));
    if (Def) {
      // The innermost frame holds every outer one's markers.
      Frame F{L.Indent, T[B].is("class"), T[B + 1].Text, Stack.empty() ? Base : Stack.back().Markers,
              {}};
      F.Node = F.Name;
      if (F.Class && derivesFromAutogradFunction(T, B + 2, L.End)) {
        F.AutogradFunction = true;
        Out.AutogradFunctions.insert(F.Name);
      } else if (!F.Class && !Stack.empty() && Stack.back().AutogradFunction &&
                 isAutogradMethod(F.Name)) {
        F.Node = Stack.back().Name + "." + F.Name;
      }
      if (!F.Class && !Stack.empty() && Stack.back().Class)
        F.OfClass = Stack.back().Name;
      if (F.Class)
        Out.ClassBases[F.Name].push_back(classBases(T, B + 2, L.End, Imports));
      F.Markers.insert(Pending.begin(), Pending.end());
      F.Markers.erase("");
      if (!F.Class && F.Name == "__init__")
        F.Markers.insert("def __init__");
      if (!F.Class)
        ++Out.Definitions[F.Name];
      if (!F.Class && llvm::is_contained(Pending, "@op-kernel"))
        Out.KernelFunctions.insert(F.Name);
      // A method's name in its file too: `self.name` there is that method
      // where the file defines one (PythonOps::markReached).
      if (!F.Class && !Stack.empty() && Stack.back().Class)
        ++Out.Definitions[F.Name + "@" + File];
      if (!F.Class && Stack.empty()) {
        Out.ModuleFunctions.insert(ModuleName + ":" + F.Name);
        ++Out.ModuleFunctionDefs[ModuleName + ":" + F.Name];
      }
      if (!F.Class && !Stack.empty() && Stack.back().Class &&
          llvm::is_contained(Pending, "abstractmethod"))
        Out.AbstractMethods.insert(F.Name);
      if (!F.Class && !Stack.empty() && Stack.back().Class) {
        if (F.Name == "forward")
          Stack.back().ForwardMarkers = F.Markers;
        else if (F.Name == "backward")
          F.Markers.insert(Stack.back().ForwardMarkers.begin(), Stack.back().ForwardMarkers.end());
      }
      Pending.clear();
      // Real code has a handful; a file nesting thousands of decorated defs
      // must not make every use below them copy thousands (the scan stays
      // linear in the file). torch's own markers are kept; others dropped
      // only make uses look traced.
      for (auto It = F.Markers.begin(); F.Markers.size() > MaxMarkers && It != F.Markers.end();)
        It = llvm::is_contained({"torch.compiler.disable", "@op-kernel", "def __init__",
                                 "eager-only branch", "test file", OneTimeInit},
                                *It)
                 ? std::next(It)
                 : F.Markers.erase(It);
      Stack.push_back(std::move(F));
    } else if (First.is("if") && T[L.End - 1].is(":") && eagerOnly(T, L.Begin + 1, L.End - 1)) {
      // `if torch.jit.is_scripting():` - a block torch.compile never runs.
      Frame F{L.Indent, false, "", Stack.empty() ? Base : Stack.back().Markers, {}};
      F.Markers.insert("eager-only branch");
      Stack.push_back(std::move(F));
    } else if (First.is("if") && OneTime.count(L.Begin)) {
      Frame F{L.Indent, false, "", Stack.empty() ? Base : Stack.back().Markers, {}};
      F.Markers.insert(OneTimeInit);
      Stack.push_back(std::move(F));
    } else if (Stack.empty() && L.Begin + 2 < L.End && First.Kind == Tok::Name &&
               T[L.Begin + 1].is("=") && namesTorchDisable(T, L.Begin + 2, L.End) &&
               L.End == L.Begin + 2 + (T[L.Begin + 2].is("torch") ? 5 : 3)) {
      Out.CompileDisablers.insert(First.Text); // `no_compile = torch.compiler.disable`
    } else if (!Def && L.Begin + 3 <= L.End && First.Kind == Tok::Name && T[L.Begin + 1].is("=") &&
               llvm::none_of(Stack, [](const Frame &F) { return F.Class || !F.Name.empty(); })) {
      // A module binds a name to an operator (`fmha_forward =
      // torch.ops.natten.fmha_forward`, in either arm of a module-level if):
      // what its users call by that name is the operator, not a binding of
      // the same name (NATTEN, first look round 48). A name bound to a
      // plain name is decided in finishScan (a custom op's function, or the
      // binding itself).
      size_t V = L.Begin + 2;
      if (L.End == V + 7 && T[V].is("torch") && T[V + 1].is(".") && T[V + 2].is("ops") &&
          T[V + 3].is(".") && T[V + 4].Kind == Tok::Name && T[V + 5].is(".") &&
          T[V + 6].Kind == Tok::Name) {
        ++Out.Definitions[First.Text];
        Out.ModuleFunctions.insert(ModuleName + ":" + First.Text);
      } else if (L.End == V + 1 && T[V].Kind == Tok::Name && T[V].Text != First.Text) {
        Out.NameAliases.insert(ModuleName + ":" + First.Text + ":" + T[V].Text);
      }
    }
    const std::set<std::string> &Markers = Stack.empty() ? Base : Stack.back().Markers;
    for (size_t K = L.Begin; K < L.End; ++K)
      ChainHead[K] = K >= L.Begin + 2 && T[K - 1].is(".") && T[K - 2].Kind == Tok::Name
                         ? ChainHead[K - 2]
                         : K;
    // `ext = load(...)`, `self._C = Builder().load()`, `plugin =
    // get_plugin(...)`, `importlib.import_module(...)`, mmcv's
    // `ext_module = ext_loader.load_ext(...)`: the name holds a loaded
    // extension module.
    if (!Def) {
      size_t Eq = L.Begin + 1;
      while (Eq + 1 < L.End && T[Eq].is(".") && T[Eq + 1].Kind == Tok::Name)
        Eq += 2;
      if (Eq < L.End && T[Eq].is("=") && T[Eq - 1].Kind == Tok::Name)
        for (size_t K = Eq + 1; K + 1 < L.End; ++K)
          if (T[K + 1].is("(") &&
              llvm::is_contained({"load", "load_inline", "load_ext", "get_plugin", "import_module",
                                  "load_extension"},
                                 llvm::StringRef(T[K].Text))) {
            Out.ExtensionHandles.insert(Eq > L.Begin + 1 ? "." + T[Eq - 1].Text
                                                         : File + ":" + T[Eq - 1].Text);
            // (Its name: torch's load takes it first or as name=.)
            if (T[K].is("load") && K + 2 < L.End)
              for (const Arg &A : callArgs(T, K + 2, closing(T, K + 1, L.End)))
                if (A.E == A.B + 1 && T[A.B].Kind == Tok::Str && !T[A.B].FString &&
                    (A.Keyword == "name" || (A.Keyword.empty() && A.B == K + 2))) {
                  llvm::StringRef Name = T[A.B].Text;
                  Out.LoadedAs[(Name.contains('.') ? Name.rsplit('.').second : Name).str()]
                      .insert(T[Eq - 1].Text);
                }
            break;
          }
    }
    // `forward_op, backward_op = ext.expm, ext.expm_backward` in a class
    // body (lietorch's group ops): each name read is kept as a class
    // attribute that the class's methods call (`cls.forward_op(...)` in an
    // autograd Function's forward). The read is a call from a function of
    // the attribute's name, reached where the attribute is called.
    std::map<size_t, std::string> StoredAs;
    // `.item()`, `.numpy()`, `.tolist()` in a function: it reads tensor
    // values on the host; `torch.cuda.empty_cache()`, `gc.collect()`: it
    // manages memory, setup code (PythonOps::ReadsValues).
    if (!Def)
      if (const Frame *InFn = InnermostFunction())
        for (size_t K = L.Begin + 1; K + 2 < L.End; ++K)
          if (T[K].is(".") && T[K + 2].is("(") &&
              (T[K + 1].is("item") || T[K + 1].is("numpy") || T[K + 1].is("tolist") ||
               T[K + 1].is("empty_cache") || (T[K + 1].is("collect") && T[K - 1].is("gc")))) {
            Out.ReadsValues.insert(InFn->Name);
            break;
          }
    // `self.fn = self.inference_module.gated_activation` in a method
    // (DeepSpeed's op wrappers, in __init__): kept for the instance, called
    // where `self.fn(...)` is.
    if (!Def && InnermostFunction() && Stack.size() >= 2 && L.Begin + 6 < L.End &&
        T[L.Begin].is("self") && T[L.Begin + 1].is(".") && T[L.Begin + 2].Kind == Tok::Name &&
        T[L.Begin + 3].is("=") && T[L.Begin + 4].Kind == Tok::Name) {
      size_t V = L.Begin + 4;
      while (V + 2 < L.End && T[V + 1].is(".") && T[V + 2].Kind == Tok::Name)
        V += 2;
      if (V + 1 == L.End && V > L.Begin + 4)
        StoredAs[V] = T[L.Begin + 2].Text;
    }
    if (!Def && !Stack.empty() && Stack.back().Class && L.Indent > Stack.back().Indent) {
      std::vector<std::string> Targets;
      size_t K = L.Begin;
      for (; K + 1 < L.End && T[K].Kind == Tok::Name; K += 2) {
        Targets.push_back(T[K].Text);
        if (!T[K + 1].is(","))
          break;
      }
      if (K + 1 < L.End && T[K + 1].is("=")) {
        std::vector<std::pair<size_t, size_t>> Values; // each value's first and last name
        size_t V = K + 2;
        while (V < L.End && T[V].Kind == Tok::Name) {
          size_t Start = V;
          while (V + 2 < L.End && T[V + 1].is(".") && T[V + 2].Kind == Tok::Name)
            V += 2;
          Values.emplace_back(Start, V);
          if (V + 1 == L.End || !T[V + 1].is(","))
            break;
          V += 2;
        }
        if (!Values.empty() && Values.back().second + 1 == L.End &&
            Values.size() == Targets.size())
          for (size_t N = 0; N < Values.size(); ++N)
            if (Values[N].second > Values[N].first) // a dotted name (`ext.f`), not a plain one
              StoredAs[Values[N].second] = Targets[N];
        // `dot = {"cpu": dot_cpu, "cuda": dot_cuda}` (fast-transformers'
        // autograd Functions, called as `Class.dot[device.type](...)` in
        // forward): each value a dotted name or a name the file imports.
        if (Targets.size() == 1 && K + 2 < L.End && T[K + 2].is("{") && T[L.End - 1].is("}")) {
          std::vector<size_t> Kept;
          size_t E = K + 3;
          while (E + 2 < L.End && (T[E].Kind == Tok::Str || T[E].Kind == Tok::Name) &&
                 T[E + 1].is(":") && T[E + 2].Kind == Tok::Name) {
            size_t Start = E + 2;
            E = Start;
            while (E + 2 < L.End && T[E + 1].is(".") && T[E + 2].Kind == Tok::Name)
              E += 2;
            if (E > Start || Imports.count(T[Start].Text))
              Kept.push_back(E);
            if (E + 1 < L.End && T[E + 1].is(","))
              E += 2;
            else
              break;
          }
          if ((E + 1 == L.End - 1 || E == L.End - 1) && !Kept.empty()) {
            for (size_t V : Kept)
              StoredAs[V] = Targets[0];
            DictAttributes.insert(Targets[0]);
          }
        }
      }
    }
    // `render_func = __render_rays_test` (or `a if test else b`) in a
    // function whose file calls `render_func(...)`: a call of each function
    // the variable may hold, from the function around it (ngp_pl's render,
    // first look round 42).
    std::set<size_t> CalledThrough;
    if (!Def && InnermostFunction() && L.Begin + 2 < L.End && T[L.Begin].Kind == Tok::Name &&
        T[L.Begin + 1].is("=") && CalledNames.count(T[L.Begin].Text) &&
        T[L.Begin + 2].Kind == Tok::Name) {
      size_t V = L.Begin + 2;
      if (V + 1 == L.End) {
        CalledThrough.insert(V);
      } else if (T[V + 1].is("if") && L.End >= V + 5 && T[L.End - 2].is("else") &&
                 T[L.End - 1].Kind == Tok::Name) {
        CalledThrough.insert(V);
        CalledThrough.insert(L.End - 1);
      }
    }
    for (size_t I = Def ? B + 2 : L.Begin; I < L.End; ++I) {
      if (T[I].Kind != Tok::Name)
        continue;
      ++Out.NameCounts[T[I].Text];
      if (isupper(static_cast<unsigned char>(T[I].Text[0])))
        Out.Mentioned.insert(T[I].Text);
      // `_C.__dict__[f"volume_render_{backend}"]`, `getattr(_C, f"fwd_{n}")`:
      // a lookup of whichever attribute the f-string names (svox2's
      // autograd Functions pick their binding so): a use of every name with
      // its literal prefix (PythonOps::usesKey).
      if (size_t S = T[I].is("__dict__") && I > L.Begin && T[I - 1].is(".") && I + 2 < L.End &&
                             T[I + 1].is("[")
                         ? I + 2
                     : T[I].is("getattr") && I + 4 < L.End && T[I + 1].is("(") &&
                             T[I + 2].Kind == Tok::Name && T[I + 3].is(",")
                         ? I + 4
                         : 0;
          S && T[S].Kind == Tok::Str && T[S].FString) {
        llvm::StringRef Text = T[S].Text;
        llvm::StringRef Prefix = Text.take_until([](char C) { return C == '{'; });
        llvm::StringRef Suffix = Text.substr(Text.rfind('}') + 1);
        bool OnePart = Text.count('{') == 1 && Text.count('}') == 1;
        if (Prefix.size() >= 3 && Prefix.size() < Text.size() &&
            Suffix.find_first_of("{}*") == llvm::StringRef::npos)
          Out.Uses[PrefixMark + Prefix.str() + PrefixMark + (OnePart ? "" : PrefixMark) +
                   Suffix.str()]
              .emplace(
              [&] {
                std::set<std::string> Own = Markers;
                if (const Frame *InFn = InnermostFunction())
                  MarkInFunction(Own, *InFn);
                return Own;
              }(),
              File + ":" + std::to_string(LineAt(T[I].Offset)));
      }
      if (OuterFunction() && namesTorchDisable(T, I, L.End))
        Out.CompileDisablers.insert(OuterFunction()->Name); // `return torch.compiler.disable(fn)`
      auto Stored = StoredAs.find(I);
      // (`Class.dot[device.type](...)`: a call of what the attribute holds.)
      auto SubscriptCalled = [&] {
        if (I + 1 >= L.End || !T[I + 1].is("[") || I == L.Begin || !T[I - 1].is(".") ||
            !DictAttributes.count(T[I].Text))
          return false;
        int Depth = 0;
        for (size_t J = I + 1; J < L.End; ++J) {
          Depth += T[J].is("[") ? 1 : T[J].is("]") ? -1 : 0;
          if (Depth == 0)
            return J + 1 < L.End && T[J + 1].is("(");
        }
        return false;
      };
      const bool ThroughSubscript = SubscriptCalled();
      bool Called = (I + 1 < L.End && T[I + 1].is("(")) || Stored != StoredAs.end() ||
                    CalledThrough.count(I) || ThroughSubscript;
      bool Attribute = I > L.Begin && T[I - 1].is(".");
      // `_Fp8Padding.apply(...)`, `fwd_fn = _LayerNormMLP.apply` (or its
      // `.forward`, run without autograd): where a class's autograd methods
      // run (markReached), a use of "CLASS.apply" in the function around it.
      // Kept uncalled in a constructor (`self.fn = CLASS.apply`), it runs
      // where the attribute is called, not there.
      if (Attribute && (T[I].is("apply") || T[I].is("forward") || T[I].is("backward")) &&
          I >= L.Begin + 2 && T[I - 2].Kind == Tok::Name && ChainHead[I - 2] == I - 2 &&
          !llvm::is_contained({"self", "cls", "ctx", "super"}, llvm::StringRef(T[I - 2].Text))) {
        std::set<std::string> Own = Markers;
        if (Stored != StoredAs.end()) {
          Own.erase("def __init__");
          Own.insert(InFunction + Stored->second);
        } else if (const Frame *InFn = InnermostFunction()) {
          MarkInFunction(Own, *InFn);
        } else if (L.End == L.Begin + 5 && I == L.Begin + 4 && T[L.Begin].Kind == Tok::Name &&
                   T[L.Begin + 1].is("=") &&
                   llvm::none_of(Stack, [](const Frame &F) { return F.Class; })) {
          Own.insert(AliasedAs + T[L.Begin].Text); // `point_recover = PointRecover.apply`
        }
        Out.Uses[T[I - 2].Text + ".apply"].emplace(
            std::move(Own), File + ":" + std::to_string(LineAt(T[I].Offset)));
      }
      // `self.inner.forward(x)`, where the file sets `self.inner =
      // LinearEXL3(...)`: a use of "LinearEXL3.forward", the method of each
      // class the attribute is built from (exllamav3's Hugging Face module
      // runs its plain layer so; markReached follows it when that class is
      // plain, whose forward is no root by name).
      if (Attribute && (T[I].is("forward") || T[I].is("backward")) && I + 1 < L.End &&
          T[I + 1].is("(") && I >= L.Begin + 4 && T[I - 2].Kind == Tok::Name &&
          T[I - 3].is(".") && T[I - 4].is("self") && ChainHead[I - 4] == I - 4)
        // (Real code builds an attribute from one class or a few; a file
        // building one from thousands, each call a use of every one, would
        // make the scan quadratic: not followed.)
        if (auto Built = ObjectAttributes.find(T[I - 2].Text);
            Built != ObjectAttributes.end() && Built->second.size() <= 4)
          for (const std::string &Class : Built->second) {
            if (!isupper(static_cast<unsigned char>(Class[0])))
              continue;
            std::set<std::string> Own = Markers;
            if (const Frame *InFn = InnermostFunction())
              MarkInFunction(Own, *InFn);
            Out.Uses[Class + "." + T[I].Text].emplace(
                std::move(Own), File + ":" + std::to_string(LineAt(T[I].Offset)));
          }
      // `torch.compile(fn)`: fn is what torch.compile traces.
      bool Compiled = I >= L.Begin + 2 && T[I - 1].is("(") && T[I - 2].is("compile");
      if (!Called && !Attribute && !Compiled)
        continue;
      std::string At = File + ":" + std::to_string(LineAt(T[I].Offset));
      // `torch.ops.ns.op`: a use of the operator ns::op (untracedOpUses).
      if (T[I].is("ops") && I + 4 < L.End && T[I + 1].is(".") && T[I + 2].Kind == Tok::Name &&
          T[I + 3].is(".") && T[I + 4].Kind == Tok::Name)
        Out.Uses[T[I + 2].Text + "::" + T[I + 4].Text].emplace(Markers, At);
      size_t Head = ChainHead[I];
      // Any other name of a `torch.ops` chain is the operator's, never a
      // pybind11 binding's of its name: bevfusion's feature_decorator.py
      // imports the extension module (whose loading registers the op with
      // torch::RegisterOperators) and calls
      // `torch.ops.feature_decorator_ext.feature_decorator_forward(...)`.
      if (T[Head].is("torch") && Head + 2 < I && T[Head + 2].is("ops"))
        continue;
      if (!Called && !Compiled && FlagOrStore(I, L))
        continue;
      if (Called && Attribute && I >= L.Begin + 2 && T[I - 2].is("self") &&
          ChainHead[I - 2] == I - 2 && ObjectAttributes.count(T[I].Text))
        continue;
      std::optional<std::string> Module = Receiver(I, L, Attribute);
      if (!Module)
        continue;
      // Which function the use is in, and whether it is a call: what
      // finishScan follows from a constructor into its helpers.
      std::set<std::string> Own = Markers;
      const Frame *InFn = InnermostFunction();
      if (InFn && Stored == StoredAs.end())
        MarkInFunction(Own, *InFn);
      if (Stored != StoredAs.end()) {
        // Kept, not called, where it is read (a constructor runs once).
        Own.erase("def __init__");
        Own.insert(InFunction + Stored->second);
        if (!InFn)
          Own.insert(StoredInClass + Stack.back().Name);
      }
      if (!Called)
        Own.insert(NotCalled);
      // `f(x, self.config.flag)`: read off something and handed on.
      if (!Called && Attribute && ChainHead[I] > L.Begin && I + 1 < L.End &&
          (T[ChainHead[I] - 1].is("(") || T[ChainHead[I] - 1].is(",")) &&
          (T[I + 1].is(",") || T[I + 1].is(")")))
        Own.insert(PassedOn);
      if (Compiled)
        Own.insert(CompiledArgument);
      if (!Module->empty())
        Own.insert(*Module);
      // (In a function of the same name it is what a wrapper wraps:
      // pytorch3d's pulsar `_Render.backward` calls `renderer.backward`.)
      // (A dict's update is one in a function named update too: torchrl's
      // compiled `def update(...)` ends `metadata.update({...})`.)
      // (No method of a tensor or a dict is subscripted: `Class.dot[k](x)`.)
      if (Attribute && !ThroughSubscript && !llvm::StringRef(*Module).starts_with(OnModule)) {
        if (isTensorMethodName(T[I].Text) && !inFunctionNamed(Own, T[I].Text))
          Own.insert(TensorMethod);
        else if (isBuiltinMethodName(T[I].Text) && *Module != OnSelf)
          Own.insert(BuiltinMethod);
      }
      Out.Uses[T[I].Text].emplace(Own, At);
      // `from .quant import per_block_int8 as per_block_int8_cuda`, then
      // `per_block_int8_cuda(...)`: a call of the project module's
      // per_block_int8 (SageAttention's core.py), or of the binding an
      // import of an extension names (`from ._C import nms as _nms`,
      // NATTEN's `from natten.libnatten import fmha_forward as
      // fmha_forward_cxx`); a library's function is neither.
      if (!Attribute)
        if (auto Imp = Imports.find(T[I].Text);
            Imp != Imports.end() && (llvm::StringRef(Imp->second).starts_with(".") ||
                                     !libraryModule(Imp->second))) {
          llvm::StringRef Original = llvm::StringRef(Imp->second).rsplit('.').second;
          if (!Original.empty() && Original != T[I].Text)
            Out.Uses[Original.str()].emplace(Own, At);
        }
      // Also under "NAME@MODULE" for a call on an imported module
      // (`chamfer.forward(...)`): several extension modules may bind the
      // same name (GRNet's four `forward`s), and a binding's uses are
      // those on its own module where Python shows them (PythonOps::keyFor).
      // (And, for a name imported under another, `from .causal_product_cpu
      // import causal_dot_product as causal_dot_product_cpu`, under the
      // original name on that module: fast-transformers' package defines
      // `causal_dot_product = CausalDotProduct.apply` too, which its
      // attention calls; that is no use of the binding.)
      if (llvm::StringRef On = *Module; On.consume_front(OnModule)) {
        llvm::StringRef Last = On.contains('.') ? On.rsplit('.').second : On;
        if (!Last.empty()) {
          Out.Uses[T[I].Text + "@" + Last.str()].emplace(Own, At);
          if (auto Imp = Attribute ? Imports.end() : Imports.find(T[I].Text);
              Imp != Imports.end()) {
            llvm::StringRef Original = llvm::StringRef(Imp->second).rsplit('.').second;
            if (!Original.empty() && Original != T[I].Text)
              Out.Uses[Original.str() + "@" + Last.str()].emplace(Own, At);
          }
        }
      }
    }
  }
}

/// PythonOps::WrappedCalls of one file.
void wrappedCalls(const std::string &Source, PythonOps &Out, const std::string &File) {
  std::vector<Line> Lines;
  std::vector<Tok> T = tokenize(Source, &Lines);
  // The names the file imports (`import ext_cuda`, `import a.b as ext`,
  // `from pkg import _C`): a call `ext.f(...)` on one is a call into a
  // module, `x.numel()` on a value is not.
  std::set<std::string> Modules;
  for (const Line &L : Lines) {
    if (L.Begin >= L.End || (!T[L.Begin].is("import") && !T[L.Begin].is("from")))
      continue;
    size_t I = L.Begin;
    if (T[I].is("from"))
      while (I < L.End && !T[I].is("import"))
        ++I;
    for (++I; I < L.End; ++I) {
      if (T[I].Kind != Tok::Name || T[I].is("as"))
        continue;
      size_t Next = I + 1;
      while (Next + 1 < L.End && T[Next].is(".") && T[Next + 1].Kind == Tok::Name)
        Next += 2; // a.b.c: the name bound is a (or the alias).
      if (Next + 1 < L.End && T[Next].is("as") && T[Next + 1].Kind == Tok::Name) {
        Modules.insert(T[Next + 1].Text);
        I = Next + 1;
      } else {
        Modules.insert(T[I].Text);
        I = Next - 1;
      }
    }
  }
  auto LineNo = [&](size_t Offset) {
    return 1 + std::count(Source.begin(), Source.begin() + Offset, '\n');
  };
  const std::set<std::string> CustomOps = customOpAliases(T, Lines);
  for (size_t LI = 0; LI < Lines.size(); ++LI) {
    if (!isKernelDecorator(T, Lines[LI], CustomOps))
      continue;
    size_t Def = LI + 1;
    while (Def < Lines.size() && Lines[Def].Begin < Lines[Def].End && T[Lines[Def].Begin].is("@"))
      ++Def;
    if (Def >= Lines.size())
      break;
    size_t B = Lines[Def].Begin;
    if (B < Lines[Def].End && T[B].is("async"))
      ++B;
    if (B >= Lines[Def].End || !T[B].is("def"))
      continue;
    unsigned Indent = Lines[Def].Indent;
    // The body: the def line's own tail, then every line indented more.
    for (size_t BI = Def; BI < Lines.size() && (BI == Def || Lines[BI].Indent > Indent); ++BI)
      for (size_t I = Lines[BI].Begin; I + 3 < Lines[BI].End; ++I)
        if (T[I].Kind == Tok::Name && T[I + 1].is(".") && T[I + 2].Kind == Tok::Name &&
            T[I + 3].is("(") && !(I > 0 && T[I - 1].is(".")) && Modules.count(T[I].Text) &&
            T[I].Text != "torch")
          Out.WrappedCalls.emplace(T[I + 2].Text, File + ":" + std::to_string(LineNo(T[I].Offset)));
    LI = Def;
  }
}

/// PythonOps::NamedOps / DynamicOpNamespaces of `ops` at \p I:
/// `torch.ops.ns.op` names op; `torch.ops.ns` otherwise (kept, passed,
/// getattr'd) may reach any op of ns; `torch.ops` alone any namespace.
void namedOp(const std::vector<Tok> &T, size_t I, PythonOps &Out) {
  auto NameAt = [&](size_t J) { return J < T.size() && T[J].Kind == Tok::Name; };
  auto DotAt = [&](size_t J) { return J < T.size() && T[J].is("."); };
  bool TorchOps = I >= 2 && T[I - 1].is(".") && T[I - 2].is("torch");
  if (!DotAt(I + 1) || !NameAt(I + 2)) {
    if (TorchOps)
      Out.DynamicOpNamespaces.insert("*");
    return;
  }
  const std::string &Ns = T[I + 2].Text;
  if (DotAt(I + 3) && NameAt(I + 4) && !llvm::StringRef(T[I + 4].Text).starts_with("__")) {
    Out.NamedOps[Ns].insert(T[I + 4].Text);
    Out.CalledOpNamespaces.insert(Ns);
  }
  else if (Ns != "load_library" && !(I + 3 < T.size() && T[I + 3].is("=")))
    Out.DynamicOpNamespaces.insert(Ns); // not `torch.ops.ns = mock.Mock()` (a docs build's)
}

/// The same of a string: "ns::op[.overload]" names op, and `f"{ns}::op"`
/// names op in any namespace ("*"). A string whose op part is built
/// (`f"{ns}::{name}"`) reaches no op: Python calls operators through
/// torch.ops, and such strings name registrations (register_fake loops).
void namedOp(const Tok &S, PythonOps &Out) {
  llvm::StringRef Text = S.Text;
  size_t Sep = Text.find("::");
  if (Sep == llvm::StringRef::npos || Text.contains(' '))
    return;
  llvm::StringRef Ns = Text.take_front(Sep), Op = Text.drop_front(Sep + 2).split('.').first;
  bool NsBuilt = S.FString && Ns.contains('{');
  if ((NsBuilt || isIdentifier(Ns)) && isIdentifier(Op))
    Out.NamedOps[NsBuilt ? "*" : Ns.str()].insert(Op.str());
}

/// The literal registrations and calls of one file, read from its tokens
/// (comments and strings never count, and every token is looked at a
/// bounded number of times: linear in the file, whatever it holds):
/// register_fake/impl_abstract/register_meta("ns::op[.overload]") and
/// (torch.ops.ns.op.overload), impl("[ns::]op", ..., "Meta" or a composite
/// key), and calls ops.ns.op.overload.
void literalRegistrations(const std::vector<Tok> &T, PythonOps &Out, const std::string &File) {
  auto NameAt = [&](size_t I) { return I < T.size() && T[I].Kind == Tok::Name; };
  auto OpAt = [&](size_t I, llvm::StringRef S) { return I < T.size() && T[I].is(S); };
  // `A.B.C.D` from I on: ops . ns . op . overload
  auto Dotted3 = [&](size_t I) {
    return OpAt(I, ".") && NameAt(I + 1) && OpAt(I + 2, ".") && NameAt(I + 3) && OpAt(I + 4, ".") &&
           NameAt(I + 5);
  };
  for (size_t I = 0; I < T.size(); ++I) {
    if (T[I].Kind != Tok::Name && T[I].Kind != Tok::Str)
      continue;
    const std::string &W = T[I].Kind == Tok::Name ? T[I].Text : "";
    if ((W == "register_fake" || W == "impl_abstract" || W == "register_meta") &&
        OpAt(I + 1, "(")) {
      size_t J = I + 2;
      if (J < T.size() && T[J].Kind == Tok::Str && !T[J].FString && isOpName(T[J].Text, false))
        Out.Fakes.insert(operatorName(T[J].Text));
      else if (OpAt(J, "torch") && OpAt(J + 1, ".") && OpAt(J + 2, "ops") && Dotted3(J + 3))
        Out.Fakes.insert(operatorName(T[J + 4].Text + "::" + T[J + 6].Text + "." + T[J + 8].Text));
    } else if (W == "impl" && OpAt(I + 1, "(") && I + 2 < T.size() && T[I + 2].Kind == Tok::Str &&
               !T[I + 2].FString && isOpName(T[I + 2].Text, true)) {
      // The dispatch key among the call's next arguments, up to its first ')'.
      for (size_t J = I + 3; J < T.size() && J < I + 3 + 64 && !T[J].is(")"); ++J)
        if (T[J].Kind == Tok::Str &&
            (T[J].Text == "Meta" || T[J].Text == "CompositeImplicitAutograd" ||
             T[J].Text == "CompositeExplicitAutograd")) {
          Out.Fakes.insert(operatorName(T[I + 2].Text));
          break;
        }
    } else if (W == "ops") {
      if (Dotted3(I + 1) && T[I + 6].Text != "default")
        Out.Called.emplace(T[I + 2].Text + "::" + T[I + 4].Text + "." + T[I + 6].Text, File);
      namedOp(T, I, Out);
    } else if (T[I].Kind == Tok::Str) {
      namedOp(T[I], Out);
    }
  }
}

} // namespace

bool isTestFile(llvm::StringRef File) {
  return underDirOrNamed(File, {"test", "tests"}, {"test_"}, {"_test.py"});
}

std::string PythonOps::untracedUses(const std::string &Name) const {
  if (auto W = WrappedCalls.find(Name); W != WrappedCalls.end())
    return "the project's Python calls it in an operator's Python kernel (" + W->second +
           "), and torch.compile sees that operator";
  auto It = Uses.find(usesKey(Name));
  if (It == Uses.end())
    return "";
  std::string Constructor, Kernel, Disabled, Branch, Once;
  auto Disables = [&](const std::string &M) { return CompileDisablers.count(M) > 0; };
  for (const auto &[Markers, At] : It->second) {
    std::string *Slot = Markers.count("def __init__")        ? &Constructor
                        : Markers.count(OneTimeInit)         ? &Once
                        : Markers.count("eager-only branch") ? &Branch
                        : Markers.count("@op-kernel")        ? &Kernel
                        : llvm::any_of(Markers, Disables)    ? &Disabled
                                                             : nullptr;
    if (!Slot)
      return ""; // a use torch.compile may trace
    if (Slot->empty())
      *Slot = At;
  }
  std::vector<std::string> Where;
  if (!Constructor.empty())
    Where.push_back("in constructors (" + Constructor + ")");
  if (!Kernel.empty())
    Where.push_back("in operators' Python kernels (" + Kernel + ")");
  if (!Disabled.empty())
    Where.push_back("in functions torch.compiler.disable keeps out of torch.compile (" + Disabled +
                    ")");
  if (!Branch.empty())
    Where.push_back("in branches torch.compile never takes (" + Branch +
                    ": `if torch.jit.is_scripting()`)");
  if (!Once.empty())
    Where.push_back("in one-time initialisation (" + Once +
                    ": a block under `if not FLAG` that sets the flag), which runs once, not in "
                    "every call");
  return "the project's Python uses it only " + llvm::join(Where, " and ");
}

std::string PythonOps::untracedOpUses(const std::string &Ns, const std::string &Op) const {
  // `ops = torch.ops.ns` then `ops.op(x)`: uses the scan cannot see.
  if (DynamicOpNamespaces.count("*") || DynamicOpNamespaces.count(Ns))
    return "";
  return untracedUses(Ns + "::" + Op);
}

std::string PythonOps::unusedBinding(const std::string &Name,
                                     llvm::ArrayRef<std::string> Siblings) const {
  auto OutsideTests = [&](const std::string &N) -> std::string {
    auto It = Uses.find(usesKey(N));
    if (It != Uses.end())
      for (const auto &[Markers, At] : It->second)
        if (!Markers.count("test file"))
          return At;
    return "";
  };
  // The package's own Python uses the module: its bindings are not the API.
  std::string Sibling, SiblingAt;
  for (const std::string &S : Siblings)
    if (S != Name && !(SiblingAt = OutsideTests(S)).empty()) {
      Sibling = S;
      break;
    }
  if (Sibling.empty() || !OutsideTests(Name).empty())
    return "";
  auto It = Uses.find(usesKey(Name));
  if (It == Uses.end())
    return "the project's Python never uses it (it uses '" + Sibling + "' of the same module, " +
           SiblingAt + ")";
  return "the project's Python uses it only in tests (" + It->second.begin()->second + ")";
}

void PythonOps::finishScan() {
  // `mod.name(...)` on one of the project's Python modules that defines a
  // function `name`: that function is called (an edge), not a binding of
  // the same name (stylegan3's `bias_act.bias_act`, DeepSpeed's
  // `dist.all_reduce`).
  std::map<std::string, std::map<std::set<std::string>, std::string>> Moved;
  for (llvm::StringRef A : NameAliases) {
    auto [Module, Rest] = A.split(':');
    auto [Name, Value] = Rest.split(':');
    if (KernelFunctions.count(Value.str()) &&
        ModuleFunctions.insert((Module + ":" + Name).str()).second)
      ++Definitions[Name.str()];
  }
  // A package's functions are also those its __init__.py imports from its
  // modules (two levels: a package of packages).
  for (unsigned Round = 0; Round < 2; ++Round)
    for (const std::string &R : ReExports) {
      auto [Package, Rest] = llvm::StringRef(R).split(':');
      auto [Module, Name] = Rest.split(':');
      if (Name != "*") {
        if (ModuleFunctions.count((Module + ":" + Name).str()))
          ModuleFunctions.insert((Package + ":" + Name).str());
        continue;
      }
      std::string Prefix = (Module + ":").str();
      std::vector<std::string> Add;
      for (auto It = ModuleFunctions.lower_bound(Prefix);
           It != ModuleFunctions.end() && llvm::StringRef(*It).starts_with(Prefix); ++It)
        if (!llvm::StringRef(*It).substr(Prefix.size()).starts_with("_"))
          Add.push_back((Package + ":").str() + It->substr(Prefix.size()));
      ModuleFunctions.insert(Add.begin(), Add.end());
    }
  // The names the project's Python calls, or calls something on (`Exp.apply`,
  // `groups.Exp(...)`): a class kept out of these is never used, and what
  // its body keeps (StoredInClass) is called by nothing.
  std::set<std::string> Referenced = Mentioned;
  for (const auto &[Name, ByMarkers] : Uses) {
    Referenced.insert(Name);
    for (const auto &Markers : llvm::make_first_range(ByMarkers))
      for (llvm::StringRef X : Markers)
        if (X.consume_front(ByName)) {
          X.consume_front("module ");
          Referenced.insert(X.substr(X.find_last_of(".:") + 1).str());
        }
  }
  for (auto &[Name, ByMarkers] : Uses) {
    std::map<std::set<std::string>, std::string> Next;
    for (const auto &[Markers, At] : ByMarkers) {
      std::set<std::string> M = Markers;
      auto Kept = llvm::find_if(M, [](const std::string &X) {
        return llvm::StringRef(X).starts_with(StoredInClass);
      });
      if (Kept != M.end()) {
        bool Used = Referenced.count(Kept->substr(std::strlen(StoredInClass))) > 0;
        M.erase(Kept);
        for (auto It = M.begin(); !Used && It != M.end();)
          It = llvm::StringRef(*It).starts_with(InFunction) ? M.erase(It) : std::next(It);
      }
      Next.emplace(std::move(M), At);
    }
    ByMarkers = std::move(Next);
  }
  for (auto &[Name, ByMarkers] : Uses) {
    std::map<std::set<std::string>, std::string> Kept;
    for (auto &[Markers, At] : ByMarkers) {
      std::set<std::string> M = Markers;
      // Called on a module of the project that defines it, or on something
      // no loaded extension is kept in, or bare: the project's function of
      // that name, if it has one, unless the use is in a function of the
      // same name (a wrapper calls what it wraps).
      auto On = llvm::find_if(M, [](const std::string &X) {
        return llvm::StringRef(X).starts_with(ByName);
      });
      bool Python = Definitions.count(Name) && !inFunctionNamed(M, Name);
      if (On != M.end()) {
        llvm::StringRef What = *On;
        if (What.consume_front(OnModule)) {
          // (The module itself defines it: nerfacc's `_C.inclusive_sum`,
          // on its Python package `cuda` that only forwards to the
          // extension, is the binding, whatever scan.py defines.)
          llvm::StringRef Module = What.contains('.') ? What.rsplit('.').second : What;
          Python = Python && ModuleFunctions.count(Module.str() + ":" + Name);
        } else {
          What.consume_front(ByName);
          if (What.ends_with(":self"))
            M.insert(OnSelf); // (markReached: the file's own method)
          bool Handle = ExtensionHandles.count(What.str()) > 0;
          Python = Python && !Handle;
          if (!Handle && M.count(PassedOn))
            M.insert(ValueRead);
        }
        M.erase(On);
      } else {
        Python = Python && !M.count(NotCalled);
      }
      auto &Into = Python ? Moved[PythonFunction + Name] : Kept;
      auto [It, New] = Into.emplace(std::move(M), At);
      if (!New && At < It->second)
        It->second = At;
    }
    ByMarkers = std::move(Kept);
  }
  for (auto &[Name, ByMarkers] : Moved)
    Uses[Name].insert(ByMarkers.begin(), ByMarkers.end());
  for (auto It = Uses.begin(); It != Uses.end();)
    It = It->second.empty() ? Uses.erase(It) : std::next(It);
  // A helper only constructors call (torch-harmonics' `_build_local_psi`,
  // called from `__init__`) runs when a module is built: what it calls is
  // called in constructors too. Names Python calls implicitly, or that a
  // constructor only keeps (`self.fn = self._impl`, for forward to call),
  // are not followed. Each round follows one call deeper.
  auto Implicit = [](llvm::StringRef N) {
    return N == "forward" || N == "backward" || (N.starts_with("__") && N.ends_with("__"));
  };
  for (unsigned Round = 0; Round < 8; ++Round) {
    // (A name's uses as a binding's and as the project's function's are
    // one name's calls here.)
    std::map<std::string, bool> OnlyInConstructors;
    for (const auto &[Key, ByMarkers] : Uses) {
      llvm::StringRef Name = Key;
      Name.consume_front(PythonFunction);
      auto InConstructor = [](const std::set<std::string> &M) {
        return M.count("def __init__") && !M.count(NotCalled);
      };
      bool Only = !Implicit(Name) && !ByMarkers.empty() &&
                  llvm::all_of(llvm::make_first_range(ByMarkers), InConstructor);
      auto It = OnlyInConstructors.emplace(InFunction + Name.str(), Only).first;
      It->second = It->second && Only;
    }
    std::set<std::string> Helpers;
    for (const auto &[Marker, Only] : OnlyInConstructors)
      if (Only)
        Helpers.insert(Marker);
    bool Changed = false;
    for (auto &[Name, ByMarkers] : Uses) {
      std::map<std::set<std::string>, std::string> Next;
      for (const auto &[Markers, At] : ByMarkers) {
        std::set<std::string> M = Markers;
        if (!M.count("def __init__") &&
            llvm::any_of(M, [&](const std::string &X) { return Helpers.count(X) > 0; })) {
          M.insert("def __init__");
          Changed = true;
        }
        Next.emplace(std::move(M), At);
      }
      ByMarkers = std::move(Next);
    }
    if (!Changed)
      break;
  }
  markReached();
}

void PythonOps::markReached() {
  // Roots: every forward and backward of a class that is no autograd
  // Function (an nn.Module's), functions torch.compile is given; then, by
  // name, each function a use in a reached one calls. Constructors, tests
  // that compile nothing, eager-only code and functions the project's
  // disablers keep out (TransformerEngine's `@no_torch_dynamo()`) reach
  // nothing.
  auto Dunder = [](llvm::StringRef N) { return isSpecialName(N); };
  auto Untraced = [this](const std::set<std::string> &M) {
    return M.count("def __init__") || M.count("test file") || M.count("eager-only branch") ||
           M.count(OneTimeInit) ||
           M.count("@op-kernel") || M.count(TensorMethod) || M.count(BuiltinMethod) ||
           M.count(ValueRead) ||
           llvm::any_of(M, [this](const std::string &X) { return CompileDisablers.count(X) > 0; });
  };
  std::set<std::string> Roots = {"forward", "backward"};
  // A class that is surely no nn.Module: every definition's bases end,
  // within the project, at `ABC`/`object` or none (exllamav3's layers
  // derive from its own `Module(ABC)`, an engine it runs eagerly). A base
  // from torch, from outside the project, or unresolved may be one.
  // (A chain of bases deeper than real code has, which a pull request can
  // write to exhaust the stack, is not decided: not plain.)
  std::map<std::string, int> PlainMemo; // 1 plain, 0 not, -1 being decided
  std::function<bool(const std::string &, unsigned)> PlainAt = [&](const std::string &Class,
                                                                   unsigned Depth) -> bool {
    if (Depth > 64)
      return false;
    auto [It, New] = PlainMemo.try_emplace(Class, -1);
    if (!New)
      return It->second == 1;
    auto Defs = ClassBases.find(Class);
    bool Result = Defs != ClassBases.end();
    for (const auto &Bases : Result ? Defs->second : std::vector<std::vector<std::string>>{})
      for (llvm::StringRef Base : Bases) {
        llvm::StringRef Last = Base.contains('.') ? Base.rsplit('.').second : Base;
        if (llvm::is_contained({"ABC", "object"}, Base) || Base == "abc.ABC")
          continue;
        // (A project class: defined here, imported relatively, or from a
        // package of the project's directories.)
        bool Project = (!Base.contains('.') || Base.starts_with(".") ||
                        PythonDirs.count(Base.split('.').first.str())) &&
                       !Base.starts_with("torch") && ClassBases.count(Last.str());
        if (!Project || !PlainAt(Last.str(), Depth + 1)) {
          Result = false;
          break;
        }
      }
    PlainMemo[Class] = Result ? 1 : 0;
    return Result;
  };
  auto Plain = [&](const std::string &Class) { return PlainAt(Class, 0); };
  // The function a use is in, as the walk knows it: "C.forward" for a
  // plain class's forward (no root), else the name.
  auto FunctionOf = [&](const std::set<std::string> &M, const std::string &Fn) -> std::string {
    if (Fn != "forward" && Fn != "backward")
      return Fn;
    for (llvm::StringRef X : M)
      if (X.consume_front(MethodOf) && Plain(X.str()))
        return X.str() + "." + Fn;
    return Fn;
  };
  // An autograd Function's methods run where CLASS.apply is used: a
  // Function the project applies only where torch.compile does not trace
  // (TransformerEngine's module forwards under `@no_torch_dynamo()`, tests,
  // constructors) is not reached from them. Elsewhere it is a root, as every
  // forward: the walk by name does not see every caller (a module's
  // `__call__`, an object's method, its users' code), and a Function it
  // does not reach is not shown unreached for that.
  // An alias of its apply that no other Python of the project names, and
  // the package does not export, runs nothing (PointGroup's `point_recover
  // = PointRecover.apply`, first look round 49): the name appears once, where
  // the alias is made. (Counted as a token: MTR calls its aliases as
  // `attention.__all__[version].attention_weight_computation(...)`.)
  auto UnusedAlias = [this](const std::set<std::string> &M) {
    for (llvm::StringRef X : M)
      if (X.consume_front(AliasedAs)) {
        auto Named = NameCounts.find(X.str());
        return !Exports.count(X.str()) && (Named == NameCounts.end() || Named->second <= 1);
      }
    return false;
  };
  for (const std::string &Class : AutogradFunctions) {
    auto Applied = Uses.find(Class + ".apply");
    if (Applied == Uses.end() || Exports.count(Class) ||
        !llvm::all_of(llvm::make_first_range(Applied->second),
                      [&](const auto &M) { return Untraced(M) || UnusedAlias(M); }))
      Roots.insert(Class + ".apply");
  }
  for (const auto &[Name, ByMarkers] : Uses)
    for (const auto &[Markers, At] : ByMarkers)
      if (Markers.count(CompiledArgument))
        Roots.insert(Name);
  // The top-level functions reached through the module that defines them
  // (the "\x02" edges below): a use in one of them is reached, a use in a
  // method of the same name is not.
  std::set<std::string> TopRoots;
  auto InReached = [&](const std::set<std::string> &M, llvm::StringRef At) {
    if (Untraced(M))
      return false;
    if (M.count(CompileDecorator))
      return true;
    bool InMethod = M.count(InAMethod) > 0;
    for (const std::string &X : M)
      if (llvm::StringRef(X).starts_with(InFunction)) {
        std::string Fn = FunctionOf(M, X.substr(std::strlen(InFunction)));
        if (Roots.count(Fn) ||
            (!InMethod && TopRoots.count(moduleNameOf(At.rsplit(':').first) + ":" + Fn)))
          return true;
      }
    return false;
  };
  // (A name several functions have is no edge: which one a call runs is
  // not known. Unless the project declares it abstract: then a call runs
  // any of them.)
  auto Unique = [&](const std::string &N) {
    auto It = Definitions.find(N);
    return It == Definitions.end() || It->second <= 1 || AbstractMethods.count(N);
  };
  // The calls as edges (the function a use is in -> the name it uses),
  // walked once from the roots: linear in the uses, however long the chain
  // of functions a file builds.
  std::map<std::string, std::vector<std::string>> Calls;
  for (const std::string &Class : AutogradFunctions)
    for (llvm::StringRef Method : AutogradMethods)
      Calls[Class + ".apply"].push_back(Class + "." + Method.str());
  std::vector<std::string> Work(Roots.begin(), Roots.end());
  // The export being walked from (the second walk below), if any.
  std::optional<std::pair<std::string, std::string>> Via;
  // An edge "\x01name": `self.name` in a file whose classes define one
  // method of that name (omniserve's `self.forward = self.forward_wo_act_sum`
  // in two files): that method, whatever other files define.
  const std::string OwnMethod = "\x01";
  // An edge "\x02module:name": `name(...)` imported from (or called on)
  // the module that defines a top-level function of that name: that
  // function (TopRoots), walked through the uses outside methods in that
  // module's file (TopCalls), whatever methods or other modules' functions
  // share the name (ngp_pl's `render`, a GUI method's name too;
  // grouped_gemm's `backend.gmm`, whose package's ops.py defines a `gmm`
  // too).
  const std::string TopFunction = "\x02";
  std::map<std::string, std::vector<std::string>> TopCalls;
  auto Reach = [&](const std::string &Edge) {
    if (llvm::StringRef(Edge).starts_with(TopFunction)) {
      std::string Key = Edge.substr(TopFunction.size());
      std::string Name = llvm::StringRef(Key).rsplit(':').second.str();
      if ((!Via || !ReadsValues.count(Name)) && !Dunder(Name) && TopRoots.insert(Key).second) {
        Work.push_back(Edge);
        if (Via)
          ReachedFromExport.emplace(Name, *Via);
      }
      return;
    }
    bool Resolved = llvm::StringRef(Edge).starts_with(OwnMethod);
    std::string Name = Resolved ? Edge.substr(OwnMethod.size()) : Edge;
    // (From an export, not through a function that reads tensor values on
    // the host: eager code, with graph breaks of its own.)
    if (Via && ReadsValues.count(Name))
      return;
    if (!Dunder(Name) && (Resolved || Unique(Name)) && Roots.insert(Name).second) {
      Work.push_back(Name);
      if (Via)
        ReachedFromExport.emplace(Name, *Via);
    }
  };
  for (const auto &[Key, ByMarkers] : Uses) {
    std::string Name = llvm::StringRef(Key).starts_with(PythonFunction)
                           ? Key.substr(std::strlen(PythonFunction))
                           : Key;
    for (const auto &[Markers, At] : ByMarkers) {
      if (Untraced(Markers))
        continue;
      if (Markers.count(CompileDecorator))
        Reach(Name);
      // `self.name` (OnSelf): the method of that name its file defines, if one.
      std::string Edge = Name;
      llvm::StringRef File = llvm::StringRef(At).rsplit(':').first;
      if (Markers.count(OnSelf))
        if (auto It = Definitions.find(Name + "@" + File.str());
            It != Definitions.end() && It->second == 1)
          Edge = OwnMethod + Name;
      // `render(...)` after `from models.rendering import render` (or
      // `rendering.render(...)`): the one function of that name the module
      // defines at its top level, whatever methods share the name (ngp_pl's
      // GUI has a `render` method; first look round 42).
      // (Its use is also kept as "NAME@MODULE", the module's last part.)
      // Only where one module of that name defines it at its top level:
      // the walk from it then enters no method and no other module's
      // function of that name (TopCalls are keyed by module).
      if (auto [Fn, Module] = llvm::StringRef(Name).split('@'); !Module.empty())
        if (auto It = ModuleFunctionDefs.find((Module + ":" + Fn).str());
            It != ModuleFunctionDefs.end() && It->second == 1)
          Edge = TopFunction + It->first;
      bool InMethod = Markers.count(InAMethod) > 0;
      std::string UseModule = moduleNameOf(File);
      for (const std::string &X : Markers)
        if (llvm::StringRef(X).starts_with(InFunction)) {
          std::string Fn = FunctionOf(Markers, X.substr(std::strlen(InFunction)));
          Calls[Fn].push_back(Edge);
          if (!InMethod)
            TopCalls[UseModule + ":" + Fn].push_back(Edge);
        }
    }
  }
  auto Walk = [&] {
    while (!Work.empty()) {
      std::string F = std::move(Work.back());
      Work.pop_back();
      bool Top = llvm::StringRef(F).starts_with(TopFunction);
      auto &From = Top ? TopCalls : Calls;
      if (auto It = From.find(Top ? F.substr(TopFunction.size()) : F); It != From.end())
        for (const std::string &Name : It->second)
          Reach(Name);
    }
  };
  Walk();
  // Then the package's exports, its users' API (what a forward reaches
  // already is said so): each function they reach remembers which export.
  // Only an installed package's: its __init__.py's directory sits beside a
  // setup.py, or under src/ beside one.
  auto Installed = [&](llvm::StringRef At) {
    namespace path = llvm::sys::path;
    llvm::StringRef Init = At.rsplit(':').first;
    llvm::StringRef Parent =
        path::parent_path(path::parent_path(Init, path::Style::posix), path::Style::posix);
    return SetupDirs.count(Parent.str()) ||
           (path::filename(Parent, path::Style::posix) == "src" &&
            SetupDirs.count(path::parent_path(Parent, path::Style::posix).str()));
  };
  std::map<std::string, std::string> ExportRoots;
  for (const auto &[Name, At] : Exports)
    if (Definitions.count(Name) && Installed(At))
      ExportRoots.emplace(Name, At);
  for (const std::string &MF : ModuleFunctions) {
    auto [Module, Name] = llvm::StringRef(MF).split(':');
    if (auto It = StarExports.find(Module.str());
        It != StarExports.end() && !Name.starts_with("_") && Installed(It->second))
      ExportRoots.emplace(Name.str(), It->second);
  }
  // An export the project's own Python outside the package (and outside
  // tests and benchmarks: FlashMLA's bench_flash_mla.py times
  // flash_mla_with_kvcache eagerly) calls, and only where nothing compiled
  // reaches, is used as the
  // project shows: eager code (Pointcept's pointseg.segment_mesh, called by
  // preprocessing scripts that take .numpy() of it), not its users'
  // compiled API. (The package's own calls are its internals: its
  // three_nn wraps the binding three_nn and calls knn.)
  auto UsedOnlyEagerly = [&](const std::string &Name, llvm::StringRef ExportAt) {
    std::string Package =
        llvm::sys::path::parent_path(ExportAt.rsplit(':').first, llvm::sys::path::Style::posix)
            .str() +
        "/";
    // Its uses: under its name, as the project's function ("py:NAME"), and
    // on a module ("NAME@MODULE": the keys from NAME@ up to NAME@'s next
    // character, 'A'). Looked up, not scanned: one export costs no more in
    // a large project.
    std::vector<const std::map<std::set<std::string>, std::string> *> Found;
    for (const std::string &K : {Name, PythonFunction + Name})
      if (auto It = Uses.find(K); It != Uses.end())
        Found.push_back(&It->second);
    for (auto It = Uses.lower_bound(Name + "@"), End = Uses.lower_bound(Name + "A"); It != End;
         ++It)
      Found.push_back(&It->second);
    bool Used = false;
    for (const auto *ByMarkers : Found) {
      for (const auto &[Markers, At] : *ByMarkers) {
        if (Markers.count("test file") || isBenchmarkFile(llvm::StringRef(At).rsplit(':').first) ||
            llvm::StringRef(At).starts_with(Package) ||
            (Package == "/" && !llvm::StringRef(At).contains('/')))
          continue;
        if (InReached(Markers, At))
          return false;
        Used = true;
      }
    }
    return Used;
  };
  for (const auto &[Root, At] : ExportRoots) {
    if (UsedOnlyEagerly(Root, At))
      continue;
    Via = {Root, At};
    Reach(Root);
    Walk();
  }
  for (auto &[Name, ByMarkers] : Uses) {
    std::map<std::set<std::string>, std::string> Next;
    for (const auto &[Markers, At] : ByMarkers) {
      std::set<std::string> M = Markers;
      if (InReached(M, At))
        M.insert(Reached);
      Next.emplace(std::move(M), At);
    }
    ByMarkers = std::move(Next);
  }
}

std::string PythonOps::usesKey(const std::string &Name) const {
  if (Name.empty() || Uses.count(Name))
    return Name;
  // The most literal pattern key the name matches: "volume_render_*_backward"
  // before "volume_render_*". "P*S" is an f-string of one placeholder, which
  // stands for one word (no '_': `{backend}` is "cuvol", not "cuvol_image");
  // "P**S" one of several, which stand for anything.
  // (Only the pattern keys of the name's first letter, and at most
  // MaxPatterns of them: a file of thousands of lookups costs no more.)
  constexpr unsigned MaxPatterns = 256;
  std::string Best;
  size_t BestLiteral = 0;
  std::string From = std::string(PrefixMark) + Name[0];
  unsigned Seen = 0;
  for (auto It = Uses.lower_bound(From);
       It != Uses.end() && llvm::StringRef(It->first).starts_with(From) && Seen < MaxPatterns;
       ++It, ++Seen) {
    llvm::StringRef Key = llvm::StringRef(It->first).drop_front(1);
    size_t Star = Key.find(PrefixMark);
    if (Star == llvm::StringRef::npos)
      continue;
    llvm::StringRef Prefix = Key.take_front(Star);
    llvm::StringRef Rest = Key.drop_front(Star + 1);
    bool Several = Rest.consume_front(PrefixMark);
    llvm::StringRef N = Name;
    if (N.size() <= Prefix.size() + Rest.size() || !N.consume_front(Prefix) ||
        !N.consume_back(Rest) || (!Several && N.contains('_')))
      continue;
    if (Prefix.size() + Rest.size() > BestLiteral) {
      Best = It->first;
      BestLiteral = Prefix.size() + Rest.size();
    }
  }
  return Best.empty() ? Name : Best;
}

std::string PythonOps::keyFor(const std::string &Name, const std::string &Module) const {
  if (Module.empty())
    return usesKey(Name);
  std::string Key = Name + "@" + Module;
  if (Uses.count(Key))
    return Key;
  // (Or on the name it is loaded as: one only.)
  std::string Loaded;
  if (auto It = LoadedAs.find(Module); It != LoadedAs.end())
    for (const std::string &As : It->second)
      if (Uses.count(Name + "@" + As)) {
        if (!Loaded.empty())
          return usesKey(Name);
        Loaded = Name + "@" + As;
      }
  return Loaded.empty() ? usesKey(Name) : Loaded;
}

std::string PythonOps::calledOnOtherModulesOnly(const std::string &Name,
                                                const std::string &Module) const {
  auto All = Uses.find(Name);
  if (Module.empty() || !ExtensionModules.count(Module) || Uses.count(Name + "@" + Module) ||
      All == Uses.end())
    return "";
  // This module is called (for another name), and each call of the name is
  // on a module (the same place under NAME@OTHER).
  const std::string Suffix = "@" + Module;
  bool ModuleCalled = false;
  std::set<std::string> OnModules;
  std::string Other, OtherAt;
  for (const auto &[Key, ByMarkers] : Uses) {
    llvm::StringRef K(Key);
    if (K.ends_with(Suffix) && K.size() > Suffix.size())
      ModuleCalled = true;
    if (K.consume_front(Name + "@") && !K.empty()) {
      if (!ExtensionModules.count(K.str()))
        return ""; // (called on something no setup.py builds: maybe this one)
      for (const std::string &At : llvm::make_second_range(ByMarkers)) {
        OnModules.insert(At);
        if (Other.empty() || At < OtherAt) {
          Other = K.str();
          OtherAt = At;
        }
      }
    }
  }
  if (!ModuleCalled)
    return "";
  for (const std::string &At : llvm::make_second_range(All->second))
    if (!OnModules.count(At))
      return "";
  return "the project's Python calls '" + Name + "' only on other extension modules ('" + Other +
         "', " + OtherAt + "), and this file's module '" + Module + "' for other names";
}

std::string PythonOps::reachedUse(const std::string &Name) const {
  auto It = Uses.find(usesKey(Name));
  if (It == Uses.end())
    return "";
  for (const auto &[Markers, At] : It->second)
    if (Markers.count(Reached)) {
      for (const std::string &X : Markers)
        if (llvm::StringRef(X).starts_with(InFunction)) {
          std::string Fn = X.substr(std::strlen(InFunction));
          std::string Out = At + ", in '" + Fn + "'";
          if (auto E = ReachedFromExport.find(Fn); E != ReachedFromExport.end())
            Out += (E->second.first == Fn ? "" : ", reached from '" + E->second.first + "'") +
                   ", which the package exports (" + E->second.second + "): its users' API";
          return Out;
        }
      return At;
    }
  return "";
}

std::string PythonOps::firstUse(const std::string &Name) const {
  // A call of the project's function of that name counts too: which one a
  // call runs is a guess, and "never called" would make a binding its
  // users' API (kaolin's `vg.to_dense()`).
  std::string First;
  for (const std::string &Key : {usesKey(Name), PythonFunction + Name})
    if (auto It = Uses.find(Key); It != Uses.end())
      for (const auto &[Markers, At] : It->second)
        if (First.empty() || At < First)
          First = At;
  return First;
}

bool PythonOps::calledOnlyInConstructors(const std::string &Name) const {
  auto It = Uses.find(usesKey(Name));
  return It != Uses.end() && llvm::all_of(It->second, [](const auto &Use) {
           return Use.first.count("def __init__") > 0;
         });
}

bool PythonOps::neverNamedOp(const std::string &Ns, const std::string &Op) const {
  if (DynamicOpNamespaces.count("*") || DynamicOpNamespaces.count(Ns))
    return false;
  // Python that never runs an op of the namespace through torch.ops (only
  // registers fakes, say) says nothing of which ops run: they are for others.
  auto Named = NamedOps.find(Ns);
  if (!CalledOpNamespaces.count(Ns) || Named == NamedOps.end())
    return false;
  auto Any = NamedOps.find("*");
  if (!Named->second.count(Op) && !(Any != NamedOps.end() && Any->second.count(Op)))
    return true;
  // Named only in tests (that compile nothing), while the package runs
  // other ops of the namespace outside them: as a binding only tests call
  // (unusedBinding), not an op anything compiles here.
  auto InTests = [](const std::set<std::string> &Markers) { return Markers.count("test file") > 0; };
  auto Own = Uses.find(Ns + "::" + Op);
  if (Own == Uses.end() || !llvm::all_of(llvm::make_first_range(Own->second), InTests))
    return false;
  std::string Prefix = Ns + "::";
  for (const auto &[Name, ByMarkers] : Uses)
    if (llvm::StringRef(Name).starts_with(Prefix) && Name != Own->first &&
        !llvm::all_of(llvm::make_first_range(ByMarkers), InTests))
      return true;
  return false;
}

void scanPythonSource(const std::string &Source, PythonOps &Out, const std::string &File) {
  llvm::StringRef Content = Source;
  if (!Content.contains("register_fake") && !Content.contains("impl_abstract") &&
      !Content.contains("Meta") && !Content.contains("register_meta") &&
      !Content.contains("Composite") && !Content.contains("ops.") &&
      !Content.contains("custom_op") && !Content.contains("register_kernel") &&
      !Content.contains("impl(")) {
    // No registration: only where it calls what (a module's forward
    // calling a binding).
    usesByPlace(Source, Out, File);
    return;
  }
  std::vector<Tok> Tokens = tokenize(Source);
  literalRegistrations(Tokens, Out, File);
  // A file whose brackets do not pair cannot be imported: it registers
  // nothing built in code, and evaluating it is where unclosed calls cost.
  bool Parses = balanced(Tokens);
  Tokens.clear();
  if (llvm::StringRef(Source).contains("custom_op") ||
      llvm::StringRef(Source).contains("register_kernel") ||
      llvm::StringRef(Source).contains("impl("))
    wrappedCalls(Source, Out, File);
  usesByPlace(Source, Out, File);
  // Names built in code (the literal ones are taken above).
  llvm::StringRef Src = Source;
  if (Parses && (Src.contains("register_fake") || Src.contains("impl_abstract") ||
                 Src.contains("register_meta") || Src.contains("impl")))
    CodeScan(Src, Out, File).run();
}

bool PythonOps::notBuilt(llvm::StringRef MainFile, const std::vector<std::string> &Siblings) const {
  namespace path = llvm::sys::path;
  llvm::StringRef Name = path::filename(MainFile);
  if (SourceNames.empty() || SourceNames.count(Name.str()))
    return false;
  // '*' matches any run: the parts between stars, each at its first place
  // after the one before, with the first and last parts at the ends.
  auto Matches = [](llvm::StringRef Glob, llvm::StringRef Text) {
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Glob.split(Parts, '*');
    if (Parts.size() == 1)
      return Glob == Text;
    if (!Text.consume_front(Parts.front()) || !Text.consume_back(Parts.back()))
      return false;
    for (size_t I = 1; I + 1 < Parts.size(); ++I) {
      size_t At = Text.find(Parts[I]);
      if (At == llvm::StringRef::npos)
        return false;
      Text = Text.drop_front(At + Parts[I].size());
    }
    return true;
  };
  for (const std::string &Glob : SourceGlobs)
    if (Matches(Glob, Name))
      return false;
  return llvm::any_of(Siblings, [&](const std::string &S) { return SourceNames.count(S) > 0; });
}

} // namespace torchlint::model
