//===--- ValueReadCheck.h - torch-perf-value-read ----------------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_VALUEREADCHECK_H
#define TORCHLINT_CHECKS_PERF_VALUEREADCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags validations (TORCH_CHECK and its family) that read a value of a
/// CUDA tensor on the host in a function every call of an op or a binding
/// runs: a device-to-host copy and a wait for the device per call.
///
/// For the user-facing documentation see docs/checks/torch-perf-value-read.md
class ValueReadCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_VALUEREADCHECK_H
