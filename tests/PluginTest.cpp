//===--- PluginTest.cpp - libTorchLintTidy.so in the real clang-tidy ------===//
//
// The plugin is run in the clang-tidy binaries users have: clang-tidy-19 must
// report exactly what torch-lint reports (findings, notes, fix-its) over all
// of testdata, honour .clang-tidy, NOLINT and --fix; clang-tidy-14 must refuse
// it loudly instead of crashing or running without the torch checks.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/YAMLTraits.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <dirent.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sys/stat.h>
#include <tuple>

using namespace torchlint::test;

namespace {

const std::string ClangTidy19 = TORCHLINT_CLANG_TIDY;
const std::string Plugin = TORCHLINT_PLUGIN;
const std::string PluginChecks = TORCHLINT_PLUGIN_CHECKS;

bool isExecutable(const std::string &Path) { return ::access(Path.c_str(), X_OK) == 0; }

/// clang-tidy of LLVM 14, Debian's default clang-tidy; empty if absent.
std::string clangTidy14() {
  for (const char *P : {"/usr/bin/clang-tidy-14", "/usr/lib/llvm-14/bin/clang-tidy"})
    if (isExecutable(P))
      return P;
  return "";
}

/// Runs a shell command line; stdout and stderr separately.
RunResult runCommand(const std::string &Cmd) {
  static int Counter = 0;
  std::string Base = std::string(::testing::TempDir()) + "torchlint-plugin-" +
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

/// The compiler flags torch-lint synthesises for a file without a compile
/// database (driver/engine/Engine.cpp), with the mock torch headers.
std::string synthesisedFlags() {
  std::string Flags = "-std=c++17 -isystem " + shellQuote(mockIncludes()) +
                      " -DTORCH_API_INCLUDE_EXTENSION_H"
                      " -DTORCH_EXTENSION_NAME=torchlint_ext";
  struct stat St;
  for (const char *Py :
       {"/usr/include/python3.11", "/usr/include/python3.12", "/usr/include/python3.13"})
    if (::stat(Py, &St) == 0 && S_ISDIR(St.st_mode))
      return Flags + " -isystem " + Py;
  return Flags;
}

/// clang-tidy with the plugin, from \p Cwd. The plugin reads the project
/// index torch-lint stored in $XDG_CACHE_HOME/torchlint: by default an empty
/// cache, so that a file is linted alone (as torch-lint --no-project does).
std::string runClangTidyCmd(const std::string &Binary, const std::string &Args,
                            const std::string &CacheHome = "",
                            const std::string &Cwd = sourceDir()) {
  static const std::string Empty = makeTempDir("plugin-empty-cache");
  return "cd " + shellQuote(Cwd) + " && XDG_CACHE_HOME=" +
         shellQuote(CacheHome.empty() ? Empty : CacheHome) + " " + shellQuote(Binary) +
         " --load=" + shellQuote(Plugin) + " " + Args;
}

std::vector<std::string> testdataSources() {
  std::vector<std::string> Files;
  std::string Dir = sourceDir() + "/testdata";
  if (DIR *D = ::opendir(Dir.c_str())) {
    while (dirent *E = ::readdir(D)) {
      std::string Name = E->d_name;
      bool Cpp = Name.size() > 4 && Name.compare(Name.size() - 4, 4, ".cpp") == 0;
      if (Cpp && Name.find(".fixed.") == std::string::npos)
        Files.push_back(Name);
    }
    ::closedir(D);
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

std::string testName(const ::testing::TestParamInfo<std::string> &Info) {
  std::string N = Info.param;
  for (char &C : N)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return N;
}

// --- What both front ends report, in one comparable form -------------------

using Where = std::tuple<std::string, unsigned, unsigned>; // file, line, column
struct Diag {
  Where Loc;
  std::string Check, Message;
  std::vector<std::tuple<Where, std::string>> Notes;
  std::vector<std::tuple<std::string, unsigned, unsigned, std::string>>
      Fixes; // file, offset, length, replacement
  bool operator<(const Diag &O) const {
    return std::tie(Loc, Check, Message, Notes, Fixes) <
           std::tie(O.Loc, O.Check, O.Message, O.Notes, O.Fixes);
  }
  bool operator==(const Diag &O) const {
    return std::tie(Loc, Check, Message, Notes, Fixes) ==
           std::tie(O.Loc, O.Check, O.Message, O.Notes, O.Fixes);
  }
};

std::ostream &operator<<(std::ostream &OS, const Where &W) {
  return OS << std::get<0>(W) << ":" << std::get<1>(W) << ":" << std::get<2>(W);
}

std::ostream &operator<<(std::ostream &OS, const Diag &D) {
  OS << D.Loc << ": " << D.Message << " [" << D.Check << "]\n";
  for (const auto &[Loc, Message] : D.Notes)
    OS << "    note " << Loc << ": " << Message << "\n";
  for (const auto &[File, Offset, Length, Text] : D.Fixes)
    OS << "    fix " << File << " @" << Offset << "+" << Length << " '" << Text << "'\n";
  return OS;
}

std::string describe(const std::vector<Diag> &Diags) {
  std::stringstream S;
  for (const Diag &D : Diags)
    S << "  " << D;
  return S.str();
}

/// \p Path made absolute; "" (a note in Clang's scratch space, e.g. "expanded
/// from here" for a string made by '#' in a macro) stays "".
std::string absolute(const std::string &Path) {
  return Path.empty() || Path[0] == '/' ? Path : sourceDir() + "/" + Path;
}

/// Line and byte column (1-based) of \p Offset, as Clang counts them.
Where whereOf(const std::string &File, unsigned Offset) {
  static std::map<std::string, std::string> Cache;
  auto It = Cache.find(File);
  if (It == Cache.end())
    It = Cache.emplace(File, readFile(File)).first;
  const std::string &Text = It->second;
  unsigned Line = 1, LineStart = 0;
  for (unsigned I = 0; I < Offset && I < Text.size(); ++I)
    if (Text[I] == '\n') {
      ++Line;
      LineStart = I + 1;
    }
  return {File, Line, Offset - LineStart + 1};
}

std::vector<Diag> fromTorchLintJson(const std::string &Json) {
  std::vector<Diag> Out;
  auto J = nlohmann::json::parse(Json);
  for (const auto &F : J["findings"]) {
    Diag D;
    D.Loc = {absolute(F["file"]), F["line"], F["column"]};
    D.Check = F["check"];
    D.Message = F["message"];
    for (const auto &N : F["notes"])
      D.Notes.push_back(
          {Where{absolute(N["file"]), N["line"], N["column"]}, N["message"].get<std::string>()});
    for (const auto &X : F["fixits"])
      D.Fixes.push_back(
          {absolute(X["file"]), X["offset"], X["length"], X["replacement"].get<std::string>()});
    Out.push_back(std::move(D));
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

/// clang-tidy's --export-fixes file: every diagnostic, its notes and its
/// replacements (offsets turned into lines and columns).
std::vector<Diag> fromExportedFixes(const std::string &Yaml) {
  std::vector<Diag> Out;
  if (Yaml.empty())
    return Out;
  clang::tooling::TranslationUnitDiagnostics TUD;
  llvm::yaml::Input In(Yaml);
  In >> TUD;
  EXPECT_FALSE(In.error()) << Yaml;
  for (const clang::tooling::Diagnostic &TD : TUD.Diagnostics) {
    Diag D;
    D.Loc = whereOf(TD.Message.FilePath, TD.Message.FileOffset);
    D.Check = TD.DiagnosticName;
    D.Message = TD.Message.Message;
    for (const clang::tooling::DiagnosticMessage &N : TD.Notes)
      // Clang's macro backtrace into headers: torch-lint leaves it out
      // (driver/engine/Engine.cpp), only that.
      if (N.Message.rfind("expanded from macro", 0) != 0 || N.FilePath == TUD.MainSourceFile)
        D.Notes.push_back({whereOf(N.FilePath, N.FileOffset), N.Message});
    for (const auto &[File, Replacements] : TD.Message.Fix)
      for (const clang::tooling::Replacement &R : Replacements)
        D.Fixes.push_back(
            {R.getFilePath().str(), R.getOffset(), R.getLength(), R.getReplacementText().str()});
    std::sort(D.Fixes.begin(), D.Fixes.end());
    Out.push_back(std::move(D));
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

/// The warnings clang-tidy prints (what its users read), without notes.
std::vector<std::tuple<Where, std::string, std::string>>
printedWarnings(const std::string &Stdout) {
  std::vector<std::tuple<Where, std::string, std::string>> Out;
  static const std::regex Line(R"(^(/[^:\n]+):(\d+):(\d+): warning: (.*) \[([^\]\n]+)\]$)");
  std::stringstream S(Stdout);
  std::string L;
  while (std::getline(S, L)) {
    std::smatch M;
    if (std::regex_match(L, M, Line))
      Out.push_back({Where{M[1], std::stoul(M[2]), std::stoul(M[3])}, M[5], M[4]});
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

// --- Parity over testdata ---------------------------------------------------

class PluginParity : public ::testing::TestWithParam<std::string> {};

// The same findings, notes and fix-its from `clang-tidy-19 --load` as from
// torch-lint, file by file. Project-wide facts agree too: the fake kernels
// registered in Python are found by the check itself (the git work tree of
// the file, or its PythonRoots option) in both front ends.
TEST_P(PluginParity, SameFindingsAndFixesAsTorchLint) {
  std::string File = sourceDir() + "/testdata/" + GetParam();
  std::string Yaml = makeTempDir("parity") + "/" + GetParam() + ".yaml";

  RunResult Tidy = runCommand(runClangTidyCmd(
      ClangTidy19, "--quiet --checks='-*,torch-*' --export-fixes=" + shellQuote(Yaml) + " " +
                       shellQuote(File) + " -- " + synthesisedFlags()));
  ASSERT_EQ(Tidy.ExitCode, 0) << Tidy.Out << Tidy.Err;
  EXPECT_EQ(Tidy.Err.find("error"), std::string::npos) << Tidy.Err;

  // One file at a time, as the plugin sees it (it reads no project index).
  RunResult Lint = runTorchLint("--checks='torch-*' --no-project --format=json --torch-include=" +
                                shellQuote(mockIncludes()) + " " + shellQuote(File));
  ASSERT_LE(Lint.ExitCode, 1) << Lint.Out << Lint.Err;
  ASSERT_TRUE(nlohmann::json::parse(Lint.Out)["errors"].empty()) << Lint.Out;

  std::vector<Diag> Want = fromTorchLintJson(Lint.Out);
  std::vector<Diag> Got = fromExportedFixes(readFile(Yaml));
  EXPECT_EQ(Got, Want) << "clang-tidy-19 with the plugin:\n"
                       << describe(Got) << "torch-lint:\n"
                       << describe(Want);

  // What clang-tidy prints is what it exported.
  std::vector<std::tuple<Where, std::string, std::string>> Printed, Exported;
  for (const Diag &D : Got)
    Exported.push_back({D.Loc, D.Check, D.Message});
  std::sort(Exported.begin(), Exported.end());
  Printed = printedWarnings(Tidy.Out);
  EXPECT_EQ(Printed, Exported) << Tidy.Out;
  EXPECT_EQ(Lint.ExitCode, Want.empty() ? 0 : 1);
}

INSTANTIATE_TEST_SUITE_P(AllTestdata, PluginParity, ::testing::ValuesIn(testdataSources()),
                         testName);

// Parity must not hold vacuously: the plugin reports findings at all.
TEST(Plugin, ReportsFindings) {
  RunResult R = runCommand(runClangTidyCmd(
      ClangTidy19,
      "--checks='-*,torch-*' testdata/torch-perf-redundant-copy.cpp -- " + synthesisedFlags()));
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("warning: '.clone()' copies the result of 'operator+'"), std::string::npos)
      << R.Out << R.Err;
  EXPECT_NE(R.Out.find("[torch-perf-redundant-copy]"), std::string::npos) << R.Out;
}

// Every check of the catalog is registered in clang-tidy.
TEST(Plugin, ListsEveryCheck) {
  RunResult R = runCommand(runClangTidyCmd(ClangTidy19, "--checks='-*,torch-*' --list-checks"));
  ASSERT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  RunResult L = runTorchLint("--list-checks --format=json");
  ASSERT_EQ(L.ExitCode, 0) << L.Err;
  std::vector<std::string> Listed, Catalog;
  std::stringstream S(R.Out);
  for (std::string Line; std::getline(S, Line);)
    if (size_t P = Line.find("torch-"); P != std::string::npos)
      Listed.push_back(Line.substr(P));
  for (const auto &C : nlohmann::json::parse(L.Out))
    Catalog.push_back(C["name"]);
  std::sort(Catalog.begin(), Catalog.end());
  EXPECT_EQ(Listed, Catalog) << R.Out;
}

// --- Configuration, suppression, fixing --------------------------------------

/// Fills \p Dir (outside any git work tree) with the missing-fake-kernel
/// testdata, a Python file with fake kernels and a .clang-tidy.
void fakeKernelProject(const std::string &Dir, const std::string &ClangTidy) {
  std::system(("mkdir -p " + shellQuote(Dir + "/src") + " " + shellQuote(Dir + "/py")).c_str());
  writeFile(Dir + "/src/ops.cpp",
            readFile(sourceDir() + "/testdata/torch-compile-missing-fake-kernel.cpp"));
  writeFile(Dir + "/py/fakes.py", readFile(sourceDir() + "/testdata/python/fake_kernels.py"));
  writeFile(Dir + "/py/callers.py", readFile(sourceDir() + "/testdata/python/callers.py"));
  writeFile(Dir + "/.clang-tidy", ClangTidy);
}

/// The 1-based line of the missing-fake-kernel testdata containing \p Anchor.
unsigned fakeKernelLine(const std::string &Anchor) {
  std::stringstream S(readFile(sourceDir() + "/testdata/torch-compile-missing-fake-kernel.cpp"));
  unsigned N = 0;
  for (std::string Line; std::getline(S, Line);)
    if (++N && Line.find(Anchor) != std::string::npos)
      return N;
  ADD_FAILURE() << "no line with " << Anchor;
  return 0;
}

/// The lines of the missing-fake-kernel testdata annotated with a finding.
std::vector<unsigned> fakeKernelAnnotations() {
  std::stringstream S(readFile(sourceDir() + "/testdata/torch-compile-missing-fake-kernel.cpp"));
  std::vector<unsigned> Out;
  unsigned N = 0;
  for (std::string Line; std::getline(S, Line);)
    if (++N && Line.find("// expect: torch-compile-missing-fake-kernel") != std::string::npos)
      Out.push_back(N);
  return Out;
}

std::vector<unsigned> linesOf(const std::string &Check, const std::string &Out) {
  std::vector<unsigned> Lines;
  for (const auto &[Loc, C, Message] : printedWarnings(Out))
    if (C == Check)
      Lines.push_back(std::get<1>(Loc));
  return Lines;
}

// Checks and CheckOptions come from the nearest .clang-tidy, and mean the
// same to clang-tidy and torch-lint.
TEST(Plugin, ClangTidyFileChecksAndCheckOptions) {
  const std::string Check = "torch-compile-missing-fake-kernel";
  for (bool WithRoots : {false, true}) {
    SCOPED_TRACE(WithRoots ? "PythonRoots set" : "no PythonRoots");
    std::string Dir = makeTempDir(WithRoots ? "options-roots" : "options-none");
    std::string Config = "Checks: '-*," + Check + "'\n";
    if (WithRoots)
      Config += "CheckOptions:\n  " + Check + ".PythonRoots: '" + Dir + "/py'\n";
    fakeKernelProject(Dir, Config);
    std::string Src = Dir + "/src/ops.cpp";
    RunResult Tidy = runCommand("cd " + shellQuote(Dir + "/src") + " && " +
                                shellQuote(ClangTidy19) + " --load=" + shellQuote(Plugin) + " " +
                                shellQuote(Src) + " -- " + synthesisedFlags());
    ASSERT_EQ(Tidy.ExitCode, 0) << Tidy.Out << Tidy.Err;
    std::vector<unsigned> Lines = linesOf(Check, Tidy.Out);
    // With the Python roots: the file's annotations. Without them, also the
    // default overloads whose fakes are in Python, the ops Python calls
    // only under torch.compiler.disable or only in tests or never (lg::), and
    // not 'called_out.out' (a
    // non-default overload is a finding only when Python code calls it).
    std::vector<unsigned> Want = fakeKernelAnnotations();
    if (!WithRoots) {
      Want.erase(std::remove(Want.begin(), Want.end(),
                             fakeKernelLine("m.def(\"called_out.out(")),
                 Want.end());
      for (const char *Anchor :
           {"m.def(\"with_py_fake(", "m.def(\"with_abstract.overload(",
            "m.def(\"fake_default(", "m.def(\"called_out(", "  MF_OP_WITH_OUT(macro_op);",
            "m.def(\"disabled_only(", "m.def(\"disabled_backward(", "m.def(\"reads_disabled(",
            ".op(\"lg::sample_in_tests\"", ".op(\"lg::never_named\""})
        Want.push_back(fakeKernelLine(Anchor));
      std::sort(Want.begin(), Want.end());
    }
    EXPECT_EQ(Lines, Want) << Tidy.Out;
    // Only the check the .clang-tidy enables.
    EXPECT_EQ(printedWarnings(Tidy.Out).size(), Want.size()) << Tidy.Out;

    RunResult Lint = runTorchLint("--format=json --torch-include=" + shellQuote(mockIncludes()) +
                                      " " + shellQuote(Src),
                                  Dir + "/src");
    ASSERT_EQ(Lint.ExitCode, 1) << Lint.Err;
    std::vector<unsigned> LintLines;
    nlohmann::json J = nlohmann::json::parse(Lint.Out);
    for (const auto &F : J["findings"])
      if (F["check"] == Check)
        LintLines.push_back(F["line"]);
    std::sort(LintLines.begin(), LintLines.end());
    EXPECT_EQ(LintLines, Want) << Lint.Out;
  }
}

TEST(Plugin, DumpConfigShowsCheckOptions) {
  RunResult R = runCommand(runClangTidyCmd(
      ClangTidy19,
      "--checks='-*,torch-*' --dump-config testdata/torch-perf-redundant-copy.cpp -- " +
          synthesisedFlags()));
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("torch-compile-missing-fake-kernel.PythonRoots"), std::string::npos)
      << R.Out;
}

// --- clang-tidy's configuration options, as clang-tidy-19 has them ---------

/// The torch-* diagnostics printed, as "file:line:col: level: message
/// [checks]" with the file's name only (clang-tidy prints absolute paths,
/// torch-lint the project's).
std::vector<std::string> printedTorchDiagnostics(const std::string &Stdout) {
  std::vector<std::string> Out;
  static const std::regex Line(R"(^([^:\n]+):(\d+):(\d+): (warning|error): (.*) \[(torch-[^\]\n]+)\]$)");
  std::stringstream S(Stdout);
  std::string L;
  while (std::getline(S, L)) {
    std::smatch M;
    if (std::regex_match(L, M, Line)) {
      std::string File = M[1];
      File = File.substr(File.rfind('/') + 1);
      Out.push_back(File + ":" + std::string(M[2]) + ":" + std::string(M[3]) + ": " +
                    std::string(M[4]) + ": " + std::string(M[5]) + " [" + std::string(M[6]) +
                    "]");
    }
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

/// A directory with hazard.cpp (an element loop and a redundant copy) and
/// a .clang-tidy that enables the element loop's check alone.
std::string configProject(const std::string &Name, const std::string &ClangTidy) {
  std::string Dir = makeTempDir(Name);
  writeFile(Dir + "/hazard.cpp", ElementLoopAndClone);
  writeFile(Dir + "/.clang-tidy", ClangTidy);
  return Dir;
}

RunResult clangTidyIn(const std::string &Dir, const std::string &Args) {
  return runCommand(runClangTidyCmd(ClangTidy19, Args + " hazard.cpp -- " + synthesisedFlags(),
                                    "", Dir));
}

RunResult torchLintIn(const std::string &Dir, const std::string &Args) {
  return runTorchLint("--no-cache --torch-include=" + shellQuote(mockIncludes()) + " " + Args +
                          " hazard.cpp",
                      Dir);
}

// --config and --config-file replace the .clang-tidy files (unless they
// inherit them), --checks goes on top, and the two together or a malformed
// one are refused: as clang-tidy-19 does, finding for finding.
TEST(Plugin, ConfigAndConfigFileMeanWhatTheyMeanToClangTidy) {
  std::string Dir = configProject("config-option", "Checks: '-*,torch-perf-element-loop'\n");
  writeFile(Dir + "/copy.yaml", "Checks: '-*,torch-perf-redundant-copy'\n");
  struct Case {
    std::string Args;
    std::vector<std::string> Checks; // Those with findings.
  } Cases[] = {
      {"", {"torch-perf-element-loop"}},
      {"--config=\"{Checks: '-*,torch-perf-redundant-copy'}\"", {"torch-perf-redundant-copy"}},
      {"-config=\"{InheritParentConfig: true, Checks: 'torch-perf-redundant-copy'}\"",
       {"torch-perf-element-loop", "torch-perf-redundant-copy"}},
      {"--config-file=copy.yaml", {"torch-perf-redundant-copy"}},
      {"-config-file=copy.yaml --checks='-*,torch-perf-element-loop'", {"torch-perf-element-loop"}},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Args);
    RunResult Tidy = clangTidyIn(Dir, C.Args);
    RunResult Lint = torchLintIn(Dir, C.Args);
    std::vector<std::string> FromTidy = printedTorchDiagnostics(Tidy.Out),
                             FromLint = printedTorchDiagnostics(Lint.Out);
    EXPECT_EQ(FromLint, FromTidy) << Tidy.Out << Tidy.Err << Lint.Out << Lint.Err;
    std::set<std::string> Checks;
    for (const std::string &D : FromLint)
      Checks.insert(D.substr(D.rfind('[') + 1, D.size() - D.rfind('[') - 2));
    EXPECT_EQ(Checks, std::set<std::string>(C.Checks.begin(), C.Checks.end())) << Lint.Out;
    EXPECT_EQ(Lint.ExitCode, 1) << Lint.Err;
  }
  // Given empty, no .clang-tidy file either (whatever clang-tidy's --help
  // says): each tool's defaults, torch-lint's level0 and level1 checks
  // (redundant-copy; element-loop is level2).
  RunResult Tidy = clangTidyIn(Dir, "--config=");
  EXPECT_EQ(printedTorchDiagnostics(Tidy.Out), std::vector<std::string>()) << Tidy.Out;
  RunResult Lint = torchLintIn(Dir, "--config= --format=json");
  std::set<std::string> Checks;
  nlohmann::json Doc = nlohmann::json::parse(Lint.Out);
  for (const auto &F : Doc["findings"])
    Checks.insert(F["check"].get<std::string>());
  EXPECT_EQ(Checks, (std::set<std::string>{"torch-perf-redundant-copy"})) << Lint.Out;
  for (const char *Bad : {"--config=\"{Checks: '*'}\" --config-file=copy.yaml",
                          "--config=\"{Checks: [\"", "--config-file=no-such.yaml"}) {
    SCOPED_TRACE(Bad);
    RunResult Tidy = clangTidyIn(Dir, Bad);
    RunResult Lint = torchLintIn(Dir, Bad);
    EXPECT_NE(Tidy.ExitCode, 0) << Tidy.Out << Tidy.Err;
    EXPECT_EQ(Lint.ExitCode, 2) << Lint.Out << Lint.Err; // Bad usage: said once.
    EXPECT_EQ(Lint.Out, "");
    EXPECT_NE(Lint.Err.find("torch-lint: error: --config"), std::string::npos) << Lint.Err;
  }
}

// --warnings-as-errors adds to the .clang-tidy's WarningsAsErrors; those
// findings are printed as clang-tidy prints them ("error: ...
// [check,-warnings-as-errors]", "N warnings treated as errors").
TEST(Plugin, WarningsAsErrorsAsClangTidyPrintsThem) {
  std::string Dir = configProject(
      "warnings-as-errors", "Checks: '-*,torch-perf-*'\nWarningsAsErrors: 'torch-perf-element-loop'\n");
  for (const std::string Args : {std::string(""), std::string("--warnings-as-errors=torch-perf-redundant-copy"),
                                 std::string("-warnings-as-errors='-*'")}) {
    SCOPED_TRACE(Args);
    RunResult Tidy = clangTidyIn(Dir, Args);
    RunResult Lint = torchLintIn(Dir, Args);
    std::vector<std::string> FromTidy = printedTorchDiagnostics(Tidy.Out),
                             FromLint = printedTorchDiagnostics(Lint.Out);
    ASSERT_EQ(FromLint.size(), 2u) << Lint.Out;
    EXPECT_EQ(FromLint, FromTidy) << Tidy.Out << Lint.Out;
    size_t Errors = std::count_if(FromLint.begin(), FromLint.end(), [](const std::string &D) {
      return D.find(": error: ") != std::string::npos;
    });
    EXPECT_EQ(Errors, Args.empty() ? 1u : Args.find("redundant") != std::string::npos ? 2u : 0u);
    std::string Said = std::to_string(Errors) + " warning" + (Errors == 1 ? "" : "s") +
                       " treated as error" + (Errors == 1 ? "" : "s");
    if (Errors) {
      EXPECT_NE(Tidy.Err.find(Said), std::string::npos) << Tidy.Err;
      EXPECT_NE(Lint.Err.find(Said), std::string::npos) << Lint.Err;
    }
    EXPECT_EQ(Lint.ExitCode, 1);
  }
}

// --dump-config prints what clang-tidy's does: the merged WarningsAsErrors,
// the configuration's HeaderFilterRegex, the enabled checks' options; the
// Checks line ends with what the configuration and --checks say.
TEST(Plugin, DumpConfigAsClangTidyDumpsIt) {
  std::string Dir = configProject(
      "dump-config", "Checks: '-*,torch-perf-element-loop'\nWarningsAsErrors: 'torch-perf-*'\n");
  const std::string Args = "--config=\"{InheritParentConfig: true, HeaderFilterRegex: 'csrc/.*', "
                           "Checks: 'torch-compile-missing-fake-kernel'}\" "
                           "--warnings-as-errors=torch-compile-* --dump-config";
  RunResult Tidy = clangTidyIn(Dir, Args);
  RunResult Lint = torchLintIn(Dir, Args);
  ASSERT_EQ(Tidy.ExitCode, 0) << Tidy.Err;
  ASSERT_EQ(Lint.ExitCode, 0) << Lint.Err;
  auto Value = [](const std::string &Yaml, const std::string &Key) {
    size_t At = Yaml.find("\n" + Key + ":");
    if (At == std::string::npos)
      return std::string("(none)");
    size_t End = Yaml.find('\n', At + 1);
    return Yaml.substr(At + 1, End - At - 1);
  };
  for (const char *Key : {"WarningsAsErrors", "HeaderFilterRegex"})
    EXPECT_EQ(Value(Lint.Out, Key), Value(Tidy.Out, Key)) << Tidy.Out << Lint.Out;
  EXPECT_NE(Value(Lint.Out, "WarningsAsErrors").find("torch-perf-*,torch-compile-*"),
            std::string::npos)
      << Lint.Out;
  EXPECT_NE(Lint.Out.find("torch-compile-missing-fake-kernel.PythonRoots"), std::string::npos)
      << Lint.Out;
  EXPECT_NE(Tidy.Out.find("torch-compile-missing-fake-kernel.PythonRoots"), std::string::npos)
      << Tidy.Out;
  std::string Checks = Value(Lint.Out, "Checks");
  EXPECT_NE(Checks.find("-*,torch-perf-element-loop,torch-compile-missing-fake-kernel"),
            std::string::npos)
      << Lint.Out;
  EXPECT_NE(Value(Tidy.Out, "Checks").find("-*,torch-perf-element-loop,torch-compile-missing-fake-kernel"),
            std::string::npos)
      << Tidy.Out;
}

TEST(Plugin, NolintSuppresses) {
  std::string Dir = makeTempDir("plugin-nolint");
  std::string File = Dir + "/nolint.cpp";
  writeFile(File, "#include <torch/torch.h>\n"
                  "at::Tensor a(const at::Tensor &x) {\n"
                  "  return x.sigmoid().clone(); // NOLINT(torch-perf-redundant-copy)\n"
                  "}\n"
                  "at::Tensor b(const at::Tensor &x) {\n"
                  "  // NOLINTNEXTLINE(torch-perf-*)\n"
                  "  return x.sigmoid().clone();\n"
                  "}\n"
                  "// NOLINTBEGIN(torch-perf-redundant-copy)\n"
                  "at::Tensor c(const at::Tensor &x) { return x.sigmoid().clone(); }\n"
                  "// NOLINTEND(torch-perf-redundant-copy)\n"
                  "at::Tensor d(const at::Tensor &x) {\n"
                  "  return x.sigmoid().clone(); // NOLINT(torch-compile-symint)\n"
                  "}\n");
  RunResult R = runCommand(runClangTidyCmd(
      ClangTidy19, "--checks='-*,torch-*' " + shellQuote(File) + " -- " + synthesisedFlags()));
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(linesOf("torch-perf-redundant-copy", R.Out), std::vector<unsigned>{13}) << R.Out;
  EXPECT_NE(R.Err.find("Suppressed 3 warnings (3 NOLINT)"), std::string::npos) << R.Err;
}

class PluginFix : public ::testing::TestWithParam<std::string> {};

// clang-tidy-19 --fix with the plugin writes the golden *.fixed.cpp, as
// torch-lint --fix does (testdata/<check>.cpp with that check alone, other
// files with every check).
TEST_P(PluginFix, FixWritesTheGoldenFile) {
  std::string Name = GetParam();
  std::string Checks = testdataChecks(Name);
  std::string Golden =
      sourceDir() + "/testdata/" + Name.substr(0, Name.size() - 4) + ".fixed.cpp";
  std::string Dir = makeTempDir("plugin-fix");
  std::string File = Dir + "/" + Name;
  writeFile(File, readFile(sourceDir() + "/testdata/" + Name));
  RunResult R =
      runCommand(runClangTidyCmd(ClangTidy19, "--quiet --checks='" + Checks + "' --fix " +
                                                  shellQuote(File) + " -- " + synthesisedFlags()));
  ASSERT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("clang-tidy applied"), std::string::npos) << R.Err;
  EXPECT_EQ(readFile(File), readFile(Golden));
}

std::vector<std::string> sourcesWithGoldenFiles() {
  std::vector<std::string> Out;
  struct stat St;
  for (const std::string &Name : testdataSources()) {
    std::string Golden =
        sourceDir() + "/testdata/" + Name.substr(0, Name.size() - 4) + ".fixed.cpp";
    if (::stat(Golden.c_str(), &St) == 0)
      Out.push_back(Name);
  }
  return Out;
}

INSTANTIATE_TEST_SUITE_P(GoldenFiles, PluginFix, ::testing::ValuesIn(sourcesWithGoldenFiles()),
                         testName);

// run-clang-tidy-19 over a compile database. Debian's defaults to
// clang-tidy-19; upstream's runs the `clang-tidy` on PATH, which on Debian is
// clang-tidy-14: the plugin must then stop the run loudly.
TEST(Plugin, RunClangTidy) {
  const std::string Runner = "/usr/bin/run-clang-tidy-19";
  if (!isExecutable(Runner))
    GTEST_SKIP() << Runner << " is not installed";
  std::string Dir = makeTempDir("plugin-run-clang-tidy");
  nlohmann::json Db = nlohmann::json::array();
  for (const char *Name : {"torch-perf-redundant-copy.cpp", "torch-compile-symint.cpp"}) {
    std::string File = Dir + "/" + Name;
    writeFile(File, readFile(sourceDir() + "/testdata/" + Name));
    Db.push_back({{"directory", Dir},
                  {"file", File},
                  {"command", "clang++ " + synthesisedFlags() + " -c " + File}});
  }
  writeFile(Dir + "/compile_commands.json", Db.dump(2));
  std::string Common = " -quiet -load " + shellQuote(Plugin) + " -checks='-*,torch-*' -p " +
                       shellQuote(Dir) + " -j 2";
  RunResult R =
      runCommand(shellQuote(Runner) + " -clang-tidy-binary " + shellQuote(ClangTidy19) + Common);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("torch-perf-redundant-copy.cpp:11:18: warning:"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("[torch-compile-symint]"), std::string::npos) << R.Out;

  if (clangTidy14().empty())
    return;
  RunResult Old =
      runCommand(shellQuote(Runner) + " -clang-tidy-binary " + shellQuote(clangTidy14()) + Common);
  EXPECT_NE(Old.ExitCode, 0) << Old.Out << Old.Err;
  EXPECT_NE((Old.Out + Old.Err).find("loaded into LLVM 14"), std::string::npos)
      << Old.Out << Old.Err;
  EXPECT_EQ(Old.Out.find("warning:"), std::string::npos) << Old.Out;
}

// --- Another LLVM major ------------------------------------------------------

// Loaded into clang-tidy-14, the plugin stops the run with one message that
// names both versions; no findings, no crash, no silent run without it.
// LD_BIND_NOW makes the dynamic loader resolve every symbol at dlopen, the
// case where clang-tidy would otherwise say '-load request ignored' and go on.
TEST(PluginVersion, ClangTidy14RefusesLoudly) {
  std::string Old = clangTidy14();
  if (Old.empty())
    GTEST_SKIP() << "clang-tidy-14 is not installed";
  for (const char *Env : {"", "LD_BIND_NOW=1 "})
    for (const char *Checks : {"'-*,torch-*'", "'-*,torch-*,bugprone-*'"}) {
      SCOPED_TRACE(std::string(Env) + Checks);
      RunResult R =
          runCommand(std::string(Env) +
                     runClangTidyCmd(Old, std::string("--checks=") + Checks +
                                              " testdata/torch-perf-redundant-copy.cpp -- " +
                                              synthesisedFlags()));
      EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
      EXPECT_EQ(R.Out.find("warning:"), std::string::npos) << R.Out;
      EXPECT_NE(R.Err.find("error: torchlint clang-tidy plugin: built for LLVM 19"),
                std::string::npos)
          << R.Err;
      EXPECT_NE(R.Err.find("loaded into LLVM 14"), std::string::npos) << R.Err;
      EXPECT_NE(R.Err.find("clang-tidy-19"), std::string::npos) << R.Err;
      EXPECT_EQ(R.Err.find("symbol lookup error"), std::string::npos) << R.Err;
      EXPECT_EQ(R.Err.find("request ignored"), std::string::npos) << R.Err;
    }
  // --list-checks used to "work" (the registration ran) and hide the problem.
  RunResult L = runCommand(runClangTidyCmd(Old, "--checks='-*,torch-*' --list-checks"));
  EXPECT_NE(L.ExitCode, 0) << L.Out;
  EXPECT_NE(L.Err.find("loaded into LLVM 14"), std::string::npos) << L.Err;
}

// The checks object given to --load directly (not through the shim) refuses
// clang-tidy-14 too, before its checks register.
TEST(PluginVersion, ChecksObjectAloneRefusesLoudly) {
  std::string Old = clangTidy14();
  if (Old.empty())
    GTEST_SKIP() << "clang-tidy-14 is not installed";
  RunResult R = runCommand("cd " + shellQuote(sourceDir()) + " && " + shellQuote(Old) +
                           " --load=" + shellQuote(PluginChecks) +
                           " --checks='-*,torch-*' testdata/torch-perf-redundant-copy.cpp -- " +
                           synthesisedFlags());
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("built for LLVM 19"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("loaded into LLVM 14"), std::string::npos) << R.Err;
}

// The shim without its checks object next to it says what is missing.
TEST(PluginVersion, MissingChecksObjectIsAnError) {
  std::string Dir = makeTempDir("plugin-alone");
  std::string Copy = Dir + "/libTorchLintTidy.so";
  ASSERT_EQ(std::system(("cp " + shellQuote(Plugin) + " " + shellQuote(Copy)).c_str()), 0);
  RunResult R = runCommand(shellQuote(ClangTidy19) + " --load=" + shellQuote(Copy) +
                           " --checks='-*,torch-*' --list-checks");
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("cannot load the checks"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("libTorchLintTidy-llvm19.so"), std::string::npos) << R.Err;
}

// The file given to --load links nothing of LLVM (that is what lets it load
// into any clang-tidy and speak before the dynamic loader fails).
TEST(PluginVersion, ShimHasNoLlvmDependency) {
  RunResult R = runCommand("readelf -d " + shellQuote(Plugin));
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("NEEDED"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("LLVM"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("clang"), std::string::npos) << R.Out;
  RunResult U = runCommand("nm -D --undefined-only " + shellQuote(Plugin));
  ASSERT_EQ(U.ExitCode, 0) << U.Err;
  EXPECT_EQ(U.Out.find("llvm"), std::string::npos) << U.Out;
}

// --- Project facts ---------------------------------------------------------

// After a torch-lint run stored the project's index, the plugin (one file at
// a time) sees the rest of the project: the Meta kernel registered in
// register.cpp makes meta/scale_meta.cpp's helper traced.
TEST(Plugin, UsesTheProjectIndexTorchLintStored) {
  std::string Top = makeTempDir("plugin-project");
  std::string Dir = Top + "/split_op", Home = Top + "/cache-home";
  ASSERT_EQ(std::system(("cp -r " + shellQuote(sourceDir() + "/tests/projects/split_op") + " " +
                         shellQuote(Dir) + " && cd " + shellQuote(Dir) + " && git init -q .")
                            .c_str()),
            0);
  auto Tidy = [&](const std::string &CacheHome) {
    return runCommand(runClangTidyCmd(ClangTidy19,
                                      "--quiet --checks='-*,torch-compile-data-dependent' "
                                      "csrc/meta/scale_meta.cpp -- " +
                                          synthesisedFlags(),
                                      CacheHome, Dir));
  };
  RunResult Alone = Tidy(Home);
  EXPECT_EQ(Alone.Out.find("torch-compile-data-dependent"), std::string::npos) << Alone.Out;
  RunResult Lint = runTorchLint("--quiet --torch-include=" + shellQuote(mockIncludes()) +
                                    " --cache-dir=" + shellQuote(Home + "/torchlint") + " csrc",
                                Dir);
  ASSERT_EQ(Lint.ExitCode, 1) << Lint.Err;
  RunResult WithIndex = Tidy(Home);
  EXPECT_NE(WithIndex.Out.find("scale_meta.cpp:9:29: warning: 'item()' in a Meta kernel"),
            std::string::npos)
      << WithIndex.Out << WithIndex.Err;
  EXPECT_NE(WithIndex.Out.find("registered as the Meta kernel of 'split_op::scale' in "
                               "csrc/register.cpp:13"),
            std::string::npos)
      << WithIndex.Out;
  // A schema in ops.cpp, a kernel in cpu/ that writes through a helper in a
  // third file: the registration in register.cpp is where it shows.
  RunResult Schema = runCommand(runClangTidyCmd(
      ClangTidy19, "--quiet --checks='-*,torch-compile-schema' csrc/register.cpp -- " +
                       synthesisedFlags(),
      Home, Dir));
  EXPECT_NE(Schema.Out.find("register.cpp:22:3: warning: 'split_op::fill_rows_cpu' mutates "
                            "argument 'x' of 'split_op::fill_rows'"),
            std::string::npos)
      << Schema.Out << Schema.Err;
}

} // namespace
