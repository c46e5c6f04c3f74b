//===--- PythonFakesTest.cpp - The Python scan of missing-fake-kernel -----===//
//
// Which operator (name and overload) each Python registration gives a fake,
// and which overloads Python code names.
//
//===----------------------------------------------------------------------===//

#include "checks/model/PythonFakes.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

namespace {

using torchlint::model::PythonOps;
using torchlint::model::pythonOps;
using torchlint::model::scanPythonSource;
using torchlint::test::makeTempDir;
using torchlint::test::shellQuote;
using torchlint::test::writeFile;

PythonOps scan(const std::string &Source) {
  PythonOps Out;
  scanPythonSource(Source, Out, "m.py");
  return Out;
}

std::set<std::string> called(const PythonOps &P) {
  std::set<std::string> Out;
  for (const auto &[Op, File] : P.Called)
    Out.insert(Op);
  return Out;
}

TEST(PythonFakes, EachRegistrationNamesOneOverload) {
  PythonOps P = scan("@torch.library.register_fake(\"ns::op\")\n"
                     "def _(x): ...\n"
                     "torch.library.register_fake('ns::op2.out', f)\n"
                     "impl_abstract(\"ns::op3.default\")(f)\n");
  EXPECT_EQ(P.Fakes, (std::set<std::string>{"ns::op", "ns::op2.out", "ns::op3"}));
}

TEST(PythonFakes, OpOverloadObjects) {
  PythonOps P = scan("@torch.library.register_fake(torch.ops.ns.op.out)\n"
                     "def _(x, *, out): return out\n"
                     "torch.library.register_fake(torch.ops.ns.op2.default, f)\n");
  EXPECT_EQ(P.Fakes, (std::set<std::string>{"ns::op.out", "ns::op2"}));
}

TEST(PythonFakes, MetaImplsKeepTheOverload) {
  PythonOps P = scan("lib.impl(\"op.out\", f, \"Meta\")\n"
                     "torch.library.impl(\"ns::op2\", \"CompositeExplicitAutograd\")(g)\n"
                     "lib.impl(\"op3\",\n    h, \"Meta\")\n");
  EXPECT_EQ(P.Fakes, (std::set<std::string>{"*::op.out", "ns::op2", "*::op3"}));
}

TEST(PythonFakes, NamedOverloadsAreCalled) {
  PythonOps P = scan("torch.ops.ns.op.out(x, out=y)\n"
                     "f = torch.ops.ns.op2.Scalar\n"
                     "torch.ops.ns.op3.default(x)\n" // the default overload
                     "torch.ops.ns.op4(x)\n"         // the packet: no overload named
                     "myops.a.b.c\n");               // not torch.ops
  EXPECT_EQ(called(P), (std::set<std::string>{"ns::op.out", "ns::op2.Scalar"}));
  EXPECT_EQ(P.Called.at("ns::op.out"), "m.py");
  EXPECT_TRUE(P.Fakes.empty());
}

TEST(PythonFakes, TheTreeScanReadsOnlyTheProjectsRegularFiles) {
  // A pull request's tree: a FIFO named like a module would hang the read,
  // links lead outside the project. Only the regular file counts.
  std::string Top = makeTempDir("python-fakes-tree");
  std::string Dir = Top + "/proj";
  const char *Fake = "@torch.library.register_fake(\"ns::%s\")\ndef _(x): ...\n";
  auto fake = [&](const char *Op) {
    char Buf[128];
    std::snprintf(Buf, sizeof Buf, Fake, Op);
    return std::string(Buf);
  };
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Top + "/outside") + " " +
                         shellQuote(Dir + "/pkg"))
                            .c_str()),
            0);
  writeFile(Top + "/outside/ops.py", fake("outside"));
  writeFile(Dir + "/pkg/ops.py", fake("own"));
  std::string Cmd = "mkfifo " + shellQuote(Dir + "/pkg/pipe.py") + " && ln -s " +
                    shellQuote(Top + "/outside/ops.py") + " " + shellQuote(Dir + "/pkg/link.py") +
                    " && ln -s " + shellQuote(Top + "/outside") + " " +
                    shellQuote(Dir + "/pkg/linked_dir");
  ASSERT_EQ(std::system(Cmd.c_str()), 0);
  EXPECT_EQ(pythonOps({Dir}).Fakes, (std::set<std::string>{"ns::own"}));
}

} // namespace
