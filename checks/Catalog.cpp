//===--- Catalog.cpp - The single list of torchlint checks ----------------===//

#include "Catalog.h"

#include "perf/ElementLoopCheck.h"
#include "perf/RedundantCopyCheck.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/STLExtras.h"

namespace torchlint {
namespace {

template <typename CheckT>
std::unique_ptr<clang::tidy::ClangTidyCheck>
make(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {
  return std::make_unique<CheckT>(Name, Context);
}

using L = CheckLevel;
using F = FixItKind;

// Keep sorted by name.
const CheckInfo Checks[] = {
    {"torch-perf-element-loop", "perf", L::Level0,
     "per-element tensor indexing inside a loop: one dispatcher call and a new "
     "Tensor per element",
     "", F::None, &make<checks::ElementLoopCheck>},
    {"torch-perf-redundant-copy", "perf", L::Level1,
     "a copy or initialisation whose result is never observed: clone of a "
     "fresh tensor, zeros/ones overwritten, repeated contiguous()/to()",
     "", F::Always, &make<checks::RedundantCopyCheck>},
};

} // namespace

llvm::ArrayRef<CheckInfo> catalog() { return Checks; }

const CheckInfo *findCheck(llvm::StringRef Name) {
  for (const CheckInfo &Info : Checks)
    if (Info.Name == Name)
      return &Info;
  return nullptr;
}

std::string defaultChecksGlob() {
  std::string Glob = "-*";
  for (const CheckInfo &Info : Checks)
    if (Info.Level != CheckLevel::Level2)
      (Glob += ",") += Info.Name.str();
  return Glob;
}

llvm::StringRef levelName(CheckLevel Level) {
  switch (Level) {
  case CheckLevel::Level0:
    return "level0";
  case CheckLevel::Level1:
    return "level1";
  case CheckLevel::Level2:
    return "level2";
  }
  return "level2";
}

llvm::StringRef fixItKindName(FixItKind Kind) {
  switch (Kind) {
  case FixItKind::None:
    return "none";
  case FixItKind::Some:
    return "some";
  case FixItKind::Always:
    return "always";
  }
  return "none";
}

} // namespace torchlint
