//===--- TestSupport.h - Running torch-lint from tests ----------*- C++ -*-===//

#ifndef TORCHLINT_TESTS_TESTSUPPORT_H
#define TORCHLINT_TESTS_TESTSUPPORT_H

#include "gtest/gtest.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <dirent.h>
#include <unistd.h>
#include <vector>

namespace torchlint::test {

/// A file with two findings of two checks (the mock headers): an element
/// loop (line 5, torch-perf-element-loop) and a clone of a fresh tensor
/// (line 9, torch-perf-redundant-copy, with a fix-it). The element loop is
/// a level2 check's, off by default: a run that means both findings asks
/// for both checks (LoopAndCloneChecks).
inline constexpr const char *ElementLoopAndClone = R"(#include <torch/torch.h>
float total(const torch::Tensor &t) {
  float s = 0;
  for (int64_t i = 0; i < t.size(0); ++i)
    s += t[i].item<float>();
  return s;
}
torch::Tensor twice(const torch::Tensor &a, const torch::Tensor &b) {
  return (a + b).clone();
}
)";

/// The arguments that turn on ElementLoopAndClone's two checks.
inline constexpr const char *LoopAndCloneChecks =
    "--checks='-*,torch-perf-element-loop,torch-perf-redundant-copy' ";

inline std::string sourceDir() { return TORCHLINT_SOURCE_DIR; }
inline std::string mockIncludes() { return sourceDir() + "/testdata/include"; }

struct RunResult {
  int ExitCode = -1;
  std::string Out; ///< stdout
  std::string Err; ///< stderr
};

inline std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

inline void writeFile(const std::string &Path, const std::string &Content) {
  std::ofstream Out(Path, std::ios::binary);
  Out << Content;
}

inline std::string shellQuote(const std::string &S) {
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

/// Runs torch-lint with \p Args (already shell-quoted where needed) in
/// directory \p Cwd.
inline RunResult runTorchLint(const std::string &Args,
                              const std::string &Cwd = sourceDir()) {
  static int Counter = 0;
  std::string Base = std::string(::testing::TempDir()) + "torchlint-run-" +
                     std::to_string(::getpid()) + "-" + std::to_string(++Counter);
  // This repository's testdata, examples and kernel pairs are programs of
  // their own, not parts of one project: linted alone, whatever a stored
  // project index of the repository holds (ProjectModeTest tests project
  // mode on a project of its own).
  std::string Own = Cwd == sourceDir() ? "--no-project " : "";
  std::string Cmd = "cd " + shellQuote(Cwd) + " && " + shellQuote(TORCHLINT_BINARY) +
                    " " + Own + Args + " >" + Base + ".out 2>" + Base + ".err";
  int Status = std::system(Cmd.c_str());
  RunResult R;
  R.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  R.Out = readFile(Base + ".out");
  R.Err = readFile(Base + ".err");
  std::remove((Base + ".out").c_str());
  std::remove((Base + ".err").c_str());
  return R;
}

/// The annotated sources in testdata/: `.cpp`, and `.cu` where a check's CUDA
/// forms are linted as CUDA host code (file names, sorted; golden *.fixed.*
/// files excluded).
inline std::vector<std::string> testdataSources() {
  std::vector<std::string> Files;
  std::string Dir = sourceDir() + "/testdata";
  if (DIR *D = ::opendir(Dir.c_str())) {
    while (dirent *E = ::readdir(D)) {
      std::string Name = E->d_name;
      auto EndsWith = [&](const std::string &Ext) {
        return Name.size() > Ext.size() &&
               Name.compare(Name.size() - Ext.size(), Ext.size(), Ext) == 0;
      };
      bool Golden = Name.find(".fixed.") != std::string::npos;
      if ((EndsWith(".cpp") || EndsWith(".cu")) && !Golden)
        Files.push_back(Name);
    }
    ::closedir(D);
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

/// The checks a testdata file is verified with: testdata/<check>.cpp (.cu) holds
/// the annotations of that one check, as clang-tidy's own tests do; other
/// files are verified against every check.
inline std::string testdataChecks(const std::string &Name) {
  std::string Check = Name.substr(0, Name.rfind('.'));
  return Check.rfind("torch-", 0) == 0 ? "-*," + Check : "torch-*";
}

/// The directories makeTempDir made in this test program, removed when it
/// exits with every test passed (a failure keeps them to look at, as does
/// TORCHLINT_KEEP_TEST_DIRS=1): these do not pile up in the temp dir.
struct TempDirs {
  std::vector<std::string> Dirs;
  ~TempDirs() {
    if (const char *Keep = std::getenv("TORCHLINT_KEEP_TEST_DIRS"); Keep && *Keep)
      return;
    if (const ::testing::UnitTest *U = ::testing::UnitTest::GetInstance();
        !U || U->failed_test_count() > 0)
      return;
    for (const std::string &Dir : Dirs)
      std::system(("rm -rf " + shellQuote(Dir)).c_str());
  }
};
inline TempDirs &tempDirs() {
  static TempDirs Made;
  return Made;
}

/// A fresh empty directory under the test temp dir.
inline std::string makeTempDir(const std::string &Name) {
  std::string Dir = std::string(::testing::TempDir()) + "torchlint-" + Name + "-" +
                    std::to_string(::getpid());
  std::system(("rm -rf " + shellQuote(Dir) + " && mkdir -p " + shellQuote(Dir)).c_str());
  if (std::find(tempDirs().Dirs.begin(), tempDirs().Dirs.end(), Dir) == tempDirs().Dirs.end())
    tempDirs().Dirs.push_back(Dir);
  return Dir;
}

} // namespace torchlint::test

#endif // TORCHLINT_TESTS_TESTSUPPORT_H
