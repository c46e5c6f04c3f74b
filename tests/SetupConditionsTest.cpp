//===--- SetupConditionsTest.cpp - setup.py conditions as the default build sees them ===//
//
// The macros of a setup.py are stated under conditions on module constants,
// command-line options and the environment (SetupConditions.h). Each form
// below is one real setup.py takes: MinkowskiEngine's `_argparse` options
// and per-target source lists, detectron2's `torch.cuda.is_available() and
// CUDA_HOME is not None`, environment switches.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "project/BuildScripts.h"
#include "project/SetupConditions.h"

#include "gtest/gtest.h"

using namespace torchlint;
using namespace torchlint::test;

namespace {

/// Whether the default build runs the line of \p Script that holds \p Marker.
Runs runs(const std::string &Script, const std::string &Marker) {
  SetupLines L = evaluateSetupPy(Script);
  size_t At = Script.find(Marker);
  EXPECT_NE(At, std::string::npos) << Marker;
  return L.at(llvm::StringRef(Script).take_front(At).count('\n'));
}

TEST(SetupConditions, OptionsAreNotPassedAndCudaIsThere) {
  // MinkowskiEngine's setup.py, cut down.
  const std::string S = "import torch\n"
                        "def _argparse(pattern, argv, is_flag=True):\n"
                        "    if is_flag:\n"
                        "        return pattern in argv, argv\n"
                        "CPU_ONLY, argv = _argparse(\"--cpu_only\", argv)\n"
                        "FORCE_CUDA, argv = _argparse(\"--force_cuda\", argv)\n"
                        "if not torch.cuda.is_available() and not FORCE_CUDA:\n"
                        "    warn('cpu')  # NOT_AVAILABLE\n"
                        "CPU_ONLY = CPU_ONLY or not torch.cuda.is_available()\n"
                        "if FORCE_CUDA:\n"
                        "    CPU_ONLY = False  # FORCED\n"
                        "BLAS, argv = _argparse(\"--blas\", argv, False)\n"
                        "if not (BLAS is False):\n"
                        "    if BLAS == \"mkl\":\n"
                        "        CC_FLAGS.append(\"-DUSE_MKL\")  # MKL\n"
                        "else:\n"
                        "    libraries = find_blas()  # FIND_BLAS\n"
                        "if CPU_ONLY:\n"
                        "    Extension = CppExtension  # CPU_ARM\n"
                        "else:\n"
                        "    Extension = CUDAExtension  # CUDA_ARM\n"
                        "debug, argv = _argparse(\"--debug\", argv)\n"
                        "if debug:\n"
                        "    CC_FLAGS += [\"-g\", \"-DDEBUG\"]  # DEBUG\n"
                        "else:\n"
                        "    CC_FLAGS += [\"-O3\"]  # RELEASE\n";
  EXPECT_EQ(runs(S, "# NOT_AVAILABLE"), Runs::No);
  EXPECT_EQ(runs(S, "# FORCED"), Runs::No);
  EXPECT_EQ(runs(S, "# MKL"), Runs::No);
  EXPECT_EQ(runs(S, "# FIND_BLAS"), Runs::Yes);
  EXPECT_EQ(runs(S, "# CPU_ARM"), Runs::No);
  EXPECT_EQ(runs(S, "# CUDA_ARM"), Runs::Yes);
  EXPECT_EQ(runs(S, "# DEBUG"), Runs::No);
  EXPECT_EQ(runs(S, "# RELEASE"), Runs::Yes);
  // Inside a function: its own condition on a parameter is not decided.
  EXPECT_EQ(runs(S, "return pattern"), Runs::Undecided);
}

TEST(SetupConditions, EnvironmentPlatformAndUndecided) {
  const std::string S =
      "import os, sys\n"
      "from torch.utils.cpp_extension import CUDA_HOME\n"
      "if torch.cuda.is_available() and CUDA_HOME is not None:\n"
      "    define_macros += [('WITH_CUDA', None)]  # CUDA\n"
      "if os.getenv('FORCE_CPU', '0') == '1':\n"
      "    define_macros += [('CPU', None)]  # ENV_DEFAULT\n"
      "if os.environ.get('MAX_JOBS'):\n"
      "    pass  # ENV_NONE\n"
      "elif 'CI' in os.environ:\n"
      "    pass  # ENV_IN\n"
      "elif sys.platform == 'win32':\n"
      "    pass  # WINDOWS\n"
      "else:\n"
      "    flags = ['-DLINUX']  # ELSE\n"
      "if torch.__version__ >= '2.0':\n"
      "    flags += ['-DNEW_TORCH']  # VERSION\n"
      "USE_X = True\n"
      "if not USE_X:\n"
      "    pass  # NOT_X\n"
      "if \"--cpp_ext\" in sys.argv:\n"
      "    pass  # OPTION\n"
      "if check(): flags += ['-DONE_LINE']  # ONE_LINE\n";
  EXPECT_EQ(runs(S, "# CUDA"), Runs::Yes);
  EXPECT_EQ(runs(S, "# ENV_DEFAULT"), Runs::No);
  EXPECT_EQ(runs(S, "# ENV_NONE"), Runs::No);
  EXPECT_EQ(runs(S, "# ENV_IN"), Runs::No);
  EXPECT_EQ(runs(S, "# WINDOWS"), Runs::No);
  EXPECT_EQ(runs(S, "# ELSE"), Runs::Yes);
  EXPECT_EQ(runs(S, "# VERSION"), Runs::Undecided);
  EXPECT_EQ(runs(S, "# NOT_X"), Runs::No);
  EXPECT_EQ(runs(S, "# OPTION"), Runs::No);
  EXPECT_EQ(runs(S, "# ONE_LINE"), Runs::Undecided);
  SetupLines L = evaluateSetupPy(S);
  EXPECT_EQ(L.Why[15], "setup.py line 15: if torch.__version__ >= '2.0'");
}

TEST(SetupConditions, StringsCommentsAndContinuationsAreNotStatements) {
  const std::string S = "long_description = '''\n"
                        "if True:\n"
                        "    x = 1\n"
                        "'''\n"
                        "if False:  # a comment: with a colon\n"
                        "    setup(ext_modules=[Ext('a', ['a.cpp'],\n"
                        "if x: define_macros=[('INSIDE', None)])])  # IN_CALL\n"
                        "flag = \\\n"
                        "    '-DAFTER'  # CONTINUED\n";
  EXPECT_EQ(runs(S, "x = 1"), Runs::Yes);
  EXPECT_EQ(runs(S, "# IN_CALL"), Runs::No);
  EXPECT_EQ(runs(S, "# CONTINUED"), Runs::Yes);
}

TEST(SetupConditions, MacrosOfAnotherExtensionsSourcesAreNotDefined) {
  // MinkowskiEngine: the CPU target's -DCPU_ONLY is not pybind/minkowski.cu's,
  // which only the CUDA target builds; a file the script names nowhere (a
  // glob) gets every macro; -DDEBUG is under an option the default build
  // does not pass; a macro under an undecided condition is defined, and
  // said so.
  std::string Dir = makeTempDir("setup-scopes");
  writeFile(Dir + "/setup.py",
            "debug, argv = _argparse('--debug', argv)\n"
            "if debug:\n"
            "    CC_FLAGS += ['-DDEBUG']\n"
            "if torch.__version__ >= '2.0':\n"
            "    CC_FLAGS += ['-DNEW_TORCH']\n"
            "SOURCE_SETS = {\n"
            "    'cpu': [CppExtension, ['math_cpu.cpp', 'quantization.cpp'],\n"
            "            ['pybind/minkowski.cpp'], ['-DCPU_ONLY']],\n"
            "    'gpu': [CUDAExtension, ['math_gpu.cu', 'quantization.cpp'],\n"
            "            ['pybind/minkowski.cu'], []],\n"
            "}\n"
            "ext = CUDAExtension('ext', sources=glob('csrc/*.cpp'),\n"
            "                    define_macros=[('WITH_OPS', None)])\n");
  BuildScripts B;
  auto For = [&](const std::string &F, std::vector<std::string> *Undecided = nullptr) {
    return B.definesFor(Dir + "/" + F, Dir, Undecided);
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(For("pybind/minkowski.cu"), (V{"-DNEW_TORCH", "-DWITH_OPS"}));
  EXPECT_EQ(For("pybind/minkowski.cpp"), (V{"-DNEW_TORCH", "-DCPU_ONLY", "-DWITH_OPS"}));
  EXPECT_EQ(For("src/quantization.cpp"), (V{"-DNEW_TORCH", "-DCPU_ONLY", "-DWITH_OPS"}));
  EXPECT_EQ(For("src/math_gpu.cu"), (V{"-DNEW_TORCH", "-DWITH_OPS"}));
  EXPECT_EQ(For("csrc/other.cpp"), (V{"-DNEW_TORCH", "-DCPU_ONLY", "-DWITH_OPS"}));
  V Undecided;
  For("csrc/other.cpp", &Undecided);
  EXPECT_EQ(Undecided, (V{"-DNEW_TORCH (setup.py line 4: if torch.__version__ >= '2.0': not "
                          "decided; defined)"}));
}

TEST(SetupConditions, MacrosHeldInAVariableAreDefinedAsItsArmSays) {
  // Pytorch-Correlation-extension: `CPU_ONLY = False` at module level, and in
  // launch_setup() `if CPU_ONLY: macro = [] else: macro = [("USE_CUDA",
  // None)]`, then `define_macros=macro`: the default build defines USE_CUDA.
  // A list the script never hands to define_macros defines nothing.
  std::string Dir = makeTempDir("setup-macro-variable");
  writeFile(Dir + "/setup.py",
            "CPU_ONLY = False\n"
            "source_files = ['correlation.cpp', 'correlation_sampler.cpp']\n"
            "def launch_setup():\n"
            "    if CPU_ONLY:\n"
            "        Extension = CppExtension\n"
            "        macro = [('CPU_BUILD', None)]\n"
            "    else:\n"
            "        Extension = CUDAExtension\n"
            "        macro = [(\"USE_CUDA\", None)]\n"
            "    macro.append(('WITH_OMP', None))\n"
            "    other = [('NOT_A_MACRO', None)]\n"
            "    setup(ext_modules=[Extension('backend', source_files,\n"
            "                                 define_macros=macro)])\n"
            "launch_setup()\n");
  BuildScripts B;
  EXPECT_EQ(B.definesFor(Dir + "/correlation_sampler.cpp", Dir),
            (std::vector<std::string>{"-DUSE_CUDA", "-DWITH_OMP"}));
}

TEST(SetupConditions, HostileScriptsAreReadInBoundedWork) {
  // setup.py comes with the pull request. Deep brackets and conditions (a
  // stack frame per level would overflow), many file names in deep groups
  // and many macros: read without a crash, the answers the conservative ones.
  std::string Deep = "if " + std::string(100000, '(') + "x" + std::string(100000, ')') +
                     ":\n    flags = ['-DDEEP']\n";
  EXPECT_EQ(runs(Deep, "-DDEEP"), Runs::Undecided);
  std::string Nots = "if ";
  for (int I = 0; I < 100000; ++I)
    Nots += "not ";
  Nots += "True:\n    pass  # NOTS\n";
  EXPECT_EQ(runs(Nots, "# NOTS"), Runs::Undecided);

  std::string Dir = makeTempDir("setup-hostile");
  std::string S = std::string(5000, '[');
  for (int I = 0; I < 20000; ++I)
    S += "'f" + std::to_string(I) + ".cpp', '-DM" + std::to_string(I % 500) + "', ";
  S += std::string(5000, ']') + "\n";
  writeFile(Dir + "/setup.py", S);
  BuildScripts B;
  std::vector<std::string> Flags = B.definesFor(Dir + "/f7.cpp", Dir);
  EXPECT_EQ(Flags.size(), 500u);
  EXPECT_EQ(B.definesFor(Dir + "/elsewhere.cpp", Dir).size(), 500u);
}

} // namespace
