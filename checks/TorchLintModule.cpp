//===--- TorchLintModule.cpp - Registers the torch-* checks ---------------===//
//
// One clang-tidy module for both front ends: linked statically into
// `torch-lint`, and loaded by clang-tidy-19 from libTorchLintTidy.so.
//
//===----------------------------------------------------------------------===//

#include "Catalog.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace torchlint {
namespace {

class TorchLintModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(
      clang::tidy::ClangTidyCheckFactories &Factories) override {
    for (const CheckInfo &Info : catalog()) {
      CheckFactory Create = Info.Create;
      Factories.registerCheckFactory(
          Info.Name, [Create](llvm::StringRef Name,
                              clang::tidy::ClangTidyContext *Context) {
            return Create(Name, Context);
          });
    }
  }
};

} // namespace

static clang::tidy::ClangTidyModuleRegistry::Add<TorchLintModule>
    X("torch-module", "Torch performance and torch.compile hazard checks.");

volatile int TorchLintModuleAnchorSource = 0;

} // namespace torchlint
