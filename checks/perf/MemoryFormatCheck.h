//===--- MemoryFormatCheck.h - torch-perf-memory-format ---------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_PERF_MEMORYFORMATCHECK_H
#define TORCHLINT_CHECKS_PERF_MEMORYFORMATCHECK_H

#include "TorchCheck.h"

namespace torchlint::checks {

/// Flags `.contiguous()` (default format) on 4-D/5-D tensors whose result
/// feeds tensor ops: channels_last input is converted with a full copy.
///
/// For the user-facing documentation see docs/checks/torch-perf-memory-format.md
class MemoryFormatCheck : public TorchCheck {
public:
  using TorchCheck::TorchCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_PERF_MEMORYFORMATCHECK_H
