//===--- PreCommitTest.cpp - The hooks in the real pre-commit framework ---===//
//
// A temporary git repository consumes the torch-lint hooks with Debian's
// pre-commit (/usr/bin/pre-commit), the way users do: `pre-commit install`,
// then `git commit`. The hook repository is a temporary git repository with
// this checkout's .pre-commit-hooks.yaml and scripts/pre-commit-hook, so the
// working tree (not the last commit) is what is tested. The hooks are
// `language: python` (pre-commit installs the torchlint wheel); here they are
// turned into `language: script` running scripts/pre-commit-hook with this
// build's torch-lint (TORCH_LINT), so these tests need no wheel: the install
// from the wheel is tests/wheel/pre-commit.sh.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"

using namespace torchlint::test;

namespace {

const char *const PreCommit = "/usr/bin/pre-commit";

const char *const Hazard = "#include <torch/torch.h>\n"
                           "at::Tensor f(const at::Tensor &x) {\n"
                           "  return x.sigmoid().clone();\n"
                           "}\n";
const char *const Fixed = "#include <torch/torch.h>\n"
                          "at::Tensor f(const at::Tensor &x) {\n"
                          "  return x.sigmoid();\n"
                          "}\n";
// torch-compile-schema is level2 (asked for with --checks=torch-*);
// torch-perf-redundant-copy is level1.
const char *const Level2Hazard = "#include <torch/torch.h>\n"
                                 "#include <torch/library.h>\n"
                                 "at::Tensor f(const at::Tensor &x) { return x; }\n"
                                 "TORCH_LIBRARY(ns, m) {\n"
                                 "  m.def(\"f(Tensor x -> Tensor\", &f);\n"
                                 "}\n";

std::string torchLintDir() {
  std::string Binary = TORCHLINT_BINARY;
  return Binary.substr(0, Binary.rfind('/'));
}

RunResult run(const std::string &Cmd) {
  static int Counter = 0;
  std::string Base = std::string(::testing::TempDir()) + "torchlint-precommit-" +
                     std::to_string(::getpid()) + "-" + std::to_string(++Counter);
  int Status = std::system(("(" + Cmd + ") >" + Base + ".out 2>" + Base + ".err").c_str());
  RunResult R;
  R.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  R.Out = readFile(Base + ".out");
  R.Err = readFile(Base + ".err");
  std::remove((Base + ".out").c_str());
  std::remove((Base + ".err").c_str());
  return R;
}

/// A consumer repository with the hooks installed, and a hook repository.
class PreCommitRepo : public ::testing::Test {
protected:
  void SetUp() override {
    if (::access(PreCommit, X_OK) != 0)
      GTEST_SKIP() << PreCommit << " is not installed (Debian package pre-commit)";
    const auto *Info = ::testing::UnitTest::GetInstance()->current_test_info();
    Root = makeTempDir(std::string("precommit-") + Info->name());
    Hooks = Root + "/hooks";
    Project = Root + "/project";
    // No user configuration of git or pre-commit leaks in.
    Env = "export HOME=" + shellQuote(Root + "/home") +
          " PRE_COMMIT_HOME=" + shellQuote(Root + "/cache") +
          " GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com"
          " GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com"
          " TORCH_LINT=" +
          shellQuote(TORCHLINT_BINARY) +
          "; unset TORCH_LINT_BUILD_DIR TORCH_LINT_STRICT TORCH_INCLUDE; ";
    RunResult R =
        run(Env + "mkdir -p " + shellQuote(Root + "/home") + " " + shellQuote(Hooks + "/scripts") +
            " " + shellQuote(Project) + " && cp " +
            shellQuote(sourceDir() + "/.pre-commit-hooks.yaml") + " " + shellQuote(Hooks) +
            " && cp " + shellQuote(sourceDir() + "/scripts/pre-commit-hook") + " " +
            shellQuote(Hooks + "/scripts/") + " && cd " + shellQuote(Hooks) +
            " && test \"$(grep -c '^  language: python$' .pre-commit-hooks.yaml)\" = 2" +
            " && test \"$(grep -c '^  entry: torch-lint-pre-commit' .pre-commit-hooks.yaml)\" = 2" +
            " && sed -i 's/^  language: python$/  language: script/;"
            " s|^  entry: torch-lint-pre-commit|  entry: scripts/pre-commit-hook|'"
            " .pre-commit-hooks.yaml" +
            " && git init -q && git add -A && git commit -qm hooks" + " && git rev-parse HEAD");
    ASSERT_EQ(R.ExitCode, 0) << R.Out << R.Err;
    Rev = R.Out.substr(0, R.Out.find('\n'));
  }

  /// Writes .pre-commit-config.yaml using \p HookId with \p Args and runs
  /// `pre-commit install` in a fresh git repository.
  void install(const std::string &HookId, const std::string &Args) {
    writeFile(Project + "/.pre-commit-config.yaml", "repos:\n"
                                                    "  - repo: " +
                                                        Hooks +
                                                        "\n"
                                                        "    rev: " +
                                                        Rev +
                                                        "\n"
                                                        "    hooks:\n"
                                                        "      - id: " +
                                                        HookId +
                                                        "\n"
                                                        "        args: [" +
                                                        Args + "]\n");
    RunResult R = inProject("git init -q && git add .pre-commit-config.yaml && " +
                            std::string(PreCommit) + " install");
    ASSERT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  }

  RunResult inProject(const std::string &Cmd) {
    return run(Env + "cd " + shellQuote(Project) + " && " + Cmd);
  }

  /// `git add` + `git commit`: the pre-commit hook runs.
  RunResult commit(const std::string &File, const std::string &Message) {
    return inProject("git add " + shellQuote(File) + " && git commit -m " + shellQuote(Message));
  }

  int commits() {
    RunResult R = inProject("git rev-list --count HEAD 2>/dev/null || echo 0");
    return std::atoi(R.Out.c_str());
  }

  std::string mockArg() { return "--torch-include=" + mockIncludes(); }

  std::string Root, Hooks, Project, Rev, Env;
};

// The acceptance scenario: a hazard is refused with the finding printed; the
// fixed file commits.
TEST_F(PreCommitRepo, HazardIsRefusedAndFixedFileCommits) {
  install("torch-lint", mockArg());
  writeFile(Project + "/ops.cpp", Hazard);
  RunResult R = commit("ops.cpp", "hazard");
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  std::string All = R.Out + R.Err;
  EXPECT_NE(All.find("torch-lint..."), std::string::npos) << All;
  EXPECT_NE(All.find("Failed"), std::string::npos) << All;
  EXPECT_NE(All.find("ops.cpp:3:22: warning: '.clone()' copies the result of 'sigmoid'"),
            std::string::npos)
      << All;
  EXPECT_NE(All.find("[torch-perf-redundant-copy]"), std::string::npos) << All;
  EXPECT_EQ(commits(), 0);

  writeFile(Project + "/ops.cpp", Fixed);
  R = commit("ops.cpp", "fixed");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE((R.Out + R.Err).find("Passed"), std::string::npos) << R.Out << R.Err;
  EXPECT_EQ(commits(), 1);
}

// The --fix hook rewrites the staged file and stops the commit so the change
// can be reviewed; staged again, it commits.
TEST_F(PreCommitRepo, FixHookRewritesTheFile) {
  install("torch-lint-fix", mockArg());
  writeFile(Project + "/ops.cpp", Hazard);
  RunResult R = commit("ops.cpp", "hazard");
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE((R.Out + R.Err).find("[torch-perf-redundant-copy]"), std::string::npos)
      << R.Out << R.Err;
  EXPECT_EQ(readFile(Project + "/ops.cpp"), Fixed);
  EXPECT_EQ(commits(), 0);

  R = commit("ops.cpp", "fixed by the hook");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(commits(), 1);
}

// args: [--max-level=1] blocks only on level0 and level1 findings, with
// every check asked for (--checks=torch-*): a level2 finding is shown by a
// run that asks for it, never blocking here.
TEST_F(PreCommitRepo, MaxLevelChoosesWhatBlocks) {
  install("torch-lint", mockArg() + ", --max-level=1, --checks=torch-*");
  writeFile(Project + "/schema.cpp", Level2Hazard);
  RunResult R = commit("schema.cpp", "level2 finding");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(commits(), 1);

  writeFile(Project + "/ops.cpp", Hazard); // level1
  R = commit("ops.cpp", "level1 finding");
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE((R.Out + R.Err).find("[torch-perf-redundant-copy]"), std::string::npos)
      << R.Out << R.Err;
  EXPECT_EQ((R.Out + R.Err).find("[torch-compile-schema]"), std::string::npos) << R.Out << R.Err;
  EXPECT_EQ(commits(), 1);
}

// build/compile_commands.json is used when it exists: here only its flags
// (-DWITH_CLONE) make the hazard visible.
TEST_F(PreCommitRepo, UsesTheCompileDatabase) {
  install("torch-lint", "");
  writeFile(Project + "/ops.cpp", "#include <torch/torch.h>\n"
                                  "at::Tensor f(const at::Tensor &x) {\n"
                                  "#ifdef WITH_CLONE\n"
                                  "  return x.sigmoid().clone();\n"
                                  "#else\n"
                                  "  return x.sigmoid();\n"
                                  "#endif\n"
                                  "}\n");
  // Without a compile database: synthesised flags (the mock torch headers via
  // TORCH_INCLUDE), no WITH_CLONE.
  RunResult R = inProject("TORCH_INCLUDE=" + shellQuote(mockIncludes()) +
                          " && export TORCH_INCLUDE && git add ops.cpp && " + PreCommit +
                          " run --files ops.cpp");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;

  std::string Build = Project + "/build";
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Build)).c_str()), 0);
  writeFile(Build + "/compile_commands.json",
            "[{\"directory\": \"" + Build + "\", \"file\": \"" + Project +
                "/ops.cpp\", \"command\": \"c++ -std=c++17 -DWITH_CLONE -isystem " +
                mockIncludes() + " -c " + Project + "/ops.cpp\"}]\n");
  R = commit("ops.cpp", "hazard behind a build flag");
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE((R.Out + R.Err).find("ops.cpp:4:22: warning:"), std::string::npos) << R.Out << R.Err;
  EXPECT_EQ(commits(), 0);
}

// Headers are not translation units: they are linted through the sources
// that include them, and a commit of a header alone does not run torch-lint.
TEST_F(PreCommitRepo, HeadersAloneAreSkipped) {
  install("torch-lint", mockArg());
  writeFile(Project + "/ops.h", Hazard);
  RunResult R = commit("ops.h", "header");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE((R.Out + R.Err).find("Skipped"), std::string::npos) << R.Out << R.Err;
  EXPECT_EQ(commits(), 1);
}

// A staged file's name never becomes an option of torch-lint: one named like
// --write-baseline=... would overwrite a tracked file, --baseline=...
// silence the findings.
TEST_F(PreCommitRepo, FileNamesAreNeverOptions) {
  install("torch-lint", mockArg());
  writeFile(Project + "/victim.cpp", Fixed);
  RunResult R = commit("victim.cpp", "victim");
  ASSERT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  writeFile(Project + "/--write-baseline=victim.cpp", Hazard);
  writeFile(Project + "/--baseline=bl.cpp", Hazard);
  writeFile(Project + "/bl.cpp", "{\"version\": 1, \"findings\": []}\n");
  R = inProject("git add -- --write-baseline=victim.cpp --baseline=bl.cpp && "
                "git commit -m names");
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err; // the hazards in them are found
  EXPECT_NE((R.Out + R.Err).find("[torch-perf-redundant-copy]"), std::string::npos)
      << R.Out << R.Err;
  EXPECT_EQ(readFile(Project + "/victim.cpp"), Fixed);
  EXPECT_EQ(commits(), 1);
}

// Without torch-lint the hook says how to provide it.
TEST_F(PreCommitRepo, MissingTorchLintIsExplained) {
  install("torch-lint", mockArg());
  writeFile(Project + "/ops.cpp", Fixed);
  RunResult R = inProject("unset TORCH_LINT; PATH=/usr/bin:/bin git add ops.cpp && "
                          "PATH=/usr/bin:/bin git commit -m no-tool");
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE((R.Out + R.Err).find("torch-lint not found: put it on PATH or set TORCH_LINT="),
            std::string::npos)
      << R.Out << R.Err;
  EXPECT_EQ(commits(), 0);
}

// torch-lint on PATH (no TORCH_LINT) is found too.
TEST_F(PreCommitRepo, TorchLintOnPath) {
  install("torch-lint", mockArg());
  writeFile(Project + "/ops.cpp", Hazard);
  RunResult R = inProject("unset TORCH_LINT; export PATH=" + shellQuote(torchLintDir()) +
                          ":$PATH; git add ops.cpp && git commit -m hazard");
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE((R.Out + R.Err).find("[torch-perf-redundant-copy]"), std::string::npos)
      << R.Out << R.Err;
}

// --max-level on the command line: findings of less certain checks are not
// reported and do not count for the exit status.
TEST(MaxLevel, FiltersFindingsAndExitStatus) {
  std::string Dir = makeTempDir("max-level");
  writeFile(Dir + "/ops.cpp", Hazard);
  writeFile(Dir + "/schema.cpp", Level2Hazard);
  std::string Inc = " --torch-include=" + shellQuote(mockIncludes()) + " ";
  RunResult All = runTorchLint("--format=json" + Inc + shellQuote(Dir + "/ops.cpp"));
  EXPECT_EQ(All.ExitCode, 1) << All.Out << All.Err;
  RunResult L1 = runTorchLint("--max-level=1" + Inc + shellQuote(Dir + "/ops.cpp"));
  EXPECT_EQ(L1.ExitCode, 1) << L1.Out << L1.Err;
  RunResult L0 = runTorchLint("--max-level=0 --format=json" + Inc + shellQuote(Dir + "/ops.cpp"));
  EXPECT_EQ(L0.ExitCode, 0) << L0.Out << L0.Err;
  EXPECT_EQ(L0.Out.find("torch-perf-redundant-copy"), std::string::npos) << L0.Out;
  // Every check asked for: --max-level=2 reports the level2 finding,
  // --max-level=1 the level1 one only.
  std::string Both = "--checks=torch-*" + Inc + shellQuote(Dir + "/ops.cpp") + " " +
                     shellQuote(Dir + "/schema.cpp");
  RunResult L2 = runTorchLint("--max-level=2 " + Both);
  EXPECT_EQ(L2.ExitCode, 1) << L2.Out << L2.Err;
  EXPECT_NE(L2.Out.find("[torch-compile-schema]"), std::string::npos) << L2.Out;
  RunResult Upto1 = runTorchLint("--max-level=1 " + Both);
  EXPECT_EQ(Upto1.ExitCode, 1) << Upto1.Out << Upto1.Err;
  EXPECT_NE(Upto1.Out.find("[torch-perf-redundant-copy]"), std::string::npos) << Upto1.Out;
  EXPECT_EQ(Upto1.Out.find("[torch-compile-schema]"), std::string::npos) << Upto1.Out;
  for (const char *Bad : {"--max-level=3", "--max-level=x", "--max-level="}) {
    RunResult R = runTorchLint(std::string(Bad) + Inc + shellQuote(Dir + "/ops.cpp"));
    EXPECT_EQ(R.ExitCode, 2) << Bad << R.Err;
    EXPECT_NE(R.Err.find("--max-level needs 0, 1 or 2"), std::string::npos) << R.Err;
  }
}

} // namespace
