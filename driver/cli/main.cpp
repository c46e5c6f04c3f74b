//===--- main.cpp - torch-lint -------------------------------------------===//

#include "Catalog.h"
#include "cli/Cli.h"

int main(int Argc, const char **Argv) {
  // Keep the clang-tidy module registration in the static link.
  (void)torchlint::TorchLintModuleAnchorSource;
  return torchlint::runTorchLint(Argc, Argv);
}
