//===--- TestdataTest.cpp - `torch-lint --verify` over all of testdata ----===//
//
// Every annotated source in testdata/ must produce exactly its annotated
// findings (and, with a golden *.fixed.cpp, exactly its fixes) against the
// mock torch headers.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <dirent.h>
#include <algorithm>

namespace {

std::vector<std::string> testdataSources() {
  std::vector<std::string> Files;
  std::string Dir = torchlint::test::sourceDir() + "/testdata";
  if (DIR *D = ::opendir(Dir.c_str())) {
    while (dirent *E = ::readdir(D)) {
      std::string Name = E->d_name;
      bool Cpp = Name.size() > 4 && Name.compare(Name.size() - 4, 4, ".cpp") == 0;
      bool Golden = Name.find(".fixed.") != std::string::npos;
      if (Cpp && !Golden)
        Files.push_back(Name);
    }
    ::closedir(D);
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

class Testdata : public ::testing::TestWithParam<std::string> {};

TEST_P(Testdata, VerifyPasses) {
  using namespace torchlint::test;
  // testdata/<check>.cpp holds the annotations of that one check, as
  // clang-tidy's own tests do; other files are verified against every check.
  std::string Name = GetParam();
  std::string Check = Name.substr(0, Name.rfind('.'));
  std::string Checks = Check.rfind("torch-", 0) == 0 ? "-*," + Check : "torch-*";
  std::string Args = "--verify --checks=" + shellQuote(Checks) + " --torch-include=" +
                     shellQuote(mockIncludes()) + " testdata/" + Name;
  RunResult R = runTorchLint(Args);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("PASS"), std::string::npos) << R.Out << R.Err;
}

INSTANTIATE_TEST_SUITE_P(AllFiles, Testdata, ::testing::ValuesIn(testdataSources()),
                         [](const auto &Info) {
                           std::string N = Info.param;
                           for (char &C : N)
                             if (!isalnum(static_cast<unsigned char>(C)))
                               C = '_';
                           return N;
                         });

TEST(TestdataRunner, FindsTheFiles) { EXPECT_GE(testdataSources().size(), 2u); }

} // namespace
