//===--- ApplyFixesTest.cpp - Edits and atomic writes ---------------------===//

#include "fixits/ApplyFixes.h"

#include "TestSupport.h"
#include "gtest/gtest.h"
#include <sys/stat.h>

using namespace torchlint::fixits;

namespace {

TEST(ApplyEdits, AppliesInOffsetOrderKeepingTheRest) {
  Applied A = applyEdits("abcdef", {{4, 1, "E", "b"}, {0, 1, "A", "a"}});
  EXPECT_EQ(A.Content, "AbcdEf");
  EXPECT_EQ(A.AppliedCount, 2u);
  EXPECT_TRUE(A.Dropped.empty());
}

TEST(ApplyEdits, DropsOverlappingAndReportsIt) {
  Applied A = applyEdits("abcdef", {{1, 3, "X", "first"}, {2, 2, "Y", "second"}});
  EXPECT_EQ(A.Content, "aXef");
  ASSERT_EQ(A.Dropped.size(), 1u);
  EXPECT_NE(A.Dropped[0].find("second"), std::string::npos);
  EXPECT_NE(A.Dropped[0].find("first"), std::string::npos);
}

TEST(ApplyEdits, DuplicateEditAppliedOnceAndOutOfRangeDropped) {
  Applied A = applyEdits("abc", {{1, 1, "", "x"}, {1, 1, "", "y"}, {9, 1, "", "z"}});
  EXPECT_EQ(A.Content, "ac");
  EXPECT_EQ(A.Dropped.size(), 1u);
}

TEST(ApplyEdits, KeepsCRLFAndBOMBytes) {
  std::string In = "\xEF\xBB\xBFx.clone();\r\ny();\r\n";
  Applied A = applyEdits(In, {{4, 8, "", "c"}});
  EXPECT_EQ(A.Content, "\xEF\xBB\xBFx;\r\ny();\r\n");
}

TEST(WriteAtomically, ReplacesContentAndKeepsMode) {
  std::string Dir = torchlint::test::makeTempDir("atomic");
  std::string File = Dir + "/f.cpp";
  torchlint::test::writeFile(File, "old");
  ::chmod(File.c_str(), 0640);
  std::string Error;
  ASSERT_TRUE(writeFileAtomically(File, "new content", Error)) << Error;
  EXPECT_EQ(torchlint::test::readFile(File), "new content");
  struct stat St;
  ASSERT_EQ(::stat(File.c_str(), &St), 0);
  EXPECT_EQ(St.st_mode & 0777, 0640u);
}

TEST(WriteAtomically, FailingWriteLeavesOriginalUntouched) {
  // /proc/self exists and its files stat fine, but no temporary file can be
  // created there (works as root too, unlike permission bits).
  std::string Before = torchlint::test::readFile("/proc/self/cmdline");
  std::string Error;
  EXPECT_FALSE(writeFileAtomically("/proc/self/cmdline", "new", Error));
  EXPECT_FALSE(Error.empty());
  EXPECT_EQ(torchlint::test::readFile("/proc/self/cmdline"), Before);
}

TEST(WriteAtomically, MissingFileIsAnError) {
  std::string Error;
  EXPECT_FALSE(writeFileAtomically("/nonexistent/dir/f.cpp", "x", Error));
  EXPECT_NE(Error.find("cannot stat"), std::string::npos) << Error;
}

} // namespace
