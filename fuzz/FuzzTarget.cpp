//===--- FuzzTarget.cpp - libFuzzer entry point for the whole engine ------===//
//
// Each input is one C++ translation unit. It is written to a file in a
// per-process directory under /dev/shm (memory, not disk), linted with every
// torch-* check enabled against the mock torch headers of testdata/include,
// and the result is rendered as JSON and text (into a null stream), so the
// parser's recovery, the model, every check and the output code all see it.
// As torch-lint does by default, the torch headers an input starts with come
// from the precompiled-header cache (kept in the same directory and removed at
// exit); TORCHLINT_FUZZ_NO_PCH=1 parses them every time instead (slower).
//
// Build and run: docs/guide/robustness.md.
//
//===----------------------------------------------------------------------===//

#include "project/BuildScripts.h"
#include "engine/Engine.h"
#include "project/FactSources.h"
#include "report/MissingHeaders.h"
#include "project/Project.h"
#include "model/PythonFakes.h"
#include "report/Output.h"
#include "engine/PchCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

namespace {

struct FuzzState {
  std::string Dir;
  std::string Input;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  std::unique_ptr<torchlint::PchCache> Pch;
  torchlint::EngineOptions Options;
};

std::string tempRoot() {
  if (const char *Env = std::getenv("TORCHLINT_FUZZ_TMP"); Env && *Env)
    return Env;
  return llvm::sys::fs::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
}

FuzzState &state() {
  static FuzzState *S = [] {
    auto *S = new FuzzState;
    S->Dir = tempRoot() + "/torchlint-fuzz-" + std::to_string(::getpid());
    llvm::sys::fs::create_directories(S->Dir);
    S->Input = S->Dir + "/in.cpp";
    std::string Includes = TORCHLINT_SOURCE_DIR "/testdata/include";
    if (const char *Env = std::getenv("TORCHLINT_FUZZ_INCLUDE"); Env && *Env)
      Includes = Env;
    torchlint::SynthesisedFlags Flags;
    Flags.TorchIncludes = {Includes};
    S->Database = torchlint::makeCompilationDatabase(nullptr, Flags);
    S->Options.Checks = "torch-*";
    const char *NoPch = std::getenv("TORCHLINT_FUZZ_NO_PCH");
    if (!NoPch || !*NoPch || std::string(NoPch) == "0") {
      S->Pch = std::make_unique<torchlint::PchCache>(S->Dir + "/pch");
      S->Options.Pch = S->Pch.get();
    }
    std::atexit([] { llvm::sys::fs::remove_directories(state().Dir); });
    return S;
  }();
  return *S;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  FuzzState &S = state();
  {
    std::ofstream Out(S.Input, std::ios::binary | std::ios::trunc);
    Out.write(reinterpret_cast<const char *>(Data), static_cast<std::streamsize>(Size));
  }
  // The same bytes as each file of the tree torch-lint reads itself: the
  // Python scan, project mode's text pass over sources, setup.py's macros,
  // .gitmodules, .torch-lint.yaml.
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  torchlint::model::PythonOps Py;
  torchlint::model::scanPythonSource(Text, Py, "in.py");
  std::string Tree = S.Dir + "/tree";
  llvm::sys::fs::create_directories(Tree);
  for (const char *Name : {"/setup.py", "/.gitmodules", "/.torch-lint.yaml"}) {
    std::ofstream Out(Tree + Name, std::ios::binary | std::ios::trunc);
    Out.write(Text.data(), static_cast<std::streamsize>(Text.size()));
  }
  (void)torchlint::readSourceText(Text);
  (void)torchlint::BuildScripts::definesIn(Tree + "/setup.py");
  (void)torchlint::absentSubmodulesOf(Tree);
  torchlint::FileSelection Selection({}, /*Defaults=*/true);
  (void)Selection.loadProject(Tree);

  torchlint::LintResult Result = torchlint::lint({S.Input}, *S.Database, S.Options);
  torchlint::printJson(llvm::nulls(), Result);
  torchlint::printText(llvm::nulls(), Result, /*Color=*/false);
  return 0;
}
