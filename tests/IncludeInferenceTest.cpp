//===--- IncludeInferenceTest.cpp - A fresh clone finds its own headers ---===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <nlohmann/json.hpp>

using namespace torchlint::test;
using nlohmann::json;

namespace {

void sh(const std::string &Cmd) { ASSERT_EQ(std::system(Cmd.c_str()), 0) << Cmd; }

TEST(IncludeInference, ProjectHeadersResolveWithNoFlags) {
  // csrc/ops/x.cpp includes "ops/utils.h", found only through -Icsrc (what
  // setup.py would pass); utils.h includes torch and "common/defs.h",
  // found through -Iinclude. Another ops/utils.h, farther away, must lose.
  std::string Dir = makeTempDir("infer") + "/proj";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/csrc/ops") + " " +
     shellQuote(Dir + "/include/common") + " " + shellQuote(Dir + "/tools/gen/ops") + " " +
     shellQuote(Dir + "/third_party/dep/ops"));
  writeFile(Dir + "/include/common/defs.h", "#pragma once\n#define PROJ_SCALE 2\n");
  writeFile(Dir + "/csrc/ops/utils.h",
            "#pragma once\n#include <torch/torch.h>\n#include \"common/defs.h\"\n");
  writeFile(Dir + "/tools/gen/ops/utils.h", "#error wrong utils.h\n");
  writeFile(Dir + "/third_party/dep/ops/utils.h", "#error vendored utils.h\n");
  writeFile(Dir + "/csrc/ops/x.cpp", R"(#include "ops/utils.h"
torch::Tensor twice(const torch::Tensor &a, const torch::Tensor &b) {
  return (a + b * PROJ_SCALE).clone();
}
)");
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " -v --format=json csrc/",
                             Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  auto J = json::parse(R.Out);
  EXPECT_TRUE(J["errors"].empty()) << J["errors"].dump();
  ASSERT_EQ(J["findings"].size(), 1u) << R.Out;
  EXPECT_EQ(J["findings"][0]["check"], "torch-perf-redundant-copy");
  // -v says which directories it chose.
  EXPECT_NE(R.Err.find("csrc/ops/x.cpp: -I" + Dir + " -Icsrc -Iinclude"), std::string::npos)
      << R.Err;
}

} // namespace

namespace {

TEST(IncludeInference, ADirectoryNamedAsAStandardHeaderIsNotThatHeader) {
  // bevfusion's spconv: include/ holds a directory `utility` (its own
  // headers) beside the headers a source finds through -Iinclude, and the
  // source includes the standard <utility>. A compiler skips a directory
  // where it looks for a header; so must the include inference and the
  // parse: the file is linted, with no error and nothing "skipped".
  std::string Dir = makeTempDir("infer-dir") + "/proj";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src") + " " +
     shellQuote(Dir + "/include/spconv") + " " + shellQuote(Dir + "/include/utility"));
  writeFile(Dir + "/include/utility/timer.h", "#pragma once\n");
  writeFile(Dir + "/include/spconv/ops.h", "#pragma once\n#include <torch/torch.h>\n");
  writeFile(Dir + "/src/x.cpp", R"(#include <utility>
#include "spconv/ops.h"
torch::Tensor twice(const torch::Tensor &a) {
  auto p = std::make_pair(a, a);
  return (p.first + p.second).clone();
}
)");
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --format=json src/",
                             Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  auto J = json::parse(R.Out);
  EXPECT_TRUE(J["errors"].empty()) << J["errors"].dump();
  ASSERT_EQ(J["findings"].size(), 1u) << R.Out;
  EXPECT_EQ(J["findings"][0]["check"], "torch-perf-redundant-copy");
  EXPECT_EQ(R.Err.find("skipped"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("refused"), std::string::npos) << R.Err;
}

} // namespace
