#pragma once
// MOCK of <ATen/core/function_schema.h> (PyTorch 2.x) for fast torchlint unit
// tests. Only a minimal, opaque c10::FunctionSchema / c10::OperatorName.
#include <c10/macros/Macros.h>

namespace c10 {

enum class AliasAnalysisKind : uint8_t {
  INTERNAL_SPECIAL_CASE,
  CONSERVATIVE, // The most conservative alias analysis type, assumes
                // side-effects. This is the default analysis.
  FROM_SCHEMA,
  PURE_FUNCTION
};

struct TORCH_API OperatorName final {
  std::string name;
  std::string overload_name;
  OperatorName(std::string name, std::string overload_name);
};

struct TORCH_API FunctionSchema {
  FunctionSchema(const FunctionSchema&);
  FunctionSchema(FunctionSchema&&) noexcept;
  FunctionSchema& operator=(const FunctionSchema&);
  FunctionSchema& operator=(FunctionSchema&&) noexcept;
  ~FunctionSchema();

  const OperatorName& operator_name() const;
  const std::string& name() const;
  const std::string& overload_name() const;
  bool is_vararg() const;
  bool is_varret() const;
  bool is_mutable() const;
  void setAliasAnalysis(AliasAnalysisKind v);
  AliasAnalysisKind aliasAnalysis() const;
};

TORCH_API std::ostream& operator<<(std::ostream& out, const FunctionSchema& schema);

} // namespace c10
