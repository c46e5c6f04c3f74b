//===--- PythonFakesTest.cpp - The Python scan of missing-fake-kernel -----===//
//
// Which operator (name and overload) each Python registration gives a fake,
// and which overloads Python code names.
//
//===----------------------------------------------------------------------===//

#include "checks/model/PythonFakes.h"
#include "checks/model/PythonTree.h"
#include "TestSupport.h"

#include "gtest/gtest.h"
#include <nlohmann/json.hpp>

namespace {

using torchlint::model::PythonOps;
using torchlint::model::scanPythonTrees;
using torchlint::model::scanPythonSource;
using torchlint::test::makeTempDir;
using torchlint::test::RunResult;
using torchlint::test::runTorchLint;
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

// --- Names built in code ----------------------------------------------------

/// The keys of UnresolvedNamespaces.
std::set<std::string> unresolved(const PythonOps &P) {
  std::set<std::string> Out;
  for (const auto &[Ns, At] : P.UnresolvedNamespaces)
    Out.insert(Ns);
  return Out;
}

TEST(PythonFakes, NamesFromModuleStringConstants) {
  PythonOps P = scan("NS = \"myext\"\n"
                     "_LIB: str = 'lib2'\n"
                     "OP = \"myext::op\"\n"
                     "QUAL = f\"{NS}::qual\"\n"
                     "@torch.library.register_fake(f\"{NS}::rms_norm\")\n"
                     "def _(x): ...\n"
                     "torch.library.register_fake(NS + \"::add\", f)\n"
                     "torch.library.register_fake(\"%s::mul\" % NS)(f)\n"
                     "torch.library.register_fake(\"%s::%s.out\" % (NS, \"sub\"))(f)\n"
                     "impl_abstract(\"{}::div\".format(NS))(f)\n"
                     "register_fake(\"{ns}::kw\".format(ns=_LIB))(f)\n"
                     "register_fake(OP)(f)\n"
                     "register_fake(QUAL)(f)\n"
                     "register_fake(f'{_LIB}::{\"quoted\"}.Scalar')(f)\n"
                     "register_fake(\"::\".join([NS, \"joined\"]))(f)\n");
  EXPECT_EQ(P.Fakes, (std::set<std::string>{"myext::rms_norm", "myext::add", "myext::mul",
                                            "myext::sub.out", "myext::div", "lib2::kw",
                                            "myext::op", "myext::qual", "lib2::quoted.Scalar",
                                            "myext::joined"}));
  EXPECT_TRUE(P.UnresolvedNamespaces.empty());
}

TEST(PythonFakes, AModuleConstantKeepsItsValueWhenAFunctionAssignsTheName) {
  // The function's NS is a local: the module-level registration sees "myext".
  PythonOps P = scan("NS = \"myext\"\n"
                     "def helper():\n"
                     "    NS = \"other\"\n"
                     "    return NS\n"
                     "torch.library.register_fake(f\"{NS}::op\")(f)\n");
  EXPECT_EQ(P.Fakes, (std::set<std::string>{"myext::op"}));
  EXPECT_TRUE(P.UnresolvedNamespaces.empty());
}

TEST(PythonFakes, AConstantAssignedTwoValuesIsNotResolved) {
  // Either value may be the one the registration sees: its namespace is
  // unresolved, and the file names both.
  PythonOps P = scan("NS = \"one\"\n"
                     "NS = \"two\"\n"
                     "torch.library.register_fake(f\"{NS}::op\")(f)\n");
  EXPECT_TRUE(P.Fakes.empty());
  EXPECT_EQ(unresolved(P), (std::set<std::string>{"*", "one", "two"}));
  EXPECT_EQ(P.UnresolvedNamespaces.at("*"), "m.py:3");
}

TEST(PythonFakes, LoopsOverLiteralLists) {
  PythonOps P = scan("NS = \"myext\"\n"
                     "OPS = [\n"
                     "    \"gelu\",\n"
                     "    \"silu\",\n"
                     "]\n"
                     "for name in [\"add\", \"mul\"]:\n"
                     "    torch.library.register_fake(f\"myext::{name}\")(fake_fn)\n"
                     "for name, fn in [(\"sub\", f), (\"div\", lambda x: x)]:\n"
                     "    torch.library.register_fake(f\"{NS}::{name}\", fn)\n"
                     "for op in OPS:\n"
                     "    qualname = NS + \"::\" + op\n"
                     "    @torch.library.register_fake(qualname)\n"
                     "    def _(x): ...\n"
                     "for op in (\"a\", \"b\"): register_fake(f\"myext::{op}.out\")(f)\n"
                     "for ns in [\"x\", \"y\"]:\n"
                     "    for op in [\"p\", \"q\"]:\n"
                     "        register_fake(f\"{ns}::{op}\")(f)\n"
                     "for op in [torch.ops.myext.o1.default, torch.ops.myext.o2.out]:\n"
                     "    register_fake(op)(f)\n");
  EXPECT_EQ(P.Fakes,
            (std::set<std::string>{"myext::add", "myext::mul", "myext::sub", "myext::div",
                                   "myext::gelu", "myext::silu", "myext::a.out", "myext::b.out",
                                   "x::p", "x::q", "y::p", "y::q", "myext::o1",
                                   "myext::o2.out"}));
  EXPECT_TRUE(P.UnresolvedNamespaces.empty());
}

TEST(PythonFakes, MetaImplsInLoopsAndWithConstants) {
  PythonOps P = scan("lib = torch.library.Library(\"myext\", \"FRAGMENT\")\n"
                     "NAME = \"clamp\"\n"
                     "for name, fn in [(\"add\", f), (\"mul\", g)]:\n"
                     "    lib.impl(name, fn, \"Meta\")\n"
                     "lib.impl(NAME, f, dispatch_key=\"Meta\")\n"
                     "torch.library.impl(f\"myext::{NAME}_\", [\"CPU\", \"Meta\"])(f)\n"
                     "torch.library.impl(lib, \"legacy\", \"CompositeExplicitAutograd\")(f)\n"
                     "for name in [\"cpu_only\"]:\n"
                     "    lib.impl(name, f, \"CPU\")\n"            // not a fake
                     "lib._register_fake(\"vllm_style\", f)\n"); // the Library's namespace
  EXPECT_EQ(P.Fakes, (std::set<std::string>{"*::add", "*::mul", "*::clamp", "myext::clamp_",
                                            "*::legacy", "*::vllm_style"}));
  EXPECT_TRUE(P.UnresolvedNamespaces.empty());
}

TEST(PythonFakes, HelpersCalledInTheFileAreResolvedAtTheirCalls) {
  // A helper registering the name it is given, and a compatibility shim
  // named like torch's function: each call in the file names the op.
  PythonOps P = scan("NS = \"myext\"\n"
                     "def _register(name, fn):\n"
                     "    torch.library.register_fake(f\"{NS}::{name}\")(fn)\n"
                     "_register(\"add\", add_fake)\n"
                     "for op in [\"mul\", \"sub\"]:\n"
                     "    _register(op, fn=None)\n"
                     "def register_fake(name):\n"
                     "    if hasattr(torch.library, \"register_fake\"):\n"
                     "        return torch.library.register_fake(name)\n"
                     "    return torch.library.impl_abstract(name)\n"
                     "@register_fake(\"myext::shimmed\")\n"
                     "def _(x): ...\n");
  EXPECT_EQ(P.Fakes, (std::set<std::string>{"myext::add", "myext::mul", "myext::sub",
                                            "myext::shimmed"}));
  EXPECT_TRUE(P.UnresolvedNamespaces.empty());
}

TEST(PythonFakes, ALoopOverAVariableLeavesTheNamespaceUnresolved) {
  PythonOps P = scan("import torch\n"
                     "def register_all(names):\n"
                     "    for name in names:\n"
                     "        torch.library.register_fake(f\"myext::{name}\")(_fake)\n"
                     "OPS = [\"a\"]\n"
                     "OPS.append(\"b\")\n" // a list changed after its assignment
                     "for op in OPS:\n"
                     "    register_fake(\"other::\" + op)(_fake)\n");
  EXPECT_TRUE(P.Fakes.empty());
  EXPECT_EQ(unresolved(P), (std::set<std::string>{"myext", "other"}));
  EXPECT_EQ(P.UnresolvedNamespaces.at("myext"), "m.py:4");
  EXPECT_EQ(P.UnresolvedNamespaces.at("other"), "m.py:8");
}

TEST(PythonFakes, AnUnknownNameCoversTheNamespacesTheFileNames) {
  // vLLM's direct_register_custom_op: the name comes from callers in other
  // files. "*" is recorded, and each namespace the file names (a string
  // literal, torch.ops.<ns>) gets the same place.
  PythonOps P = scan("from torch.library import Library\n"
                     "vllm_lib = Library(\"vllm\", \"FRAGMENT\")\n"
                     "def direct_register_custom_op(op_name, op_func, fake_impl=None,\n"
                     "                              target_lib=None, dispatch_key=\"CUDA\"):\n"
                     "    my_lib = target_lib or vllm_lib\n"
                     "    my_lib.impl(op_name, op_func, dispatch_key=dispatch_key)\n"
                     "    if fake_impl is not None:\n"
                     "        my_lib._register_fake(op_name, fake_impl)\n"
                     "x = torch.ops.other_ns.op(y)\n");
  EXPECT_TRUE(P.Fakes.empty());
  EXPECT_EQ(P.UnresolvedNamespaces.at("*"), "m.py:8");
  EXPECT_EQ(P.UnresolvedNamespaces.at("vllm"), "m.py:8");
  EXPECT_EQ(P.UnresolvedNamespaces.at("other_ns"), "m.py:8");
  EXPECT_EQ(P.UnresolvedNamespaces.count("myext"), 0u);
}

TEST(PythonFakes, OpObjectsAndPythonDefinedOpsAreNotUnresolvedNames) {
  // CustomOpDef.register_fake(fn) takes the fake, not a name; an op
  // defined in Python is no C++ op of the check.
  PythonOps P = scan("@torch.library.custom_op(\"myext::pyop\", mutates_args=())\n"
                     "def pyop(x): ...\n"
                     "@pyop.register_fake\n"
                     "def _(x): ...\n"
                     "pyop.register_fake(_fake)\n"
                     "torch.library.register_fake(pyop)(_fake)\n"
                     "lib.impl(name, f, dispatch_key=key)\n"); // no Meta key
  EXPECT_TRUE(P.Fakes.empty());
  EXPECT_TRUE(P.UnresolvedNamespaces.empty());
  // An OpOverloadPacket names the namespace only.
  P = scan("torch.library.register_fake(torch.ops.myext.packet)(f)\n");
  EXPECT_EQ(unresolved(P), (std::set<std::string>{"myext"}));
}

TEST(PythonFakes, CommentsStringsAndDocstrings) {
  // Every name is read from the code's tokens: a registration in a comment
  // or a docstring is not one (commented out, it registers nothing), and a
  // comment or a string never makes a namespace unresolved.
  PythonOps P = scan("# torch.library.register_fake(\"x::commented\")\n"
                     "\"\"\"Docs: register_fake(\"x::doc\") and register_fake(name).\n"
                     "register_fake(f\"{NS}::op\")\"\"\"\n"
                     "def f():\n"
                     "    '''register_fake(f\"y::{n}\")'''\n"
                     "# for n in names: register_fake(f\"z::{n}\")\n"
                     "s = \"register_fake(name)\"\n");
  EXPECT_TRUE(P.Fakes.empty());
  EXPECT_TRUE(P.UnresolvedNamespaces.empty());
  EXPECT_TRUE(P.Called.empty());
  P = scan("# torch.ops.x.y.out(a)\ns = 'torch.ops.x.z.out'\ntorch.ops.x.w.out(a)\n");
  EXPECT_EQ(P.Called.size(), 1u);
  EXPECT_EQ(P.Called.count("x::w.out"), 1u);
}

TEST(PythonFakes, ExistingFormsAreNotUnresolved) {
  PythonOps P = scan("@torch.library.register_fake(\"ns::op\")\n"
                     "def _(x): ...\n"
                     "torch.library.register_fake(torch.ops.ns.op2.default, f)\n"
                     "lib.impl(\"op3\",\n    h, \"Meta\")\n"
                     "def register_meta(op): ...\n");
  EXPECT_EQ(P.Fakes, (std::set<std::string>{"ns::op", "ns::op2", "*::op3"}));
  EXPECT_TRUE(P.UnresolvedNamespaces.empty());
}

TEST(PythonFakes, MalformedSourcesAreScannedSafely) {
  // Half-written files: nothing is resolved from them, and nothing breaks.
  for (const char *Src :
       {"register_fake(", "register_fake(f\"{", "for x in", "for x in [\"a\":\n  register_fake(x",
        "def (", "def f(a, *, b=:\n  register_fake(a)", "x = ((((((((((((((((((((\"a\"",
        "register_fake(f'{NS!}::{')", "register_fake(\"%\" % ())", "\"\"\"unterminated",
        "register_fake(\"{0}{1}\".format())", "for ((((((((((((((((((((x in [1]:\n f(x)",
        "register_fake(x[-])", "\\\nimpl(a, \"Meta\""}) {
    SCOPED_TRACE(Src);
    PythonOps P = scan(Src);
    EXPECT_TRUE(P.Fakes.empty());
  }
  std::string Deep = "register_fake(" + std::string(5000, '[') + "\"ns::op\"" +
                     std::string(5000, ']') + ")\n";
  // Too deep to evaluate: unknown, and the file names "ns".
  EXPECT_EQ(unresolved(scan(Deep)), (std::set<std::string>{"*", "ns"}));
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
  EXPECT_EQ(scanPythonTrees({Dir}).Fakes, (std::set<std::string>{"ns::own"}));
}

// End to end: the check is silent on an op whose fake a loop registers and
// on the ops of a namespace with an unresolved registration, and still
// reports its look-alikes.
TEST(PythonFakes, TheCheckFollowsBuiltNames) {
  std::string Dir = makeTempDir("python-fakes-built");
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/src") + " " + shellQuote(Dir + "/py"))
                            .c_str()),
            0);
  writeFile(Dir + "/src/ops.cpp",
            "#include <torch/torch.h>\n"
            "#include <torch/library.h>\n"
            "at::Tensor k(const at::Tensor &x) { return x; }\n"
            "TORCH_LIBRARY(lp, m) {\n"
            "  m.def(\"looped(Tensor x) -> Tensor\");\n"
            "  m.def(\"not_looped(Tensor x) -> Tensor\");\n" // line 6: reported
            "}\n"
            "TORCH_LIBRARY(lu, m) { m.def(\"helper_op(Tensor x) -> Tensor\"); }\n"
            "TORCH_LIBRARY_IMPL(lp, CPU, m) {\n"
            "  m.impl(\"looped\", &k);\n"
            "  m.impl(\"not_looped\", &k);\n"
            "}\n"
            "TORCH_LIBRARY_IMPL(lu, CPU, m) { m.impl(\"helper_op\", &k); }\n");
  writeFile(Dir + "/py/ops.py", "import torch\n"
                                "_LIB = \"lp\"\n"
                                "for name in [\"looped\", \"looped_out\"]:\n"
                                "    torch.library.register_fake(f\"{_LIB}::{name}\")(_fake)\n"
                                "def register(name):  # called from other files\n"
                                "    torch.library.register_fake(f\"lu::{name}\")(_fake)\n");
  writeFile(Dir + "/.clang-tidy", "Checks: '-*,torch-compile-missing-fake-kernel'\n"
                                  "CheckOptions:\n"
                                  "  torch-compile-missing-fake-kernel.PythonRoots: '" +
                                      Dir + "/py'\n");
  RunResult R = runTorchLint("--no-project --format=json --torch-include=" +
                                 shellQuote(torchlint::test::mockIncludes()) + " " +
                                 shellQuote(Dir + "/src/ops.cpp"),
                             Dir + "/src");
  ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  nlohmann::json J = nlohmann::json::parse(R.Out);
  std::vector<std::string> Got;
  for (const auto &F : J["findings"])
    Got.push_back(std::to_string(F["line"].get<int>()) + ": " + F["message"].get<std::string>());
  ASSERT_EQ(Got.size(), 1u) << R.Out;
  EXPECT_EQ(Got[0].rfind("6: 'lp::not_looped' has CPU kernels but no Meta", 0), 0u) << Got[0];
}

} // namespace

namespace {
std::set<std::string> wrapped(const PythonOps &P) {
  std::set<std::string> S;
  for (const auto &[Name, At] : P.WrappedCalls)
    S.insert(Name);
  return S;
}
} // namespace

// causal-conv1d's form: a pybind11 function called from the body of a
// Python custom op is behind an operator torch.compile sees.
TEST(PythonFakes, BindingsCalledFromPythonKernelsAreWrapped) {
  PythonOps P = scan("import torch\nimport ext_cuda\n"
                     "LIB = \"ns\"\n"
                     "@torch.library.custom_op(f\"{LIB}::fwd\", mutates_args={\"out\"})\n"
                     "def fwd(x: torch.Tensor,\n"
                     "        out: torch.Tensor) -> None:\n"
                     "    ext_cuda.fwd(x, out)\n"
                     "\n"
                     "@fwd.register_kernel(\"cpu\")\n"
                     "def _(x, out):\n"
                     "    if x.numel():\n"
                     "        ext_cuda.fwd_cpu(x, out)\n"
                     "@torch.library.impl(\"ns::bwd\", \"CUDA\")\n"
                     "def bwd(g): return ext_cuda.bwd(g)\n"
                     "def plain(x):\n"
                     "    return ext_cuda.direct(x)\n"
                     "ext_cuda.top_level(1)\n");
  EXPECT_EQ(wrapped(P), (std::set<std::string>{"fwd", "fwd_cpu", "bwd"}));
  EXPECT_EQ(P.WrappedCalls.at("fwd"), "m.py:7");
}

// tiny-cuda-nn: `initial_params` is called when a module is built, never in
// a forward that torch.compile traces; `fwd` is called both there and in
// forward, `helper` nowhere but at the top level.
TEST(PythonFakes, CallsOnlyInConstructorsAreTold) {
  PythonOps P = scan("import torch\nfrom . import _C\n"
                     "class Net(torch.nn.Module):\n"
                     "    def __init__(self, seed):\n"
                     "        super().__init__()\n"
                     "        self.native = _C.create(seed)\n"
                     "        p = self.native.initial_params(\n"
                     "            seed)\n"
                     "        self.w = self.native.fwd(p)\n"
                     "    def forward(self, x):\n"
                     "        return self.native.fwd(x)\n"
                     "helper(1)\n");
  EXPECT_TRUE(P.calledOnlyInConstructors("initial_params"));
  EXPECT_EQ(P.ConstructorCalls.at("initial_params"), "m.py:7");
  EXPECT_TRUE(P.calledOnlyInConstructors("create"));
  EXPECT_FALSE(P.calledOnlyInConstructors("fwd"));
  EXPECT_FALSE(P.calledOnlyInConstructors("helper"));
  EXPECT_FALSE(P.calledOnlyInConstructors("never_called"));
}

// The tree scan reads files with no registration in them for their calls
// (tiny-cuda-nn's modules.py registers nothing).
TEST(PythonFakes, CallsAreReadFromEveryFileOfTheTree) {
  std::string Dir = makeTempDir("python-calls-tree");
  writeFile(Dir + "/modules.py", "class Net:\n"
                                 "\tdef __init__(self):\n"
                                 "\t\tself.p = self.native.initial_params(1)\n"
                                 "\t\tself.q = self.native.fwd(self.p)\n");
  writeFile(Dir + "/use.py", "def run(net, x):\n    return net.native.fwd(x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_TRUE(P.calledOnlyInConstructors("initial_params"));
  EXPECT_FALSE(P.calledOnlyInConstructors("fwd"));
}

// Decorators that do not make a kernel, and torch's own calls, do not count.
TEST(PythonFakes, OtherDecoratorsAndTorchCallsAreNotWrapped) {
  PythonOps P = scan("import functools, torch, ext\n"
                     "@functools.lru_cache\n"
                     "def cached(x):\n"
                     "    return ext.cached(x)\n"
                     "@torch.library.custom_op(\"ns::op\", mutates_args=())\n"
                     "def op(x: torch.Tensor) -> torch.Tensor:\n"
                     "    return torch.empty_like(x)\n"
                     "ext.after(1)\n");
  EXPECT_EQ(wrapped(P), std::set<std::string>{});
}

namespace {

// What TORCH_EXTENSION_NAME expands to, read from the setup.py that lists the
// file (torch defines it as the last part of the extension's name).
TEST(PythonFakes, TheExtensionNameComesFromTheSetupFileThatListsTheSource) {
  std::string Top = makeTempDir("python-fakes-extension");
  ASSERT_EQ(std::system(("cd " + shellQuote(Top) +
                         " && git init -q . && mkdir -p csrc/cpu projects/ops/bev_pool/src")
                            .c_str()),
            0);
  writeFile(Top + "/setup.py",
            "from torch.utils.cpp_extension import CUDAExtension, CppExtension\n"
            "setup(name='pkg', ext_modules=[\n"
            "    CUDAExtension(name='pkg._C', sources=['csrc/ext.cpp', 'csrc/k.cu']),\n"
            "    CppExtension('pkg.cpu_ops', ['csrc/cpu/ops.cpp']),\n"
            "    CppExtension(f'pkg.{x}', ['csrc/built.cpp']),\n"
            "    CppExtension('pkg.x */ evil', ['csrc/odd.cpp']),\n"
            "])\n");
  // mmdetection3d's helper: sources relative to the module's directory.
  writeFile(Top + "/projects/setup.py",
            "setup(ext_modules=[make_cuda_ext(name='bev_pool_ext', module='ops.bev_pool',\n"
            "                                 sources=['src/bev_pool.cpp'])])\n");
  for (const char *F : {"csrc/ext.cpp", "csrc/k.cu", "csrc/cpu/ops.cpp", "csrc/built.cpp", "csrc/odd.cpp",
                        "csrc/other.cpp", "projects/ops/bev_pool/src/bev_pool.cpp"})
    writeFile(Top + "/" + F, "\n");
  auto extensionModuleOf = [&](const std::string &Main) {
    return torchlint::model::extensionModuleOf(Main, Top);
  };
  EXPECT_EQ(extensionModuleOf(Top + "/csrc/ext.cpp"), "_C");
  EXPECT_EQ(extensionModuleOf(Top + "/csrc/k.cu"), "_C");
  EXPECT_EQ(extensionModuleOf(Top + "/csrc/cpu/ops.cpp"), "cpu_ops");
  EXPECT_EQ(extensionModuleOf(Top + "/projects/ops/bev_pool/src/bev_pool.cpp"), "bev_pool_ext");
  // A name built at run time, or a file no extension lists: unknown.
  EXPECT_EQ(extensionModuleOf(Top + "/csrc/built.cpp"), "");
  // A name that is no identifier never reaches a fix-it or a note.
  EXPECT_EQ(extensionModuleOf(Top + "/csrc/odd.cpp"), "");
  EXPECT_EQ(extensionModuleOf(Top + "/csrc/other.cpp"), "");
  // A setup.py that is a symlink (it may lead out of the project) is not read.
  std::string Outside = makeTempDir("python-fakes-extension-outside");
  writeFile(Outside + "/setup.py", "CppExtension('evil.leaked', ['lib/x.cpp'])\n");
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Top + "/lib") + " && ln -s " +
                         shellQuote(Outside + "/setup.py") + " " +
                         shellQuote(Top + "/lib/setup.py"))
                            .c_str()),
            0);
  writeFile(Top + "/lib/x.cpp", "\n");
  EXPECT_EQ(extensionModuleOf(Top + "/lib/x.cpp"), "");
}

} // namespace
