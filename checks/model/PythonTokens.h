//===--- PythonTokens.h - Python source as tokens and lines ------*- C++ -*-===//
//
// What the Python scans (PythonFakes.h) read: tokens without comments (so
// comments and strings never count as code), logical lines, brackets paired,
// a call's arguments. Linear in the file, whatever it holds.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_PYTHONTOKENS_H
#define TORCHLINT_CHECKS_MODEL_PYTHONTOKENS_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace torchlint::model::python {

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

/// Python's tokens, without comments; \p Lines gets the logical lines
/// (brackets and backslashes join physical ones).
std::vector<Tok> tokenize(llvm::StringRef S, std::vector<Line> *Lines = nullptr);

/// Whether every bracket of \p T is closed by its kind: what Python needs to
/// parse the file at all (one that cannot be imported registers nothing).
bool balanced(const std::vector<Tok> &T);

/// Splits tokens [B, E) at top-level commas (a trailing comma ends no item);
/// \p Trailing says whether one ended the list.
std::vector<std::pair<size_t, size_t>> splitTop(const std::vector<Tok> &T, size_t B, size_t E,
                                                bool *Trailing = nullptr);

/// The index of the bracket closing the one at \p Open, or \p E.
size_t closing(const std::vector<Tok> &T, size_t Open, size_t E);

/// A call's argument: keyword (or ""), its tokens, and whether it is *x/**x.
struct Arg {
  std::string Keyword;
  size_t B, E;
  bool Star = false;
};

/// The arguments of the call whose parentheses hold tokens [B, E).
std::vector<Arg> callArgs(const std::vector<Tok> &T, size_t B, size_t E);

/// What each name a file imports stands for: `import a.b as X` binds X to
/// "a.b", `import a.b` binds a to "a", `from M import x as y` binds y to
/// "M.x" (M keeps its leading dots).
std::map<std::string, std::string> importedNames(const std::vector<Tok> &T,
                                                 const std::vector<Line> &Lines);

/// A Python identifier (ASCII letters, digits, _, and any non-ASCII byte).
bool isIdentifier(llvm::StringRef S);

/// A special method's name (`__setitem__`, `__call__`): Python runs it
/// through the syntax it implements (`v[k] = x`, `v(x)`), seldom by name.
inline bool isSpecialName(llvm::StringRef S) {
  return S.size() > 4 && S.starts_with("__") && S.ends_with("__");
}

} // namespace torchlint::model::python

#endif // TORCHLINT_CHECKS_MODEL_PYTHONTOKENS_H
