//===--- IntegrationTest.cpp - torch-lint on real code and real headers ---===//
//
// These run against the real torch headers, both of them: Debian's libtorch
// 1.13 and the project's PyTorch 2.x (the virtual environment scripts/setup.sh
// makes, .venv or $TORCHLINT_VENV). The mock headers must not be the only
// thing the checks were ever right on. Every testdata expectation holds on
// both; where a file had to differ it says so in the file.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <nlohmann/json.hpp>
#include <iostream>
#include <set>
#include <sys/stat.h>
#include <tuple>

using namespace torchlint::test;

namespace {

bool isFile(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

/// One real torch: the torch-lint flags that select it, and how to compile
/// against it.
struct RealTorch {
  std::string Name;
  std::vector<std::string> Includes;
  std::vector<std::string> HeaderRoots; ///< Where its torch/, ATen/, c10/ are.
  std::string Std;
  std::string Missing; ///< Why it is not here; empty when it is.

  std::string flags() const {
    std::string F;
    for (const std::string &I : Includes)
      F += "--torch-include=" + shellQuote(I) + " ";
    return F;
  }
};

std::string venvDir() {
  const char *V = std::getenv("TORCHLINT_VENV");
  return V && *V ? V : sourceDir() + "/.venv";
}

RealTorch realTorch(const std::string &Name) {
  RealTorch T{Name, {}, {}, "c++17", ""};
  if (Name == "debian_1_13") {
    T.Includes = {"/usr/include/torch/csrc/api/include"};
    T.HeaderRoots = {"/usr/include", "/usr/include/torch/csrc/api/include"};
    if (!isFile("/usr/include/torch/csrc/api/include/torch/torch.h"))
      T.Missing = "libtorch-dev is not installed (scripts/setup.sh installs it)";
  } else {
    std::string Inc = venvDir() + "/lib/python3.11/site-packages/torch/include";
    T.Includes = {Inc, Inc + "/torch/csrc/api/include"};
    T.HeaderRoots = T.Includes;
    T.Std = "c++20";
    if (!isFile(Inc + "/torch/headeronly/version.h"))
      T.Missing = "no torch 2.x in " + venvDir() + " (scripts/setup.sh makes it)";
  }
  return T;
}

/// Skips outside CI when the torch is missing; in CI (CI=true, where
/// scripts/setup.sh has run) a missing torch is a failure.
#define REQUIRE_TORCH(T)                                                           \
  if (!(T).Missing.empty()) {                                                      \
    const char *CI = std::getenv("CI");                                            \
    if (CI && *CI)                                                                 \
      FAIL() << (T).Missing;                                                       \
    GTEST_SKIP() << (T).Missing;                                                   \
  }

class Integration : public ::testing::TestWithParam<std::string> {
protected:
  RealTorch Torch = realTorch(GetParam());
};

// The bundled example: its `// expect:` annotations are the exact findings of
// the default check set against the real headers.
TEST_P(Integration, ExampleFindingsAreExactlyTheAnnotated) {
  REQUIRE_TORCH(Torch);
  RunResult R = runTorchLint(Torch.flags() + "--verify examples/");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Out.find("FAIL"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("PASS examples/image_ops/csrc/ops.cpp"), std::string::npos) << R.Out;
}

TEST_P(Integration, ExampleJson) {
  REQUIRE_TORCH(Torch);
  RunResult R = runTorchLint(Torch.flags() + "--format=json examples/");
  ASSERT_EQ(R.ExitCode, 1) << R.Err;
  auto J = nlohmann::json::parse(R.Out);
  EXPECT_TRUE(J["errors"].empty()) << R.Out;
  std::set<std::tuple<std::string, int, std::string>> Got;
  for (const auto &F : J["findings"])
    Got.insert({F["file"].get<std::string>(), F["line"].get<int>(),
                F["check"].get<std::string>()});
  const std::string Ops = "examples/image_ops/csrc/ops.cpp";
  const std::string Bind = "examples/image_ops/csrc/bindings.cpp";
  // (bindings.cpp:9's torch-layout-from-shape, ops.cpp:19-20's
  // torch-perf-element-loop and ops.cpp:35's torch-compile-data-dependent
  // are level2 checks', asked for below.)
  std::set<std::tuple<std::string, int, std::string>> Want = {
      {Bind, 23, "torch-compile-opaque-binding"},
      {Bind, 24, "torch-compile-opaque-binding"},
      {Ops, 13, "torch-perf-redundant-copy"},
      {Ops, 36, "torch-perf-redundant-copy"},
      {Ops, 48, "torch-perf-redundant-copy"},
  };
  EXPECT_EQ(Got, Want) << R.Out;
  RunResult L2 = runTorchLint(Torch.flags() + "--format=json "
                              "--checks=-*,torch-compile-data-dependent,torch-layout-from-shape,"
                              "torch-perf-element-loop "
                              "examples/");
  ASSERT_EQ(L2.ExitCode, 1) << L2.Err;
  auto J2 = nlohmann::json::parse(L2.Out);
  std::set<std::tuple<std::string, int, std::string>> Got2;
  for (const auto &F : J2["findings"]) {
    Got2.insert({F["file"].get<std::string>(), F["line"].get<int>(),
                 F["check"].get<std::string>()});
    if (F["check"] == "torch-compile-data-dependent")
      EXPECT_EQ(F["graph_break"], "GB0033"); // composite: "Data dependent operator"
  }
  EXPECT_EQ(Got2, (std::set<std::tuple<std::string, int, std::string>>{
                      {Bind, 9, "torch-layout-from-shape"},
                      {Ops, 19, "torch-perf-element-loop"},
                      {Ops, 20, "torch-perf-element-loop"},
                      {Ops, 35, "torch-compile-data-dependent"}}))
      << L2.Out;
}

// The reference kernel pairs: each hazard version is flagged with exactly its
// annotated checks, and each fixed version is clean (every check enabled).
TEST_P(Integration, KernelPairsLintConsistently) {
  REQUIRE_TORCH(Torch);
  // An empty compile database: build/compile_commands.json (found on its
  // own) has the pairs with Debian's flags; these runs choose the torch.
  std::string Empty = makeTempDir("empty-cdb") + "/compile_commands.json";
  writeFile(Empty, "[]");
  RunResult R = runTorchLint(Torch.flags() + "-p " + shellQuote(Empty) +
                             " --checks='torch-*' --verify kernels/pairs/");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Out.find("FAIL"), std::string::npos) << R.Out;
  for (const char *Fixed : {"element_loop_fixed.cpp", "uint8_roundtrip_fixed.cpp",
                            "temporary_fixed.cpp", "redundant_copy_fixed.cpp",
                            "layout_from_shape_fixed.cpp", "parallel_grain_fixed.cpp",
                            "omp_in_loop_fixed.cpp"})
    EXPECT_NE(R.Out.find(std::string("PASS kernels/pairs/") + Fixed + " (0 expected"),
              std::string::npos)
        << Fixed << "\n" << R.Out;
}

// The opaque-binding fix-it must produce code the real libtorch accepts.
TEST_P(Integration, OpaqueBindingFixCompilesAgainstLibtorch) {
  REQUIRE_TORCH(Torch);
  std::string Dir = makeTempDir("fix-compiles-" + Torch.Name);
  std::string File = Dir + "/binding.cpp";
  writeFile(File, readFile(sourceDir() + "/testdata/torch-compile-opaque-binding.cpp"));
  RunResult R = runTorchLint(Torch.flags() + "--checks='-*,torch-compile-opaque-binding' --fix " +
                             shellQuote(File));
  ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  std::string Fixed = readFile(File);
  ASSERT_NE(Fixed.find("TORCH_LIBRARY_FRAGMENT"), std::string::npos) << Fixed;
  std::string Cmd = "clang++-19 -std=" + Torch.Std +
                    " -fsyntax-only -DTORCH_EXTENSION_NAME=fixed_ext "
                    "-isystem /usr/include/python3.11 ";
  for (const std::string &I : Torch.Includes)
    Cmd += "-isystem " + shellQuote(I) + " ";
  Cmd += shellQuote(File) + " 2>" + shellQuote(Dir + "/err.txt");
  EXPECT_EQ(std::system(Cmd.c_str()), 0) << readFile(Dir + "/err.txt");
}

/// The headers a testdata file needs that not every torch has, from its
/// `// torchlint-test: requires <path>` lines (testdata/stable-abi.cpp needs
/// the 2.9+ stable ABI, which Debian's 1.13 lacks).
std::vector<std::string> requiredHeaders(const std::string &Content) {
  std::vector<std::string> Out;
  static const std::string Marker = "// torchlint-test: requires <";
  for (size_t Pos = Content.find(Marker); Pos != std::string::npos;
       Pos = Content.find(Marker, Pos + 1)) {
    size_t Begin = Pos + Marker.size(), End = Content.find('>', Begin);
    if (End != std::string::npos && Content.find('\n', Begin) > End)
      Out.push_back(Content.substr(Begin, End - Begin));
  }
  return Out;
}

bool hasHeader(const RealTorch &T, const std::string &Header) {
  for (const std::string &I : T.HeaderRoots)
    if (isFile(I + "/" + Header))
      return true;
  return false;
}

// Every testdata expectation holds against the real headers too, except in a
// file that needs headers this torch does not have.
TEST_P(Integration, TestdataExpectationsHoldOnRealHeaders) {
  REQUIRE_TORCH(Torch);
  std::string Report;
  std::vector<std::string> Failed, Skipped;
  unsigned Verified = 0;
  for (const std::string &Name : testdataSources()) {
    std::string Path = "testdata/" + Name;
    std::string Missing;
    for (const std::string &H : requiredHeaders(readFile(sourceDir() + "/" + Path)))
      if (!hasHeader(Torch, H))
        Missing = H;
    if (!Missing.empty()) {
      Skipped.push_back(Name + " (no <" + Missing + ">)");
      continue;
    }
    // testdata/ is the program's project, as in TestdataTest.cpp.
    RunResult R =
        runTorchLint(Torch.flags() + "--verify --no-project --project-root=testdata --checks=" +
                     shellQuote(testdataChecks(Name)) + " " + shellQuote(Path));
    Report += R.Out + R.Err;
    if (R.ExitCode != 0 || R.Out.find("PASS") == std::string::npos)
      Failed.push_back(Name);
    ++Verified;
  }
  EXPECT_TRUE(Failed.empty()) << Report;
  EXPECT_GE(Verified, 17u) << Report;
  // The project's torch 2.x has every header the testdata needs; only an
  // older torch may skip a file, and only for a header it lacks.
  if (Torch.Name == "pypi_2_x")
    EXPECT_TRUE(Skipped.empty()) << Skipped.front();
  for (const std::string &S : Skipped)
    std::cout << "skipped on " << Torch.Name << ": " << S << "\n";
}

INSTANTIATE_TEST_SUITE_P(RealTorch, Integration,
                         ::testing::Values("debian_1_13", "pypi_2_x"),
                         [](const auto &Info) { return std::string(Info.param); });

// With a torch 2.x virtual environment active, a file that needs 2.x API
// lints with no flags, and -v says which torch it used.
TEST(TorchDetection, ActiveVenvTorchIsUsedWithNoFlags) {
  RealTorch T = realTorch("pypi_2_x");
  REQUIRE_TORCH(T);
  std::string Dir = makeTempDir("venv-torch");
  writeFile(Dir + "/ext.cpp", R"(#include <torch/extension.h>
#include <optional>
at::Tensor scale(const at::Tensor &x, std::optional<at::Tensor> w) {
  const float *p = x.const_data_ptr<float>();
  float s = 0;
  for (int64_t i = 0; i < x.size(0); ++i)
    s += x[i].item<float>();
  return w ? x * *w * s * p[0] : x;
}
)");
  std::string Cmd = "cd " + shellQuote(Dir) + " && env -u TORCH_INCLUDE -u CONDA_PREFIX " +
                    "VIRTUAL_ENV=" + shellQuote(venvDir()) + " " + shellQuote(TORCHLINT_BINARY) +
                    " -v --checks='-*,torch-perf-element-loop' --format=json ext.cpp >out.json "
                    "2>err.txt";
  int Status = std::system(Cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(Status), 1) << readFile(Dir + "/err.txt");
  auto J = nlohmann::json::parse(readFile(Dir + "/out.json"));
  EXPECT_TRUE(J["errors"].empty()) << J.dump();
  ASSERT_EQ(J["findings"].size(), 1u) << J.dump();
  EXPECT_EQ(J["findings"][0]["check"], "torch-perf-element-loop");
  std::string Err = readFile(Dir + "/err.txt");
  EXPECT_NE(Err.find("torch: 2."), std::string::npos) << Err;
  EXPECT_NE(Err.find("(python " + venvDir() + "/bin/python)"), std::string::npos) << Err;
  EXPECT_NE(Err.find("language: -std=c++20"), std::string::npos) << Err;

  RunResult V = runTorchLint("--version -v");
  EXPECT_EQ(V.ExitCode, 0);
  EXPECT_NE(V.Out.find("torch: "), std::string::npos) << V.Out;
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
