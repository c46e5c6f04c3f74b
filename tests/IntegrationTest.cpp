//===--- IntegrationTest.cpp - torch-lint on real code and real headers ---===//
//
// These run against Debian's libtorch headers (a few seconds per file): the
// mock headers must not be the only thing the checks were ever right on.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <nlohmann/json.hpp>
#include <set>
#include <sys/stat.h>
#include <tuple>

using namespace torchlint::test;

namespace {

bool haveRealTorch() {
  struct stat St;
  return ::stat("/usr/include/torch/csrc/api/include/torch/torch.h", &St) == 0;
}

// The bundled example: its `// expect:` annotations are the exact findings of
// the default check set against the real headers.
TEST(Integration, ExampleFindingsAreExactlyTheAnnotated) {
  if (!haveRealTorch())
    GTEST_SKIP() << "libtorch-dev is not installed";
  RunResult R = runTorchLint("--verify examples/");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Out.find("FAIL"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("PASS examples/image_ops/csrc/ops.cpp"), std::string::npos) << R.Out;
}

TEST(Integration, ExampleJson) {
  if (!haveRealTorch())
    GTEST_SKIP() << "libtorch-dev is not installed";
  RunResult R = runTorchLint("--format=json examples/");
  ASSERT_EQ(R.ExitCode, 1) << R.Err;
  auto J = nlohmann::json::parse(R.Out);
  EXPECT_TRUE(J["errors"].empty()) << R.Out;
  std::set<std::tuple<std::string, int, std::string>> Got;
  for (const auto &F : J["findings"])
    Got.insert({F["file"].get<std::string>(), F["line"].get<int>(),
                F["check"].get<std::string>()});
  const std::string Ops = "examples/image_ops/csrc/ops.cpp";
  const std::string Bind = "examples/image_ops/csrc/bindings.cpp";
  std::set<std::tuple<std::string, int, std::string>> Want = {
      {Bind, 9, "torch-layout-from-shape"},
      {Bind, 23, "torch-compile-opaque-binding"},
      {Bind, 23, "torch-binding-gil"},
      {Bind, 24, "torch-compile-opaque-binding"},
      {Bind, 24, "torch-binding-gil"},
      {Ops, 13, "torch-perf-redundant-copy"},
      {Ops, 19, "torch-perf-element-loop"},
      {Ops, 20, "torch-perf-element-loop"},
      {Ops, 28, "torch-compile-symint"},
      {Ops, 35, "torch-compile-data-dependent"},
      {Ops, 36, "torch-perf-redundant-copy"},
      {Ops, 48, "torch-perf-redundant-copy"},
      {Ops, 55, "torch-compile-missing-fake-kernel"},
      {Ops, 56, "torch-compile-missing-fake-kernel"},
  };
  EXPECT_EQ(Got, Want) << R.Out;
  for (const auto &F : J["findings"])
    if (F["check"] == "torch-compile-data-dependent")
      EXPECT_EQ(F["graph_break"], "GB0034");
}

// The reference kernel pairs: each hazard version is flagged with exactly its
// annotated checks, and each fixed version is clean (every check enabled).
TEST(Integration, KernelPairsLintConsistently) {
  if (!haveRealTorch())
    GTEST_SKIP() << "libtorch-dev is not installed";
  RunResult R = runTorchLint("--checks='torch-*' --verify kernels/pairs/");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Out.find("FAIL"), std::string::npos) << R.Out;
  for (const char *Fixed : {"element_loop_fixed.cpp", "uint8_roundtrip_fixed.cpp",
                            "temporary_fixed.cpp", "redundant_copy_fixed.cpp",
                            "layout_from_shape_fixed.cpp", "parallel_grain_fixed.cpp"})
    EXPECT_NE(R.Out.find(std::string("PASS kernels/pairs/") + Fixed + " (0 expected"),
              std::string::npos)
        << Fixed << "\n" << R.Out;
}

// The opaque-binding fix-it must produce code the real libtorch accepts.
TEST(Integration, OpaqueBindingFixCompilesAgainstLibtorch) {
  if (!haveRealTorch())
    GTEST_SKIP() << "libtorch-dev is not installed";
  std::string Dir = makeTempDir("fix-compiles");
  std::string File = Dir + "/binding.cpp";
  writeFile(File, readFile(sourceDir() + "/testdata/torch-compile-opaque-binding.cpp"));
  RunResult R = runTorchLint("--checks='-*,torch-compile-opaque-binding' --fix " +
                             shellQuote(File));
  ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  std::string Fixed = readFile(File);
  ASSERT_NE(Fixed.find("TORCH_LIBRARY_FRAGMENT"), std::string::npos) << Fixed;
  std::string Cmd = "clang++-19 -std=c++17 -fsyntax-only -DTORCH_EXTENSION_NAME=fixed_ext "
                    "-isystem /usr/include/torch/csrc/api/include "
                    "-isystem /usr/include/python3.11 " +
                    shellQuote(File) + " 2>" + shellQuote(Dir + "/err.txt");
  EXPECT_EQ(std::system(Cmd.c_str()), 0) << readFile(Dir + "/err.txt");
}

// Fixed testdata still compiles against the mock headers.
TEST(Integration, GoldenFixedFilesCompileAgainstMockHeaders) {
  std::string Cmd = "cd " + shellQuote(sourceDir()) +
                    " && for f in testdata/*.fixed.cpp; do clang++-19 -std=c++17 "
                    "-fsyntax-only -Wno-everything -isystem testdata/include \"$f\" || "
                    "echo \"FAILED $f\"; done >" +
                    shellQuote(std::string(::testing::TempDir()) + "golden.txt") + " 2>&1";
  std::system(Cmd.c_str());
  std::string Out = readFile(std::string(::testing::TempDir()) + "golden.txt");
  EXPECT_EQ(Out.find("FAILED"), std::string::npos) << Out;
}

} // namespace
