//===--- BaselineTest.cpp - Baselines, line filters, diffs, shards ---------===//

#include "report/Baseline.h"
#include "TestSupport.h"

#include "gtest/gtest.h"
#include <nlohmann/json.hpp>
#include <set>

using namespace torchlint;
using namespace torchlint::test;
using nlohmann::json;

namespace {

std::string mock() { return "--torch-include=" + shellQuote(mockIncludes()) + " "; }

const char *const Hazard = ElementLoopAndClone;

const char *const Clean = R"(#include <torch/torch.h>
torch::Tensor sum2(const torch::Tensor &a, const torch::Tensor &b) {
  return a + b;
}
)";

/// (check, line) of each finding of a --format=json run.
std::vector<std::pair<std::string, int>> findings(const std::string &Out) {
  std::vector<std::pair<std::string, int>> F;
  json Doc = json::parse(Out);
  for (const auto &J : Doc["findings"])
    F.push_back({J["check"].get<std::string>(), J["line"].get<int>()});
  return F;
}

using Found = std::vector<std::pair<std::string, int>>;

void sh(const std::string &Cmd) { ASSERT_EQ(std::system(Cmd.c_str()), 0) << Cmd; }

std::string git(const std::string &Dir) {
  return "git -C " + shellQuote(Dir) +
         " -c user.name=torchlint -c user.email=t@example.invalid "
         "-c commit.gpgsign=false -c init.defaultBranch=main ";
}

// --- Baselines ----------------------------------------------------------------

TEST(Baseline, FindingIdentitySurvivesEditsThatMoveIt) {
  std::string Dir = makeTempDir("baseline-move");
  writeFile(Dir + "/hazard.cpp", Hazard);
  RunResult W = runTorchLint(mock() + LoopAndCloneChecks + "--write-baseline=base.json hazard.cpp", Dir);
  // The run that writes the baseline reports nothing: it is the baseline.
  EXPECT_EQ(W.ExitCode, 0) << W.Out << W.Err;
  EXPECT_EQ(W.Out, "");
  auto Base = json::parse(readFile(Dir + "/base.json"));
  ASSERT_EQ(Base["findings"].size(), 2u) << Base.dump(2);
  EXPECT_EQ(Base["findings"][0]["file"], "hazard.cpp");
  EXPECT_EQ(Base["findings"][0]["fingerprint"].get<std::string>().size(), 32u);

  RunResult Same = runTorchLint(mock() + LoopAndCloneChecks + "--baseline base.json hazard.cpp", Dir);
  EXPECT_EQ(Same.ExitCode, 0) << Same.Out << Same.Err;
  EXPECT_EQ(Same.Out, "");

  // Unrelated edits above (new lines, re-indentation of the finding's line)
  // move both findings; a new hazard is added below.
  std::string Edited = Hazard;
  Edited.insert(Edited.find("float total"),
                "// A comment.\n\nint unrelated(int x) {\n  return x + 1;\n}\n\n");
  Edited.replace(Edited.find("    s += t[i].item<float>();"), 28,
                 "    s  +=  t[i].item<float>();   ");
  Edited += "torch::Tensor thrice(const torch::Tensor &x) {\n"
            "  return (x + x).clone();\n"
            "}\n";
  writeFile(Dir + "/hazard.cpp", Edited);
  RunResult R =
      runTorchLint(mock() + LoopAndCloneChecks + "--format=json --baseline base.json hazard.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findings(R.Out), (Found{{"torch-perf-redundant-copy", 18}})) << R.Out;
  EXPECT_NE(R.Err.find("2 finding(s) in the baseline not reported"), std::string::npos)
      << R.Err;

  // Without the baseline all three are there, at their new lines.
  RunResult All = runTorchLint(mock() + LoopAndCloneChecks + "--format=json hazard.cpp", Dir);
  EXPECT_EQ(findings(All.Out), (Found{{"torch-perf-element-loop", 11},
                                      {"torch-perf-redundant-copy", 15},
                                      {"torch-perf-redundant-copy", 18}}))
      << All.Out;
}

TEST(Baseline, IdenticalLinesAreCountedNotMerged) {
  std::string Dir = makeTempDir("baseline-occurrence");
  std::string Two =
      std::string(Hazard) +
      "torch::Tensor again(const torch::Tensor &a, const torch::Tensor &b) {\n"
      "  return (a + b).clone();\n"
      "}\n";
  writeFile(Dir + "/h.cpp", Two);
  RunResult W = runTorchLint(mock() + LoopAndCloneChecks + "--write-baseline base.json h.cpp", Dir);
  ASSERT_EQ(W.ExitCode, 0) << W.Err;
  auto Base = json::parse(readFile(Dir + "/base.json"));
  ASSERT_EQ(Base["findings"].size(), 3u);
  std::set<std::string> Prints;
  for (const auto &F : Base["findings"])
    Prints.insert(F["fingerprint"].get<std::string>());
  EXPECT_EQ(Prints.size(), 3u); // Same check, file and line text: told apart.

  // A third identical line is new.
  writeFile(Dir + "/h.cpp", Two + "torch::Tensor third(const torch::Tensor &a, const "
                                  "torch::Tensor &b) {\n  return (a + b).clone();\n}\n");
  RunResult R = runTorchLint(mock() + LoopAndCloneChecks + "--format=json --baseline base.json h.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_EQ(findings(R.Out).size(), 1u) << R.Out;
}

TEST(Baseline, PathsAreRelativeToTheBaselineFile) {
  std::string Dir = makeTempDir("baseline-relative");
  sh("mkdir -p " + shellQuote(Dir + "/proj/src"));
  writeFile(Dir + "/proj/src/h.cpp", Hazard);
  RunResult W =
      runTorchLint(mock() + "--write-baseline proj/base.json proj/src/h.cpp", Dir);
  ASSERT_EQ(W.ExitCode, 0) << W.Err;
  EXPECT_EQ(json::parse(readFile(Dir + "/proj/base.json"))["findings"][0]["file"],
            "src/h.cpp");
  // Another working directory, and the project moved: still the same findings.
  sh("mv " + shellQuote(Dir + "/proj") + " " + shellQuote(Dir + "/moved"));
  RunResult R =
      runTorchLint(mock() + "--baseline ../base.json h.cpp", Dir + "/moved/src");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Out, "");
}

TEST(Baseline, FormatsStillSeeTheRemainingFindings) {
  std::string Dir = makeTempDir("baseline-sarif");
  writeFile(Dir + "/h.cpp", Clean);
  ASSERT_EQ(runTorchLint(mock() + LoopAndCloneChecks + "--write-baseline b.json h.cpp", Dir).ExitCode, 0);
  writeFile(Dir + "/h.cpp", Hazard);
  RunResult R = runTorchLint(mock() + LoopAndCloneChecks + "--format=sarif --baseline b.json h.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_EQ(json::parse(R.Out)["runs"][0]["results"].size(), 2u);
}

// --- Line filters and diffs ------------------------------------------------------

TEST(LineFilter, ClangTidySyntax) {
  std::string Dir = makeTempDir("line-filter");
  writeFile(Dir + "/hazard.cpp", Hazard);
  auto Run = [&](const std::string &Filter) {
    return runTorchLint(mock() + LoopAndCloneChecks + "--format=json --line-filter=" + shellQuote(Filter) +
                            " hazard.cpp",
                        Dir);
  };
  RunResult Nine = Run(R"([{"name":"hazard.cpp","lines":[[9,9]]}])");
  EXPECT_EQ(Nine.ExitCode, 1);
  EXPECT_EQ(findings(Nine.Out), (Found{{"torch-perf-redundant-copy", 9}}));
  RunResult Both = Run(R"([{"name":"hazard.cpp","lines":[[1,5],[9,12]]}])");
  EXPECT_EQ(findings(Both.Out).size(), 2u);
  RunResult Whole = Run(R"([{"name":"hazard.cpp"}])");
  EXPECT_EQ(findings(Whole.Out).size(), 2u);
  RunResult Other = Run(R"([{"name":"zhazard.cpp"},{"name":"other.cpp"}])");
  EXPECT_EQ(Other.ExitCode, 0); // Exit status from what is left.
  EXPECT_EQ(findings(Other.Out).size(), 0u);
  RunResult Gap = Run(R"([{"name":"hazard.cpp","lines":[[6,8]]}])");
  EXPECT_EQ(findings(Gap.Out).size(), 0u);
}

TEST(DiffBase, OnlyChangedLinesAreReported) {
  std::string Dir = makeTempDir("diff-base");
  std::string First =
      std::string(Hazard).substr(0, std::string(Hazard).find("torch::Tensor twice"));
  writeFile(Dir + "/h.cpp", First);
  writeFile(Dir + "/old.cpp", Hazard);
  sh(git(Dir) + "init -q && " + git(Dir) + "add -A && " + git(Dir) + "commit -qm one");
  // Lines 8-10 appended (uncommitted); old.cpp untouched.
  writeFile(Dir + "/h.cpp", Hazard);
  writeFile(Dir + "/new.cpp", Hazard); // Untracked: every line is new.
  RunResult R =
      runTorchLint(mock() + LoopAndCloneChecks + "--format=json --diff-base HEAD h.cpp old.cpp new.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  auto J = json::parse(R.Out);
  std::vector<std::string> Where;
  for (const auto &F : J["findings"])
    Where.push_back(F["file"].get<std::string>() + ":" +
                    std::to_string(F["line"].get<int>()));
  EXPECT_EQ(Where, (std::vector<std::string>{"h.cpp:9", "new.cpp:5", "new.cpp:9"}))
      << R.Out;

  // Committed, against the previous commit; a changed line in old.cpp.
  std::string Old = Hazard;
  Old.replace(Old.find("  return (a + b).clone();"), 25, "  return (b + a).clone();");
  writeFile(Dir + "/old.cpp", Old);
  sh(git(Dir) + "add -A && " + git(Dir) + "commit -qm two");
  RunResult C = runTorchLint(mock() + LoopAndCloneChecks + "--format=json --diff-base=HEAD~1 .", Dir);
  EXPECT_EQ(C.ExitCode, 1) << C.Err;
  Where.clear();
  json CDoc = json::parse(C.Out);
  for (const auto &F : CDoc["findings"])
    Where.push_back(F["file"].get<std::string>() + ":" +
                    std::to_string(F["line"].get<int>()));
  EXPECT_EQ(Where,
            (std::vector<std::string>{"h.cpp:9", "new.cpp:5", "new.cpp:9", "old.cpp:9"}))
      << C.Out;

  // Nothing changed since HEAD: nothing reported, exit 0.
  RunResult N = runTorchLint(mock() + LoopAndCloneChecks + "--diff-base HEAD .", Dir);
  EXPECT_EQ(N.ExitCode, 0) << N.Out << N.Err;
}

TEST(DiffBase, HunkParsing) {
  auto Ranges = parseDiffHunks("diff --git a/x b/x\n"
                               "--- a/x\n+++ b/x\n"
                               "@@ -3 +3 @@ int f()\n-a\n+b\n"
                               "@@ -10,0 +11,4 @@\n+1\n+2\n+3\n+4\n"
                               "@@ -20,2 +24,0 @@\n-x\n-y\n"
                               "@@ -0,0 +1 @@\n+z\n");
  EXPECT_EQ(Ranges,
            (std::vector<std::pair<unsigned, unsigned>>{{3, 3}, {11, 14}, {1, 1}}));
}

// --- Shards ------------------------------------------------------------------------

TEST(Shard, DeterministicDisjointAndComplete) {
  std::string Dir = makeTempDir("shard");
  std::vector<std::string> Names = {"a.cpp", "b.cpp", "c.cpp", "d.cpp", "e.cpp"};
  for (const std::string &N : Names)
    writeFile(Dir + "/" + N, Hazard);
  std::multiset<std::string> Union;
  for (int I = 1; I <= 3; ++I) {
    RunResult R = runTorchLint(mock() + "--format=json --shard=" + std::to_string(I) +
                                   "/3 e.cpp d.cpp c.cpp b.cpp a.cpp",
                               Dir);
    EXPECT_EQ(R.ExitCode, 1) << R.Err;
    std::set<std::string> Files;
    json Doc = json::parse(R.Out);
    for (const auto &F : Doc["findings"])
      Files.insert(F["file"].get<std::string>());
    Union.insert(Files.begin(), Files.end());
    // Round robin over the sorted files.
    std::set<std::string> Expected;
    for (size_t K = I - 1; K < Names.size(); K += 3)
      Expected.insert(Names[K]);
    EXPECT_EQ(Files, Expected) << I;
  }
  EXPECT_EQ(Union, std::multiset<std::string>(Names.begin(), Names.end()));
  std::vector<std::string> Abs;
  for (const std::string &N : Names)
    Abs.push_back("/p/" + N);
  EXPECT_EQ(shardFiles(Abs, 2, 2), (std::vector<std::string>{"/p/b.cpp", "/p/d.cpp"}));
}

// --- Bad values ------------------------------------------------------------------

TEST(Baseline, BadValuesAreExitTwoWithOneClearMessage) {
  std::string Dir = makeTempDir("select-bad");
  writeFile(Dir + "/ok.cpp", Hazard);
  writeFile(Dir + "/broken.json", "{ nope");
  writeFile(Dir + "/other.json", "{\"findings\": [{\"x\": 1}]}");
  sh("mkdir -p " + shellQuote(Dir + "/adir"));
  std::string Repo = Dir + "/repo";
  sh("mkdir -p " + shellQuote(Repo));
  writeFile(Repo + "/r.cpp", Hazard);
  sh(git(Repo) + "init -q && " + git(Repo) + "add -A && " + git(Repo) + "commit -qm one");
  struct Case {
    const char *Name;
    std::string Args;
    const char *Message;
  };
  std::vector<Case> Cases = {
      {"missing baseline", "--baseline nope.json ok.cpp",
       "--baseline: cannot read 'nope.json'"},
      {"broken baseline", "--baseline broken.json ok.cpp",
       "is not a torch-lint baseline"},
      {"foreign baseline", "--baseline other.json ok.cpp",
       "is not a torch-lint baseline"},
      {"baseline no value", "ok.cpp --baseline", "--baseline needs a value"},
      {"empty baseline value", "--baseline= ok.cpp", "--baseline needs a value"},
      {"write into missing dir", "--write-baseline no/dir/b.json ok.cpp",
       "--write-baseline: no such directory"},
      {"write onto a directory", "--write-baseline adir ok.cpp", "is a directory"},
      {"shard zero", "--shard 0/2 ok.cpp", "--shard: expected i/n"},
      {"shard too big", "--shard 3/2 ok.cpp", "--shard: expected i/n"},
      {"shard garbage", "--shard=x ok.cpp", "--shard: expected i/n"},
      {"shard sign", "--shard=+1/2 ok.cpp", "--shard: expected i/n"},
      {"line filter json", "--line-filter='[{' ok.cpp", "--line-filter: not valid JSON"},
      {"line filter shape", "--line-filter='{\"name\":\"ok.cpp\"}' ok.cpp",
       "--line-filter: expected"},
      {"line filter range",
       "--line-filter='[{\"name\":\"ok.cpp\",\"lines\":[[5,2]]}]' ok.cpp",
       "--line-filter: bad line range"},
      {"line filter no name", "--line-filter='[{\"lines\":[[1,2]]}]' ok.cpp",
       "needs a non-empty \"name\""},
      {"diff outside git", "--diff-base HEAD ok.cpp", "is not in a git repository"},
      {"bad revision", "--diff-base no-such-rev repo/r.cpp",
       "unknown revision 'no-such-rev'"},
      {"option as revision", "--diff-base=--output=x repo/r.cpp",
       "is not a git revision"},
  };
  for (const Case &C : Cases) {
    RunResult R = runTorchLint(mock() + C.Args, Dir);
    EXPECT_EQ(R.ExitCode, 2) << C.Name << "\n" << R.Out << R.Err;
    EXPECT_NE(R.Err.find(C.Message), std::string::npos) << C.Name << ": " << R.Err;
    EXPECT_EQ(R.Err.find("torch-lint: error:"), R.Err.rfind("torch-lint: error:"))
        << C.Name << ": more than one error message: " << R.Err;
    EXPECT_EQ(R.Out, "") << C.Name;
  }
  EXPECT_EQ(readFile(Dir + "/ok.cpp"), Hazard);
  EXPECT_EQ(readFile(Dir + "/x"), "");
}

TEST(Baseline, Normalisation) {
  EXPECT_EQ(normaliseLine("  \t s  +=\tt[i] ;  \r"), "s += t[i] ;");
  EXPECT_EQ(relativePath("/a/b/c.cpp", "/a"), "b/c.cpp");
  EXPECT_EQ(relativePath("/a/b/c.cpp", "/a/x/y"), "../../b/c.cpp");
  EXPECT_EQ(relativePath("/a/b/c.cpp", "/"), "a/b/c.cpp");
  std::vector<Finding> F(2);
  F[0].Check = F[1].Check = "torch-perf-element-loop";
  F[0].Loc.File = F[1].Loc.File = "/nonexistent/x.cpp";
  F[0].Loc.Line = 3;
  F[1].Loc.Line = 7;
  SourceCache Sources;
  auto Ids = fingerprints(F, "/nonexistent", Sources);
  ASSERT_EQ(Ids.size(), 2u);
  EXPECT_NE(Ids[0], Ids[1]); // Same (empty) text: the occurrence index differs.
  SourceCache Again;
  EXPECT_EQ(fingerprints(F, "/nonexistent", Again), Ids);
}

} // namespace
