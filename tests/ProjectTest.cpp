//===--- ProjectTest.cpp - What a directory run lints ---------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <unistd.h>
#include <nlohmann/json.hpp>

using namespace torchlint::test;
using nlohmann::json;

namespace {

void sh(const std::string &Cmd) { ASSERT_EQ(std::system(Cmd.c_str()), 0) << Cmd; }

std::string mock() { return "--torch-include=" + shellQuote(mockIncludes()) + " "; }

const char *const Copy = "#include <torch/torch.h>\n"
                         "torch::Tensor f(const torch::Tensor &a, const torch::Tensor &b) {\n"
                         "  return (a + b).clone();\n"
                         "}\n";

/// The files a JSON report has findings in, sorted.
std::set<std::string> filesWithFindings(const std::string &Out) {
  std::set<std::string> Files;
  json Doc = json::parse(Out);
  for (const auto &F : Doc["findings"])
    Files.insert(F["file"].get<std::string>());
  return Files;
}

/// A repository with its own code and everything that is not.
std::string makeRepo(const std::string &Name) {
  std::string Dir = makeTempDir(Name) + "/repo";
  for (const char *D : {"csrc/cpu", "third_party/dep/src", "venv/lib", "env/lib", "build/temp",
                        "cmake-out", "node_modules/pkg", "sub", "csrc/external", ".hidden"})
    sh("mkdir -p " + shellQuote(Dir + "/" + D));
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  writeFile(Dir + "/env/pyvenv.cfg", "home = /usr/bin\n");     // a venv by any name
  writeFile(Dir + "/cmake-out/CMakeCache.txt", "# cmake\n");    // a build tree by any name
  writeFile(Dir + "/sub/.git", "gitdir: ../.git/modules/sub\n"); // a submodule
  for (const char *F : {"csrc/ops.cpp", "csrc/cpu/k.cpp", "third_party/dep/src/d.cpp",
                        "venv/lib/v.cpp", "env/lib/e.cpp", "build/temp/b.cpp", "cmake-out/c.cpp",
                        "node_modules/pkg/n.cpp", "sub/s.cpp", "csrc/external/x.cu",
                        ".hidden/h.cpp"})
    writeFile(Dir + "/" + F, Copy);
  return Dir;
}

TEST(Project, DirectoriesSkipWhatIsNotTheProjectsOwnAndSaySo) {
  std::string Dir = makeRepo("project-defaults");
  RunResult R = runTorchLint(mock() + "--format=json .", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(filesWithFindings(R.Out), (std::set<std::string>{"csrc/cpu/k.cpp", "csrc/ops.cpp"}))
      << R.Out;
  // Once, with the count and the reason (hidden directories are not counted).
  EXPECT_NE(R.Err.find("torch-lint: not linted: 8 sources: 2 in build trees ("),
            std::string::npos)
      << R.Err;
  for (const char *Part : {"1 in git submodules (sub)", "2 in vendored code (",
                           "1 in installed packages (node_modules)", "2 in virtual environments",
                           "; --no-default-excludes lints them\n"})
    EXPECT_NE(R.Err.find(Part), std::string::npos) << Part << "\n" << R.Err;

  // Everything but hidden directories, when asked.
  RunResult All = runTorchLint(mock() + "--no-default-excludes --format=json .", Dir);
  EXPECT_EQ(filesWithFindings(All.Out).size(), 10u) << All.Out;

  // A directory named on the command line is linted whatever its name.
  RunResult Named = runTorchLint(mock() + "--format=json third_party/dep", Dir);
  EXPECT_EQ(filesWithFindings(Named.Out),
            (std::set<std::string>{"third_party/dep/src/d.cpp"}))
      << Named.Out;
}

TEST(Project, ExcludePatternsFromTheCommandLineAndTheProjectConfig) {
  std::string Dir = makeRepo("project-exclude");
  // A name pattern matches any component; a path pattern a path from the
  // project root (or a directory above the file).
  RunResult Name = runTorchLint(mock() + "--exclude='*.cpp' --format=json csrc", Dir);
  EXPECT_EQ(Name.ExitCode, 2) << Name.Err; // Nothing left to lint.
  EXPECT_NE(Name.Err.find("2 excluded by --exclude (csrc/"), std::string::npos) << Name.Err;
  RunResult Path = runTorchLint(mock() + "--exclude=csrc/cpu --format=json csrc", Dir);
  EXPECT_EQ(filesWithFindings(Path.Out), (std::set<std::string>{"csrc/ops.cpp"})) << Path.Out;
  EXPECT_NE(Path.Err.find("not linted: 2 sources: 1 excluded by --exclude (csrc/cpu), 1 in "
                          "vendored code (csrc/external)"),
            std::string::npos)
      << Path.Err;
  // Patterns are relative to the project root wherever torch-lint runs.
  RunResult Below = runTorchLint(mock() + "--exclude=csrc/cpu --format=json .", Dir + "/csrc");
  EXPECT_EQ(filesWithFindings(Below.Out), (std::set<std::string>{"ops.cpp"})) << Below.Out;

  // The project's .torch-lint.yaml; named files too (what pre-commit passes).
  writeFile(Dir + "/.torch-lint.yaml", "Exclude: ['csrc/cpu/*.cpp', 'ops.cpp']\n");
  RunResult Config = runTorchLint(mock() + "--format=json csrc csrc/cpu/k.cpp", Dir);
  EXPECT_EQ(Config.ExitCode, 2) << Config.Out << Config.Err;
  EXPECT_NE(Config.Err.find("excluded by .torch-lint.yaml"), std::string::npos) << Config.Err;
  writeFile(Dir + "/.torch-lint.yaml", "Exclude:\n  - ops.cpp\n");
  RunResult One = runTorchLint(mock() + "--format=json csrc/cpu/k.cpp csrc/ops.cpp", Dir);
  EXPECT_EQ(filesWithFindings(One.Out), (std::set<std::string>{"csrc/cpu/k.cpp"})) << One.Out;

  // Bad input: one message, exit 2, nothing linted.
  writeFile(Dir + "/.torch-lint.yaml", "Exclud: [x]\n");
  RunResult Bad = runTorchLint(mock() + "csrc", Dir);
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_NE(Bad.Err.find("malformed " + Dir + "/.torch-lint.yaml: unknown key 'Exclud'"),
            std::string::npos)
      << Bad.Err;
  EXPECT_EQ(Bad.Out, "");
  sh("rm " + shellQuote(Dir + "/.torch-lint.yaml") + " && mkfifo " +
     shellQuote(Dir + "/.torch-lint.yaml"));
  RunResult Fifo = runTorchLint(mock() + "csrc", Dir);
  EXPECT_EQ(Fifo.ExitCode, 2);
  EXPECT_NE(Fifo.Err.find(".torch-lint.yaml': not a regular file"), std::string::npos)
      << Fifo.Err;
  sh("rm " + shellQuote(Dir + "/.torch-lint.yaml"));
  RunResult BadGlob = runTorchLint(mock() + "--exclude='[' csrc", Dir);
  EXPECT_EQ(BadGlob.ExitCode, 2);
  EXPECT_NE(BadGlob.Err.find("--exclude: invalid pattern '['"), std::string::npos)
      << BadGlob.Err;
}

TEST(Project, VendoredHeadersResolveIncludesButLoseToTheProjectsOwn) {
  // diff-gaussian-rasterization: `#include <glm/glm.hpp>` found through
  // -Ithird_party/glm, which only setup.py names.
  std::string Dir = makeTempDir("project-vendored") + "/repo";
  sh("mkdir -p " + shellQuote(Dir + "/third_party/glm/glm") + " " +
     shellQuote(Dir + "/third_party/dep/util") + " " + shellQuote(Dir + "/src/util"));
  writeFile(Dir + "/setup.py", "# a Python package root\n");
  writeFile(Dir + "/third_party/glm/glm/glm.hpp", "#pragma once\nnamespace glm { struct vec3 {}; }\n");
  writeFile(Dir + "/third_party/dep/util/u.h", "#error the vendored u.h\n");
  writeFile(Dir + "/src/util/u.h", "#pragma once\n");
  writeFile(Dir + "/src/util/deep/x.cpp", "");
  sh("mkdir -p " + shellQuote(Dir + "/src/k"));
  writeFile(Dir + "/src/k/x.cpp", std::string("#include <glm/glm.hpp>\n#include \"util/u.h\"\n") +
                                      "glm::vec3 v;\n" + Copy);
  RunResult R = runTorchLint(mock() + "--format=json src/k", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_TRUE(json::parse(R.Out)["errors"].empty()) << R.Out;
}

TEST(Project, TheProjectsOwnHeadersAreLintedOnceAndVendoredOnesNot) {
  // diff-gaussian-rasterization style: the hazard lives in a project header
  // that two sources include; a vendored header has the same code.
  std::string Dir = makeTempDir("project-headers") + "/repo";
  sh("mkdir -p " + shellQuote(Dir + "/csrc") + " " + shellQuote(Dir + "/third_party/dep"));
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  writeFile(Dir + "/csrc/ops.h", std::string("#pragma once\n") + Copy);
  writeFile(Dir + "/third_party/dep/dep.h",
            "#pragma once\n#include <torch/torch.h>\n"
            "inline torch::Tensor g(const torch::Tensor &a) { return (a * 2).clone(); }\n");
  for (const char *F : {"a.cpp", "b.cpp"})
    writeFile(Dir + "/csrc/" + F, "#include \"ops.h\"\n#include \"../third_party/dep/dep.h\"\n");
  RunResult R = runTorchLint(mock() + "--format=json csrc", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  json Doc = json::parse(R.Out);
  ASSERT_EQ(Doc["findings"].size(), 1u) << R.Out;
  EXPECT_EQ(Doc["findings"][0]["file"], "csrc/ops.h");
  EXPECT_EQ(Doc["findings"][0]["line"], 4);
  // Bindings in a header that is not linted are named once.
  writeFile(Dir + "/third_party/dep/bind.h",
            "#pragma once\n#include <torch/extension.h>\n"
            "inline torch::Tensor h(const torch::Tensor &a) { return a; }\n"
            "PYBIND11_MODULE(dep, m) { m.def(\"h\", &h); }\n");
  writeFile(Dir + "/csrc/c.cpp", "#include \"../third_party/dep/bind.h\"\n");
  RunResult B = runTorchLint(mock() + "--format=json csrc", Dir);
  EXPECT_EQ(json::parse(B.Out)["findings"].size(), 1u) << B.Out;
  EXPECT_NE(B.Err.find("torch-lint: bindings or registrations in 1 header not linted "
                       "(third_party/dep/bind.h): not the project's own code; "
                       "--header-filter=<regex> lints them\n"),
            std::string::npos)
      << B.Err;
  ::unlink((Dir + "/csrc/c.cpp").c_str());
  // An explicit --header-filter is the user's choice, vendored or not.
  RunResult F = runTorchLint(mock() + "--header-filter=dep --format=json csrc", Dir);
  EXPECT_EQ(filesWithFindings(F.Out), (std::set<std::string>{"third_party/dep/dep.h"})) << F.Out;
}

TEST(Project, MacrosTheSetupPyStatesAreDefined) {
  // nvdiffrast: everything is behind `#ifdef NVDR_TORCH`, which only
  // setup.py's extra_compile_args pass. Read as text, never run.
  std::string Dir = makeTempDir("project-setup-py") + "/repo";
  sh("mkdir -p " + shellQuote(Dir + "/csrc/ops") + " " + shellQuote(Dir + "/other"));
  writeFile(Dir + "/setup.py",
            "import os\n"
            "macros = [('HAS_X', None), ('VER', '2')]  # define_macros below\n"
            "setup(ext_modules=[CUDAExtension('ext', ['csrc/ops/a.cpp'],\n"
            "    define_macros=[('HAS_X', None), ('VER', '2'), ('BAD', f'{os.sep}')],\n"
            "if rocm: define_macros += [('USE_ROCM', None)]\n"
            "elif npu: define_macros += [('MMCV_WITH_NPU', None), ('MMCV_WITH_KPRIVATE', None)]\n"
            "elif musa: define_macros += [('MMCV_WITH_MUSA', None)]\n"
            "define_macros += [('WITH_INPUT_CHECKS', None)]\n"
            "    extra_compile_args={'cxx': ['-DWITH_OPS', '-O3', f'-DRUNTIME={os.sep}'],\n"
            "                        'nvcc': [\"-DWITH_OPS\", '-lineinfo']})])\n"
            "import sys; open('/tmp/torchlint-setup-py-ran', 'w') if 0 else None\n");
  std::string Guarded = std::string("#if defined(WITH_OPS) && defined(HAS_X) && VER == 2 && "
                                    "!defined(BAD) && !defined(RUNTIME) && !defined(USE_ROCM) && "
                                    "!defined(MMCV_WITH_NPU) && !defined(MMCV_WITH_MUSA) && "
                                    "!defined(MMCV_WITH_KPRIVATE) && "
                                    "defined(WITH_INPUT_CHECKS)\n") +
                        Copy + "#endif\n";
  writeFile(Dir + "/csrc/ops/a.cpp", Guarded);
  RunResult R = runTorchLint(mock() + "-v --format=json csrc", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(filesWithFindings(R.Out), (std::set<std::string>{"csrc/ops/a.cpp"})) << R.Out;
  EXPECT_NE(R.Err.find("csrc/ops/a.cpp: -I" + Dir + " -DHAS_X -DVER=2 -DWITH_INPUT_CHECKS -DWITH_OPS\n"),
            std::string::npos)
      << R.Err;

  // A setup.py that drives CMake: its -D are CMake's, not the compiler's.
  writeFile(Dir + "/setup.py", "cmake_args = ['-DCMAKE_BUILD_TYPE=Release', '-DWITH_OPS']\n");
  RunResult C = runTorchLint(mock() + "--format=json csrc", Dir);
  EXPECT_EQ(C.ExitCode, 0) << C.Out << C.Err;
}

} // namespace
