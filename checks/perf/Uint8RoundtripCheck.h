//===--- Uint8RoundtripCheck.h - torch-perf-uint8-roundtrip -----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_UINT8ROUNDTRIPCHECK_H
#define TORCHLINT_CHECKS_PERF_UINT8ROUNDTRIPCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags uint8 -> float -> elementwise -> round/clamp -> uint8 round trips in
/// one function: a 256-entry lookup table computes the same bytes.
///
/// For the user-facing documentation see docs/checks/torch-perf-uint8-roundtrip.md
class Uint8RoundtripCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_UINT8ROUNDTRIPCHECK_H
