//===--- SecurityTest.cpp - Hostile trees cannot make torch-lint misbehave -===//
//
// torch-lint runs on pull requests: everything in the tree (sources, headers,
// .clang-tidy, compile_commands.json, directory layout, symlinks, file names)
// is the attacker's. Each test here builds a small hostile tree and checks
// one guarantee of docs/guide/security.md.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <nlohmann/json.hpp>
#include <sys/stat.h>

using namespace torchlint::test;
using nlohmann::json;

namespace {

std::string mock() { return "--torch-include=" + shellQuote(mockIncludes()) + " "; }

bool exists(const std::string &Path) {
  struct stat St;
  return ::lstat(Path.c_str(), &St) == 0;
}

void sh(const std::string &Cmd) { ASSERT_EQ(std::system(Cmd.c_str()), 0) << Cmd; }

std::string git(const std::string &Dir) {
  return "git -C " + shellQuote(Dir) +
         " -c user.name=torchlint -c user.email=t@example.invalid "
         "-c commit.gpgsign=false -c init.defaultBranch=main ";
}

const char *const Hazard = R"(#include <torch/torch.h>
torch::Tensor twice(const torch::Tensor &a, const torch::Tensor &b) {
  return (a + b).clone();
}
)";

// --- Code execution ------------------------------------------------------------

TEST(Security, DiffBaseRunsNothingTheTreeConfigures) {
  std::string Dir = makeTempDir("sec-git");
  std::string Ran = Dir + "-ran";
  sh("rm -f " + shellQuote(Ran) + "*");
  // A directory laid out as a bare repository, with an fsmonitor command.
  sh("mkdir -p " + shellQuote(Dir + "/evil/objects") + " " +
     shellQuote(Dir + "/evil/refs/heads"));
  writeFile(Dir + "/evil/HEAD", "ref: refs/heads/main\n");
  writeFile(Dir + "/evil/config", "[core]\n\trepositoryformatversion = 0\n\tbare = true\n"
                                  "\tfsmonitor = \"touch " + Ran + "-bare\"\n"
                                  "[diff]\n\texternal = \"touch " + Ran + "-ext\"\n");
  writeFile(Dir + "/evil/x.cpp", Hazard);
  writeFile(Dir + "/a.cpp", Hazard);
  // A textconv driver selected by the tree's .gitattributes.
  writeFile(Dir + "/.gitattributes", "*.cpp diff=conv\n");
  sh(git(Dir) + "init -q && " + git(Dir) + "add -A && " + git(Dir) + "commit -qm one");
  // Even the repository's own configuration cannot run commands through
  // torch-lint (it is not the PR's, but nothing needs it).
  sh(git(Dir) + "config core.fsmonitor " + shellQuote("touch " + Ran + "-repo") +
     " && " + git(Dir) + "config diff.conv.textconv " +
     shellQuote("sh -c 'touch " + Ran + "-conv; cat \"$0\"'") + " && " + git(Dir) +
     "config diff.external " + shellQuote("touch " + Ran + "-ext2"));
  writeFile(Dir + "/a.cpp", std::string(Hazard) + "// changed\n");
  writeFile(Dir + "/evil/x.cpp", std::string(Hazard) + "// changed\n");

  RunResult R =
      runTorchLint(mock() + "--format=json --diff-base HEAD a.cpp evil/x.cpp", Dir);
  EXPECT_LE(R.ExitCode, 1) << R.Out << R.Err;
  for (const char *Suffix : {"-bare", "-ext", "-repo", "-conv", "-ext2"})
    EXPECT_FALSE(exists(Ran + Suffix)) << "git ran a configured command: " << Suffix;
  // evil/ is part of the outer repository, not a repository of its own:
  // its file is diffed there (committed in one, so nothing changed but the
  // appended comment, which is not a finding line).
  auto J = json::parse(R.Out);
  EXPECT_EQ(J["findings"].size(), 0u) << R.Out;
}

/// A fake interpreter that records how it was run, then answers like the
/// real probe would (no torch).
std::string fakePython(const std::string &Dir, const std::string &Record,
                       const std::string &Extra = "") {
  sh("mkdir -p " + shellQuote(Dir + "/bin"));
  std::string Py = Dir + "/bin/python";
  writeFile(Py, "#!/bin/sh\n"
                "{ echo \"cwd=$(pwd)\"; echo \"args=$1 $2\"; env; } > " +
                    shellQuote(Record) + "\n" + Extra +
                    "echo '{\"python_include\": \"\"}'\n");
  ::chmod(Py.c_str(), 0755);
  return Py;
}

TEST(Security, PythonIsAskedIsolatedOutsideTheTree) {
  std::string Dir = makeTempDir("sec-python");
  std::string Record = Dir + "/record.txt";
  fakePython(Dir + "/venv", Record);
  writeFile(Dir + "/a.cpp", Hazard);
  RunResult R = [&] {
    std::string Cmd = "cd " + shellQuote(Dir) + " && VIRTUAL_ENV=" +
                      shellQuote(Dir + "/venv") +
                      " PYTHONPATH=. PYTHONSTARTUP=x.py TORCHLINT_SECRET=s3cret " +
                      shellQuote(TORCHLINT_BINARY) + " --version -v >/dev/null 2>&1";
    RunResult Out;
    Out.ExitCode = WEXITSTATUS(std::system(Cmd.c_str()));
    return Out;
  }();
  EXPECT_EQ(R.ExitCode, 0);
  std::string Seen = readFile(Record);
  ASSERT_FALSE(Seen.empty()) << "the venv's interpreter was not asked";
  EXPECT_NE(Seen.find("cwd=/\n"), std::string::npos) << Seen;
  EXPECT_NE(Seen.find("args=-I -c\n"), std::string::npos) << Seen;
  EXPECT_EQ(Seen.find("PYTHONPATH"), std::string::npos) << Seen;
  EXPECT_EQ(Seen.find("PYTHONSTARTUP"), std::string::npos) << Seen;
  EXPECT_EQ(Seen.find("s3cret"), std::string::npos) << Seen;
}

TEST(Security, TorchDetectionNeverImportsTheTreesTorch) {
  // A torch/ package (and sitecustomize) in the checkout, on PYTHONPATH and
  // in the working directory: torch detection must not run any of it.
  std::string Dir = makeTempDir("sec-torch-pkg");
  std::string Ran = Dir + "/ran";
  sh("mkdir -p " + shellQuote(Dir + "/torch/utils"));
  std::string Touch = "open(" + json(Ran).dump() + ", 'a').write('x')\n";
  writeFile(Dir + "/torch/__init__.py", Touch);
  writeFile(Dir + "/torch/utils/__init__.py", Touch);
  writeFile(Dir + "/torch/utils/cpp_extension.py", Touch);
  writeFile(Dir + "/sitecustomize.py", Touch);
  writeFile(Dir + "/usercustomize.py", Touch);
  writeFile(Dir + "/a.cpp", Hazard);
  std::string Cmd = "cd " + shellQuote(Dir) + " && env -u VIRTUAL_ENV -u CONDA_PREFIX " +
                    "-u TORCH_INCLUDE PYTHONPATH=" + shellQuote(Dir) + " " +
                    shellQuote(TORCHLINT_BINARY) + " --quiet a.cpp >/dev/null 2>&1";
  std::system(Cmd.c_str());
  EXPECT_FALSE(exists(Ran)) << "torch detection ran code from the tree";
}

TEST(Security, HungPythonDoesNotHangTheRun) {
  std::string Dir = makeTempDir("sec-python-hang");
  std::string Record = Dir + "/record.txt";
  // Sleeps far past the probe's limit; the run must still finish.
  fakePython(Dir + "/venv", Record, "sleep 600\n");
  std::string Cmd = "cd " + shellQuote(Dir) + " && VIRTUAL_ENV=" +
                    shellQuote(Dir + "/venv") + " timeout 120 " +
                    shellQuote(TORCHLINT_BINARY) + " --version -v >/dev/null 2>&1";
  int Status = std::system(Cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(Status), 0) << "torch-lint did not finish on its own";
}

} // namespace
