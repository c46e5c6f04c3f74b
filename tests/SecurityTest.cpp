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
#include <map>
#include <set>
#include <sstream>
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

TEST(Security, CompileDatabaseFlagsCannotLoadCodeOrWriteFiles) {
  std::string Dir = makeTempDir("sec-cdb");
  std::string Out = Dir + "/written";
  sh("mkdir -p " + shellQuote(Dir + "/inc") + " " + shellQuote(Out));
  writeFile(Dir + "/inc/proj.h", "#define PROJ_OK 1\n");
  writeFile(Dir + "/a.cpp", std::string("#include \"proj.h\"\n#if !PROJ_OK || !FROM_DB\n"
                                        "#error flags lost\n#endif\n") +
                                Hazard);
  writeFile(Dir + "/rsp", "-fplugin=" + Out + "/rsp.so\n");
  json Args = {"clang++", "-c", "-std=c++17", "-Iinc", "-DFROM_DB=1",
               "-isystem", mockIncludes(),
               "-fplugin=" + Out + "/plugin.so", "-fpass-plugin=" + Out + "/pass.so",
               "-Xclang", "-load", "-Xclang", Out + "/load.so",
               "-MD", "-MF", Out + "/dep.d", "-Wp,-MD," + Out + "/wp.d",
               "--serialize-diagnostics", Out + "/diag.dia",
               "-fprofile-instr-generate=" + Out + "/prof", "-ftime-trace",
               "-ftime-trace-granularity=0", "-fcrash-diagnostics-dir=" + Out,
               "-save-temps=obj", "-fmodules-cache-path=" + Out + "/mc",
               "-fsanitize-ignorelist=/etc/passwd", "@" + Dir + "/rsp",
               "-mllvm", "-debug-pass=Structure",
               "-o", Out + "/a.o", "a.cpp"};
  json Db = json::array({{{"directory", Dir}, {"file", "a.cpp"}, {"arguments", Args}}});
  writeFile(Dir + "/compile_commands.json", Db.dump());
  RunResult R = runTorchLint("-p . --format=json a.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  auto J = json::parse(R.Out);
  EXPECT_EQ(J["errors"].size(), 0u) << R.Out; // -I, -D and -isystem were kept.
  EXPECT_EQ(J["findings"].size(), 1u) << R.Out;
  std::string Listing;
  RunResult Ls;
  int Files = std::system(("test -z \"$(ls -A " + shellQuote(Out) + ")\"").c_str());
  EXPECT_EQ(Files, 0) << "a compile-database flag wrote into " << Out;
  for (const char *Reported : {"-fplugin=", "-Xclang", "-MF", "-Wp,", "-mllvm",
                               "--serialize-diagnostics", "@<response file>",
                               "-fprofile-instr-generate=", "-save-temps="})
    EXPECT_NE(R.Err.find(std::string(" ") + Reported), std::string::npos)
        << Reported << " not reported:\n" << R.Err;
  // Once per run, on one line.
  EXPECT_EQ(R.Err.find("compile_commands.json: ignored"),
            R.Err.rfind("compile_commands.json: ignored"));
  EXPECT_EQ(R.Err.find("-Iinc"), std::string::npos) << R.Err;
}

TEST(Security, PragmaDebugCrashDoesNotEndTheRun) {
  std::string Dir = makeTempDir("sec-pragma");
  std::vector<std::string> Names;
  for (const char *P : {"crash", "parser_crash", "llvm_fatal_error", "llvm_unreachable",
                        "assert", "overflow_stack"}) {
    std::string N = std::string("p_") + P + ".cpp";
    writeFile(Dir + "/" + N,
              std::string("#pragma clang __debug ") + P + "\n" + Hazard);
    Names.push_back(N);
  }
  writeFile(Dir + "/z_ok.cpp", Hazard);
  std::string Args;
  for (const std::string &N : Names)
    Args += " " + N;
  RunResult R = runTorchLint(mock() + "--format=json -j1" + Args + " z_ok.cpp", Dir);
  EXPECT_LE(R.ExitCode, 3) << R.Err; // Not a signal (-1) or abort.
  ASSERT_NE(R.ExitCode, -1);
  auto J = json::parse(R.Out);
  std::set<std::string> WithFindings;
  for (const auto &F : J["findings"])
    WithFindings.insert(F["file"].get<std::string>());
  EXPECT_TRUE(WithFindings.count("z_ok.cpp")) << R.Out;
  // The pragma is ignored, so each file is linted as if it were not there.
  for (const std::string &N : Names)
    EXPECT_TRUE(WithFindings.count(N)) << N << "\n" << R.Out;
}

TEST(Security, CompileDatabaseIsFoundButMustBeARegularFile) {
  std::string Dir = makeTempDir("sec-cdb-found");
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/build") + " " +
     shellQuote(Dir + "/src/inc"));
  writeFile(Dir + "/src/inc/proj.h", "#define PROJ_OK 1\n");
  writeFile(Dir + "/src/a.cpp",
            std::string("#include \"proj.h\"\n#if !PROJ_OK\n#error no\n#endif\n") + Hazard);
  json Db = json::array({{{"directory", Dir + "/src"},
                          {"file", "a.cpp"},
                          {"arguments", {"clang++", "-std=c++17", "-Iinc", "-isystem",
                                         mockIncludes(), "-c", "a.cpp"}}}});
  writeFile(Dir + "/build/compile_commands.json", Db.dump());
  // Found without -p, in build/ of a parent, as clang-tidy finds it.
  RunResult R = runTorchLint("-v --format=json src/a.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("compile database " + Dir + "/build/compile_commands.json"),
            std::string::npos)
      << R.Err;
  // -p takes the file itself too.
  EXPECT_EQ(runTorchLint("-p build/compile_commands.json src/a.cpp", Dir).ExitCode, 1);
  // A FIFO in its place is refused, not read.
  sh("rm " + shellQuote(Dir + "/build/compile_commands.json") + " && mkfifo " +
     shellQuote(Dir + "/build/compile_commands.json"));
  RunResult F = runTorchLint("src/a.cpp", Dir);
  EXPECT_EQ(F.ExitCode, 2) << F.Err;
  EXPECT_NE(F.Err.find("not a regular file"), std::string::npos) << F.Err;
}

// --- Reading outside the project -------------------------------------------------

TEST(Security, ParsesReadNothingOutsideTheProject) {
  std::string Top = makeTempDir("sec-reads");
  std::string Dir = Top + "/proj";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src"));
  writeFile(Top + "/secret.txt", "TOPSECRET\n");
  struct Case {
    const char *Name, *Line;
  };
  std::vector<Case> Cases = {
      {"abs.cpp", "#include \"/etc/passwd\"\n"},
      {"dotdot.cpp", "#include \"../../secret.txt\"\n"},
      {"embed.cpp", "const char K[] = {\n#embed \"../../secret.txt\"\n};\n"},
      {"zero.cpp", "#include \"zero.h\"\n"},
      {"stdin.cpp", "#include \"stdin.h\"\n"},
      {"fifo.cpp", "#include \"fifo.h\"\n"},
      {"link.cpp", "#include \"secret.h\"\n"},
  };
  sh("ln -s /dev/zero " + shellQuote(Dir + "/src/zero.h") + " && ln -s /dev/stdin " +
     shellQuote(Dir + "/src/stdin.h") + " && mkfifo " + shellQuote(Dir + "/src/fifo.h") +
     " && ln -s ../../secret.txt " + shellQuote(Dir + "/src/secret.h"));
  std::string Args;
  for (const Case &C : Cases) {
    writeFile(Dir + "/src/" + C.Name, std::string(C.Line) + Hazard);
    Args += std::string(" src/") + C.Name;
  }
  writeFile(Dir + "/src/ok.cpp", Hazard);
  std::string Cmd = "cd " + shellQuote(Dir) + " && timeout 120 " +
                    shellQuote(TORCHLINT_BINARY) + " " + mock() + "--format=json" + Args +
                    " src/ok.cpp </dev/null >out.json 2>err.txt";
  int Status = std::system(Cmd.c_str());
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 3) << readFile(Dir + "/err.txt");
  std::string Out = readFile(Dir + "/out.json"), Err = readFile(Dir + "/err.txt");
  EXPECT_EQ(Out.find("TOPSECRET"), std::string::npos) << Out;
  EXPECT_EQ(Err.find("TOPSECRET"), std::string::npos) << Err;
  EXPECT_EQ(Out.find("root:"), std::string::npos) << Out;
  auto J = json::parse(Out);
  std::map<std::string, std::string> ErrorOf;
  for (const auto &E : J["errors"])
    ErrorOf[E["file"]] += E["message"].get<std::string>() + "\n";
  for (const Case &C : Cases)
    EXPECT_NE(ErrorOf[std::string("src/") + C.Name].find("refused to read"),
              std::string::npos)
        << C.Name << ": " << ErrorOf[std::string("src/") + C.Name];
  EXPECT_EQ(ErrorOf.count("src/ok.cpp"), 0u);
  // Every file is still linted for what parses.
  std::set<std::string> WithFindings;
  for (const auto &F : J["findings"])
    WithFindings.insert(F["file"].get<std::string>());
  EXPECT_TRUE(WithFindings.count("src/ok.cpp")) << Out;
  EXPECT_TRUE(WithFindings.count("src/abs.cpp")) << Out;

  // A source that is itself a FIFO is refused, not read (it would hang).
  sh("mkfifo " + shellQuote(Dir + "/src/pipe.cpp"));
  RunResult Pipe = runTorchLint(mock() + "src/pipe.cpp src/ok.cpp", Dir);
  EXPECT_EQ(Pipe.ExitCode, 2) << Pipe.Err;
  EXPECT_NE(Pipe.Err.find("not a regular file"), std::string::npos) << Pipe.Err;
}

TEST(Security, ParsesReadNoVersionControlMetadata) {
  // actions/checkout keeps the job's token in .git/config; a template whose
  // error spells #embed'ed bytes would print it. No spelling of a path into
  // VCS metadata is readable by the parse.
  std::string Dir = makeTempDir("sec-vcs") + "/proj";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src/sub") + " " +
     shellQuote(Dir + "/.hg") + " " + shellQuote(Dir + "/.svn") + " " +
     shellQuote(Dir + "/wt/meta"));
  const std::string Token = "AUTHORIZATION: basic c2VjcmV0VE9LRU4=";
  for (const char *F : {"/.git/config", "/.hg/hgrc", "/.svn/wc.db", "/wt/meta/config"})
    writeFile(Dir + F, "[http]\n\textraheader = " + Token + "\n");
  // A worktree whose .git file names its metadata elsewhere in the tree.
  writeFile(Dir + "/wt/.git", "gitdir: meta\n");
  sh("ln -s ../.git/config " + shellQuote(Dir + "/src/cfg.h") + " && ln -s ../.git " +
     shellQuote(Dir + "/src/g"));
  struct Case {
    const char *Name, *Line;
  };
  std::vector<Case> Cases = {
      {"rel.cpp", "#include \"../.git/config\"\n"},
      {"dot.cpp", "#include \"./../.git/config\"\n"},
      {"updown.cpp", "#include \"sub/../../.git/config\"\n"},
      {"link.cpp", "#include \"cfg.h\"\n"},
      {"dirlink.cpp", "#include \"g/config\"\n"},
      {"embed.cpp", "const char K[] = {\n#embed \"../.git/config\"\n};\n"},
      {"hg.cpp", "#include \"../.hg/hgrc\"\n"},
      {"svn.cpp", "#include \"../.svn/wc.db\"\n"},
      {"gitdir.cpp", "#include \"../wt/meta/config\"\n"},
      {"gitfile.cpp", "#include \"../wt/.git\"\n"},
  };
  std::string Args;
  for (const Case &C : Cases) {
    writeFile(Dir + "/src/" + C.Name, std::string(C.Line) + Hazard);
    Args += std::string(" src/") + C.Name;
  }
  RunResult R = runTorchLint(mock() + "--no-cache --format=json" + Args, Dir);
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_EQ(R.Out.find("c2VjcmV0VE9LRU4"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Err.find("c2VjcmV0VE9LRU4"), std::string::npos) << R.Err;
  auto J = json::parse(R.Out);
  std::map<std::string, std::string> ErrorOf;
  for (const auto &E : J["errors"])
    ErrorOf[E["file"]] += E["message"].get<std::string>() + "\n";
  for (const Case &C : Cases)
    EXPECT_NE(ErrorOf[std::string("src/") + C.Name].find("version control metadata"),
              std::string::npos)
        << C.Name << ": " << ErrorOf[std::string("src/") + C.Name];
}

TEST(Security, ParsesReadNoDotFilesOfTheUsersHome) {
  // Linting in $HOME itself (no repository: the working directory is the
  // project): the user's configuration and keys stay out of the parse.
  std::string Home = makeTempDir("sec-home");
  sh("mkdir -p " + shellQuote(Home + "/.ssh") + " " + shellQuote(Home + "/src"));
  writeFile(Home + "/.ssh/id_rsa", "PRIVATEKEYBYTES\n");
  writeFile(Home + "/src/a.cpp", "#include \"../.ssh/id_rsa\"\n" + std::string(Hazard));
  writeFile(Home + "/src/ok.h", "// nothing\n");
  writeFile(Home + "/src/b.cpp", "#include \"ok.h\"\n" + std::string(Hazard));
  std::string Cmd = "cd " + shellQuote(Home) + " && HOME=" + shellQuote(Home) + " " +
                    shellQuote(TORCHLINT_BINARY) + " " + mock() +
                    "--format=json src/a.cpp src/b.cpp </dev/null >" + shellQuote(Home + "/out.json") + " 2>&1";
  int Status = std::system(Cmd.c_str());
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 3);
  std::string Out = readFile(Home + "/out.json");
  EXPECT_EQ(Out.find("PRIVATEKEYBYTES"), std::string::npos) << Out;
  EXPECT_NE(Out.find("the user's home configuration"), std::string::npos) << Out;
  EXPECT_NE(Out.find("\"src/b.cpp\""), std::string::npos) << Out; // still linted
}

TEST(Security, SpecialFilesOfTheTreeAreNotRead) {
  // The files torchlint reads beside the sources (setup.py for macros,
  // .gitmodules for hints, Python modules for fakes): as FIFOs they would
  // block the run forever; they are passed over.
  std::string Dir = makeTempDir("sec-special") + "/proj";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src") + " " +
     shellQuote(Dir + "/py"));
  for (const char *F : {"setup.py", ".gitmodules", "py/ops.py"})
    sh("mkfifo " + shellQuote(Dir + "/" + F));
  writeFile(Dir + "/src/a.cpp", std::string("#include \"missing/dep.h\"\n") + Hazard);
  std::string Cmd = "cd " + shellQuote(Dir) + " && timeout 120 " +
                    shellQuote(TORCHLINT_BINARY) + " " + mock() +
                    "--no-cache --format=json src </dev/null >out.json 2>err.txt";
  int Status = std::system(Cmd.c_str());
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 1) << readFile(Dir + "/err.txt"); // not 124: it ended
  EXPECT_NE(readFile(Dir + "/out.json").find("torch-perf-redundant-copy"), std::string::npos);
}

TEST(Security, TheToolsOwnReadsStayInTheTree) {
  // The files torch-lint reads itself beside the parse follow one rule: a
  // symlink out of the project is not read, and nothing of its target
  // reaches the output (hints, -v, macros, config errors).
  std::string Top = makeTempDir("sec-own-reads");
  std::string Dir = Top + "/proj", Out = Top + "/outside";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src") + " " +
     shellQuote(Out));
  writeFile(Out + "/setup.py", "from setuptools import setup\n"
                               "setup(ext_modules=[CppExtension('x', ['src/a.cpp'],\n"
                               "  extra_compile_args=['-DLEAKMACRO=\"LEAKVALUE\"'])])\n");
  writeFile(Out + "/gitmodules", "[submodule \"x\"]\n\tpath = LEAKPATH\n\turl = u\n");
  writeFile(Out + "/config.yaml", "LeakYamlKey: 1\n");
  writeFile(Out + "/clang-tidy", "LeakTidyKey: 1\n");
  writeFile(Out + "/compile_commands.json",
            "[{\"directory\": \"/\", \"file\": \"a.cpp\", \"command\": \"c++ -DLEAKDB a.cpp\"}]");
  writeFile(Dir + "/src/a.cpp", "#include \"missing/dep.h\"\n" + std::string(Hazard));
  sh("ln -s ../outside/setup.py " + shellQuote(Dir + "/setup.py") +
     " && ln -s ../outside/gitmodules " + shellQuote(Dir + "/.gitmodules"));
  auto Leaks = [](const RunResult &R) {
    std::string All = R.Out + R.Err;
    for (const char *S : {"LEAKMACRO", "LEAKVALUE", "LEAKPATH", "LeakYamlKey", "LeakTidyKey",
                          "LEAKDB"})
      if (All.find(S) != std::string::npos)
        return std::string(S);
    return std::string();
  };
  RunResult R = runTorchLint(mock() + "--no-cache -v src/a.cpp", Dir);
  EXPECT_EQ(Leaks(R), "") << R.Out << R.Err;
  EXPECT_NE(R.Err.find("skipped '" + Dir + "/setup.py': its real path is not inside the project"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("skipped '" + Dir + "/.gitmodules'"), std::string::npos) << R.Err;
  EXPECT_NE(R.Out.find("torch-perf-redundant-copy"), std::string::npos) << R.Out;

  // Configuration files: refused, an error, nothing of the target echoed.
  sh("ln -s ../outside/config.yaml " + shellQuote(Dir + "/.torch-lint.yaml"));
  RunResult Yaml = runTorchLint(mock() + "--no-cache src/a.cpp", Dir);
  EXPECT_EQ(Yaml.ExitCode, 2) << Yaml.Err;
  EXPECT_EQ(Leaks(Yaml), "") << Yaml.Err;
  EXPECT_NE(Yaml.Err.find("refused to read"), std::string::npos) << Yaml.Err;
  sh("rm " + shellQuote(Dir + "/.torch-lint.yaml") + " && ln -s ../../outside/clang-tidy " +
     shellQuote(Dir + "/src/.clang-tidy"));
  RunResult Tidy = runTorchLint(mock() + "--no-cache src/a.cpp", Dir);
  EXPECT_EQ(Tidy.ExitCode, 2) << Tidy.Err;
  EXPECT_EQ(Leaks(Tidy), "") << Tidy.Err;
  EXPECT_NE(Tidy.Err.find("refused to read"), std::string::npos) << Tidy.Err;
  sh("rm " + shellQuote(Dir + "/src/.clang-tidy") + " && ln -s ../outside/compile_commands.json " +
     shellQuote(Dir + "/compile_commands.json"));
  RunResult Db = runTorchLint(mock() + "--no-cache src/a.cpp", Dir);
  EXPECT_EQ(Db.ExitCode, 2) << Db.Err;
  EXPECT_EQ(Leaks(Db), "") << Db.Err;
  EXPECT_NE(Db.Err.find("refused"), std::string::npos) << Db.Err;
  // A link inside the project is the project's own.
  sh("rm " + shellQuote(Dir + "/compile_commands.json") + " " + shellQuote(Dir + "/setup.py") +
     " && cp " + shellQuote(Out + "/setup.py") + " " + shellQuote(Dir + "/build.py") +
     " && ln -s build.py " + shellQuote(Dir + "/setup.py"));
  RunResult In = runTorchLint(mock() + "--no-cache -v src/a.cpp", Dir);
  EXPECT_EQ(In.Err.find("skipped '" + Dir + "/setup.py'"), std::string::npos) << In.Err;
}

TEST(Security, TreeTextInSuggestedCommandsIsOneShellWord) {
  // The missing-header hint suggests `git submodule update --init <path>`;
  // the path is the tree's (.gitmodules). Pasted, it is one argument.
  std::string Dir = makeTempDir("sec-hint-quote") + "/proj";
  const std::string Evil = "third_party/parallel-hashmap'; touch pwned; echo '$(id)";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src"));
  writeFile(Dir + "/.gitmodules", "[submodule \"x\"]\n\tpath = " + Evil + "\n\turl = u\n");
  writeFile(Dir + "/src/a.cpp", "#include <parallel_hashmap/phmap.h>\nint a() { return 0; }\n");
  RunResult R = runTorchLint(mock() + "--no-cache src/a.cpp", Dir);
  const std::string Cmd = "git submodule update --init -- ";
  size_t At = R.Out.find(Cmd);
  ASSERT_NE(At, std::string::npos) << R.Out;
  std::string Word = R.Out.substr(At + Cmd.size());
  Word = Word.substr(0, Word.find('\n'));
  // What a shell makes of the suggested words: exactly the path, one word.
  std::string Printed = Dir + "/printed.txt";
  sh("cd " + shellQuote(Dir) + " && sh -c " + shellQuote("printf '%s|' " + Word) + " >" +
     shellQuote(Printed));
  EXPECT_EQ(readFile(Printed), Evil + "|") << Word;
  EXPECT_FALSE(exists(Dir + "/pwned"));
}

// --- Writing ------------------------------------------------------------------------

const char *const Fixed = R"(#include <torch/torch.h>
torch::Tensor twice(const torch::Tensor &a, const torch::Tensor &b) {
  return (a + b);
}
)";

bool isSymlink(const std::string &Path) {
  struct stat St;
  return ::lstat(Path.c_str(), &St) == 0 && S_ISLNK(St.st_mode);
}

TEST(Security, FixKeepsSymlinksAndStaysInTheTree) {
  std::string Top = makeTempDir("sec-fix-links");
  std::string Dir = Top + "/proj";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src") + " " +
     shellQuote(Top + "/outside"));
  writeFile(Dir + "/src/real.cpp", Hazard);
  writeFile(Top + "/outside/theirs.cpp", Hazard);
  sh("ln -s real.cpp " + shellQuote(Dir + "/src/link.cpp") + " && ln -s ../../outside/theirs.cpp " +
     shellQuote(Dir + "/src/away.cpp"));

  // A symlink to a file in the tree: the target is fixed, the link stays.
  RunResult R = runTorchLint(mock() + "--fix src/link.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_TRUE(isSymlink(Dir + "/src/link.cpp"));
  EXPECT_EQ(readFile(Dir + "/src/real.cpp"), Fixed);

  // A symlink that leaves the tree: refused, the target untouched.
  RunResult Away = runTorchLint(mock() + "--fix src/away.cpp", Dir);
  EXPECT_EQ(Away.ExitCode, 3) << Away.Err;
  // (Refused already as a read: the parse never sees it.)
  EXPECT_NE((Away.Out + Away.Err).find("outside the project"), std::string::npos)
      << Away.Out << Away.Err;
  EXPECT_EQ(readFile(Top + "/outside/theirs.cpp"), Hazard);
  EXPECT_TRUE(isSymlink(Dir + "/src/away.cpp"));
}

TEST(Security, FileNamesWithBackslashesAreLinted) {
  // POSIX names may hold `\`. Clang's tooling made names native, turning a
  // lone `\` into `/`: `src/a\b.cpp` was parsed as `src/a/b.cpp` (here a
  // clean file beside it) or not at all ("no input files").
  std::string Dir = makeTempDir("sec-backslash");
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src/a") + " " +
     shellQuote(Dir + "/src/d\\ir"));
  writeFile(Dir + "/src/a\\b.cpp", Hazard);
  writeFile(Dir + "/src/d\\ir/c.cpp", Hazard);
  const std::string Clean = "int b() { return 0; }\n";
  writeFile(Dir + "/src/a/b.cpp", Clean);
  for (const char *Jobs : {"-j1", "-j2"}) {
    RunResult R = runTorchLint(mock() + Jobs + " --format=json " +
                                   shellQuote("src/a\\b.cpp") + " " + shellQuote("src/d\\ir/c.cpp"),
                               Dir);
    EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
    json J = json::parse(R.Out);
    EXPECT_TRUE(J["errors"].empty()) << J["errors"].dump();
    std::set<std::string> Files;
    for (const json &F : J["findings"])
      if (F["check"] == "torch-perf-redundant-copy")
        Files.insert(F["file"].get<std::string>());
    EXPECT_EQ(Files, (std::set<std::string>{"src/a\\b.cpp", "src/d\\ir/c.cpp"})) << R.Out;
  }
  // Found by the walk of a directory, and fixed in place: only that file.
  RunResult Fix = runTorchLint(mock() + "--fix src", Dir);
  EXPECT_EQ(Fix.ExitCode, 1) << Fix.Out << Fix.Err;
  EXPECT_EQ(readFile(Dir + "/src/a\\b.cpp"), Fixed);
  EXPECT_EQ(readFile(Dir + "/src/d\\ir/c.cpp"), Fixed);
  EXPECT_EQ(readFile(Dir + "/src/a/b.cpp"), Clean);
}

TEST(Security, FixAppliesEachFilesEditsOnce) {
  std::string Dir = makeTempDir("sec-fix-once");
  sh("mkdir -p " + shellQuote(Dir + "/src"));
  writeFile(Dir + "/src/a.cpp", Hazard);
  sh("ln " + shellQuote(Dir + "/src/a.cpp") + " " + shellQuote(Dir + "/src/hard.cpp") +
     " && ln -s a.cpp " + shellQuote(Dir + "/src/soft.cpp"));
  // Four names, one file.
  RunResult R =
      runTorchLint(mock() + "--fix src/a.cpp src/hard.cpp src/soft.cpp src/../src/a.cpp src", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(readFile(Dir + "/src/a.cpp"), Fixed);
  EXPECT_EQ(std::count(R.Err.begin(), R.Err.end(), '\n') >= 1, true);
  EXPECT_EQ(R.Err.find("applied"), R.Err.rfind("applied")) << R.Err;
}

TEST(Security, FixRefusesAFileEditedDuringTheRun) {
  std::string Dir = makeTempDir("sec-fix-edited");
  writeFile(Dir + "/a.cpp", Hazard);
  std::string Cmd = "cd " + shellQuote(Dir) + " && TORCHLINT_TEST_EDIT_BEFORE_FIX=1 " +
                    shellQuote(TORCHLINT_BINARY) + " " + mock() +
                    "--fix a.cpp >/dev/null 2>err.txt";
  int Status = std::system(Cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(Status), 3);
  EXPECT_EQ(readFile(Dir + "/a.cpp"), std::string(Hazard) + "// edited during the run\n");
  EXPECT_NE(readFile(Dir + "/err.txt").find("changed since it was linted; not fixed"),
            std::string::npos)
      << readFile(Dir + "/err.txt");
}

// --- Faults contained -----------------------------------------------------------

TEST(Security, ACrashingFileIsThatFilesError) {
  std::string Dir = makeTempDir("sec-crash");
  for (const char *F : {"a.cpp", "boom.cpp", "c.cpp"})
    writeFile(Dir + "/" + F, Hazard);
  for (const char *Jobs : {"-j1", "-j2"}) {
    std::string Cmd = "cd " + shellQuote(Dir) + " && TORCHLINT_TEST_CRASH_ON=boom " +
                      shellQuote(TORCHLINT_BINARY) + " " + mock() + "--format=json " +
                      Jobs + " a.cpp boom.cpp c.cpp >out.json 2>err.txt";
    int Status = std::system(Cmd.c_str());
    ASSERT_TRUE(WIFEXITED(Status)) << Jobs;
    EXPECT_EQ(WEXITSTATUS(Status), 3) << Jobs << readFile(Dir + "/err.txt");
    auto J = json::parse(readFile(Dir + "/out.json"));
    ASSERT_EQ(J["errors"].size(), 1u) << J.dump();
    EXPECT_EQ(J["errors"][0]["file"], "boom.cpp");
    EXPECT_NE(J["errors"][0]["message"].get<std::string>().find(
                  "crashed the analyser (signal 11)"),
              std::string::npos)
        << J.dump();
    std::set<std::string> WithFindings;
    for (const auto &F : J["findings"])
      WithFindings.insert(F["file"].get<std::string>());
    EXPECT_EQ(WithFindings, (std::set<std::string>{"a.cpp", "c.cpp"})) << Jobs;
  }
}

TEST(Security, AHangingFileTimesOut) {
  std::string Dir = makeTempDir("sec-hang");
  for (const char *F : {"a.cpp", "stuck.cpp"})
    writeFile(Dir + "/" + F, Hazard);
  std::string Cmd = "cd " + shellQuote(Dir) + " && TORCHLINT_TEST_HANG_ON=stuck timeout 300 " +
                    shellQuote(TORCHLINT_BINARY) + " " + mock() +
                    "--format=json --timeout=3 a.cpp stuck.cpp >out.json 2>err.txt";
  int Status = std::system(Cmd.c_str());
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 3) << readFile(Dir + "/err.txt");
  auto J = json::parse(readFile(Dir + "/out.json"));
  ASSERT_EQ(J["errors"].size(), 1u) << J.dump();
  EXPECT_EQ(J["errors"][0]["file"], "stuck.cpp");
  EXPECT_EQ(J["errors"][0]["message"], "timed out after 3 s (--timeout); not analysed");
  ASSERT_EQ(J["findings"].size(), 1u);
  EXPECT_EQ(J["findings"][0]["file"], "a.cpp");
}

TEST(Security, WorkersDieWithTorchLint) {
  // A CI step cancelled, `timeout`, a hook interrupted: whatever ends
  // torch-lint ends its workers (no worker left with parent 1).
  std::string Dir = makeTempDir("sec-orphans");
  for (const char *Sig : {"TERM", "HUP", "KILL"}) {
    std::string Marker = std::string("stuck_orphan_") + Sig + "_" + std::to_string(::getpid());
    writeFile(Dir + "/" + Marker + ".cpp", Hazard);
    writeFile(Dir + "/a.cpp", Hazard);
    std::string Count = "pgrep -f -- " + shellQuote("[-]-worker.*" + Marker) + " | wc -l";
    // (SIGINT is not tried: a background job of sh starts with it ignored.)
    std::string Cmd = "cd " + shellQuote(Dir) + " && (TORCHLINT_TEST_HANG_ON=" + Marker +
                      " setsid " + shellQuote(TORCHLINT_BINARY) + " " + mock() +
                      "--no-cache --timeout=600 a.cpp " + Marker +
                      ".cpp >/dev/null 2>&1 & echo $! >pid.txt; wait) >/dev/null 2>&1 &";
    sh(Cmd);
    int Workers = 0;
    for (int I = 0; I < 200 && Workers == 0; ++I) {
      ::usleep(100 * 1000);
      FILE *P = ::popen(Count.c_str(), "r");
      ASSERT_TRUE(P);
      if (::fscanf(P, "%d", &Workers) != 1)
        Workers = 0;
      ::pclose(P);
    }
    ASSERT_GT(Workers, 0) << "no worker started for " << Marker;
    sh("kill -" + std::string(Sig) + " \"$(cat " + shellQuote(Dir + "/pid.txt") + ")\"");
    for (int I = 0; I < 50 && Workers > 0; ++I) {
      ::usleep(100 * 1000);
      FILE *P = ::popen(Count.c_str(), "r");
      if (::fscanf(P, "%d", &Workers) != 1)
        Workers = 0;
      ::pclose(P);
    }
    EXPECT_EQ(Workers, 0) << "a worker outlived torch-lint killed by SIG" << Sig;
    std::system(("pkill -KILL -f -- " + shellQuote("[-]-worker.*" + Marker)).c_str());
  }
}

TEST(Security, AdversarialPythonDoesNotStallTheRun) {
  // One Python file of a pull request used to make every C++ file time out:
  // the scan backtracked, and ran again in every worker. It is linear now,
  // bounded, and done once per run (docs/linter-speed.md has the figures).
  std::string Dir = makeTempDir("sec-python") + "/proj";
  sh("mkdir -p " + shellQuote(Dir + "/.git") + " " + shellQuote(Dir + "/src") + " " +
     shellQuote(Dir + "/py"));
  for (int I = 0; I < 4; ++I)
    writeFile(Dir + "/src/a" + std::to_string(I) + ".cpp", Hazard);
  const std::pair<const char *, const char *> Kinds[] = {
      {"impl", "impl('a::b', '"},
      {"defs", "def f(a):\n  register_fake(f'{a}::x')\n  "},
      {"ops", "torch.ops.a.b."}};
  for (const auto &[Name, Unit] : Kinds) {
    std::string Text;
    while (Text.size() < (4u << 20) - 64)
      Text += Unit;
    writeFile(Dir + "/py/" + Name + ".py", Text);
  }
  RunResult R = runTorchLint(mock() + "--no-cache --format=json --timeout=60 src", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  auto J = json::parse(R.Out);
  EXPECT_TRUE(J["errors"].empty()) << J["errors"].dump();
  EXPECT_EQ(J["findings"].size(), 4u);
}

TEST(Security, PathologicalInputsStayBounded) {
  std::string Dir = makeTempDir("sec-bounded");
  // 20,000 element reads in one loop: linear, so well inside the limit.
  std::string Src = "#include <torch/torch.h>\nfloat f(const torch::Tensor &t) {\n"
                    "  float s = 0;\n  for (int64_t i = 0; i < t.size(0); ++i) {\n";
  for (int K = 0; K < 20000; ++K)
    Src += "    s += t[i].item<float>();\n";
  Src += "  }\n  return s;\n}\n";
  writeFile(Dir + "/loop.cpp", Src);
  RunResult R = runTorchLint(
      mock() + "--checks='-*,torch-perf-element-loop' --format=json --timeout=120 loop.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  auto J = json::parse(R.Out);
  EXPECT_EQ(J["findings"].size(), 20000u);
  EXPECT_EQ(J["errors"].size(), 0u) << J["errors"].dump();

  // A .clang-tidy with a million globs is refused once, not compiled into a
  // million regexes for every file.
  sh("mkdir -p " + shellQuote(Dir + "/cfg"));
  std::string Globs = "Checks: '";
  for (int K = 0; K < 1000000; ++K)
    Globs += "-x" + std::to_string(K) + ",";
  writeFile(Dir + "/cfg/.clang-tidy", Globs + "torch-*'\n");
  writeFile(Dir + "/cfg/a.cpp", Hazard);
  RunResult C = runTorchLint(mock() + "--timeout=120 cfg/a.cpp", Dir);
  EXPECT_EQ(C.ExitCode, 2) << C.Err;
  EXPECT_NE(C.Err.find("has 1000001 entries (more than 10000); not used"), std::string::npos)
      << C.Err.substr(0, 300);
}

// --- Output -----------------------------------------------------------------------

TEST(Security, TextOutputCannotInjectWorkflowCommandsOrEscapes) {
  std::string Dir = makeTempDir("sec-text");
  std::string Name = "x\n::error file=a.cpp::pwned\x1b[31m\r\xc2\x9b" "2J.cpp";
  writeFile(Dir + "/" + Name, Hazard);
  RunResult R = runTorchLint(mock() + shellQuote(Name), Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  std::string All = R.Out + R.Err;
  EXPECT_EQ(All.find('\x1b'), std::string::npos);
  EXPECT_EQ(All.find('\r'), std::string::npos);
  EXPECT_EQ(All.find("\xc2\x9b"), std::string::npos);
  std::stringstream Lines(All);
  for (std::string L; std::getline(Lines, L);)
    EXPECT_NE(L.rfind("::", 0), 0u) << "a line starts a workflow command: " << L;
  EXPECT_NE(R.Out.find("x\\n::error file=a.cpp::pwned\\x1b[31m\\r\\u009b2J.cpp:3:"),
            std::string::npos)
      << R.Out;
}

TEST(Security, CrOnlyLineEndingsGiveTrueLineNumbers) {
  std::string Dir = makeTempDir("sec-cr");
  std::string Cr = Hazard, Crlf;
  for (char &C : Cr)
    if (C == '\n')
      C = '\r';
  for (char C : std::string(Hazard))
    Crlf += C == '\n' ? std::string("\r\n") : std::string(1, C);
  writeFile(Dir + "/lf.cpp", Hazard);
  writeFile(Dir + "/cr.cpp", Cr);
  writeFile(Dir + "/crlf.cpp", Crlf);
  for (const char *F : {"lf.cpp", "cr.cpp", "crlf.cpp"}) {
    RunResult R = runTorchLint(mock() + "--format=json " + F, Dir);
    ASSERT_EQ(R.ExitCode, 1) << F << R.Err;
    auto J = json::parse(R.Out);
    ASSERT_EQ(J["findings"].size(), 1u) << F;
    EXPECT_EQ(J["findings"][0]["line"], 3) << F;
    EXPECT_EQ(J["findings"][0]["column"], 18) << F;
    RunResult T = runTorchLint(mock() + F, Dir);
    EXPECT_NE(T.Out.find("    3 |   return (a + b).clone();\n"), std::string::npos)
        << F << "\n" << T.Out;
  }
}

TEST(Security, LongLinesAreClippedAroundTheColumn) {
  std::string Dir = makeTempDir("sec-long");
  std::string Src = Hazard;
  Src.replace(Src.find("  return"), 2, std::string(80000, ' '));
  writeFile(Dir + "/long.cpp", Src);
  RunResult R = runTorchLint(mock() + "long.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_LT(R.Out.size(), 2000u) << R.Out.substr(0, 400);
  EXPECT_NE(R.Out.find("...") , std::string::npos);
  // The caret still sits under the call it names.
  size_t Snip = R.Out.find("    3 | ");
  ASSERT_NE(Snip, std::string::npos);
  std::string Line = R.Out.substr(Snip, R.Out.find('\n', Snip) - Snip);
  size_t CaretLine = R.Out.find('\n', Snip) + 1;
  std::string Caret = R.Out.substr(CaretLine, R.Out.find('\n', CaretLine) - CaretLine);
  EXPECT_EQ(Line.find("clone()"), Caret.find('^')) << Line << "\n" << Caret;
}

TEST(Security, UnwritableOutputIsItsOwnExitStatus) {
  std::string Dir = makeTempDir("sec-full");
  writeFile(Dir + "/a.cpp", Hazard);
  for (const char *Format : {"text", "json", "sarif", "github"}) {
    std::string Cmd = "cd " + shellQuote(Dir) + " && " + shellQuote(TORCHLINT_BINARY) +
                      " " + mock() + "--format=" + Format + " a.cpp >/dev/full 2>/dev/null";
    int Status = std::system(Cmd.c_str());
    ASSERT_TRUE(WIFEXITED(Status)) << Format;
    EXPECT_EQ(WEXITSTATUS(Status), 4) << Format;
  }
}

TEST(Security, MalformedParentConfigIsAnError) {
  std::string Dir = makeTempDir("sec-parent-config");
  sh("mkdir -p " + shellQuote(Dir + "/sub"));
  writeFile(Dir + "/.clang-tidy", "Checks: [unclosed \x1b]0;pwned\x07\n");
  writeFile(Dir + "/sub/.clang-tidy", "InheritParentConfig: true\nChecks: 'torch-*'\n");
  writeFile(Dir + "/sub/a.cpp", Hazard);
  RunResult R = runTorchLint(mock() + "sub/a.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 2) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("malformed " + Dir + "/.clang-tidy"), std::string::npos) << R.Err;
  // The parser's message may quote the file: escaped, never a raw escape.
  EXPECT_EQ(R.Err.find('\x1b'), std::string::npos) << R.Err;
  // Without inheritance the parent is not read.
  writeFile(Dir + "/sub/.clang-tidy", "Checks: 'torch-*'\n");
  RunResult Own = runTorchLint(mock() + "sub/a.cpp", Dir);
  EXPECT_EQ(Own.ExitCode, 1) << Own.Err;
  // A .clang-tidy that is a FIFO is refused, not read (it would hang).
  sh("rm " + shellQuote(Dir + "/sub/.clang-tidy") + " && mkfifo " +
     shellQuote(Dir + "/sub/.clang-tidy"));
  RunResult Fifo = runTorchLint(mock() + "sub/a.cpp", Dir);
  EXPECT_EQ(Fifo.ExitCode, 2) << Fifo.Err;
  EXPECT_NE(Fifo.Err.find("not a regular file"), std::string::npos) << Fifo.Err;
}

TEST(Security, WorkerThreadsShareNoWorkingDirectory) {
  // Entries in different directories, each with relative -I flags: with
  // -j2 every file still finds its header, and paths come out the same as
  // with -j1 (relative to where torch-lint ran).
  std::string Dir = makeTempDir("sec-cwd");
  json Db = json::array();
  std::string Names;
  for (int I = 0; I < 8; ++I) {
    std::string Sub = Dir + "/m" + std::to_string(I);
    sh("mkdir -p " + shellQuote(Sub + "/inc" + std::to_string(I)));
    writeFile(Sub + "/inc" + std::to_string(I) + "/h" + std::to_string(I) + ".h",
              "#include <torch/torch.h>\n");
    writeFile(Sub + "/a.cpp", "#include \"h" + std::to_string(I) + ".h\"\n" +
                                  std::string(Hazard).substr(25));
    Db.push_back({{"directory", Sub},
                  {"file", "a.cpp"},
                  {"arguments", {"clang++", "-std=c++17", "-Iinc" + std::to_string(I),
                                 "-isystem", mockIncludes(), "-c", "a.cpp"}}});
    Names += " m" + std::to_string(I) + "/a.cpp";
  }
  writeFile(Dir + "/compile_commands.json", Db.dump());
  RunResult One = runTorchLint("-p . --format=sarif -j1" + Names, Dir);
  EXPECT_EQ(One.ExitCode, 1) << One.Err;
  for (int Run = 0; Run < 3; ++Run) {
    RunResult Two = runTorchLint("-p . --format=sarif -j2" + Names, Dir);
    EXPECT_EQ(Two.ExitCode, 1) << Two.Err;
    EXPECT_EQ(Two.Out, One.Out);
  }
  auto J = json::parse(One.Out);
  EXPECT_EQ(J["runs"][0]["results"].size(), 8u) << One.Out;
  for (const auto &Res : J["runs"][0]["results"])
    EXPECT_EQ(Res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                  .get<std::string>()
                  .rfind("m", 0),
              0u);
}

} // namespace
