//===--- Plugin.cpp - libTorchLintTidy.so for clang-tidy --load ----------===//
//
// The checks and their module registration come from torchlint_checks; this
// file only makes sure the plugin is loaded into the clang-tidy it was built
// for. The clang-tidy symbols come from the clang-tidy executable.
//
//===----------------------------------------------------------------------===//

#include "Catalog.h"

namespace {
struct Anchor {
  Anchor() { (void)torchlint::TorchLintModuleAnchorSource; }
} TheAnchor;
} // namespace
