//===--- FormatsTest.cpp - CI output formats ------------------------------===//
//
// --format=github is compared byte for byte with what @actions/core 3.0.1
// printed for 156 calls and 9 invalid-UTF-8 byte strings (recorded in
// shared/reference/actions-core-vectors.json), and every SARIF file torch-lint
// writes is validated against the official SARIF 2.1.0 schema
// (shared/reference/sarif-schema-2.1.0.json) with Debian's python3-jsonschema.
// The reference files are read where they are, never copied into the tree:
// TORCHLINT_SHARED_DIR, else ../shared beside the checkout. Outside CI a
// checkout without them skips these tests, saying so; under CI they fail.
//
//===----------------------------------------------------------------------===//

#include "report/Formats.h"
#include "TestSupport.h"

#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <dirent.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sys/stat.h>

using namespace torchlint;
using namespace torchlint::test;
using nlohmann::json;

namespace {

std::string mock() { return "--torch-include=" + shellQuote(mockIncludes()) + " "; }

const char *const Hazard = ElementLoopAndClone;

// --- Reference files ----------------------------------------------------------

/// shared/reference/<Name>, or "" (with the test skipped, or failed in CI)
/// when the checkout has no shared/ beside it.
std::string referenceFile(const std::string &Name) {
  const char *Env = std::getenv("TORCHLINT_SHARED_DIR");
  std::string Shared = Env && *Env ? Env : sourceDir() + "/../shared";
  std::string Path = Shared + "/reference/" + Name;
  struct stat St;
  if (::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode))
    return Path;
  return "";
}

#define REFERENCE_FILE(Var, Name)                                                  \
  std::string Var = referenceFile(Name);                                           \
  if (Var.empty()) {                                                               \
    const char *CI = std::getenv("CI");                                            \
    if (CI && *CI)                                                                 \
      FAIL() << "shared/reference/" << Name << " not found (TORCHLINT_SHARED_DIR)"; \
    GTEST_SKIP() << "shared/reference/" << Name << " not found";                   \
  }

/// Runs a shell command; stdout and stderr in \p Out, exit status returned.
int runShell(const std::string &Cmd, std::string &Out) {
  std::string Path = std::string(::testing::TempDir()) + "torchlint-sh-" +
                     std::to_string(::getpid()) + ".out";
  int Status = std::system((Cmd + " >" + shellQuote(Path) + " 2>&1").c_str());
  Out = readFile(Path);
  std::remove(Path.c_str());
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
}

/// Validates SARIF files against the schema; empty on success, else the
/// validator's report. Debian's interpreter: python3-jsonschema is its.
std::string validateSarif(const std::string &Schema,
                          const std::vector<std::string> &Files) {
  std::string Cmd = "/usr/bin/python3 -I " +
                    shellQuote(sourceDir() + "/tests/sarif/validate_sarif.py") + " " +
                    shellQuote(Schema);
  for (const std::string &F : Files)
    Cmd += " " + shellQuote(F);
  std::string Out;
  int RC = runShell(Cmd, Out);
  return RC == 0 ? std::string() : "exit " + std::to_string(RC) + "\n" + Out;
}

std::string unhex(const std::string &H) {
  std::string S;
  for (size_t I = 0; I + 1 < H.size(); I += 2)
    S += static_cast<char>(std::stoi(H.substr(I, 2), nullptr, 16));
  return S;
}

std::string githubLine(const GithubCommand &C) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printGithubCommand(OS, C);
  OS.flush();
  return Out;
}

GithubCommand commandFromVector(const json &In) {
  GithubCommand C;
  C.Command = In.at("command");
  C.Message = In.at("message");
  C.Title = In.value("title", "");
  C.File = In.value("file", "");
  C.StartLine = In.value("startLine", 0u);
  C.EndLine = In.value("endLine", 0u);
  C.StartColumn = In.value("startColumn", 0u);
  C.PropertiesGiven = false;
  for (const char *Key : {"title", "file", "startLine", "endLine", "startColumn"})
    C.PropertiesGiven |= In.contains(Key);
  return C;
}

std::string hex(const std::string &S) {
  static const char *Digits = "0123456789abcdef";
  std::string H;
  for (unsigned char C : S) {
    H += Digits[C >> 4];
    H += Digits[C & 15];
  }
  return H;
}

/// Shows bytes readably in failure messages.
std::string visible(const std::string &S) {
  std::string V;
  for (unsigned char C : S) {
    if (C == '\n')
      V += "\\n\n";
    else if (C < 0x20 || C >= 0x7f) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\x%02x", C);
      V += Buf;
    } else
      V += static_cast<char>(C);
  }
  return V;
}

// Strings GitHub's command parser and our escaping must survive.
const std::vector<std::string> &adversarialStrings() {
  static const std::vector<std::string> S = {
      "plain",
      "line\nbreak and\r\ncarriage\rreturn",
      "::error file=x.cpp,line=1::injected",
      "literal %0A and %25 and %3A%2C and % alone",
      "commas, colons: equals= semicolons;",
      std::string("nul\0byte", 8),
      "lone continuation \x80 and \xbf\xbf",
      "overlong \xc0\x80 and \xc1\xbf and \xe0\x80\x80",
      "surrogate \xed\xa0\x80 and \xed\xbf\xbf",
      "too large \xf4\x90\x80\x80 and \xf5\x80 and \xff\xfe",
      "truncated \xe2\x82 then \xf0\x9f\x98 then end \xe2",
      "\xef\xbb\xbf"
      "bom first",
      "valid \xc3\xbc \xe2\x82\xac \xf0\x9f\x98\x80 \xe2\x80\xa8",
      "tab\tand \x1b[31mescape\x1b[0m",
      "trailing bad byte \xc3",
  };
  return S;
}

// --- GitHub ----------------------------------------------------------------

TEST(Formats, GithubCommandsAreByteIdenticalToActionsCore) {
  REFERENCE_FILE(Vectors, "actions-core-vectors.json");
  json Doc = json::parse(readFile(Vectors));
  ASSERT_EQ(Doc["cases"].size(), 156u);
  for (const json &Case : Doc["cases"]) {
    std::string Ours = githubLine(commandFromVector(Case["input"]));
    std::string Theirs = Case["output"];
    EXPECT_EQ(Ours, Theirs) << Case["input"].dump() << "\ntorch-lint:    " << visible(Ours)
                            << "\n@actions/core: " << visible(Theirs);
  }
  // Bytes that are not UTF-8: core saw them decoded as WHATWG UTF-8 does.
  ASSERT_EQ(Doc["byte_cases"].size(), 9u);
  for (const json &Case : Doc["byte_cases"]) {
    std::string S = unhex(Case["bytes_hex"]);
    ASSERT_NE(Case["call"].get<std::string>().find("warning('message ' + s, {title: "
                                                   "'t ' + s, file: 'dir, with: odd/' + "
                                                   "s + '.cpp', startLine: 2, endLine: "
                                                   "2, startColumn: 4})"),
              std::string::npos)
        << Case["call"];
    std::string Ours = githubLine(
        {"warning", "message " + S, "t " + S, "dir, with: odd/" + S + ".cpp", 2, 2, 4});
    std::string Theirs = unhex(Case["output_hex"]);
    EXPECT_EQ(Ours, Theirs) << visible(S) << "\ntorch-lint:    " << visible(Ours)
                            << "\n@actions/core: " << visible(Theirs);
  }
}

TEST(Formats, GithubFindingsPrintAsActionsCoreWarnings) {
  REFERENCE_FILE(Vectors, "actions-core-vectors.json");
  // Every recorded warning with a title and a position is a finding: the
  // check name as title, the file, its line twice and the column.
  LintResult R;
  std::string Theirs;
  json Doc = json::parse(readFile(Vectors));
  for (const json &Case : Doc["cases"]) {
    const json &In = Case["input"];
    if (In["command"] != "warning" || !In.contains("startColumn") || !In.contains("file"))
      continue;
    Finding F;
    F.Check = In["title"];
    F.Level = "level0";
    F.Loc.File = In["file"];
    F.Loc.Line = In["startLine"];
    ASSERT_EQ(In["endLine"], In["startLine"]);
    F.Loc.Column = In["startColumn"];
    F.Message = In["message"];
    R.Findings.push_back(F);
    Theirs += Case["output"].get<std::string>();
  }
  ASSERT_GE(R.Findings.size(), 20u);
  std::string Ours;
  llvm::raw_string_ostream OS(Ours);
  printGithub(OS, R);
  OS.flush();
  EXPECT_EQ(Ours, Theirs) << "torch-lint:\n" << visible(Ours) << "\n@actions/core:\n"
                          << visible(Theirs);
  // One physical line per annotation: nothing can start a second command.
  EXPECT_EQ(static_cast<size_t>(std::count(Ours.begin(), Ours.end(), '\n')),
            R.Findings.size());
}

TEST(Formats, GithubAnnotationsForAdversarialFileNames) {
  std::string Dir = makeTempDir("fmt-github");
  // Linux file names may hold anything but '/' and NUL.
  std::vector<std::string> Names = {
      "new\nline.cpp",
      "a::b%0A,c:d.cpp",
      "pct%25=,x.cpp",
      "bad\xff\xfe\xc0.cpp",
      "cr\rname.cpp",
      "\xc3\xbc\xe2\x82\xac\xf0\x9f\x98\x80.cpp",
      "::warning file=x::y.cpp",
  };
  std::string Args;
  for (const std::string &N : Names) {
    writeFile(Dir + "/" + N, Hazard);
    Args += " " + shellQuote(N);
  }
  RunResult J = runTorchLint(mock() + LoopAndCloneChecks + "--format=json" + Args, Dir);
  ASSERT_EQ(J.ExitCode, 1) << J.Out << J.Err;
  RunResult G = runTorchLint(mock() + LoopAndCloneChecks + "--format=github" + Args, Dir);
  ASSERT_EQ(G.ExitCode, 1) << G.Err;
  // The JSON output replaced invalid UTF-8; map its names back to the bytes.
  std::map<std::string, std::string> RawName;
  for (const std::string &N : Names)
    RawName[json::parse(json(N).dump(-1, ' ', false, json::error_handler_t::replace))
                .get<std::string>()] = N;
  auto Doc = json::parse(J.Out);
  ASSERT_EQ(Doc["findings"].size(), 2 * Names.size()) << J.Out;
  // The run's annotations are the commands (checked against @actions/core
  // above) for the findings the JSON run reports, notes appended.
  std::string Expected;
  for (const auto &F : Doc["findings"]) {
    std::string File = RawName.at(F["file"].get<std::string>());
    std::string Message = F["message"];
    for (const auto &N : F["notes"])
      Message += "\n" + RawName.at(N["file"].get<std::string>()) + ":" +
                 std::to_string(N["line"].get<unsigned>()) + ":" +
                 std::to_string(N["column"].get<unsigned>()) +
                 ": note: " + N["message"].get<std::string>();
    Expected += githubLine({"warning", Message, F["check"].get<std::string>(), File,
                            F["line"].get<unsigned>(), F["line"].get<unsigned>(),
                            F["column"].get<unsigned>()});
  }
  EXPECT_EQ(G.Out, Expected) << "torch-lint:\n"
                             << visible(G.Out) << "\nexpected:\n"
                             << visible(Expected);
  EXPECT_EQ(std::count(G.Out.begin(), G.Out.end(), '\n'),
            static_cast<long>(2 * Names.size()));
  EXPECT_NE(
      G.Out.find(
          "::warning title=torch-perf-redundant-copy,file=a%3A%3Ab%250A%2Cc%3Ad.cpp,"
          "line=9,endLine=9,col=18::'.clone()' copies"),
      std::string::npos)
      << G.Out;
}

TEST(Formats, GithubFileErrorsAreErrorsAndPartialAnalysisWarnings) {
  std::string Dir = makeTempDir("fmt-github-error");
  writeFile(Dir + "/m.cpp", std::string("#include \"gen/ops.h\"\n") + Hazard);
  writeFile(Dir + "/syntax.cpp", "int f( {\n");
  RunResult R = runTorchLint(mock() + LoopAndCloneChecks + "--format=github m.cpp syntax.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 3) << R.Out << R.Err;
  EXPECT_NE(
      R.Out.find("::warning title=torch-lint,file=m.cpp::header 'gen/ops.h' not found"),
      std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("::error title=torch-lint,file=syntax.cpp::could not be parsed"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("::warning title=torch-perf-element-loop,file=m.cpp,line=6,"
                       "endLine=6,col=10::"),
            std::string::npos)
      << R.Out;
}

// --- SARIF -----------------------------------------------------------------

std::vector<std::string> testdataSources() {
  std::vector<std::string> Files;
  std::string Dir = sourceDir() + "/testdata";
  if (DIR *D = ::opendir(Dir.c_str())) {
    while (dirent *E = ::readdir(D)) {
      std::string N = E->d_name;
      auto EndsWith = [&](const std::string &Suffix) {
        return N.size() >= Suffix.size() &&
               N.compare(N.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
      };
      if (EndsWith(".cpp") && !EndsWith(".fixed.cpp"))
        Files.push_back("testdata/" + N);
    }
    ::closedir(D);
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

TEST(Formats, SarifOfAllTestdataIsValidAgainstTheSchema) {
  REFERENCE_FILE(Schema, "sarif-schema-2.1.0.json");
  std::string Out = makeTempDir("fmt-sarif-testdata");
  std::vector<std::string> Sources = testdataSources();
  ASSERT_GE(Sources.size(), 8u);
  std::vector<std::string> Sarifs;
  size_t Results = 0, WithFixes = 0, WithRelated = 0;
  for (const std::string &Src : Sources) {
    RunResult R = runTorchLint(mock() + "--checks='torch-*' --format=sarif " + Src);
    EXPECT_TRUE(R.ExitCode == 0 || R.ExitCode == 1) << Src << ": " << R.Err;
    std::string Path = Out + "/" + Src.substr(Src.find('/') + 1) + ".sarif";
    writeFile(Path, R.Out);
    Sarifs.push_back(Path);
    auto Doc = json::parse(R.Out);
    const auto &Run = Doc["runs"][0];
    const auto &Rules = Run["tool"]["driver"]["rules"];
    for (const auto &Res : Run["results"]) {
      ++Results;
      // ruleIndex points at the rule of ruleId.
      EXPECT_EQ(Rules[Res["ruleIndex"].get<size_t>()]["id"], Res["ruleId"]) << Src;
      EXPECT_EQ(Res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], Src)
          << Src;
      EXPECT_EQ(Res["partialFingerprints"]["torchlint/v1"].get<std::string>().size(),
                32u);
      WithFixes += Res.contains("fixes");
      WithRelated += Res.contains("relatedLocations");
    }
  }
  EXPECT_GT(Results, 20u);
  EXPECT_GT(WithFixes, 0u);
  EXPECT_GT(WithRelated, 0u);
  std::string Report = validateSarif(Schema, Sarifs);
  EXPECT_EQ(Report, "") << Report;
}

TEST(Formats, SarifContent) {
  REFERENCE_FILE(Schema, "sarif-schema-2.1.0.json");
  std::string Dir = makeTempDir("fmt-sarif");
  writeFile(Dir + "/hazard.cpp", Hazard);
  // A multi-byte character before the finding: SARIF columns are UTF-16.
  std::string Wide = Hazard;
  Wide.replace(Wide.find("  return (a + b).clone();"), 25,
               "  /*\xc3\xbc\xf0\x9f\x98\x80*/return (a + b).clone();");
  ::system(("mkdir -p " + shellQuote(Dir + "/sub dir")).c_str());
  writeFile(Dir + "/sub dir/w\xc3\xbc%.cpp", Wide);
  writeFile(Dir + "/missing.cpp", std::string("#include \"gen/ops.h\"\n") + Hazard);
  RunResult R = runTorchLint(
      mock() + LoopAndCloneChecks + "--format=sarif hazard.cpp 'sub dir/w\xc3\xbc%.cpp' missing.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  writeFile(Dir + "/out.sarif", R.Out);
  std::string Report = validateSarif(Schema, {Dir + "/out.sarif"});
  EXPECT_EQ(Report, "") << Report;

  // The validator rejects what the schema rejects: a string ruleIndex, a
  // malformed URI, a bad timestamp.
  auto Broken = [&](const std::string &Name, auto Edit) {
    json D = json::parse(R.Out);
    Edit(D);
    writeFile(Dir + "/" + Name, D.dump());
    return validateSarif(Schema, {Dir + "/" + Name});
  };
  std::string Bad = Broken("index.sarif", [](json &D) {
    D["runs"][0]["results"][0]["ruleIndex"] = "0";
  });
  EXPECT_NE(Bad.find("INVALID"), std::string::npos) << Bad;
  Bad = Broken("uri.sarif", [](json &D) {
    D["runs"][0]["tool"]["driver"]["informationUri"] = "not a uri at all";
  });
  EXPECT_NE(Bad.find("INVALID"), std::string::npos) << Bad;
  Bad = Broken("time.sarif", [](json &D) {
    D["runs"][0]["invocations"][0]["startTimeUtc"] = "yesterday";
  });
  EXPECT_NE(Bad.find("INVALID"), std::string::npos) << Bad;

  auto Doc = json::parse(R.Out);
  EXPECT_EQ(Doc["version"], "2.1.0");
  const auto &Run = Doc["runs"][0];
  const auto &Driver = Run["tool"]["driver"];
  EXPECT_EQ(Driver["name"], "torch-lint");
  EXPECT_TRUE(Driver["version"].is_string());
  std::map<std::string, json> Rules;
  for (const auto &Rule : Driver["rules"])
    Rules[Rule["id"]] = Rule;
  ASSERT_TRUE(Rules.count("torch-perf-element-loop"));
  const json &Loop = Rules["torch-perf-element-loop"];
  EXPECT_EQ(Loop["helpUri"], "https://github.com/torchlint/torchlint/blob/main/docs/"
                             "checks/torch-perf-element-loop.md");
  EXPECT_EQ(Loop["defaultConfiguration"]["level"], "note"); // level2
  for (const char *Key : {"shortDescription", "fullDescription"})
    EXPECT_FALSE(Loop[Key]["text"].get<std::string>().empty()) << Key;
  EXPECT_FALSE(Loop["help"]["text"].get<std::string>().empty());
  EXPECT_FALSE(Loop["help"]["markdown"].get<std::string>().empty());
  for (const auto &[Id, Rule] : Rules) {
    // level2 (opt-in) checks are notes, level0 and level1 warnings.
    std::string Level = Rule["defaultConfiguration"]["level"];
    const json &Tags = Rule["properties"]["tags"];
    bool Opt = std::find(Tags.begin(), Tags.end(), "level2") != Tags.end();
    EXPECT_EQ(Level, Opt ? "note" : "warning") << Id;
  }

  const auto &Results = Run["results"];
  ASSERT_EQ(Results.size(), 6u) << R.Out;
  const auto &First = Results[0];
  EXPECT_EQ(First["ruleId"], "torch-perf-element-loop");
  EXPECT_EQ(First["level"], "note"); // level2, asked for
  const auto &Loc = First["locations"][0]["physicalLocation"];
  EXPECT_EQ(Loc["artifactLocation"]["uri"], "hazard.cpp");
  EXPECT_EQ(Loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
  EXPECT_EQ(Loc["region"]["startLine"], 5);
  EXPECT_EQ(Loc["region"]["startColumn"], 10);
  ASSERT_EQ(First["relatedLocations"].size(), 1u);
  EXPECT_EQ(First["relatedLocations"][0]["physicalLocation"]["region"]["startLine"], 4);
  EXPECT_NE(First["relatedLocations"][0]["message"]["text"].get<std::string>().find(
                "in this loop over 'i'"),
            std::string::npos);

  const auto &Clone = Results[1];
  EXPECT_EQ(Clone["ruleId"], "torch-perf-redundant-copy");
  const auto &Repl = Clone["fixes"][0]["artifactChanges"][0]["replacements"][0];
  EXPECT_EQ(Repl["deletedRegion"]["startLine"], 9);
  EXPECT_EQ(Repl["deletedRegion"]["startColumn"], 17);
  EXPECT_EQ(Repl["deletedRegion"]["endColumn"], 25);
  EXPECT_EQ(Repl["deletedRegion"]["byteLength"], 8);
  EXPECT_EQ(
      std::string(Hazard).substr(Repl["deletedRegion"]["byteOffset"].get<size_t>(), 8),
      ".clone()");
  EXPECT_FALSE(Repl.contains("insertedContent")); // A pure deletion.

  // Percent-encoded relative URI; UTF-16 columns after "ü😀" (2 + 4 bytes,
  // 1 + 2 UTF-16 units).
  const auto &W = Results[3]["locations"][0]["physicalLocation"];
  EXPECT_EQ(W["artifactLocation"]["uri"], "sub%20dir/w%C3%BC%25.cpp");
  EXPECT_EQ(Results[3]["ruleId"], "torch-perf-redundant-copy");
  EXPECT_EQ(W["region"]["startColumn"], 18 + 10 - 3);

  // The file analysed in part: a warning; the run succeeded.
  const auto &Inv = Run["invocations"][0];
  EXPECT_EQ(Inv["executionSuccessful"], true);
  ASSERT_EQ(Inv["toolExecutionNotifications"].size(), 1u);
  EXPECT_EQ(Inv["toolExecutionNotifications"][0]["level"], "warning");
  EXPECT_NE(
      Inv["toolExecutionNotifications"][0]["message"]["text"].get<std::string>().find(
          "'gen/ops.h' not found"),
      std::string::npos);

  // Fingerprints: the same code in two files differs only by path.
  std::set<std::string> Prints;
  for (const auto &Res : Results)
    Prints.insert(Res["partialFingerprints"]["torchlint/v1"].get<std::string>());
  EXPECT_EQ(Prints.size(), Results.size());
}

TEST(Formats, ShardsMergedEqualTheUnshardedRun) {
  REFERENCE_FILE(Schema, "sarif-schema-2.1.0.json");
  std::string Dir = makeTempDir("fmt-shard");
  const std::vector<std::string> Files = {"a.cpp", "b.cpp", "c.cpp", "d.cpp", "e.cpp"};
  for (size_t I = 0; I < Files.size(); ++I)
    writeFile(Dir + "/" + Files[I], std::string(I, '\n') + Hazard);
  // A file that does not compile: the run is not successful.
  writeFile(Dir + "/f.cpp", std::string(Hazard) + "int broken( {\n");
  std::string All = " a.cpp b.cpp c.cpp d.cpp e.cpp f.cpp";
  RunResult Whole = runTorchLint(mock() + LoopAndCloneChecks + "--format=sarif" + All, Dir);
  ASSERT_EQ(Whole.ExitCode, 3) << Whole.Err;
  writeFile(Dir + "/whole.sarif", Whole.Out);
  std::set<std::string> Seen;
  std::vector<std::string> Shards;
  for (int I = 1; I <= 2; ++I) {
    // Input order must not matter: the second shard gets the files reversed.
    std::string Args = I == 1 ? All : " f.cpp e.cpp d.cpp c.cpp b.cpp a.cpp";
    RunResult S = runTorchLint(
        mock() + LoopAndCloneChecks + "--format=sarif --shard " + std::to_string(I) + "/2" + Args, Dir);
    EXPECT_TRUE(S.ExitCode == 1 || S.ExitCode == 3) << S.Err;
    std::string Path = Dir + "/shard" + std::to_string(I) + ".sarif";
    writeFile(Path, S.Out);
    Shards.push_back(Path);
    std::set<std::string> Mine;
    json Doc = json::parse(S.Out);
    for (const auto &Res : Doc["runs"][0]["results"])
      Mine.insert(Res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]);
    EXPECT_EQ(Mine.size(), 3u) << S.Out; // Round robin: a c e | b d f
    for (const std::string &F : Mine)
      EXPECT_TRUE(Seen.insert(F).second) << F << " in two shards";
  }
  RunResult M = runTorchLint("merge-sarif merged.sarif shard1.sarif shard2.sarif", Dir);
  ASSERT_EQ(M.ExitCode, 0) << M.Out << M.Err;
  std::string Report =
      validateSarif(Schema, {Dir + "/whole.sarif", Dir + "/merged.sarif", Shards[0], Shards[1]});
  EXPECT_EQ(Report, "") << Report;

  auto W = json::parse(Whole.Out)["runs"][0];
  auto G = json::parse(readFile(Dir + "/merged.sarif"));
  ASSERT_EQ(G["runs"].size(), 1u);
  auto Merged = G["runs"][0];
  EXPECT_EQ(Merged["tool"]["driver"]["rules"], W["tool"]["driver"]["rules"]);
  auto AsSet = [](const json &Results) {
    std::multiset<std::string> S;
    for (const auto &R : Results)
      S.insert(R.dump());
    return S;
  };
  EXPECT_EQ(AsSet(Merged["results"]), AsSet(W["results"]));
  EXPECT_EQ(Merged["results"].size(), 12u);
  EXPECT_EQ(Merged["invocations"][0]["executionSuccessful"], false);
  EXPECT_EQ(Merged["invocations"][0]["toolExecutionNotifications"],
            W["invocations"][0]["toolExecutionNotifications"]);
  for (const auto &R : Merged["results"])
    EXPECT_EQ(Merged["tool"]["driver"]["rules"][R["ruleIndex"].get<size_t>()]["id"],
              R["ruleId"]);

  // A shard with no files is an empty, valid run; an empty shard merges too.
  RunResult Empty = runTorchLint(mock() + LoopAndCloneChecks + "--format=sarif --shard 7/7 a.cpp b.cpp", Dir);
  EXPECT_EQ(Empty.ExitCode, 0) << Empty.Err;
  writeFile(Dir + "/empty.sarif", Empty.Out);
  EXPECT_EQ(json::parse(Empty.Out)["runs"][0]["results"].size(), 0u);
  RunResult M2 = runTorchLint("merge-sarif - shard1.sarif empty.sarif", Dir);
  EXPECT_EQ(M2.ExitCode, 0) << M2.Err;
  EXPECT_EQ(json::parse(M2.Out)["runs"][0]["results"].size(),
            json::parse(readFile(Shards[0]))["runs"][0]["results"].size());
}

TEST(Formats, MergeSarifBadInputIsExitTwo) {
  std::string Dir = makeTempDir("fmt-merge-bad");
  writeFile(Dir + "/notjson.sarif", "{ nope");
  writeFile(Dir + "/notsarif.sarif", "{\"version\": \"1.0\"}");
  writeFile(
      Dir + "/other.sarif",
      R"({"version":"2.1.0","runs":[{"tool":{"driver":{"name":"other"}},"results":[]}]})");
  writeFile(
      Dir + "/ours.sarif",
      R"({"version":"2.1.0","runs":[{"tool":{"driver":{"name":"torch-lint"}},"results":[]}]})");
  struct Case {
    std::string Args;
    const char *Message;
  };
  std::vector<Case> Cases = {
      {"merge-sarif", "needs an output file"},
      {"merge-sarif out.sarif", "needs an output file"},
      {"merge-sarif out.sarif missing.sarif", "cannot read 'missing.sarif'"},
      {"merge-sarif out.sarif notjson.sarif", "is not valid JSON"},
      {"merge-sarif out.sarif notsarif.sarif", "is not a SARIF 2.1.0 file"},
      {"merge-sarif out.sarif ours.sarif other.sarif", "only runs of one tool"},
      {"merge-sarif --bogus out.sarif ours.sarif", "unknown option '--bogus'"},
      {"merge-sarif no/such/dir/out.sarif ours.sarif", "cannot write"},
  };
  for (const Case &C : Cases) {
    RunResult R = runTorchLint(C.Args, Dir);
    EXPECT_EQ(R.ExitCode, 2) << C.Args << "\n" << R.Err;
    EXPECT_NE(R.Err.find("torch-lint: error: merge-sarif: "), std::string::npos) << R.Err;
    EXPECT_NE(R.Err.find(C.Message), std::string::npos) << C.Args << ": " << R.Err;
    EXPECT_EQ(R.Err.find("torch-lint: error:"), R.Err.rfind("torch-lint: error:"))
        << R.Err;
    EXPECT_EQ(R.Out, "");
    EXPECT_EQ(readFile(Dir + "/out.sarif"), "") << C.Args;
  }
}

// --- Code Climate and Checkstyle ---------------------------------------------

TEST(Formats, CodeClimateForGitLab) {
  std::string Dir = makeTempDir("fmt-codeclimate");
  writeFile(Dir + "/hazard.cpp", Hazard);
  writeFile(Dir + "/bad\xff.cpp", Hazard);
  RunResult R =
      runTorchLint(mock() + LoopAndCloneChecks + "--format=codeclimate hazard.cpp 'bad\xff.cpp'", Dir);
  ASSERT_EQ(R.ExitCode, 1) << R.Err;
  auto Doc = json::parse(R.Out); // Valid UTF-8 JSON despite the file name.
  ASSERT_TRUE(Doc.is_array());
  ASSERT_EQ(Doc.size(), 4u);
  std::set<std::string> Prints;
  for (const auto &I : Doc) {
    for (const char *Key : {"description", "check_name", "fingerprint", "severity"})
      EXPECT_TRUE(I[Key].is_string()) << Key;
    EXPECT_TRUE(I["location"]["path"].is_string());
    EXPECT_TRUE(I["location"]["lines"]["begin"].is_number_unsigned());
    std::string Severity = I["severity"];
    EXPECT_TRUE(Severity == "info" || Severity == "minor" || Severity == "major" ||
                Severity == "critical" || Severity == "blocker")
        << Severity;
    Prints.insert(I["fingerprint"].get<std::string>());
  }
  EXPECT_EQ(Prints.size(), 4u);
  EXPECT_EQ(Doc[0]["check_name"], "torch-perf-element-loop");
  EXPECT_EQ(Doc[0]["severity"], "info"); // level2, asked for
  EXPECT_EQ(Doc[0]["location"]["path"], "hazard.cpp");
  EXPECT_EQ(Doc[0]["location"]["lines"]["begin"], 5);
  EXPECT_EQ(Doc[1]["severity"], "minor"); // level1
  EXPECT_EQ(Doc[2]["location"]["path"], "bad\xef\xbf\xbd.cpp");
  // A level2 finding (torch-compile-schema's, asked for) is "info".
  writeFile(Dir + "/schema.cpp", "#include <torch/torch.h>\n"
                                 "#include <torch/library.h>\n"
                                 "at::Tensor f(const at::Tensor &x) { return x; }\n"
                                 "TORCH_LIBRARY(ns, m) { m.def(\"f(Tensor x -> Tensor\", &f); }\n");
  RunResult L2 = runTorchLint(mock() + "--format=codeclimate --checks=-*,torch-compile-schema "
                                       "schema.cpp",
                              Dir);
  auto Level2 = json::parse(L2.Out, nullptr, false);
  ASSERT_TRUE(Level2.is_array() && !Level2.empty()) << L2.Out << L2.Err;
  EXPECT_EQ(Level2[0]["check_name"], "torch-compile-schema");
  EXPECT_EQ(Level2[0]["severity"], "info"); // level2

  // Stable: the same run gives the same fingerprints, equal to SARIF's.
  RunResult Again =
      runTorchLint(mock() + LoopAndCloneChecks + "--format=codeclimate hazard.cpp 'bad\xff.cpp'", Dir);
  EXPECT_EQ(Again.Out, R.Out);
  RunResult S = runTorchLint(mock() + LoopAndCloneChecks + "--format=sarif hazard.cpp 'bad\xff.cpp'", Dir);
  auto Results = json::parse(S.Out)["runs"][0]["results"];
  for (size_t I = 0; I < Doc.size(); ++I)
    EXPECT_EQ(Results[I]["partialFingerprints"]["torchlint/v1"], Doc[I]["fingerprint"]);
}

/// Parses \p Xml with Python's minidom; returns the error, or the message
/// attributes (hex of their UTF-8) and file names, one per line.
std::string parseXml(const std::string &Path, bool &Ok) {
  std::string Script =
      "import sys, xml.dom.minidom\n"
      "d = xml.dom.minidom.parse(sys.argv[1])\n"
      "for f in d.getElementsByTagName('file'):\n"
      "  print('file', f.getAttribute('name').encode('utf-8').hex())\n"
      "  for e in f.getElementsByTagName('error'):\n"
      "    print('error', e.getAttribute('source'), e.getAttribute('line'),\n"
      "          e.getAttribute('message').encode('utf-8').hex())\n";
  std::string ScriptPath = Path + ".py";
  writeFile(ScriptPath, Script);
  std::string Out;
  Ok = runShell("python3 " + shellQuote(ScriptPath) + " " + shellQuote(Path), Out) == 0;
  return Out;
}

TEST(Formats, CheckstyleIsWellFormedWhateverTheInput) {
  std::string Dir = makeTempDir("fmt-checkstyle");
  // Every adversarial string through the printer...
  LintResult R;
  for (const std::string &S : adversarialStrings()) {
    Finding F;
    F.Check = "torch-perf-element-loop";
    F.Loc = {"f<&>\"'" + S + ".cpp", 3, 4, 0};
    F.Message = "m <x & y> \"q\" 'a' " + S;
    R.Findings.push_back(F);
  }
  R.Errors.push_back({"e.cpp", "error \x01\x02 & <"});
  std::string Xml;
  llvm::raw_string_ostream OS(Xml);
  printCheckstyle(OS, R);
  OS.flush();
  writeFile(Dir + "/unit.xml", Xml);
  bool Ok = false;
  std::string Parsed = parseXml(Dir + "/unit.xml", Ok);
  ASSERT_TRUE(Ok) << Parsed << "\n" << visible(Xml);
  // Attribute values come back as written, with what XML cannot hold (C0
  // controls, invalid UTF-8) replaced by U+FFFD and line breaks kept.
  std::string Expected;
  for (const std::string &S : adversarialStrings()) {
    auto Clean = [](const std::string &In) {
      std::string Out;
      for (char C : sanitizeUtf8(In)) {
        unsigned char U = C;
        if (U < 0x20 && C != '\t' && C != '\n' && C != '\r')
          Out += "\xef\xbf\xbd";
        else
          Out += C;
      }
      return Out;
    };
    Expected += "file " + hex(Clean("f<&>\"'" + S + ".cpp")) + "\n";
    Expected += "error torch-perf-element-loop 3 " +
                hex(Clean("m <x & y> \"q\" 'a' " + S)) + "\n";
  }
  Expected += "file " + hex("e.cpp") + "\nerror torch-lint 1 " +
              hex("error \xef\xbf\xbd\xef\xbf\xbd & <") + "\n";
  EXPECT_EQ(Parsed, Expected);

  // ...and a real run over an adversarial file name.
  writeFile(Dir + "/q\"<&>\x01\xff.cpp", Hazard);
  RunResult Run = runTorchLint(
      mock() + LoopAndCloneChecks + "--format=checkstyle " + shellQuote("q\"<&>\x01\xff.cpp"), Dir);
  ASSERT_EQ(Run.ExitCode, 1) << Run.Err;
  writeFile(Dir + "/run.xml", Run.Out);
  std::string P = parseXml(Dir + "/run.xml", Ok);
  ASSERT_TRUE(Ok) << P << "\n" << Run.Out;
  EXPECT_NE(P.find("file " + hex("q\"<&>\xef\xbf\xbd\xef\xbf\xbd.cpp")),
            std::string::npos)
      << P;
  EXPECT_NE(P.find("error torch-perf-element-loop 5 "), std::string::npos) << P;
  EXPECT_NE(P.find("error torch-perf-redundant-copy 9 "), std::string::npos) << P;
}

TEST(Formats, Utf8RepairMatchesWhatwg) {
  // The WHATWG decoder's maximal-subpart replacement, case by case.
  struct Case {
    std::string In, Out;
  };
  const std::string R = "\xef\xbf\xbd";
  std::vector<Case> Cases = {
      {"abc", "abc"},
      {"\x80", R},
      {"\xc3", R},
      {"\xc3\xbc", "\xc3\xbc"},
      {"\xc0\x80", R + R},
      {"\xe0\x80\x80", R + R + R},
      {"\xe0\xa0\x80", "\xe0\xa0\x80"},
      {"\xed\xa0\x80", R + R + R},
      {"\xe2\x82", R},
      {"\xe2\x82x", R + "x"},
      {"\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80"},
      {"\xf0\x9f\x98", R},
      {"\xf4\x90\x80\x80", R + R + R + R},
      {"\xf5\x80", R + R},
      {"\xff\xfe", R + R},
  };
  for (const Case &C : Cases)
    EXPECT_EQ(sanitizeUtf8(C.In), C.Out) << visible(C.In);
  EXPECT_EQ(escapeGithubData("a%b\r\nc:d,e"), "a%25b%0D%0Ac:d,e");
  EXPECT_EQ(escapeGithubProperty("a%b\r\nc:d,e"), "a%25b%0D%0Ac%3Ad%2Ce");
  EXPECT_EQ(pathToUri("a b/c%d\xff.cpp"), "a%20b/c%25d%FF.cpp");
  EXPECT_EQ(pathToUri("/x/y z.cpp"), "file:///x/y%20z.cpp");
}

TEST(Formats, BadFormatIsExitTwo) {
  std::string Dir = makeTempDir("fmt-bad");
  writeFile(Dir + "/hazard.cpp", Hazard);
  RunResult R = runTorchLint(mock() + "--format=sarif2 hazard.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("unknown --format 'sarif2' (expected text, json, github, sarif, "
                       "codeclimate or checkstyle)"),
            std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Out, "");
}

} // namespace

namespace {

// One binding both checks report: opaque to torch.compile, and holding the
// GIL. In text it reads as one warning whose second note is the GIL
// finding; JSON keeps two findings.
const char *BothBindingChecks = R"cpp(
#include <torch/extension.h>
at::Tensor heavy(const at::Tensor &x) { return x.matmul(x.t()) / x.norm().item<double>(); }
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("heavy", &heavy);
}
)cpp";

} // namespace

TEST(Formats, OpaqueBindingAndGilOnOneBindingAreOneTextReport) {
  std::string Dir = makeTempDir("fmt-one-report");
  writeFile(Dir + "/ext.cpp", BothBindingChecks);
  std::string Checks = "--checks=-*,torch-compile-opaque-binding,torch-binding-gil ";
  RunResult Text = runTorchLint(mock() + "--no-project " + Checks + "ext.cpp", Dir);
  ASSERT_EQ(Text.ExitCode, 1) << Text.Err;
  size_t Warnings = 0;
  for (size_t At = Text.Out.find(": warning: "); At != std::string::npos;
       At = Text.Out.find(": warning: ", At + 1))
    ++Warnings;
  EXPECT_EQ(Warnings, 1u) << Text.Out;
  size_t Warning = Text.Out.find("ext.cpp:5:5: warning: pybind11 binding 'heavy' takes or returns");
  size_t Also = Text.Out.find("ext.cpp:5:5: note: also: pybind11 binding 'heavy' holds the GIL");
  ASSERT_NE(Warning, std::string::npos) << Text.Out;
  ASSERT_NE(Also, std::string::npos) << Text.Out;
  EXPECT_LT(Warning, Also);
  EXPECT_NE(Text.Out.find("[torch-binding-gil]", Also), std::string::npos);
  // The GIL finding's fix-it (the call guard) is still shown.
  EXPECT_NE(Text.Out.find("call_guard", Also), std::string::npos) << Text.Out;

  RunResult Json = runTorchLint(mock() + "--no-project --format=json " + Checks + "ext.cpp", Dir);
  json Doc = json::parse(Json.Out);
  std::set<std::string> Got;
  for (const auto &F : Doc["findings"])
    Got.insert(F["check"].get<std::string>());
  EXPECT_EQ(Got, (std::set<std::string>{"torch-compile-opaque-binding", "torch-binding-gil"}));
}

namespace {

// A macro per binding (one site per use) and a macro that lists bindings
// itself (one site per line of its definition).
const char *MacroBindings = R"cpp(
#include <torch/extension.h>
namespace ext {
at::Tensor a(const at::Tensor &x) { return x * x.max().item<float>(); }
at::Tensor b(const at::Tensor &x) { return x + x.max().item<float>(); }
at::Tensor c(const at::Tensor &x) { return x - x.max().item<float>(); }
at::Tensor d(const at::Tensor &x) { return x / x.max().item<float>(); }
}
#define BIND(name) m.def(#name, &ext::name, #name " doc")
#define BIND_ALL(mod)                                                          \
  mod.def("c2", &ext::c);                                                      \
  mod.def("d2", &ext::d)
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  BIND(a);
  BIND(b);
  BIND_ALL(m);
}
)cpp";

} // namespace

TEST(Formats, BindingsFromMacrosAreOneFindingPerBindingSite) {
  std::string Dir = makeTempDir("fmt-macro-bindings");
  writeFile(Dir + "/ext.cpp", MacroBindings);
  std::string Checks = "--checks=-*,torch-compile-opaque-binding,torch-binding-gil ";
  RunResult Json = runTorchLint(mock() + "--no-project --format=json " + Checks + "ext.cpp", Dir);
  ASSERT_EQ(Json.ExitCode, 1) << Json.Err;
  std::set<std::tuple<std::string, unsigned, std::string>> Got;
  json Doc = json::parse(Json.Out);
  for (const auto &F : Doc["findings"]) {
    std::string M = F["message"].get<std::string>();
    Got.insert({F["check"].get<std::string>(), F["line"].get<unsigned>(),
                M.substr(M.find('\'') + 1, M.find('\'', M.find('\'') + 1) - M.find('\'') - 1)});
  }
  std::set<std::tuple<std::string, unsigned, std::string>> Want;
  for (const char *Check : {"torch-compile-opaque-binding", "torch-binding-gil"})
    for (const auto &[Line, Name] : std::vector<std::pair<unsigned, std::string>>{
             {14, "a"}, {15, "b"}, {11, "c2"}, {12, "d2"}})
      Want.insert({Check, Line, Name});
  EXPECT_EQ(Got, Want) << Json.Out;

  // In text, each GIL finding is the note of its own binding's warning.
  RunResult Text = runTorchLint(mock() + "--no-project " + Checks + "ext.cpp", Dir);
  for (const char *Name : {"c2", "d2"}) {
    size_t Warning = Text.Out.find("warning: pybind11 binding '" + std::string(Name) + "'");
    size_t Also = Text.Out.find("note: also: pybind11 binding '" + std::string(Name) + "'");
    ASSERT_NE(Warning, std::string::npos) << Text.Out;
    ASSERT_NE(Also, std::string::npos) << Text.Out;
    size_t Next = Text.Out.find(": warning: ", Warning + 1);
    EXPECT_LT(Warning, Also) << Text.Out;
    EXPECT_TRUE(Next == std::string::npos || Also < Next) << Text.Out;
  }
}

TEST(Formats, RegistrationsFromMacrosAreOneFindingPerSite) {
  // A macro that lists two schemas: each finding on its own line of the
  // definition (both were at the macro's use before).
  std::string Dir = makeTempDir("fmt-macro-defs");
  writeFile(Dir + "/ops.cpp", R"cpp(#include <torch/library.h>
#include <ATen/ATen.h>
at::Tensor a_cpu(const at::Tensor &x) { return x * 2; }
at::Tensor b_cpu(const at::Tensor &x, int64_t n) { return x + n; }
#define DEFINE_OPS(lib)                                                        \
  lib.def("op_a(Tensor x) -> Tensor");                                         \
  lib.def("op_b(Tensor x) -> Tensor")
TORCH_LIBRARY(mc, m) { DEFINE_OPS(m); }
TORCH_LIBRARY_IMPL(mc, CPU, m) {
  m.impl("op_a", &a_cpu);
  m.impl("op_b", &b_cpu);
}
)cpp");
  RunResult R = runTorchLint(
      mock() + "--no-project --format=json "
               "--checks=-*,torch-compile-missing-fake-kernel,torch-compile-schema ops.cpp",
      Dir);
  ASSERT_EQ(R.ExitCode, 1) << R.Err;
  json Doc = json::parse(R.Out);
  std::set<std::pair<std::string, unsigned>> Got;
  for (const auto &F : Doc["findings"])
    Got.insert({F["check"].get<std::string>(), F["line"].get<unsigned>()});
  EXPECT_EQ(Got, (std::set<std::pair<std::string, unsigned>>{
                     {"torch-compile-missing-fake-kernel", 6},
                     {"torch-compile-missing-fake-kernel", 7},
                     {"torch-compile-schema", 7}}))
      << R.Out;
}
