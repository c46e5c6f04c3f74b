//===--- ProjectModeTest.cpp - One op over several files ------------------===//
//
// tests/projects/split_op: every `// expect:` there needs a fact from another
// file (a Meta kernel registered in register.cpp and defined in meta/, kernels
// of an op defined in ops.cpp, a binding of a function registered elsewhere).
// The same findings come from a directory run, from a run on two files after
// the index was stored, and from one on a file whose neighbour changed.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "model/ProjectModel.h"
#include "model/Session.h"

#include "gtest/gtest.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <nlohmann/json.hpp>

using namespace torchlint::test;
using nlohmann::json;

namespace {

void sh(const std::string &Cmd) { ASSERT_EQ(std::system(Cmd.c_str()), 0) << Cmd; }

/// A fresh copy of the project, as a git checkout, and its cache directory.
std::string copyProject(const std::string &Name, std::string &Cache,
                        const std::string &Under = "") {
  std::string Top = makeTempDir(Name);
  std::string Dir = Top + (Under.empty() ? "" : "/" + Under) + "/split_op";
  sh("mkdir -p " + shellQuote(llvm::sys::path::parent_path(Dir).str()));
  Cache = Top + "/cache";
  sh("cp -r " + shellQuote(sourceDir() + "/tests/projects/split_op") + " " + shellQuote(Dir) +
     " && cd " + shellQuote(Dir) + " && git init -q .");
  return Dir;
}

std::string flags(const std::string &Cache) {
  return "--torch-include=" + shellQuote(mockIncludes()) + " --cache-dir=" + shellQuote(Cache) +
         " ";
}

/// "file:line check" of each finding in a JSON report.
std::set<std::string> findings(const std::string &Out) {
  std::set<std::string> S;
  json Doc = json::parse(Out);
  for (const auto &F : Doc["findings"])
    S.insert(F["file"].get<std::string>() + ":" + std::to_string(F["line"].get<int>()) + " " +
             F["check"].get<std::string>());
  return S;
}

/// "file:line check" of each `// expect:` in the project's sources, less
/// those of files not in \p Only (when given).
const char *const Sources[] = {"csrc/ops.cpp", "csrc/register.cpp", "csrc/bindings.cpp",
                               "csrc/autograd_fn.cpp", "csrc/cpu/scale_cpu.cpp",
                               "csrc/cpu/released.cpp", "csrc/cpu/rows_cpu.cpp",
                               "csrc/cpu/rows_helpers.cpp", "csrc/cpu/add_into_cpu.cpp",
                               "csrc/cpu/visible.cpp", "csrc/meta/scale_meta.cpp",
                               "csrc/cuda/count_cuda.cu", "csrc/registry/pybind.cpp",
                               "csrc/registry/box_ops.cpp", "csrc/registry/cpu/box_ops_cpu.cpp"};

std::set<std::string> expected(const std::vector<std::string> &Only = {}) {
  std::set<std::string> S;
  for (const char *F : Sources) {
    if (!Only.empty() && std::find(Only.begin(), Only.end(), F) == Only.end())
      continue;
    std::istringstream In(readFile(sourceDir() + "/tests/projects/split_op/" + F));
    std::string Line;
    for (int N = 1; std::getline(In, Line); ++N)
      for (size_t At = Line.find("// expect: "); At != std::string::npos;
           At = Line.find("// expect: ", At + 1)) {
        std::string Check = Line.substr(At + 11);
        Check = Check.substr(0, Check.find_first_of(": "));
        S.insert(std::string(F) + ":" + std::to_string(N) + " " + Check);
      }
  }
  return S;
}

const std::set<std::string> CrossFile = expected();

TEST(ProjectMode, ADirectoryRunSeesEveryFileOfTheOp) {
  std::string Cache, Dir = copyProject("project-mode-dir", Cache);
  RunResult V = runTorchLint(flags(Cache) + "--verify csrc", Dir);
  EXPECT_EQ(V.ExitCode, 0) << V.Out << V.Err;
  RunResult J = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  EXPECT_EQ(findings(J.Out), CrossFile) << J.Out;
  // The note names the registration in the other file.
  EXPECT_NE(J.Out.find("which is registered as the Meta kernel of 'split_op::scale' in "
                       "csrc/register.cpp:13"),
            std::string::npos)
      << J.Out;
  EXPECT_NE(J.Out.find("CPU kernel 'split_op::count_cpu' registered in csrc/register.cpp:7"),
            std::string::npos)
      << J.Out;
  // Without the cache too: the run's own files are its project.
  RunResult N = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --no-cache --format=json csrc",
                             Dir);
  EXPECT_EQ(findings(N.Out), CrossFile) << N.Out;
}

// The opaque-binding migration of bindings.cpp: into the project's own
// namespace (ops.cpp's TORCH_LIBRARY), each function under the keys its code
// in other files proves; a function that releases the GIL, or that no file
// defines, is left out with a note saying why.
TEST(ProjectMode, TheMigrationRegistersEachFunctionUnderTheKeyItsCodeProves) {
  // The checkout lies under a directory named `tests` (CI's build/tests/):
  // the project's own files are still no test files, so the fakes are written.
  std::string Cache, Dir = copyProject("project-mode-migration", Cache, "tests");
  RunResult J = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  json Doc = json::parse(J.Out);
  std::string Block, RegistryBlock, PythonCalls;
  std::map<std::string, std::string> Notes;
  for (const auto &F : Doc["findings"]) {
    if (F["check"] != "torch-compile-opaque-binding")
      continue;
    for (const auto &X : F["fixits"])
      if (llvm::StringRef(X["file"].get<std::string>()).ends_with(".py"))
        PythonCalls += X["file"].get<std::string>() + ":" + std::to_string(X["line"].get<int>()) +
                       " " + X["replacement"].get<std::string>() + "\n";
      else
        (F["file"] == "csrc/registry/pybind.cpp" ? RegistryBlock : Block) +=
            X["replacement"].get<std::string>();
    for (const auto &N : F["notes"])
      Notes[F["message"].get<std::string>().substr(0, 40)] += N["message"].get<std::string>();
  }
  EXPECT_EQ(Block, "\n\n// Registered as custom ops so torch.compile can trace through calls: "
                   "torch.ops.split_op.raw_add and the others.\n"
                   "TORCH_LIBRARY_FRAGMENT(split_op, m) {\n"
                   "  m.def(\"raw_add(Tensor a, Tensor b) -> Tensor\");\n"
                   "  m.def(\"ingroup(Tensor group, Tensor(b!) out) -> ()\");\n"
                   "  m.def(\"mark_visible(Tensor means, Tensor view) -> Tensor\");\n"
                   "  m.def(\"fill_cuda(Tensor x, float v) -> Tensor\");\n"
                   "}\n\n"
                   "// Tensor ops only: one kernel for every backend, which torch.compile "
                   "traces (no fake kernel needed).\n"
                   "TORCH_LIBRARY_IMPL(split_op, CompositeImplicitAutograd, m) {\n"
                   "  m.impl(\"raw_add\", &split_op::raw_add);\n"
                   "}\n\n"
                   "TORCH_LIBRARY_IMPL(split_op, CPU, m) {\n"
                   "  m.impl(\"ingroup\", &ingroup);\n"
                   "  m.impl(\"mark_visible\", &split_op::mark_visible);\n"
                   "}\n\n"
                   "TORCH_LIBRARY_IMPL(split_op, CUDA, m) {\n"
                   "  m.impl(\"fill_cuda\", &split_op::fill_cuda);\n"
                   "}")
      << J.Out;
  // The same fix writes the fake kernels of the two that need one and get
  // no Meta kernel (their bodies are in other files) after the package's
  // import of the module, and rewrites its calls of the four (the calls of
  // the two it leaves out stay).
  EXPECT_EQ(PythonCalls, "python/split_op/functional.py:4 \n\n"
                         "@torch.library.register_fake(\"split_op::mark_visible\")\n"
                         "def _mark_visible_fake(means, view):\n"
                         "    return means.new_empty((means.shape[0],), dtype=torch.bool)\n\n\n"
                         "@torch.library.register_fake(\"split_op::fill_cuda\")\n"
                         "def _fill_cuda_fake(x, v):\n"
                         "    return x.new_empty(x.shape)\n\n"
                         "python/split_op/functional.py:15 torch.ops.split_op.raw_add\n"
                         "python/split_op/functional.py:19 torch.ops.split_op.ingroup\n"
                         "python/split_op/functional.py:24 torch.ops.split_op.mark_visible\n"
                         "python/split_op/functional.py:28 torch.ops.split_op.fill_cuda\n");
  std::string All;
  for (const auto &[Message, Text] : Notes)
    All += Text + "\n";
  EXPECT_NE(All.find("the fix-it leaves 'released_add' out: its code releases the GIL"),
            std::string::npos)
      << All;
  EXPECT_NE(All.find("the fix-it leaves 'prebuilt' out: its dispatch key is unknown"),
            std::string::npos)
      << All;
  // The device-table module (csrc/registry): what box_iou and box_area
  // write and run on is behind a function pointer: no schema, no key.
  EXPECT_NE(All.find("'out' is passed to a call through a function pointer "
                     "(csrc/registry/device_registry.h:36), whose writes cannot be seen"),
            std::string::npos)
      << All;
  EXPECT_NE(All.find("the fix-it leaves 'box_area' out: its dispatch key is unknown: its code "
                     "calls through a function pointer (csrc/registry/device_registry.h:36)"),
            std::string::npos)
      << All;
  // Its bindings whose schema and key are known are migrated; box_pairs
  // returns its input (in cpu/box_ops_cpu.cpp) and is left out; box_clip_
  // writes its input and returns it, under its alias.
  EXPECT_NE(RegistryBlock.find("  m.def(\"box_scale(Tensor boxes, float s) -> Tensor\");\n"
                               "  m.def(\"box_clip_(Tensor(a!) boxes, float hi) -> Tensor(a!)\");\n}"),
            std::string::npos)
      << RegistryBlock;
  EXPECT_NE(RegistryBlock.find("TORCH_LIBRARY_IMPL(split_op, CompositeImplicitAutograd, m) {\n"
                               "  m.impl(\"box_scale\", &box_scale);\n"
                               "  m.impl(\"box_clip_\", &box_clip_);\n}"),
            std::string::npos)
      << RegistryBlock;
  for (const char *Out : {"box_iou", "box_area", "box_pairs"})
    EXPECT_EQ(RegistryBlock.find(Out), std::string::npos) << Out << "\n" << RegistryBlock;
  EXPECT_NE(All.find("'boxes' is returned as an output as it is "
                     "(csrc/registry/cpu/box_ops_cpu.cpp:19)"),
            std::string::npos)
      << All;
  EXPECT_EQ(All.find("register_fake(\"split_op::box_iou\")"), std::string::npos) << All;
  // A fake kernel where one is needed, in the real namespace; none for the
  // composite op, nor for ingroup (it mutates and returns nothing: torch
  // makes its fake).
  EXPECT_NE(All.find("register_fake(\"split_op::fill_cuda\")"), std::string::npos) << All;
  // Written from its allocation in cuda/count_cuda.cu, which bindings.cpp
  // does not see, into the Python file that calls it.
  EXPECT_NE(All.find("the fix-it gives 'split_op::fill_cuda' a fake kernel for torch.compile "
                     "here, in the Python file that calls it, after its import of the extension "
                     "module (which registers the operator): "
                     "@torch.library.register_fake(\"split_op::fill_cuda\") def ...(x, v): return "
                     "x.new_empty(x.shape)"),
            std::string::npos)
      << All;
  EXPECT_EQ(All.find("register_fake(\"split_op::raw_add\")"), std::string::npos) << All;
  EXPECT_EQ(All.find("register_fake(\"split_op::ingroup\")"), std::string::npos) << All;
}

TEST(ProjectMode, ARunOnSomeFilesUsesTheStoredFactsOfTheRest) {
  std::string Cache, Dir = copyProject("project-mode-files", Cache);
  ASSERT_EQ(runTorchLint(flags(Cache) + "--quiet csrc", Dir).ExitCode, 1);
  // Pre-commit: two files named, the rest known from the index.
  RunResult Two =
      runTorchLint(flags(Cache) + "--format=json csrc/ops.cpp csrc/meta/scale_meta.cpp", Dir);
  EXPECT_EQ(Two.ExitCode, 1) << Two.Err;
  EXPECT_EQ(findings(Two.Out), expected({"csrc/ops.cpp", "csrc/meta/scale_meta.cpp"}))
      << Two.Out;
  RunResult One = runTorchLint(flags(Cache) + "--format=json csrc/bindings.cpp", Dir);
  EXPECT_EQ(findings(One.Out), expected({"csrc/bindings.cpp"})) << One.Out;
  // Mutations through a helper in a third file, callers that make a tensor
  // contiguous, an autograd::Function reached from a registration elsewhere.
  RunResult Summaries = runTorchLint(flags(Cache) +
                                         "--format=json csrc/register.cpp csrc/cpu/rows_helpers.cpp "
                                         "csrc/cpu/add_into_cpu.cpp csrc/autograd_fn.cpp",
                                     Dir);
  EXPECT_EQ(findings(Summaries.Out),
            expected({"csrc/register.cpp", "csrc/cpu/rows_helpers.cpp", "csrc/cpu/add_into_cpu.cpp",
                      "csrc/autograd_fn.cpp"}))
      << Summaries.Out;
  EXPECT_NE(Summaries.Out.find("'x' is written in csrc/cpu/rows_helpers.cpp:11: it is passed to "
                               "'split_op::write_rows' (csrc/cpu/rows_cpu.cpp:7), where its data "
                               "is written through 'd'"),
            std::string::npos)
      << Summaries.Out;
  EXPECT_NE(Summaries.Out.find("the schema of 'split_op::fill_rows' is defined in csrc/ops.cpp:"),
            std::string::npos)
      << Summaries.Out;
  EXPECT_NE(Summaries.Out.find("'split_op::gather_sum' is called from another file with a tensor "
                               "not known to be contiguous (csrc/cpu/rows_cpu.cpp:16)"),
            std::string::npos)
      << Summaries.Out;

  // A neighbour changes (the Meta kernel's registration goes): its facts are
  // taken again, and scale is now an op without a fake.
  std::string Register = readFile(Dir + "/csrc/register.cpp");
  size_t At = Register.find("TORCH_LIBRARY_IMPL(split_op, Meta, m)");
  ASSERT_NE(At, std::string::npos);
  writeFile(Dir + "/csrc/register.cpp", Register.substr(0, At));
  RunResult After = runTorchLint(flags(Cache) + "--format=json csrc/ops.cpp", Dir);
  std::set<std::string> Want = expected({"csrc/ops.cpp"});
  Want.insert("csrc/ops.cpp:6 torch-compile-missing-fake-kernel"); // scale: no Meta kernel now
  EXPECT_EQ(findings(After.Out), Want) << After.Out;
  // As the whole directory says.
  RunResult Whole = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  std::set<std::string> InOps;
  for (const std::string &F : findings(Whole.Out))
    if (F.rfind("csrc/ops.cpp:", 0) == 0)
      InOps.insert(F);
  EXPECT_EQ(InOps, findings(After.Out));
  EXPECT_EQ(findings(Whole.Out).count("csrc/meta/scale_meta.cpp:9 torch-compile-data-dependent"),
            0u);
}

// Pre-commit on a fresh clone: no index stored yet. The rest of the project
// is parsed for its facts (not reported), so the two files get the findings
// a whole run gives them.
TEST(ProjectMode, AFirstRunOnSomeFilesParsesTheRestForFacts) {
  std::string Cache, Dir = copyProject("project-mode-fresh", Cache);
  RunResult Two = runTorchLint(
      flags(Cache) + "--format=json csrc/ops.cpp csrc/meta/scale_meta.cpp csrc/register.cpp", Dir);
  EXPECT_EQ(Two.ExitCode, 1) << Two.Err;
  EXPECT_EQ(findings(Two.Out),
            expected({"csrc/ops.cpp", "csrc/meta/scale_meta.cpp", "csrc/register.cpp"}))
      << Two.Out;
  // Excluded files are not the project's: without register.cpp, count has
  // no kernels, so nothing says it lacks a fake.
  RunResult Excluded = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                        " --no-cache --exclude=register.cpp --format=json "
                                        "csrc/ops.cpp",
                                    Dir);
  std::set<std::string> Want = expected({"csrc/ops.cpp"});
  ASSERT_EQ(Want.erase("csrc/ops.cpp:7 torch-compile-missing-fake-kernel"), 1u);
  EXPECT_EQ(findings(Excluded.Out), Want) << Excluded.Out;
}

// A first run on one file parses only the other sources whose facts can
// change its findings (FactSources.h), and finds what a run that parses
// them all finds. Device-only code is never parsed for facts.
TEST(ProjectMode, AFirstRunOnOneFileParsesWhatCanChangeItsFindings) {
  std::string Cache, Dir = copyProject("project-mode-scope", Cache);
  writeFile(Dir + "/csrc/cuda/count_inst.cuh", "#pragma once\n__global__ void k(int *p);\n");
  writeFile(Dir + "/csrc/cuda/count_inst.cu",
            "#include \"count_inst.cuh\"\nnamespace split_op {\n"
            "void count_cuda(int *p) { k<<<1, 1>>>(p); }\n}\n");
  const std::string Flags = "--torch-include=" + shellQuote(mockIncludes()) + " --no-cache ";
  for (const std::string File : Sources) {
    RunResult R = runTorchLint(Flags + "-v --format=json " + File, Dir);
    EXPECT_EQ(findings(R.Out), expected({File})) << File << "\n" << R.Out << R.Err;
    EXPECT_EQ(R.Err.find("count_inst.cu"), std::string::npos) << R.Err;
    EXPECT_NE(R.Err.find("other sources can add facts to the named files"), std::string::npos)
        << R.Err;
  }
  // register.cpp registers kernels of ops.cpp's operators and names the
  // kernels the other files define: what it asks is answered there.
  RunResult V = runTorchLint(Flags + "-v csrc/register.cpp", Dir);
  for (const char *Source : {"csrc/ops.cpp: registers the operator", "csrc/meta/scale_meta.cpp: defines",
                             "csrc/cpu/scale_cpu.cpp: defines"})
    EXPECT_NE(V.Err.find(Source), std::string::npos) << Source << "\n" << V.Err;
  // --project=full parses them all, with the same findings.
  RunResult Full = runTorchLint(Flags + "--project=full -v --format=json csrc/register.cpp", Dir);
  EXPECT_EQ(findings(Full.Out), expected({"csrc/register.cpp"})) << Full.Out;
  EXPECT_EQ(Full.Err.find("other sources can add facts"), std::string::npos) << Full.Err;
}

// A tree nothing marks as a project (no git, no setup.py): --project-root
// says where it is, and a run on one file then sees the rest.
TEST(ProjectMode, ProjectRootNamesTheProject) {
  std::string Top = makeTempDir("project-mode-root");
  std::string Dir = Top + "/split_op";
  sh("cp -r " + shellQuote(sourceDir() + "/tests/projects/split_op") + " " + shellQuote(Dir) +
     " && rm " + shellQuote(Dir + "/setup.py"));
  std::string Flags = "--torch-include=" + shellQuote(mockIncludes()) + " --no-cache --format=json ";
  RunResult Alone = runTorchLint(Flags + "csrc/ops.cpp", Dir);
  EXPECT_EQ(findings(Alone.Out).count("csrc/ops.cpp:7 torch-compile-missing-fake-kernel"), 0u)
      << Alone.Out;
  RunResult Rooted = runTorchLint(Flags + "--project-root=. csrc/ops.cpp", Dir);
  EXPECT_EQ(findings(Rooted.Out), expected({"csrc/ops.cpp"})) << Rooted.Out << Rooted.Err;
  RunResult Bad = runTorchLint(Flags + "--project-root=no/such/dir csrc/ops.cpp", Dir);
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_NE(Bad.Err.find("--project-root: no such directory 'no/such/dir'"), std::string::npos)
      << Bad.Err;
}

TEST(ProjectMode, NoProjectLintsEachFileAlone) {
  std::string Cache, Dir = copyProject("project-mode-off", Cache);
  RunResult R = runTorchLint(flags(Cache) + "--no-project --format=json csrc", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  // Only what one file shows: the binding of raw_add (no file registers it).
  EXPECT_EQ(findings(R.Out).count("csrc/meta/scale_meta.cpp:9 torch-compile-data-dependent"), 0u);
  EXPECT_EQ(findings(R.Out).count("csrc/ops.cpp:7 torch-compile-missing-fake-kernel"), 0u);
  EXPECT_EQ(findings(R.Out).count("csrc/register.cpp:22 torch-compile-schema"), 0u);
  EXPECT_EQ(findings(R.Out).count("csrc/autograd_fn.cpp:10 torch-compile-data-dependent"), 0u);
  // Alone, row_norms has no caller that makes its argument contiguous.
  EXPECT_EQ(findings(R.Out).count("csrc/cpu/rows_helpers.cpp:19 torch-bugprone-data-ptr-contiguity"),
            1u)
      << R.Out;
}

TEST(ProjectMode, UnchangedFilesAreNotParsedAgain) {
  // A worker that parsed scale_meta.cpp would crash (fault injection): a
  // run that answers it from the cache does not.
  std::string Cache, Dir = copyProject("project-mode-cache", Cache);
  RunResult First = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  ASSERT_EQ(findings(First.Out), CrossFile) << First.Out << First.Err;
  ::setenv("TORCHLINT_TEST_CRASH_ON", "scale_meta", 1);
  RunResult Again = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  RunResult Some = runTorchLint(flags(Cache) + "--format=json csrc/meta/scale_meta.cpp", Dir);
  // A header it includes changes: it is parsed again (and crashes).
  writeFile(Dir + "/csrc/kernels.h", readFile(Dir + "/csrc/kernels.h") + "// changed\n");
  RunResult Changed = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  ::unsetenv("TORCHLINT_TEST_CRASH_ON");
  EXPECT_EQ(Again.ExitCode, 1) << Again.Err;
  EXPECT_EQ(Again.Out, First.Out);
  EXPECT_EQ(findings(Some.Out), expected({"csrc/meta/scale_meta.cpp"})) << Some.Out << Some.Err;
  EXPECT_EQ(Changed.ExitCode, 3) << Changed.Err;
  EXPECT_NE(Changed.Out.find("crashed the analyser"), std::string::npos) << Changed.Out;
  // --no-cache parses everything, every time.
  ::setenv("TORCHLINT_TEST_CRASH_ON", "bindings", 1);
  RunResult NoCache = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                       " --no-cache --format=json csrc/bindings.cpp",
                                   Dir);
  ::unsetenv("TORCHLINT_TEST_CRASH_ON");
  EXPECT_EQ(NoCache.ExitCode, 3) << NoCache.Err;
}

// Pre-commit on a changed file whose findings need the rest of the project:
// the stored index answers its questions in the first pass, so it is parsed
// once, and its findings are those of a whole run.
TEST(ProjectMode, AChangedFileIsParsedOnce) {
  std::string Cache, Dir = copyProject("project-mode-once", Cache);
  ASSERT_EQ(runTorchLint(flags(Cache) + "--quiet csrc", Dir).ExitCode, 1);
  writeFile(Dir + "/csrc/bindings.cpp", readFile(Dir + "/csrc/bindings.cpp") + "// changed\n");
  std::string Log = Dir + "/../parses.txt";
  ::setenv("TORCHLINT_TEST_PARSE_LOG", Log.c_str(), 1);
  RunResult One = runTorchLint(flags(Cache) + "--format=json csrc/bindings.cpp", Dir);
  ::unsetenv("TORCHLINT_TEST_PARSE_LOG");
  EXPECT_EQ(findings(One.Out), expected({"csrc/bindings.cpp"})) << One.Out << One.Err;
  std::string Parsed = readFile(Log);
  EXPECT_EQ(std::count(Parsed.begin(), Parsed.end(), '\n'), 1) << Parsed;
  EXPECT_NE(Parsed.find("bindings.cpp"), std::string::npos) << Parsed;
}

// A cached result depends on the project's Python too: a fake removed from
// python/, or a new file that adds one, changes what ops.cpp says.
TEST(ProjectMode, PythonChangesReachCachedResults) {
  std::string Cache, Dir = copyProject("project-mode-python", Cache);
  RunResult First = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  ASSERT_EQ(findings(First.Out), CrossFile) << First.Out << First.Err;
  std::string Py = Dir + "/python/split_op/ops.py";
  std::string Source = readFile(Py);
  size_t At = Source.find("@torch.library.register_fake(\"split_op::clamp_rows\")");
  ASSERT_NE(At, std::string::npos);
  writeFile(Py, Source.substr(0, At) + Source.substr(Source.find("\n\n", At)));
  RunResult Removed = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  std::set<std::string> Want = CrossFile;
  Want.insert("csrc/ops.cpp:8 torch-compile-missing-fake-kernel");
  EXPECT_EQ(findings(Removed.Out), Want) << Removed.Out;
  // The fake comes back in a file of its own.
  writeFile(Dir + "/python/split_op/clamp.py",
            "import torch\n\n@torch.library.register_fake(\"split_op::clamp_rows\")\n"
            "def _(x, limit):\n    return torch.empty_like(x)\n");
  RunResult Added = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  EXPECT_EQ(findings(Added.Out), CrossFile) << Added.Out;
}

/// An empty git work tree at \p Dir with a src/ directory.
bool makeGitRepo(const std::string &Dir) {
  return std::system(("mkdir -p " + shellQuote(Dir + "/src") + " && cd " + shellQuote(Dir) +
                      " && git init -q .")
                         .c_str()) == 0;
}

// A file that does not compile (here: against this torch) is as certain a
// result as one with findings: a run with nothing changed does not parse it
// again, and a run after the header with the error changed does.
TEST(ProjectMode, ACompileErrorIsKeptUntilAFileItReadChanges) {
  std::string Top = makeTempDir("project-mode-compile-error");
  std::string Dir = Top + "/repo", Cache = Top + "/cache";
  ASSERT_TRUE(makeGitRepo(Dir));
  writeFile(Dir + "/src/ops.h", "#pragma once\ninline int scale(int x) { return x * ; }\n");
  writeFile(Dir + "/src/a.cpp", "#include <torch/torch.h>\n#include \"ops.h\"\n"
                                "torch::Tensor f(const torch::Tensor &a, const torch::Tensor &b) {\n"
                                "  return (a + b).clone();\n"
                                "}\n");
  RunResult First = runTorchLint(flags(Cache) + "--format=json src", Dir);
  ASSERT_EQ(First.ExitCode, 3) << First.Out << First.Err;
  ASSERT_NE(First.Out.find("could not be parsed: ops.h:2"), std::string::npos) << First.Out;
  std::string Log = Top + "/parses.txt";
  ::setenv("TORCHLINT_TEST_PARSE_LOG", Log.c_str(), 1);
  RunResult Again = runTorchLint(flags(Cache) + "--format=json src", Dir);
  std::string ParsedAgain = readFile(Log);
  writeFile(Dir + "/src/ops.h", "#pragma once\ninline int scale(int x) { return x * 2; }\n");
  RunResult Fixed = runTorchLint(flags(Cache) + "--format=json src", Dir);
  ::unsetenv("TORCHLINT_TEST_PARSE_LOG");
  EXPECT_EQ(Again.ExitCode, 3);
  EXPECT_EQ(Again.Out, First.Out);
  EXPECT_EQ(ParsedAgain, "") << ParsedAgain;
  EXPECT_EQ(Fixed.ExitCode, 1) << Fixed.Out << Fixed.Err; // Parsed again: the finding.
  EXPECT_EQ(findings(Fixed.Out), std::set<std::string>{"src/a.cpp:4 torch-perf-redundant-copy"})
      << Fixed.Out;
  EXPECT_NE(readFile(Log).find("a.cpp"), std::string::npos);
}

TEST(ProjectMode, AFileLintedInPartIsParsedAgainOnceItsHeaderAppears) {
  std::string Top = makeTempDir("project-mode-partial");
  std::string Dir = Top + "/repo", Cache = Top + "/cache";
  ASSERT_TRUE(makeGitRepo(Dir));
  writeFile(Dir + "/src/a.cpp", "#include <torch/torch.h>\n#include \"dep/dep.h\"\n"
                                "torch::Tensor f(const torch::Tensor &a, const torch::Tensor &b) {\n"
                                "  return (a + b).clone();\n"
                                "}\n");
  RunResult First = runTorchLint(flags(Cache) + "--format=json src", Dir);
  ASSERT_EQ(First.ExitCode, 1) << First.Err; // A finding; the missing header is a warning.
  ::setenv("TORCHLINT_TEST_CRASH_ON", "a.cpp", 1);
  RunResult Cached = runTorchLint(flags(Cache) + "--format=json src", Dir);
  std::system(("mkdir -p " + shellQuote(Dir + "/src/dep")).c_str());
  writeFile(Dir + "/src/dep/dep.h", "#pragma once\n");
  RunResult Found = runTorchLint(flags(Cache) + "--format=json src", Dir);
  ::unsetenv("TORCHLINT_TEST_CRASH_ON");
  EXPECT_EQ(Cached.ExitCode, 1) << Cached.Err;
  EXPECT_EQ(Cached.Out, First.Out);
  EXPECT_EQ(Found.ExitCode, 3) << Found.Out; // Parsed again (and crashed).
}

} // namespace

// The stored index keeps each distinct function fact once: a header's inline
// function is met by every TU that includes it (gsplat: 17,048 facts, 3,359
// distinct). Loading it gives back every unit's facts, in their order.
TEST(ProjectIndex, EachDistinctFunctionFactIsStoredOnce) {
  using namespace torchlint::model;
  FunctionFact Header;
  Header.Usr = "c:@F@scale#I#";
  Header.Name = "scale";
  Header.At = {"/p/ops.h", 2};
  Header.Callees = {"c:@F@helper#"};
  Header.Calls.push_back({"c:@F@helper#", {"/p/ops.h", 3}, {}, {}});
  FunctionFact Own = Header;
  Header.Pack = 1; // A variadic template's pack, and a call through a pointer.
  Header.Calls.push_back({"", {"/p/ops.h", 4}, {1}, {false}});
  Own.Usr = "c:@F@run#&$@N@at@S@Tensor#";
  Own.Name = "run";
  Own.At = {"/p/a.cpp", 7};
  Own.Params.push_back({0, "x", "add_", {"/p/a.cpp", 8}, false});
  Own.Calls.push_back({"c:@F@scale#I#", {"/p/a.cpp", 9}, {0, -1}, {true, false}});
  Own.Calls.back().Returned = true; // `return scale(x, 2);`
  Own.Params.back().ReturnedAt = {"/p/a.cpp", 11};
  FunctionFact OtherBuild = Header; // Another TU's macros: another fact.
  OtherBuild.Backend = "cuda";
  ProjectIndex Index;
  Index.Units["/p/a.cpp"].Functions = {Own, Header};
  Index.Units["/p/b.cpp"].Functions = {Header};
  Index.Units["/p/c.cu"].Functions = {OtherBuild};
  Index.Units["/p/c.cu"].Ops.push_back({"ns::op", {"/p/c.cu", 1}, "op(Tensor x) -> Tensor"});
  for (const auto &[File, Facts] : Index.Units)
    Index.Digests[File] = "d-" + File;

  json J = Index.toJson();
  EXPECT_EQ(J.at("functions").size(), 3u) << J.dump(1);
  ProjectIndex Back = ProjectIndex::fromJson(json::parse(J.dump()));
  EXPECT_EQ(Back.Digests, Index.Digests);
  ASSERT_EQ(Back.Units.size(), 3u);
  for (const auto &[File, Facts] : Index.Units) {
    SCOPED_TRACE(File);
    EXPECT_EQ(Back.Units[File].Functions, Facts.Functions);
    EXPECT_EQ(Back.Units[File].Ops.size(), Facts.Ops.size());
  }
  EXPECT_EQ(Back.Units["/p/a.cpp"].Functions[0].Calls[1].FromParam, (std::vector<int>{0, -1}));
  EXPECT_TRUE(Back.Units["/p/a.cpp"].Functions[0].Calls[0].FromParam.empty());
  EXPECT_TRUE(Back.Units["/p/a.cpp"].Functions[0].Calls[1].Returned);
  EXPECT_EQ(Back.Units["/p/a.cpp"].Functions[0].Params[0].ReturnedAt.Line, 11u);
  EXPECT_EQ(Back.Units["/p/b.cpp"].Functions[0].Pack, 1);
  EXPECT_EQ(Back.Units["/p/b.cpp"].Functions[0].Calls[1].Callee, "");
  EXPECT_EQ(Back.Units["/p/b.cpp"].Functions[0].Calls[1].FromParam, (std::vector<int>{1}));
  // An index of the earlier format is not one: rebuilt by the next run.
  J["version"] = 5;
  EXPECT_THROW(ProjectIndex::fromJson(J), json::exception);
}

// Of two definitions of one function, a note cites the one nearest the
// asking file: mmcv keeps each op twice, in parrots/ (another framework's
// build) and in pytorch/ (the one pybind.cpp is compiled with).
TEST(ProjectIndex, ANoteCitesTheDefinitionNearestTheAskingFile) {
  using namespace torchlint::model;
  auto Index = std::make_shared<ProjectIndex>();
  FunctionFact Parrots;
  Parrots.Usr = "c:@F@nms#";
  Parrots.Name = "nms";
  Parrots.At = {"/p/csrc/parrots/nms.cpp", 3};
  FunctionFact Pytorch = Parrots;
  Pytorch.At = {"/p/csrc/pytorch/nms.cpp", 40};
  Pytorch.TouchesPython = true;
  Index->Units["/p/csrc/parrots/nms.cpp"].Functions = {Parrots};
  Index->Units["/p/csrc/pytorch/nms.cpp"].Functions = {Pytorch};
  Session Plain;
  ProjectView Near(Plain, Index, "/p/csrc/pytorch/pybind.cpp", {});
  EXPECT_EQ(Near.bodyElsewhere("c:@F@nms#"), "python /p/csrc/pytorch/nms.cpp:40");
  ProjectView Far(Plain, Index, "/p/csrc/parrots/pybind.cpp", {});
  EXPECT_EQ(Far.bodyElsewhere("c:@F@nms#"), "plain /p/csrc/parrots/nms.cpp:3");
}

namespace {

// exllamav2: Python passes a meta tensor for "no tensor" to functions bound
// in ext_bindings.cpp and defined in other files, which test
// `x.device().is_meta()`. Dynamo never traces into a binding: a run on the
// defining file, which reads the binding file for facts, reports nothing.
// The look-alike: the same test in the CompositeExplicitAutograd kernel of
// an op with no Meta kernel (fake tensors run it as the Meta kernel).
TEST(ProjectMode, AMetaTestInAFunctionBoundInAnotherFileIsNoDivergence) {
  std::string Dir = makeTempDir("bound-elsewhere");
  writeFile(Dir + "/setup.py", "from setuptools import setup\nsetup(name='ext')\n");
  writeFile(Dir + "/bindings.cpp", R"cpp(#include <torch/extension.h>
at::Tensor scale_opt(const at::Tensor &x, const at::Tensor &bias);
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scale_opt", &scale_opt); }
)cpp");
  writeFile(Dir + "/scale.cpp", R"cpp(#include <torch/extension.h>
at::Tensor scale_opt(const at::Tensor &x, const at::Tensor &bias) {
  TORCH_CHECK(bias.device().is_meta() || bias.dtype() == x.dtype(), "bias dtype");
  return bias.device().is_meta() ? x * 2 : x * 2 + bias;
}
at::Tensor scale_unbound(const at::Tensor &x) {
  if (x.is_meta())
    return at::empty_like(x);
  return x * 2;
}
TORCH_LIBRARY(ext, m) { m.def("scale(Tensor x) -> Tensor"); }
TORCH_LIBRARY_IMPL(ext, CompositeExplicitAutograd, m) { m.impl("scale", &scale_unbound); }
)cpp");
  RunResult R = runTorchLint("--no-cache --format=json --checks=-*,torch-compile-divergent-guard "
                             "--torch-include=" + shellQuote(mockIncludes()) + " scale.cpp",
                             Dir);
  ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(findings(R.Out),
            (std::set<std::string>{"scale.cpp:7 torch-compile-divergent-guard"}))
      << R.Out;
}

// A first run on a file of a large project parses only as much of the rest
// as its budget allows (ProjectRun::FactBudget: here 10 s, two CUDA sources
// by their estimate): the sources it leaves are named, each finding whose
// answers they could change says what it assumed, and each later run
// parses more of them, until the findings are those of --project=full.
TEST(ProjectMode, AFirstRunOverItsBudgetSaysWhatItAssumed) {
  std::string Top = makeTempDir("fact-budget"), Dir = Top + "/ext";
  sh("mkdir -p " + shellQuote(Dir + "/csrc") + " " + shellQuote(Dir + "/ext"));
  writeFile(Dir + "/setup.py", "from setuptools import setup\nsetup(name='ext')\n");
  std::string Bindings = "#include <torch/extension.h>\nnamespace ext {\n";
  std::string Module = "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n";
  std::string Forward = "import torch\nfrom ext import _C\n\n\nclass M(torch.nn.Module):\n"
                        "    def forward(self, x):\n        return x";
  for (int I = 0; I < 6; ++I) {
    std::string K = "k" + std::to_string(I);
    Bindings += "at::Tensor " + K + "(const at::Tensor &x);\n";
    Module += "  m.def(\"" + K + "\", &ext::" + K + ");\n";
    Forward += " + _C." + K + "(x)";
    writeFile(Dir + "/csrc/" + K + ".cu",
              "#include <torch/extension.h>\nnamespace ext {\n__global__ void " + K +
                  "_kernel(float *p) { p[0] = 1; }\nat::Tensor " + K +
                  "(const at::Tensor &x) {\n  at::Tensor y = at::empty_like(x);\n  " + K +
                  "_kernel<<<1, 1>>>(y.data_ptr<float>());\n  return y;\n}\n}\n");
  }
  writeFile(Dir + "/csrc/bindings.cpp", Bindings + "}\n" + Module + "}\n");
  writeFile(Dir + "/ext/model.py", Forward + "\n");
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  const std::string Flags = "--torch-include=" + shellQuote(mockIncludes()) +
                            " -j2 --format=json --checks=-*,torch-compile-opaque-binding ";
  auto Run = [&](const std::string &Cache, const std::string &More = "") {
    return runTorchLint(Flags + "--cache-dir=" + shellQuote(Top + "/" + Cache) + " " + More +
                            " csrc/bindings.cpp",
                        Dir);
  };
  // What each finding says: its message, notes and fix-its.
  auto Said = [](const std::string &Out, unsigned *Assumed = nullptr) {
    std::vector<std::string> Lines;
    json Doc = json::parse(Out);
    for (const auto &F : Doc["findings"]) {
      std::string L = std::to_string(F["line"].get<int>()) + " " + F["message"].get<std::string>();
      for (const auto &N : F["notes"]) {
        std::string M = N["message"].get<std::string>();
        if (Assumed && M.find("this finding assumes that csrc/k") == 0)
          ++*Assumed;
        L += "\n  " + M;
      }
      for (const auto &X : F["fixits"])
        L += "\n  fix: " + X["replacement"].get<std::string>();
      Lines.push_back(L);
    }
    return Lines;
  };
  RunResult Full = Run("full", "--project=full");
  ASSERT_EQ(Full.ExitCode, 1) << Full.Out << Full.Err;
  EXPECT_EQ(Full.Err.find("not parsed in this run"), std::string::npos) << Full.Err;
  std::vector<std::string> Complete = Said(Full.Out);
  ASSERT_EQ(Complete.size(), 6u) << Full.Out;

  // Each run parses two more of the six definitions, the most needed first.
  for (unsigned Deferred : {4u, 2u, 0u}) {
    RunResult R = Run("budget");
    ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
    unsigned Assumed = 0;
    std::vector<std::string> Now = Said(R.Out, &Assumed);
    ASSERT_EQ(Now.size(), 6u) << R.Out;
    if (Deferred == 0) {
      EXPECT_EQ(R.Err.find("not parsed in this run"), std::string::npos) << R.Err;
      EXPECT_EQ(Now, Complete) << R.Out;
      continue;
    }
    EXPECT_NE(R.Err.find(std::to_string(Deferred) + " other sources that can add facts to these "
                         "files not parsed in this run"),
              std::string::npos)
        << R.Err;
    // A binding whose definition was deferred says so, and so does the one
    // that carries the module's migration (it leaves those out); the others
    // are as --project=full has them.
    EXPECT_EQ(Assumed, Deferred + 1) << R.Out;
    EXPECT_NE(Now.front().find("this finding assumes that " +
                               std::string(Deferred == 4 ? "csrc/k2.cu, csrc/k3.cu, csrc/k4.cu and "
                                                           "csrc/k5.cu, which were"
                                                         : "csrc/k4.cu and csrc/k5.cu, which were")),
              std::string::npos)
        << Now.front();
    unsigned Same = 0;
    for (const std::string &L : Now)
      Same += std::count(Complete.begin(), Complete.end(), L);
    EXPECT_EQ(Same, 6 - Deferred - 1) << R.Out;
  }
}

// A source parsed for the facts of the named files is not linted: no check
// runs on it (its stored result holds its facts and no finding).
TEST(ProjectMode, AFactSourceIsParsedForItsFactsAlone) {
  std::string Top = makeTempDir("facts-only"), Dir = Top + "/ext";
  sh("mkdir -p " + shellQuote(Dir));
  writeFile(Dir + "/setup.py", "from setuptools import setup\nsetup(name='ext')\n");
  writeFile(Dir + "/a.cpp", "#include <torch/extension.h>\nat::Tensor helper(const at::Tensor &x);\n"
                            "at::Tensor twice(const at::Tensor &x) { return helper(x) * 2; }\n");
  writeFile(Dir + "/b.cpp", "#include <torch/extension.h>\n"
                            "at::Tensor helper(const at::Tensor &x) { return x + 1; }\n"
                            "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def(\"helper\", &helper); }\n");
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  std::string Cache = Top + "/cache";
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) + " --cache-dir=" +
                                 shellQuote(Cache) + " -v --format=json a.cpp",
                             Dir);
  ASSERT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("b.cpp: defines 'helper'"), std::string::npos) << R.Err;
  // b.cpp, linted, has a finding (the binding is opaque to torch.compile).
  RunResult B = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --no-cache --no-project --format=json b.cpp",
                             Dir);
  ASSERT_EQ(B.ExitCode, 1) << B.Out << B.Err;
  unsigned FactResults = 0;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Cache + "/results", EC), End; It != End && !EC;
       It.increment(EC)) {
    json W = json::parse(readFile(It->path()));
    std::string Facts = W["facts"].dump();
    if (Facts.find("helper") == std::string::npos || W["findings"].dump().find("a.cpp") != std::string::npos)
      continue;
    bool OfB = false;
    for (const auto &[File, F] : W["facts"].items())
      OfB |= !W["facts"].empty() && F.dump().find("b.cpp") != std::string::npos;
    if (!OfB)
      continue;
    ++FactResults;
    EXPECT_TRUE(W["findings"].empty()) << W.dump();
  }
  EXPECT_EQ(FactResults, 1u);
}

// A named file that loads no PCH starts while the sources whose facts it
// needs are parsed (they build the PCH meanwhile) and takes their facts
// once they are known, before its checks run: its findings are those of a
// run that parses every source first (--project=full -j1).
TEST(ProjectMode, ANamedFileParsesWhileItsFactSourcesAre) {
  std::string Top = makeTempDir("index-late"), Dir = Top + "/ext";
  sh("mkdir -p " + shellQuote(Dir));
  writeFile(Dir + "/setup.py", "from setuptools import setup\nsetup(name='ext')\n");
  // (Not a header of includes only: bindings.cpp loads no PCH.)
  writeFile(Dir + "/common.h", "#pragma once\n#define EXT_API\n#include <torch/extension.h>\n"
                               "EXT_API at::Tensor helper(const at::Tensor &x);\n");
  writeFile(Dir + "/bindings.cpp", "#include \"common.h\"\n"
                                   "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
                                   "  m.def(\"helper\", &helper);\n}\n");
  writeFile(Dir + "/kernel.cpp", "#include <torch/extension.h>\n#include \"common.h\"\n"
                                 "at::Tensor helper(const at::Tensor &x) { return x + 1; }\n");
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  auto Run = [&](const std::string &Cache, const std::string &More) {
    return runTorchLint("--torch-include=" + shellQuote(mockIncludes()) + " --cache-dir=" +
                            shellQuote(Top + "/" + Cache) + " --format=json " + More +
                            " bindings.cpp",
                        Dir);
  };
  std::string Log = Top + "/parses.txt";
  ::setenv("TORCHLINT_TEST_PARSE_LOG", Log.c_str(), 1);
  RunResult Early = Run("early", "-j2 --project=full");
  ::unsetenv("TORCHLINT_TEST_PARSE_LOG");
  RunResult After = Run("after", "-j1 --project=full");
  ASSERT_EQ(Early.ExitCode, 1) << Early.Out << Early.Err;
  ASSERT_EQ(After.ExitCode, 1) << After.Out << After.Err;
  std::string Parsed = readFile(Log);
  EXPECT_NE(Parsed.find("bindings.cpp (index late)"), std::string::npos) << Parsed;
  EXPECT_NE(Parsed.find("kernel.cpp\n"), std::string::npos) << Parsed;
  // The binding's migration puts helper under the key its definition in
  // kernel.cpp proves (tensor ops only): a fact of the source, not of the
  // named file.
  json E = json::parse(Early.Out), A = json::parse(After.Out);
  EXPECT_EQ(E["findings"], A["findings"]) << Early.Out << After.Out;
  EXPECT_EQ(E["findings"].dump().find("not parsed in this run"), std::string::npos) << Early.Out;
  EXPECT_NE(E["findings"].dump().find("TORCH_LIBRARY_IMPL(TORCH_EXTENSION_NAME, "
                                      "CompositeImplicitAutograd, m)"),
            std::string::npos)
      << Early.Out;
}

} // namespace

// Round 15's form (MTR's attention ops): the binding in one file, the
// wrapper that hands the output's data pointer to a launcher in another,
// and the launcher with the kernel that writes it in a .cu file that only a
// header declares to the wrapper's file. The output is written, and the
// schema says so; nothing calls the launcher code the project does not show.
TEST(ProjectMode, ALauncherDefinedInAnotherFileIsSeenToWrite) {
  std::string Top = makeTempDir("project-mode-launcher");
  std::string Dir = Top + "/ext", Cache = Top + "/cache";
  sh("mkdir -p " + shellQuote(Dir + "/src") + " && cd " + shellQuote(Dir) + " && git init -q .");
  writeFile(Dir + "/src/launch.h",
            "#pragma once\n#include <cstdint>\n"
            "void scale_launcher(int64_t n, const float *in, float *out);\n"
            "void sum_launcher(int64_t n, const float *in, float *scratch);\n");
  writeFile(Dir + "/src/api.cpp",
            "#include <torch/extension.h>\n"
            "void scale_wrapper(int64_t n, at::Tensor in, at::Tensor out);\n"
            "void sum_wrapper(int64_t n, at::Tensor in, at::Tensor scratch);\n"
            "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
            "  m.def(\"scale_wrapper\", &scale_wrapper);\n"
            "  m.def(\"sum_wrapper\", &sum_wrapper);\n"
            "}\n");
  writeFile(Dir + "/src/func.cpp",
            "#include <torch/extension.h>\n#include \"launch.h\"\n"
            "void scale_wrapper(int64_t n, at::Tensor in, at::Tensor out) {\n"
            "  scale_launcher(n, in.data_ptr<float>(), out.data_ptr<float>());\n"
            "}\n"
            "void sum_wrapper(int64_t n, at::Tensor in, at::Tensor scratch) {\n"
            "  sum_launcher(n, in.data_ptr<float>(), scratch.data_ptr<float>());\n"
            "}\n");
  // sum_launcher only reads its `scratch` (a look-alike: a non-const
  // pointer nothing writes through).
  writeFile(Dir + "/src/kernel.cu",
            "#include <cstdint>\n#include \"launch.h\"\n"
            "__global__ void scale_kernel(int64_t n, const float *in, float *out) {\n"
            "  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  if (i < n) out[i] = 2 * in[i];\n"
            "}\n"
            "void scale_launcher(int64_t n, const float *in, float *out) {\n"
            "  scale_kernel<<<(n + 255) / 256, 256>>>(n, in, out);\n"
            "}\n"
            "__global__ void sum_kernel(int64_t n, const float *in, float *scratch) {\n"
            "  if (threadIdx.x == 0 && n > 0 && scratch[0] > in[0]) return;\n"
            "}\n"
            "void sum_launcher(int64_t n, const float *in, float *scratch) {\n"
            "  sum_kernel<<<1, 32>>>(n, in, scratch);\n"
            "}\n");
  RunResult J = runTorchLint(flags(Cache) + "--format=json src", Dir);
  json Doc = json::parse(J.Out);
  std::map<std::string, std::string> Said; // binding -> its message and notes
  for (const auto &F : Doc["findings"])
    if (F["check"] == "torch-compile-opaque-binding") {
      std::string M = F["message"].get<std::string>();
      size_t Open = M.find('\'');
      std::string Name = M.substr(Open + 1, M.find('\'', Open + 1) - Open - 1);
      Said[Name] += M + "\n";
      for (const auto &N : F["notes"])
        Said[Name] += N["message"].get<std::string>() + "\n";
    }
  ASSERT_EQ(Said.size(), 2u) << J.Out;
  EXPECT_NE(Said["scale_wrapper"].find("'scale_wrapper(int n, Tensor in_, Tensor(c!) out) -> ()'"),
            std::string::npos)
      << Said["scale_wrapper"];
  EXPECT_NE(Said["sum_wrapper"].find("'sum_wrapper(int n, Tensor in_, Tensor scratch) -> ()'"),
            std::string::npos)
      << Said["sum_wrapper"];
  for (const auto &[Name, Text] : Said)
    EXPECT_EQ(Text.find("does not show"), std::string::npos) << Text;
}

// PointNet++'s form (votenet's pointnet2/_ext_src): the op's file allocates
// with zeros and hands the data pointer to a wrapper it only declares; the
// .cu file defines the wrapper, which launches one block per batch element.
// The wrapper's whole write is a fact of the .cu file, so the op's file sees
// that the zeros are never read. Look-alikes: a wrapper whose kernel skips
// a slot, and a call whose counts are not the output's sizes.
TEST(ProjectMode, AnOutputAWrapperInAnotherFileWritesWholeNeedsNoZeros) {
  std::string Top = makeTempDir("project-mode-whole-write");
  std::string Dir = Top + "/ext", Cache = Top + "/cache";
  ASSERT_TRUE(makeGitRepo(Dir));
  writeFile(Dir + "/src/group.cpp",
            "#include <torch/extension.h>\n"
            "void group_wrapper(int b, int c, int npoints, const float *points, float *out);\n"
            "void sparse_wrapper(int b, int n, float *out);\n"
            "at::Tensor group(at::Tensor points, at::Tensor idx) {\n"
            "  at::Tensor out = torch::zeros({points.size(0), points.size(1), idx.size(1)},\n"
            "                                points.options());\n"
            "  if (points.is_cuda()) {\n"
            "    group_wrapper(points.size(0), points.size(1), idx.size(1),\n"
            "                  points.data_ptr<float>(), out.data_ptr<float>());\n"
            "  } else {\n"
            "    AT_ERROR(\"CPU not supported\");\n"
            "  }\n"
            "  return out;\n"
            "}\n"
            "at::Tensor sparse(at::Tensor x) {\n"
            "  at::Tensor out = torch::zeros({x.size(0), x.size(1), 3}, x.options());\n"
            "  sparse_wrapper(x.size(0), x.size(1), out.data_ptr<float>());\n"
            "  return out;\n"
            "}\n"
            "at::Tensor other(at::Tensor points, at::Tensor idx) {\n"
            "  at::Tensor out = torch::zeros({points.size(0), points.size(1), idx.size(1)},\n"
            "                                points.options());\n"
            "  group_wrapper(points.size(0), points.size(1), idx.size(2),\n"
            "                points.data_ptr<float>(), out.data_ptr<float>());\n"
            "  return out;\n"
            "}\n");
  writeFile(Dir + "/src/group_gpu.cu",
            "__global__ void group_kernel(int b, int c, int npoints, const float *points,\n"
            "                             float *out) {\n"
            "  int batch_index = blockIdx.x;\n"
            "  out += batch_index * npoints * c;\n"
            "  for (int i = threadIdx.x; i < c * npoints; i += blockDim.x) {\n"
            "    const int l = i / npoints;\n"
            "    const int j = i % npoints;\n"
            "    out[l * npoints + j] = points[i];\n"
            "  }\n"
            "}\n"
            "void group_wrapper(int b, int c, int npoints, const float *points, float *out) {\n"
            "  group_kernel<<<b, 256>>>(b, c, npoints, points, out);\n"
            "}\n"
            "__global__ void sparse_kernel(int b, int n, float *out) {\n"
            "  out += blockIdx.x * n * 3;\n"
            "  for (int j = threadIdx.x; j < n; j += blockDim.x) {\n"
            "    out[j * 3 + 0] = 1.0f;\n"
            "    out[j * 3 + 2] = 1.0f;\n"
            "  }\n"
            "}\n"
            "void sparse_wrapper(int b, int n, float *out) {\n"
            "  sparse_kernel<<<b, 256>>>(b, n, out);\n"
            "}\n");
  RunResult J = runTorchLint(flags(Cache) + "--checks='-*,torch-perf-redundant-copy' --format=json src", Dir);
  EXPECT_EQ(findings(J.Out), std::set<std::string>{"src/group.cpp:5 torch-perf-redundant-copy"})
      << J.Out << J.Err;
  EXPECT_NE(J.Out.find("'group_wrapper()' (src/group_gpu.cu:11) overwrites before any read"),
            std::string::npos)
      << J.Out;
  // The file alone does not see the wrapper's body: no finding.
  RunResult Alone = runTorchLint(flags(Cache) + "--no-project --checks='-*,torch-perf-redundant-copy' "
                                 "--format=json src/group.cpp", Dir);
  EXPECT_EQ(findings(Alone.Out), std::set<std::string>{}) << Alone.Out << Alone.Err;
}

// Round 15's other form (GRNet): two extension modules, each built by its
// own setup.py from one file, both binding `forward`; each package file
// imports its own module. Each binding's note names its own module's call.
// torch-points-kernels: a binding called in a function the installed
// package exports (`from .knn import knn` in its __init__.py) is its users'
// API, reported as called from their compiled code, with the export named
// (the Python scan travels to the workers whole); one called only in a
// helper nothing exports stays the level2 -unreached check's.
TEST(ProjectMode, ABindingBehindAnExportedFunctionIsItsUsersAPI) {
  std::string Top = makeTempDir("project-mode-exports");
  std::string Dir = Top + "/ext", Cache = Top + "/cache";
  sh("mkdir -p " + shellQuote(Dir + "/csrc") + " " + shellQuote(Dir + "/tpk") + " && cd " +
     shellQuote(Dir) + " && git init -q .");
  writeFile(Dir + "/setup.py",
            "from setuptools import setup\n"
            "from torch.utils.cpp_extension import BuildExtension, CppExtension\n"
            "setup(name='tpk', packages=['tpk'], ext_modules=[CppExtension('tpk_ext', "
            "['csrc/ext.cpp', 'csrc/knn.cpp'])], cmdclass={'build_ext': BuildExtension})\n");
  writeFile(Dir + "/csrc/knn.cpp", "#include <torch/extension.h>\n"
                                   "at::Tensor knn_cpu(const at::Tensor &x) { return x * 2; }\n"
                                   "at::Tensor grid_cpu(const at::Tensor &x) { return x + 1; }\n");
  writeFile(Dir + "/csrc/ext.cpp", "#include <torch/extension.h>\n"
                                   "at::Tensor knn_cpu(const at::Tensor &x);\n"
                                   "at::Tensor grid_cpu(const at::Tensor &x);\n"
                                   "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
                                   "  m.def(\"knn_cpu\", &knn_cpu);\n"
                                   "  m.def(\"grid_cpu\", &grid_cpu);\n"
                                   "}\n");
  writeFile(Dir + "/tpk/__init__.py", "from .knn import knn\n");
  writeFile(Dir + "/tpk/knn.py", "import tpk_ext\n"
                                 "def knn(x):\n"
                                 "    return tpk_ext.knn_cpu(x)\n"
                                 "def _prepare(x):\n"
                                 "    return tpk_ext.grid_cpu(x)\n");
  RunResult J = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  json Doc = json::parse(J.Out);
  std::map<std::string, std::string> Note; // binding line -> its note of the call
  for (const auto &F : Doc["findings"])
    if (F["check"] == "torch-compile-opaque-binding")
      for (const auto &N : F["notes"])
        if (N["message"].get<std::string>().find("calls it") != std::string::npos)
          Note[F["file"].get<std::string>() + ":" + std::to_string(F["line"].get<int>())] =
              N["message"].get<std::string>();
  EXPECT_EQ(Note["csrc/ext.cpp:5"],
            "the project's Python calls it in its users' API, assumed called from their compiled "
            "code: tpk/knn.py:3, in 'knn', which the package exports (tpk/__init__.py:1): its "
            "users' API")
      << J.Out;
  EXPECT_EQ(Note.count("csrc/ext.cpp:6"), 0u) << J.Out;
}

TEST(ProjectMode, BindingsOfOneNameInTwoModulesAreCalledOnTheirOwn) {
  std::string Top = makeTempDir("project-mode-two-modules");
  std::string Dir = Top + "/ext", Cache = Top + "/cache";
  sh("mkdir -p " + shellQuote(Dir + "/chamfer") + " " + shellQuote(Dir + "/gridding") +
     " && cd " + shellQuote(Dir) + " && git init -q .");
  for (const std::string Name : {"chamfer", "gridding"}) {
    writeFile(Dir + "/" + Name + "/setup.py",
              "from setuptools import setup\n"
              "from torch.utils.cpp_extension import BuildExtension, CppExtension\n"
              "setup(name='" + Name + "', ext_modules=[CppExtension('" + Name + "', ['" + Name +
                  "_ext.cpp'])], cmdclass={'build_ext': BuildExtension})\n");
    writeFile(Dir + "/" + Name + "/" + Name + "_ext.cpp",
              "#include <torch/extension.h>\n"
              "at::Tensor forward_" + Name + "(const at::Tensor &x) { return x * 2; }\n"
              "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
              "  m.def(\"forward\", &forward_" + Name + ");\n"
              "}\n");
  }
  writeFile(Dir + "/chamfer/__init__.py",
            "import torch\nimport chamfer\n"
            "class ChamferFunction(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        return chamfer.forward(x)\n");
  writeFile(Dir + "/gridding/__init__.py",
            "import torch\nimport gridding\n"
            "class GriddingFunction(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        y = x + 1\n"
            "        return gridding.forward(y)\n");
  RunResult J = runTorchLint(flags(Cache) + "--format=json chamfer gridding", Dir);
  json Doc = json::parse(J.Out);
  std::map<std::string, std::string> Where; // file -> its note of the call
  for (const auto &F : Doc["findings"])
    if (F["check"] == "torch-compile-opaque-binding")
      for (const auto &N : F["notes"])
        if (N["message"].get<std::string>().find("calls it") != std::string::npos)
          Where[F["file"].get<std::string>()] = N["message"].get<std::string>();
  EXPECT_NE(Where["chamfer/chamfer_ext.cpp"].find("chamfer/__init__.py:6, in 'ChamferFunction.forward'"),
            std::string::npos)
      << J.Out;
  EXPECT_NE(Where["gridding/gridding_ext.cpp"].find("gridding/__init__.py:7, in 'GriddingFunction.forward'"),
            std::string::npos)
      << J.Out;
}

// DSVT's form (first look, round 53): one setup.py builds two modules
// through OpenPCDet's `make_cuda_ext(name=..., module=..., sources=[...])`,
// each binding `boxes_iou`; the model calls `a_cuda.boxes_iou` in a
// forward and `b_cuda` only for `nms`. b's `boxes_iou` is never called: the
// call is a's. The look-alike: a's binding, reported with that call.
TEST(ProjectMode, AModuleAHelperBuildsIsTellsItsCallsFromAnothersOfTheSameName) {
  std::string Top = makeTempDir("project-mode-make-cuda-ext");
  std::string Dir = Top + "/repo", Cache = Top + "/cache";
  ASSERT_TRUE(makeGitRepo(Dir));
  sh("mkdir -p " + shellQuote(Dir + "/pkg/a/src") + " " + shellQuote(Dir + "/pkg/b/src"));
  writeFile(Dir + "/setup.py",
            "import os\n"
            "from setuptools import setup\n"
            "from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
            "def make_cuda_ext(name, module, sources):\n"
            "    return CUDAExtension(name='%s.%s' % (module, name),\n"
            "        sources=[os.path.join(*module.split('.'), src) for src in sources])\n"
            "setup(name='pkg', cmdclass={'build_ext': BuildExtension}, ext_modules=[\n"
            "    make_cuda_ext(name='a_cuda', module='pkg.a', sources=['src/a_api.cpp']),\n"
            "    make_cuda_ext(name='b_cuda', module='pkg.b', sources=['src/b.cpp']),\n"
            "])\n");
  const std::string Binding = "#include <torch/extension.h>\n"
                              "at::Tensor boxes_iou(const at::Tensor &a) { return a * 2; }\n"
                              "at::Tensor nms(const at::Tensor &a) { return a + 1; }\n"
                              "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
                              "  m.def(\"boxes_iou\", &boxes_iou);\n"
                              "  m.def(\"nms\", &nms);\n"
                              "}\n";
  writeFile(Dir + "/pkg/a/src/a_api.cpp", Binding);
  writeFile(Dir + "/pkg/b/src/b.cpp", Binding);
  writeFile(Dir + "/pkg/__init__.py", "");
  writeFile(Dir + "/pkg/a/__init__.py", "");
  writeFile(Dir + "/pkg/b/__init__.py", "");
  writeFile(Dir + "/pkg/a/a_utils.py", "import torch\nfrom . import a_cuda\n"
                                       "class Iou(torch.nn.Module):\n"
                                       "    def forward(self, x):\n"
                                       "        return a_cuda.boxes_iou(x)\n");
  writeFile(Dir + "/pkg/b/b_utils.py", "import torch\nfrom . import b_cuda\n"
                                       "class Nms(torch.nn.Module):\n"
                                       "    def forward(self, x):\n"
                                       "        return b_cuda.nms(x)\n");
  RunResult J = runTorchLint(flags(Cache) + "--checks='-*,torch-compile-opaque-binding' "
                             "--format=json pkg", Dir);
  EXPECT_EQ(findings(J.Out), (std::set<std::string>{"pkg/a/src/a_api.cpp:5 torch-compile-opaque-binding",
                                                    "pkg/b/src/b.cpp:6 torch-compile-opaque-binding"}))
      << J.Out << J.Err;
}

// Round 22's form (omniserve): one setup.py builds several extensions
// (`pkg_backend.attn_dense`, `pkg_backend.attn_sparse`), each from its own
// file binding the same names; the model imports them under other names
// (`import pkg_backend.attn_dense as attn`) and calls `update_cache` on one
// of them only. The other module's `update_cache` is called by nothing: no
// finding, while its `attend`, which the model calls, keeps its own.
TEST(ProjectMode, ABindingItsModuleIsNeverCalledForIsNotReportedForAnotherModulesCall) {
  std::string Top = makeTempDir("project-mode-module-alias");
  std::string Dir = Top + "/ext", Cache = Top + "/cache";
  sh("mkdir -p " + shellQuote(Dir + "/csrc/dense") + " " + shellQuote(Dir + "/csrc/sparse") + " " +
     shellQuote(Dir + "/model") + " && cd " + shellQuote(Dir) + " && git init -q .");
  writeFile(Dir + "/setup.py",
            "from setuptools import setup\n"
            "from torch.utils.cpp_extension import BuildExtension, CppExtension\n"
            "ext_modules = []\n"
            "ext_modules.append(CppExtension(name='pkg_backend.attn_dense', "
            "sources=['csrc/dense/attn.cpp']))\n"
            "ext_modules.append(CppExtension(name='pkg_backend.attn_sparse', "
            "sources=['csrc/sparse/attn.cpp']))\n"
            "setup(name='pkg_backend', ext_modules=ext_modules, "
            "cmdclass={'build_ext': BuildExtension})\n");
  for (const std::string Kind : {"dense", "sparse"})
    writeFile(Dir + "/csrc/" + Kind + "/attn.cpp",
              "#include <torch/extension.h>\n"
              "at::Tensor attend(const at::Tensor &q) { return q * 2; }\n"
              "at::Tensor update_cache(const at::Tensor &k) { return k + 1; }\n"
              "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
              "  m.def(\"attend\", &attend);\n"
              "  m.def(\"update_cache\", &update_cache);\n"
              "}\n");
  writeFile(Dir + "/model/layers.py",
            "import torch\n"
            "import pkg_backend.attn_dense as attn\n"
            "import pkg_backend.attn_sparse as attn_sparse\n"
            "class Attention(torch.nn.Module):\n"
            "    def forward(self, q, k):\n"
            "        k = attn.update_cache(k)\n"
            "        return attn.attend(q) + attn_sparse.attend(q)\n");
  RunResult J = runTorchLint(flags(Cache) + "--format=json csrc", Dir);
  json Doc = json::parse(J.Out);
  std::set<std::string> Found; // file:line of each finding
  for (const auto &F : Doc["findings"])
    if (F["check"] == "torch-compile-opaque-binding")
      Found.insert(F["file"].get<std::string>() + ":" + std::to_string(F["line"].get<int>()));
  EXPECT_TRUE(Found.count("csrc/dense/attn.cpp:5")) << J.Out;
  EXPECT_TRUE(Found.count("csrc/dense/attn.cpp:6")) << J.Out;
  EXPECT_TRUE(Found.count("csrc/sparse/attn.cpp:5")) << J.Out;
  EXPECT_FALSE(Found.count("csrc/sparse/attn.cpp:6")) << J.Out;
}

// missing-fake-kernel's fake in Python (issue #31): an op whose output is
// sized by a value read from the data gets no Meta kernel, so the fix
// writes its register_fake into the package file that imports the
// extension module, after that import (loading it registers the op). A
// test file importing the module, and a file importing it inside a
// function only, are no places for it; the op of another namespace, sized
// the same way, is registered by the same module and gets its own fake.
TEST(ProjectMode, TheFakeOfAnOpSizedByItsDataIsWrittenAfterTheModuleImport) {
  std::string Top = makeTempDir("fake-into-python"), Dir = Top + "/tests/rpkg";
  sh("mkdir -p " + shellQuote(Dir + "/csrc") + " " + shellQuote(Dir + "/rpkg") + " " +
     shellQuote(Dir + "/tests"));
  writeFile(Dir + "/setup.py",
            "from setuptools import setup\nfrom torch.utils.cpp_extension import CppExtension\n"
            "setup(name='rpkg', ext_modules=[CppExtension('rpkg._C', ['csrc/ext.cpp'])])\n");
  writeFile(Dir + "/csrc/ext.cpp", R"cpp(#include <torch/extension.h>
// Each row of x repeated k times: the output's length is read from the data.
at::Tensor repeat_rows(const at::Tensor &x, int64_t k) {
  int64_t n = x.sum().item<int64_t>() * k;
  return at::empty({n}, x.options().dtype(at::kFloat));
}
// Its overload, and another op sized by its data: the three fakes go to one
// spot, as one insertion, each function with its own name.
at::Tensor repeat_rows_twice(const at::Tensor &x, int64_t k) {
  int64_t n = x.sum().item<int64_t>() * 2 * k;
  return at::empty({n}, x.options().dtype(at::kFloat));
}
at::Tensor positive_rows(const at::Tensor &x) {
  int64_t n = (x > 0).sum().item<int64_t>();
  return at::empty({n}, x.options());
}
TORCH_LIBRARY(rpkg, m) {
  m.def("repeat_rows(Tensor x, int k) -> Tensor"); // expect: torch-compile-missing-fake-kernel
  m.def("repeat_rows.twice(Tensor x, int k) -> Tensor");
  m.def("positive_rows(Tensor x) -> Tensor");
}
TORCH_LIBRARY_IMPL(rpkg, CPU, m) {
  m.impl("repeat_rows", &repeat_rows);
  m.impl("repeat_rows.twice", &repeat_rows_twice);
  m.impl("positive_rows", &positive_rows);
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {}
)cpp");
  const std::string Init = "\"\"\"The package: loading _C registers rpkg's ops.\"\"\"\n"
                           "from . import _C\n"
                           "from .ops import rows\n";
  writeFile(Dir + "/rpkg/__init__.py", Init);
  const std::string Ops = "import torch\n\n\ndef rows(x):\n"
                          "    from . import _C  # noqa: F401\n"
                          "    return torch.ops.rpkg.repeat_rows(x, 3), "
                          "torch.ops.rpkg.repeat_rows.twice(x, 3), torch.ops.rpkg.positive_rows(x)\n";
  writeFile(Dir + "/rpkg/ops.py", Ops);
  const std::string Test = "import torch\nfrom rpkg import _C\n\n\ndef test_rows():\n"
                           "    assert torch.ops.rpkg.repeat_rows(torch.ones(2), 1).numel() == 2\n";
  writeFile(Dir + "/tests/test_ops.py", Test);
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  const std::string Flags = "--no-cache --torch-include=" + shellQuote(mockIncludes()) +
                            " --checks=-*,torch-compile-missing-fake-kernel ";
  RunResult J = runTorchLint(Flags + "--format=json csrc/ext.cpp", Dir);
  ASSERT_EQ(J.ExitCode, 1) << J.Out << J.Err;
  json Doc = json::parse(J.Out);
  ASSERT_EQ(Doc["findings"].size(), 3u) << J.Out;
  // One insertion, with the first finding; the others' notes point at it.
  size_t Inserts = 0;
  std::string Notes;
  for (const auto &F : Doc["findings"]) {
    Inserts += F["fixits"].size();
    for (const auto &N : F["notes"])
      Notes += N["file"].get<std::string>() + ":" + std::to_string(N["line"].get<int>()) + " " +
               N["message"].get<std::string>() + "\n";
  }
  EXPECT_EQ(Inserts, 1u) << J.Out;
  for (const auto &N : Doc["findings"][0]["notes"])
    Notes += N["file"].get<std::string>() + ":" + std::to_string(N["line"].get<int>()) + " " +
             N["message"].get<std::string>() + "\n";
  EXPECT_NE(Notes.find("rpkg/__init__.py:4 the fix-it gives 'rpkg::repeat_rows' a fake kernel "
                       "for torch.compile here"),
            std::string::npos)
      << Notes;
  RunResult F = runTorchLint(Flags + "--fix csrc/ext.cpp", Dir);
  ASSERT_EQ(F.ExitCode, 1) << F.Out << F.Err;
  EXPECT_EQ(readFile(Dir + "/rpkg/__init__.py"),
            "\"\"\"The package: loading _C registers rpkg's ops.\"\"\"\n"
            "from . import _C\n"
            "from .ops import rows\n"
            "import torch\n"
            "\n\n@torch.library.register_fake(\"rpkg::repeat_rows\")\n"
            "def _repeat_rows_fake(x, k):\n"
            "    return x.new_empty(((torch.library.get_ctx().new_dynamic_size() * k),), "
            "dtype=torch.float32)\n"
            "\n\n@torch.library.register_fake(\"rpkg::repeat_rows.twice\")\n"
            "def _repeat_rows_fake_(x, k):\n"
            "    return x.new_empty((((torch.library.get_ctx().new_dynamic_size() * 2) * k),), "
            "dtype=torch.float32)\n"
            "\n\n@torch.library.register_fake(\"rpkg::positive_rows\")\n"
            "def _positive_rows_fake(x):\n"
            "    return x.new_empty((torch.library.get_ctx().new_dynamic_size(),))\n")
      << F.Out << F.Err;
  EXPECT_EQ(readFile(Dir + "/rpkg/ops.py"), Ops);
  EXPECT_EQ(readFile(Dir + "/tests/test_ops.py"), Test);
}

// hszhao/semseg: no setup.py; the package's src/__init__.py loads two
// extensions, `cpu = load('psamask_cpu', [os.path.join(cpu_path,
// 'operator.cpp'), ...])` with `cpu_path = os.path.join(cwd, 'cpu')`, and
// the same for gpu; the autograd Function calls `src.cpu.psamask_forward(...)`
// and `src.gpu.psamask_forward(...)`. Each file's extension is named by its
// own load (both list an 'operator.cpp'), each binding is cited at its own
// module's call, and the fix-it, which does not follow `src.cpu` to the
// module, says that the call stays.
TEST(ProjectMode, ExtensionsLoadedByThePackageAreNamedAndTheirCallsCited) {
  std::string Dir = makeTempDir("loaded-by-package");
  sh("mkdir -p " + shellQuote(Dir + "/psa/src/cpu") + " " + shellQuote(Dir + "/psa/src/gpu") +
     " " + shellQuote(Dir + "/psa/functions"));
  writeFile(Dir + "/psa/__init__.py", "");
  writeFile(Dir + "/psa/functions/__init__.py", "");
  writeFile(Dir + "/psa/src/__init__.py",
            "import os\nimport torch\nfrom torch.utils.cpp_extension import load\n\n"
            "cwd = os.path.dirname(os.path.realpath(__file__))\n"
            "cpu_path = os.path.join(cwd, 'cpu')\n"
            "gpu_path = os.path.join(cwd, 'gpu')\n\n"
            "cpu = load('psamask_cpu', [\n"
            "    os.path.join(cpu_path, 'operator.cpp'),\n"
            "], build_directory=cpu_path, verbose=False)\n\n"
            "if torch.cuda.is_available():\n"
            "    gpu = load('psamask_gpu', [\n"
            "        os.path.join(gpu_path, 'operator.cpp'),\n"
            "    ], build_directory=gpu_path, verbose=False)");
  writeFile(Dir + "/psa/functions/psamask.py",
            "import torch\nfrom torch.autograd import Function\nfrom .. import src\n\n\n"
            "class PSAMask(Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x, out):\n"
            "        if not x.is_cuda:\n"
            "            src.cpu.psamask_forward(x, out)\n"
            "        else:\n"
            "            src.gpu.psamask_forward(x, out)\n"
            "        return out\n");
  for (const char *Side : {"cpu", "gpu"})
    writeFile(Dir + "/psa/src/" + Side + "/operator.cpp",
              "#include <torch/extension.h>\n"
              "void psamask_forward(const at::Tensor &x, at::Tensor out) { out.copy_(x); }\n"
              "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def(\"psamask_forward\", "
              "&psamask_forward); }\n");
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  for (const auto &[Side, Line] : {std::pair<std::string, std::string>{"cpu", "10"}, {"gpu", "12"}}) {
    RunResult R = runTorchLint("--no-cache --torch-include=" + shellQuote(mockIncludes()) +
                                   " --checks=-*,torch-compile-opaque-binding psa/src/" + Side +
                                   "/operator.cpp",
                               Dir);
    EXPECT_NE(R.Out.find("torch.ops.psamask_" + Side + ".psamask_forward"), std::string::npos)
        << R.Out << R.Err;
    EXPECT_NE(R.Out.find("the project's Python calls it where torch.compile traces: "
                         "psa/functions/psamask.py:" + Line + ", in 'PSAMask.forward'"),
              std::string::npos)
        << R.Out;
    EXPECT_NE(R.Out.find("the call of 'psamask_forward' at psa/functions/psamask.py:" + Line +
                         " is made through a name the fix-it does not follow"),
              std::string::npos)
        << R.Out;
  }
}

// inplace_abn: the binding's function hands its tensors to a kernel in
// another file, which writes one of them in place through the view a helper
// in a third file returns (`auto dy = normalize_shape(dy_); dy.sub_(...)`):
// the schema marks it written. Look-alike: a helper that returns a new
// tensor (`x * 2`), whose result the kernel writes: its input is read. With
// the helpers' file gone, whether dy is written cannot be told.
TEST(ProjectMode, AWriteThroughTheViewAHelperReturnsIsAWriteOfItsArgument) {
  std::string Dir = makeTempDir("view-helper");
  writeFile(Dir + "/setup.py",
            "from setuptools import setup\n"
            "from torch.utils.cpp_extension import CppExtension\n"
            "setup(name='abn', ext_modules=[CppExtension('abn._C', ['abn/ext.cpp', "
            "'abn/cpu.cpp', 'abn/utils.cpp'])])\n");
  sh("mkdir -p " + shellQuote(Dir + "/abn"));
  writeFile(Dir + "/abn/ops.h", R"cpp(#pragma once
#include <torch/extension.h>
void backward_cpu(const at::Tensor &xhat, at::Tensor dy_, const at::Tensor &m);
at::Tensor scaled_cpu(const at::Tensor &x);
at::Tensor normalize_shape(const at::Tensor &x);
at::Tensor doubled(const at::Tensor &x);
)cpp");
  writeFile(Dir + "/abn/ext.cpp", R"cpp(#include "ops.h"
void backward(const at::Tensor &xhat, at::Tensor dy, const at::Tensor &m) { backward_cpu(xhat, dy, m); }
at::Tensor scaled(const at::Tensor &x) { return scaled_cpu(x); }
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("backward", &backward);
  m.def("scaled", &scaled);
}
)cpp");
  writeFile(Dir + "/abn/cpu.cpp", R"cpp(#include "ops.h"
void backward_cpu(const at::Tensor &xhat, at::Tensor dy_, const at::Tensor &m) {
  auto dy = normalize_shape(dy_);
  dy.sub_(normalize_shape(m)).mul_(normalize_shape(xhat));
}
at::Tensor scaled_cpu(const at::Tensor &x) {
  auto y = doubled(x);
  y.add_(1);
  return y;
}
)cpp");
  writeFile(Dir + "/abn/utils.cpp", R"cpp(#include "ops.h"
at::Tensor normalize_shape(const at::Tensor &x) {
  if (x.dim() == 1)
    return x.view({1, -1, 1});
  return x.view({x.size(0), x.size(1), -1});
}
at::Tensor doubled(const at::Tensor &x) { return x * 2; }
)cpp");
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  const std::string Flags = "--no-cache --torch-include=" + shellQuote(mockIncludes()) +
                            " --format=json --checks=-*,torch-compile-opaque-binding abn/ext.cpp";
  auto Lint = [&] { // Every message, note and fix-it of the run.
    RunResult R = runTorchLint(Flags, Dir);
    std::string Text;
    json Doc = json::parse(R.Out);
    for (const auto &F : Doc["findings"]) {
      Text += F["message"].get<std::string>() + "\n";
      for (const auto &N : F["notes"])
        Text += N["message"].get<std::string>() + "\n";
      for (const auto &X : F["fixits"])
        Text += X["replacement"].get<std::string>() + "\n";
    }
    return Text;
  };
  std::string Seen = Lint();
  EXPECT_NE(Seen.find("m.def(\"backward(Tensor xhat, Tensor(b!) dy, Tensor m) -> ()\");"),
            std::string::npos)
      << Seen;
  EXPECT_NE(Seen.find("m.def(\"scaled(Tensor x) -> Tensor\");"), std::string::npos) << Seen;
  sh("rm " + shellQuote(Dir + "/abn/utils.cpp"));
  std::string Unseen = Lint();
  EXPECT_EQ(Unseen.find("m.def(\"backward("), std::string::npos) << Unseen;
  EXPECT_NE(Unseen.find("'dy' is written through the tensor 'normalize_shape' (abn/cpu.cpp:3) "
                        "returns of it, code the project does not show"),
            std::string::npos)
      << Unseen;
}

// fast-transformers: two extensions (aggregate_cpu, aggregate_cuda) each
// define `aggregate` with one signature, so the two functions have one USR.
// Each file's migration registers its own function under the key its own
// body proves, never the other file's.
TEST(ProjectMode, SameNamedFunctionsOfTwoExtensionsKeepTheirOwnKeys) {
  std::string Dir = makeTempDir("same-usr");
  writeFile(Dir + "/setup.py",
            "from setuptools import setup\n"
            "from torch.utils.cpp_extension import CppExtension, CUDAExtension\n"
            "setup(name='agg', ext_modules=[CppExtension('agg.aggregate_cpu', ['agg/cpu.cpp']),\n"
            "                               CUDAExtension('agg.aggregate_cuda', ['agg/cuda.cu'])])\n");
  sh("mkdir -p " + shellQuote(Dir + "/agg"));
  writeFile(Dir + "/agg/cpu.cpp", R"cpp(#include <torch/extension.h>
void aggregate(const at::Tensor x, at::Tensor y) {
  const float *src = x.data_ptr<float>();
  float *dst = y.data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); ++i)
    dst[0] += src[i];
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("aggregate", &aggregate); }
)cpp");
  writeFile(Dir + "/agg/cuda.cu", R"cpp(#include <torch/extension.h>
__global__ void aggregate_kernel(const float *x, float *y, int64_t n) {
  if (threadIdx.x < n)
    y[0] += x[threadIdx.x];
}
void aggregate(const at::Tensor x, at::Tensor y) {
  aggregate_kernel<<<1, 32>>>(x.data_ptr<float>(), y.data_ptr<float>(), x.numel());
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("aggregate", &aggregate); }
)cpp");
  writeFile(Dir + "/agg/__init__.py",
            "import torch\nfrom . import aggregate_cpu, aggregate_cuda\n\n\n"
            "class Sum(torch.nn.Module):\n    def forward(self, x, y):\n"
            "        (aggregate_cpu if x.device.type == 'cpu' else aggregate_cuda).aggregate(x, y)\n"
            "        return y\n");
  sh("cd " + shellQuote(Dir) + " && git init -q .");
  const std::string Flags = "--no-cache --torch-include=" + shellQuote(mockIncludes()) +
                            " --format=json --checks=-*,torch-compile-opaque-binding ";
  for (const auto &[File, Key] : {std::pair<std::string, std::string>{"agg/cpu.cpp", "CPU"},
                                  {"agg/cuda.cu", "CUDA"}}) {
    RunResult R = runTorchLint(Flags + File, Dir);
    std::string Fixes;
    json Doc = json::parse(R.Out);
    for (const auto &F : Doc["findings"])
      for (const auto &X : F["fixits"])
        Fixes += X["replacement"].get<std::string>();
    EXPECT_NE(Fixes.find("TORCH_LIBRARY_IMPL(TORCH_EXTENSION_NAME, " + Key +
                         ", m) {\n  m.impl(\"aggregate\", &aggregate);"),
              std::string::npos)
        << File << "\n" << R.Out << R.Err;
    EXPECT_NE(Fixes.find("m.def(\"aggregate(Tensor x, Tensor(b!) y) -> ()\");"), std::string::npos)
        << File << "\n" << R.Out;
  }
}
