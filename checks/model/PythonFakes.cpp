//===--- PythonFakes.cpp - Fake kernels registered from Python ------------===//

#include "PythonFakes.h"
#include <nlohmann/json.hpp>
#include "SafeRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <set>

namespace torchlint::model {
namespace {

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

// --- Names built in code ------------------------------------------------------
//
// Extensions build the names they register from module constants, f-strings
// and loops (vLLM, xformers: register_fake(f"{_LIB}::{name}")). The regexes
// above see literals only; this part reads the code as tokens (so comments
// and strings never count) and evaluates the few expressions names are made
// of. Whatever it cannot evaluate is a hole in the name: the registration
// then gives its namespace (or "*") to UnresolvedNamespaces.

/// A hole in a partly known string.
constexpr char Hole = '\x01';

struct Tok {
  enum KindT { Name, Str, Num, Op } Kind = Op;
  /// Name/number/operator text; for a string, its content between the quotes.
  std::string Text;
  bool FString = false;
  size_t Offset = 0;
  /// For a bracket, the index of the one that closes (or opens) it; npos
  /// when it has none (a file Python would not even parse).
  size_t Match = std::string::npos;
  bool is(llvm::StringRef S) const { return Kind != Str && Text == S; }
};

/// A statement: tokens [Begin, End), indented by Indent columns.
struct Line {
  size_t Begin, End;
  unsigned Indent;
};

bool identStart(char C) { return llvm::isAlpha(C) || C == '_' || (unsigned char)C >= 0x80; }
bool identChar(char C) { return identStart(C) || llvm::isDigit(C); }

/// Python's tokens, without comments; \p Lines gets the logical lines
/// (brackets and backslashes join physical ones).
std::vector<Tok> tokenize(llvm::StringRef S, std::vector<Line> *Lines = nullptr) {
  std::vector<Tok> T;
  size_t I = 0, N = S.size(), LineBegin = 0, PhysStart = 0;
  int Depth = 0;
  bool NewLine = true;
  unsigned Indent = 0;
  std::vector<size_t> Open; // The brackets not closed yet.
  auto EndLine = [&] {
    if (Lines && T.size() > LineBegin)
      Lines->push_back({LineBegin, T.size(), Indent});
    LineBegin = T.size();
    NewLine = true;
  };
  while (I < N) {
    char C = S[I];
    if (C == '\n') {
      if (Depth == 0)
        EndLine();
      PhysStart = ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r' || C == '\f') {
      ++I;
      continue;
    }
    if (C == '\\') { // a continuation line
      ++I;
      while (I < N && (S[I] == '\r' || S[I] == '\n'))
        PhysStart = ++I;
      continue;
    }
    if (C == '#') {
      while (I < N && S[I] != '\n')
        ++I;
      continue;
    }
    if (NewLine) {
      Indent = I - PhysStart;
      NewLine = false;
    }
    Tok K;
    K.Offset = I;
    size_t Start = I;
    if (identStart(C)) {
      while (I < N && identChar(S[I]))
        ++I;
      std::string Word = S.slice(Start, I).lower();
      bool Prefix = Word.size() <= 2 && llvm::all_of(Word, [](char P) {
                      return P == 'r' || P == 'u' || P == 'b' || P == 'f';
                    });
      if (!(Prefix && I < N && (S[I] == '"' || S[I] == '\''))) {
        K.Kind = Tok::Name;
        K.Text = S.slice(Start, I).str();
        T.push_back(std::move(K));
        continue;
      }
      K.FString = Word.find('f') != std::string::npos;
      C = S[I];
    }
    if (C == '"' || C == '\'') {
      bool Triple = S.substr(I, 3) == std::string(3, C);
      I += Triple ? 3 : 1;
      size_t ContentBegin = I, ContentEnd = N;
      while (I < N) {
        if (S[I] == '\\') {
          I += 2;
          continue;
        }
        if (!Triple && S[I] == '\n') { // unterminated
          ContentEnd = I;
          break;
        }
        if (S[I] == C && (!Triple || S.substr(I, 3) == std::string(3, C))) {
          ContentEnd = I;
          I += Triple ? 3 : 1;
          break;
        }
        ++I;
      }
      I = std::min(I, N);
      K.Kind = Tok::Str;
      K.Text = S.slice(ContentBegin, std::min(ContentEnd, N)).str();
      T.push_back(std::move(K));
      continue;
    }
    if (llvm::isDigit(C) || (C == '.' && I + 1 < N && llvm::isDigit(S[I + 1]))) {
      while (I < N && (identChar(S[I]) || S[I] == '.'))
        ++I;
      K.Kind = Tok::Num;
      K.Text = S.slice(Start, I).str();
      T.push_back(std::move(K));
      continue;
    }
    static const char *const TwoChar[] = {"==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=",
                                          "&=", "|=", "^=", "->", ":=", "**", "//", "<<", ">>"};
    size_t Len = 1;
    for (const char *Op : TwoChar)
      if (S.substr(I, 2) == Op)
        Len = 2;
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == ']' || C == '}') && Depth > 0)
      --Depth;
    K.Kind = Tok::Op;
    K.Text = S.substr(I, Len).str();
    I += Len;
    // Brackets paired once, here: every later look for a closing bracket is
    // a lookup (the scans were quadratic in a file of unclosed calls).
    if (C == '(' || C == '[' || C == '{')
      Open.push_back(T.size());
    else if ((C == ')' || C == ']' || C == '}') && !Open.empty()) {
      K.Match = Open.back();
      T[Open.back()].Match = T.size();
      Open.pop_back();
    }
    T.push_back(std::move(K));
  }
  EndLine();
  return T;
}

/// Whether every bracket of \p T is closed by its kind: what Python needs to
/// parse the file at all (one that cannot be imported registers nothing).
bool balanced(const std::vector<Tok> &T) {
  for (size_t I = 0; I < T.size(); ++I)
    if (T[I].Kind == Tok::Op && T[I].Text.size() == 1 && llvm::StringRef("([{)]}").contains(T[I].Text[0])) {
      if (T[I].Match == std::string::npos)
        return false;
      char A = T[I].Text[0], B = T[T[I].Match].Text[0];
      if ((A == '(' && B != ')') || (A == '[' && B != ']') || (A == '{' && B != '}'))
        return false;
    }
  return true;
}

/// What an expression is known to be: a string (maybe with holes), a list
/// or tuple, or unknown.
struct Value {
  enum KindT { Unknown, Str, Seq } Kind = Unknown;
  std::string S;
  std::vector<Value> Items;
  static Value str(std::string S) {
    Value V;
    V.Kind = Str;
    V.S = std::move(S);
    return V;
  }
  static Value seq(std::vector<Value> Items) {
    Value V;
    V.Kind = Seq;
    V.Items = std::move(Items);
    return V;
  }
  /// The value as part of a string: unknown parts are holes.
  std::string asStr() const { return Kind == Str ? S : std::string(1, Hole); }
  bool known() const { return Kind == Str && S.find(Hole) == std::string::npos; }
  bool operator==(const Value &O) const {
    return Kind == O.Kind && S == O.S && Items == O.Items;
  }
};

using Env = std::map<std::string, Value>;

/// Splits tokens [B, E) at top-level commas (a trailing comma ends no item);
/// \p Trailing says whether one ended the list.
std::vector<std::pair<size_t, size_t>> splitTop(const std::vector<Tok> &T, size_t B, size_t E,
                                                bool *Trailing = nullptr) {
  std::vector<std::pair<size_t, size_t>> Out;
  int Depth = 0;
  size_t Start = B;
  for (size_t I = B; I < E; ++I) {
    const Tok &K = T[I];
    if (K.Kind != Tok::Op)
      continue;
    if (K.Text == "(" || K.Text == "[" || K.Text == "{") {
      if (K.Match != std::string::npos && K.Match > I && K.Match < E) {
        I = K.Match; // Over the nested brackets at once.
        continue;
      }
      ++Depth;
    } else if (K.Text == ")" || K.Text == "]" || K.Text == "}")
      --Depth;
    else if (K.Text == "," && Depth == 0) {
      Out.push_back({Start, I});
      Start = I + 1;
    }
  }
  if (Trailing)
    *Trailing = Start == E && !Out.empty();
  if (Start < E)
    Out.push_back({Start, E});
  return Out;
}

/// The index of the bracket closing the one at \p Open, or \p E.
size_t closing(const std::vector<Tok> &T, size_t Open, size_t E) {
  if (Open < E && T[Open].Match != std::string::npos && T[Open].Match > Open)
    return T[Open].Match < E ? T[Open].Match : E;
  int Depth = 0;
  for (size_t I = Open; I < E; ++I) {
    if (T[I].Kind != Tok::Op)
      continue;
    const std::string &X = T[I].Text;
    if (X == "(" || X == "[" || X == "{")
      ++Depth;
    else if ((X == ")" || X == "]" || X == "}") && --Depth == 0)
      return I;
  }
  return E;
}

/// A call's argument: keyword (or ""), its tokens, and whether it is *x/**x.
struct Arg {
  std::string Keyword;
  size_t B, E;
  bool Star = false;
};

std::vector<Arg> callArgs(const std::vector<Tok> &T, size_t B, size_t E) {
  std::vector<Arg> Out;
  for (auto [AB, AE] : splitTop(T, B, E)) {
    Arg A{"", AB, AE};
    if (AE - AB >= 2 && T[AB].Kind == Tok::Name && T[AB + 1].is("=")) {
      A.Keyword = T[AB].Text;
      A.B = AB + 2;
    } else if (T[AB].is("*") || T[AB].is("**")) {
      A.Star = true;
    }
    Out.push_back(A);
  }
  return Out;
}

bool isIdentifier(llvm::StringRef S) {
  return !S.empty() && identStart(S[0]) && llvm::all_of(S, identChar);
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

  // --- Expressions -----------------------------------------------------------

  struct Parser {
    const CodeScan &S;
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
  Value eval(const std::vector<Tok> &Toks, size_t B, size_t E, const Env &L,
             unsigned Depth = 0) const {
    if (B >= E)
      return Value();
    Parser P{*this, Toks, L, B, E, Depth};
    Value V = P.sum();
    return P.Failed || P.P != E ? Value() : V;
  }

  Value lookup(const std::string &Name, const Env &L) const {
    if (auto It = L.find(Name); It != L.end())
      return It->second;
    if (auto It = Consts.find(Name); It != Consts.end())
      return It->second;
    return Value();
  }

  /// An f-string's value: each replacement field evaluated, holes where it
  /// is not known or is formatted (a conversion or spec changes the text).
  Value fstring(llvm::StringRef Text, const Env &L, unsigned Depth) const {
    std::string Acc;
    for (size_t I = 0; I < Text.size(); ++I) {
      char C = Text[I];
      if ((C == '{' || C == '}') && I + 1 < Text.size() && Text[I + 1] == C) {
        Acc += C;
        ++I;
        continue;
      }
      if (C != '{') {
        Acc += C;
        continue;
      }
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
  Value percent(const std::string &Fmt, const Value &R) const {
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
  Value method(const Value &V, const std::string &Name, const std::vector<Arg> &Args,
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
      char C = F[I];
      if ((C == '{' || C == '}') && I + 1 < F.size() && F[I + 1] == C) {
        Acc += C;
        ++I;
        continue;
      }
      if (C != '{') {
        Acc += C;
        continue;
      }
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

/// Decorators that make the function below them an operator's kernel, so
/// that torch.compile calls the operator, never the function's body:
/// @torch.library.custom_op(...), @custom_op(...),
/// @torch.library.impl(...), @lib.impl(...), @op.register_kernel(...).
bool isKernelDecorator(const std::vector<Tok> &T, const Line &L) {
  if (L.Begin >= L.End || !T[L.Begin].is("@"))
    return false;
  for (size_t I = L.Begin + 1; I < L.End; ++I)
    if (T[I].Kind == Tok::Name && (T[I].Text == "custom_op" || T[I].Text == "register_kernel" ||
                                   (T[I].Text == "impl" && I > L.Begin + 1 && T[I - 1].is("."))))
      return true;
  return false;
}

/// PythonOps::ConstructorCalls and OtherCalls of one file: every call of a
/// name (`x.name(...)`, `name(...)`), inside a constructor or elsewhere.
void callsByPlace(const std::string &Source, PythonOps &Out, const std::string &File) {
  std::vector<Line> Lines;
  std::vector<Tok> T = tokenize(Source, &Lines);
  auto LineNo = [&](size_t Offset) {
    return 1 + std::count(Source.begin(), Source.begin() + Offset, '\n');
  };
  std::optional<unsigned> InitIndent;
  for (const Line &L : Lines) {
    if (L.Begin >= L.End)
      continue;
    if (InitIndent && L.Indent <= *InitIndent)
      InitIndent.reset();
    if (!InitIndent && T[L.Begin].is("def") && L.Begin + 1 < L.End &&
        T[L.Begin + 1].is("__init__")) {
      InitIndent = L.Indent;
      continue;
    }
    for (size_t I = L.Begin; I + 1 < L.End; ++I) {
      if (T[I].Kind != Tok::Name || !T[I + 1].is("(") ||
          (I > L.Begin && (T[I - 1].is("def") || T[I - 1].is("class"))))
        continue;
      if (InitIndent) {
        if (!Out.ConstructorCalls.count(T[I].Text))
          Out.ConstructorCalls.emplace(T[I].Text,
                                       File + ":" + std::to_string(LineNo(T[I].Offset)));
      } else
        Out.OtherCalls.insert(T[I].Text);
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
  for (size_t LI = 0; LI < Lines.size(); ++LI) {
    if (!isKernelDecorator(T, Lines[LI]))
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
          Out.WrappedCalls.emplace(T[I + 2].Text,
                                   File + ":" + std::to_string(LineNo(T[I].Offset)));
    LI = Def;
  }
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
    return OpAt(I, ".") && NameAt(I + 1) && OpAt(I + 2, ".") && NameAt(I + 3) &&
           OpAt(I + 4, ".") && NameAt(I + 5);
  };
  for (size_t I = 0; I < T.size(); ++I) {
    if (T[I].Kind != Tok::Name)
      continue;
    const std::string &W = T[I].Text;
    if ((W == "register_fake" || W == "impl_abstract" || W == "register_meta") && OpAt(I + 1, "(")) {
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
    } else if (W == "ops" && Dotted3(I + 1) && T[I + 6].Text != "default") {
      Out.Called.emplace(T[I + 2].Text + "::" + T[I + 4].Text + "." + T[I + 6].Text, File);
    }
  }
}

} // namespace

void scanPythonSource(const std::string &Source, PythonOps &Out, const std::string &File) {
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
  callsByPlace(Source, Out, File);
  // Names built in code (the literal ones are taken above).
  llvm::StringRef Src = Source;
  if (Parses && (Src.contains("register_fake") || Src.contains("impl_abstract") ||
                 Src.contains("register_meta") || Src.contains("impl")))
    CodeScan(Src, Out, File).run();
}

namespace {

/// Every regular .py file under \p Root the scan reads, in directory order,
/// with its path relative to the root: not below hidden directories,
/// node_modules, __pycache__, site-packages or a virtual environment, and no
/// symlink (it may lead out of the project) or FIFO (it would hang the read).
template <typename Fn> void forEachPythonFile(const std::string &Root, Fn Visit) {
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator I(Root, EC, /*follow_symlinks=*/false), End;
       I != End && !EC; I.increment(EC)) {
    llvm::StringRef Path = I->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (I->type() == llvm::sys::fs::file_type::directory_file) {
      llvm::SmallString<256> Venv(Path);
      llvm::sys::path::append(Venv, "pyvenv.cfg");
      if (Name.starts_with(".") || Name == "node_modules" || Name == "__pycache__" ||
          Name == "site-packages" || llvm::sys::fs::exists(Venv))
        I.no_push();
      continue;
    }
    if (!Name.ends_with(".py") || I->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    auto Buf = readTreeFile(Path, {Root}, 4u << 20);
    if (!Buf)
      continue;
    llvm::StringRef Shown = Path;
    if (Shown.consume_front(Root))
      Shown = Shown.ltrim("/\\");
    Visit(Path, Shown, Buf->getBuffer());
  }
}

std::function<void(const std::string &)> &scanObserver() {
  static thread_local std::function<void(const std::string &)> Observer;
  return Observer;
}

} // namespace

void setPythonScanObserver(std::function<void(const std::string &Root)> Observer) {
  scanObserver() = std::move(Observer);
}

std::string pythonTreeDigest(const std::string &Root) {
  static std::map<std::string, std::string> Taken;
  static std::mutex Lock;
  std::lock_guard<std::mutex> Guard(Lock);
  if (auto It = Taken.find(Root); It != Taken.end())
    return It->second;
  llvm::SHA256 H;
  forEachPythonFile(Root, [&](llvm::StringRef, llvm::StringRef Shown, llvm::StringRef Content) {
    H.update(Shown);
    H.update(llvm::StringRef("\0", 1));
    H.update(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Content)));
  });
  return Taken[Root] = llvm::toHex(H.final(), /*LowerCase=*/true);
}

namespace {

std::map<std::vector<std::string>, PythonOps> &scanCache() {
  static std::map<std::vector<std::string>, PythonOps> Cache;
  return Cache;
}
std::mutex &scanCacheLock() {
  static std::mutex Lock;
  return Lock;
}

} // namespace

std::string pythonScansToJson() {
  std::lock_guard<std::mutex> Guard(scanCacheLock());
  nlohmann::json All = nlohmann::json::array();
  for (const auto &[Roots, P] : scanCache())
    All.push_back({{"roots", Roots},
                   {"fakes", P.Fakes},
                   {"called", P.Called},
                   {"unresolved", P.UnresolvedNamespaces},
                   {"wrapped", P.WrappedCalls},
                   {"constructor", P.ConstructorCalls},
                   {"other", P.OtherCalls}});
  return All.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool preloadPythonScans(llvm::StringRef Json) {
  nlohmann::json All = nlohmann::json::parse(Json.begin(), Json.end(), nullptr,
                                             /*allow_exceptions=*/false);
  if (!All.is_array())
    return false;
  std::map<std::vector<std::string>, PythonOps> Read;
  try {
    for (const nlohmann::json &E : All) {
      PythonOps &P = Read[E.at("roots").get<std::vector<std::string>>()];
      E.at("fakes").get_to(P.Fakes);
      E.at("called").get_to(P.Called);
      E.at("unresolved").get_to(P.UnresolvedNamespaces);
      E.at("wrapped").get_to(P.WrappedCalls);
      E.at("constructor").get_to(P.ConstructorCalls);
      E.at("other").get_to(P.OtherCalls);
    }
  } catch (const nlohmann::json::exception &) {
    return false;
  }
  std::lock_guard<std::mutex> Guard(scanCacheLock());
  for (auto &[Roots, P] : Read)
    scanCache().emplace(Roots, std::move(P));
  return true;
}

const PythonOps &pythonOps(const std::vector<std::string> &Roots) {
  if (scanObserver())
    for (const std::string &Root : Roots)
      scanObserver()(Root);
  auto &Cache = scanCache();
  std::lock_guard<std::mutex> Guard(scanCacheLock());
  auto It = Cache.find(Roots);
  if (It != Cache.end())
    return It->second;
  PythonOps &Out = Cache[Roots];
  for (const std::string &Root : Roots)
    forEachPythonFile(Root, [&](llvm::StringRef, llvm::StringRef Shown, llvm::StringRef Content) {
      if (!Content.contains("register_fake") && !Content.contains("impl_abstract") &&
          !Content.contains("Meta") && !Content.contains("register_meta") &&
          !Content.contains("Composite") && !Content.contains("ops.") &&
          !Content.contains("custom_op") && !Content.contains("register_kernel") &&
          !Content.contains("impl(")) {
        // No registration: only where it calls what (a module's forward
        // calling a binding).
        callsByPlace(Content.str(), Out, Shown.str());
        return;
      }
      scanPythonSource(Content.str(), Out, Shown.str());
    });
  return Out;
}

namespace {

/// The TORCH_EXTENSION_NAME of \p Main among the extensions the setup file
/// \p Source (in \p Dir) declares: CppExtension/CUDAExtension/Extension(name,
/// sources), cpp_extension.load(name, sources), or any call with a sources=
/// keyword (mmdetection3d's make_cuda_ext). torch defines it as the last
/// part of the extension's name. Empty unless exactly one name lists Main.
std::string extensionNameIn(llvm::StringRef Source, llvm::StringRef Dir, llvm::StringRef Main) {
  std::vector<Tok> T = tokenize(Source);
  std::set<std::string> Names;
  auto Lists = [&](llvm::StringRef Src) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Src);
    llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    Src.consume_front("./");
    return P == Main || (Main.ends_with(Src) && Main.size() > Src.size() &&
                         Main[Main.size() - Src.size() - 1] == '/');
  };
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (T[I].Kind != Tok::Name || !T[I + 1].is("(") || (I > 0 && T[I - 1].is("def")))
      continue;
    size_t Close = closing(T, I + 1, T.size());
    std::vector<Arg> Args = callArgs(T, I + 2, Close);
    bool Declares = llvm::StringRef(T[I].Text).ends_with("Extension") || T[I].Text == "load";
    bool HasSources = llvm::any_of(Args, [](const Arg &A) { return A.Keyword == "sources"; });
    if (!Declares && !HasSources)
      continue;
    std::string Name;
    for (const Arg &A : Args)
      if (A.E == A.B + 1 && T[A.B].Kind == Tok::Str && !T[A.B].FString &&
          (A.Keyword == "name" || (Declares && A.Keyword.empty() && &A == &Args.front())))
        Name = T[A.B].Text;
    // What torch defines: the last dotted part. Only an identifier is a
    // module name (the name goes into fix-its and notes).
    Name = llvm::StringRef(Name).rsplit('.').second.empty()
               ? Name
               : llvm::StringRef(Name).rsplit('.').second.str();
    if (!isIdentifier(Name))
      continue;
    for (size_t J = I + 2; J < Close; ++J) {
      llvm::StringRef S = T[J].Text;
      if (T[J].Kind == Tok::Str && !T[J].FString &&
          (S.ends_with(".cpp") || S.ends_with(".cc") || S.ends_with(".cxx") ||
           S.ends_with(".cu")) &&
          Lists(S))
        Names.insert(Name);
    }
  }
  return Names.size() == 1 ? *Names.begin() : "";
}

} // namespace

std::string extensionModuleOf(const std::string &MainFile) {
  llvm::SmallString<256> Main(MainFile);
  llvm::sys::fs::make_absolute(Main);
  llvm::sys::path::remove_dots(Main, /*remove_dot_dot=*/true);
  std::string Root = projectRootOfFile(Main.str().str());
  if (Root.empty() || !llvm::StringRef(Main).starts_with(Root))
    return {};
  llvm::SmallString<256> Dir = llvm::sys::path::parent_path(Main);
  while (llvm::StringRef(Dir).starts_with(Root)) {
    llvm::SmallString<256> Setup(Dir);
    llvm::sys::path::append(Setup, "setup.py");
    if (auto Buf = readTreeFile(Setup, {Root}, 4u << 20)) {
      if (auto &Observer = scanObserver())
        Observer(Dir.str().str()); // A cached result depends on it.
      if (std::string Name = extensionNameIn(Buf->getBuffer(), Dir, Main); !Name.empty())
        return Name;
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent.size() >= Dir.size())
      break;
    Dir.resize(Parent.size()); // The parent is a prefix.
  }
  return {};
}

std::vector<std::string> pythonRoots(llvm::StringRef Option, const std::string &MainFile) {
  std::vector<std::string> Roots;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Option.split(Parts, ';', -1, false);
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Roots.push_back(P.trim().str());
  if (Roots.empty())
    if (std::string Root = projectRootOfFile(MainFile); !Root.empty())
      Roots.push_back(Root);
  return Roots;
}

namespace {
std::function<std::string(const std::string &)> &rootFinder() {
  static std::function<std::string(const std::string &)> Finder;
  return Finder;
}
} // namespace

void setProjectRootFinder(std::function<std::string(const std::string &)> Finder) {
  rootFinder() = std::move(Finder);
}

std::string projectRootOfFile(const std::string &Path) {
  return rootFinder() ? rootFinder()(Path) : gitWorkTreeOf(Path);
}

std::string gitWorkTreeOf(const std::string &Path) {
  llvm::SmallString<256> Dir(Path);
  llvm::sys::fs::make_absolute(Dir);
  if (!llvm::sys::fs::is_directory(Dir))
    llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Git(Dir);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return Dir.str().str();
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return {};
}

} // namespace torchlint::model
