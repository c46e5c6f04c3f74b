//===--- CliTest.cpp - torch-lint's command line contract -----------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <map>
#include <set>
#include <unistd.h>
#include <nlohmann/json.hpp>

using namespace torchlint::test;

namespace {

std::string mock() { return "--torch-include=" + shellQuote(mockIncludes()) + " "; }

const char *const Hazard = ElementLoopAndClone;

const char *const Clean = R"(#include <torch/torch.h>
torch::Tensor twice(const torch::Tensor &a, const torch::Tensor &b) {
  return a + b;
}
)";

// Clang's builtin headers: beside the executable when they are there
// (<dir>/bin/torch-lint, <dir>/lib/clang/19/include: the wheel's layout),
// else the LLVM packages' (this build's bin/ has none beside it).
TEST(Cli, ClangResourceDirBesideTheExecutableElseThePackages) {
  RunResult V = runTorchLint("--version -v");
  EXPECT_EQ(V.ExitCode, 0) << V.Err;
  EXPECT_NE(V.Out.find("clang resource directory: /usr/lib/llvm-19/lib/clang/19 (the LLVM "
                       "packages')\n"),
            std::string::npos)
      << V.Out;

  // A copy of the executable (not a link: the executable's own path counts)
  // and headers beside it; a lib/clang/19 without them is not used.
  std::string Dir = makeTempDir("resource-dir");
  std::string Res = Dir + "/lib/clang/19";
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/bin") + " " + shellQuote(Res) +
                         " && cp " + shellQuote(TORCHLINT_BINARY) + " " +
                         shellQuote(Dir + "/bin/torch-lint"))
                            .c_str()),
            0);
  std::string Copy = shellQuote(Dir + "/bin/torch-lint");
  auto Said = [&] {
    std::string Out = Dir + "/out.txt";
    std::system((Copy + " --version -v >" + shellQuote(Out) + " 2>&1").c_str());
    return readFile(Out);
  };
  EXPECT_NE(Said().find("clang resource directory: /usr/lib/llvm-19/lib/clang/19 "),
            std::string::npos);
  ASSERT_EQ(std::system(("cp -r /usr/lib/llvm-19/lib/clang/19/include " + shellQuote(Res)).c_str()),
            0);
  EXPECT_NE(Said().find("clang resource directory: " + Res + " (shipped with torch-lint)\n"),
            std::string::npos)
      << Said();
  // And it parses with them: the mock torch headers include <stddef.h>.
  writeFile(Dir + "/ops.cpp", Hazard);
  std::string Out = Dir + "/lint.txt";
  int Status = std::system((Copy + " " + mock() + LoopAndCloneChecks + "--no-cache " + shellQuote(Dir + "/ops.cpp") +
                            " >" + shellQuote(Out) + " 2>&1")
                               .c_str());
  EXPECT_EQ(WEXITSTATUS(Status), 1) << readFile(Out);
  EXPECT_NE(readFile(Out).find("[torch-perf-element-loop]"), std::string::npos) << readFile(Out);
  EXPECT_EQ(readFile(Out).find("not found"), std::string::npos) << readFile(Out);
  std::system(("rm -rf " + shellQuote(Dir)).c_str());
}

TEST(Cli, ExitCodesZeroAndOne) {
  std::string Dir = makeTempDir("cli-exit");
  writeFile(Dir + "/clean.cpp", Clean);
  writeFile(Dir + "/hazard.cpp", Hazard);
  RunResult C = runTorchLint(mock() + LoopAndCloneChecks + shellQuote(Dir + "/clean.cpp"));
  EXPECT_EQ(C.ExitCode, 0) << C.Out << C.Err;
  EXPECT_EQ(C.Out, "");
  RunResult H = runTorchLint(mock() + LoopAndCloneChecks + shellQuote(Dir + "/hazard.cpp"));
  EXPECT_EQ(H.ExitCode, 1) << H.Out << H.Err;
  EXPECT_NE(H.Out.find("hazard.cpp:5:10: warning: 't[i].item<float>()' reads one element"),
            std::string::npos) << H.Out;
  EXPECT_NE(H.Out.find("[torch-perf-element-loop]"), std::string::npos);
  EXPECT_NE(H.Out.find("    5 |     s += t[i].item<float>();"), std::string::npos) << H.Out;
  EXPECT_NE(H.Out.find("fix-it: remove 8 characters"), std::string::npos) << H.Out;
  EXPECT_NE(H.Out.find("note: in this loop over 'i'"), std::string::npos) << H.Out;
}

TEST(Cli, JsonContract) {
  std::string Dir = makeTempDir("cli-json");
  writeFile(Dir + "/hazard.cpp", Hazard);
  RunResult R = runTorchLint(mock() + LoopAndCloneChecks + "--format=json hazard.cpp", Dir);
  ASSERT_EQ(R.ExitCode, 1) << R.Err;
  auto J = nlohmann::json::parse(R.Out);
  EXPECT_EQ(J["tool"], "torch-lint");
  EXPECT_TRUE(J["version"].is_string());
  EXPECT_TRUE(J["errors"].is_array());
  ASSERT_EQ(J["findings"].size(), 2u) << R.Out;
  const auto &Loop = J["findings"][0];
  EXPECT_EQ(Loop["check"], "torch-perf-element-loop");
  EXPECT_EQ(Loop["level"], "level2");
  EXPECT_EQ(Loop["file"], "hazard.cpp");
  EXPECT_EQ(Loop["line"], 5);
  EXPECT_EQ(Loop["column"], 10);
  EXPECT_TRUE(Loop["graph_break"].is_null());
  ASSERT_EQ(Loop["notes"].size(), 1u);
  EXPECT_EQ(Loop["notes"][0]["line"], 4);
  const auto &Clone = J["findings"][1];
  EXPECT_EQ(Clone["check"], "torch-perf-redundant-copy");
  ASSERT_EQ(Clone["fixits"].size(), 1u);
  EXPECT_EQ(Clone["fixits"][0]["line"], 9);
  EXPECT_EQ(Clone["fixits"][0]["length"], 8);
  EXPECT_EQ(Clone["fixits"][0]["replacement"], "");
  for (const char *Key : {"file", "line", "column", "offset", "length", "replacement"})
    EXPECT_TRUE(Clone["fixits"][0].contains(Key)) << Key;
}

TEST(Cli, FixRewritesOnlyNamedFilesAndIsIdempotent) {
  std::string Dir = makeTempDir("cli-fix");
  writeFile(Dir + "/hazard.cpp", Hazard);
  RunResult R = runTorchLint(mock() + "--fix hazard.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  std::string Fixed = readFile(Dir + "/hazard.cpp");
  EXPECT_NE(Fixed.find("return (a + b);"), std::string::npos) << Fixed;
  EXPECT_EQ(Fixed.find(".clone()"), std::string::npos);
  RunResult Again = runTorchLint(mock() + "--fix hazard.cpp", Dir);
  EXPECT_EQ(readFile(Dir + "/hazard.cpp"), Fixed);
  EXPECT_EQ(Again.Err.find("applied"), std::string::npos) << Again.Err;
}

// --export-fixes writes clang-tidy's YAML: clang-apply-replacements (the
// tool that consumes clang-tidy's exported fixes) makes of it exactly what
// --fix writes.
TEST(Cli, ExportedFixesApplyAsClangTidysDo) {
  const std::string Tool = "/usr/lib/llvm-19/bin/clang-apply-replacements";
  if (::access(Tool.c_str(), X_OK) != 0)
    GTEST_SKIP() << Tool << " is not installed (clang-tools-19)";
  std::string Dir = makeTempDir("cli-export-fixes");
  ::system(("mkdir -p " + shellQuote(Dir + "/exported") + " " + shellQuote(Dir + "/fixed") +
            " " + shellQuote(Dir + "/yaml"))
               .c_str());
  writeFile(Dir + "/exported/hazard.cpp", Hazard);
  writeFile(Dir + "/fixed/hazard.cpp", Hazard);
  RunResult R =
      runTorchLint(mock() + LoopAndCloneChecks + "--export-fixes=" + shellQuote(Dir + "/yaml/fixes.yaml") +
                       " exported/hazard.cpp",
                   Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(readFile(Dir + "/exported/hazard.cpp"), Hazard) << "--export-fixes writes no source";
  const std::string Yaml = readFile(Dir + "/yaml/fixes.yaml");
  for (const char *Key : {"MainSourceFile:", "Diagnostics:", "DiagnosticName:  torch-perf-redundant-copy",
                          "DiagnosticName:  torch-perf-element-loop", "Replacements:",
                          "ReplacementText:", "Level:           Warning", "BuildDirectory:"})
    EXPECT_NE(Yaml.find(Key), std::string::npos) << Key << "\n" << Yaml;
  EXPECT_NE(Yaml.find(Dir + "/exported/hazard.cpp"), std::string::npos)
      << "absolute paths\n" << Yaml;
  ASSERT_EQ(std::system((shellQuote(Tool) + " " + shellQuote(Dir + "/yaml")).c_str()), 0);
  RunResult Fix = runTorchLint(mock() + LoopAndCloneChecks + "--fix fixed/hazard.cpp", Dir);
  EXPECT_EQ(Fix.ExitCode, 1) << Fix.Err;
  EXPECT_NE(readFile(Dir + "/fixed/hazard.cpp"), Hazard);
  EXPECT_EQ(readFile(Dir + "/exported/hazard.cpp"), readFile(Dir + "/fixed/hazard.cpp"));
}

TEST(Cli, ExportFixesThatCannotBeWrittenIsExitFour) {
  std::string Dir = makeTempDir("cli-export-fixes-bad");
  writeFile(Dir + "/hazard.cpp", Hazard);
  RunResult R = runTorchLint(mock() + "--export-fixes=no/such/dir/fixes.yaml hazard.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 4) << R.Err;
  EXPECT_NE(R.Err.find("cannot write --export-fixes"), std::string::npos) << R.Err;
}

// clang-tidy's single-dash spellings mean what the double-dash ones do.
TEST(Cli, ClangTidysSingleDashSpellings) {
  std::string Dir = makeTempDir("cli-single-dash");
  writeFile(Dir + "/hazard.cpp", Hazard);
  RunResult Double = runTorchLint(
      mock() + "--checks='-*,torch-perf-redundant-copy' --header-filter='.*' --quiet hazard.cpp",
      Dir);
  RunResult Single = runTorchLint(
      mock() + "-checks='-*,torch-perf-redundant-copy' -header-filter='.*' -quiet hazard.cpp",
      Dir);
  EXPECT_EQ(Single.ExitCode, 1) << Single.Err;
  EXPECT_EQ(Single.Out, Double.Out);
  EXPECT_EQ(Single.Err, Double.Err) << "-quiet";
  EXPECT_EQ(Single.Err.find("finding"), std::string::npos) << "-quiet: no summary";
  EXPECT_EQ(Single.Out.find("torch-perf-element-loop"), std::string::npos) << Single.Out;
  EXPECT_NE(Single.Out.find("torch-perf-redundant-copy"), std::string::npos) << Single.Out;
  RunResult Fix = runTorchLint(mock() + "-fix -quiet hazard.cpp", Dir);
  EXPECT_EQ(readFile(Dir + "/hazard.cpp").find(".clone()"), std::string::npos) << "-fix";
  RunResult Unknown = runTorchLint(mock() + "-frobnicate hazard.cpp", Dir);
  EXPECT_EQ(Unknown.ExitCode, 2);
  EXPECT_NE(Unknown.Err.find("unknown option '-frobnicate'"), std::string::npos) << Unknown.Err;
}

// --extra-arg-before goes before the file's flags and --extra-arg after
// them, as in clang-tidy: of -DHAZ and -UHAZ, the later one wins.
// A finding --warnings-as-errors names is an error in every format: JSON's
// severity, SARIF's level, GitHub's annotation, Checkstyle's severity,
// clang-tidy's YAML; the others stay warnings.
TEST(Cli, WarningsAsErrorsInEveryFormat) {
  std::string Dir = makeTempDir("cli-warnings-as-errors");
  writeFile(Dir + "/hazard.cpp", Hazard);
  const std::string Flags = mock() + LoopAndCloneChecks + "--warnings-as-errors=torch-perf-redundant-copy ";
  RunResult Json = runTorchLint(Flags + "--format=json hazard.cpp", Dir);
  ASSERT_EQ(Json.ExitCode, 1) << Json.Err;
  std::map<std::string, std::string> Severity;
  nlohmann::json JsonDoc = nlohmann::json::parse(Json.Out);
  for (const auto &F : JsonDoc["findings"])
    Severity[F["check"].get<std::string>()] = F["severity"].get<std::string>();
  EXPECT_EQ(Severity, (std::map<std::string, std::string>{
                          {"torch-perf-element-loop", "warning"},
                          {"torch-perf-redundant-copy", "error"}}));
  EXPECT_NE(Json.Err.find("1 warning treated as error"), std::string::npos) << Json.Err;
  RunResult Sarif = runTorchLint(Flags + "--format=sarif hazard.cpp", Dir);
  std::map<std::string, std::string> Level;
  nlohmann::json SarifDoc = nlohmann::json::parse(Sarif.Out);
  for (const auto &R : SarifDoc["runs"][0]["results"])
    Level[R["ruleId"].get<std::string>()] = R["level"].get<std::string>();
  EXPECT_EQ(Level["torch-perf-redundant-copy"], "error") << Sarif.Out;
  EXPECT_EQ(Level["torch-perf-element-loop"], "note") << Sarif.Out; // level2: a note
  RunResult Github = runTorchLint(Flags + "--format=github hazard.cpp", Dir);
  EXPECT_NE(Github.Out.find("::error title=torch-perf-redundant-copy,file=hazard.cpp,line=9"),
            std::string::npos)
      << Github.Out;
  EXPECT_NE(Github.Out.find("::warning title=torch-perf-element-loop,file=hazard.cpp,line=5"),
            std::string::npos)
      << Github.Out;
  RunResult Checkstyle = runTorchLint(Flags + "--format=checkstyle hazard.cpp", Dir);
  EXPECT_NE(Checkstyle.Out.find("line=\"9\" column=\"18\" severity=\"error\""), std::string::npos)
      << Checkstyle.Out;
  RunResult Text = runTorchLint(Flags + "--export-fixes=fixes.yaml hazard.cpp", Dir);
  EXPECT_NE(Text.Out.find("error: "), std::string::npos) << Text.Out;
  EXPECT_NE(Text.Out.find("[torch-perf-redundant-copy,-warnings-as-errors]"), std::string::npos)
      << Text.Out;
  std::string Yaml = readFile(Dir + "/fixes.yaml");
  EXPECT_NE(Yaml.find("Level:           Error"), std::string::npos) << Yaml;
  EXPECT_NE(Yaml.find("Level:           Warning"), std::string::npos) << Yaml;
  // None named: as before.
  RunResult Plain = runTorchLint(mock() + LoopAndCloneChecks + "--format=json hazard.cpp", Dir);
  nlohmann::json PlainDoc = nlohmann::json::parse(Plain.Out);
  for (const auto &F : PlainDoc["findings"])
    EXPECT_EQ(F["severity"], "warning");
  EXPECT_EQ(Plain.Err.find("treated as error"), std::string::npos) << Plain.Err;
}

// --buffer-file lints the named file as if it held the buffer's text (an
// editor's unsaved buffer, torch-lint lsp): the findings of that text, at
// its lines; the file itself untouched, nothing cached for it.
TEST(Cli, BufferFileLintsTheUnsavedText) {
  std::string Dir = makeTempDir("cli-buffer-file");
  writeFile(Dir + "/ops.cpp", Clean);
  writeFile(Dir + "/buffer.txt", std::string("// edited\n") + Hazard);
  RunResult Disk = runTorchLint(mock() + LoopAndCloneChecks + "--format=json ops.cpp", Dir);
  EXPECT_EQ(Disk.ExitCode, 0) << Disk.Out << Disk.Err;
  for (int Run = 0; Run < 2; ++Run) { // (The second is not answered from a cache.)
    RunResult Buffer = runTorchLint(mock() + LoopAndCloneChecks + "--format=json --buffer-file=buffer.txt ops.cpp", Dir);
    ASSERT_EQ(Buffer.ExitCode, 1) << Buffer.Out << Buffer.Err;
    nlohmann::json J = nlohmann::json::parse(Buffer.Out);
    std::set<std::string> Found;
    for (const auto &F : J["findings"])
      Found.insert(F["file"].get<std::string>() + ":" + std::to_string(F["line"].get<int>()) +
                   " " + F["check"].get<std::string>());
    EXPECT_EQ(Found, (std::set<std::string>{"ops.cpp:6 torch-perf-element-loop",
                                            "ops.cpp:10 torch-perf-redundant-copy"}))
        << Buffer.Out;
  }
  EXPECT_EQ(readFile(Dir + "/ops.cpp"), Clean);
  RunResult Again = runTorchLint(mock() + LoopAndCloneChecks + "--format=json ops.cpp", Dir);
  EXPECT_EQ(Again.ExitCode, 0) << "the file's own text, not the buffer's: " << Again.Out;
  RunResult Fix = runTorchLint(mock() + LoopAndCloneChecks + "--fix --buffer-file=buffer.txt ops.cpp", Dir);
  EXPECT_EQ(Fix.ExitCode, 2) << Fix.Err;
  EXPECT_EQ(readFile(Dir + "/ops.cpp"), Clean);
  writeFile(Dir + "/b.cpp", Clean);
  RunResult Two = runTorchLint(mock() + LoopAndCloneChecks + "--buffer-file=buffer.txt ops.cpp b.cpp", Dir);
  EXPECT_EQ(Two.ExitCode, 2) << Two.Err;
  EXPECT_NE(Two.Err.find("--buffer-file needs exactly one file"), std::string::npos) << Two.Err;
}

// --dump-config needs no file (this directory's options) and lints none.
TEST(Cli, DumpConfigWithoutFiles) {
  std::string Dir = makeTempDir("cli-dump-config");
  writeFile(Dir + "/.clang-tidy", "Checks: '-*,torch-perf-element-loop'\n");
  RunResult R = runTorchLint("-dump-config", Dir);
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("Checks:"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("-*,torch-perf-element-loop"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Err, "");
}

TEST(Cli, ExtraArgBeforeComesBeforeExtraArg) {
  std::string Dir = makeTempDir("cli-extra-arg-before");
  writeFile(Dir + "/guarded.cpp", std::string("#ifdef HAZ\n") + Hazard + "#endif\n");
  RunResult Defined =
      runTorchLint(mock() + "--extra-arg-before=-UHAZ --extra-arg=-DHAZ guarded.cpp", Dir);
  EXPECT_EQ(Defined.ExitCode, 1) << Defined.Out << Defined.Err;
  RunResult Undefined =
      runTorchLint(mock() + "-extra-arg-before=-DHAZ -extra-arg=-UHAZ guarded.cpp", Dir);
  EXPECT_EQ(Undefined.ExitCode, 0) << Undefined.Out << Undefined.Err;
  RunResult BeforeOnly = runTorchLint(mock() + "--extra-arg-before=-DHAZ guarded.cpp", Dir);
  EXPECT_EQ(BeforeOnly.ExitCode, 1) << BeforeOnly.Out << BeforeOnly.Err;
}

TEST(Cli, ChecksGlobSelectsChecks) {
  std::string Dir = makeTempDir("cli-glob");
  writeFile(Dir + "/hazard.cpp", Hazard);
  RunResult R = runTorchLint(mock() + "--checks='-*,torch-perf-redundant-copy' hazard.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_EQ(R.Out.find("torch-perf-element-loop"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("torch-perf-redundant-copy"), std::string::npos) << R.Out;
}

TEST(Cli, ClangTidyFileIsHonoured) {
  std::string Dir = makeTempDir("cli-config");
  writeFile(Dir + "/hazard.cpp", Hazard);
  writeFile(Dir + "/.clang-tidy", "Checks: '-*,torch-perf-element-loop'\n");
  RunResult R = runTorchLint(mock() + "hazard.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_NE(R.Out.find("torch-perf-element-loop"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("torch-perf-redundant-copy"), std::string::npos) << R.Out;
}

TEST(Cli, AClangTidyFileForClangTidysOwnChecksLeavesTheTorchChecksOn) {
  // k2's .clang-tidy: '-*' then clang-tidy's own checks, no torch check
  // named. A new user's first run must not stop at "no torchlint check is
  // enabled": the file is about other checks. One that names torch checks
  // is honoured (ClangTidyFileIsHonoured).
  std::string Dir = makeTempDir("cli-config-other-checks");
  writeFile(Dir + "/hazard.cpp", Hazard);
  writeFile(Dir + "/.clang-tidy", "Checks: >\n  -*,\n  bugprone-*,\n  google-*,\n"
                                  "  -google-runtime-references\n");
  RunResult R = runTorchLint(mock() + "hazard.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  // The default checks: level1's redundant-copy, not level2's element-loop.
  EXPECT_EQ(R.Out.find("torch-perf-element-loop"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("torch-perf-redundant-copy"), std::string::npos) << R.Out;
  writeFile(Dir + "/.clang-tidy", "Checks: '-*,bugprone-*,-torch-*'\n");
  RunResult Off = runTorchLint(mock() + "hazard.cpp", Dir);
  EXPECT_EQ(Off.ExitCode, 2) << Off.Out;
  EXPECT_NE(Off.Err.find("no torchlint check is enabled"), std::string::npos) << Off.Err;
}

TEST(Cli, AClangTidyFileRunsOnlyTorchChecks) {
  // A project's .clang-tidy enables clang-tidy's own checks too (FBGEMM's:
  // clang-analyzer*, bugprone*, ...). torch-lint runs its own: the static
  // analyzer took minutes on one of FBGEMM's sources and reported nothing
  // torch-lint is about.
  std::string Dir = makeTempDir("cli-config-analyzer");
  writeFile(Dir + "/hazard.cpp",
            Hazard + std::string("int divide(int a) { int z = 0; return a / z; }\n"));
  writeFile(Dir + "/.clang-tidy", "Checks: '-*,clang-analyzer*,torch-perf-element-loop'\n");
  RunResult R = runTorchLint(mock() + "hazard.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_NE(R.Out.find("torch-perf-element-loop"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("clang-analyzer"), std::string::npos) << R.Out;
  // Not even on request: --checks adds to the file's checks.
  RunResult Asked = runTorchLint(mock() + "--checks='clang-analyzer-*' hazard.cpp", Dir);
  EXPECT_EQ(Asked.Out.find("clang-analyzer"), std::string::npos) << Asked.Out;
}

TEST(Cli, NolintSuppresses) {
  std::string Dir = makeTempDir("cli-nolint");
  std::string Src = Hazard;
  Src.replace(Src.find("s += t[i].item<float>();"), 24,
              "s += t[i].item<float>(); // NOLINT(torch-perf-element-loop)");
  writeFile(Dir + "/hazard.cpp", Src);
  RunResult R = runTorchLint(mock() + "hazard.cpp", Dir);
  EXPECT_EQ(R.Out.find("torch-perf-element-loop"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("torch-perf-redundant-copy"), std::string::npos) << R.Out;
}

TEST(Cli, MissingProjectHeaderIsReportedOnceAndTheRestLinted) {
  std::string Dir = makeTempDir("cli-missing");
  writeFile(Dir + "/m.cpp", std::string("#include \"generated/ops.h\"\n") + Hazard +
                                "int use() { return generated_value(); }\n");
  RunResult R = runTorchLint(mock() + LoopAndCloneChecks + "--format=json m.cpp", Dir);
  // A warning: the status is that of the findings.
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  auto J = nlohmann::json::parse(R.Out);
  EXPECT_EQ(J["findings"].size(), 2u) << R.Out;
  ASSERT_EQ(J["errors"].size(), 1u) << R.Out;
  EXPECT_NE(J["errors"][0]["message"].get<std::string>().find("'generated/ops.h' not found"),
            std::string::npos);
  EXPECT_EQ(J["errors"][0]["severity"], "warning");
  EXPECT_EQ(J["errors"][0]["header"], "generated/ops.h");
  EXPECT_NE(J["errors"][0]["hint"].get<std::string>().find("-- -I<dir>"), std::string::npos)
      << R.Out;
  EXPECT_NE(R.Err.find("2 findings in 1 file, 1 linted in part (headers not found)\n"),
            std::string::npos)
      << R.Err;
  // CI that wants every file analysed in full says so.
  RunResult Strict = runTorchLint(mock() + LoopAndCloneChecks + "--fail-on-partial --format=json m.cpp", Dir);
  EXPECT_EQ(Strict.ExitCode, 3) << Strict.Err;
  // Without findings a partial run is clean.
  writeFile(Dir + "/clean.cpp", "#include \"generated/ops.h\"\nint f() { return 1; }\n");
  EXPECT_EQ(runTorchLint(mock() + LoopAndCloneChecks + "clean.cpp", Dir).ExitCode, 0);
}

TEST(Cli, MissingHeadersAreGroupedOncePerHeaderWithWhatWouldFindThem) {
  std::string Dir = makeTempDir("cli-missing-grouped");
  ::system(("cd " + shellQuote(Dir) + " && git init -q .").c_str());
  // A submodule not checked out, a configure_file template, a header
  // nobody has.
  writeFile(Dir + "/.gitmodules", "[submodule \"third_party/parallel-hashmap\"]\n"
                                  "\tpath = third_party/parallel-hashmap\n"
                                  "\turl = https://example.invalid/phmap.git\n");
  ::system(("mkdir -p " + shellQuote(Dir + "/third_party/parallel-hashmap") + " " +
            shellQuote(Dir + "/src/cmake"))
               .c_str());
  writeFile(Dir + "/src/cmake/version_config.h.in", "#define V @V@\n");
  std::string Includes = "#include <parallel_hashmap/phmap.h>\n#include \"version_config.h\"\n"
                         "#include \"nowhere/x.h\"\n#include <libavfilter/avfilter.h>\n";
  for (const char *F : {"a.cpp", "b.cpp", "c.cpp", "d.cpp"})
    writeFile(Dir + "/src/" + F, Includes + "int " + std::string(1, F[0]) + "() { return 0; }\n");
  RunResult R = runTorchLint(mock() + "src", Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("warning: 4 headers not found; 4 files were linted in part"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("  'parallel_hashmap/phmap.h', included by src/a.cpp, src/b.cpp, "
                       "src/c.cpp and 1 more\n"
                       "    submodule third_party/parallel-hashmap is not checked out: "
                       "git submodule update --init -- third_party/parallel-hashmap\n"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("generated by the build from src/cmake/version_config.h.in"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("'nowhere/x.h'"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("a system library's header: install libavfilter-dev (Debian)"),
            std::string::npos)
      << R.Out;
  // Once per header, not once per file.
  EXPECT_EQ(R.Out.find("src/a.cpp: error"), std::string::npos) << R.Out;
  size_t N = 0;
  for (size_t P = 0; (P = R.Out.find("'nowhere/x.h'", P)) != std::string::npos; ++P)
    ++N;
  EXPECT_EQ(N, 1u) << R.Out;
}

TEST(Cli, SyntaxErrorIsExitThree) {
  std::string Dir = makeTempDir("cli-syntax");
  writeFile(Dir + "/bad.cpp", "int f( { return 0 }\n");
  RunResult R = runTorchLint(mock() + "bad.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 3) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("bad.cpp: error: could not be parsed"), std::string::npos) << R.Out;
}

TEST(Cli, ListChecks) {
  RunResult R = runTorchLint("--list-checks");
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_NE(R.Out.find("  * torch-perf-redundant-copy "), std::string::npos) << R.Out;
  // A level2 check is listed, and off.
  EXPECT_NE(R.Out.find("    torch-perf-element-loop "), std::string::npos) << R.Out;
  RunResult J = runTorchLint("--list-checks --format=json");
  auto Doc = nlohmann::json::parse(J.Out);
  ASSERT_TRUE(Doc.is_array());
  for (const auto &C : Doc)
    for (const char *Key : {"name", "family", "level", "summary", "graph_break", "fixit", "enabled"})
      EXPECT_TRUE(C.contains(Key)) << Key;
}

struct BadInput {
  const char *Name;
  std::string Args;
  const char *Message;
};

TEST(Cli, BadInputIsExitTwoWithOneClearMessage) {
  std::string Dir = makeTempDir("cli-bad");
  writeFile(Dir + "/ok.cpp", Clean);
  writeFile(Dir + "/broken.json", "{ not json");
  ::system(("mkdir -p " + shellQuote(Dir + "/empty") + " " + shellQuote(Dir + "/badcfg")).c_str());
  writeFile(Dir + "/badcfg/.clang-tidy", "Checks: [unclosed\n");
  writeFile(Dir + "/badcfg/x.cpp", Clean);
  std::vector<BadInput> Cases = {
      {"no files", "", "no input files"},
      {"unknown option", "--frobnicate ok.cpp", "unknown option '--frobnicate'"},
      {"unknown check", "--checks=torch-no-such-check ok.cpp", "matches no torchlint check"},
      {"missing file", "nope.cpp", "no such file or directory: 'nope.cpp'"},
      {"missing database", "-p " + shellQuote(Dir + "/empty") + " ok.cpp", "no compile database"},
      {"unreadable database", "-p broken.json ok.cpp", "cannot read compile database"},
      {"malformed .clang-tidy", "badcfg/x.cpp", "malformed"},
      {"directory without sources", "empty", "no C++ sources"},
      {"bad format", "--format=xml ok.cpp", "unknown --format"},
      {"fix and verify", "--fix --verify ok.cpp", "cannot be combined"},
      {"bad regex", "--header-filter='(' ok.cpp", "invalid regex"},
      {"nothing enabled", "--checks='-*' ok.cpp", "no torchlint check is enabled"},
  };
  for (const BadInput &C : Cases) {
    std::string Before = readFile(Dir + "/ok.cpp");
    RunResult R = runTorchLint(mock() + C.Args, Dir);
    EXPECT_EQ(R.ExitCode, 2) << C.Name << "\n" << R.Out << R.Err;
    EXPECT_NE(R.Err.find(C.Message), std::string::npos) << C.Name << ": " << R.Err;
    EXPECT_EQ(R.Err.find("torch-lint: error:"), R.Err.rfind("torch-lint: error:"))
        << C.Name << ": more than one error message: " << R.Err;
    EXPECT_EQ(R.Out, "") << C.Name;
    EXPECT_EQ(readFile(Dir + "/ok.cpp"), Before) << C.Name;
  }
}

} // namespace
