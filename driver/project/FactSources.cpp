//===--- FactSources.cpp - Which sources can add facts to the named files --===//

#include "project/FactSources.h"
#include "model/SafeRead.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <deque>
#include <map>
#include <optional>
#include <unordered_map>

namespace torchlint {
namespace {

struct Tok {
  enum Kind { Ident, Punct, Str, QuotedHeader, AngledHeader } K;
  llvm::StringRef Text;
};

bool identStart(char C) { return llvm::isAlpha(C) || C == '_' || C == '$'; }
bool identChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

size_t skipSpaces(llvm::StringRef S, size_t I) {
  while (I < S.size() && (S[I] == ' ' || S[I] == '\t'))
    ++I;
  return I;
}

/// A directive after the `#` at \p I - 1: an `#include` name as one token;
/// a `#define`'s body is read on as code (a macro that binds or registers
/// names what it binds); any other directive is skipped to its line's end
/// (`#if WITH_CUDA` before `impl(x);` is no declaration `WITH_CUDA impl(x)`).
/// Returns where what it takes ends.
size_t readDirective(llvm::StringRef S, size_t I, std::vector<Tok> &Out) {
  const size_t N = S.size();
  I = skipSpaces(S, I);
  size_t B = I;
  while (I < N && identChar(S[I]))
    ++I;
  llvm::StringRef Directive = S.slice(B, I);
  if (Directive == "define")
    return I;
  if (Directive != "include" && Directive != "include_next" && Directive != "import") {
    for (; I < N && S[I] != '\n'; ++I)
      if (S[I] == '\\' && I + 1 < N && S[I + 1] == '\n') {
        ++I; // a continued line
      } else if (S[I] == '/' && I + 1 < N && S[I + 1] == '*') {
        size_t E = S.find("*/", I + 2); // a comment may end lines later
        if (E == llvm::StringRef::npos)
          return N;
        I = E + 1;
      }
    return I;
  }
  I = skipSpaces(S, I);
  if (I < N && (S[I] == '"' || S[I] == '<')) {
    char Close = S[I] == '"' ? '"' : '>';
    size_t Start = ++I;
    while (I < N && S[I] != Close && S[I] != '\n')
      ++I;
    Out.push_back({Close == '"' ? Tok::QuotedHeader : Tok::AngledHeader, S.slice(Start, I)});
    if (I < N && S[I] == Close)
      ++I;
  }
  return I;
}

/// A word at \p I: a name, or a raw string's prefix and the string, or an
/// encoding prefix (the literal follows). Returns where it ends.
size_t readWord(llvm::StringRef S, size_t I, std::vector<Tok> &Out) {
  const size_t N = S.size();
  size_t B = I;
  while (I < N && identChar(S[I]))
    ++I;
  llvm::StringRef Word = S.slice(B, I);
  if (I < N && S[I] == '"' &&
      (Word == "R" || Word == "LR" || Word == "uR" || Word == "UR" || Word == "u8R")) {
    // R"delim( ... )delim"
    size_t Open = S.find('(', I + 1);
    if (Open == llvm::StringRef::npos || Open - I > 17)
      return N;
    std::string End = (")" + S.slice(I + 1, Open) + "\"").str();
    size_t E = S.find(End, Open + 1);
    size_t Stop = E == llvm::StringRef::npos ? N : E;
    Out.push_back({Tok::Str, S.slice(Open + 1, Stop)});
    return E == llvm::StringRef::npos ? N : E + End.size();
  }
  if (I < N && (S[I] == '"' || S[I] == '\'') &&
      (Word == "L" || Word == "u" || Word == "U" || Word == "u8"))
    return I; // The literal follows.
  Out.push_back({Tok::Ident, Word});
  return I;
}

/// C++ tokens, enough for names: comments dropped, literals kept whole,
/// `#include` names as one token. Linear in the text.
std::vector<Tok> tokenize(llvm::StringRef S) {
  std::vector<Tok> Out;
  size_t I = 0, N = S.size();
  bool LineStart = true;
  while (I < N) {
    char C = S[I];
    if (C == '\n') {
      LineStart = true;
      ++I;
      continue;
    }
    if (llvm::isSpace(C) || (C == '\\' && I + 1 < N && S[I + 1] == '\n')) {
      I += C == '\\' ? 2 : 1;
      continue;
    }
    if (C == '/' && I + 1 < N && S[I + 1] == '/') {
      while (I < N && S[I] != '\n')
        ++I;
      continue;
    }
    if (C == '/' && I + 1 < N && S[I + 1] == '*') {
      size_t E = S.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? N : E + 2;
      continue;
    }
    bool AtLineStart = LineStart;
    LineStart = false;
    if (C == '#' && AtLineStart) {
      I = readDirective(S, I + 1, Out);
      continue;
    }
    if (identStart(C)) {
      I = readWord(S, I, Out);
      continue;
    }
    if (llvm::isDigit(C) || (C == '.' && I + 1 < N && llvm::isDigit(S[I + 1]))) {
      while (I < N && (identChar(S[I]) || S[I] == '.' || S[I] == '\'' ||
                       ((S[I] == '+' || S[I] == '-') && llvm::is_contained("eEpP", S[I - 1]))))
        ++I;
      continue;
    }
    if (C == '"' || C == '\'') {
      size_t Start = ++I;
      while (I < N && S[I] != C && S[I] != '\n')
        I += S[I] == '\\' ? 2 : 1;
      I = std::min(I, N);
      if (C == '"')
        Out.push_back({Tok::Str, S.slice(Start, I)});
      if (I < N && S[I] == C)
        ++I;
      continue;
    }
    if (I + 1 < N && ((C == ':' && S[I + 1] == ':') || (C == '-' && S[I + 1] == '>'))) {
      Out.push_back({Tok::Punct, S.slice(I, I + 2)});
      I += 2;
      continue;
    }
    Out.push_back({Tok::Punct, S.slice(I, I + 1)});
    ++I;
  }
  return Out;
}

/// How far past a declarator's `)` (or into template arguments) the pass
/// looks for a function body.
constexpr size_t MaxLookahead = 512;

bool isKeyword(llvm::StringRef W) {
  static const llvm::StringSet<> Words = {
      "alignas", "alignof", "auto", "bool", "break", "case", "catch", "char", "class",
      "const", "constexpr", "consteval", "constinit", "const_cast", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
      "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "final",
      "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable",
      "namespace", "new", "noexcept", "nullptr", "operator", "override", "private",
      "protected", "public", "register", "reinterpret_cast", "requires", "return", "short",
      "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch",
      "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
      "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "while",
      "__global__", "__device__", "__host__", "__forceinline__", "__launch_bounds__",
      "__attribute__", "__restrict__", "__shared__", "defined"};
  return Words.contains(W);
}

/// Keywords that end a type before a declarator (`unsigned n(4)`).
bool isTypeWord(llvm::StringRef W) {
  return llvm::is_contained({"auto", "bool", "char", "const", "double", "float", "int", "long",
                             "short", "signed", "unsigned", "void", "volatile", "constexpr",
                             "static", "inline", "mutable", "thread_local", "__restrict__"},
                            W);
}

/// A macro's name by convention: no lower-case letter.
bool allCaps(llvm::StringRef W) {
  return llvm::none_of(W, [](char C) { return llvm::isLower(C); });
}

/// Namespaces whose names are never the project's functions.
bool foreignNamespace(llvm::StringRef W) {
  return llvm::is_contained({"std", "at", "torch", "c10", "py", "pybind11", "cuda", "cub",
                             "thrust", "cute", "cutlass", "detail", "native"},
                            W);
}

bool torchHeader(llvm::StringRef H) {
  return H.starts_with("torch/") || H.starts_with("ATen/") || H.starts_with("c10/") ||
         H.starts_with("pybind11/") || H.starts_with("caffe2/");
}

/// The operator a def/impl string names: "ns::op.overload(...)" -> "ns::op";
/// "op(...)" in the block of \p Library -> "Library::op"; else empty.
std::string opNameOf(llvm::StringRef S, llvm::StringRef Library) {
  S = S.ltrim();
  S = S.take_until([](char C) { return C == '(' || C == '.' || llvm::isSpace(C); });
  llvm::StringRef Ns, Name = S;
  if (size_t At = S.rfind("::"); At != llvm::StringRef::npos) {
    Ns = S.take_front(At);
    Name = S.drop_front(At + 2);
  } else {
    Ns = Library;
  }
  auto Ident = [](llvm::StringRef W) {
    return !W.empty() && identStart(W[0]) && llvm::all_of(W, identChar);
  };
  if (!Ident(Ns) || !Ident(Name))
    return {};
  return (Ns + "::" + Name).str();
}

} // namespace

namespace {

/// One walk over a file's tokens (readSourceText): what the file includes,
/// whether it is torch host code, what it defines, and each function body's
/// own calls. Each look ahead is bounded (MaxLookahead, 64 tokens for a
/// template's arguments): linear on any text.
class SourceTextReader {
public:
  explicit SourceTextReader(llvm::StringRef Text)
      : T(tokenize(Text)), N(T.size()), Match(N, N), NextBody(N), SpecializationAt(N) {
    matchBrackets();
  }

  SourceText read() {
    for (size_t I = 0; I < N; ++I)
      step(I);
    return std::move(Out);
  }

private:
  /// Matching brackets, once: the definition test jumps over them.
  void matchBrackets() {
    std::vector<size_t> Open;
    for (size_t I = 0; I < N; ++I) {
      if (T[I].K != Tok::Punct)
        continue;
      char C = T[I].Text[0];
      if (C == '(' || C == '{' || C == '[') {
        Open.push_back(I);
      } else if ((C == ')' || C == '}' || C == ']') && !Open.empty()) {
        char O = T[Open.back()].Text[0];
        if ((O == '(' && C == ')') || (O == '{' && C == '}') || (O == '[' && C == ']')) {
          Match[Open.back()] = I;
          Match[I] = Open.back();
          Open.pop_back();
        }
      }
    }
  }

  bool isPunct(size_t I, llvm::StringRef P) const {
    return I < N && T[I].K == Tok::Punct && T[I].Text == P;
  }
  /// `<<<grid, block>>>` at \p P.
  bool launch(size_t P) const {
    return isPunct(P, "<") && isPunct(P + 1, "<") && isPunct(P + 2, "<");
  }
  /// `<...>(` or a launch at \p P: a template's call (`run<T>(x)`,
  /// `k<T><<<g, b>>>(x)`), not a type (`Wrapper<T> w;`). A bounded look:
  /// 64 tokens at most.
  bool templateCall(size_t P) const {
    if (!isPunct(P, "<"))
      return false;
    if (launch(P))
      return true;
    int Depth = 0;
    for (size_t J = P, Limit = std::min(N, P + 64); J < Limit; ++J) {
      if (isPunct(J, "<"))
        ++Depth;
      else if (isPunct(J, ">") && --Depth == 0)
        return isPunct(J + 1, "(") || launch(J + 1);
      else if (isPunct(J, "(") || isPunct(J, "["))
        J = Match[J] < N ? Match[J] : J;
      else if (isPunct(J, ";") || isPunct(J, "{") || isPunct(J, "}"))
        return false;
  }
  return false;
  }
  /// The token at \p J ends a type or an operand: a name after it is
  /// declared (`Options o(`), a `&` after it is binary or a reference.
  bool afterType(size_t J) const {
    return J < N &&
           ((T[J].K == Tok::Ident && (!isKeyword(T[J].Text) || isTypeWord(T[J].Text))) ||
            isPunct(J, ">") || isPunct(J, ")") || isPunct(J, "]"));
  }
  /// The `{` of the body when the `(` at \p P closes a function's
  /// declarator ((params) [qualifiers] [-> type] [: inits] {); else N.
  size_t bodyAfter(size_t P) const {
    size_t I = Match[P];
    if (I >= N)
      return N;
    ++I;
    // (Each look ahead is bounded: the pass stays linear on any text.)
    const size_t Limit = std::min(N, I + MaxLookahead);
    while (I < Limit) {
      if (T[I].K == Tok::Ident &&
          llvm::is_contained({"const", "noexcept", "override", "final", "mutable", "volatile",
                              "throw", "__device__", "__host__"},
                             T[I].Text)) {
        ++I;
        if (isPunct(I, "(") && Match[I] < N)
          I = Match[I] + 1;
        continue;
      }
      if (isPunct(I, "&")) {
        ++I;
        continue;
      }
      break;
  }
  if (isPunct(I, "->")) // Trailing return type.
    while (I < Limit && !isPunct(I, "{") && !isPunct(I, ";") && !isPunct(I, "="))
      I = isPunct(I, "(") || isPunct(I, "[") ? Match[I] + 1 : I + 1;
  if (isPunct(I, ":")) { // Member initializers.
    ++I;
    while (I < Limit) {
      while (I < Limit && (T[I].K == Tok::Ident || isPunct(I, "::") || isPunct(I, "<") ||
                       isPunct(I, ">") || isPunct(I, ",")))
        ++I;
      if (!(isPunct(I, "(") || isPunct(I, "{")) || Match[I] >= N)
        return N;
      I = Match[I] + 1;
      if (isPunct(I, ","))
        ++I;
      else
        break;
    }
  }
  return isPunct(I, "{") ? I : N;
  }

  void step(size_t I) {
    const Tok &K = T[I];
    bool InFunction = !Body.empty() && Body.back();
    if (K.K == Tok::QuotedHeader || K.K == Tok::AngledHeader) {
      if (torchHeader(K.Text))
        Out.TorchHost = true;
      // CUDA's, cuBLAS's, cuDNN's, NCCL's headers: parsed anew in each
      // C++ source that includes them (the torch PCH holds none of them).
      for (llvm::StringRef Cuda : {"cuda", "cublas", "cudnn", "cub/", "thrust/", "nccl", "cufft",
                                   "curand", "cusparse", "ATen/cuda/", "c10/cuda/"})
        if (K.Text.starts_with(Cuda))
          Out.CudaHeaders = true;
      if (K.K == Tok::QuotedHeader)
        Out.Includes.push_back(K.Text.str());
      return;
    }
    if (K.K == Tok::Punct) {
      brace(I, InFunction);
      return;
    }
    if (K.K != Tok::Ident)
      return;
    llvm::StringRef W = K.Text;
    bool Scoped = isPunct(I + 1, "::");
    markers(I, W, Scoped);
    if (isKeyword(W))
      return;
    // A member (`x.size()`) names no project function.
    bool Member = I > 0 && (isPunct(I - 1, ".") || isPunct(I - 1, "->"));
    link(I, W, Scoped, Member, InFunction);
    if (!InFunction && I >= DeclaratorEnd)
      definition(I, W, Member);
  }

  /// A `{` or `}`: the body and TORCH_LIBRARY block the walk is in.
  void brace(size_t I, bool InFunction) {
    const Tok &K = T[I];
    if (K.Text == "{") {
      // The function whose body this is: its calls are its own.
      if (!InFunction && I == NextBody)
        Function = NextFunction;
      Body.push_back(InFunction || I == NextBody);
      Library.push_back(I == NextBody && !PendingLibrary.empty() ? PendingLibrary
                        : Library.empty()                        ? llvm::StringRef()
                                                                 : Library.back());
      if (I == NextBody)
        PendingLibrary = {};
    } else if (K.Text == "}") {
      if (!Body.empty()) {
        Body.pop_back();
        Library.pop_back();
        if (Body.empty() || !Body.back())
          Function = {};
      }
    }
  }

  /// What marks the file as torch host code, an op library or a binding
  /// module; the blocks' parameters; the operators it names.
  void markers(size_t I, llvm::StringRef W, bool Scoped) {
    if (Scoped && llvm::is_contained({"at", "torch", "c10", "pybind11", "py"}, W))
      Out.TorchHost = true;
    if (W.starts_with("TORCH_") || W.starts_with("STABLE_TORCH_LIBRARY") ||
        W.starts_with("PYBIND11_") || W.starts_with("AT_DISPATCH") || W.starts_with("C10_") ||
        W.starts_with("aoti_torch_"))
      Out.TorchHost = true;
    if (llvm::is_contained({"TORCH_LIBRARY", "TORCH_LIBRARY_FRAGMENT", "STABLE_TORCH_LIBRARY",
                            "STABLE_TORCH_LIBRARY_FRAGMENT", "RegisterOperators"},
                           W))
      Out.DefinesOps = true;
    if (W == "PYBIND11_MODULE" || (W == "class_" && I > 0 && isPunct(I - 1, "::")))
      Out.BindsPython = true;
    if ((W == "PYBIND11_MODULE" || W.starts_with("TORCH_LIBRARY") ||
         W.starts_with("STABLE_TORCH_LIBRARY")) &&
        isPunct(I + 1, "(") && Match[I + 1] < N && T[Match[I + 1] - 1].K == Tok::Ident)
      BlockParams.insert(T[Match[I + 1] - 1].Text);
    // The namespace of a TORCH_LIBRARY block, for the operators in it.
    if (W.starts_with("TORCH_LIBRARY") || W.starts_with("STABLE_TORCH_LIBRARY"))
      if (isPunct(I + 1, "(") && I + 2 < N && T[I + 2].K == Tok::Ident)
        PendingLibrary = T[I + 2].Text;
    // An operator's name in a registration or schema string: "ns::op" as
    // written, or in a TORCH_LIBRARY block's namespace (a pybind11
    // `m.def("name", ...)` names no operator).
    if (llvm::is_contained({"def", "impl", "op", "TORCH_SELECTIVE_SCHEMA",
                            "TORCH_SELECTIVE_NAME"},
                           W) &&
        isPunct(I + 1, "(") && I + 2 < N && T[I + 2].K == Tok::Str)
      if (std::string Op = opNameOf(T[I + 2].Text, Library.empty() ? "" : Library.back());
          !Op.empty())
        Out.Ops.insert(Op);
    if (W == "template" && isPunct(I + 1, "<") && isPunct(I + 2, ">"))
      SpecializationAt = I;
    if ((W == "def" || W == "impl") && I > 0 && isPunct(I - 1, ".") && isPunct(I + 1, "("))
      ++Out.Registrations;
  }

  /// A name the code calls or refers to: a link of the file, and of the
  /// body it is in.
  void link(size_t I, llvm::StringRef W, bool Scoped, bool Member, bool InFunction) {
    // A name in a namespace that is not the project's names no project
    // function (nor does a member: step()).
    // (The outermost qualifier says whose: `minkowski::detail::f` is the
    // project's, `at::native::f` and `detail::f` are not.)
    size_t Q = I;
    while (Q > 1 && isPunct(Q - 1, "::") && T[Q - 2].K == Tok::Ident)
      Q -= 2;
    bool Foreign = Q < I && foreignNamespace(T[Q].Text);
    // A function is called (`f(`, `f<T>(`, a launch) or referred to (`&f`,
    // or a name in a registration or binding block); a variable or a type
    // named like another file's function is no link: a name after a type's
    // name (`Guard g(x)` in a body; outside every body a declaration, also
    // `std::tuple<A, B> f(...);` or `at::Tensor &f(...);`, calls nothing),
    // after a `&` that is not unary
    // (`const Options &o`), or a template's argument in a block
    // (`py::enum_<DType>`).
    bool InBlock = InFunction && Function.empty();
    bool MacroBlock = InBlock && !isPunct(I + 1, ">") && !(I > 0 && isPunct(I - 1, "<")) &&
                      !BlockParams.count(W);
    bool Declared = !InBlock && I > 0 &&
                    ((T[I - 1].K == Tok::Ident && afterType(I - 1)) ||
                     (!InFunction && (isPunct(I - 1, ">") || isPunct(I - 1, "*") ||
                                      isPunct(I - 1, "&"))));
    // (Through a qualified name too: `&minkowski::quantize_th`, the usual
    // form of a binding in a helper's body.)
    bool AddressOf = Q > 0 && isPunct(Q - 1, "&") && !(Q > 1 && afterType(Q - 2));
    bool CallLike = ((isPunct(I + 1, "(") || templateCall(I + 1)) && !Declared) ||
                    AddressOf || MacroBlock;
    // (An object, `m.def(...)`, `ctx->x`, is no function.)
    bool Object = isPunct(I + 1, ".") || isPunct(I + 1, "->");
    if (!Member && !Foreign && !Scoped && !Object && CallLike && !allCaps(W)) {
      Out.Mentions.insert(W.str());
      // (Only bodies call: a declarator's parameter names, a declaration
      // `at::Tensor f(...);` outside every body, call nothing.)
      if (InFunction)
        Out.Calls[Function.str()].insert(W.str());
  }
  }

  /// A definition: name [<args>] ( ... ) [...] { outside function bodies
  /// and declarators (a member initializer `h_(w) {` is none).
  void definition(size_t I, llvm::StringRef W, bool Member) {
    size_t Paren = I + 1;
    if (isPunct(Paren, "<")) { // An explicit specialization's arguments.
      int Depth = 0;
      const size_t Limit = std::min(N, I + MaxLookahead);
      for (; Paren < Limit && !isPunct(Paren, ";") && !isPunct(Paren, "{"); ++Paren)
        if (isPunct(Paren, "<"))
          ++Depth;
        else if (isPunct(Paren, ">") && --Depth == 0)
          break;
      ++Paren;
  }
  if (isPunct(Paren, "(")) {
    size_t B = bodyAfter(Paren);
    if (B < N) {
      NextBody = DeclaratorEnd = B;
      // (A macro's block, TORCH_LIBRARY or PYBIND11_MODULE, is the file's.)
      NextFunction = allCaps(W) || Member ? llvm::StringRef() : W;
      if (!allCaps(W) && !Member) {
        Out.Defines.insert(W.str());
        if (Paren != I + 1 && SpecializationAt < I && I - SpecializationAt < 16)
          Out.Specializations.insert(W.str());
      }
    }
  }
  }

  std::vector<Tok> T;
  const size_t N;
  std::vector<size_t> Match;
  SourceText Out;
  std::vector<bool> Body; // Per open `{`: whether inside a function body.
  // Per open `{`: the namespace of the TORCH_LIBRARY block it is in.
  std::vector<llvm::StringRef> Library;
  llvm::StringRef PendingLibrary;
  // The blocks' own parameters (`m` of PYBIND11_MODULE(ext, m)): objects.
  std::set<llvm::StringRef> BlockParams;
  size_t NextBody, DeclaratorEnd = 0;
  size_t SpecializationAt; // Where the last `template <>` is.
  // The function whose body the walk is in ("": none, or a macro's block).
  llvm::StringRef Function, NextFunction;
};

} // namespace

SourceText readSourceText(llvm::StringRef Text) {
  SourceText T = SourceTextReader(Text).read();
  T.Bytes = Text.size();
  return T;
}

double parseCostOf(llvm::StringRef Path, const SourceText &T, size_t HeaderBytes,
                   bool CudaHeaders) {
  // Measured here (docs/linter-speed.md): a CUDA source about 4.5 s, most of
  // it headers; a C++ one with the torch PCH about 0.4 s, more for its size
  // and its project headers', about 1.5 s more when it includes CUDA's
  // headers (TransformerEngine's extensions: 1.9 s each); a pybind11
  // binding or kernel registration about 20 ms (mmcv's pybind.cpp, 113 of
  // them: 4 s).
  bool Cuda = llvm::is_contained({".cu", ".cuh"}, llvm::sys::path::extension(Path));
  return (Cuda ? 4.5 : CudaHeaders ? 2.0 : 0.5) + double(T.Bytes + HeaderBytes) / 50000 +
         0.02 * T.Registrations;
}

namespace {

/// Interned names: sets of names as sorted vectors of ids.
class Names {
public:
  unsigned id(const std::string &S) {
    auto [It, New] = Ids.try_emplace(S, unsigned(Ids.size()));
    if (New)
      Strings.push_back(&It->first);
    return It->second;
  }
  const std::string &str(unsigned Id) const { return *Strings[Id]; }
  std::vector<unsigned> ids(const std::set<std::string> &Set) {
    std::vector<unsigned> Out;
    Out.reserve(Set.size());
    for (const std::string &S : Set)
      Out.push_back(id(S));
    llvm::sort(Out);
    return Out;
  }

private:
  std::unordered_map<std::string, unsigned> Ids;
  std::vector<const std::string *> Strings;
};

/// A file of the pass: its own text, and its project headers' (closure).
struct Unit {
  SourceText Own;
  std::vector<unsigned> Defines; ///< Own text.
  std::vector<unsigned> AllDefines, AllMentions, Ops; ///< With its headers.
  std::vector<unsigned> Headers; ///< Its project headers (ids of paths).
  /// Per function it defines (id; Names' id of "" for the file's own
  /// level), the names its body names.
  std::map<unsigned, std::vector<unsigned>> Calls;
  std::string Dir;
  bool Host = false, BindsPython = false;
  size_t HeaderBytes = 0;   ///< Its project headers' text.
  bool CudaHeaders = false; ///< It or a project header includes CUDA's.
};

class Pass {
public:
  Pass(std::string Root, const std::vector<std::string> &Headers) : Root(std::move(Root)) {
    for (const std::string &H : Headers)
      ByName[llvm::sys::path::filename(H).str()].push_back(H);
  }

  /// The unit of \p Path; false when a read broke the budget.
  bool load(const std::string &Path, Unit &U) {
    const SourceText *Own = textOf(Path);
    if (!Own)
      return Over ? false : true;
    U.Own = *Own;
    U.Defines = Interned.ids(Own->Defines);
    U.Ops = Interned.ids(Own->Ops);
    for (const auto &[Fn, Names] : Own->Calls)
      U.Calls[Interned.id(Fn)] = Interned.ids(Names);
    std::set<std::string> AllDefines = Own->Defines, AllMentions = Own->Mentions;
    U.Host = Own->TorchHost;
    U.BindsPython = Own->BindsPython;
    U.CudaHeaders = Own->CudaHeaders;
    // Its project headers, transitively.
    std::set<std::string> Seen;
    std::deque<std::pair<std::string, std::string>> Queue; // (includer, name)
    for (const std::string &H : Own->Includes)
      Queue.push_back({Path, H});
    while (!Queue.empty()) {
      auto [From, Name] = Queue.front();
      Queue.pop_front();
      std::string H = resolve(From, Name);
      if (H.empty() || !Seen.insert(H).second)
        continue;
      const SourceText *T = textOf(H);
      if (!T) {
        if (Over)
          return false;
        continue;
      }
      U.Host |= T->TorchHost;
      U.BindsPython |= T->BindsPython;
      U.CudaHeaders |= T->CudaHeaders;
      U.HeaderBytes += T->Bytes;
      AllDefines.insert(T->Defines.begin(), T->Defines.end());
      AllMentions.insert(T->Mentions.begin(), T->Mentions.end());
      for (const std::string &Next : T->Includes)
        Queue.push_back({H, Next});
    }
    U.Headers = Paths.ids(Seen);
    U.Dir = llvm::sys::path::parent_path(Path).str();
    U.AllDefines = Interned.ids(AllDefines);
    U.AllMentions = Interned.ids(AllMentions);
    return true;
  }

private:
  /// `#include "Name"` of \p From: beside it, then in each directory above
  /// it up to the root.
  std::string resolve(const std::string &From, const std::string &Name) {
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(From));
    while (true) {
      llvm::SmallString<256> P(Dir);
      llvm::sys::path::append(P, Name);
      llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      if ((P.str() == Root || P.str().starts_with(Root + "/")) &&
          llvm::sys::fs::is_regular_file(P))
        return P.str().str();
      if (Dir.size() <= Root.size() || !llvm::StringRef(Dir).starts_with(Root))
        break;
      llvm::sys::path::remove_filename(Dir);
    }
    // Through an -I directory: the project's header whose path ends with
    // the name, the one sharing the longest directory prefix with \p From.
    auto It = ByName.find(llvm::sys::path::filename(Name).str());
    if (It == ByName.end())
      return {};
    std::string Best;
    size_t BestShared = 0;
    for (const std::string &H : It->second) {
      if (!llvm::StringRef(H).ends_with("/" + Name))
        continue;
      size_t Shared = 0;
      while (Shared < H.size() && Shared < From.size() && H[Shared] == From[Shared])
        ++Shared;
      if (Best.empty() || Shared > BestShared) {
        Best = H;
        BestShared = Shared;
      }
    }
    return Best;
  }

  const SourceText *textOf(const std::string &Path) {
    auto It = Texts.find(Path);
    if (It != Texts.end())
      return It->second ? &*It->second : nullptr;
    std::optional<SourceText> T;
    if (auto Buf = readTreeFile(Path, {Root}, MaxFileBytes)) {
      Read += Buf->getBufferSize();
      if (Read > MaxBytes)
        Over = true;
      else
        T = readSourceText(Buf->getBuffer());
    }
    auto &Slot = Texts[Path] = std::move(T);
    return Slot ? &*Slot : nullptr;
  }

  static constexpr uint64_t MaxFileBytes = uint64_t(4) << 20;
  static constexpr uint64_t MaxBytes = uint64_t(512) << 20;
  std::string Root;
  std::map<std::string, std::optional<SourceText>> Texts;
  std::unordered_map<std::string, std::vector<std::string>> ByName;
  uint64_t Read = 0;
  Names Interned, Paths;

public:
  bool Over = false;
  const std::string &str(unsigned Id) const { return Interned.str(Id); }
  unsigned id(const std::string &S) { return Interned.id(S); }
};

bool meets(const std::vector<unsigned> &A, const std::vector<unsigned> &B) {
  size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    if (A[I] == B[J])
      return true;
    if (A[I] < B[J])
      ++I;
    else
      ++J;
  }
  return false;
}

} // namespace

namespace {

/// The candidates that can add facts to the named files, as
/// selectFactSources picks them: links by name, each within one program.
class FactSourcePicker {
public:
  FactSourcePicker(const std::vector<std::string> &Candidates, const std::string &Root,
                   const std::vector<std::string> &Headers)
      : Why(Candidates.size()), NeedOf(Candidates.size()), Text(Root, Headers),
        Cands(Candidates.size()) {}

  /// Reads the named files and the candidates; false when the text pass
  /// gave up (a file over its share of the budget).
  bool load(const std::vector<std::string> &Named, const std::vector<std::string> &Candidates) {
    NamedUnits.resize(Named.size());
    for (size_t I = 0; I < Named.size(); ++I)
      if (!Text.load(Named[I], NamedUnits[I]))
        return false;
    for (size_t I = 0; I < Candidates.size(); ++I)
      if (!Text.load(Candidates[I], Cands[I]))
        return false;
    FileLevel = Text.id("");
    indexCandidates();
    for (const Unit &U : NamedUnits)
      enter(U);
    return true;
  }

  void pickAll() {
    Need = 0;
    callersUpward();
    sameRegistrations();
    Need = 2;
    definitionsDownward();
    Need = 1;
    sameOperators();
  }

  /// What \p I's text says (DeferredSource's fields; File left to the caller).
  model::DeferredSource textOf(size_t I) const {
    model::DeferredSource D;
    const Unit &U = Cands[I];
    for (unsigned N : U.AllDefines)
      D.Defines.insert(Text.str(N));
    for (unsigned N : U.AllMentions)
      D.Mentions.insert(Text.str(N));
    for (unsigned N : U.Ops)
      D.Ops.insert(Text.str(N));
    D.DefinesOps = U.Own.DefinesOps;
    return D;
  }
  double costOf(size_t I, const std::string &Path) const {
    const Unit &U = Cands[I];
    return parseCostOf(Path, U.Own, U.HeaderBytes, U.CudaHeaders);
  }
  /// Per named file, the other named files whose facts can change its
  /// findings: they define what it names and does not define, name what it
  /// defines, or register the same operators.
  std::vector<std::vector<size_t>> namedNeeds() const {
    auto Names = [](const Unit &A, const Unit &B) { // A names what B defines.
      return llvm::any_of(B.Defines, [&](unsigned D) {
        return std::binary_search(A.AllMentions.begin(), A.AllMentions.end(), D) &&
               !std::binary_search(A.AllDefines.begin(), A.AllDefines.end(), D);
      });
    };
    std::vector<std::vector<size_t>> Out(NamedUnits.size());
    for (size_t I = 0; I < NamedUnits.size(); ++I)
      for (size_t J = 0; J < NamedUnits.size(); ++J)
        if (I != J && (Names(NamedUnits[I], NamedUnits[J]) || Names(NamedUnits[J], NamedUnits[I]) ||
                       meets(NamedUnits[I].Ops, NamedUnits[J].Ops)))
          Out[I].push_back(J);
    return Out;
  }

  std::vector<double> namedCost(const std::vector<std::string> &Named) const {
    std::vector<double> Out;
    for (size_t I = 0; I < NamedUnits.size() && I < Named.size(); ++I) {
      const Unit &U = NamedUnits[I];
      Out.push_back(parseCostOf(Named[I], U.Own, U.HeaderBytes, U.CudaHeaders));
    }
    return Out;
  }

  std::vector<std::string> Why; ///< Per candidate: why it is picked ("": not).
  /// Per candidate picked: how much it is needed (0 most), then when picked.
  std::vector<std::pair<int, size_t>> NeedOf;
  size_t NotHost = 0;           ///< Candidates with no torch host code.

private:
  /// Which candidate names / defines each name (host code only).
  void indexCandidates() {
    for (size_t I = 0; I < Cands.size(); ++I) {
      const Unit &U = Cands[I];
      if (!U.Host) {
        ++NotHost;
        continue;
      }
      for (const auto &[Fn, Names] : U.Calls)
        for (unsigned M : Names)
          if (!std::binary_search(U.Defines.begin(), U.Defines.end(), M))
            CalledBy[M].push_back({I, Fn});
      for (unsigned D : U.Defines)
        DefinedBy[D].push_back(I);
      for (unsigned D : U.AllDefines)
        DefinedVia[D].push_back(I);
      for (unsigned O : U.Ops)
        OpBy[O].push_back(I);
    }
  }

  // A link by name holds within one program: the candidate shares a
  // project header with a unit already in (the named files, those picked),
  // or one's directory holds the other (ext.cpp and cuda/ext_kernel.cu). A
  // function of the same name in a sibling extension of the repository
  // (hopper/ and csrc/flash_attn_ck/ both define mha_bwd) is not a link.
  void enter(const Unit &U) {
    InHeaders.insert(U.Headers.begin(), U.Headers.end());
    InDirs.insert(U.Dir);
  }
  static bool within(llvm::StringRef Dir, llvm::StringRef Top) {
    return Dir == Top || Dir.starts_with((Top + "/").str());
  }
  bool related(const Unit &C) const {
    if (llvm::any_of(C.Headers, [&](unsigned H) { return InHeaders.count(H) > 0; }))
      return true;
    return llvm::any_of(InDirs, [&](const std::string &D) {
      return within(C.Dir, D) || within(D, C.Dir);
    });
  }
  void pick(size_t I, const std::string &Reason) {
    if (Why[I].empty()) {
      Why[I] = Reason;
      NeedOf[I] = {Need, Picks++};
      enter(Cands[I]);
    }
  }
  int Need = 0;
  size_t Picks = 0;

  void callersUpward() {
    // Callers, upward: whoever names a function the named files define, then
    // whoever names the function that named it, and so on (a registration
    // block, at the file's level, is where a chain ends).
    std::set<unsigned> Seen;
    std::deque<unsigned> Work;
    auto Defined = [&](unsigned D) {
      if (D != FileLevel && Seen.insert(D).second)
        Work.push_back(D);
    };
    for (const Unit &U : NamedUnits)
      for (unsigned D : U.Defines)
        Defined(D);
    while (!Work.empty()) {
      unsigned D = Work.front();
      Work.pop_front();
      if (auto It = CalledBy.find(D); It != CalledBy.end())
        for (auto [I, Fn] : It->second)
          if (related(Cands[I])) {
            pick(I, "names '" + Text.str(D) + "'");
            Defined(Fn);
          }
    }
  }

  void sameRegistrations() {
    // Registrations of the same functions: a function a named file binds or
    // registers (named in a macro's block) that another file's registration
    // block names too (registeredElsewhere, kernelsElsewhere).
    for (const Unit &U : NamedUnits)
      if (auto Own = U.Calls.find(FileLevel); Own != U.Calls.end())
        for (unsigned M : Own->second)
          if (auto It = CalledBy.find(M); It != CalledBy.end())
            for (auto [I, Fn] : It->second)
              if (Fn == FileLevel && related(Cands[I]))
                pick(I, "registers or binds '" + Text.str(M) + "' too");
  }

  void definitionsDownward() {
    // Definitions, downward: whoever defines what the picked units call and
    // do not define themselves.
    // (What a unit defines itself, its own translation unit answers: the
    // names are per unit, one named file's definition does not answer
    // another's call.)
    std::set<unsigned> Seen;
    std::deque<unsigned> Work;
    auto Calls = [&](const Unit &U, const std::vector<unsigned> &Names) {
      for (unsigned M : Names)
        if (!std::binary_search(U.AllDefines.begin(), U.AllDefines.end(), M) &&
            Seen.insert(M).second)
          Work.push_back(M);
    };
    for (const Unit &U : NamedUnits)
      Calls(U, U.AllMentions);
    while (!Work.empty()) {
      unsigned M = Work.front();
      Work.pop_front();
      std::vector<size_t> By;
      if (auto It = DefinedBy.find(M); It != DefinedBy.end())
        for (size_t I : It->second)
          if (related(Cands[I]))
            By.push_back(I);
      // Explicit specializations of one template, a file each (kernel
      // instantiations): their facts are the template's; one says them.
      const std::string &Name = Text.str(M);
      if (By.size() > 1 && llvm::all_of(By, [&](size_t I) {
            return Cands[I].Own.Specializations.count(Name) > 0;
          }))
        By.resize(1);
      // A header's definition: one TU has it (one already picked, else
      // one beside a unit that is in, else the first related).
      if (auto It = DefinedVia.find(M); By.empty() && It != DefinedVia.end()) {
        size_t Best = Cands.size();
        int BestRank = 0;
        for (size_t I : It->second) {
          int Rank = !Why[I].empty() ? 3 : InDirs.count(Cands[I].Dir) ? 2 : 1;
          if (Rank > BestRank && related(Cands[I])) {
            Best = I;
            BestRank = Rank;
          }
          if (BestRank == 3)
            break;
        }
        if (Best < Cands.size())
          By.push_back(Best);
      }
      // Then what that definition's body calls.
      for (size_t I : By) {
        pick(I, "defines '" + Text.str(M) + "'");
        if (auto It = Cands[I].Calls.find(M); It != Cands[I].Calls.end())
          Calls(Cands[I], It->second);
      }
    }
  }

  void sameOperators() {
    // Operators: the same operator defined or registered; every definer of
    // operators when a named file binds with pybind11 (opsElsewhere).
    bool Binds = false;
    for (const Unit &U : NamedUnits) {
      Binds |= U.BindsPython;
      for (unsigned O : U.Ops)
        if (auto It = OpBy.find(O); It != OpBy.end())
          for (size_t I : It->second)
            pick(I, "registers the operator '" + Text.str(O) + "'");
    }
    // (Of the same program: a sibling extension's operators, or a test
    // tree's, are not the namespace this module's migration goes into.)
    if (Binds)
      for (size_t I = 0; I < Cands.size(); ++I)
        if (Cands[I].Host && Cands[I].Own.DefinesOps && related(Cands[I]))
          pick(I, "defines operators");
  }

  Pass Text;
  std::vector<Unit> NamedUnits, Cands;
  unsigned FileLevel = 0;
  // CalledBy: the candidate and the function of it whose body names it.
  std::unordered_map<unsigned, std::vector<std::pair<size_t, unsigned>>> CalledBy;
  std::unordered_map<unsigned, std::vector<size_t>> DefinedBy, DefinedVia, OpBy;
  std::set<unsigned> InHeaders;
  std::set<std::string> InDirs;
};

} // namespace

FactSourceSelection selectFactSources(const std::vector<std::string> &Named,
                                      const std::vector<std::string> &Candidates,
                                      const std::vector<std::string> &Headers,
                                      const std::string &Root) {
  FactSourceSelection Out;
  FactSourcePicker Picker(Candidates, Root, Headers);
  if (!Picker.load(Named, Candidates)) {
    Out.Picked = Candidates;
    Out.Complete = false;
    return Out;
  }
  Picker.pickAll();
  Out.NotHost = Picker.NotHost;
  Out.NamedCost = Picker.namedCost(Named);
  Out.NamedNeeds = Picker.namedNeeds();
  std::vector<std::pair<int, size_t>> Need;
  for (size_t I = 0; I < Candidates.size(); ++I)
    if (!Picker.Why[I].empty()) {
      Out.Picked.push_back(Candidates[I]);
      Out.Why.push_back(Picker.Why[I]);
      Out.Texts.push_back(Picker.textOf(I));
      Out.Texts.back().File = Candidates[I];
      Out.Cost.push_back(Picker.costOf(I, Candidates[I]));
      Need.push_back(Picker.NeedOf[I]);
    }
  for (size_t I = 0; I < Out.Picked.size(); ++I)
    Out.ByNeed.push_back(I);
  llvm::sort(Out.ByNeed, [&](size_t A, size_t B) { return Need[A] < Need[B]; });
  return Out;
}
} // namespace torchlint
