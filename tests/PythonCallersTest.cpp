//===--- PythonCallersTest.cpp - The Python calls opaque-binding's fix rewrites ===//

#include "checks/model/PythonCallers.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace {

using torchlint::model::BindingCall;
using torchlint::model::bindingCallsIn;
using torchlint::model::MigratedBinding;

const std::vector<MigratedBinding> Bindings = {{"rgb_to_gray", {"img"}},
                                               {"blend", {"a", "b", "alpha"}}};

/// "callee -> problem" per use, the callee as the source spells it.
std::vector<std::string> uses(const std::string &Source, const std::string &Module = "_C") {
  std::vector<std::string> Out;
  for (const BindingCall &C : bindingCallsIn(Source, Module, Bindings))
    Out.push_back(std::to_string(C.Line) + ": " + Source.substr(C.Offset, C.Length) + " -> " +
                  C.Binding + (C.Problem.empty() ? "" : " | " + C.Problem));
  return Out;
}

TEST(PythonCallers, CallsOnTheModuleAndNamesImportedFromItAreFound) {
  std::string Src = "import torch\n"
                    "from . import _C\n"
                    "from ._C import blend as mix\n"
                    "import image_ops._C\n"
                    "import image_ops._C as ext\n"
                    "def f(x, y):\n"
                    "    a = _C.rgb_to_gray(x)\n"
                    "    b = mix(x, y, 0.5)\n"
                    "    c = image_ops._C.rgb_to_gray(img=x)\n"
                    "    return ext.blend(x, y, alpha=0.5), a, b, c\n";
  EXPECT_EQ(uses(Src), (std::vector<std::string>{
                           "7: _C.rgb_to_gray -> rgb_to_gray",
                           "8: mix -> blend",
                           "9: image_ops._C.rgb_to_gray -> rgb_to_gray",
                           "10: ext.blend -> blend",
                       }));
}

// A module loaded by cpp_extension.load at the top level is the module:
// `cd = load(name="cd", ...)`, then `cd.forward(...)` (chrdiller). Look-
// alikes: a name assigned again, a load of another extension.
TEST(PythonCallers, AModuleLoadedByCppExtensionIsCalledThroughItsName) {
  std::string Src = "import torch\n"
                    "from torch.utils.cpp_extension import load\n"
                    "cd = load(name=\"pkg.cd\", sources=[\"a.cpp\"])\n"
                    "other = load(\"other\", [\"b.cpp\"])\n"
                    "again = load(\"cd\", [\"a.cpp\"])\n"
                    "again = None\n"
                    "def f(x, y):\n"
                    "    other.blend(x, y, 1.0)\n"
                    "    again.blend(x, y, 1.0)\n"
                    "    return cd.rgb_to_gray(x)\n";
  EXPECT_EQ(uses(Src, "cd"), (std::vector<std::string>{"10: cd.rgb_to_gray -> rgb_to_gray"}));
}

TEST(PythonCallers, UsesTorchOpsCannotTakeAsTheyAreAreListedWithWhy) {
  std::string Src = "import torch\n"
                    "from . import _C\n"
                    "f = _C.rgb_to_gray\n"
                    "_C.blend(x, y)\n"
                    "_C.blend(*args)\n"
                    "_C.blend(x, y, scale=2)\n"
                    "_C.blend(x, y, 1, 2)\n";
  std::vector<std::string> U = uses(Src);
  ASSERT_EQ(U.size(), 5u);
  EXPECT_NE(U[0].find("3: _C.rgb_to_gray -> rgb_to_gray | is used without a call"),
            std::string::npos);
  EXPECT_NE(U[1].find("is called with 2 argument(s) where the schema has 3 (a py::arg default"),
            std::string::npos);
  EXPECT_NE(U[2].find("'*' or '**'"), std::string::npos);
  EXPECT_NE(U[3].find("'scale='"), std::string::npos);
  EXPECT_NE(U[4].find("is called with 4 argument(s) where the schema has 3"), std::string::npos);
  EXPECT_EQ(U[4].find("py::arg default"), std::string::npos);
}

TEST(PythonCallers, ArgumentsWithDefaultsMayBeLeftOut) {
  // torch-points-kernels' dense_ball_query(new_xyz, xyz, radius, nsample,
  // mode=0, sorted=sort), under a schema whose last two have defaults.
  const std::vector<MigratedBinding> Ball = {
      {"ball", {"query", "support", "radius", "max_num", "mode", "sorted"},
       {false, false, false, true, true, true}}};
  auto Problems = [&](const std::string &Call) {
    std::vector<BindingCall> C =
        bindingCallsIn("import torch\nfrom . import _C\n" + Call + "\n", "_C", Ball);
    return C.size() == 1 ? C[0].Problem : std::string("no call");
  };
  EXPECT_EQ(Problems("_C.ball(q, s, 0.5)"), "");
  EXPECT_EQ(Problems("_C.ball(q, s, 0.5, 8, mode=0, sorted=True)"), "");
  EXPECT_EQ(Problems("_C.ball(q, support=s, radius=0.5, sorted=True)"), "");
  // Look-alikes: an argument without a default left out; one too many.
  EXPECT_NE(Problems("_C.ball(q, s)").find("is called with 2 argument(s)"), std::string::npos);
  EXPECT_NE(Problems("_C.ball(q, s, max_num=3)").find("is called with 3 argument(s)"),
            std::string::npos);
  EXPECT_NE(Problems("_C.ball(q, s, 0.5, 8, 0, True, 1)").find("is called with 7"),
            std::string::npos);
}

TEST(PythonCallers, AFileWithoutTorchGetsTheImportUnlessItNamesTorchOtherwise) {
  // Pytorch-Correlation-extension's form: `from torch import nn` binds no
  // `torch`; the rewrite imports it before the first import.
  std::string Src = "\"\"\"Doc.\"\"\"\nfrom torch import nn\nfrom . import _C\n_C.rgb_to_gray(x)\n";
  std::vector<BindingCall> C = bindingCallsIn(Src, "_C", Bindings);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Problem, "");
  EXPECT_EQ(C[0].TorchImportAt, Src.find("from torch"));
  // After `from __future__` imports, which must come first.
  Src = "from __future__ import annotations\nfrom . import _C\n_C.rgb_to_gray(x)\n";
  C = bindingCallsIn(Src, "_C", Bindings);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].TorchImportAt, Src.find("from . import"));
  // `import torch.nn` binds torch: nothing to insert.
  C = bindingCallsIn("import torch.nn\nfrom . import _C\n_C.rgb_to_gray(x)\n", "_C", Bindings);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].TorchImportAt, std::string::npos);
  EXPECT_EQ(C[0].Problem, "");
  // `import torch as T` binds T: `import torch` goes in beside it.
  Src = "import torch as T\nfrom . import _C\n_C.rgb_to_gray(x)\n";
  C = bindingCallsIn(Src, "_C", Bindings);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].TorchImportAt, 0u);
  // Look-alike: a variable named torch; the call stays.
  std::vector<std::string> U = uses("from . import _C\ntorch = None\n_C.rgb_to_gray(x)\n");
  ASSERT_EQ(U.size(), 1u);
  EXPECT_NE(U[0].find("does not 'import torch', and names 'torch' otherwise"), std::string::npos);
}

TEST(PythonCallers, LookAlikesAreNoUses) {
  // Another module's function of the same name, a method of an object, an
  // attribute named like the module, a name the file rebinds, a definition,
  // strings and comments, the import itself, torch's own `torch._C`.
  std::string Src = "import torch\n"
                    "from . import other\n"
                    "from . import _C\n"
                    "from ._C import rgb_to_gray\n"
                    "other.rgb_to_gray(x)\n"
                    "self._C.rgb_to_gray(x)\n"
                    "obj.rgb_to_gray(x)\n"
                    "s = '_C.rgb_to_gray(x)'  # _C.rgb_to_gray(x)\n"
                    "_C.blend.__doc__\n"
                    "torch._C.rgb_to_gray(x)\n";
  EXPECT_TRUE(uses(Src).empty());
  // A handle the file rebinds stands for something else.
  EXPECT_TRUE(uses("import torch\nfrom . import _C\n_C = load()\n_C.rgb_to_gray(x)\n").empty());
  EXPECT_TRUE(uses("import torch\nfrom ._C import rgb_to_gray\n"
                   "def rgb_to_gray(x):\n    return x\nrgb_to_gray(x)\n")
                  .empty());
  // A module of another name: `_C` of `from pkg import _C2`.
  EXPECT_TRUE(uses("import torch\nfrom . import _C2\n_C2.rgb_to_gray(x)\n").empty());
  // A binding the fix does not migrate.
  EXPECT_TRUE(uses("import torch\nfrom . import _C\n_C.version()\n").empty());
}

} // namespace
