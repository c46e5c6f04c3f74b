//===--- Schema.cpp - PyTorch operator schema parser ----------------------===//
//
// A hand-written recursive-descent parser over the characters of the schema;
// whitespace is allowed between any two tokens. Every error records the
// 0-based column of the offending character and parsing stops at the first.
//
//===----------------------------------------------------------------------===//

#include "checks/model/Schema.h"

#include <cctype>
#include <cstddef>

namespace torchlint::model {

namespace {

bool isIdentStart(char C) { return std::isalpha(static_cast<unsigned char>(C)) || C == '_'; }

bool isIdentChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

bool isDigit(char C) { return std::isdigit(static_cast<unsigned char>(C)); }

bool isSpace(char C) {
  return C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' || C == '\v';
}

struct KnownType {
  const char *Name;
  SchemaType::Kind Kind;
};

// The base types of PyTorch's SchemaTypeParser (plus Tensor).
const KnownType KnownTypes[] = {
    {"Tensor", SchemaType::Tensor},
    {"int", SchemaType::Int},
    {"SymInt", SchemaType::SymInt},
    {"float", SchemaType::Float},
    {"bool", SchemaType::Bool},
    {"str", SchemaType::Str},
    {"Scalar", SchemaType::Scalar},
    {"ScalarType", SchemaType::ScalarType},
    {"Layout", SchemaType::Layout},
    {"Device", SchemaType::Device},
    {"MemoryFormat", SchemaType::MemoryFormat},
    {"Generator", SchemaType::Generator},
    {"Dimname", SchemaType::Dimname},
    {"Storage", SchemaType::Storage},
    {"Stream", SchemaType::Stream},
    {"QScheme", SchemaType::QScheme},
    {"Any", SchemaType::Any},
    {"complex", SchemaType::Other},
    {"SymFloat", SchemaType::Other},
    {"SymBool", SchemaType::Other},
    {"Quantizer", SchemaType::Other},
    {"ConstQuantizerPtr", SchemaType::Other},
    {"DeviceIndex", SchemaType::Other},
    {"NoneType", SchemaType::Other},
    {"Capsule", SchemaType::Other},
    {"AnyClassType", SchemaType::Other},
    {"AnyEnumType", SchemaType::Other},
};

const KnownType *findKnownType(std::string_view Name) {
  for (const KnownType &K : KnownTypes)
    if (Name == K.Name)
      return &K;
  return nullptr;
}

bool equalsIgnoreCase(std::string_view A, std::string_view B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (std::tolower(static_cast<unsigned char>(A[I])) !=
        std::tolower(static_cast<unsigned char>(B[I])))
      return false;
  return true;
}

// t, t1, t2, ...: PyTorch's type variables.
bool isTypeVar(std::string_view Name) {
  if (Name.empty() || Name[0] != 't')
    return false;
  for (size_t I = 1; I < Name.size(); ++I)
    if (!isDigit(Name[I]))
      return false;
  return true;
}

// Container types written with parenthesised type arguments: the number of
// type arguments they take (0: one or more), or -1 for other names.
int containerArity(std::string_view Name) {
  if (Name == "Dict")
    return 2;
  if (Name == "Future" || Name == "RRef" || Name == "Await")
    return 1;
  if (Name == "Union")
    return 0;
  return -1;
}

bool isPythonGeneric(std::string_view Name) {
  return Name == "List" || Name == "list" || Name == "Optional" || Name == "Sequence" ||
         Name == "Tuple" || Name == "tuple" || Name == "Dict" || Name == "dict";
}

std::string join(const std::vector<std::string> &Parts, std::string_view Sep) {
  std::string R;
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (I)
      R += Sep;
    R += Parts[I];
  }
  return R;
}

std::string formatType(const SchemaType &T, const AliasInfo *Alias) {
  std::string R = T.name;
  if (!T.contained.empty()) {
    R += '(';
    for (size_t I = 0; I < T.contained.size(); ++I) {
      if (I)
        R += ", ";
      R += T.contained[I].str();
    }
    R += ')';
  }
  if (Alias && !Alias->onList)
    R += Alias->str();
  if (T.isList) {
    if (T.elementOptional)
      R += '?';
    R += '[';
    if (T.fixedSize >= 0)
      R += std::to_string(T.fixedSize);
    R += ']';
    if (Alias && Alias->onList)
      R += Alias->str();
    if (T.listOptional || (T.optional && !T.elementOptional))
      R += '?';
  } else if (T.optional) {
    R += '?';
  }
  return R;
}

//===----------------------------------------------------------------------===//
// Spelling of C++ / Python types
//===----------------------------------------------------------------------===//

std::string trim(std::string_view S) {
  size_t B = 0, E = S.size();
  while (B < E && isSpace(S[B]))
    ++B;
  while (E > B && isSpace(S[E - 1]))
    --E;
  return std::string(S.substr(B, E - B));
}

// Collapses whitespace: a single space between two identifier characters and
// after a comma, nothing elsewhere ("const  at :: Tensor &" -> "const
// at::Tensor&", "Dict[str,Tensor]" -> "Dict[str, Tensor]").
std::string normalizeSpaces(std::string_view S) {
  std::string R;
  bool PendingSpace = false;
  for (char C : S) {
    if (isSpace(C)) {
      PendingSpace = true;
      continue;
    }
    if (!R.empty() && R.back() == ',')
      R += ' ';
    else if (PendingSpace && !R.empty() && isIdentChar(R.back()) && isIdentChar(C))
      R += ' ';
    PendingSpace = false;
    R += C;
  }
  return R;
}

bool startsWith(std::string_view S, std::string_view P) { return S.substr(0, P.size()) == P; }

bool endsWith(std::string_view S, std::string_view P) {
  return S.size() >= P.size() && S.substr(S.size() - P.size()) == P;
}

// Top-level comma split of a template / generic argument list.
std::vector<std::string> splitArgs(std::string_view S) {
  std::vector<std::string> Out;
  int Depth = 0;
  size_t Begin = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '<' || C == '[' || C == '(')
      ++Depth;
    else if (C == '>' || C == ']' || C == ')')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Out.push_back(trim(S.substr(Begin, I - Begin)));
      Begin = I + 1;
    }
  }
  Out.push_back(trim(S.substr(Begin)));
  return Out;
}

std::string spellingOf(std::string T, int Depth);

// A type argument: a schema type already, or a foreign one.
std::string spellArg(const std::string &A, int Depth) {
  if (findKnownType(A))
    return A;
  return spellingOf(A, Depth + 1);
}

std::string spellingOf(std::string T, int Depth) {
  if (Depth > 8)
    return "";
  T = normalizeSpaces(T);
  // Strip cv-qualifiers, references and pointers around the type.
  bool Changed = true;
  while (Changed && !T.empty()) {
    Changed = false;
    if (startsWith(T, "const ")) {
      T.erase(0, 6);
      Changed = true;
    }
    if (startsWith(T, "typename ")) {
      T.erase(0, 9);
      Changed = true;
    }
    if (!T.empty() && (T.back() == '&' || T.back() == '*')) {
      T.pop_back();
      Changed = true;
    }
    if (endsWith(T, " const") || T == "const") {
      T.erase(T.size() >= 6 ? T.size() - 6 : 0);
      Changed = true;
    }
    while (!T.empty() && T.back() == ' ')
      T.pop_back();
  }
  if (T.empty())
    return "";

  // Split Head<Args> / Head[Args].
  std::string Head = T, Args;
  bool HasArgs = false;
  size_t Open = T.find_first_of("<[");
  if (Open != std::string::npos) {
    char Close = T[Open] == '<' ? '>' : ']';
    Head = T.substr(0, Open);
    size_t End = T.size();
    if (T.back() == Close)
      --End;
    Args = T.substr(Open + 1, End - Open - 1);
    HasArgs = true;
  }
  // Drop namespace qualifiers: std::, at::, c10::, torch::, torch., typing.
  for (;;) {
    size_t Colons = Head.find("::");
    size_t Dot = Head.find('.');
    size_t Cut = std::string::npos;
    if (Colons != std::string::npos)
      Cut = Colons + 2;
    else if (Dot != std::string::npos)
      Cut = Dot + 1;
    if (Cut == std::string::npos)
      break;
    Head.erase(0, Cut);
  }

  if (HasArgs) {
    std::vector<std::string> Parts = splitArgs(Args);
    if (Head == "vector" || Head == "ArrayRef" || Head == "List" || Head == "list" ||
        Head == "Sequence" || Head == "IListRef" || Head == "SmallVector" ||
        Head == "OptionalArrayRef") {
      std::string Inner = spellArg(Parts[0], Depth);
      if (Inner.empty() || Inner.find('[') != std::string::npos)
        return "";
      return Inner + "[]" + (Head == "OptionalArrayRef" ? "?" : "");
    }
    if (Head == "array" && Parts.size() == 2) {
      std::string Inner = spellArg(Parts[0], Depth);
      if (Inner.empty() || Inner.find('[') != std::string::npos || Parts[1].empty())
        return "";
      for (char C : Parts[1])
        if (!isDigit(C))
          return "";
      return Inner + "[" + Parts[1] + "]";
    }
    if (Head == "optional" || Head == "Optional") {
      std::string Inner = spellArg(Parts[0], Depth);
      if (Inner.empty() || Inner.back() == '?')
        return Inner;
      return Inner + "?";
    }
    if (Head == "MaybeOwned" || Head == "intrusive_ptr")
      return spellArg(Parts[0], Depth);
    if ((Head == "Dict" || Head == "dict" || Head == "map" || Head == "unordered_map") &&
        Parts.size() == 2) {
      std::string K = spellArg(Parts[0], Depth), V = spellArg(Parts[1], Depth);
      if (K.empty() || V.empty())
        return "";
      return "Dict(" + K + ", " + V + ")";
    }
    if (Head == "tuple" || Head == "Tuple" || Head == "pair") {
      std::string R = "(";
      for (size_t I = 0; I < Parts.size(); ++I) {
        std::string E = spellArg(Parts[I], Depth);
        if (E.empty())
          return "";
        R += (I ? ", " : "") + E;
      }
      return R + ")";
    }
    return "";
  }

  if (findKnownType(Head))
    return Head;
  static const struct {
    const char *From;
    const char *To;
  } Table[] = {
      {"int64_t", "int"},
      {"int32_t", "int"},
      {"int16_t", "int"},
      {"int8_t", "int"},
      {"uint8_t", "int"},
      {"uint16_t", "int"},
      {"uint32_t", "int"},
      {"uint64_t", "int"},
      {"long", "int"},
      {"long long", "int"},
      {"long int", "int"},
      {"short", "int"},
      {"unsigned", "int"},
      {"unsigned int", "int"},
      {"unsigned long", "int"},
      {"size_t", "int"},
      {"ssize_t", "int"},
      {"int64", "int"},
      {"int32", "int"},
      {"integer", "int"},
      {"double", "float"},
      {"long double", "float"},
      {"float32", "float"},
      {"float64", "float"},
      {"half", "float"},
      {"string", "str"},
      {"string_view", "str"},
      {"String", "str"},
      {"char", "str"},
      {"boolean", "bool"},
      {"TensorBase", "Tensor"},
      {"TensorList", "Tensor[]"},
      {"ITensorListRef", "Tensor[]"},
      {"MaterializedITensorListRef", "Tensor[]"},
      {"IntArrayRef", "int[]"},
      {"IntList", "int[]"},
      {"DimVector", "int[]"},
      {"OptionalIntArrayRef", "int[]?"},
      {"SymIntArrayRef", "SymInt[]"},
      {"OptionalSymIntArrayRef", "SymInt[]?"},
      {"SymIntList", "SymInt[]"},
      {"DimnameList", "Dimname[]"},
      {"Dtype", "ScalarType"},
      {"dtype", "ScalarType"},
      {"void", "()"},
  };
  for (const auto &E : Table)
    if (Head == E.From)
      return E.To;
  for (const KnownType &K : KnownTypes)
    if (equalsIgnoreCase(Head, K.Name))
      return K.Name;
  return "";
}

// The diagnostic for a C++ reference, pointer or const-qualified type.
std::string cppTypeMessage(const std::string &Text, const std::string &Spelling, bool HasAlias) {
  std::string Quoted = "'" + Text + "' is c++ syntax";
  if (HasAlias)
    return Quoted + "; remove the '&' or '*', the alias annotation already says how the "
                    "argument is used";
  if (Spelling == "Tensor") {
    if (Text.find("const") != std::string::npos || Text.find('&') == std::string::npos)
      return Quoted + "; schemas write 'Tensor' for a read-only tensor (or 'Tensor(a!)' if "
                      "the operator mutates it)";
    return Quoted + "; schemas write 'Tensor(a!)' for a tensor the operator mutates, or "
                    "'Tensor' otherwise";
  }
  if (!Spelling.empty())
    return Quoted + "; schemas write '" + Spelling + "'";
  return Quoted + ", not a schema type";
}

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

// Facts about a parsed default value used for type checks.
struct ConstantInfo {
  bool IsList = false;
  bool IsString = false;
  bool IsFloat = false;
};

class Parser {
public:
  Parser(std::string_view Text, SchemaError *Error) : S(Text), Err(Error) {}

  std::optional<FunctionSchema> parse();

private:
  std::string_view S;
  SchemaError *Err;
  size_t Pos = 0;
  /// Alias sets named for bare '!' annotations so far.
  unsigned FreshSets = 0;

  bool fail(size_t Column, std::string Message) {
    if (Err) {
      Err->column = static_cast<unsigned>(Column);
      Err->message = std::move(Message);
    }
    return false;
  }

  bool atEnd() const { return Pos >= S.size(); }
  char peek(size_t Off = 0) const { return Pos + Off < S.size() ? S[Pos + Off] : '\0'; }
  bool lookingAt(std::string_view P) const { return S.substr(Pos, P.size()) == P; }
  void skipWs() {
    while (Pos < S.size() && isSpace(S[Pos]))
      ++Pos;
  }
  // Peeks the next non-whitespace character without consuming anything.
  char peekPastWs(size_t *At = nullptr) const {
    size_t P = Pos;
    while (P < S.size() && isSpace(S[P]))
      ++P;
    if (At)
      *At = P;
    return P < S.size() ? S[P] : '\0';
  }
  std::string_view ident() {
    if (!isIdentStart(peek()))
      return {};
    size_t Start = Pos;
    while (Pos < S.size() && isIdentChar(S[Pos]))
      ++Pos;
    return S.substr(Start, Pos - Start);
  }

  bool parseName(FunctionSchema &F);
  bool parseArguments(FunctionSchema &F);
  bool parseReturns(FunctionSchema &F);
  bool parseArgument(SchemaArg &A, size_t &NameColumn, bool IsReturn, bool KwargOnly);
  bool parseType(SchemaType &T, AliasInfo *Alias, bool IsReturn);
  bool parseBaseType(SchemaType &T, bool IsReturn);
  bool parseAlias(AliasInfo &A);
  bool parseAliasSets(std::vector<std::string> &Sets);
  bool parseDefault(SchemaArg &A);
  bool parseConstant(ConstantInfo &Info, bool InList);
  bool reportForeignType(size_t Start);
  bool checkCppSuffix(size_t Start, const SchemaType &T, const AliasInfo *Alias);
};

std::optional<FunctionSchema> Parser::parse() {
  FunctionSchema F;
  skipWs();
  if (atEnd()) {
    fail(0, "empty schema");
    return std::nullopt;
  }
  if (!parseName(F))
    return std::nullopt;
  skipWs();
  if (atEnd()) {
    F.nameOnly = true;
    return F;
  }
  if (peek() != '(') {
    fail(Pos, "expected '(' after operator name");
    return std::nullopt;
  }
  if (!parseArguments(F) || !parseReturns(F))
    return std::nullopt;
  skipWs();
  if (!atEnd()) {
    fail(Pos, "unexpected trailing text");
    return std::nullopt;
  }
  return F;
}

bool Parser::parseName(FunctionSchema &F) {
  std::string_view First = ident();
  if (First.empty())
    return fail(Pos, "expected operator name");
  skipWs();
  if (lookingAt("::")) {
    Pos += 2;
    skipWs();
    std::string_view Second = ident();
    if (Second.empty())
      return fail(Pos, "expected operator name after '::'");
    F.ns = std::string(First);
    F.name = std::string(Second);
    skipWs();
    if (lookingAt("::"))
      return fail(Pos, "nested namespaces are not allowed in operator names");
  } else if (peek() == ':') {
    return fail(Pos, "expected '::' after namespace");
  } else {
    F.name = std::string(First);
  }
  skipWs();
  if (peek() == '.') {
    ++Pos;
    skipWs();
    size_t OverloadColumn = Pos;
    std::string_view Overload = ident();
    if (Overload.empty())
      return fail(Pos, "expected overload name after '.'");
    if (Overload == "default" || Overload == "__name")
      return fail(OverloadColumn, "'" + std::string(Overload) + "' is not a valid overload name");
    F.overload = std::string(Overload);
  }
  return true;
}

bool Parser::parseArguments(FunctionSchema &F) {
  ++Pos; // '('
  skipWs();
  if (peek() == ')') {
    ++Pos;
    return true;
  }
  bool KwargOnly = false;
  std::vector<size_t> NameColumns;
  for (;;) {
    skipWs();
    if (atEnd())
      return fail(Pos, "expected ')' after argument list");
    std::string LastName;
    if (peek() == '*') {
      if (KwargOnly)
        return fail(Pos, "duplicate '*' in argument list");
      ++Pos;
      KwargOnly = true;
    } else if (lookingAt("...")) {
      Pos += 3;
      F.isVararg = true;
    } else {
      SchemaArg A;
      size_t NameColumn = 0;
      if (!parseArgument(A, NameColumn, /*IsReturn=*/false, KwargOnly))
        return false;
      for (const SchemaArg &Prev : F.args)
        if (Prev.name == A.name)
          return fail(NameColumn, "duplicate argument name '" + A.name + "'");
      LastName = A.name;
      F.args.push_back(std::move(A));
    }
    skipWs();
    if (peek() == ',') {
      if (F.isVararg)
        return fail(Pos, "'...' must be the last argument");
      ++Pos;
      skipWs();
      if (peek() == ')')
        return fail(Pos, "expected argument after ','");
      continue;
    }
    if (peek() == ')') {
      ++Pos;
      return true;
    }
    if (atEnd() || lookingAt("->"))
      return fail(Pos, "expected ')' after argument list");
    if (LastName.empty())
      return fail(Pos, "expected ',' or ')' in argument list");
    return fail(Pos, "expected ',' or ')' after argument '" + LastName + "'");
  }
}

bool Parser::parseReturns(FunctionSchema &F) {
  skipWs();
  if (!lookingAt("->"))
    return fail(Pos, "expected '->' before return types");
  Pos += 2;
  F.hasReturnArrow = true;
  skipWs();
  if (atEnd())
    return fail(Pos, "expected return type after '->'");
  if (lookingAt("...")) {
    Pos += 3;
    F.isVarret = true;
    return true;
  }
  if (peek() != '(') {
    SchemaArg R;
    size_t NameColumn = 0;
    if (!parseArgument(R, NameColumn, /*IsReturn=*/true, false))
      return false;
    F.returns.push_back(std::move(R));
    return true;
  }
  ++Pos; // '('
  skipWs();
  if (peek() == ')') {
    ++Pos;
    return true;
  }
  for (;;) {
    skipWs();
    if (atEnd())
      return fail(Pos, "expected ')' after return types");
    if (peek() == '*')
      return fail(Pos, "'*' is not allowed in return types");
    SchemaArg R;
    size_t NameColumn = 0;
    if (!parseArgument(R, NameColumn, /*IsReturn=*/true, false))
      return false;
    if (!R.name.empty())
      for (const SchemaArg &Prev : F.returns)
        if (Prev.name == R.name)
          return fail(NameColumn, "duplicate return name '" + R.name + "'");
    F.returns.push_back(std::move(R));
    skipWs();
    if (peek() == ',') {
      ++Pos;
      skipWs();
      if (peek() == ')')
        return fail(Pos, "expected return type after ','");
      continue;
    }
    if (peek() == ')') {
      ++Pos;
      return true;
    }
    if (atEnd())
      return fail(Pos, "expected ')' after return types");
    return fail(Pos, "expected ',' or ')' after return type");
  }
}

bool Parser::parseArgument(SchemaArg &A, size_t &NameColumn, bool IsReturn, bool KwargOnly) {
  skipWs();
  A.column = static_cast<unsigned>(Pos);
  A.kwargOnly = KwargOnly;
  if (!parseType(A.type, &A.alias, IsReturn))
    return false;
  skipWs();
  NameColumn = Pos;
  std::string_view Name = ident();
  if (!Name.empty())
    A.name = std::string(Name);
  else if (!IsReturn)
    return fail(Pos, "expected argument name");
  skipWs();
  if (peek() == '=') {
    if (IsReturn)
      return fail(Pos, "return values cannot have default values");
    ++Pos;
    return parseDefault(A);
  }
  return true;
}

bool Parser::parseType(SchemaType &T, AliasInfo *Alias, bool IsReturn) {
  skipWs();
  size_t Start = Pos;
  if (!parseBaseType(T, IsReturn))
    return false;
  skipWs();
  if (peek() == '(' || peek() == '!') {
    if (!Alias)
      return fail(Pos, "alias annotations are not allowed on contained types");
    if (!parseAlias(*Alias))
      return false;
  }
  bool QuestionBeforeList = false, QuestionAfterList = false;
  for (;;) {
    skipWs();
    if (peek() == '?') {
      bool &Q = T.isList ? QuestionAfterList : QuestionBeforeList;
      if (Q)
        return fail(Pos, "duplicate '?' in type");
      Q = true;
      ++Pos;
      continue;
    }
    if (peek() == '[') {
      if (T.isList) {
        // int[][]: a list of int[] (torch's parser takes nested lists). The
        // inner list becomes the element, named by its text; what checks
        // know of lists is of the outer one.
        if (Alias && Alias->onList)
          return fail(Pos, "alias annotations are not allowed on contained types");
        T.optional = QuestionBeforeList || QuestionAfterList;
        T.elementOptional = QuestionBeforeList;
        T.listOptional = QuestionAfterList;
        SchemaType Outer;
        Outer.name = formatType(T, nullptr);
        T = std::move(Outer);
        QuestionBeforeList = QuestionAfterList = false;
      }
      ++Pos;
      skipWs();
      if (isDigit(peek())) {
        size_t SizeColumn = Pos;
        long long N = 0;
        while (isDigit(peek())) {
          N = N * 10 + (peek() - '0');
          if (N > 1000000000)
            return fail(SizeColumn, "list size is too large");
          ++Pos;
        }
        T.fixedSize = static_cast<int>(N);
        skipWs();
        if (peek() != ']')
          return fail(Pos, "expected ']' after list size");
      } else if (peek() != ']') {
        return fail(Pos, "expected list size or ']'");
      }
      ++Pos;
      T.isList = true;
      skipWs();
      if ((peek() == '(' || peek() == '!') && Alias) {
        // t[](a!): an alias annotation on the list itself.
        if (Alias->present)
          return fail(Pos, "a type may have only one alias annotation");
        if (!parseAlias(*Alias))
          return false;
        Alias->onList = true;
      }
      continue;
    }
    break;
  }
  T.optional = QuestionBeforeList || QuestionAfterList;
  if (T.isList) {
    T.elementOptional = QuestionBeforeList;
    T.listOptional = QuestionAfterList;
  }
  return checkCppSuffix(Start, T, Alias);
}

// Rejects "Tensor&", "Tensor *", "Tensor const&" after an otherwise valid type.
bool Parser::checkCppSuffix(size_t Start, const SchemaType &T, const AliasInfo *Alias) {
  size_t At = 0;
  char C = peekPastWs(&At);
  size_t SuffixStart = At;
  if (S.substr(At, 5) == "const" && (At + 5 >= S.size() || !isIdentChar(S[At + 5]))) {
    size_t P = At + 5;
    while (P < S.size() && isSpace(S[P]))
      ++P;
    if (P >= S.size() || (S[P] != '&' && S[P] != '*'))
      return true; // An argument named "const".
    At = P;
    C = S[P];
  }
  if (C != '&' && C != '*')
    return true;
  size_t End = At;
  while (End < S.size() && (S[End] == '&' || S[End] == '*' || isSpace(S[End])))
    ++End;
  while (End > At && isSpace(S[End - 1]))
    --End;
  std::string Text = normalizeSpaces(S.substr(Start, End - Start));
  bool HasAlias = Alias && Alias->present;
  std::string Spelling = T.str();
  return fail(SuffixStart, cppTypeMessage(Text, Spelling, HasAlias));
}

bool Parser::parseBaseType(SchemaType &T, bool IsReturn) {
  size_t Start = Pos;
  // A tuple type, (Tensor, Tensor): torch's SchemaTypeParser takes it in
  // arguments too (torchcodec: '(Tensor, Tensor, Tensor)? mappings=None').
  if (!IsReturn && peek() == '(') {
    ++Pos;
    std::string Name = "(";
    for (bool First = true;; First = false) {
      skipWs();
      if (peek() == ')' && First)
        break;
      SchemaType Element;
      if (!parseType(Element, nullptr, IsReturn))
        return false;
      Name += (First ? "" : ", ") + Element.str();
      skipWs();
      if (peek() == ',') {
        ++Pos;
        continue;
      }
      break;
    }
    if (peek() != ')')
      return fail(Pos, "expected ')' to close the tuple type");
    ++Pos;
    T.kind = SchemaType::Other;
    T.name = Name + ")";
    return true;
  }
  if (lookingAt("::"))
    return reportForeignType(Start);
  std::string_view Id = ident();
  if (Id.empty())
    return fail(Pos, IsReturn ? "expected return type" : "expected argument type");
  if (Id == "const")
    return reportForeignType(Start);

  size_t NextAt = 0;
  char Next = peekPastWs(&NextAt);
  bool NextIsColons = Next == ':' && NextAt + 1 < S.size() && S[NextAt + 1] == ':';
  if (NextIsColons || Next == '<')
    return reportForeignType(Start);
  if (Next == '.') {
    // Custom classes: __torch__.torch.classes.ns.Class.
    if (Id != "__torch__")
      return reportForeignType(Start);
    std::string Name(Id);
    for (;;) {
      size_t Save = Pos;
      skipWs();
      if (peek() != '.')
        break;
      ++Pos;
      skipWs();
      std::string_view Part = ident();
      if (Part.empty()) {
        Pos = Save;
        break;
      }
      Name += '.';
      Name += Part;
    }
    T.kind = SchemaType::Other;
    T.name = Name;
    return true;
  }
  if (const KnownType *K = findKnownType(Id)) {
    T.kind = K->Kind;
    T.name = std::string(Id);
    return true;
  }
  if (isTypeVar(Id)) {
    T.kind = SchemaType::Other;
    T.name = std::string(Id);
    return true;
  }
  int Arity = containerArity(Id);
  if (Arity >= 0 && Next == '(') {
    T.kind = SchemaType::Other;
    T.name = std::string(Id);
    Pos = NextAt + 1;
    for (;;) {
      SchemaType Sub;
      if (!parseType(Sub, nullptr, IsReturn))
        return false;
      T.contained.push_back(std::move(Sub));
      skipWs();
      if (peek() == ',') {
        ++Pos;
        continue;
      }
      if (peek() == ')') {
        ++Pos;
        break;
      }
      return fail(Pos, "expected ',' or ')' after type argument of '" + T.name + "'");
    }
    if (Arity > 0 && T.contained.size() != static_cast<size_t>(Arity))
      return fail(Start, "'" + T.name + "' takes " + std::to_string(Arity) + " type argument" +
                             (Arity == 1 ? "" : "s"));
    return true;
  }
  return reportForeignType(Start);
}

// Reads a type written the C++ or Python way starting at Start and reports it
// with the schema spelling when there is one.
bool Parser::reportForeignType(size_t Start) {
  Pos = Start;
  auto ReadQualifiedName = [&]() -> std::string_view {
    size_t Begin = Pos;
    if (lookingAt("::"))
      Pos += 2;
    if (ident().empty()) {
      Pos = Begin;
      return {};
    }
    for (;;) {
      size_t Save = Pos;
      skipWs();
      if (lookingAt("::"))
        Pos += 2;
      else if (peek() == '.')
        ++Pos;
      else {
        Pos = Save;
        break;
      }
      skipWs();
      if (ident().empty()) {
        Pos = Save;
        break;
      }
    }
    return S.substr(Begin, Pos - Begin);
  };
  auto SkipBalanced = [&](char Open, char Close) {
    int Depth = 0;
    while (Pos < S.size()) {
      char C = S[Pos++];
      if (C == Open)
        ++Depth;
      else if (C == Close && --Depth == 0)
        return;
    }
  };
  auto AtKeyword = [&](std::string_view K) {
    size_t At = 0;
    peekPastWs(&At);
    return S.substr(At, K.size()) == K &&
           (At + K.size() >= S.size() || !isIdentChar(S[At + K.size()]));
  };

  if (AtKeyword("const")) {
    skipWs();
    Pos += 5;
    skipWs();
  }
  std::string_view Name = ReadQualifiedName();
  if (Name.empty())
    return fail(Pos, "expected type after 'const'");
  if (Name == "unsigned" || Name == "long" || Name == "signed") {
    // Multi-word C++ integer types.
    for (;;) {
      size_t Save = Pos;
      skipWs();
      std::string_view Word = ident();
      if (Word == "int" || Word == "long" || Word == "short" || Word == "char") {
        // Only part of the type if something follows (the argument name).
        size_t At = 0;
        char After = peekPastWs(&At);
        if (isIdentStart(After) || After == '&' || After == '*')
          continue;
      }
      Pos = Save;
      break;
    }
  }
  std::string_view LastPart = Name;
  size_t Sep = LastPart.find_last_of(":.");
  if (Sep != std::string_view::npos)
    LastPart = LastPart.substr(Sep + 1);
  size_t At = 0;
  char Next = peekPastWs(&At);
  if (Next == '<') {
    Pos = At;
    SkipBalanced('<', '>');
  } else if (Next == '[' && isPythonGeneric(LastPart)) {
    Pos = At;
    SkipBalanced('[', ']');
  }
  if (AtKeyword("const")) {
    size_t Save = Pos;
    skipWs();
    Pos += 5;
    size_t P = 0;
    char C = peekPastWs(&P);
    if (C != '&' && C != '*')
      Pos = Save;
  }
  for (;;) {
    size_t P = 0;
    char C = peekPastWs(&P);
    if (C != '&' && C != '*')
      break;
    Pos = P + 1;
  }

  std::string Text = normalizeSpaces(S.substr(Start, Pos - Start));
  std::string Spelling = spellingOf(Text, 0);
  bool RefOrConst = Text.find('&') != std::string::npos || Text.find('*') != std::string::npos ||
                    startsWith(Text, "const ") || Text.find(" const") != std::string::npos;
  if (RefOrConst)
    return fail(Start, cppTypeMessage(Text, Spelling, /*HasAlias=*/false));
  std::string Message = "unknown type '" + Text + "'";
  if (!Spelling.empty())
    Message += "; schemas write '" + Spelling + "'";
  return fail(Start, Message);
}

bool Parser::parseAliasSets(std::vector<std::string> &Sets) {
  for (;;) {
    skipWs();
    if (peek() == '*') {
      ++Pos;
      Sets.push_back("*");
    } else {
      std::string_view Id = ident();
      if (Id.empty())
        return fail(Pos, "expected alias set name");
      Sets.push_back(std::string(Id));
    }
    skipWs();
    if (peek() != '|')
      return true;
    ++Pos;
  }
}

bool Parser::parseAlias(AliasInfo &A) {
  A.present = true;
  if (peek() == '!') {
    // `Tensor! out`: written, in a set of its own (torch's
    // SchemaTypeParser::parseAliasAnnotation names it "$<n>").
    ++Pos;
    A.set = "$" + std::to_string(FreshSets++);
    A.isWrite = true;
    A.fresh = true;
    return true;
  }
  ++Pos; // '('

  std::vector<std::string> Before;
  if (!parseAliasSets(Before))
    return false;
  A.set = join(Before, "|");
  skipWs();
  if (peek() == '!') {
    ++Pos;
    A.isWrite = true;
  }
  skipWs();
  if (lookingAt("->")) {
    Pos += 2;
    if (!parseAliasSets(A.afterSet))
      return false;
  }
  skipWs();
  if (peek() != ')')
    return fail(Pos, "expected ')' after alias annotation");
  ++Pos;
  return true;
}

bool Parser::parseConstant(ConstantInfo &Info, bool InList) {
  size_t Start = Pos;
  char C = peek();
  if (C == '[') {
    if (InList)
      return fail(Pos, "nested lists are not allowed in default values");
    Info.IsList = true;
    ++Pos;
    skipWs();
    if (peek() == ']') {
      ++Pos;
      return true;
    }
    for (;;) {
      skipWs();
      if (atEnd() || peek() == ')')
        return fail(Pos, "expected ']' to close default list");
      if (!parseConstant(Info, /*InList=*/true))
        return false;
      skipWs();
      if (peek() == ',') {
        ++Pos;
        skipWs();
        if (peek() == ']')
          return fail(Pos, "expected list element after ','");
        continue;
      }
      if (peek() == ']') {
        ++Pos;
        return true;
      }
      if (atEnd() || peek() == ')')
        return fail(Pos, "expected ']' to close default list");
      return fail(Pos, "expected ',' or ']' in default list");
    }
  }
  if (C == '\'' || C == '"') {
    ++Pos;
    while (Pos < S.size() && S[Pos] != C) {
      if (S[Pos] == '\\')
        ++Pos;
      ++Pos;
    }
    if (Pos >= S.size())
      return fail(Start, "unterminated string");
    ++Pos;
    Info.IsString = true;
    return true;
  }
  if (C == '-' || C == '+' || isDigit(C) || (C == '.' && isDigit(peek(1)))) {
    if (C == '-' || C == '+')
      ++Pos;
    if (lookingAt("inf") || lookingAt("nan")) {
      Pos += 3;
      if (isIdentChar(peek()))
        return fail(Start, "invalid number");
      Info.IsFloat = true;
      return true;
    }
    bool Digits = false;
    while (isDigit(peek())) {
      ++Pos;
      Digits = true;
    }
    if (peek() == '.') {
      ++Pos;
      Info.IsFloat = true;
      while (isDigit(peek())) {
        ++Pos;
        Digits = true;
      }
    }
    if (!Digits)
      return fail(Start, "invalid number");
    if (peek() == 'e' || peek() == 'E') {
      ++Pos;
      if (peek() == '+' || peek() == '-')
        ++Pos;
      if (!isDigit(peek()))
        return fail(Pos, "expected exponent digits");
      while (isDigit(peek()))
        ++Pos;
      Info.IsFloat = true;
    }
    if (peek() == 'j') { // Complex literal.
      ++Pos;
      Info.IsFloat = true;
    }
    if (isIdentChar(peek()) || peek() == '.')
      return fail(Start, "invalid number");
    return true;
  }
  if (isIdentStart(C)) {
    std::string_view Word = ident();
    if (lookingAt("::")) {
      // at::kFloat, std::nullopt, c10::MemoryFormat::Contiguous.
      while (lookingAt("::") && isIdentStart(peek(2))) {
        Pos += 2;
        Word = ident();
      }
      std::string Text(S.substr(Start, Pos - Start));
      if (Word == "nullopt")
        return fail(Start, "'" + Text + "' is c++ syntax; schemas write 'None'");
      return fail(Start, "'" + Text + "' is c++ syntax, not a schema default value");
    }
    // Qualified enum-like values: torch.contiguous_format.
    while (peek() == '.' && isIdentStart(peek(1))) {
      ++Pos;
      ident();
    }
    if (Word == "true" || Word == "false" || Word == "nullptr" || Word == "NULL" ||
        Word == "null" || Word == "none" || Word == "nullopt") {
      std::string Right = Word == "true" ? "True" : Word == "false" ? "False" : "None";
      return fail(Start, "'" + std::string(Word) + "' is not a schema literal; schemas write '" +
                             Right + "'");
    }
    if (Word == "inf" || Word == "nan")
      Info.IsFloat = true;
    return true;
  }
  return fail(Pos, "invalid default value");
}

bool Parser::parseDefault(SchemaArg &A) {
  skipWs();
  size_t Start = Pos;
  if (atEnd() || peek() == ',' || peek() == ')')
    return fail(Pos, "expected default value after '='");
  ConstantInfo Info;
  if (!parseConstant(Info, /*InList=*/false))
    return false;
  A.hasDefault = true;
  A.defaultValue = std::string(S.substr(Start, Pos - Start));
  SchemaType::Kind K = A.type.kind;
  bool Loose = K == SchemaType::Any || K == SchemaType::Other;
  if (Info.IsList && !A.type.isList && !Loose)
    return fail(Start, "list default for non-list type '" + A.type.str() + "'");
  if (Info.IsString && !Loose && K != SchemaType::Str && K != SchemaType::Dimname)
    return fail(Start, "string default for non-string type '" + A.type.str() + "'");
  if (Info.IsFloat && (K == SchemaType::Int || K == SchemaType::SymInt))
    return fail(Start, "floating-point default for integer type '" + A.type.str() + "'");
  return true;
}

} // namespace

std::string SchemaType::str() const { return formatType(*this, nullptr); }

std::string AliasInfo::str() const {
  if (!present)
    return "";
  if (fresh)
    return "!";
  std::string R = "(" + set;
  if (isWrite)
    R += '!';
  if (!afterSet.empty())
    R += " -> " + join(afterSet, "|");
  R += ')';
  return R;
}

std::string SchemaArg::typeStr() const { return formatType(type, &alias); }

std::string SchemaArg::str() const {
  std::string R = typeStr();
  if (!name.empty())
    R += " " + name;
  if (hasDefault)
    R += "=" + defaultValue;
  return R;
}

std::string FunctionSchema::qualifiedName() const { return ns.empty() ? name : ns + "::" + name; }

std::string FunctionSchema::str() const {
  std::string R = qualifiedName();
  if (!overload.empty())
    R += "." + overload;
  if (nameOnly)
    return R;
  R += '(';
  bool SawKwarg = false;
  for (size_t I = 0; I < args.size(); ++I) {
    if (I)
      R += ", ";
    if (args[I].kwargOnly && !SawKwarg) {
      R += "*, ";
      SawKwarg = true;
    }
    R += args[I].str();
  }
  if (isVararg)
    R += args.empty() ? "..." : ", ...";
  R += ") -> ";
  if (isVarret)
    return R + "...";
  if (returns.size() == 1 && returns[0].name.empty())
    return R + returns[0].str();
  R += '(';
  for (size_t I = 0; I < returns.size(); ++I) {
    if (I)
      R += ", ";
    R += returns[I].str();
  }
  return R + ')';
}

std::optional<FunctionSchema> parseSchema(std::string_view Text, SchemaError *Err) {
  return Parser(Text, Err).parse();
}

std::string schemaSpellingOf(std::string_view ForeignType) {
  return spellingOf(std::string(ForeignType), 0);
}

} // namespace torchlint::model
