//===--- Schema.h - PyTorch operator schema parser ---------------*- C++ -*-===//
//
// A standalone parser for the FunctionSchema strings given to TORCH_LIBRARY's
// m.def(...) and listed in native_functions.yaml, e.g.
//
//   aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1,
//                 Tensor(a!) out) -> Tensor(a!)
//
// It follows torch/csrc/jit/frontend/function_schema_parser.cpp closely enough
// for a linter: it accepts what PyTorch accepts for operator declarations,
// reports the first error with a 0-based column, and recognises the C++ and
// Python spellings people write by mistake (int64_t, const Tensor&,
// std::vector<Tensor>, List[int]) so the diagnostic can say what to write.
//
// Pure C++17 and the standard library; no LLVM, no torch, no exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_SCHEMA_H
#define TORCHLINT_CHECKS_MODEL_SCHEMA_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchlint::model {

/// One type as written in a schema.
struct SchemaType {
  enum Kind {
    Tensor,
    Int,
    SymInt,
    Float,
    Bool,
    Str,
    Scalar,
    ScalarType,
    Layout,
    Device,
    MemoryFormat,
    Generator,
    Dimname,
    Storage,
    Stream,
    QScheme,
    Any,
    /// Type variables (t, t1), containers (Dict, Future, RRef, Await, Union),
    /// custom classes (__torch__.torch.classes.ns.Class) and the rarer
    /// builtins (complex, SymFloat, SymBool, DeviceIndex, Capsule, ...).
    Other
  };
  Kind kind = Other;
  /// Base type name as written, e.g. "Tensor", "int", "SymInt", "Dict", "t".
  std::string name;
  /// The type has a '?' anywhere: on the element or on the whole
  /// (Tensor?, int[]?, Tensor?[]). For lists, elementOptional and
  /// listOptional say which.
  bool optional = false;
  /// Tensor?[]: a list of optional elements.
  bool elementOptional = false;
  /// int[]?: the list itself may be None. Only meaningful when isList.
  bool listOptional = false;
  /// [] or [N].
  bool isList = false;
  /// int[2] -> 2; -1 when no size was written.
  int fixedSize = -1;
  /// Type arguments of Dict(K, V), Future(T), RRef(T), Await(T), Union(...).
  std::vector<SchemaType> contained;

  /// Canonical text without alias annotation, e.g. "int[2]", "Tensor?[]",
  /// "int[]?", "Dict(str, Tensor)".
  std::string str() const;
  /// True if None is an acceptable value for the whole argument (Tensor?,
  /// int[]?), as opposed to only for the elements (Tensor?[]).
  bool acceptsNone() const { return isList ? listOptional : optional; }
};

/// An alias annotation such as (a), (a!), (a -> *), (a|b).
struct AliasInfo {
  /// The alias set before any '->', e.g. "a", "a|b" or "*".
  std::string set;
  /// The annotation had '!': the operator writes to the aliased memory.
  bool isWrite = false;
  /// The sets after '->' in (a -> *); empty when there is no '->'.
  std::vector<std::string> afterSet;
  /// An annotation was written at all.
  bool present = false;
  /// The annotation follows the list suffix, t[](a!): it is on the list
  /// itself rather than on its elements, Tensor(a!)[].
  bool onList = false;
  /// Written as a bare '!', `Tensor! out` (vLLM's and kernels-community's
  /// spelling): a write into a set of its own, which torch's parser names
  /// "$0", "$1", ... in order.
  bool fresh = false;

  /// "(a!)", "(a -> *)", "!" for a fresh set, or "" when !present.
  std::string str() const;
};

struct SchemaArg {
  SchemaType type;
  AliasInfo alias;
  /// May be empty for returns.
  std::string name;
  bool hasDefault = false;
  /// The default exactly as written: "1", "-1", "1e-05", "None", "True",
  /// "[0,0]", "contiguous_format", and string literals with their quotes
  /// ("'none'", "\"constant\"").
  std::string defaultValue;
  /// The argument follows a '*' in the argument list.
  bool kwargOnly = false;
  /// 0-based offset of the argument's type in the schema string.
  unsigned column = 0;

  /// Type with its alias annotation, e.g. "Tensor(a!)[]", "Tensor(b!)?".
  std::string typeStr() const;
  /// "Tensor(a!) out", "Scalar alpha=1", "Tensor" (unnamed return).
  std::string str() const;
};

struct FunctionSchema {
  /// "" if unqualified.
  std::string ns;
  /// "my_op".
  std::string name;
  /// "" or "out" / "Tensor".
  std::string overload;
  std::vector<SchemaArg> args;
  std::vector<SchemaArg> returns;
  /// False for a name-only declaration like m.def("foo"); true when
  /// "(...) -> ..." is present (the arrow is mandatory in full schemas).
  bool hasReturnArrow = false;
  /// The string had no parenthesised argument list.
  bool nameOnly = false;
  /// The argument list ends in "..." (varargs).
  bool isVararg = false;
  /// The return list is "..." (varargs returns).
  bool isVarret = false;

  /// "ns::name" or "name".
  std::string qualifiedName() const;
  /// Canonical text, e.g.
  /// "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor".
  /// For a name-only declaration, just the name (with overload).
  std::string str() const;
};

struct SchemaError {
  /// 0-based offset into the string.
  unsigned column = 0;
  /// Lower case, no trailing period, e.g. "expected argument name".
  std::string message;
};

/// Parses either a full schema "ns::name.overload(args) -> returns" or a bare
/// operator name "ns::name" / "name" / "ns::name.overload" (nameOnly = true).
/// On failure returns std::nullopt and, if Err is non-null, fills it in with
/// the first error found.
std::optional<FunctionSchema> parseSchema(std::string_view Text, SchemaError *Err);

/// For a type written the C++ or Python way (int64_t, double, const
/// at::Tensor&, std::vector<int64_t>, c10::optional<Tensor>, List[int]),
/// the schema spelling ("int", "float", "Tensor", "int[]", "Tensor?",
/// "int[]"); "" if there is no obvious one.
std::string schemaSpellingOf(std::string_view ForeignType);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_SCHEMA_H
