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
#include <set>
#include "llvm/Support/FileSystem.h"
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

// flash-attention's form: the decorator is a name the file binds to
// torch.library.custom_op (a no-op stands in for it on older torch); the
// bindings called in its kernels are behind the operators, not graph breaks.
TEST(PythonFakes, AnAliasOfCustomOpMakesKernelsToo) {
  PythonOps P = scan("import torch\nimport flash_attn_2_cuda as flash_attn_gpu\n"
                     "if torch.__version__ >= '2.4.0':\n"
                     "    _torch_custom_op_wrapper = torch.library.custom_op\n"
                     "else:\n"
                     "    _torch_custom_op_wrapper = noop_custom_op_wrapper\n"
                     "_other = torch.library.register_fake\n"
                     "@_torch_custom_op_wrapper(\"flash_attn::_fwd\", mutates_args=())\n"
                     "def _fwd(q: torch.Tensor) -> torch.Tensor:\n"
                     "    return flash_attn_gpu.fwd(q)\n"
                     "@_other(\"flash_attn::_fwd\")\n"
                     "def _fake(q):\n"
                     "    return flash_attn_gpu.not_a_kernel(q)\n");
  EXPECT_EQ(wrapped(P), (std::set<std::string>{"fwd"}));
  EXPECT_FALSE(P.untracedUses("fwd").empty());
  EXPECT_TRUE(P.untracedUses("not_a_kernel").empty());
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
  EXPECT_EQ(P.untracedUses("initial_params"),
            "the project's Python uses it only in constructors (m.py:7)");
  EXPECT_TRUE(P.calledOnlyInConstructors("create"));
  EXPECT_FALSE(P.calledOnlyInConstructors("fwd"));
  EXPECT_FALSE(P.calledOnlyInConstructors("helper"));
  EXPECT_FALSE(P.calledOnlyInConstructors("never_called"));
}

// torch-harmonics: `preprocess_psi` is called in `__init__` and in
// `_build_local_psi`, a helper only `__init__` calls: every call is at
// construction. The look-alikes: a helper forward calls too, and one the
// constructor only keeps for forward to call (`self.fn = self._impl`).
TEST(PythonFakes, CallsInHelpersOnlyConstructorsCallAreConstructorCalls) {
  PythonOps P = scan("import torch\nfrom disco_helpers import preprocess_psi\n"
                     "class Conv(torch.nn.Module):\n"
                     "    def __init__(self, psi):\n"
                     "        super().__init__()\n"
                     "        self.roff = preprocess_psi(psi)\n"
                     "        self._build_local_psi(psi)\n"
                     "        self._setup(psi)\n"
                     "        self.fn = self._impl\n"
                     "    def _build_local_psi(self, psi):\n"
                     "        self.local = self._pack(preprocess_psi(psi))\n"
                     "    def _pack(self, r):\n"
                     "        return pack_psi_dense(r)\n"
                     "    def _setup(self, psi):\n"
                     "        return shared_prep(psi)\n"
                     "    def _impl(self, x):\n"
                     "        return kept_for_forward(x)\n"
                     "    def forward(self, x):\n"
                     "        y = self._setup(x)\n"
                     "        return self.fn(y)\n");
  P.finishScan();
  EXPECT_TRUE(P.calledOnlyInConstructors("preprocess_psi"));
  EXPECT_TRUE(P.calledOnlyInConstructors("pack_psi_dense")); // two helpers deep
  EXPECT_NE(P.untracedUses("pack_psi_dense").find("only in constructors"), std::string::npos);
  EXPECT_FALSE(P.calledOnlyInConstructors("shared_prep"));
  EXPECT_EQ(P.untracedUses("shared_prep"), "");
  EXPECT_FALSE(P.calledOnlyInConstructors("kept_for_forward"));
  EXPECT_EQ(P.untracedUses("kept_for_forward"), "");
}

// What torch.compile traces, by name: forwards and backwards, functions
// decorated @torch.compile or given to torch.compile, and what they call.
// Not: a plain function nothing traced calls, a constructor.
TEST(PythonFakes, UsesAForwardOrACompiledFunctionReachesAreTold) {
  PythonOps P = scan("import torch\nfrom . import _C\n"
                     "class Fn(torch.autograd.Function):\n"
                     "    @staticmethod\n"
                     "    def forward(ctx, x):\n"
                     "        return _C.fwd(x)\n"
                     "    @staticmethod\n"
                     "    def backward(ctx, g):\n"
                     "        return _pack(g)\n"
                     "def _pack(g):\n"
                     "    return _C.bwd(g)\n"
                     "@torch.compile(fullgraph=True)\n"
                     "def step(x):\n"
                     "    return _C.step(x)\n"
                     "def post(x):\n"
                     "    return _C.post(x)\n"
                     "run = torch.compile(post)\n"
                     "def preprocess(x):\n"
                     "    return _C.quantize(x)\n"
                     "class Net(torch.nn.Module):\n"
                     "    def __init__(self):\n"
                     "        super().__init__()\n"
                     "        self.w = _C.init_w()\n"
                     "class Linear:\n"
                     "    def load(self):\n"
                     "        self.q = _C.make_q(self.w)\n"
                     "class Cache:\n"
                     "    def load(self):\n"
                     "        return self.buf\n"
                     "    def forward(self, x):\n"
                     "        return self.load() + x\n");
  P.finishScan();
  // exllamav2: a forward calls one of several `load` methods; which one is
  // not known, so the binding another `load` calls is not reached.
  EXPECT_EQ(P.reachedUse("make_q"), "");
  // (Fn.apply is never named here: its users apply it.)
  EXPECT_EQ(P.reachedUse("fwd"), "m.py:6, in 'Fn.forward'");
  EXPECT_EQ(P.reachedUse("bwd"), "m.py:11, in '_pack'");
  EXPECT_EQ(P.reachedUse("step"), "m.py:14, in 'step'");
  EXPECT_EQ(P.reachedUse("post"), "m.py:16, in 'post'");
  EXPECT_EQ(P.reachedUse("quantize"), "");
  EXPECT_EQ(P.firstUse("quantize"), "m.py:19");
  EXPECT_EQ(P.reachedUse("init_w"), "");
  EXPECT_EQ(P.reachedUse("never"), "");
}

// Round 15's form (GRNet): four extension modules each bind `forward`, and
// each package file imports its own; a binding's uses are the calls on its
// module, so one module's call is not another's evidence.
TEST(PythonFakes, ABindingNameSeveralModulesShareIsAskedOnItsModule) {
  PythonOps P;
  scanPythonSource("import torch\nimport chamfer\n"
                   "class ChamferFunction(torch.autograd.Function):\n"
                   "    @staticmethod\n"
                   "    def forward(ctx, a, b):\n"
                   "        return chamfer.forward(a, b)\n",
                   P, "extensions/chamfer_dist/__init__.py");
  scanPythonSource("import torch\nimport gridding\n"
                   "def preprocess(x):\n"
                   "    return gridding.forward(x)\n",
                   P, "extensions/gridding/__init__.py");
  P.finishScan();
  EXPECT_EQ(P.keyFor("forward", "chamfer"), "forward@chamfer");
  EXPECT_EQ(P.reachedUse(P.keyFor("forward", "chamfer")),
            "extensions/chamfer_dist/__init__.py:6, in 'ChamferFunction.forward'");
  // gridding's is called only in a plain function: not reached, and its
  // first use is its own module's call.
  EXPECT_EQ(P.reachedUse(P.keyFor("forward", "gridding")), "");
  EXPECT_EQ(P.firstUse(P.keyFor("forward", "gridding")), "extensions/gridding/__init__.py:4");
  // A module Python never calls it on (or an unknown one): any use of the name.
  EXPECT_EQ(P.keyFor("forward", "other"), "forward");
  EXPECT_EQ(P.keyFor("forward", ""), "forward");
}

// omniserve: one binding name on several modules, the model importing them
// under other names; `apply` is called on dense only, so sparse's `apply` is
// called nowhere while sparse is called for `attend`. A name called
// unqualified too (`from pkg.attn_sparse import apply`) may be sparse's.
TEST(PythonFakes, ABindingCalledOnlyOnOtherModulesIsCalledNowhere) {
  const std::string Setup =
      "from setuptools import setup\n"
      "from torch.utils.cpp_extension import CppExtension\n"
      "setup(name='pkg_backend', ext_modules=[\n"
      "    CppExtension(name='pkg_backend.attn_dense', sources=['dense.cpp']),\n"
      "    CppExtension('pkg_backend.attn_sparse', ['sparse.cpp'])])\n";
  PythonOps P;
  scanPythonSource(Setup, P, "setup.py");
  scanPythonSource("import torch\n"
                   "import pkg_backend.attn_dense as attn\n"
                   "import pkg_backend.attn_sparse as attn_sparse\n"
                   "class Attention(torch.nn.Module):\n"
                   "    def forward(self, q, k):\n"
                   "        attn.apply(k)\n"
                   "        return attn.attend(q) + attn_sparse.attend(q)\n",
                   P, "model/layers.py");
  P.finishScan();
  EXPECT_EQ(P.calledOnOtherModulesOnly("apply", "attn_sparse"),
            "the project's Python calls 'apply' only on other extension modules ('attn_dense', "
            "model/layers.py:6), and this file's module 'attn_sparse' for other names");
  EXPECT_EQ(P.calledOnOtherModulesOnly("apply", "attn_dense"), "");
  EXPECT_EQ(P.calledOnOtherModulesOnly("attend", "attn_sparse"), "");
  EXPECT_EQ(P.calledOnOtherModulesOnly("apply", ""), "");
  // A module Python never calls: nothing known of it.
  EXPECT_EQ(P.calledOnOtherModulesOnly("apply", "attn_other"), "");
  PythonOps Q;
  scanPythonSource(Setup, Q, "setup.py");
  scanPythonSource("import torch\n"
                   "import pkg_backend.attn_dense as attn\n"
                   "import pkg_backend.attn_sparse as attn_sparse\n"
                   "from pkg_backend.attn_sparse import apply\n"
                   "class Attention(torch.nn.Module):\n"
                   "    def forward(self, q, k):\n"
                   "        attn.apply(k)\n"
                   "        apply(k)\n"
                   "        return attn.attend(q) + attn_sparse.attend(q)\n",
                   Q, "model/layers.py");
  Q.finishScan();
  EXPECT_EQ(Q.calledOnOtherModulesOnly("apply", "attn_sparse"), "");
  // nunchaku binds its ops in a submodule of its extension (`from ._C
  // import ops`), nerfacc calls through a Python package imported as `_C`:
  // modules no setup.py builds are no other extension's.
  PythonOps R;
  scanPythonSource("from setuptools import setup\n"
                   "from torch.utils.cpp_extension import CUDAExtension\n"
                   "setup(ext_modules=[CUDAExtension('nunchaku._C', ['pybind.cpp'])])\n",
                   R, "setup.py");
  scanPythonSource("import torch\n"
                   "from nunchaku._C import ops\n"
                   "from nunchaku import _C\n"
                   "class Linear(torch.nn.Module):\n"
                   "    def forward(self, x):\n"
                   "        return ops.gemm_w4a4(x) + _C.QuantizedModel(x)\n",
                   R, "nunchaku/linear.py");
  R.finishScan();
  EXPECT_EQ(R.calledOnOtherModulesOnly("gemm_w4a4", "_C"), "");
}

// TransformerEngine's JAX side: `from . import cpp_extensions as tex`, a
// Python package whose __init__.py re-exports its modules (`from .attention
// import *`), then `tex.fused_attn_fwd(...)`: the package's function, not
// the PyTorch extension's binding of that name. Look-alikes: a name the
// package re-exports from no Python module (its extension, `from ._C import
// *`), one its modules do not define, a private one a star import leaves out.
TEST(PythonFakes, ACallOnAPackageThatReExportsItsModulesCallsItsFunction) {
  PythonOps P;
  scanPythonSource("from .attention import *\nfrom .gemm import grouped_gemm\n"
                   "from ._C import *\n",
                   P, "te/jax/cpp_extensions/__init__.py");
  scanPythonSource("def fused_attn_fwd(q):\n    return q\n"
                   "def _private(q):\n    return q\n",
                   P, "te/jax/cpp_extensions/attention.py");
  scanPythonSource("def grouped_gemm(a):\n    return a\n"
                   "def other_gemm(a):\n    return a\n",
                   P, "te/jax/cpp_extensions/gemm.py");
  scanPythonSource("import torch\nfrom . import cpp_extensions as tex\n"
                   "class Attn(torch.nn.Module):\n"
                   "    def forward(self, q):\n"
                   "        tex.fused_attn_fwd(q)\n"
                   "        tex.grouped_gemm(q)\n"
                   "        tex._private(q)\n"
                   "        tex.other_gemm(q)\n"
                   "        return tex.from_c(q)\n",
                   P, "te/jax/attention.py");
  P.finishScan();
  // (Python's functions, each reached from the forward, are no binding uses.)
  for (const char *Name : {"fused_attn_fwd", "grouped_gemm"})
    EXPECT_EQ(P.reachedUse(P.keyFor(Name, "transformer_engine_torch")), "") << Name;
  for (const char *Name : {"_private", "other_gemm", "from_c"})
    EXPECT_EQ(P.reachedUse(P.keyFor(Name, "transformer_engine_torch")),
              std::string("te/jax/attention.py:") +
                  (llvm::StringRef(Name) == "_private" ? "7" : Name[0] == 'o' ? "8" : "9") +
                  ", in 'forward'")
        << Name;
}

// `self.forward = self.forward_wo_act_sum` in a constructor (omniserve's
// activation and norm layers, one such method in each of two files): the
// method is the module's forward, and what it calls is reached. Look-alike:
// `self.helper()` where the file's two classes both define `helper`.
TEST(PythonFakes, AMethodAssignedAsForwardIsReachedThroughSelf) {
  PythonOps P;
  for (const std::string File : {"layers/act.py", "layers/norm.py"})
    scanPythonSource("import torch\nimport ext\n"
                     "class Layer(torch.nn.Module):\n"
                     "    def __init__(self, fused):\n"
                     "        super().__init__()\n"
                     "        self.forward = self.forward_fused\n"
                     "    def forward_fused(self, x):\n"
                     "        return ext." + std::string(File == "layers/act.py" ? "act" : "norm") +
                         "(x)\n",
                     P, File);
  scanPythonSource("import torch\nimport ext\n"
                   "class A(torch.nn.Module):\n"
                   "    def forward(self, x):\n"
                   "        return self.helper(x)\n"
                   "    def helper(self, x):\n"
                   "        return ext.lin_a(x)\n"
                   "class B(A):\n"
                   "    def helper(self, x):\n"
                   "        return ext.lin_b(x)\n",
                   P, "layers/linear.py");
  P.finishScan();
  EXPECT_EQ(P.reachedUse("act"), "layers/act.py:8, in 'forward_fused'");
  EXPECT_EQ(P.reachedUse("norm"), "layers/norm.py:8, in 'forward_fused'");
  EXPECT_EQ(P.reachedUse("lin_a"), "");
  EXPECT_EQ(P.reachedUse("lin_b"), "");
}

// A package setup.py installs is its users' API: what its __init__.py
// imports from its own modules, re-exports whole (`import *`: the public
// functions) or lists in __all__ is called from their compiled code
// (torch-points-kernels' `knn`, `ball_query`). An inner package of a model
// repository (no setup.py beside it), private helpers, an export that reads
// values on the host (its `instance_iou`: `.item()`, numpy) and one that
// frees caches (setup) are not.
TEST(PythonFakes, ThePackagesExportsAreItsUsersAPI) {
  PythonOps P;
  scanPythonSource("from setuptools import setup\nsetup(name='tpk', packages=['tpk'])\n", P,
                   "setup.py");
  scanPythonSource("from .torchpoints import *\nfrom .knn import knn\n"
                   "from .metrics import instance_iou as iou, region_grow, set_max_input_length\n__all__ = ['ball_query', 'knn']\n",
                   P, "tpk/__init__.py");
  scanPythonSource("import tpk_ext\ndef ball_query(x, r):\n    return tpk_ext.ball_query_cpu(x, r)\n"
                   "def _helper(x):\n    return tpk_ext.hidden(x)\n",
                   P, "tpk/torchpoints.py");
  scanPythonSource("import tpk_ext\ndef _knn_impl(x, k):\n    return tpk_ext.knn_cpu(x, k)\n"
                   "def knn(x, k):\n    return _knn_impl(x, k)\n"
                   "def _unused_internal(a, b):\n    return knn(a, b)\n",
                   P, "tpk/knn.py");
  scanPythonSource("import tpk_ext\ndef instance_iou(a, b):\n    return tpk_ext.iou_cpu(a, b)\n"
                   "def region_grow(pos):\n    n = int(pos.max().item())\n"
                   "    return tpk_ext.grow_cpu(pos, n)\n"
                   "def set_max_input_length(model, n):\n    gc.collect()\n"
                   "    torch.cuda.empty_cache()\n    tpk_ext.prepare_buffers(model.buf)\n"
                   "    return model\n",
                   P, "tpk/metrics.py");
  // Pointcept's pointseg: an export the project calls only in a
  // preprocessing script (and reads back with .numpy()) is eager code.
  scanPythonSource("from .functions import segment_mesh\n", P, "tpk/seg/__init__.py");
  scanPythonSource("from setuptools import setup\nsetup(name='seg')\n", P, "tpk/setup.py");
  scanPythonSource("import seg_ext\ndef segment_mesh(v, f):\n    return seg_ext.segment_mesh_fn(v, f)\n",
                   P, "tpk/seg/functions.py");
  scanPythonSource("import seg\ndef preprocess(v, f):\n    sp = seg.segment_mesh(v, f).numpy()\n"
                   "    return sp\n",
                   P, "tools/preprocess.py");
  scanPythonSource("from .ops import voxelize\n", P, "models/ops/__init__.py");
  scanPythonSource("import vox_ext\ndef voxelize(x):\n    return vox_ext.voxelize_cpu(x)\n", P,
                   "models/ops/ops.py");
  P.finishScan();
  EXPECT_EQ(P.reachedUse("ball_query_cpu"),
            "tpk/torchpoints.py:3, in 'ball_query', which the package exports "
            "(tpk/__init__.py:4): its users' API");
  EXPECT_EQ(P.reachedUse("knn_cpu"), "tpk/knn.py:3, in '_knn_impl', reached from 'knn', which "
                                     "the package exports (tpk/__init__.py:2): its users' API");
  EXPECT_EQ(P.reachedUse("iou_cpu"), "tpk/metrics.py:3, in 'instance_iou', which the package "
                                     "exports (tpk/__init__.py:3): its users' API");
  EXPECT_EQ(P.reachedUse("hidden"), "");
  // An export that reads tensor values on the host is eager code; one that
  // frees caches is setup (AutoGPTQ's exllama_set_max_input_length).
  EXPECT_EQ(P.reachedUse("grow_cpu"), "");
  EXPECT_EQ(P.reachedUse("prepare_buffers"), "");
  EXPECT_EQ(P.firstUse("prepare_buffers"), "tpk/metrics.py:10");
  EXPECT_EQ(P.reachedUse("voxelize_cpu"), "");
  EXPECT_EQ(P.reachedUse("segment_mesh_fn"), "");
  EXPECT_EQ(P.firstUse("segment_mesh_fn"), "tpk/seg/functions.py:3");
  EXPECT_EQ(P.firstUse("voxelize_cpu"), "models/ops/ops.py:3");
}

// SageAttention: core.py imports `from .quant import per_block_int8 as
// per_block_int8_cuda` and calls the alias; the call is one of quant.py's
// per_block_int8, whose binding calls are then reached from the export. An
// alias of a binding in a relative import of the extension is a use of it.
TEST(PythonFakes, ACallThroughAnImportAliasCallsTheOriginal) {
  PythonOps P;
  scanPythonSource("from setuptools import setup\nsetup(name='sage', packages=['sage'])\n", P,
                   "setup.py");
  scanPythonSource("from .core import sageattn\n", P, "sage/__init__.py");
  scanPythonSource("from .quant import per_block_int8 as per_block_int8_cuda\n"
                   "from ._fused import nms as _nms\n"
                   "def sageattn(q, k):\n"
                   "    q8 = per_block_int8_cuda(q)\n"
                   "    return _nms(q8)\n",
                   P, "sage/core.py");
  scanPythonSource("from . import _fused\n"
                   "def per_block_int8(q):\n"
                   "    return _fused.quant_per_block_int8_cuda(q)\n",
                   P, "sage/quant.py");
  P.finishScan();
  EXPECT_EQ(P.reachedUse("quant_per_block_int8_cuda"),
            "sage/quant.py:3, in 'per_block_int8', reached from 'sageattn', which the package "
            "exports (sage/__init__.py:1): its users' API");
  EXPECT_EQ(P.reachedUse("nms"), "sage/core.py:5, in 'sageattn', which the package exports "
                                 "(sage/__init__.py:1): its users' API");
  // The alias itself is no binding's name.
  EXPECT_EQ(P.firstUse("per_block_int8_cuda"), "sage/core.py:4");
}

// FlashMLA: its benchmark script times the exported flash_mla_with_kvcache
// eagerly (and reads values with .item()); a benchmark, like a test, says
// nothing of how users call the API: the export stays their compiled API.
// Look-alike: the same call in a preprocessing tool makes it eager code.
TEST(PythonFakes, ABenchmarkCallingAnExportLeavesItTheUsersAPI) {
  for (const std::string Caller : {"benchmark/bench_mla.py", "tools/prepare.py"}) {
    PythonOps P;
    scanPythonSource("from setuptools import setup\nsetup(name='mla', packages=['mla'])\n", P,
                     "setup.py");
    scanPythonSource("from .interface import mla_with_kvcache\n", P, "mla/__init__.py");
    scanPythonSource("import mla.cuda as mla_cuda\n"
                     "def mla_with_kvcache(q, k):\n"
                     "    return mla_cuda.dense_decode_fwd(q, k)\n",
                     P, "mla/interface.py");
    scanPythonSource("import mla\n"
                     "def run(q, k):\n"
                     "    out = mla.mla_with_kvcache(q, k)\n"
                     "    return out.sum().item()\n",
                     P, Caller);
    P.finishScan();
    EXPECT_EQ(P.reachedUse("dense_decode_fwd"),
              Caller == "tools/prepare.py"
                  ? ""
                  : "mla/interface.py:3, in 'mla_with_kvcache', which the package exports "
                    "(mla/__init__.py:1): its users' API")
        << Caller;
  }
}

// grouped_gemm: the autograd Function's forward calls `backend.gmm(...)`,
// the package's backend.py, whose top-level `gmm` calls the extension's
// `gmm`; the package's ops.py defines a top-level `gmm` too. The call on the
// module is that module's function, whatever other modules define under
// the name, and the walk goes on through that function's file alone: the
// top-level `gmm` of tools.py, which nothing calls, reaches nothing.
TEST(PythonFakes, ACallOnAModuleIsThatModulesFunctionWhateverOtherModulesDefine) {
  std::string Dir = makeTempDir("python-module-function");
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/grouped_gemm") + " " +
                         shellQuote(Dir + "/tools"))
                            .c_str()),
            0);
  writeFile(Dir + "/setup.py",
            "from setuptools import setup\n"
            "from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
            "setup(name=\"grouped_gemm\", packages=[\"grouped_gemm\"],\n"
            "      ext_modules=[CUDAExtension(\"grouped_gemm_backend\", [\"csrc/ops.cu\"])],\n"
            "      cmdclass={\"build_ext\": BuildExtension})\n");
  writeFile(Dir + "/grouped_gemm/__init__.py", "from grouped_gemm import ops\n");
  writeFile(Dir + "/grouped_gemm/ops.py",
            "from grouped_gemm import backend\nimport torch\n"
            "class GroupedGemm(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, a, b):\n"
            "        return backend.gmm(a, b)\n"
            "def gmm(a, b):\n"
            "    return GroupedGemm.apply(a, b)\n");
  writeFile(Dir + "/grouped_gemm/backend.py",
            "import torch\nimport grouped_gemm_backend as backend\n"
            "def gmm(a, b):\n"
            "    c = torch.empty_like(a)\n"
            "    backend.gmm(a, b, c)\n"
            "    return c\n");
  writeFile(Dir + "/tools/tools.py",
            "import grouped_gemm_backend as backend\n"
            "def gmm(a):\n"
            "    return backend.sort_rows(a)\n");
  PythonOps P = scanPythonTrees({Dir});
  std::string Gmm = P.keyFor("gmm", "grouped_gemm_backend"),
              Sort = P.keyFor("sort_rows", "grouped_gemm_backend");
  EXPECT_EQ(P.firstUse(Gmm), "grouped_gemm/backend.py:5") << Gmm;
  EXPECT_EQ(P.reachedUse(Gmm), "grouped_gemm/backend.py:5, in 'gmm'") << Gmm;
  EXPECT_EQ(P.reachedUse(Sort), "") << Sort;
  EXPECT_EQ(P.firstUse(Sort), "tools/tools.py:3") << Sort;
}

// svox2: its autograd Functions pick the binding by name,
// `_C.__dict__[f"volume_render_{backend}"]` in forward and
// `..._{ctx.backend}_backward"]` in backward, its fused training step
// `..._{self.opt.backend}_fused"]` in a method: each binding is used where
// the most literal pattern it matches says, a placeholder standing for one
// word (volume_render_cuvol_image, looked up through a variable, matches
// none). A getattr on a module by an f-string is the same.
TEST(PythonFakes, ALookupByAnFStringUsesTheNamesItsPatternMatches) {
  PythonOps P;
  scanPythonSource("import torch\nfrom .utils import _get_c_extension\n_C = _get_c_extension()\n"
                   "class _VolumeRenderFunction(torch.autograd.Function):\n"
                   "    @staticmethod\n"
                   "    def forward(ctx, grid, rays, opt, backend):\n"
                   "        cu_fn = _C.__dict__[f\"volume_render_{backend}\"]\n"
                   "        return cu_fn(grid, rays, opt)\n"
                   "    @staticmethod\n"
                   "    def backward(ctx, grad_out):\n"
                   "        cu_fn = _C.__dict__[f\"volume_render_{ctx.backend}_backward\"]\n"
                   "        return cu_fn(grad_out)\n"
                   "def helper(x, n):\n"
                   "    return getattr(_C, f\"fused_{n}\")(x)\n"
                   "class SparseGrid:\n"
                   "    def volume_render_fused(self, rays):\n"
                   "        cu_fn = _C.__dict__[f\"volume_render_{self.opt.backend}_fused\"]\n"
                   "        cu_fn(rays)\n",
                   P, "svox2/svox2.py");
  P.finishScan();
  EXPECT_EQ(P.usesKey("volume_render_cuvol"), "*volume_render_*");
  EXPECT_EQ(P.reachedUse("volume_render_cuvol"), "svox2/svox2.py:7, in '_VolumeRenderFunction.forward'");
  EXPECT_EQ(P.usesKey("volume_render_nvol_backward"), "*volume_render_*_backward");
  EXPECT_EQ(P.reachedUse("volume_render_nvol_backward"), "svox2/svox2.py:11, in '_VolumeRenderFunction.backward'");
  EXPECT_EQ(P.reachedUse("volume_render_svox1_fused"), "");
  EXPECT_EQ(P.firstUse("volume_render_svox1_fused"), "svox2/svox2.py:17");
  EXPECT_EQ(P.usesKey("volume_render_cuvol_image"), "volume_render_cuvol_image");
  EXPECT_EQ(P.firstUse("fused_adam"), "svox2/svox2.py:14");
  EXPECT_EQ(P.reachedUse("fused_adam"), "");
  EXPECT_EQ(P.firstUse("sample_grid"), "");
  EXPECT_EQ(P.keyFor("volume_render_svox1", "csrc"), "*volume_render_*");
}

// A name is a binding's only where the call can be one. Round 11's forms:
// stylegan3 calls its Python wrapper `bias_act.bias_act` (module
// bias_act.py) and the binding as `_plugin.bias_act`; DeepSpeed calls
// `dist.all_reduce` (deepspeed.comm's Python function), `F.layer_norm`
// (torch's), `t[i].flatten(2)` (the tensor's), a classmethod fallback of
// the binding's name on an op object, passes `self.config.flag`, reads
// `if self.post_layer_norm and ...`; its bindings are called on handles
// set from `Builder().load()` in this file or, as an attribute, in another.
TEST(PythonFakes, CallsOfTheProjectsFunctionsTorchsAndValuesAreNoBindingUses) {
  std::string Dir = makeTempDir("python-binding-receivers");
  for (const char *Sub : {"/ops", "/comm", "/nets"})
    ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + Sub));
  writeFile(Dir + "/ops/__init__.py", "");
  writeFile(Dir + "/ops/bias_act.py",
            "import torch\nfrom .. import custom_ops\n"
            "_plugin = None\n"
            "def _init():\n"
            "    global _plugin\n"
            "    _plugin = custom_ops.get_plugin(module_name='bias_act_plugin')\n"
            "def bias_act(x, b=None):\n"
            "    return _bias_act_cuda().apply(x, b)\n"
            "def _bias_act_cuda():\n"
            "    class BiasActCuda(torch.autograd.Function):\n"
            "        @staticmethod\n"
            "        def forward(ctx, x, b):\n"
            "            return _plugin.bias_act(x, b)\n"
            "    return BiasActCuda\n");
  writeFile(Dir + "/ops/filtered.py",
            "from . import bias_act\n"
            "def _ref(x, b):\n"
            "    return bias_act.bias_act(x=x, b=b)\n");
  writeFile(Dir + "/comm/__init__.py", "from .comm import *\n");
  writeFile(Dir + "/comm/comm.py", "def all_reduce(t, group=None):\n"
                                   "    return cdb.all_reduce(t, group)\n");
  writeFile(Dir + "/ops/base.py", "class BaseOp:\n"
                                  "    def __init__(self, builder):\n"
                                  "        self.inference_module = builder.load()\n");
  writeFile(Dir + "/ops/layer_norm.py",
            "import torch.nn.functional as F\nfrom .base import BaseOp\n"
            "class LayerNormOp(BaseOp):\n"
            "    def __call__(self, x, g, b, eps):\n"
            "        return self.inference_module.layer_norm(x, g, b, eps)\n"
            "    @classmethod\n"
            "    def store_pre_ln_res(cls, x, g, b, eps):\n"
            "        return F.layer_norm(x, (x.shape[-1],), g, b, eps)\n");
  writeFile(Dir + "/nets/block.py",
            "import torch\nfrom .. import comm as dist\nimport torch.nn.functional as F\n"
            "from ..ops.layer_norm import LayerNormOp\n"
            "kernel_ = None\n"
            "def _attention(q, k, v):\n"
            "    global kernel_\n"
            "    kernel_ = EvoformerAttnBuilder().load()\n"
            "    return kernel_.attention(q, k, v)\n"
            "class Block(torch.nn.Module):\n"
            "    def forward(self, x, dk):\n"
            "        y = F.layer_norm(x, (4,))\n"
            "        z = dk[0].flatten(2)\n"
            "        w = x.flatten(1)\n"
            "        if self.post_layer_norm and self.training:\n"
            "            y = self.layer_norm.store_pre_ln_res(y, 1, 2, 3)\n"
            "        self.config.pre_layer_norm = True\n"
            "        y = self.mlp(y, self.config.fused_gemm)\n"
            "        fwd = self.cuda.fwd_fp16 if self.half else self.cuda.fwd_fp32\n"
            "        y = fwd(y)\n"
            "        dist.all_reduce(y)\n"
            "        return _attention(y, z, w)\n"
            "class Render(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def backward(ctx, g):\n"
            "        return ctx.renderer.backward(g)\n");
  // nerfacc: a Python package that only forwards to the extension
  // (`inclusive_sum = _make_lazy_cuda_func("inclusive_sum")`), imported as
  // _C beside a module defining a Python function of the same name.
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/nets/cuda"));
  writeFile(Dir + "/nets/cuda/__init__.py",
            "inclusive_sum = _make_lazy_cuda_func('inclusive_sum')\n");
  writeFile(Dir + "/nets/scan.py", "import torch\nfrom . import cuda as _C\n"
                                   "def inclusive_sum(x):\n"
                                   "    return _InclusiveSum.apply(x)\n"
                                   "class _InclusiveSum(torch.autograd.Function):\n"
                                   "    @staticmethod\n"
                                   "    def forward(ctx, x):\n"
                                   "        return _C.inclusive_sum(x)\n"
                                   "class Net(torch.nn.Module):\n"
                                   "    def forward(self, x):\n"
                                   "        return inclusive_sum(x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.reachedUse("inclusive_sum"), "nets/scan.py:8, in '_InclusiveSum.forward'");
  // The binding's own call in the autograd Function's forward is the one
  // named, not the Python wrapper's call.
  // (`_bias_act_cuda().apply`: which class is applied is not followed, so
  // its forward is reached as every forward.)
  EXPECT_EQ(P.reachedUse("bias_act"), "ops/bias_act.py:13, in 'BiasActCuda.forward'");
  // torch's function, a tensor's method, a flag read or stored: no use.
  EXPECT_EQ(P.firstUse("post_layer_norm"), "");
  EXPECT_EQ(P.firstUse("pre_layer_norm"), "");
  // Read off a config and passed: a value as likely as a binding.
  EXPECT_EQ(P.firstUse("fused_gemm"), "nets/block.py:18");
  EXPECT_EQ(P.reachedUse("fused_gemm"), "");
  // Picked and called: DeepSpeed's transformer (its handle is a local alias).
  EXPECT_EQ(P.reachedUse("fwd_fp16"), "nets/block.py:19, in 'forward'");
  // torch.Tensor's name, but in a function of that name: what it wraps
  // (pytorch3d's pulsar renderer).
  EXPECT_EQ(P.reachedUse("backward"), "nets/block.py:26, in 'Render.backward'");
  EXPECT_EQ(P.reachedUse("flatten"), "");
  EXPECT_EQ(P.firstUse("flatten"), "nets/block.py:14"); // x.flatten(1): a tensor's, most likely
  // The project's own functions of the binding's name: deep.comm's
  // all_reduce (whose own call of cdb.all_reduce is the binding's,
  // reached through it), the op's classmethod.
  EXPECT_EQ(P.reachedUse("all_reduce"), "comm/comm.py:2, in 'all_reduce'");
  EXPECT_EQ(P.reachedUse("store_pre_ln_res"), "");
  // (Still a use of the name: never "never called", which would make a
  // binding of that name its users' API.)
  EXPECT_EQ(P.firstUse("store_pre_ln_res"), "nets/block.py:16");
  // Handles: a plain name set from load() in this file, an attribute set
  // from load() in another.
  EXPECT_EQ(P.reachedUse("attention"), "nets/block.py:9, in '_attention'");
  EXPECT_EQ(P.firstUse("layer_norm"), "ops/layer_norm.py:5");
}

// torchrl: its compiled `update()` ends `metadata.update({...})`, a dict's
// update; the replay buffer's sampler calls its segment trees' `query` (no
// name of Python's containers) in eager code. A name Python's containers and
// strings have, called on something else than a module or `self`, is never a
// use torch.compile is known to reach (the pybind11 method SegmentTree.update
// is not called where torch.compile traces).
TEST(PythonFakes, ACallOfAContainersMethodNameIsNoReachedUse) {
  std::string Dir = makeTempDir("python-builtin-methods");
  writeFile(Dir + "/train.py", "import torch\n"
                               "def main(loss_module, optimizer):\n"
                               "    def update(batch):\n"
                               "        loss, metadata = loss_module(batch)\n"
                               "        loss.backward()\n"
                               "        optimizer.step()\n"
                               "        metadata.update({'loss': loss})\n"
                               "        return metadata.get('loss')\n"
                               "    update = torch.compile(update)\n");
  writeFile(Dir + "/model.py", "import torch\nimport ext\n"
                               "class Net(torch.nn.Module):\n"
                               "    def forward(self, x):\n"
                               "        self.update(x)\n"
                               "        return self.table.query(x)\n"
                               "    def update(self, x):\n"
                               "        ext.update(x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.firstUse("get"), "train.py:8");
  EXPECT_EQ(P.reachedUse("get"), "");
  // On a module, or the class's own method on self: reached as before (the
  // binding's call in Net.update, which forward calls; not the dict's).
  EXPECT_EQ(P.reachedUse("update"), "model.py:8, in 'update'");
  EXPECT_EQ(P.reachedUse("query"), "model.py:6, in 'forward'");
}

// DROID-SLAM: the network keeps a module in `self.update` and calls it in
// forward; the factor graph's method `update` (called from the SLAM loop,
// never in a forward) calls the binding. `self.update(...)` calls the
// module, not every function named update.
TEST(PythonFakes, AnAttributeHoldingAnObjectIsNoFunctionOfItsName) {
  std::string Dir = makeTempDir("python-object-attributes");
  writeFile(Dir + "/droid_net.py", "import torch\nfrom .modules import UpdateModule\n"
                                   "class DroidNet(torch.nn.Module):\n"
                                   "    def __init__(self):\n"
                                   "        super().__init__()\n"
                                   "        self.update = UpdateModule()\n"
                                   "        self.fnet = BasicEncoder(output_dim=128)\n"
                                   "    def forward(self, net, ii):\n"
                                   "        fmaps = self.fnet(net)\n"
                                   "        return self.update(net, fmaps, ii)\n");
  writeFile(Dir + "/factor_graph.py", "import droid_backends\n"
                                      "class FactorGraph:\n"
                                      "    def update(self, t0=None):\n"
                                      "        self.video.ba(t0)\n"
                                      "        droid_backends.fnet(t0)\n"
                                      "    def run(self):\n"
                                      "        self.update(1)\n");
  writeFile(Dir + "/depth_video.py", "import droid_backends\n"
                                     "class DepthVideo:\n"
                                     "    def ba(self, t0):\n"
                                     "        droid_backends.ba(self.poses, t0)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.firstUse("ba"), "depth_video.py:4");
  EXPECT_EQ(P.reachedUse("ba"), "");
  EXPECT_EQ(P.reachedUse("fnet"), "");
  // Where the class holds no object of that name, `self.update(1)` is the
  // method's call: an edge, as before (FactorGraph.run is reached by nothing).
  EXPECT_EQ(P.firstUse("fnet"), "factor_graph.py:5");
}

// lietorch: the group ops keep the bindings as class attributes that the
// autograd Function's forward and backward call through `cls`.
TEST(PythonFakes, BindingsKeptAsClassAttributesAreCalledWhereTheAttributeIs) {
  std::string Dir = makeTempDir("python-class-attributes");
  writeFile(Dir + "/group_ops.py",
            "import lietorch_backends\nimport torch\n"
            "class GroupOp(torch.autograd.Function):\n"
            "    @classmethod\n"
            "    def forward(cls, ctx, group_id, *inputs):\n"
            "        return cls.forward_op(group_id, *inputs)\n"
            "    @classmethod\n"
            "    def backward(cls, ctx, grad):\n"
            "        return cls.backward_op(ctx.group_id, grad)\n"
            "class Exp(GroupOp):\n"
            "    forward_op, backward_op = lietorch_backends.expm, lietorch_backends.expm_backward\n"
            "class ToMatrix(GroupOp):\n"
            "    forward_op, backward_op = lietorch_backends.as_matrix, None\n"
            "class Scale(GroupOp):\n"
            "    scale_op = lietorch_backends.scale\n"
            "    factor = 2\n");
  writeFile(Dir + "/groups.py", "from .group_ops import Exp, Scale\n"
                                "class LieGroup:\n"
                                "    def exp(self, x):\n"
                                "        return self.apply_op(Exp, x)\n"
                                "    def scale(self, x):\n"
                                "        return Scale.apply(self.group_id, x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.reachedUse("expm"), "group_ops.py:11, in 'forward_op'");
  EXPECT_EQ(P.reachedUse("expm_backward"), "group_ops.py:11, in 'backward_op'");
  // Kept under a name no method calls: used, not reached.
  EXPECT_EQ(P.firstUse("scale"), "group_ops.py:15");
  EXPECT_EQ(P.reachedUse("scale"), "");
  // Kept by a class nothing uses (lietorch's ToMatrix): used, not reached.
  EXPECT_EQ(P.firstUse("as_matrix"), "group_ops.py:13");
  EXPECT_EQ(P.reachedUse("as_matrix"), "");
}

// fast-transformers: the package imports each binding of its CPU and CUDA
// extensions under another name, keeps them in a class dict by device, and
// calls `Class.dot[device.type](...)` in the autograd Function's forward and
// backward; it also names the Function's apply after the binding
// (`dot_product = DotProduct.apply`), which its attention calls. The
// bindings are reached through the dicts; the attention's call is the
// package's own function's, no use of the binding.
TEST(PythonFakes, BindingsKeptInAClassDictAreCalledWhereTheDictIsSubscripted) {
  std::string Dir = makeTempDir("python-class-dicts");
  for (const char *Sub : {"/ft/product", "/ft/attention"})
    ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + Sub));
  writeFile(Dir + "/ft/product/__init__.py",
            "import torch\n"
            "from .product_cpu import dot_product as dot_product_cpu, \\\n"
            "    dot_backward as dot_backward_cpu\n"
            "try:\n"
            "    from .product_cuda import dot_product as dot_product_cuda\n"
            "except ImportError:\n"
            "    dot_product_cuda = None\n"
            "from .product_cpu import unused_kernel as unused_kernel_cpu\n"
            "class DotProduct(torch.autograd.Function):\n"
            "    dot = {\n"
            "        \"cpu\": dot_product_cpu,\n"
            "        \"cuda\": dot_product_cuda\n"
            "    }\n"
            "    dot_backward = {\"cpu\": dot_backward_cpu, \"cuda\": None,}\n"
            "    kept = {\"cpu\": unused_kernel_cpu}\n"
            "    @staticmethod\n"
            "    def forward(ctx, q, k):\n"
            "        out = torch.zeros_like(q)\n"
            "        DotProduct.dot[q.device.type](q, k, out)\n"
            "        return out\n"
            "    @staticmethod\n"
            "    def backward(ctx, g):\n"
            "        DotProduct.dot_backward[g.device.type](g)\n"
            "        return g, g\n"
            "dot_product = DotProduct.apply\n");
  writeFile(Dir + "/ft/attention/linear.py",
            "import torch\n"
            "from ..product import dot_product\n"
            "class Linear(torch.nn.Module):\n"
            "    def forward(self, q, k):\n"
            "        return dot_product(q, k)\n");
  // Look-alike: a module list subscripted and called (`self.blocks[i](x)`)
  // is no call of the function `blocks` another file defines.
  writeFile(Dir + "/ft/attention/stack.py",
            "import torch\n"
            "from ..product import product_cpu\n"
            "def blocks(x):\n"
            "    return product_cpu.scale_rows(x)\n"
            "class Stack(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        for i in range(2):\n"
            "            x = self.blocks[i](x)\n"
            "        return x\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.keyFor("dot_product", "product_cpu"), "dot_product@product_cpu");
  EXPECT_EQ(P.reachedUse(P.keyFor("dot_product", "product_cpu")),
            "ft/product/__init__.py:11, in 'dot'");
  EXPECT_EQ(P.reachedUse(P.keyFor("dot_backward", "product_cpu")),
            "ft/product/__init__.py:14, in 'dot_backward'");
  EXPECT_EQ(P.reachedUse(P.keyFor("dot_product", "product_cuda")),
            "ft/product/__init__.py:12, in 'dot'");
  // Kept in a dict nothing subscripts: used, not reached.
  EXPECT_EQ(P.firstUse(P.keyFor("unused_kernel", "product_cpu")), "ft/product/__init__.py:15");
  EXPECT_EQ(P.reachedUse(P.keyFor("unused_kernel", "product_cpu")), "");
  EXPECT_EQ(P.firstUse(P.keyFor("scale_rows", "product_cpu")), "ft/attention/stack.py:4");
  EXPECT_EQ(P.reachedUse(P.keyFor("scale_rows", "product_cpu")), "");
}

// hszhao/semseg: the package's __init__.py loads two extensions under
// other names (`cpu = load('psamask_cpu', ...)`, `gpu = ...` under an if),
// and the autograd Function calls `src.cpu.psamask_forward(...)` and
// `src.gpu.psamask_forward(...)`: each module's binding is called where its
// own name is.
TEST(PythonFakes, AModuleLoadedUnderAnotherNameIsCalledThroughThatName) {
  std::string Dir = makeTempDir("python-loaded-as");
  for (const char *Sub : {"/psa/src", "/psa/functions"})
    ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + Sub));
  writeFile(Dir + "/psa/__init__.py", "");
  writeFile(Dir + "/psa/src/__init__.py",
            "import os\nimport torch\nfrom torch.utils.cpp_extension import load\n"
            "cwd = os.path.dirname(os.path.realpath(__file__))\n"
            "cpu = load('psamask_cpu', [os.path.join(cwd, 'cpu', 'operator.cpp')])\n"
            "if torch.cuda.is_available():\n"
            "    gpu = load('psamask_gpu', [\n"
            "        os.path.join(cwd, 'gpu', 'operator.cpp')])");
  writeFile(Dir + "/psa/functions/psamask.py",
            "import torch\nfrom torch.autograd import Function\nfrom .. import src\n"
            "class PSAMask(Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x, out):\n"
            "        if not x.is_cuda:\n"
            "            src.cpu.psamask_forward(x, out)\n"
            "        else:\n"
            "            src.gpu.psamask_forward(x, out)\n"
            "        return out\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.reachedUse(P.keyFor("psamask_forward", "psamask_cpu")),
            "psa/functions/psamask.py:8, in 'PSAMask.forward'");
  EXPECT_EQ(P.reachedUse(P.keyFor("psamask_forward", "psamask_gpu")),
            "psa/functions/psamask.py:10, in 'PSAMask.forward'");
}

// DeepSpeed's op wrappers keep the binding in __init__ and call it in
// forward; the block keeps the wrapper in an attribute of the binding's name.
TEST(PythonFakes, BindingsKeptByAConstructorAreCalledWhereTheAttributeIs) {
  std::string Dir = makeTempDir("python-instance-attributes");
  writeFile(Dir + "/gated_activation.py",
            "import torch\n"
            "class GatedActivationOp(torch.nn.Module):\n"
            "    def __init__(self, config):\n"
            "        self.inference_module = InferenceBuilder().load()\n"
            "        self.gated_activation_func = self.inference_module.gated_activation\n"
            "        self.eps = config.layer_norm_eps\n"
            "    def forward(self, x, b):\n"
            "        return self.gated_activation_func(x, b)\n");
  writeFile(Dir + "/block.py", "import torch\nfrom .gated_activation import GatedActivationOp\n"
                               "class Block(torch.nn.Module):\n"
                               "    def __init__(self, config):\n"
                               "        self.gated_activation = GatedActivationOp(config)\n"
                               "        self.cache = self.inference_module.reset_cache\n"
                               "    def forward(self, x):\n"
                               "        return self.gated_activation(x, x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.reachedUse("gated_activation"),
            "gated_activation.py:5, in 'gated_activation_func'");
  // Kept and never called: used, not reached, and not "only in constructors".
  EXPECT_EQ(P.firstUse("reset_cache"), "block.py:6");
  EXPECT_EQ(P.reachedUse("reset_cache"), "");
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
// chrdiller/pyTorchChamferDistance: no setup.py; the package's module builds
// the extension when imported, `cd = load(name="cd", sources=[...])`. Look-
// alikes: a file whose load() is no cpp_extension's (torch.load), and two
// modules of one directory loading it under two names: unknown.
TEST(PythonFakes, TheExtensionNameComesFromTheLoadCallBesideTheSource) {
  std::string Top = makeTempDir("load-name");
  for (const char *Sub : {"/cd", "/two", "/plain"})
    ASSERT_FALSE(llvm::sys::fs::create_directories(Top + Sub));
  writeFile(Top + "/cd/chamfer_distance.py",
            "import os\nfrom torch.utils.cpp_extension import load\n"
            "script_path = os.path.dirname(os.path.abspath(__file__))\n"
            "cd = load(name=\"cd\",\n"
            "          sources=[os.path.join(script_path, \"chamfer_distance.cpp\"),\n"
            "                   os.path.join(script_path, \"chamfer_distance.cu\")])\n");
  writeFile(Top + "/cd/model.py", "import torch\nweights = torch.load('chamfer_distance.cpp')\n");
  writeFile(Top + "/two/a.py", "from torch.utils import cpp_extension\n"
                               "a = cpp_extension.load('ext_a', ['kernel.cpp'])\n");
  writeFile(Top + "/two/b.py", "from torch.utils import cpp_extension\n"
                               "b = cpp_extension.load('ext_b', ['kernel.cpp'])\n");
  writeFile(Top + "/plain/util.py", "import torch\nstate = torch.load('kernel.cpp')\n");
  for (const char *F : {"cd/chamfer_distance.cpp", "cd/chamfer_distance.cu", "two/kernel.cpp",
                        "plain/kernel.cpp"})
    writeFile(Top + "/" + F, "\n");
  using torchlint::model::extensionModuleOf;
  EXPECT_EQ(extensionModuleOf(Top + "/cd/chamfer_distance.cpp", Top), "cd");
  EXPECT_EQ(extensionModuleOf(Top + "/cd/chamfer_distance.cu", Top), "cd");
  EXPECT_EQ(extensionModuleOf(Top + "/two/kernel.cpp", Top), "");
  EXPECT_EQ(extensionModuleOf(Top + "/plain/kernel.cpp", Top), "");
}

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
  // PyTorch-Encoding: sources globbed per directory, each extension named
  // as its directory. Look-alikes: a directory named as no extension, one
  // named as an extension that lists its sources (and not this file).
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Top + "/enc/encoding/lib/cpu") + " " +
                         shellQuote(Top + "/enc/encoding/lib/gpu") + " " +
                         shellQuote(Top + "/enc/encoding/lib/other") + " " +
                         shellQuote(Top + "/enc/encoding/lib/listed"))
                            .c_str()),
            0);
  writeFile(Top + "/enc/setup.py",
            "cpu_extensions_dir = os.path.join(this_dir, 'encoding', 'lib', 'cpu')\n"
            "source_cpu = glob.glob(os.path.join(cpu_extensions_dir, '*.cpp'))\n"
            "ext_modules = [CppExtension('encoding.cpu', source_cpu, include_dirs=inc)]\n"
            "ext_modules.append(CUDAExtension('encoding.gpu', source_cuda))\n"
            "ext_modules.append(CppExtension('encoding.listed', ['encoding/lib/listed/a.cpp']))\n");
  for (const char *F : {"cpu/operator.cpp", "gpu/operator.cpp", "other/x.cpp", "listed/b.cpp"})
    writeFile(Top + "/enc/encoding/lib/" + F, "\n");
  EXPECT_EQ(extensionModuleOf(Top + "/enc/encoding/lib/cpu/operator.cpp"), "cpu");
  EXPECT_EQ(extensionModuleOf(Top + "/enc/encoding/lib/gpu/operator.cpp"), "gpu");
  EXPECT_EQ(extensionModuleOf(Top + "/enc/encoding/lib/other/x.cpp"), "");
  EXPECT_EQ(extensionModuleOf(Top + "/enc/encoding/lib/listed/b.cpp"), "");
  // FoundationPose's bundlesdf/mycuda/setup.py: one extension lists
  // 'bindings.cpp' beside setup.py, the other
  // f"{code_dir}/torch_ngp_grid_encoder/bindings.cpp". Each file is the
  // module whose source names it most closely; a bare name that only ends
  // both paths decides nothing.
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Top + "/fp/mycuda/grid")).c_str()), 0);
  writeFile(Top + "/fp/mycuda/setup.py",
            "code_dir = os.path.dirname(os.path.realpath(__file__))\n"
            "setup(name='common', ext_modules=[\n"
            "    CUDAExtension('common', ['bindings.cpp', 'common.cu']),\n"
            "    CUDAExtension('gridencoder', [f\"{code_dir}/grid/gridencoder.cu\",\n"
            "                                  f\"{code_dir}/grid/bindings.cpp\"]),\n"
            "    CUDAExtension('twin', ['kernel.cu']),\n"
            "    CUDAExtension('twin2', ['kernel.cu']),\n"
            "])\n");
  for (const char *F : {"bindings.cpp", "common.cu", "grid/bindings.cpp", "grid/gridencoder.cu",
                        "grid/kernel.cu"})
    writeFile(Top + "/fp/mycuda/" + F, "\n");
  EXPECT_EQ(extensionModuleOf(Top + "/fp/mycuda/bindings.cpp"), "common");
  EXPECT_EQ(extensionModuleOf(Top + "/fp/mycuda/grid/bindings.cpp"), "gridencoder");
  EXPECT_EQ(extensionModuleOf(Top + "/fp/mycuda/grid/gridencoder.cu"), "gridencoder");
  EXPECT_EQ(extensionModuleOf(Top + "/fp/mycuda/grid/kernel.cu"), "");
  // The one extension a setup file declares, its sources globbed where the
  // file is: GroundingDINO's `extension = CppExtension` (or CUDAExtension)
  // then `extension("groundingdino._C", sources)` with the sources globbed
  // under os.path.join(this_dir, "groundingdino", "models", "GroundingDINO",
  // "csrc"); ngp_pl's models/csrc/setup.py, `CUDAExtension(name='vren',
  // sources=glob.glob('*.cpp') + glob.glob('*.cu'))` beside its sources.
  // Look-alikes: a file of another directory than the one the glob names
  // (tools/), and a setup file declaring two such extensions.
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Top + "/gd/groundingdino/models/GD/csrc/ms") +
                         " " + shellQuote(Top + "/gd/tools") + " " +
                         shellQuote(Top + "/ngp/models/csrc") + " " +
                         shellQuote(Top + "/two/a"))
                            .c_str()),
            0);
  writeFile(Top + "/gd/setup.py",
            "def get_extensions():\n"
            "    extensions_dir = os.path.join(this_dir, 'groundingdino', 'models', 'GD', 'csrc')\n"
            "    sources = glob.glob(os.path.join(extensions_dir, '**', '*.cpp'))\n"
            "    extension = CppExtension\n"
            "    if CUDA_HOME is not None:\n"
            "        extension = CUDAExtension\n"
            "    return [extension('groundingdino._C', sources, include_dirs=[extensions_dir])]\n");
  writeFile(Top + "/ngp/models/csrc/setup.py",
            "sources = glob.glob('*.cpp') + glob.glob('*.cu')\n"
            "setup(name='vren', ext_modules=[CUDAExtension(name='vren', sources=sources)])\n");
  writeFile(Top + "/two/setup.py",
            "a = glob.glob('a/*.cpp')\n"
            "setup(ext_modules=[CppExtension('p.one', a), CppExtension('p.two', b)])\n");
  for (const char *F : {"gd/groundingdino/models/GD/csrc/vision.cpp",
                        "gd/groundingdino/models/GD/csrc/ms/attn.cu", "gd/tools/x.cpp",
                        "ngp/models/csrc/binding.cpp", "two/a/x.cpp"})
    writeFile(Top + "/" + F, "\n");
  EXPECT_EQ(extensionModuleOf(Top + "/gd/groundingdino/models/GD/csrc/vision.cpp"), "_C");
  EXPECT_EQ(extensionModuleOf(Top + "/gd/groundingdino/models/GD/csrc/ms/attn.cu"), "_C");
  EXPECT_EQ(extensionModuleOf(Top + "/gd/tools/x.cpp"), "");
  EXPECT_EQ(extensionModuleOf(Top + "/ngp/models/csrc/binding.cpp"), "vren");
  EXPECT_EQ(extensionModuleOf(Top + "/two/a/x.cpp"), "");
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

// exllamav3's form (first look round 32): its layers derive from its own
// `Module(ABC)`, a plain class its engine runs eagerly; their forwards are
// no nn.Module's and no roots. Look-alikes: a layer of torch.nn.Module
// (through `import torch.nn as nn` and through a project base), one of an
// external base (transformers'), and a plain layer's binding also called
// from an nn.Module's forward.
TEST(PythonFakes, AForwardOfAPlainClassIsNoRoot) {
  std::string Dir = makeTempDir("python-plain-forward");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/exl/modules"));
  writeFile(Dir + "/exl/modules/module.py", "from abc import ABC, abstractmethod\n"
                                            "class Module(ABC):\n"
                                            "    @abstractmethod\n"
                                            "    def forward(self, x): ...\n");
  writeFile(Dir + "/exl/modules/attn.py",
            "import torch\nimport torch.nn as nn\nfrom transformers import PreTrainedModel\n"
            "from .module import Module\nfrom exl.ext import exl_ext as ext\n"
            "class Attention(Module):\n"
            "    def forward(self, x):\n"
            "        return ext.attn(x) + _rope(x)\n"
            "def _rope(x):\n"
            "    return ext.rope(x)\n"
            "class Sampler:\n"
            "    def forward(self, logits):\n"
            "        return ext.sample(logits)\n"
            "class HfLinear(nn.Module):\n"
            "    def forward(self, x):\n"
            "        return ext.gemm(x) + ext.shared(x)\n" // 16
            "class Base(torch.nn.Module):\n"
            "    pass\n"
            "class Layer(Base):\n"
            "    def forward(self, x):\n"
            "        return ext.layer(x)\n" // 21
            "class Hf(PreTrainedModel):\n"
            "    def forward(self, x):\n"
            "        return ext.hf(x)\n" // 24
            "class Mlp(Module):\n"
            "    def forward(self, x):\n"
            "        return ext.shared(x)\n");
  // A base imported absolutely from the project's own package (exllamav3's
  // glm4v.py: `from exllamav3.modules import Module`) is the project's; one
  // of the same name from a package that is not the project's may be an
  // nn.Module.
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/exl/arch"));
  writeFile(Dir + "/exl/arch/glm.py", "from exl.modules.module import Module\n"
                                      "from exl.ext import exl_ext as ext\n"
                                      "class Merger(Module):\n"
                                      "    def forward(self, x):\n"
                                      "        return ext.merge(x)\n");
  writeFile(Dir + "/exl/arch/other.py", "from otherpkg.layers import Module\n"
                                        "from exl.ext import exl_ext as ext\n"
                                        "class Proj(Module):\n"
                                        "    def forward(self, x):\n"
                                        "        return ext.proj(x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.reachedUse("merge"), "");
  EXPECT_EQ(P.reachedUse("proj"), "exl/arch/other.py:5, in 'forward'");
  for (const char *Name : {"attn", "rope", "sample"}) {
    EXPECT_EQ(P.reachedUse(Name), "") << Name;
    EXPECT_NE(P.firstUse(Name), "") << Name;
  }
  EXPECT_EQ(P.reachedUse("gemm"), "exl/modules/attn.py:16, in 'forward'");
  EXPECT_EQ(P.reachedUse("layer"), "exl/modules/attn.py:21, in 'forward'");
  EXPECT_EQ(P.reachedUse("hf"), "exl/modules/attn.py:24, in 'forward'");
  EXPECT_EQ(P.reachedUse("shared"), "exl/modules/attn.py:16, in 'forward'");
  // 100,000 classes each deriving from the one before, as a pull request
  // can write: decided without a recursion that deep (not plain: reached).
  std::string Chain = "class C0:\n    pass\n";
  for (int I = 1; I <= 100000; ++I)
    Chain += "class C" + std::to_string(I) + "(C" + std::to_string(I - 1) + "):\n    pass\n";
  Chain += "class Top(C100000):\n    def forward(self, x):\n        return ext.deep(x)\n";
  PythonOps Q = scan(Chain);
  Q.finishScan();
  EXPECT_NE(Q.reachedUse("deep"), "");
}

// exllamav3's Hugging Face integration: an nn.Module builds a plain layer
// into an attribute (`self.inner = LinearEXL3(...)`, after loading) and its
// forward runs the layer's forward by name. That plain forward, and what it
// calls on itself, is reached; the other plain forwards stay unreached.
// Look-alikes: the same call in a plain class (not reached itself), an
// attribute built by a function, an attribute another file builds, and a
// plain class nothing builds into an attribute.
TEST(PythonFakes, AModuleRunningAPlainLayersForwardReachesIt) {
  std::string Dir = makeTempDir("python-attribute-forward");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/exl/modules"));
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/exl/integration"));
  writeFile(Dir + "/exl/modules/module.py", "from abc import ABC\n"
                                            "class Module(ABC):\n"
                                            "    pass\n");
  writeFile(Dir + "/exl/modules/quant.py",
            "from .module import Module\nfrom exl.ext import exl_ext as ext\n"
            "class LinearEXL3:\n"
            "    def forward(self, x, params):\n"
            "        return self.reconstruct_hgemm(x)\n" // 5
            "    def reconstruct_hgemm(self, x):\n"
            "        ext.had_r_128(x)\n" // 7
            "        return ext.hgemm(x)\n"
            "class LinearFP16(Module):\n"
            "    def forward(self, x, params):\n"
            "        return ext.fp16_gemm(x)\n"
            "class Block(Module):\n"
            "    def __init__(self):\n"
            "        self.layer = LinearFP16()\n"
            "    def forward(self, x, params):\n"
            "        return self.layer.forward(x, params)\n"
            "class Made(Module):\n"
            "    def forward(self, x, params):\n"
            "        return ext.made(x)\n"
            "class Elsewhere(Module):\n"
            "    def forward(self, x, params):\n"
            "        return ext.elsewhere(x)\n");
  writeFile(Dir + "/exl/integration/hf.py",
            "import torch\nfrom exl.modules.quant import LinearEXL3, Made\n"
            "def make():\n    return Made()\n"
            "class HfLinear(torch.nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.inner = None\n"
            "        self.other = make()\n"
            "    def finalize(self):\n"
            "        self.inner = LinearEXL3(config=None)\n"
            "    def forward(self, x):\n"
            "        return self.inner.forward(x.half(), {}).to(x.dtype) + "
            "self.other.forward(x, {}) + self.outer.forward(x, {})\n");
  writeFile(Dir + "/exl/integration/other.py",
            "from exl.modules.quant import Elsewhere\n"
            "class Holder:\n"
            "    def __init__(self):\n"
            "        self.outer = Elsewhere()\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.reachedUse("had_r_128"), "exl/modules/quant.py:7, in 'reconstruct_hgemm'");
  EXPECT_NE(P.reachedUse("hgemm"), "");
  for (const char *Name : {"fp16_gemm", "made", "elsewhere"}) {
    EXPECT_EQ(P.reachedUse(Name), "") << Name;
    EXPECT_NE(P.firstUse(Name), "") << Name;
  }
}

// ngp_pl's render: `render_func = __render_rays_test` (or the ternary of
// two functions), then `render_func(...)`, in a function a module's forward
// calls: each function the variable may hold is called there. Look-alike: a
// variable holding a function that is never called.
TEST(PythonFakes, AFunctionCalledThroughAVariableIsReached) {
  std::string Dir = makeTempDir("python-called-through");
  writeFile(Dir + "/rendering.py",
            "import torch\nimport vren\n"
            "def render(model, x, test=False):\n"
            "    if test:\n"
            "        render_func = _render_test\n"
            "    else:\n"
            "        render_func = _render_train\n"
            "    pick = _render_a if model.a else _render_b\n"
            "    kept = _render_kept\n"
            "    return render_func(model, x) + pick(x)\n"
            "def _render_test(model, x):\n"
            "    return vren.raymarching_test(x)\n"
            "def _render_train(model, x):\n"
            "    return vren.raymarching_train(x)\n"
            "def _render_a(x):\n    return vren.render_a(x)\n"
            "def _render_b(x):\n    return vren.render_b(x)\n"
            "def _render_kept(x):\n    return vren.render_kept(x)\n"
            "class System(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return render(self.model, x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  for (const char *Name : {"raymarching_test", "raymarching_train", "render_a", "render_b"})
    EXPECT_NE(P.reachedUse(Name), "") << Name;
  EXPECT_EQ(P.reachedUse("render_kept"), "");
  EXPECT_NE(P.firstUse("render_kept"), "");
}

// ngp_pl's train.py: `from models.rendering import render`, then
// `render(...)` in the LightningModule's forward, while show_gui.py's GUI class
// has a `render` method too: the call is the module's function, not the
// method. Look-alike: a name two modules of the same name define at their top
// level (two `utils.py`), which the call does not resolve.
TEST(PythonFakes, ACallOfANameImportedFromAModuleIsThatModulesFunction) {
  std::string Dir = makeTempDir("python-module-function");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/models"));
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/a"));
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/b"));
  writeFile(Dir + "/models/rendering.py", "import vren\n"
                                          "def render(model, x):\n"
                                          "    return vren.raymarching(x)\n");
  writeFile(Dir + "/show_gui.py", "import vren\n"
                                  "class GUI:\n"
                                  "    def render(self):\n"
                                  "        return vren.gui_only(self.img)\n");
  writeFile(Dir + "/a/utils.py", "import vren\ndef helper(x):\n    return vren.helper_a(x)\n");
  writeFile(Dir + "/b/utils.py", "import vren\ndef helper(x):\n    return vren.helper_b(x)\n");
  writeFile(Dir + "/train.py", "import torch\n"
                               "from models.rendering import render\n"
                               "from a.utils import helper\n"
                               "class System(torch.nn.Module):\n"
                               "    def forward(self, x):\n"
                               "        return render(self.model, x) + helper(x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.reachedUse("raymarching"), "models/rendering.py:3, in 'render'");
  for (const char *Name : {"gui_only", "helper_a", "helper_b"}) {
    EXPECT_EQ(P.reachedUse(Name), "") << Name;
    EXPECT_NE(P.firstUse(Name), "") << Name;
  }
}

// TransformerEngine's te.ops: a fuser's autograd Function runs each op's
// `fuser_forward`, a method the base declares `@abc.abstractmethod` and 3
// classes define; the basic ops' `fuser_forward` runs `self.op_forward`,
// abstract too. A call by such a name reaches every definition. Look-alikes:
// a name two classes define with no abstract declaration (exllamav2's
// `load`, one also raising NotImplementedError, under a condition), and an
// abstract method only a constructor calls. A method whose body begins
// `raise NotImplementedError` after its docstring (TE's `fuser_backward`) is
// an interface too.
TEST(PythonFakes, ACallOfAnAbstractMethodReachesEveryDefinition) {
  std::string Dir = makeTempDir("python-abstract-method");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/te/ops/basic"));
  writeFile(Dir + "/te/ops/op.py",
            "import abc\nimport torch\n"
            "class FusibleOperation(torch.nn.Module, metaclass=abc.ABCMeta):\n"
            "    @abc.abstractmethod\n"
            "    def fuser_forward(self, ctxs, x):\n"
            "        ...\n"
            "    @abc.abstractmethod\n"
            "    def build_cache(self):\n"
            "        ...\n"
            "    def fuser_backward(self, ctxs, dy):\n"
            "        \"\"\"Backward pass\n\n        Called by the fuser.\n        \"\"\"\n"
            "        raise NotImplementedError(f'{self} has no backward')\n"
            "    def load(self):\n"
            "        if self.loaded:\n"
            "            raise NotImplementedError()\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.build_cache()\n"
            "class BasicOperation(FusibleOperation):\n"
            "    @abc.abstractmethod\n"
            "    def op_forward(self, ctx, x):\n"
            "        ...\n"
            "    def fuser_forward(self, ctxs, x):\n"
            "        return self.op_forward(ctxs[0], x)\n");
  writeFile(Dir + "/te/ops/basic/bias.py",
            "from ..op import BasicOperation\nimport transformer_engine_torch as tex\n"
            "class Bias(BasicOperation):\n"
            "    def op_forward(self, ctx, x):\n"
            "        return tex.bias_add(x)\n" // 5
            "    def build_cache(self):\n"
            "        return tex.cache_bias()\n"
            "    def load(self):\n"
            "        return tex.load_bias()\n"
            "class Act(BasicOperation):\n"
            "    def op_forward(self, ctx, x):\n"
            "        return tex.gelu(x)\n"
            "    def fuser_backward(self, ctxs, dy):\n"
            "        return tex.dgelu(dy)\n"
            "    def build_cache(self):\n"
            "        return tex.cache_act()\n"
            "    def load(self):\n"
            "        return tex.load_act()\n");
  writeFile(Dir + "/te/ops/fused.py",
            "from .op import FusibleOperation\nimport transformer_engine_torch as tex\n"
            "class ForwardLinearBias(FusibleOperation):\n"
            "    def fuser_forward(self, ctxs, x):\n"
            "        return tex.fused_gemm(x)\n"); // 5
  writeFile(Dir + "/te/ops/fuser.py",
            "import torch\n"
            "class _FuserFunction(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x, ops):\n"
            "        for op in ops:\n"
            "            x = op.fuser_forward([ctx], x)\n"
            "            op.load()\n"
            "        return x\n"
            "    @staticmethod\n"
            "    def backward(ctx, dy):\n"
            "        for op in reversed(ctx.ops):\n"
            "            dy = op.fuser_backward([ctx], dy)\n"
            "        return dy\n"
            "class OperationFuser:\n"
            "    def __call__(self, x):\n"
            "        return _FuserFunction.apply(x, self.ops)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.reachedUse("bias_add"), "te/ops/basic/bias.py:5, in 'op_forward'");
  EXPECT_NE(P.reachedUse("gelu"), "");
  EXPECT_EQ(P.reachedUse("fused_gemm"), "te/ops/fused.py:5, in 'fuser_forward'");
  EXPECT_NE(P.reachedUse("dgelu"), "");
  for (const char *Name : {"load_bias", "load_act", "cache_bias", "cache_act"}) {
    EXPECT_EQ(P.reachedUse(Name), "") << Name;
    EXPECT_NE(P.firstUse(Name), "") << Name;
  }
}

// detectron2's form: a project decorator that applies torch.compiler.disable
// (wrappers.py), used in another file on a function and on an
// autograd.Function's forward; the backward of that Function runs eagerly
// too. Look-alikes: the same names used by traced code, decorators that only
// look like an exclusion.
TEST(PythonFakes, UsesUnderCompileDisableAreUntraced) {
  std::string Dir = makeTempDir("python-compile-disable");
  writeFile(Dir + "/wrappers.py", "import functools\nimport torch\n"
                                  "def disable_torch_compiler(func):\n"
                                  "    if TORCH_VERSION >= (2, 1):\n"
                                  "        @torch.compiler.disable\n"
                                  "        @functools.wraps(func)\n"
                                  "        def wrapper(*args, **kwargs):\n"
                                  "            return func(*args, **kwargs)\n"
                                  "        return wrapper\n"
                                  "    return func\n"
                                  "def no_dynamo(fn):\n"
                                  "    return torch._dynamo.disable(fn, recursive=False)\n"
                                  "skip_compile = torch.compiler.disable\n"
                                  "def disable_grad(fn):\n"
                                  "    return torch.no_grad()(fn)\n");
  writeFile(Dir + "/nms.py",
            "import torch\nfrom torch.autograd import Function\n"
            "from .wrappers import disable_torch_compiler, no_dynamo, skip_compile\n"
            "from torch._dynamo import disable as nocompile\n"
            "@disable_torch_compiler\n"
            "def nms_rotated(boxes, scores, t):\n"
            "    return torch.ops.detectron2.nms_rotated(boxes, scores, t)\n"
            "class _ROIAlignRotated(Function):\n"
            "    @staticmethod\n"
            "    @disable_torch_compiler\n"
            "    def forward(ctx, x, roi):\n"
            "        return torch.ops.detectron2.roi_align_rotated_forward(x, roi)\n"
            "    @staticmethod\n"
            "    def backward(ctx, g):\n"
            "        return torch.ops.detectron2.roi_align_rotated_backward(g)\n"
            "@torch._dynamo.disable\n"
            "def a(x): return _C.by_dynamo(x)\n"
            "@torch.compiler.disable(recursive=False)\n"
            "def b(x): return _C.by_compiler(x)\n"
            "@nocompile\n"
            "def c(x): return _C.by_alias(x)\n"
            "@no_dynamo\n"
            "def d(x): return _C.by_call_wrapper(x)\n"
            "@skip_compile\n"
            "def e(x): return _C.by_assigned(x)\n"
            "@disable_grad\n"
            "def f(x): return _C.look_alike_grad(x)\n"
            "@torch.no_grad()\n"
            "def g(x):\n"
            "    return torch.ops.detectron2.box_iou_rotated(x, x)\n"
            "class Net(torch.nn.Module):\n"
            "    @disable_torch_compiler\n"
            "    def forward(self, x): return _C.both(x)\n"
            "    def backward_hook(self, x): return _C.plain_method(x)\n"
            "def h(x):\n"
            "    return _C.both(x)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.CompileDisablers, (std::set<std::string>{"torch.compiler.disable",
                                                       "disable_torch_compiler", "no_dynamo",
                                                       "skip_compile"}));
  // (The torch.ops calls are the operators' uses, not the names'.)
  for (const char *Op : {"nms_rotated", "roi_align_rotated_forward", "roi_align_rotated_backward"})
    EXPECT_NE(P.untracedOpUses("detectron2", Op).find("torch.compiler.disable"),
              std::string::npos)
        << Op;
  for (const char *Name : {"by_dynamo", "by_compiler", "by_alias", "by_call_wrapper",
                           "by_assigned"})
    EXPECT_NE(P.untracedUses(Name).find("torch.compiler.disable"), std::string::npos) << Name;
  EXPECT_EQ(P.untracedOpUses("detectron2", "nms_rotated"),
            "the project's Python uses it only in functions torch.compiler.disable keeps out of "
            "torch.compile (nms.py:7)");
  EXPECT_EQ(P.untracedOpUses("detectron2", "box_iou_rotated"), "");
  for (const char *Name : {"look_alike_grad", "both", "plain_method", "never_used"})
    EXPECT_EQ(P.untracedUses(Name), "") << Name;
}

// pytorch_scatter's form: the package's Python calls some of its operators
// through torch.ops one by one (scatter_min) and implements others in
// Python (scatter_sum): nothing in the project runs torch_scatter::scatter_sum.
TEST(PythonFakes, OperatorsPythonNeverNamesAreTold) {
  PythonOps P = scan("import torch\n"
                     "def scatter_sum(src, index):\n"
                     "    return src.scatter_add_(0, index, src)\n"
                     "def scatter_min(src, index):\n"
                     "    return torch.ops.torch_scatter.scatter_min(src, index)\n"
                     "def mul(src, index):\n"
                     "    return torch.ops.torch_scatter.scatter_mul.default(src, index)\n"
                     "SCHEMA = \"torch_scatter::segment_csr\"\n"
                     "NS = 'x'\n"
                     "BUILT = f\"{NS}::gather_csr\"\n");
  EXPECT_TRUE(P.neverNamedOp("torch_scatter", "scatter_sum"));
  EXPECT_TRUE(P.neverNamedOp("torch_scatter", "scatter_mean"));
  for (const char *Op : {"scatter_min", "scatter_mul", "segment_csr", "gather_csr"})
    EXPECT_FALSE(P.neverNamedOp("torch_scatter", Op)) << Op;
  // A namespace Python never names: its ops may be for others to call.
  EXPECT_FALSE(P.neverNamedOp("other", "op"));
  // Nor one Python only registers fakes for (tests/projects/split_op): it
  // never runs them, so it says nothing of which ones run.
  PythonOps F = scan("import torch\n"
                     "@torch.library.register_fake(\"fk::a\")\n"
                     "def _(x): return x\n"
                     "torch.library.register_fake(\"fk::b\")(lambda x: x)\n");
  EXPECT_FALSE(F.neverNamedOp("fk", "c"));

  // Forms that can reach any op of a namespace, or of any namespace.
  for (const char *Reach : {"ops = torch.ops.torch_scatter\n",
                            "f = getattr(torch.ops.torch_scatter, name)\n",
                            "f = torch.ops.torch_scatter.__getattr__(name)\n",
                            "f = getattr(torch.ops, ns)\n"}) {
    PythonOps Q = scan(std::string("import torch\n"
                                   "x = torch.ops.torch_scatter.scatter_min(a, b)\n") +
                       Reach);
    EXPECT_FALSE(Q.neverNamedOp("torch_scatter", "scatter_sum")) << Reach;
  }
  // Nor does a stand-in assigned for a docs build (detectron2's docs/conf.py).
  PythonOps M = scan("import torch\nx = torch.ops.torch_scatter.scatter_min(a, b)\n"
                     "torch.ops.torch_scatter = mock.Mock(name=\"torch.ops.torch_scatter\")\n");
  EXPECT_TRUE(M.neverNamedOp("torch_scatter", "scatter_sum"));
  // A registration name built in a loop reaches no op (Python calls them
  // through torch.ops).
  PythonOps R = scan("import torch\nx = torch.ops.torch_scatter.scatter_min(a, b)\n"
                     "for name in NAMES:\n"
                     "    torch.library.register_fake(f\"torch_scatter::{name}\")(fake)\n");
  EXPECT_TRUE(R.neverNamedOp("torch_scatter", "scatter_sum"));
}

namespace {
/// Lints \p Cpp (as src/ops.cpp, beside py/ with \p Py as py/ops.py) with
/// \p Check; "line: message" of each finding.
std::vector<std::string> lintWithPython(const std::string &Name, const std::string &Check,
                                        const std::string &Cpp, const std::string &Py) {
  std::string Dir = makeTempDir(Name);
  EXPECT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/src") + " " + shellQuote(Dir + "/py"))
                            .c_str()),
            0);
  writeFile(Dir + "/src/ops.cpp", Cpp);
  writeFile(Dir + "/py/ops.py", Py);
  // The project root (checks without a PythonRoots option read its Python).
  writeFile(Dir + "/setup.py", "from setuptools import setup\nsetup(name='ext')\n");
  writeFile(Dir + "/.clang-tidy", "Checks: '-*," + Check + "'\nCheckOptions:\n  " + Check +
                                      ".PythonRoots: '" + Dir + "/py'\n");
  RunResult R = runTorchLint("--no-project --format=json --torch-include=" +
                                 shellQuote(torchlint::test::mockIncludes()) + " " +
                                 shellQuote(Dir + "/src/ops.cpp"),
                             Dir + "/src");
  EXPECT_LE(R.ExitCode, 1) << R.Out << R.Err;
  std::vector<std::string> Got;
  nlohmann::json J = nlohmann::json::parse(R.Out, nullptr, false);
  for (const auto &F : J["findings"])
    Got.push_back(std::to_string(F["line"].get<int>()) + ": " + F["message"].get<std::string>());
  return Got;
}
} // namespace

// pytorch_scatter's form, end to end: the package calls torch.ops.sc.scatter_min
// and implements scatter_sum in Python; the registered sc::scatter_sum, which
// nothing in the project runs, is not reported (its catch-all reads data as
// scatter_min's does).
TEST(PythonFakes, OperatorsThePackageNeverRunsAreNotReported) {
  std::vector<std::string> Got = lintWithPython(
      "never-named-ops", "torch-compile-missing-fake-kernel",
      "#include <torch/torch.h>\n"
      "#include <torch/library.h>\n"
      "at::Tensor scatter(const at::Tensor &src, const at::Tensor &index) {\n"
      "  auto n = index.max().item<int64_t>();\n"
      "  return src.new_zeros({n});\n"
      "}\n"
      "at::Tensor k(const at::Tensor &x) { return x; }\n"
      "TORCH_LIBRARY(sc, m) {\n"
      "  m.def(\"scatter_min(Tensor src, Tensor index) -> Tensor\", &scatter);\n" // 9
      "  m.def(\"scatter_sum(Tensor src, Tensor index) -> Tensor\", &scatter);\n"
      "  m.def(\"segment(Tensor x) -> Tensor\");\n"   // 11
      "  m.def(\"unused(Tensor x) -> Tensor\");\n"
      "}\n"
      "TORCH_LIBRARY_IMPL(sc, CPU, m) {\n"
      "  m.impl(\"segment\", &k);\n"
      "  m.impl(\"unused\", &k);\n"
      "}\n",
      "import torch\n"
      "def scatter_sum(src, index):\n"
      "    return torch.zeros_like(src).scatter_add_(0, index, src)\n"
      "def scatter_min(src, index):\n"
      "    return torch.ops.sc.scatter_min(src, index)\n"
      "def segment(x):\n"
      "    return torch.ops.sc.segment.default(x)\n");
  ASSERT_EQ(Got.size(), 2u) << ::testing::PrintToString(Got);
  EXPECT_EQ(Got[0].rfind("9: 'sc::scatter_min' is registered without a dispatch key", 0), 0u)
      << Got[0];
  EXPECT_EQ(Got[1].rfind("11: 'sc::segment' has CPU kernels but no Meta", 0), 0u) << Got[1];
}

// The exemption is one fact every check asks: a pybind11 binding the
// project's Python calls only under torch.compiler.disable is no graph break
// torch.compile meets (opaque-binding), as an operator called there needs
// no fake (missing-fake-kernel, testdata).
TEST(PythonFakes, BindingsCalledOnlyUnderCompileDisableAreNotReported) {
  std::vector<std::string> Got = lintWithPython(
      "disabled-bindings", "torch-compile-opaque-binding",
      "#include <torch/extension.h>\n"
      "at::Tensor nms(const at::Tensor &x) { return x; }\n"
      "at::Tensor iou(const at::Tensor &x) { return x; }\n"
      "PYBIND11_MODULE(_C, m) {\n"
      "  m.def(\"nms\", &nms);\n"
      "  m.def(\"iou\", &iou);\n" // 6
      "}\n",
      "import torch\nfrom . import _C\n"
      "@torch.compiler.disable\n"
      "def nms(x):\n"
      "    return _C.nms(x)\n"
      "def iou(x):\n"
      "    return _C.iou(x)\n"
      "class Net(torch.nn.Module):\n"
      "    def forward(self, x):\n"
      "        return iou(x)\n");
  ASSERT_EQ(Got.size(), 1u) << ::testing::PrintToString(Got);
  EXPECT_EQ(Got[0].rfind("6: pybind11 binding 'iou'", 0), 0u) << Got[0];
}

// TransformerEngine's form: an autograd Function runs where its `apply` is
// used (or its `forward`, run without autograd), and TE applies _Fp8Padding
// only in Fp8Padding.forward, which its factory decorator
// `@no_torch_dynamo()` keeps out of torch.compile: the bindings the
// Function's forward and backward call are not reached. Look-alikes: a
// Function applied in a traced forward, through a module-level alias, from
// a table, kept by a constructor, in a function nothing is seen to call, or
// never named (its users apply it). Applied only in a test: not reached.
TEST(PythonFakes, AnAutogradFunctionRunsWhereItsApplyIsUsed) {
  std::string Dir = makeTempDir("python-autograd-apply");
  for (const char *Sub : {"/te", "/tests"})
    ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + Sub));
  writeFile(Dir + "/te/jit.py", "import torch\n"
                                "if torch.__version__ >= '2':\n"
                                "    def no_torch_dynamo(recursive=True, when=None):\n"
                                "        def _disable(f):\n"
                                "            return (\n"
                                "                torch._dynamo.disable(f, recursive=recursive)\n"
                                "            )\n"
                                "        def decorator(f):\n"
                                "            disabled_f = _disable(f)\n"
                                "            return disabled_f\n"
                                "        return decorator\n");
  writeFile(Dir + "/te/padding.py",
            "import torch\nimport transformer_engine_torch as tex\n"
            "from .jit import no_torch_dynamo\n"
            "class _Fp8Padding(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, inp, m_splits):\n"
            "        return tex.fused_multi_row_padding(inp, m_splits)\n" // 7
            "    @staticmethod\n"
            "    def backward(ctx, g):\n"
            "        return _unpad(g), None\n"
            "def _unpad(g):\n"
            "    return tex.fused_multi_row_unpadding(g)\n"
            "class Fp8Padding(torch.nn.Module):\n"
            "    @no_torch_dynamo()\n"
            "    def forward(self, inp, m_splits):\n"
            "        if torch.is_grad_enabled():\n"
            "            fn = _Fp8Padding.apply\n"
            "            args = []\n"
            "        else:\n"
            "            fn = _Fp8Padding.forward\n"
            "            args = [None]\n"
            "        return fn(*args, inp, m_splits)\n"
            "class _Scale(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        return tex.scale(x)\n" // 26
            "    @staticmethod\n"
            "    def backward(ctx, g):\n"
            "        return tex.scale_backward(g)\n" // 29
            "class Scale(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return _Scale.apply(x)\n"
            "class _Gather(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        return tex.gather(x)\n" // 36
            "gather = _Gather.apply\n"
            "def pick(x):\n"
            "    return gather(x)\n"
            "class Pick(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return pick(x)\n"
            "class _Table(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        return tex.table(x)\n" // 46
            "OPS = {'table': _Table.apply}\n"
            "class _Orphan(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        return tex.orphan(x)\n" // 51
            "class _Tested(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        return tex.tested(x)\n"
            "class _Kept(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        return tex.kept(x)\n" // 59
            "class Kept(torch.nn.Module):\n"
            "    def __init__(self):\n"
            "        self.fn = _Kept.apply\n"
            "    def __call__(self, x):\n"
            "        return self.fn(x)\n"
            "class _Loose(torch.autograd.Function):\n"
            "    @staticmethod\n"
            "    def forward(ctx, x):\n"
            "        return tex.loose(x)\n" // 68
            "def loose(x):\n"
            "    return _Loose.apply(x)\n");
  writeFile(Dir + "/tests/test_padding.py", "from te.padding import _Tested\n"
                                            "def test_tested():\n"
                                            "    _Tested.apply(1)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_EQ(P.AutogradFunctions, (std::set<std::string>{"_Fp8Padding", "_Scale", "_Gather",
                                                        "_Table", "_Orphan", "_Tested",
                                                        "_Kept", "_Loose"}));
  EXPECT_TRUE(P.CompileDisablers.count("no_torch_dynamo"));
  // Applied only under the disabler: used, but nowhere torch.compile traces.
  for (const char *Name : {"fused_multi_row_padding", "fused_multi_row_unpadding", "tested"}) {
    EXPECT_EQ(P.reachedUse(Name), "") << Name;
    EXPECT_NE(P.firstUse(Name), "") << Name;
  }
  EXPECT_EQ(P.reachedUse("scale"), "te/padding.py:26, in '_Scale.forward'");
  EXPECT_EQ(P.reachedUse("scale_backward"), "te/padding.py:29, in '_Scale.backward'");
  EXPECT_EQ(P.reachedUse("gather"), "te/padding.py:36, in '_Gather.forward'");
  EXPECT_EQ(P.reachedUse("table"), "te/padding.py:46, in '_Table.forward'");
  EXPECT_EQ(P.reachedUse("orphan"), "te/padding.py:51, in '_Orphan.forward'");
  EXPECT_EQ(P.reachedUse("kept"), "te/padding.py:59, in '_Kept.forward'");
  EXPECT_EQ(P.reachedUse("loose"), "te/padding.py:68, in '_Loose.forward'");
}

// An operator's uses are its uses as torch.ops.ns.op: detectron2's Python
// function nms_rotated (called where torch.compile traces) is not the op
// detectron2::nms_rotated (used only in it, under the exclusion). A block
// torch.compile never runs (`if torch.jit.is_scripting() or
// torch.jit.is_tracing():`) is no traced use either; its `else` is.
TEST(PythonFakes, OperatorUsesAreTheirTorchOpsUses) {
  const char *Source =
      "import torch\n"
      "@torch.compiler.disable\n"
      "def nms_rotated(boxes, scores, t):\n"
      "    return torch.ops.detectron2.nms_rotated(boxes, scores, t)\n"
      "def batched_nms_rotated(boxes, scores, t):\n"
      "    return nms_rotated(boxes, scores, t)\n"
      "class ROIAlignRotated(torch.nn.Module):\n"
      "    def forward(self, x, rois):\n"
      "        if torch.jit.is_scripting() or torch.jit.is_tracing():\n"
      "            return torch.ops.detectron2.roi_align_rotated_forward(x, rois)\n"
      "        if not torch.compiler.is_compiling():\n"
      "            torch.ops.detectron2.eager_check(x)\n"
      "        if torch.jit.is_scripting():\n"
      "            y = torch.ops.detectron2.scripted_or_not(x)\n"
      "        else:\n"
      "            y = torch.ops.detectron2.scripted_or_not(x)\n"
      "        if torch.jit.is_scripting() and x.numel():\n"
      "            torch.ops.detectron2.look_alike_and(x)\n"
      "        if torch.compiler.is_compiling():\n"
      "            torch.ops.detectron2.look_alike_compiling(x)\n"
      "        return roi_align_rotated(x, rois)\n";
  PythonOps P = scan(Source);
  EXPECT_EQ(P.untracedUses("nms_rotated"), ""); // the Python function
  EXPECT_EQ(P.untracedOpUses("detectron2", "nms_rotated"),
            "the project's Python uses it only in functions torch.compiler.disable keeps out "
            "of torch.compile (m.py:4)");
  EXPECT_EQ(P.untracedOpUses("detectron2", "roi_align_rotated_forward"),
            "the project's Python uses it only in branches torch.compile never takes (m.py:10: "
            "`if torch.jit.is_scripting()`)");
  EXPECT_NE(P.untracedOpUses("detectron2", "eager_check"), "");
  for (const char *Op : {"scripted_or_not", "look_alike_and", "look_alike_compiling", "never"})
    EXPECT_EQ(P.untracedOpUses("detectron2", Op), "") << Op;
  // A namespace reached in ways the scan cannot follow: no exemption.
  PythonOps Q = scan(std::string(Source) + "ops = torch.ops.detectron2\n");
  EXPECT_EQ(Q.untracedOpUses("detectron2", "nms_rotated"), "");
}

// bevfusion's feature_decorator: the package imports the extension module
// (whose loading registers the op with torch::RegisterOperators) and calls
// the op through torch.ops inside a module's forward; the pybind11 binding
// of the same name is called only under `if __name__ == '__main__':`. The
// torch.ops call is the operator's use, never the binding's; a call of the
// binding on the module still is one (look-alike).
TEST(PythonFakes, ATorchOpsCallIsNoUseOfTheBindingOfItsName) {
  PythonOps P = scan("import torch\n"
                     "from . import feature_decorator_ext\n"
                     "class RadarEncoder(torch.nn.Module):\n"
                     "    def forward(self, f, n, c):\n"
                     "        x = torch.ops.feature_decorator_ext.feature_decorator_forward(f, c, n)\n"
                     "        return feature_decorator_ext.other_binding(x)\n"
                     "if __name__ == '__main__':\n"
                     "    D = feature_decorator_ext.feature_decorator_forward(A, B, C)\n");
  P.finishScan();
  EXPECT_NE(P.firstUse("feature_decorator_ext::feature_decorator_forward"), "");
  EXPECT_EQ(P.reachedUse(P.keyFor("feature_decorator_forward", "feature_decorator_ext")), "");
  EXPECT_EQ(P.firstUse(P.keyFor("feature_decorator_forward", "feature_decorator_ext")), "m.py:8");
  EXPECT_EQ(P.reachedUse(P.keyFor("other_binding", "feature_decorator_ext")),
            "m.py:6, in 'forward'");
}

// NATTEN's form (first look, round 48): the package binds the binding's own
// name at module level to the operator, `fmha_forward =
// torch.ops.natten.fmha_forward`, or to a function registered as a custom
// op (`register_op`, torch.library.custom_op on new torch, an identity on
// old), and its __init__.py re-exports that name (absolutely, in a `try:`);
// its autograd Function calls it. The binding is called only inside the
// custom op's body. A name bound to the binding itself (`rms_norm =
// rms_norm_cxx`, imported from the extension) is still the binding.
TEST(PythonFakes, ANameTheModuleBindsToAnOperatorIsNoUseOfTheBindingOfThatName) {
  PythonOps P;
  scanPythonSource("import torch\n"
                   "from natten.libnatten import fmha_forward as fmha_forward_cxx\n"
                   "from natten.libnatten import na1d_forward as na1d_forward_cxx\n"
                   "from natten.libnatten import rms_norm as rms_norm_cxx\n"
                   "if DISABLE_TORCH_OPS:\n"
                   "    register_op = disabled_register_op\n"
                   "else:\n"
                   "    register_op = torch.library.custom_op\n"
                   "@register_op(\"natten::fmha_forward\", mutates_args=())\n"
                   "def fmha_forward_torch_op(q):\n"
                   "    return fmha_forward_cxx(q)\n"
                   "@register_op(\"natten::na1d_forward\", mutates_args=())\n"
                   "def na1d_forward_torch_op(q):\n"
                   "    return na1d_forward_cxx(q)\n"
                   "if DISABLE_TORCH_OPS:\n"
                   "    fmha_forward = fmha_forward_torch_op\n"
                   "    na1d_forward = na1d_forward_torch_op\n"
                   "else:\n"
                   "    fmha_forward = torch.ops.natten.fmha_forward\n"
                   "rms_norm = rms_norm_cxx\n",
                   P, "natten/_libnatten/torch_wrappers.py");
  scanPythonSource("try:\n"
                   "    from natten import libnatten\n"
                   "    from natten._libnatten.torch_wrappers import (\n"
                   "        fmha_forward,\n"
                   "        na1d_forward,\n"
                   "        rms_norm,\n"
                   "    )\n"
                   "except ImportError:\n"
                   "    pass\n",
                   P, "natten/_libnatten/__init__.py");
  scanPythonSource("import torch\n"
                   "from natten._libnatten import fmha_forward, na1d_forward, rms_norm\n"
                   "class FmhaFn(torch.autograd.Function):\n"
                   "    @staticmethod\n"
                   "    def forward(ctx, q):\n"
                   "        return rms_norm(na1d_forward(fmha_forward(q)))\n",
                   P, "natten/backends/fmha.py");
  P.finishScan();
  EXPECT_EQ(P.reachedUse(P.keyFor("fmha_forward", "libnatten")), "");
  EXPECT_EQ(P.reachedUse(P.keyFor("na1d_forward", "libnatten")), "");
  // (What calls the binding is the custom op's body, through the name it
  // is imported as.)
  EXPECT_NE(P.untracedUses(P.keyFor("fmha_forward", "libnatten"))
                .find("in operators' Python kernels (natten/_libnatten/torch_wrappers.py:11)"),
            std::string::npos)
      << P.untracedUses(P.keyFor("fmha_forward", "libnatten"));
  EXPECT_EQ(P.reachedUse(P.keyFor("rms_norm", "libnatten")),
            "natten/backends/fmha.py:6, in 'FmhaFn.forward'");
}

// tutel's NCCL bootstrap (first look, round 48): bindings called in a block
// under `if not FLAG` that sets the flag run once, the first time the
// forward does, not in every call torch.compile traces. Look-alikes: a
// condition joined by `or`, and a block that never sets its flag, run in
// every call.
TEST(PythonFakes, UsesInAOneTimeInitialisationAreUntraced) {
  PythonOps P = scan("import torch\n"
                     "from . import tutel_custom_kernel as k\n"
                     "class Status:\n"
                     "    initialized = False\n"
                     "def init(group):\n"
                     "    if world_size(group) > 1 and not Status.initialized:\n"
                     "        uid = torch.zeros([128])\n"
                     "        if rank == 0:\n"
                     "            k.get_nccl_unique_id(uid)\n"
                     "        k.init_nccl(uid)\n"
                     "\n"
                     "        Status.initialized = True\n"
                     "    if not Status.ready or force:\n"
                     "        k.refresh(group)\n"
                     "        Status.ready = True\n"
                     "    if not Status.warm:\n"
                     "        k.warm_up(group)\n"
                     "class Moe(torch.nn.Module):\n"
                     "    def forward(self, x):\n"
                     "        init(self.group)\n"
                     "        return k.all_to_all(x)\n");
  P.finishScan();
  EXPECT_EQ(P.reachedUse("get_nccl_unique_id"), "");
  EXPECT_EQ(P.reachedUse("init_nccl"), "");
  EXPECT_NE(P.untracedUses("init_nccl").find("in one-time initialisation (m.py:10"),
            std::string::npos)
      << P.untracedUses("init_nccl");
  EXPECT_EQ(P.untracedUses("refresh"), "");
  EXPECT_EQ(P.reachedUse("refresh"), "m.py:14, in 'init'");
  EXPECT_EQ(P.untracedUses("warm_up"), "");
  EXPECT_EQ(P.untracedUses("all_to_all"), "");
}

// PointGroup's form (first look, round 49): an autograd Function whose one
// use is a module-level alias of its apply (`point_recover =
// PointRecover.apply`) that no Python of the project names again is never
// run by the project: its methods are no roots. Look-alikes: an alias
// something calls, one called through a lookup the scan does not follow
// (MTR's `attention.__all__[version].attention_weight_computation(...)`),
// and one the package exports (its users' API).
TEST(PythonFakes, AFunctionWhoseApplyAliasNothingCallsIsNotRun) {
  PythonOps P;
  scanPythonSource("import torch\n"
                   "from torch.autograd import Function\n"
                   "import PG_OP\n"
                   "class PointRecover(Function):\n"
                   "    @staticmethod\n"
                   "    def forward(ctx, feats):\n"
                   "        return PG_OP.point_recover_fp(feats)\n"
                   "point_recover = PointRecover.apply\n"
                   "class SecMean(Function):\n"
                   "    @staticmethod\n"
                   "    def forward(ctx, x):\n"
                   "        return PG_OP.sec_mean(x)\n"
                   "sec_mean = SecMean.apply\n"
                   "class Knn(Function):\n"
                   "    @staticmethod\n"
                   "    def forward(ctx, x):\n"
                   "        return PG_OP.knn(x)\n"
                   "knn = Knn.apply\n"
                   "class Weight(Function):\n"
                   "    @staticmethod\n"
                   "    def forward(ctx, x):\n"
                   "        return PG_OP.attention_weight(x)\n"
                   "attention_weight_computation = Weight.apply\n",
                   P, "lib/ops/functions/ops.py");
  scanPythonSource("from lib.ops import functions as attention\n"
                   "import torch\n"
                   "class Local(torch.nn.Module):\n"
                   "    def forward(self, x):\n"
                   "        return attention.__all__[self.version].attention_weight_computation(x)\n",
                   P, "model/local.py");
  scanPythonSource("from lib.ops.functions import ops\n"
                   "import torch\n"
                   "class Model(torch.nn.Module):\n"
                   "    def forward(self, x):\n"
                   "        return ops.sec_mean(x)\n",
                   P, "model/model.py");
  scanPythonSource("from .ops import knn\n", P, "lib/ops/functions/__init__.py");
  P.finishScan();
  EXPECT_EQ(P.reachedUse("point_recover_fp"), "");
  EXPECT_EQ(P.reachedUse("sec_mean"), "lib/ops/functions/ops.py:12, in 'SecMean.forward'");
  EXPECT_EQ(P.reachedUse("knn"), "lib/ops/functions/ops.py:17, in 'Knn.forward'");
  EXPECT_EQ(P.reachedUse("attention_weight"), "lib/ops/functions/ops.py:22, in 'Weight.forward'");
}

// pytorch3d's _C: the package's Python wraps most bindings, calls some only
// in its tests, and never calls others (the naive rasterizers): no thread
// and no torch.compile'd model of the package meets those. A test that
// compiles something is no test-only use; a module whose bindings the
// package's Python does not use outside tests is its users' API.
// pytorch_sparse's form: the package runs torch_sparse::spmm_sum through
// torch.ops; only its tests run neighbor_sample (PyG's data loaders do).
TEST(PythonFakes, OperatorsOnlyTestsRunAreTold) {
  std::string Dir = makeTempDir("python-test-only-ops");
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/pkg") + " " + shellQuote(Dir + "/test"))
                            .c_str()),
            0);
  writeFile(Dir + "/pkg/matmul.py", "import torch\n"
                                    "def spmm(rowptr, col, value, other):\n"
                                    "    return torch.ops.torch_sparse.spmm_sum(rowptr, col, value, "
                                    "other)\n");
  writeFile(Dir + "/test/test_neighbor_sample.py",
            "import torch\n"
            "neighbor_sample = torch.ops.torch_sparse.neighbor_sample\n"
            "def test_both():\n"
            "    torch.ops.torch_sparse.spmm_sum(a, b, c, d)\n"
            "    torch.ops.torch_sparse.ego_sample(a)\n");
  writeFile(Dir + "/test/test_only.py", "import torch\n"
                                        "def test_x():\n"
                                        "    torch.ops.only_tests.op(1)\n");
  const PythonOps P = scanPythonTrees({Dir});
  EXPECT_TRUE(P.neverNamedOp("torch_sparse", "neighbor_sample"));
  EXPECT_TRUE(P.neverNamedOp("torch_sparse", "ego_sample"));
  EXPECT_FALSE(P.neverNamedOp("torch_sparse", "spmm_sum"));
  // A namespace only tests run: its ops are the API, for others to call.
  EXPECT_FALSE(P.neverNamedOp("only_tests", "op"));
}

TEST(PythonFakes, BindingsThePackageNeverUsesOrOnlyTestsAreTold) {
  std::string Dir = makeTempDir("python-unused-bindings");
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/pkg") + " " + shellQuote(Dir + "/tests"))
                            .c_str()),
            0);
  writeFile(Dir + "/pkg/ops.py", "from . import _C\n"
                                 "def rasterize(x):\n"
                                 "    return _C.rasterize(x)\n");
  writeFile(Dir + "/tests/test_ops.py", "from pkg import _C\n"
                                        "def test_coarse():\n"
                                        "    _C.rasterize_coarse(1)\n"
                                        "    _C.rasterize(1)\n");
  writeFile(Dir + "/tests/test_compile.py", "import torch\nfrom pkg import _C\n"
                                            "def test_compiled():\n"
                                            "    torch.compile(_C.compiled_in_test)(1)\n");
  writeFile(Dir + "/pkg/test_helpers.py", "from . import _C\n_C.helper_only(1)\n");
  const PythonOps P = scanPythonTrees({Dir});
  std::vector<std::string> Module = {"rasterize", "rasterize_coarse", "rasterize_naive",
                                     "compiled_in_test", "helper_only"};
  EXPECT_EQ(P.unusedBinding("rasterize_naive", Module),
            "the project's Python never uses it (it uses 'rasterize' of the same module, "
            "pkg/ops.py:3)");
  EXPECT_EQ(P.unusedBinding("rasterize_coarse", Module),
            "the project's Python uses it only in tests (tests/test_ops.py:3)");
  EXPECT_NE(P.unusedBinding("helper_only", Module), "");
  EXPECT_EQ(P.unusedBinding("rasterize", Module), "");
  EXPECT_EQ(P.unusedBinding("compiled_in_test", Module), "");
  // A module only tests use: its bindings are the API.
  EXPECT_EQ(P.unusedBinding("rasterize_naive", {"rasterize_coarse", "rasterize_naive"}), "");
}

TEST(PythonFakes, BindingsThePackageNeverUsesAreNotReported) {
  const std::string Cpp = "#include <torch/extension.h>\n"
                          "at::Tensor fine(const at::Tensor &x) { return x / x.sum().item<float>(); }\n"
                          "at::Tensor naive(const at::Tensor &x) { return x / x.sum().item<float>(); }\n"
                          "PYBIND11_MODULE(_C, m) {\n"
                          "  m.def(\"fine\", &fine);\n" // 5
                          "  m.def(\"naive\", &naive);\n"
                          "}\n";
  const std::string Py =
      "from . import _C\nclass Net(torch.nn.Module):\n    def forward(self, x):\n        return _C.fine(x)\n";
  for (const char *Check : {"torch-compile-opaque-binding", "torch-binding-gil"}) {
    std::vector<std::string> Got = lintWithPython(std::string("unused-") + Check, Check, Cpp, Py);
    ASSERT_EQ(Got.size(), 1u) << Check << ::testing::PrintToString(Got);
    EXPECT_EQ(Got[0].rfind("5: pybind11 binding 'fine'", 0), 0u) << Got[0];
  }
}

// torchsparse binds two hash tables with methods of the same names; its
// Python makes only GPUHashTable. GPUHashTable32's methods are unused: the
// class is, whatever its methods are called. A class whose objects a bound
// function returns is used without its name.
TEST(PythonFakes, MethodsOfAClassThePackageNeverNamesAreNotReported) {
  const std::string Cpp = "#include <torch/extension.h>\n"
                          "struct Table { at::Tensor lookup(const at::Tensor &k) { return k; } };\n"
                          "struct Table32 { at::Tensor lookup(const at::Tensor &k) { return k; } };\n"
                          "struct Made { at::Tensor lookup(const at::Tensor &k) { return k; } };\n"
                          "Made make() { return Made(); }\n"
                          "PYBIND11_MODULE(_C, m) {\n"
                          "  pybind11::class_<Table>(m, \"Table\").def(\"lookup\", &Table::lookup);\n" // 7
                          "  pybind11::class_<Table32>(m, \"Table32\").def(\"lookup\", &Table32::lookup);\n"
                          "  pybind11::class_<Made>(m, \"Made\").def(\"lookup\", &Made::lookup);\n" // 9
                          "  m.def(\"make\", &make);\n"
                          "}\n";
  const std::string Py = "from . import _C\n"
                         "class Net(torch.nn.Module):\n    def forward(self, k):\n"
                         "        return _C.Table().lookup(k) + _C.make().lookup(k)\n";
  std::vector<std::string> Got =
      lintWithPython("unused-methods", "torch-compile-opaque-binding", Cpp, Py);
  ASSERT_EQ(Got.size(), 2u) << ::testing::PrintToString(Got);
  EXPECT_EQ(Got[0].rfind("7: pybind11 method 'Table.lookup'", 0), 0u) << Got[0];
  EXPECT_EQ(Got[1].rfind("9: pybind11 method 'Made.lookup'", 0), 0u) << Got[1];
}

// cubvh's HashTable: the package's Python class wraps the bound object and
// calls its build and search, never its insert. A method of a class the
// package uses, never called while the class's other methods are, is
// unused, as a function of a module whose other bindings the package calls
// (the rule a function-returned object's methods already had). Look-alike:
// a class none of whose methods the package calls by name (the object only
// passed on) leaves its methods its users' API.
TEST(PythonFakes, AMethodNeverCalledWhileItsClassesOthersAreIsNotReported) {
  const std::string Cpp = "#include <torch/extension.h>\n"
                          "struct HashTable {\n"
                          "  void insert(const at::Tensor &k) {}\n"
                          "  void build(const at::Tensor &k) {}\n"
                          "  at::Tensor search(const at::Tensor &q) { return q; }\n"
                          "};\n"
                          "struct Opaque { at::Tensor run(const at::Tensor &q) { return q; } };\n"
                          "PYBIND11_MODULE(_C, m) {\n"
                          "  pybind11::class_<HashTable>(m, \"HashTable\")\n"
                          "      .def(\"insert\", &HashTable::insert)\n" // 10
                          "      .def(\"build\", &HashTable::build)\n"   // 11
                          "      .def(\"search\", &HashTable::search)\n" // 12
                          "      .def(\"trace\", &HashTable::search);\n" // 13
                          "  pybind11::class_<Opaque>(m, \"Opaque\").def(\"run\", &Opaque::run);\n" // 14
                          "}\n";
  const std::string Py = "import torch\nfrom . import _C\n"
                         "class HashTable:\n"
                         "    def __init__(self):\n"
                         "        self.impl = _C.HashTable()\n"
                         "    def build(self, coords):\n"
                         "        self.impl.build(coords)\n"
                         "    def search(self, queries):\n"
                         "        return self.impl.search(queries)\n"
                         "def make():\n"
                         "    return _C.Opaque()\n"
                         "class Scene:\n"
                         "    def trace(self, rays):\n"
                         "        return rays\n"
                         "class _Render(torch.autograd.Function):\n"
                         "    @staticmethod\n"
                         "    def forward(ctx, wrapper, rays):\n"
                         "        return wrapper.trace(rays)\n";
  // (3dgrut's form: `wrapper.trace(...)` on the Function's parameter holding
  // the object, taken for Scene.trace: maybe the method, not unused.)
  std::vector<std::string> Got =
      lintWithPython("unused-method", "torch-compile-opaque-binding", Cpp, Py);
  std::vector<std::string> Unreached = lintWithPython(
      "unused-method-unreached", "torch-compile-opaque-binding-unreached", Cpp, Py);
  Got.insert(Got.end(), Unreached.begin(), Unreached.end());
  std::sort(Got.begin(), Got.end());
  ASSERT_EQ(Got.size(), 4u) << ::testing::PrintToString(Got);
  EXPECT_EQ(Got[0].rfind("11: pybind11 method 'HashTable.build'", 0), 0u) << Got[0];
  EXPECT_EQ(Got[1].rfind("12: pybind11 method 'HashTable.search'", 0), 0u) << Got[1];
  EXPECT_EQ(Got[2].rfind("13: pybind11 method 'HashTable.trace'", 0), 0u) << Got[2];
  EXPECT_EQ(Got[3].rfind("14: pybind11 method 'Opaque.run'", 0), 0u) << Got[3];
}

// torchtext's Vectors: Python runs `__setitem__` and `__getitem__` through
// subscripts (`self.vectors[token] = v`), which the scan does not see as
// calls; "never calls it" would be a guess. A special method the package
// never names is where the project calls it is not known: the -unreached
// check's, which says so; a named method (lookup_vectors, in a forward)
// stays this check's, and so does a special method called by name in a
// forward (look-alike).
TEST(PythonFakes, ASpecialMethodPythonRunsThroughSyntaxIsNotSaidNeverCalled) {
  const std::string Cpp =
      "#include <torch/extension.h>\n"
      "struct Vectors {\n"
      "  at::Tensor lookup_vectors(const at::Tensor &k) { return k; }\n"
      "  at::Tensor __getitem__(int64_t i) { return t[i]; }\n"
      "  void __setitem__(int64_t i, const at::Tensor &v) { t = v; }\n"
      "  at::Tensor __call__(const at::Tensor &k) { return k; }\n"
      "  at::Tensor t;\n"
      "};\n"
      "PYBIND11_MODULE(_C, m) {\n"
      "  pybind11::class_<Vectors>(m, \"Vectors\")\n"
      "      .def(\"lookup_vectors\", &Vectors::lookup_vectors)\n" // 11
      "      .def(\"__getitem__\", &Vectors::__getitem__)\n"       // 12
      "      .def(\"__setitem__\", &Vectors::__setitem__)\n"       // 13
      "      .def(\"__call__\", &Vectors::__call__);\n"            // 14
      "}\n";
  const std::string Py = "import torch\nfrom . import _C\n"
                         "class Embed(torch.nn.Module):\n"
                         "    def __init__(self):\n"
                         "        super().__init__()\n"
                         "        self.vectors = _C.Vectors()\n"
                         "    def forward(self, k):\n"
                         "        return self.vectors.lookup_vectors(k) + self.vectors.__call__(k)\n"
                         "    def __setitem__(self, i, v):\n"
                         "        self.vectors[i] = v.float()\n";
  std::vector<std::string> Got =
      lintWithPython("dunder-methods", "torch-compile-opaque-binding", Cpp, Py);
  ASSERT_EQ(Got.size(), 2u) << ::testing::PrintToString(Got);
  EXPECT_EQ(Got[0].rfind("11: pybind11 method 'Vectors.lookup_vectors'", 0), 0u) << Got[0];
  EXPECT_EQ(Got[1].rfind("14: pybind11 method 'Vectors.__call__'", 0), 0u) << Got[1];
  Got = lintWithPython("dunder-methods-unreached", "torch-compile-opaque-binding-unreached", Cpp,
                       Py);
  ASSERT_EQ(Got.size(), 2u) << ::testing::PrintToString(Got);
  EXPECT_EQ(Got[0].rfind("12: pybind11 method 'Vectors.__getitem__'", 0), 0u) << Got[0];
  EXPECT_EQ(Got[1].rfind("13: pybind11 method 'Vectors.__setitem__'", 0), 0u) << Got[1];
}

// A file nesting 1,500 decorated defs, then 200,000 uses at the bottom:
// each use carries at most 16 markers of the functions around it, and four
// of its own ("in f1499", "not called", "on a", and "passed on" for every
// item of the tuple but the first) (the scan stays linear in the file;
// every use copying 1,500 took a minute for a 4 MiB file). torch's own
// markers are kept: the disable at the top still exempts.
TEST(PythonFakes, DeeplyNestedDecoratorsDoNotMultiplyTheUses) {
  std::string Source = "@torch.compiler.disable\ndef top():\n";
  for (int I = 1; I < 1500; ++I)
    Source += std::string(I, ' ') + "@dec" + std::to_string(I) + "\n" + std::string(I, ' ') +
              "def f" + std::to_string(I) + "():\n";
  Source += std::string(1500, ' ');
  for (int I = 0; I < 200000; ++I)
    Source += "a.b,";
  Source += "a.b\n";
  PythonOps P = scan(Source);
  ASSERT_EQ(P.Uses.at("b").size(), 2u);
  std::multiset<size_t> Sizes;
  for (const auto &[Markers, At] : P.Uses.at("b"))
    Sizes.insert(Markers.size());
  EXPECT_EQ(Sizes, (std::multiset<size_t>{19u, 20u}));
  EXPECT_NE(P.untracedUses("b"), "");
}

// An attribute built from one of a few classes runs the forward of each
// (`self.layer = A(...) if fused else B(...)`); one a file builds from
// 20,000 classes, each of 20,000 calls then a use of every one, is not
// followed (the scan stays linear in the file).
TEST(PythonFakes, AnAttributeBuiltFromManyClassesIsNotFollowed) {
  std::string Few = "class A:\n    def forward(self, x):\n        return _C.a(x)\n"
                    "class B:\n    def forward(self, x):\n        return _C.b(x)\n"
                    "class M(nn.Module):\n    def __init__(self, fused):\n"
                    "        self.layer = A() if fused else B()\n"
                    "    def forward(self, x):\n        return self.layer.forward(x)\n";
  PythonOps P = scan(Few);
  P.finishScan();
  EXPECT_NE(P.reachedUse("a"), "");
  EXPECT_NE(P.reachedUse("b"), "");
  std::string Many = "class C0:\n    def forward(self, x):\n        return _C.c0(x)\n"
                     "class M(nn.Module):\n    def __init__(self, k):\n";
  for (int I = 0; I < 20000; ++I)
    Many += "        self.layer = C" + std::to_string(I) + "()\n";
  Many += "    def forward(self, x):\n";
  for (int I = 0; I < 20000; ++I)
    Many += "        x = self.layer.forward(x)\n";
  PythonOps Q = scan(Many);
  EXPECT_EQ(Q.Uses.count("C0.forward"), 0u);
  Q.finishScan();
  EXPECT_EQ(Q.reachedUse("c0"), "");
}

// A file chaining 20,000 functions from a forward: the reach is one walk
// over the calls (a fixpoint over every name per step took quadratic time
// on such a file); the last one is reached, a function off the chain not.
TEST(PythonFakes, ALongChainOfCallsIsWalkedOnce) {
  std::string Source = "class M(nn.Module):\n    def forward(self, x):\n        return f0(x)\n";
  for (int I = 0; I < 20000; ++I)
    Source += "def f" + std::to_string(I) + "(x):\n    return f" + std::to_string(I + 1) +
              "(x)\n";
  Source += "def f20000(x):\n    return _C.deep(x)\n";
  Source += "def off(x):\n    return _C.shallow(x)\n";
  PythonOps P = scan(Source);
  P.finishScan();
  EXPECT_NE(P.reachedUse("deep"), "");
  EXPECT_EQ(P.reachedUse("shallow"), "");
}

// GPTQModel JIT-builds exllamav2's ext_gptq.cpp and ext_awq.cpp by name; the
// older pybind11 ext.cpp beside them is built by nothing. Globs of sources
// (an f-string pattern, "*.cu") keep the files they match possibly built.
TEST(PythonFakes, SourcesNamedBesideAFileButNeverItMeanItIsNotBuilt) {
  PythonOps P;
  scanPythonSource("from pathlib import Path\n"
                   "def _root():\n    return Path(__file__).parent / 'exllamav2'\n"
                   "def _sources():\n    root = _root()\n"
                   "    return [str(root / \"ext_gptq.cpp\"), str(root / 'cuda' / 'q_gemm.cu')]\n"
                   "def _marlin(dtype_tag):\n    return sorted(glob(f\"kernel_{dtype_tag}_*.cu\"))\n",
                   P, "gptqmodel/utils/exllamav2.py");
  EXPECT_TRUE(P.SourceNames.count("ext_gptq.cpp"));
  EXPECT_TRUE(P.SourceNames.count("q_gemm.cu"));
  EXPECT_TRUE(P.SourceGlobs.count("kernel_*_*.cu"));
  const std::vector<std::string> Exllama = {"ext.cpp", "ext_gptq.cpp", "ext_awq.cpp"};
  const std::vector<std::string> Marlin = {"kernel_fp16_a.cu", "gemm.cpp"};
  const std::vector<std::string> Other = {"solo.cpp"};
  EXPECT_TRUE(P.notBuilt("/r/ext/exllamav2/ext.cpp", Exllama));
  EXPECT_FALSE(P.notBuilt("/r/ext/exllamav2/ext_gptq.cpp", Exllama)); // named
  EXPECT_FALSE(P.notBuilt("/r/ext/marlin/kernel_fp16_a.cu", Marlin)); // globbed
  EXPECT_TRUE(P.notBuilt("/r/ext/marlin/gemm.cpp", {"gemm.cpp", "q_gemm.cu"}));
  EXPECT_FALSE(P.notBuilt("/r/ext/other/solo.cpp", Other)); // nothing beside it named
  // A project that names no sources (a setup.py globbing, CMake) says nothing.
  PythonOps Q;
  scanPythonSource("import glob\nsrcs = glob.glob('csrc/*.cpp')\n", Q, "setup.py");
  EXPECT_FALSE(Q.notBuilt("/r/csrc/a.cpp", {"a.cpp", "b.cpp"}));
  // Sources found by listing a directory (`f.endswith(".cpp")`) may be any.
  scanPythonSource("import os\nsrcs = [f for f in os.listdir('csrc') if f.endswith('.cpp')]\n", P,
                   "setup.py");
  EXPECT_TRUE(P.SourceGlobs.count("*.cpp"));
  EXPECT_FALSE(P.notBuilt("/r/ext/exllamav2/ext.cpp", Exllama));
}
