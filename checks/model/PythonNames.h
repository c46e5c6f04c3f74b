//===--- PythonNames.h - The names Python code builds ------------*- C++ -*-===//
//
// Extensions build the names they register from module constants, f-strings
// and loops (vLLM, xformers: register_fake(f"{_LIB}::{name}")). The literal
// scan sees literals only; this part evaluates, over the tokens, the few
// expressions names are made of. Whatever it cannot evaluate is a hole in the
// name: the registration then gives its namespace (or "*") to
// UnresolvedNamespaces (PythonFakes.h).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_PYTHONNAMES_H
#define TORCHLINT_CHECKS_MODEL_PYTHONNAMES_H

#include "PythonTokens.h"

#include <map>
#include <string>
#include <vector>

namespace torchlint::model::python {

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

/// Evaluates the expressions names are made of: string literals, f-strings,
/// `+`, `%`, `.format`, `.join`, names bound in \p Consts (module-level
/// constants) or in the environment a call gives.
class NameEvaluator {
public:
  explicit NameEvaluator(const Env &Consts) : Consts(Consts) {}

  /// The value of tokens [B, E) of \p Toks (Unknown unless all of it parses).
  Value eval(const std::vector<Tok> &Toks, size_t B, size_t E, const Env &L,
             unsigned Depth = 0) const;
  /// \p Name in \p L, else among the constants; Unknown when neither has it.
  Value lookup(const std::string &Name, const Env &L) const;
  /// An f-string's value: each replacement field evaluated, holes where it
  /// is not known or is formatted (a conversion or spec changes the text).
  Value fstring(llvm::StringRef Text, const Env &L, unsigned Depth) const;
  /// printf-style "%s::%s" % (a, b).
  Value percent(const std::string &Fmt, const Value &R) const;
  /// str.format / str.join on \p V.
  Value method(const Value &V, const std::string &Name, const std::vector<Arg> &Args,
               const std::vector<Tok> &Toks, const Env &L, unsigned Depth) const;

private:
  struct Parser;
  const Env &Consts;
};

/// "ns::op.default" -> "ns::op"; "op.out" (no namespace) -> "*::op.out".
std::string operatorName(llvm::StringRef Name);

/// "myext::op" / "myext::op.out"; with \p Unqualified also "op" (a
/// Library method: the namespace is the Library's).
bool isOpName(llvm::StringRef S, bool Unqualified);

/// The namespace a partly known name shows, or "*".
std::string namespaceOf(const Value &V);

} // namespace torchlint::model::python

#endif // TORCHLINT_CHECKS_MODEL_PYTHONNAMES_H
