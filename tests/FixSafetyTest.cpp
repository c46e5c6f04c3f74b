//===--- FixSafetyTest.cpp - --fix loses nothing ---------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <sys/stat.h>

using namespace torchlint::test;

namespace {

std::string mock() { return "--torch-include=" + shellQuote(mockIncludes()) + " "; }

const char *const Clone = "at::Tensor f(const at::Tensor &a, const at::Tensor &b) {\n"
                          "  return (a + b).clone();\n"
                          "}\n";

TEST(FixSafety, KeepsBomCrlfAndMode) {
  std::string Dir = makeTempDir("fix-bytes");
  std::string Src = "\xEF\xBB\xBF#include <torch/torch.h>\r\n"
                    "at::Tensor f(const at::Tensor &a, const at::Tensor &b) {\r\n"
                    "  return (a + b).clone();\r\n"
                    "}\r\n";
  writeFile(Dir + "/w.cpp", Src);
  ::chmod((Dir + "/w.cpp").c_str(), 0604);
  RunResult R = runTorchLint(mock() + "--fix w.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  std::string Want = Src;
  Want.replace(Want.find(".clone()"), 8, "");
  EXPECT_EQ(readFile(Dir + "/w.cpp"), Want);
  struct stat St;
  ASSERT_EQ(::stat((Dir + "/w.cpp").c_str(), &St), 0);
  EXPECT_EQ(St.st_mode & 0777, 0604u);
  // The finding's position counts the BOM as Clang does (bytes).
  RunResult J = runTorchLint(mock() + "--format=json w.cpp", Dir);
  EXPECT_EQ(J.ExitCode, 0) << J.Out; // Fixed: nothing left.
}

TEST(FixSafety, AFixThatBreaksParsingIsRolledBack) {
  std::string Dir = makeTempDir("fix-rollback");
  std::string Src = std::string("#include <torch/torch.h>\n") + Clone;
  writeFile(Dir + "/r.cpp", Src);
  std::string Cmd = "cd " + shellQuote(Dir) + " && TORCHLINT_TEST_BREAK_FIXES=1 " +
                    shellQuote(TORCHLINT_BINARY) + " " + mock() +
                    "--fix r.cpp >out.txt 2>err.txt";
  int Status = std::system(Cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(Status), 3);
  EXPECT_EQ(readFile(Dir + "/r.cpp"), Src) << "the original must be untouched";
  EXPECT_NE(readFile(Dir + "/err.txt").find("would make it fail to parse; nothing was written"),
            std::string::npos)
      << readFile(Dir + "/err.txt");
}

TEST(FixSafety, FilesNotNamedAreNeverWritten) {
  std::string Dir = makeTempDir("fix-header");
  std::string Header = std::string("#pragma once\n#include <torch/torch.h>\ninline ") + Clone;
  writeFile(Dir + "/h.h", Header);
  writeFile(Dir + "/m.cpp", "#include \"h.h\"\nat::Tensor g(const at::Tensor &a) { return (a * a).clone(); }\n");
  RunResult R = runTorchLint(mock() + "--header-filter='.*' --fix m.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(readFile(Dir + "/h.h"), Header);
  EXPECT_NE(R.Err.find("not named on the command line were not applied"), std::string::npos)
      << R.Err;
  EXPECT_NE(readFile(Dir + "/m.cpp").find("return (a * a); }"), std::string::npos);
}

TEST(Parallel, OutputDoesNotDependOnJobs) {
  std::string Dir = makeTempDir("jobs");
  for (int I = 0; I < 6; ++I)
    writeFile(Dir + "/f" + std::to_string(I) + ".cpp",
              std::string("#include <torch/torch.h>\n") + Clone +
                  "float s(const at::Tensor &t) { float x = 0; for (int64_t i = 0; i < "
                  "t.size(0); ++i) x += t[i].item<float>(); return x; }\n");
  RunResult One = runTorchLint(mock() + "-j 1 --format=json .", Dir);
  RunResult Two = runTorchLint(mock() + "-j 3 --format=json .", Dir);
  EXPECT_EQ(One.ExitCode, 1);
  EXPECT_EQ(One.Out, Two.Out);
  EXPECT_NE(One.Out.find("f5.cpp"), std::string::npos);
}

TEST(Parallel, FastAndSlowParsesFindTheSame) {
  // The speed-ups (skipped bodies, traversal scope) must not change findings.
  for (const char *File : {"testdata/torch-perf-element-loop.cpp",
                           "testdata/torch-compile-data-dependent.cpp",
                           "testdata/torch-compile-schema.cpp",
                           "testdata/torch-perf-redundant-copy.cpp"}) {
    RunResult Fast = runTorchLint(mock() + "--checks='torch-*' --format=json " + File);
    RunResult Slow =
        runTorchLint(mock() + "--checks='torch-*' --no-fast --format=json " + File);
    EXPECT_EQ(Fast.Out, Slow.Out) << File;
    EXPECT_EQ(Fast.ExitCode, 1) << File;
  }
}

} // namespace
