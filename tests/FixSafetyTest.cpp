//===--- FixSafetyTest.cpp - --fix loses nothing ---------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <sys/stat.h>

using namespace torchlint::test;

namespace {

std::string mock() { return "--torch-include=" + shellQuote(mockIncludes()) + " "; }

const char *const Clone = "at::Tensor f(const at::Tensor &a, const at::Tensor &b) {\n"
                          "  return (a + b).clone();\n"
                          "}\n";

TEST(FixSafety, KeepsBomCrlfAndMode) {
  std::string Dir = makeTempDir("fix-bytes");
  std::string Src = "\xEF\xBB\xBF#include <torch/torch.h>\r\n"
                    "at::Tensor f(const at::Tensor &a, const at::Tensor &b) {\r\n"
                    "  return (a + b).clone();\r\n"
                    "}\r\n";
  writeFile(Dir + "/w.cpp", Src);
  ::chmod((Dir + "/w.cpp").c_str(), 0604);
  RunResult R = runTorchLint(mock() + "--fix w.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  std::string Want = Src;
  Want.replace(Want.find(".clone()"), 8, "");
  EXPECT_EQ(readFile(Dir + "/w.cpp"), Want);
  struct stat St;
  ASSERT_EQ(::stat((Dir + "/w.cpp").c_str(), &St), 0);
  EXPECT_EQ(St.st_mode & 0777, 0604u);
  // The finding's position counts the BOM as Clang does (bytes).
  RunResult J = runTorchLint(mock() + "--format=json w.cpp", Dir);
  EXPECT_EQ(J.ExitCode, 0) << J.Out; // Fixed: nothing left.
}

TEST(FixSafety, AFixThatBreaksParsingIsRolledBack) {
  std::string Dir = makeTempDir("fix-rollback");
  std::string Src = std::string("#include <torch/torch.h>\n") + Clone;
  writeFile(Dir + "/r.cpp", Src);
  std::string Cmd = "cd " + shellQuote(Dir) + " && TORCHLINT_TEST_BREAK_FIXES=1 " +
                    shellQuote(TORCHLINT_BINARY) + " " + mock() +
                    "--fix r.cpp >out.txt 2>err.txt";
  int Status = std::system(Cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(Status), 3);
  EXPECT_EQ(readFile(Dir + "/r.cpp"), Src) << "the original must be untouched";
  EXPECT_NE(readFile(Dir + "/err.txt").find("would make it fail to parse; nothing was written"),
            std::string::npos)
      << readFile(Dir + "/err.txt");
}

TEST(FixSafety, FilesNotNamedAreNeverWritten) {
  std::string Dir = makeTempDir("fix-header");
  std::string Header = std::string("#pragma once\n#include <torch/torch.h>\ninline ") + Clone;
  writeFile(Dir + "/h.h", Header);
  writeFile(Dir + "/m.cpp", "#include \"h.h\"\nat::Tensor g(const at::Tensor &a) { return (a * a).clone(); }\n");
  RunResult R = runTorchLint(mock() + "--header-filter='.*' --fix m.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(readFile(Dir + "/h.h"), Header);
  EXPECT_NE(R.Err.find("not named on the command line were not applied"), std::string::npos)
      << R.Err;
  EXPECT_NE(readFile(Dir + "/m.cpp").find("return (a * a); }"), std::string::npos);
}

/// An extension whose Python calls a pybind11 binding in a module's
/// forward: opaque-binding's fix registers it as the operator _C::twice.
std::string extensionWithCallers(const std::string &Name) {
  std::string Dir = makeTempDir(Name);
  std::system(("mkdir -p " + shellQuote(Dir + "/csrc") + " " + shellQuote(Dir + "/pkg")).c_str());
  writeFile(Dir + "/setup.py", "from torch.utils.cpp_extension import CppExtension\n"
                               "ext_modules = [CppExtension('pkg._C', ['csrc/b.cpp'])]\n");
  writeFile(Dir + "/csrc/b.cpp", "#include <torch/extension.h>\n"
                                 "at::Tensor twice(const at::Tensor &x) { return x * 2; }\n"
                                 "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
                                 "  m.def(\"twice\", &twice);\n"
                                 "}\n");
  writeFile(Dir + "/pkg/__init__.py", "from . import _C\n");
  writeFile(Dir + "/pkg/layers.py", "import torch\n"
                                    "from . import _C\n"
                                    "\n"
                                    "class Twice(torch.nn.Module):\n"
                                    "    def forward(self, x):\n"
                                    "        return _C.twice(x) + _C.twice(x, 3)  # _C.twice(x)\n");
  return Dir;
}

TEST(FixSafety, TheMigrationRewritesThePythonCallersWithItsCppFix) {
  std::string Dir = extensionWithCallers("fix-callers");
  RunResult R = runTorchLint(mock() + "--checks='-*,torch-compile-opaque-binding' --fix csrc/b.cpp",
                             Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_NE(readFile(Dir + "/csrc/b.cpp").find("TORCH_LIBRARY_FRAGMENT(TORCH_EXTENSION_NAME, m)"), std::string::npos);
  // The call torch.ops takes as it is, and nothing else: a call with an
  // argument the schema does not have, a comment, the import.
  EXPECT_EQ(readFile(Dir + "/pkg/layers.py"),
            "import torch\n"
            "from . import _C\n"
            "\n"
            "class Twice(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return torch.ops._C.twice(x) + _C.twice(x, 3)  # _C.twice(x)\n");
  EXPECT_EQ(readFile(Dir + "/pkg/__init__.py"), "from . import _C\n");
  EXPECT_NE(R.Err.find("applied 1 fix-it to pkg/layers.py"), std::string::npos) << R.Err;
  // What it left is said, where it is.
  EXPECT_NE(R.Out.find("pkg/layers.py:6:30: note: '_C.twice' is called with 2 argument(s) "
                       "where the schema has 1: the fix-it leaves this use"),
            std::string::npos)
      << R.Out;
}

// The build names the extension in a way the setup file does not show
// (`CppExtension(name_from_env(), ...)`): TORCH_EXTENSION_NAME's value is not
// known, the fix registers into TORCH_EXTENSION_NAME all the same, and the
// Python calls are left as they are, with a note saying why.
TEST(FixSafety, CallersStayWithANoteWhenTheExtensionsNameIsNotKnown) {
  std::string Dir = extensionWithCallers("fix-callers-unnamed");
  writeFile(Dir + "/setup.py", "from torch.utils.cpp_extension import CppExtension\n"
                               "ext_modules = [CppExtension(name_from_env(), ['csrc/b.cpp'])]\n");
  std::string Py = readFile(Dir + "/pkg/layers.py");
  RunResult R = runTorchLint(mock() + "--checks='-*,torch-compile-opaque-binding' --fix csrc/b.cpp",
                             Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_NE(readFile(Dir + "/csrc/b.cpp").find("TORCH_LIBRARY_FRAGMENT(TORCH_EXTENSION_NAME, m)"),
            std::string::npos);
  EXPECT_EQ(readFile(Dir + "/pkg/layers.py"), Py);
  EXPECT_NE(R.Out.find("csrc/b.cpp:4:5: note: the fix-it leaves the project's Python calls of "
                       "the pybind11 bindings as they are"),
            std::string::npos)
      << R.Out;
}

// The rewrite reaches Python files nobody named: one a pull request names
// with a terminal escape is said escaped, never raw.
TEST(FixSafety, APythonFileNamedWithAnEscapeIsSaidEscaped) {
  std::string Dir = extensionWithCallers("fix-callers-escape");
  writeFile(Dir + "/pkg/e\x1b[2Jvil.py", readFile(Dir + "/pkg/layers.py"));
  RunResult R = runTorchLint(mock() + "--checks='-*,torch-compile-opaque-binding' --fix csrc/b.cpp",
                             Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_NE(readFile(Dir + "/pkg/e\x1b[2Jvil.py").find("torch.ops._C.twice(x)"), std::string::npos);
  EXPECT_NE(R.Err.find("applied 1 fix-it to pkg/e"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find('\x1b'), std::string::npos) << R.Err;
  EXPECT_EQ(R.Out.find('\x1b'), std::string::npos) << R.Out;
}

TEST(FixSafety, PythonCallersStayWhenTheCppFixIsNotWritten) {
  std::string Dir = extensionWithCallers("fix-callers-rollback");
  std::string Py = readFile(Dir + "/pkg/layers.py");
  std::string Cmd = "cd " + shellQuote(Dir) + " && TORCHLINT_TEST_BREAK_FIXES=1 " +
                    shellQuote(TORCHLINT_BINARY) + " " + mock() +
                    "--checks='-*,torch-compile-opaque-binding' --fix csrc/b.cpp >out.txt "
                    "2>err.txt";
  int Status = std::system(Cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(Status), 3);
  EXPECT_EQ(readFile(Dir + "/pkg/layers.py"), Py) << "callers of an op nobody registers";
  EXPECT_NE(readFile(Dir + "/err.txt").find("pkg/layers.py: the calls of the operators the fix of "
                                            "csrc/b.cpp registers are left as they are"),
            std::string::npos)
      << readFile(Dir + "/err.txt");
}

TEST(Parallel, OutputDoesNotDependOnJobs) {
  std::string Dir = makeTempDir("jobs");
  for (int I = 0; I < 6; ++I)
    writeFile(Dir + "/f" + std::to_string(I) + ".cpp",
              std::string("#include <torch/torch.h>\n") + Clone +
                  "float s(const at::Tensor &t) { float x = 0; for (int64_t i = 0; i < "
                  "t.size(0); ++i) x += t[i].item<float>(); return x; }\n");
  RunResult One = runTorchLint(mock() + "-j 1 --format=json .", Dir);
  RunResult Two = runTorchLint(mock() + "-j 3 --format=json .", Dir);
  EXPECT_EQ(One.ExitCode, 1);
  EXPECT_EQ(One.Out, Two.Out);
  EXPECT_NE(One.Out.find("f5.cpp"), std::string::npos);
}

TEST(Parallel, FastAndSlowParsesFindTheSame) {
  // The speed-ups (skipped bodies, traversal scope) must not change findings.
  for (const char *File : {"testdata/torch-perf-element-loop.cpp",
                           "testdata/torch-compile-data-dependent.cpp",
                           "testdata/torch-compile-schema.cpp",
                           "testdata/torch-perf-redundant-copy.cpp"}) {
    RunResult Fast = runTorchLint(mock() + "--checks='torch-*' --format=json " + File);
    RunResult Slow =
        runTorchLint(mock() + "--checks='torch-*' --no-fast --format=json " + File);
    EXPECT_EQ(Fast.Out, Slow.Out) << File;
    EXPECT_EQ(Fast.ExitCode, 1) << File;
  }
}

} // namespace
