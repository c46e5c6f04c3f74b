//===--- SetupConditions.cpp - Which lines of a setup.py the default build runs ===//

#include "project/SetupConditions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <optional>

namespace torchlint {

namespace {

using llvm::StringRef;

/// A value a condition can have: unknown, None, a bool, a string, an
/// integer, or one of the containers the default build leaves empty
/// (sys.argv's options, os.environ).
struct Value {
  enum Kind { Unknown, None, Bool, Str, Int, EmptyContainer } K = Unknown;
  bool B = false;
  std::string S;
  long long N = 0;
  static Value boolean(bool V) { return {Bool, V, "", 0}; }
  /// Python's truth of the value; nullopt when unknown.
  std::optional<bool> truth() const {
    switch (K) {
    case None: case EmptyContainer: return false;
    case Bool: return B;
    case Str: return !S.empty();
    case Int: return N != 0;
    default: return std::nullopt;
    }
  }
};

bool same(const Value &A, const Value &B) {
  if (A.K == Value::Bool && B.K == Value::Int)
    return A.B == (B.N != 0);
  if (A.K == Value::Int && B.K == Value::Bool)
    return same(B, A);
  return A.K == B.K && A.B == B.B && A.S == B.S && A.N == B.N;
}

/// Tokens of a condition or a right-hand side: names (dotted parts apart),
/// strings (Quoted; an f-string is not one), numbers, operators.
struct Tok {
  enum Kind { Name, String, FString, Number, Op, End } K;
  std::string Text;
};

std::vector<Tok> tokenize(StringRef S) {
  std::vector<Tok> Out;
  for (size_t I = 0; I < S.size();) {
    char C = S[I];
    if (llvm::isSpace(C)) {
      ++I;
      continue;
    }
    bool Prefix = (C == 'f' || C == 'F' || C == 'r' || C == 'b' || C == 'R' || C == 'B') &&
                  I + 1 < S.size() && (S[I + 1] == '"' || S[I + 1] == '\'');
    if (C == '"' || C == '\'' || Prefix) {
      bool F = Prefix && (C == 'f' || C == 'F');
      size_t Q = Prefix ? I + 1 : I;
      char Quote = S[Q];
      size_t End = Q + 1;
      while (End < S.size() && S[End] != Quote)
        End += S[End] == '\\' ? 2 : 1;
      Out.push_back({F ? Tok::FString : Tok::String, S.slice(Q + 1, End).str()});
      I = End + 1;
      continue;
    }
    if (llvm::isAlpha(C) || C == '_') {
      size_t End = I;
      while (End < S.size() && (llvm::isAlnum(S[End]) || S[End] == '_'))
        ++End;
      Out.push_back({Tok::Name, S.slice(I, End).str()});
      I = End;
      continue;
    }
    if (llvm::isDigit(C)) {
      size_t End = I;
      while (End < S.size() && (llvm::isAlnum(S[End]) || S[End] == '.'))
        ++End;
      Out.push_back({Tok::Number, S.slice(I, End).str()});
      I = End;
      continue;
    }
    StringRef Two = S.substr(I, 2);
    if (Two == "==" || Two == "!=" || Two == "<=" || Two == ">=") {
      Out.push_back({Tok::Op, Two.str()});
      I += 2;
      continue;
    }
    Out.push_back({Tok::Op, std::string(1, C)});
    ++I;
  }
  Out.push_back({Tok::End, ""});
  return Out;
}

/// Names the script assigned, module-wide or in the function being read.
using Scope = std::map<std::string, Value>;

/// Evaluates an expression of tokens over \p Names as the default build
/// would see it (SetupConditions.h).
class Evaluator {
public:
  Evaluator(const std::vector<Tok> &T, const std::vector<const Scope *> &Names)
      : T(T), Names(Names) {}
  Value run() {
    Value V = orExpr();
    return T[I].K == Tok::End ? V : Value();
  }

private:
  const std::vector<Tok> &T;
  const std::vector<const Scope *> &Names;
  size_t I = 0;
  /// Nesting of the expression being read: past MaxDepth (a hostile
  /// script's `((((...`, `not not not ...`) it is unknown, not a deep stack.
  unsigned Depth = 0;
  static constexpr unsigned MaxDepth = 64;
  struct Nest {
    unsigned &D;
    explicit Nest(unsigned &D) : D(++D) {}
    ~Nest() { --D; }
  };

  bool isName(const char *W, size_t At) const {
    return At < T.size() && T[At].K == Tok::Name && T[At].Text == W;
  }
  bool isOp(const char *O, size_t At) const {
    return At < T.size() && T[At].K == Tok::Op && T[At].Text == O;
  }

  Value orExpr() {
    Nest N(Depth);
    if (Depth > MaxDepth)
      return skipRest();
    Value V = andExpr();
    while (isName("or", I)) {
      ++I;
      Value R = andExpr();
      auto A = V.truth();
      V = A == true ? V : A == false ? R : R.truth() == true ? Value::boolean(true) : Value();
    }
    return V;
  }
  Value andExpr() {
    Value V = notExpr();
    while (isName("and", I)) {
      ++I;
      Value R = notExpr();
      auto A = V.truth();
      V = A == false ? V : A == true ? R : R.truth() == false ? Value::boolean(false) : Value();
    }
    return V;
  }
  Value notExpr() {
    Nest N(Depth);
    if (Depth > MaxDepth)
      return skipRest();
    if (isName("not", I)) {
      ++I;
      auto A = notExpr().truth();
      return A ? Value::boolean(!*A) : Value();
    }
    return comparison();
  }
  Value comparison() {
    Value L = primary();
    bool Negate = false;
    std::string Op;
    if (isName("is", I)) {
      ++I;
      if (isName("not", I)) {
        Negate = true;
        ++I;
      }
      Op = "==";
    } else if (isName("not", I) && isName("in", I + 1)) {
      I += 2;
      Negate = true;
      Op = "in";
    } else if (isName("in", I)) {
      ++I;
      Op = "in";
    } else if (T[I].K == Tok::Op && (T[I].Text == "==" || T[I].Text == "!=" ||
                                     T[I].Text == "<" || T[I].Text == ">" ||
                                     T[I].Text == "<=" || T[I].Text == ">=")) {
      Op = T[I++].Text;
      if (Op == "!=") {
        Op = "==";
        Negate = true;
      }
    } else {
      return L;
    }
    Value R = primary();
    std::optional<bool> Result;
    if (Op == "==" && L.K != Value::Unknown && R.K != Value::Unknown &&
        L.K != Value::EmptyContainer && R.K != Value::EmptyContainer)
      Result = same(L, R);
    else if (Op == "in" && R.K == Value::EmptyContainer)
      Result = false;
    else if (Op == "in" && L.K == Value::Str && R.K == Value::Str)
      Result = StringRef(R.S).contains(L.S);
    if (!Result)
      return Value();
    return Value::boolean(*Result != Negate);
  }
  /// A literal, a parenthesised expression, or a name with its dotted
  /// parts, call and subscripts.
  Value primary() {
    const Tok &A = T[I];
    if (isOp("(", I)) {
      ++I;
      Value V = orExpr();
      if (!isOp(")", I))
        return Value();
      ++I;
      return V;
    }
    if (A.K == Tok::String) {
      ++I;
      return {Value::Str, false, A.Text, 0};
    }
    if (A.K == Tok::FString) {
      ++I;
      return Value();
    }
    if (A.K == Tok::Number) {
      ++I;
      long long N = 0;
      return StringRef(A.Text).getAsInteger(0, N) ? Value() : Value{Value::Int, false, "", N};
    }
    if (A.K != Tok::Name)
      return Value();
    if (A.Text == "None" || A.Text == "True" || A.Text == "False") {
      ++I;
      return A.Text == "None" ? Value{Value::None, false, "", 0}
                              : Value::boolean(A.Text == "True");
    }
    std::string Dotted = T[I++].Text;
    while (isOp(".", I) && I + 1 < T.size() && T[I + 1].K == Tok::Name) {
      Dotted += "." + T[I + 1].Text;
      I += 2;
    }
    std::vector<Value> Args;
    bool Called = false;
    if (isOp("(", I)) {
      Called = true;
      ++I;
      while (!isOp(")", I) && T[I].K != Tok::End) {
        Args.push_back(orExpr());
        if (isOp(",", I))
          ++I;
        else if (!isOp(")", I))
          return skipRest();
      }
      if (T[I].K == Tok::End)
        return Value();
      ++I;
    }
    if (isOp("[", I) || isOp(".", I))
      return skipRest();
    return Called ? call(Dotted, Args) : name(Dotted);
  }
  Value skipRest() {
    I = T.size() - 1;
    return Value();
  }
  Value call(const std::string &F, const std::vector<Value> &Args) {
    if (F == "torch.cuda.is_available")
      return Value::boolean(true); // A CUDA build: torch-lint lints CUDA code.
    if (F == "os.environ.get" || F == "os.getenv")
      return Args.size() >= 2 ? Args[1] : Value{Value::None, false, "", 0};
    if (F == "bool" && Args.size() == 1)
      if (auto B = Args[0].truth())
        return Value::boolean(*B);
    return Value();
  }
  Value name(const std::string &N) {
    for (auto It = Names.rbegin(); It != Names.rend(); ++It)
      if (auto Found = (*It)->find(N); Found != (*It)->end())
        return Found->second;
    if (N == "sys.argv" || N == "argv" || N == "os.environ")
      return {Value::EmptyContainer, false, "", 0};
    if (N == "sys.platform" || N == "platform")
      return {Value::Str, false, "linux", 0};
    if (N == "CUDA_HOME" || N == "torch.utils.cpp_extension.CUDA_HOME")
      return {Value::Str, false, "/usr/local/cuda", 0};
    if (N == "torch.version.cuda")
      return {Value::Str, false, "12.8", 0};
    if (N == "ROCM_HOME" || N == "torch.version.hip")
      return {Value::None, false, "", 0};
    return Value();
  }
};

/// A block the script is in: an `if`/`elif`/`else` arm, a `def`, a loop.
struct Frame {
  size_t Indent;
  Runs R;
  /// For an if/elif arm: whether an arm of its chain so far runs.
  Runs Chain = Runs::No;
  bool IsIf = false;
  bool IsDef = false;
  std::string Cond; ///< For an undecided arm, what says so.
};

Runs fromTruth(std::optional<bool> T) { return !T ? Runs::Undecided : *T ? Runs::Yes : Runs::No; }

Runs both(Runs A, Runs B) {
  if (A == Runs::No || B == Runs::No)
    return Runs::No;
  return A == Runs::Undecided || B == Runs::Undecided ? Runs::Undecided : Runs::Yes;
}

Runs either(Runs A, Runs B) {
  if (A == Runs::Yes || B == Runs::Yes)
    return Runs::Yes;
  return A == Runs::Undecided || B == Runs::Undecided ? Runs::Undecided : Runs::No;
}

Runs negate(Runs A) {
  return A == Runs::Yes ? Runs::No : A == Runs::No ? Runs::Yes : Runs::Undecided;
}

/// One logical line: its first physical line, its indentation, its text
/// with comments dropped and continuation lines joined.
struct Logical {
  size_t First, Last, Indent;
  std::string Text;
};

std::vector<Logical> logicalLines(StringRef Text) {
  std::vector<Logical> Out;
  llvm::SmallVector<StringRef, 512> Lines;
  Text.split(Lines, '\n');
  int Depth = 0;
  char Triple = 0; // Inside a '''...''' or """...""" string.
  bool Continued = false;
  for (size_t N = 0; N < Lines.size(); ++N) {
    StringRef L = Lines[N].rtrim("\r");
    bool Starts = Depth == 0 && !Triple && !Continued;
    if (Starts) {
      StringRef Body = L.ltrim(" \t");
      if (Body.empty() || Body.starts_with("#"))
        continue;
      Out.push_back({N, N, L.size() - Body.size(), ""});
    }
    if (Out.empty())
      continue;
    Logical &Cur = Out.back();
    Cur.Last = N;
    Continued = false;
    for (size_t I = 0; I < L.size(); ++I) {
      char C = L[I];
      if (Triple) {
        if (L.substr(I, 3) == std::string(3, Triple)) {
          Triple = 0;
          I += 2;
        }
        continue;
      }
      if (C == '#')
        break;
      if ((C == '"' || C == '\'') && L.substr(I, 3) == std::string(3, C)) {
        Triple = C;
        Cur.Text += " \"\" ";
        I += 2;
        continue;
      }
      if (C == '"' || C == '\'') {
        size_t End = I + 1;
        while (End < L.size() && L[End] != C)
          End += L[End] == '\\' ? 2 : 1;
        Cur.Text += L.slice(I, std::min(End + 1, L.size())).str();
        I = End;
        continue;
      }
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if ((C == ')' || C == ']' || C == '}') && Depth > 0)
        --Depth;
      if (C == '\\' && I + 1 == L.size()) {
        Continued = true;
        break;
      }
      Cur.Text += C;
    }
    Cur.Text += ' ';
  }
  return Out;
}

/// The position of the ':' that ends a block header, outside brackets and
/// strings; npos when there is none.
size_t headerColon(StringRef S) {
  int Depth = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '"' || C == '\'') {
      size_t End = S.find(C, I + 1);
      if (End == StringRef::npos)
        return StringRef::npos;
      I = End;
    } else if (C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if (C == ')' || C == ']' || C == '}') {
      --Depth;
    } else if (C == ':' && Depth == 0 && !(I + 1 < S.size() && S[I + 1] == '=')) {
      return I;
    }
  }
  return StringRef::npos;
}

/// `NAME = value` or `A, B = value` (not `==`, `+=`): the targets and the
/// right-hand side.
bool assignment(StringRef S, std::vector<std::string> &Targets, StringRef &Rhs) {
  size_t Eq = StringRef::npos;
  int Depth = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '"' || C == '\'')
      return false; // A string before '=' is no simple target.
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']')
      --Depth;
    else if (C == '=' && Depth == 0) {
      if ((I + 1 < S.size() && S[I + 1] == '=') ||
          (I > 0 && StringRef("=!<>+-*/%&|^:").contains(S[I - 1])))
        return false;
      Eq = I;
      break;
    }
  }
  if (Eq == StringRef::npos)
    return false;
  llvm::SmallVector<StringRef, 4> Parts;
  S.take_front(Eq).split(Parts, ',');
  for (StringRef P : Parts) {
    P = P.trim();
    if (P.empty() || !llvm::all_of(P, [](char C) { return llvm::isAlnum(C) || C == '_'; }))
      return false;
    Targets.push_back(P.str());
  }
  Rhs = S.drop_front(Eq + 1).trim();
  return !Targets.empty();
}

/// Whether \p Rhs reads a command-line option: a string literal "--name"
/// (`_argparse("--debug", argv)`, `"--cpu_only" in sys.argv`); the default
/// build passes none.
bool readsOption(StringRef Rhs) {
  for (const Tok &T : tokenize(Rhs))
    if (T.K == Tok::String && StringRef(T.Text).starts_with("--") && T.Text.size() > 2)
      return true;
  return false;
}

} // namespace

SetupLines evaluateSetupPy(StringRef Text) {
  SetupLines Out;
  size_t Count = Text.count('\n') + 1;
  Out.Line.assign(Count, Runs::Yes);
  Out.Why.assign(Count, "");
  Scope Module;
  std::vector<Scope> Locals; // One per def being read.
  std::vector<Frame> Frames;
  for (const Logical &L : logicalLines(Text)) {
    StringRef S = StringRef(L.Text).trim();
    // The blocks this line is not inside any more; an elif/else continues
    // the chain of the if at its indentation.
    std::optional<Frame> Closed;
    while (!Frames.empty() && Frames.back().Indent >= L.Indent) {
      if (Frames.back().Indent == L.Indent)
        Closed = Frames.back();
      if (Frames.back().IsDef && !Locals.empty())
        Locals.pop_back();
      Frames.pop_back();
    }
    Runs Here = Runs::Yes;
    std::string Why;
    for (const Frame &F : Frames) {
      Here = both(Here, F.R);
      if (F.R == Runs::Undecided)
        Why = F.Cond;
    }
    std::vector<const Scope *> Names = {&Module};
    for (const Scope &Sc : Locals)
      Names.push_back(&Sc);
    auto Eval = [&](StringRef E) {
      std::vector<Tok> T = tokenize(E);
      return Evaluator(T, Names).run();
    };
    StringRef Word = S.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
    size_t Colon = headerColon(S);
    bool Header = Colon != StringRef::npos &&
                  llvm::is_contained({"if", "elif", "else", "def", "class", "for", "while",
                                      "with", "try", "except", "finally", "async"},
                                     Word);
    Runs Line = Here;
    std::string LineWhy = Why;
    if (Header) {
      Frame F{L.Indent, Runs::Yes};
      std::string Where = "setup.py line " + std::to_string(L.First + 1) + ": ";
      if (Word == "if" || Word == "elif") {
        StringRef Cond = S.slice(Word.size(), Colon).trim();
        Runs Own = fromTruth(Eval(Cond).truth());
        Runs Before = Word == "elif" && Closed && Closed->IsIf ? Closed->Chain : Runs::No;
        F.R = both(negate(Before), Own);
        F.Chain = either(Before, Own);
        F.IsIf = true;
        F.Cond = Where + Word.str() + " " + Cond.take_front(200).str();
      } else if (Word == "else" && Closed && Closed->IsIf) {
        F.R = negate(Closed->Chain);
        F.Cond = Where + "else of " + Closed->Cond;
      } else if (Word == "except") {
        F.R = Runs::Undecided;
        F.Cond = Where + S.take_front(std::min<size_t>(Colon, 200)).str();
      } else if (Word == "def" || Word == "class") {
        F.IsDef = true;
        Locals.emplace_back();
      }
      if (F.R == Runs::Undecided && F.Cond.empty())
        F.Cond = Closed ? Closed->Cond : "";
      // The header's own line runs its one-line body (`if x: y = 1`).
      Line = both(Here, F.R);
      if (F.R == Runs::Undecided)
        LineWhy = F.Cond;
      if (!S.drop_front(Colon + 1).trim().empty()) {
        if (F.IsDef && !Locals.empty())
          Locals.pop_back(); // A one-line def has no body below.
      } else {
        Frames.push_back(F);
      }
    } else if (Here != Runs::No) {
      std::vector<std::string> Targets;
      StringRef Rhs;
      if (assignment(S, Targets, Rhs)) {
        Scope &Into = Locals.empty() ? Module : Locals.back();
        bool Option = readsOption(Rhs);
        Value V = Targets.size() == 1 && Here == Runs::Yes ? Eval(Rhs) : Value();
        for (size_t I = 0; I < Targets.size(); ++I)
          Into[Targets[I]] = Option && I == 0 && Here == Runs::Yes ? Value::boolean(false)
                             : I == 0 && Targets.size() == 1   ? V
                                                               : Value();
      }
    }
    for (size_t N = L.First; N <= L.Last && N < Count; ++N) {
      Out.Line[N] = Line;
      Out.Why[N] = Line == Runs::Undecided ? LineWhy : "";
    }
  }
  return Out;
}

} // namespace torchlint
