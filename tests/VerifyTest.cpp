//===--- VerifyTest.cpp - The annotation grammar --------------------------===//

#include "report/Verify.h"

#include "gtest/gtest.h"

using namespace torchlint;

namespace {

TEST(Verify, ParsesCheckAndMessageSubstring) {
  auto E = parseExpectations("int a;\n"
                             "f(); // expect: torch-perf-element-loop\n"
                             "g(); // expect: torch-perf-redundant-copy: remove the clone\n");
  ASSERT_EQ(E.size(), 2u);
  EXPECT_EQ(E[0].Line, 2u);
  EXPECT_EQ(E[0].Check, "torch-perf-element-loop");
  EXPECT_EQ(E[0].MessageSubstring, "");
  EXPECT_EQ(E[1].Line, 3u);
  EXPECT_EQ(E[1].Check, "torch-perf-redundant-copy");
  EXPECT_EQ(E[1].MessageSubstring, "remove the clone");
}

TEST(Verify, SeveralAnnotationsOnOneLineAndCRLF) {
  auto E = parseExpectations("x(); // expect: torch-a // expect: torch-b: msg\r\n");
  ASSERT_EQ(E.size(), 2u);
  EXPECT_EQ(E[0].Check, "torch-a");
  EXPECT_EQ(E[1].Check, "torch-b");
  EXPECT_EQ(E[1].MessageSubstring, "msg");
}

TEST(Verify, GoldenPath) {
  EXPECT_EQ(goldenPathFor("/a/b/x.cpp"), "/a/b/x.fixed.cpp");
  EXPECT_EQ(goldenPathFor("x.cu"), "x.fixed.cu");
}

TEST(Verify, ReportsMissingUnexpectedAndWrongMessage) {
  std::string Dir = ::testing::TempDir();
  std::string File = Dir + "verify-unit.cpp";
  {
    FILE *F = fopen(File.c_str(), "w");
    fputs("a(); // expect: torch-x: right words\nb(); // expect: torch-y\nc();\n", F);
    fclose(F);
  }
  Finding Wrong;
  Wrong.Check = "torch-x";
  Wrong.Loc = {File, 1, 1, 0};
  Wrong.Message = "other words";
  Finding Extra;
  Extra.Check = "torch-z";
  Extra.Loc = {File, 3, 1, 0};
  Extra.Message = "surprise";
  std::string Report;
  llvm::raw_string_ostream OS(Report);
  EXPECT_FALSE(verifyFile(File, {Wrong, Extra}, OS));
  OS.flush();
  EXPECT_NE(Report.find("line 1: missing torch-x with a message containing 'right words'"),
            std::string::npos) << Report;
  EXPECT_NE(Report.find("got: other words"), std::string::npos) << Report;
  EXPECT_NE(Report.find("line 2: missing torch-y"), std::string::npos) << Report;
  EXPECT_NE(Report.find("line 3: unexpected torch-z: surprise"), std::string::npos) << Report;
  EXPECT_NE(Report.find("line 1: unexpected torch-x: other words"), std::string::npos) << Report;

  Finding Right = Wrong;
  Right.Message = "the right words here";
  Finding Y;
  Y.Check = "torch-y";
  Y.Loc = {File, 2, 1, 0};
  Report.clear();
  EXPECT_TRUE(verifyFile(File, {Right, Y}, OS)) << Report;
}

} // namespace
