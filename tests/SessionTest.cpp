//===--- SessionTest.cpp - Lint runs that share a process ------------------===//
//
// The torch model lives in objects the engine makes (checks/model/Session.h),
// not in process-wide state: two lints of two projects at once, on threads of
// one process, each give what they give alone.
//
//===----------------------------------------------------------------------===//

#include "engine/Engine.h"
#include "TestSupport.h"
#include "model/ProjectModel.h"
#include "model/Session.h"

#include "gtest/gtest.h"
#include <thread>

using namespace torchlint;
using namespace torchlint::test;

namespace {

void sh(const std::string &Cmd) { ASSERT_EQ(std::system(Cmd.c_str()), 0) << Cmd; }

/// A copy of tests/projects/split_op, as a git checkout, at \p Dir; \p Edit
/// runs there after the copy.
void copySplitOp(const std::string &Dir, const std::string &Edit = "true") {
  sh("cp -r " + shellQuote(sourceDir() + "/tests/projects/split_op") + " " + shellQuote(Dir) +
     " && cd " + shellQuote(Dir) + " && git init -q . && " + Edit);
}

const char *const HostSources[] = {"csrc/ops.cpp",          "csrc/register.cpp",
                                   "csrc/bindings.cpp",     "csrc/autograd_fn.cpp",
                                   "csrc/cpu/scale_cpu.cpp", "csrc/cpu/rows_cpu.cpp",
                                   "csrc/meta/scale_meta.cpp"};

/// One project's lint, as the driver's workers make it: the run's session
/// (its root, the merged facts of the project), the engine's threads.
struct ProjectLint {
  std::string Root;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  std::shared_ptr<const model::ProjectIndex> Index;

  explicit ProjectLint(std::string R) : Root(std::move(R)) {
    SynthesisedFlags Flags;
    Flags.TorchIncludes = {mockIncludes()};
    Database = makeCompilationDatabase(nullptr, Flags);
  }

  std::vector<std::string> files(const std::vector<std::string> &Names) const {
    std::vector<std::string> Out;
    for (const std::string &N : Names)
      Out.push_back(Root + "/" + N);
    return Out;
  }

  LintResult lint(const std::vector<std::string> &Names, unsigned Jobs) const {
    model::Session::Settings S;
    std::string Top = Root;
    S.RootOf = [Top](const std::string &F) {
      return llvm::StringRef(F).starts_with(Top + "/") ? Top : std::string();
    };
    S.Index = Index;
    EngineOptions EO;
    EO.Session = std::make_shared<model::Session>(S);
    EO.ProjectRoots = {Root};
    EO.Jobs = Jobs;
    return torchlint::lint(files(Names), *Database, EO);
  }

  /// Gathers the facts of the project's host sources (the first pass).
  void gatherFacts() {
    auto I = std::make_shared<model::ProjectIndex>();
    LintResult R = lint({std::begin(HostSources), std::end(HostSources)}, 2);
    I->Units = R.Facts;
    Index = I;
  }
};

/// Every finding, its notes included, relative to \p Root.
std::vector<std::string> shown(const LintResult &R, const std::string &Root) {
  auto Rel = [&](llvm::StringRef F) {
    F.consume_front(Root + "/");
    return F.str();
  };
  std::vector<std::string> Out;
  for (const Finding &F : R.Findings) {
    std::string S = Rel(F.Loc.File) + ":" + std::to_string(F.Loc.Line) + " " + F.Check + ": " +
                    F.Message;
    for (const Note &N : F.Notes)
      S += "\n  note: " + Rel(N.Loc.File) + ":" + std::to_string(N.Loc.Line) + " " + N.Message;
    Out.push_back(S);
  }
  for (const FileError &E : R.Errors)
    Out.push_back("error " + Rel(E.File) + ": " + E.Message);
  return Out;
}

bool mentions(const std::vector<std::string> &Findings, const std::string &What) {
  for (const std::string &F : Findings)
    if (F.find(What) != std::string::npos)
      return true;
  return false;
}

} // namespace

// Project A registers split_op::scale's Meta kernel in register.cpp, so the
// `.item()` in meta/scale_meta.cpp is read on fake tensors; project B, the
// same sources less that registration, has no such finding. Linted at once,
// two threads each linting its project (itself on two engine threads) three
// times over, each gives exactly what it gives alone: no index, root, Python
// scan or TU model crosses from one run to the other.
TEST(Session, TwoProjectsAtOnceInOneProcess) {
  std::string Top = makeTempDir("session-two-projects");
  copySplitOp(Top + "/a");
  copySplitOp(Top + "/b", "sed -i '/split_op, Meta, m/d' csrc/register.cpp");
  ProjectLint A(Top + "/a"), B(Top + "/b");
  A.gatherFacts();
  B.gatherFacts();
  const std::vector<std::string> Named = {"csrc/meta/scale_meta.cpp", "csrc/cpu/scale_cpu.cpp",
                                          "csrc/bindings.cpp"};

  // Alone, one after the other: the findings differ where the facts do.
  std::vector<std::string> AloneA = shown(A.lint(Named, 1), A.Root);
  std::vector<std::string> AloneB = shown(B.lint(Named, 1), B.Root);
  EXPECT_TRUE(mentions(AloneA, "csrc/meta/scale_meta.cpp:9 torch-compile-data-dependent"))
      << ::testing::PrintToString(AloneA);
  EXPECT_TRUE(mentions(AloneA, "registered as the Meta kernel of 'split_op::scale' in "
                               "csrc/register.cpp:13"))
      << ::testing::PrintToString(AloneA);
  EXPECT_FALSE(mentions(AloneB, "torch-compile-data-dependent"))
      << ::testing::PrintToString(AloneB);
  // Paths are shown relative to each run's own root.
  EXPECT_FALSE(mentions(AloneA, Top)) << ::testing::PrintToString(AloneA);
  EXPECT_FALSE(mentions(AloneB, Top)) << ::testing::PrintToString(AloneB);

  // At once.
  std::vector<std::vector<std::string>> AtOnceA, AtOnceB;
  std::thread TA([&] {
    for (int I = 0; I < 3; ++I)
      AtOnceA.push_back(shown(A.lint(Named, 2), A.Root));
  });
  std::thread TB([&] {
    for (int I = 0; I < 3; ++I)
      AtOnceB.push_back(shown(B.lint(Named, 2), B.Root));
  });
  TA.join();
  TB.join();
  for (const auto &R : AtOnceA)
    EXPECT_EQ(R, AloneA);
  for (const auto &R : AtOnceB)
    EXPECT_EQ(R, AloneB);
}

// A TU's model is made from its own AST and ends with it: files linted one
// after another on one thread (their ASTContexts may share an address) each
// give what they give alone.
TEST(Session, EachTranslationUnitGetsItsOwnModel) {
  std::string Top = makeTempDir("session-own-model");
  copySplitOp(Top + "/a");
  ProjectLint A(Top + "/a");
  A.gatherFacts();
  std::vector<std::string> Alone;
  for (const char *F : HostSources)
    for (std::string &S : shown(A.lint({F}, 1), A.Root))
      Alone.push_back(std::move(S));
  ASSERT_TRUE(mentions(Alone, "csrc/meta/scale_meta.cpp:9 torch-compile-data-dependent"))
      << ::testing::PrintToString(Alone);
  EXPECT_EQ(shown(A.lint({std::begin(HostSources), std::end(HostSources)}, 1), A.Root), Alone);
  // Without the facts, the Meta kernel's file alone says nothing of
  // register.cpp.
  A.Index = nullptr;
  EXPECT_FALSE(mentions(shown(A.lint({"csrc/meta/scale_meta.cpp"}, 1), A.Root),
                        "torch-compile-data-dependent"));
}
