//===--- TestdataTest.cpp - `torch-lint --verify` over all of testdata ----===//
//
// Every annotated source in testdata/ must produce exactly its annotated
// findings (and, with a golden *.fixed.cpp, exactly its fixes) against the
// mock torch headers.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"

namespace {

using torchlint::test::testdataSources;

class Testdata : public ::testing::TestWithParam<std::string> {};

TEST_P(Testdata, VerifyPasses) {
  using namespace torchlint::test;
  std::string Name = GetParam();
  std::string Checks = testdataChecks(Name);
  // Each testdata file is a program of its own, not a part of this
  // repository's: linted alone (--no-project), with testdata/ as its
  // project (its Python is testdata/python, not this repository's tests).
  std::string Args = "--verify --no-project --project-root=testdata --checks=" +
                     shellQuote(Checks) + " --torch-include=" +
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
