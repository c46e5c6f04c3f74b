//===--- PythonNames.cpp - The names Python code builds -------------------===//

#include "PythonNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

namespace torchlint::model::python {

struct NameEvaluator::Parser {
  const NameEvaluator &S;
  const std::vector<Tok> &T;
  const Env &L;
  size_t P, E;
  unsigned Depth;
  bool Failed = false;

  bool at(llvm::StringRef Op) const { return P < E && T[P].Kind == Tok::Op && T[P].Text == Op; }
  Value fail() {
    Failed = true;
    return Value();
  }
  Value eval(size_t B, size_t End) const { return S.eval(T, B, End, L, Depth + 1); }

  Value sum() {
    Value V = mod();
    while (!Failed && at("+")) {
      ++P;
      Value R = mod();
      if (V.Kind == Value::Seq && R.Kind == Value::Seq) {
        V.Items.insert(V.Items.end(), R.Items.begin(), R.Items.end());
      } else if (V.Kind == Value::Seq || R.Kind == Value::Seq ||
                 (V.Kind == Value::Unknown && R.Kind == Value::Unknown)) {
        V = Value();
      } else {
        V = Value::str(V.asStr() + R.asStr());
      }
    }
    return V;
  }

  Value mod() {
    Value V = postfix();
    while (!Failed && at("%")) {
      ++P;
      Value R = postfix();
      V = V.Kind == Value::Str ? S.percent(V.S, R) : Value();
    }
    return V;
  }

  Value postfix() {
    Value V = primary();
    while (!Failed && P < E) {
      if (at(".") && P + 1 < E && T[P + 1].Kind == Tok::Name) {
        std::string Method = T[P + 1].Text;
        P += 2;
        if (!at("(")) {
          V = Value(); // an attribute of a value
          continue;
        }
        size_t C = closing(T, P, E);
        if (C == E)
          return fail();
        std::vector<Arg> Args = callArgs(T, P + 1, C);
        P = C + 1;
        V = S.method(V, Method, Args, T, L, Depth);
      } else if (at("[")) {
        size_t C = closing(T, P, E);
        if (C == E)
          return fail();
        // Only a literal index into a known list.
        bool Neg = C - P == 3 && T[P + 1].is("-");
        long Index = -1;
        if ((C - P == 2 || Neg) && T[C - 1].Kind == Tok::Num &&
            !llvm::StringRef(T[C - 1].Text).getAsInteger(10, Index) && V.Kind == Value::Seq) {
          long Size = V.Items.size();
          Index = Neg ? Size - Index : Index;
          V = Index >= 0 && Index < Size ? Value(V.Items[Index]) : Value();
        } else {
          V = Value();
        }
        P = C + 1;
      } else if (at("(")) { // a call: its result is not known
        size_t C = closing(T, P, E);
        if (C == E)
          return fail();
        P = C + 1;
        V = Value();
      } else {
        break;
      }
    }
    return V;
  }

  Value primary() {
    if (P >= E || Depth > 64)
      return fail();
    const Tok &K = T[P];
    if (K.Kind == Tok::Str) { // adjacent literals concatenate
      std::string Acc;
      while (P < E && T[P].Kind == Tok::Str) {
        Acc += T[P].FString ? S.fstring(T[P].Text, L, Depth).asStr() : T[P].Text;
        ++P;
      }
      return Value::str(Acc);
    }
    if (K.Kind == Tok::Num) {
      ++P;
      return Value();
    }
    if (K.Kind == Tok::Name) {
      static const std::set<std::string> Keywords = {
          "lambda", "not", "if", "else", "for", "in", "and", "or", "await", "yield", "is"};
      if (Keywords.count(K.Text))
        return fail();
      // torch.ops.ns.op.overload: an OpOverload names its operator.
      size_t Q = P;
      std::vector<std::string> Chain{K.Text};
      while (Q + 2 < E && T[Q + 1].is(".") && T[Q + 2].Kind == Tok::Name) {
        Chain.push_back(T[Q + 2].Text);
        Q += 2;
      }
      size_t Ops = Chain.size() > 1 && Chain[0] == "torch" && Chain[1] == "ops" ? 2
                   : Chain[0] == "ops" && !L.count("ops") && !S.Consts.count("ops") ? 1
                                                                                        : 0;
      if (Ops && Chain.size() > Ops && !(Q + 1 < E && T[Q + 1].is("("))) {
        P = Q + 1;
        std::vector<std::string> Parts(Chain.begin() + Ops, Chain.end());
        if (Parts.size() == 3)
          return Value::str(Parts[0] + "::" + Parts[1] + "." + Parts[2]);
        return Value::str(Parts[0] + "::" + std::string(1, Hole));
      }
      ++P;
      return S.lookup(K.Text, L);
    }
    if (K.is("(") || K.is("[")) {
      size_t C = closing(T, P, E);
      if (C == E)
        return fail();
      bool Trailing = false;
      auto Items = splitTop(T, P + 1, C, &Trailing);
      bool Paren = K.is("(");
      P = C + 1;
      if (Paren && Items.size() == 1 && !Trailing)
        return eval(Items[0].first, Items[0].second);
      std::vector<Value> Vs;
      for (auto [IB, IE] : Items)
        Vs.push_back(eval(IB, IE));
      return Value::seq(std::move(Vs));
    }
    if (K.is("{")) { // a dict or set
      size_t C = closing(T, P, E);
      if (C == E)
        return fail();
      P = C + 1;
      return Value();
    }
    if (K.is("-") || K.is("+") || K.is("~")) {
      ++P;
      primary();
      return Value();
    }
    return fail();
  }
};


/// The value of tokens [B, E) of \p Toks (Unknown unless all of it parses).
Value NameEvaluator::eval(const std::vector<Tok> &Toks, size_t B, size_t E, const Env &L,
                          unsigned Depth) const {
  if (B >= E)
    return Value();
  Parser P{*this, Toks, L, B, E, Depth};
  Value V = P.sum();
  return P.Failed || P.P != E ? Value() : V;
}

Value NameEvaluator::lookup(const std::string &Name, const Env &L) const {
  if (auto It = L.find(Name); It != L.end())
    return It->second;
  if (auto It = Consts.find(Name); It != Consts.end())
    return It->second;
  return Value();
}

namespace {

/// Text outside a replacement field, at \p I: `{{` and `}}` are one brace,
/// any other character itself (appended to \p Acc, \p I past it); false at
/// the `{` that opens a field.
bool takeLiteral(llvm::StringRef Text, size_t &I, std::string &Acc) {
  char C = Text[I];
  if ((C == '{' || C == '}') && I + 1 < Text.size() && Text[I + 1] == C) {
    Acc += C;
    ++I;
    return true;
  }
  if (C == '{')
    return false;
  Acc += C;
  return true;
}

} // namespace

/// An f-string's value: each replacement field evaluated, holes where it
/// is not known or is formatted (a conversion or spec changes the text).
Value NameEvaluator::fstring(llvm::StringRef Text, const Env &L, unsigned Depth) const {
  std::string Acc;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (takeLiteral(Text, I, Acc))
      continue;
    // The field ends at the matching '}'; "!conv" and ":spec" at its top.
    int Nest = 0;
    char Quote = 0;
    size_t J = I + 1, ExprEnd = std::string::npos;
    for (; J < Text.size(); ++J) {
      char D = Text[J];
      if (Quote) {
        if (D == Quote)
          Quote = 0;
        continue;
      }
      if (D == '\'' || D == '"')
        Quote = D;
      else if (D == '(' || D == '[' || D == '{')
        ++Nest;
      else if ((D == ')' || D == ']') && Nest > 0)
        --Nest;
      else if (D == '}' && Nest > 0)
        --Nest;
      else if (D == '}')
        break;
      else if (Nest == 0 && ExprEnd == std::string::npos &&
               (D == ':' || (D == '!' && J + 1 < Text.size() && Text[J + 1] != '=') ||
                (D == '=' && J + 1 < Text.size() && Text[J + 1] == '}')))
        ExprEnd = J;
    }
    llvm::StringRef Expr = Text.slice(I + 1, std::min(ExprEnd, J));
    llvm::StringRef Format = ExprEnd == std::string::npos ? "" : Text.slice(ExprEnd, J);
    std::vector<Tok> Sub = tokenize(Expr);
    Value V = Format.empty() || Format == "!s" ? eval(Sub, 0, Sub.size(), L, Depth + 1)
                                               : Value();
    Acc += V.asStr();
    I = J;
  }
  return Value::str(Acc);
}

/// printf-style "%s::%s" % (a, b).
Value NameEvaluator::percent(const std::string &Fmt, const Value &R) const {
  std::vector<Value> Items = R.Kind == Value::Seq ? R.Items : std::vector<Value>{R};
  std::string Acc;
  size_t Next = 0;
  for (size_t I = 0; I < Fmt.size(); ++I) {
    if (Fmt[I] != '%' || I + 1 == Fmt.size()) {
      Acc += Fmt[I];
      continue;
    }
    if (Fmt[I + 1] == '%') {
      Acc += '%';
      ++I;
      continue;
    }
    if (Fmt[I + 1] == 's') {
      Acc += Next < Items.size() ? Items[Next].asStr() : std::string(1, Hole);
      ++Next;
      ++I;
      continue;
    }
    // Any other conversion: its text is not the value's.
    size_t J = I + 1;
    while (J < Fmt.size() && !llvm::isAlpha(Fmt[J]))
      ++J;
    Acc += Hole;
    ++Next;
    I = J;
  }
  return Value::str(Acc);
}

/// str.format / str.join on \p V.
Value NameEvaluator::method(const Value &V, const std::string &Name, const std::vector<Arg> &Args,
             const std::vector<Tok> &Toks, const Env &L, unsigned Depth) const {
  if (V.Kind != Value::Str)
    return Value();
  if (Name == "join" && Args.size() == 1 && Args[0].Keyword.empty() && !Args[0].Star) {
    Value Seq = eval(Toks, Args[0].B, Args[0].E, L, Depth + 1);
    if (Seq.Kind != Value::Seq)
      return Value::str(std::string(1, Hole));
    std::string Acc;
    for (size_t I = 0; I < Seq.Items.size(); ++I)
      Acc += (I ? V.S : "") + Seq.Items[I].asStr();
    return Value::str(Acc);
  }
  if (Name != "format")
    return Value();
  std::vector<Value> Positional;
  std::map<std::string, Value> Keywords;
  bool AnyStar = false;
  for (const Arg &A : Args) {
    AnyStar |= A.Star;
    Value X = A.Star ? Value() : eval(Toks, A.B, A.E, L, Depth + 1);
    if (A.Keyword.empty())
      Positional.push_back(X);
    else
      Keywords[A.Keyword] = X;
  }
  std::string Acc;
  size_t Auto = 0;
  const std::string &F = V.S;
  for (size_t I = 0; I < F.size(); ++I) {
    if (takeLiteral(F, I, Acc))
      continue;
    size_t J = F.find('}', I);
    if (J == std::string::npos)
      return Value();
    llvm::StringRef Field = llvm::StringRef(F).slice(I + 1, J);
    // A conversion other than !s or a format spec changes the text.
    bool Plain = !AnyStar && !Field.contains(':') &&
                 (!Field.contains('!') || Field.ends_with("!s"));
    Field.consume_back("!s");
    Value X;
    size_t Index;
    if (!Plain)
      X = Value();
    else if (Field.empty())
      X = Auto < Positional.size() ? Positional[Auto++] : Value();
    else if (!Field.getAsInteger(10, Index))
      X = Index < Positional.size() ? Positional[Index] : Value();
    else if (auto It = Keywords.find(Field.str()); It != Keywords.end())
      X = It->second;
    Acc += X.asStr();
    I = J;
  }
  return Value::str(Acc);
}

/// "ns::op.default" -> "ns::op"; "op.out" (no namespace) -> "*::op.out".
std::string operatorName(llvm::StringRef Name) {
  auto [Ns, Rest] = Name.split("::");
  if (Rest.empty()) {
    Rest = Ns;
    Ns = "*";
  }
  auto [Op, Overload] = Rest.split('.');
  std::string Out = (Ns + "::" + Op).str();
  if (!Overload.empty() && Overload != "default")
    Out += "." + Overload.str();
  return Out;
}

/// "myext::op" / "myext::op.out"; with \p Unqualified also "op" (a
/// Library method: the namespace is the Library's).
bool isOpName(llvm::StringRef S, bool Unqualified) {
  auto [Ns, Rest] = S.split("::");
  if (Rest.empty() && !S.contains("::")) {
    if (!Unqualified)
      return false;
    Rest = Ns;
  } else if (!isIdentifier(Ns)) {
    return false;
  }
  auto [Op, Overload] = Rest.split('.');
  return isIdentifier(Op) && (Overload.empty() || isIdentifier(Overload)) &&
         Rest.count('.') <= 1;
}

/// The namespace a partly known name shows, or "*".
std::string namespaceOf(const Value &V) {
  if (V.Kind != Value::Str)
    return "*";
  llvm::StringRef Known = llvm::StringRef(V.S).split(Hole).first;
  if (!Known.contains("::"))
    return "*";
  llvm::StringRef Ns = Known.split("::").first;
  return isIdentifier(Ns) ? Ns.str() : "*";
}

} // namespace torchlint::model::python
