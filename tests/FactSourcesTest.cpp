//===--- FactSourcesTest.cpp - The text pass of project mode ---------------===//
//
// Which other sources a run on some files parses for facts (FactSources.h):
// callers and registrations of what the named files define, definitions of
// what they call, the same operators; never device-only code.
//
//===----------------------------------------------------------------------===//

#include "project/FactSources.h"
#include "TestSupport.h"

#include "gtest/gtest.h"
#include <map>

using namespace torchlint;
using namespace torchlint::test;

namespace {

TEST(FactSources, ReadsNamesAsCodeHasThem) {
  SourceText T = readSourceText(R"cpp(
#include <torch/extension.h>
#include "kernels/launch.h"
// helper_in_comment(x) is not a name of this file
/* nor block_comment() */
namespace ext {
static void helper(int n);
std::tuple<at::Tensor, at::Tensor> split_cpu(const at::Tensor &x);
at::Tensor &fill_out(at::Tensor &out);
const char *name_of(int op);
at::Tensor scale_cpu(const at::Tensor &x, double s) {
  auto y = x.contiguous();          // a member: no project function
  helper(y.size(0));
  const char *msg = "not_a_name(";
  Guard guard(y.device());          // declarators: a variable, not a call
  const Options &opts = options_of(y);
  at::Tensor out(y);
  unsigned long n(4);
  Wrapper<int, Inner<2>> w;          // a type, not a template's call
  run<float, (2 > 1)>(y);
  fill_kernel<float><<<1, 32>>>(y);
  plain_kernel<<<1, 32>>>(y);
  if (n & mask(3)) {}
  apply(&helper_ptr, (n) & bits(2));
  return launch_scale(y, s);
}
struct Box {
  Box(int w) : w_{w}, h_(w) { init(); }
  int area() const noexcept { return w_ * h_; }
  int w_, h_;
};
auto trailing(int a) -> int { return a; }
} // namespace ext
TORCH_LIBRARY(ext, m) {
  m.def(R"(scale(Tensor x, float s) -> Tensor)");
  m.def("ext::shift.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)");
}
)cpp");
  EXPECT_TRUE(T.TorchHost);
  EXPECT_TRUE(T.DefinesOps);
  EXPECT_FALSE(T.BindsPython);
  EXPECT_EQ(T.Includes, std::vector<std::string>{"kernels/launch.h"});
  EXPECT_EQ(T.Defines, (std::set<std::string>{"scale_cpu", "Box", "area", "trailing"}));
  for (const char *Name : {"helper", "launch_scale", "init"})
    EXPECT_TRUE(T.Mentions.count(Name)) << Name;
  // A declaration or a definition's declarator calls nothing.
  for (const char *Name : {"scale_cpu", "trailing", "area", "split_cpu", "fill_out", "name_of"})
    EXPECT_FALSE(T.Mentions.count(Name)) << Name;
  for (const char *Name : {"contiguous", "size", "helper_in_comment", "block_comment",
                           "not_a_name", "Tensor", "TORCH_LIBRARY", "def", "guard", "opts",
                           "out", "n", "Wrapper", "Inner"})
    EXPECT_FALSE(T.Mentions.count(Name)) << Name;
  EXPECT_EQ(T.Ops, (std::set<std::string>{"ext::scale", "ext::shift"}));
  // Each function's calls are its own; a declaration calls nothing.
  EXPECT_EQ(T.Calls["scale_cpu"],
            (std::set<std::string>{"helper", "launch_scale", "options_of", "mask", "apply",
                                   "helper_ptr", "bits", "run", "fill_kernel",
                                   "plain_kernel"}));
  EXPECT_EQ(T.Calls["Box"], std::set<std::string>{"init"});
  EXPECT_FALSE(T.Calls[""].count("helper")) << "declared, not called";
  EXPECT_FALSE(T.Calls[""].count("m")) << "an object, in the block";
  // A pybind11 function's name is no operator; a qualified schema is.
  SourceText B = readSourceText(R"cpp(
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("bwd", &mha_bwd);
  py::enum_<DType>(m, "DType");
  py::class_<Quantizer, Base>(m, "Quantizer");
}
TORCH_LIBRARY_IMPL(flash, CUDA, m) { m.impl("fwd", &mha_fwd); }
static auto r = torch::RegisterOperators().op("legacy::op(Tensor x) -> Tensor", &f);
void non_templated_cpu_func(py::module &m) {
  m.def("quantize_th", &minkowski::quantize_th);
  m.def("conv", &minkowski::detail::ConvolutionForwardCPU<int>);
  m.def("relu", &torch::relu);
}
)cpp");
  EXPECT_EQ(B.Ops, (std::set<std::string>{"flash::fwd", "legacy::op"}));
  EXPECT_TRUE(B.Calls[""].count("mha_bwd"));
  for (const char *Type : {"DType", "Quantizer", "Base", "m"})
    EXPECT_FALSE(B.Calls[""].count(Type)) << Type << ": bound or passed, no function";
  // A binding in a helper's body, by its qualified name (MinkowskiEngine).
  EXPECT_EQ(B.Calls["non_templated_cpu_func"],
            (std::set<std::string>{"quantize_th", "ConvolutionForwardCPU"}));
}

TEST(FactSources, DeviceCodeIsNotTorchHostCode) {
  SourceText T = readSourceText(R"cpp(
#include "flash_fwd_launch_template.h"
// Uses at::PhiloxCudaState through the params (a comment).
template<> void run_mha_fwd_<cutlass::half_t, 128>(Flash_fwd_params &params, cudaStream_t s) {
  run_mha_fwd_hdim128<cutlass::half_t>(params, s);
}
)cpp");
  EXPECT_FALSE(T.TorchHost);
  EXPECT_EQ(T.Defines, std::set<std::string>{"run_mha_fwd_"});
  EXPECT_EQ(T.Specializations, std::set<std::string>{"run_mha_fwd_"});
  SourceText B = readSourceText("#include <pybind11/pybind11.h>\nPYBIND11_MODULE(m, mod) {}\n");
  EXPECT_TRUE(B.TorchHost);
  EXPECT_TRUE(B.BindsPython);
}

TEST(FactSources, PathologicalTextIsReadInOnePass) {
  // Declarators that never reach a body, template arguments that never
  // close, unterminated literals and comments: each look ahead is bounded,
  // so 4 MiB of them take one pass (quadratic, this would not end).
  for (const char *Unit : {"f() -> ", "a<", "g() : x y ", "h() const & ", "\"", "/*", "R\"x("}) {
    std::string Text;
    while (Text.size() < (size_t(4) << 20))
      Text += Unit;
    SourceText T = readSourceText(Text);
    EXPECT_TRUE(T.Defines.empty()) << Unit;
  }
}

/// A small project: \p Files (path -> text) under a new directory.
std::string project(const std::map<std::string, std::string> &Files) {
  std::string Dir = makeTempDir("fact-sources");
  for (const auto &[Path, Text] : Files) {
    std::string Full = Dir + "/" + Path;
    std::system(("mkdir -p " + shellQuote(Full.substr(0, Full.rfind('/')))).c_str());
    writeFile(Full, Text);
  }
  return Dir;
}

std::set<std::string> picked(const std::string &Dir, const std::vector<std::string> &Named,
                             const std::vector<std::string> &Others,
                             const std::vector<std::string> &Headers = {}) {
  auto Abs = [&](const std::vector<std::string> &L) {
    std::vector<std::string> Out;
    for (const std::string &F : L)
      Out.push_back(Dir + "/" + F);
    return Out;
  };
  std::set<std::string> Out;
  for (const std::string &F : selectFactSources(Abs(Named), Abs(Others), Abs(Headers), Dir).Picked)
    Out.insert(F.substr(Dir.size() + 1));
  return Out;
}

TEST(FactSources, PicksCallersDefinitionsAndTheSameOperators) {
  std::string Dir = project({
      {"csrc/ops.cpp", R"(#include <torch/extension.h>
at::Tensor scale_cpu(const at::Tensor &x) { return launch_scale(x); }
TORCH_LIBRARY_IMPL(ext, CPU, m) { m.impl("scale", scale_cpu); }
)"},
      // The schema of the operator ops.cpp registers.
      {"csrc/schema.cpp", "#include <torch/library.h>\nTORCH_LIBRARY(ext, m) { "
                          "m.def(\"scale(Tensor x) -> Tensor\"); }\n"},
      // Defines what ops.cpp calls; torch through a project header.
      {"csrc/cuda/launch.cu", "#include \"../common.h\"\nat::Tensor launch_scale(const "
                              "at::Tensor &x) { return deeper(x); }\n"},
      {"csrc/common.h", "#pragma once\n#include <ATen/ATen.h>\n"},
      // What launch.cu calls: a definition below a definition.
      {"csrc/cuda/deeper.cpp", "#include <ATen/ATen.h>\nat::Tensor deeper(const at::Tensor &x) "
                               "{ return x; }\n"},
      // Calls scale_cpu: a caller (a Meta kernel could be registered here).
      {"csrc/meta.cpp", "#include <ATen/ATen.h>\nat::Tensor scale_meta(const at::Tensor &x) "
                        "{ return scale_cpu(x); }\n"},
      // Registers scale_meta, the caller's function: a caller of a caller.
      {"csrc/register_meta.cpp", "#include <torch/library.h>\nTORCH_LIBRARY_IMPL(other, Meta, "
                                 "m) { m.impl(\"other_op\", scale_meta); }\n"},
      // Device-only code, though it defines a name ops.cpp uses.
      {"csrc/cuda/inst_1.cu", "#include \"kernel.cuh\"\ntemplate<> void launch_scale<float>(P "
                              "&p) { run<float>(p); }\n"},
      {"csrc/cuda/kernel.cuh", "#pragma once\ntemplate <typename T> __global__ void run(P p);\n"},
      // Torch code that neither calls nor is called.
      {"csrc/unrelated.cpp", "#include <ATen/ATen.h>\nat::Tensor other(const at::Tensor &x) "
                             "{ return x.scale_cpu(); } // scale_cpu(x)\n"},
  });
  EXPECT_EQ(picked(Dir, {"csrc/ops.cpp"},
                   {"csrc/schema.cpp", "csrc/cuda/launch.cu", "csrc/cuda/deeper.cpp",
                    "csrc/meta.cpp", "csrc/register_meta.cpp", "csrc/cuda/inst_1.cu",
                    "csrc/unrelated.cpp"}),
            (std::set<std::string>{"csrc/schema.cpp", "csrc/cuda/launch.cu",
                                   "csrc/cuda/deeper.cpp", "csrc/meta.cpp",
                                   "csrc/register_meta.cpp"}));
  FactSourceSelection S =
      selectFactSources({Dir + "/csrc/ops.cpp"}, {Dir + "/csrc/cuda/inst_1.cu"}, {}, Dir);
  EXPECT_TRUE(S.Picked.empty());
  EXPECT_EQ(S.NotHost, 1u);
}

TEST(FactSources, ASiblingExtensionsNamesAreNotLinks) {
  // Two extensions of one repository, each with its own mha_fwd: the other
  // one's binding is not a caller of this one's (no shared header, neither
  // directory holds the other); this one's kernel file is.
  std::string Dir = project({
      {"hopper/api.cpp", "#include \"flash.h\"\n#include <torch/library.h>\n"
                         "at::Tensor mha_fwd(at::Tensor q) { return run_fwd(q); }\n"},
      {"hopper/flash.h", "#pragma once\nat::Tensor run_fwd(at::Tensor q);\n"},
      {"hopper/kernels/fwd.cu", "#include \"../flash.h\"\n#include <ATen/ATen.h>\n"
                                "at::Tensor run_fwd(at::Tensor q) { return q; }\n"},
      {"hopper/meta.cpp", "#include \"flash.h\"\nat::Tensor mha_fwd(at::Tensor q);\n"
                          "at::Tensor meta(at::Tensor q) { return mha_fwd(q); }\n"},
      {"ck/api.cpp", "#include <torch/extension.h>\nat::Tensor mha_fwd(at::Tensor q);\n"
                     "at::Tensor run_fwd(at::Tensor q) { return q; }\n"
                     "PYBIND11_MODULE(ck, m) { m.def(\"fwd\", &mha_fwd); }\n"},
  });
  EXPECT_EQ(picked(Dir, {"hopper/api.cpp"},
                   {"hopper/kernels/fwd.cu", "hopper/meta.cpp", "ck/api.cpp"}),
            (std::set<std::string>{"hopper/kernels/fwd.cu", "hopper/meta.cpp"}));
}

TEST(FactSources, EachNamedFilesCallsAreItsOwn) {
  // Two named files: a.cpp defines run, b.cpp only calls it; b's call is
  // answered by the file that defines run beside b, not by a.
  std::string Dir = project({
      {"x/a.cpp", "#include <ATen/ATen.h>\nvoid run(at::Tensor t) {}\n"},
      {"y/b.cpp", "#include <ATen/ATen.h>\nvoid run(at::Tensor t);\nvoid g(at::Tensor t) { "
                  "run(t); }\n"},
      {"y/run.cpp", "#include <ATen/ATen.h>\nvoid run(at::Tensor t) { t.zero_(); }\n"},
  });
  EXPECT_EQ(picked(Dir, {"x/a.cpp", "y/b.cpp"}, {"y/run.cpp"}),
            std::set<std::string>{"y/run.cpp"});
}

TEST(FactSources, OneFileSaysWhatATemplatesSpecializationsDo) {
  // A launcher instantiated a file per head size: the specializations'
  // facts are the template's, so one of those files is parsed, not each.
  std::map<std::string, std::string> Files = {
      {"api.cpp", "#include \"launch.h\"\nat::Tensor fwd(at::Tensor q) { run_k<float, 64>(q); "
                  "return q; }\n"},
      {"launch.h", "#pragma once\n#include <ATen/ATen.h>\ntemplate <typename T, int D> void "
                   "run_k(at::Tensor q);\n"}};
  std::vector<std::string> Insts;
  for (int D : {32, 64, 128}) {
    std::string Name = "inst/k_" + std::to_string(D) + ".cu";
    Files[Name] = "#include \"../launch.h\"\ntemplate <> void run_k<float, " +
                  std::to_string(D) + ">(at::Tensor q) { launch_kernel(q); }\n";
    Insts.push_back(Name);
  }
  std::set<std::string> One = picked(project(Files), {"api.cpp"}, Insts);
  ASSERT_EQ(One.size(), 1u);
  EXPECT_EQ(One.begin()->rfind("inst/k_", 0), 0u) << *One.begin();
}

TEST(FactSources, HeadersFoundThroughIncludeDirectories) {
  // mmcv's layout: the helper header that brings torch in is in common/,
  // found with -I, not beside the kernels that include it.
  std::string Dir = project({
      {"ops/csrc/common/pytorch_cpp_helper.hpp", "#pragma once\n#include <torch/extension.h>\n"
                                                 "using namespace at;\n"},
      {"ops/csrc/pytorch/pybind.cpp", "#include \"pytorch_cpp_helper.hpp\"\nvoid nms(Tensor "
                                      "b);\nPYBIND11_MODULE(ext, m) { m.def(\"nms\", &nms); }\n"},
      {"ops/csrc/pytorch/nms.cpp", "#include \"pytorch_cpp_helper.hpp\"\nvoid nms(Tensor b) "
                                   "{ nms_impl(b); }\n"},
  });
  EXPECT_EQ(picked(Dir, {"ops/csrc/pytorch/pybind.cpp"}, {"ops/csrc/pytorch/nms.cpp"},
                   {"ops/csrc/common/pytorch_cpp_helper.hpp"}),
            std::set<std::string>{"ops/csrc/pytorch/nms.cpp"});
}

TEST(FactSources, ABindingSeesTheRegistrationsOfWhatItBinds) {
  // bindings.cpp binds scale_cpu, which register.cpp registers as a kernel:
  // the binding's check asks whether it is an operator already.
  std::string Dir = project({
      {"csrc/bindings.cpp", "#include <torch/extension.h>\nat::Tensor scale_cpu(at::Tensor x);\n"
                            "PYBIND11_MODULE(ext, m) { m.def(\"scale\", &scale_cpu); }\n"},
      {"csrc/register.cpp", "#include <torch/library.h>\nat::Tensor scale_cpu(at::Tensor x);\n"
                            "TORCH_LIBRARY_IMPL(ext, CPU, m) { m.impl(\"scale\", &scale_cpu); }\n"},
      {"csrc/user.cpp", "#include <torch/library.h>\nat::Tensor scale_cpu(at::Tensor x);\n"
                        "at::Tensor twice(at::Tensor x) { return scale_cpu(scale_cpu(x)); }\n"},
  });
  EXPECT_EQ(picked(Dir, {"csrc/bindings.cpp"}, {"csrc/register.cpp", "csrc/user.cpp"}),
            std::set<std::string>{"csrc/register.cpp"});
}

TEST(FactSources, ABindingModuleSeesEveryOperatorDefinition) {
  // opsElsewhere: the namespace a binding's migration registers into.
  std::string Dir = project({
      {"bind.cpp", "#include <torch/extension.h>\nat::Tensor f(const at::Tensor &x) { return "
                   "x; }\nPYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def(\"f\", &f); }\n"},
      {"lib.cpp", "#include <torch/library.h>\nTORCH_LIBRARY(myext, m) { "
                  "m.def(\"g(Tensor x) -> Tensor\"); }\n"},
      {"impl.cpp", "#include <torch/library.h>\nTORCH_LIBRARY_IMPL(myext, CPU, m) { "
                   "m.impl(\"g\", g_cpu); }\n"},
  });
  EXPECT_EQ(picked(Dir, {"bind.cpp"}, {"lib.cpp", "impl.cpp"}),
            std::set<std::string>{"lib.cpp"});
  // Not another program's: an extension in a sibling directory, a test
  // tree's operators.
  std::string Top = project({
      {"ext/bind.cpp", "#include <torch/extension.h>\nat::Tensor f(const at::Tensor &x) { "
                       "return x; }\nPYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def(\"f\", &f); }\n"},
      {"ext/lib.cpp", "#include <torch/library.h>\nTORCH_LIBRARY(myext, m) { "
                      "m.def(\"g(Tensor x) -> Tensor\"); }\n"},
      {"testdata/other.cpp", "#include <torch/library.h>\nTORCH_LIBRARY(other, m) { "
                             "m.def(\"h(Tensor x) -> Tensor\"); }\n"},
  });
  EXPECT_EQ(picked(Top, {"ext/bind.cpp"}, {"ext/lib.cpp", "testdata/other.cpp"}),
            std::set<std::string>{"ext/lib.cpp"});
}

TEST(FactSources, AProjectHeaderOutsideTheRootIsNotTheProjects) {
  std::string Top = makeTempDir("fact-sources-root");
  std::string Dir = Top + "/proj";
  std::system(("mkdir -p " + shellQuote(Dir)).c_str());
  writeFile(Top + "/torchy.h", "#include <torch/torch.h>\n");
  writeFile(Dir + "/a.cpp", "#include <torch/torch.h>\nat::Tensor a(at::Tensor x) { return "
                            "b(x); }\n");
  writeFile(Dir + "/b.cu", "#include \"../torchy.h\"\nat_like b(at_like x) { return x; }\n");
  FactSourceSelection S = selectFactSources({Dir + "/a.cpp"}, {Dir + "/b.cu"}, {}, Dir);
  EXPECT_TRUE(S.Picked.empty());
  EXPECT_EQ(S.NotHost, 1u);
}

} // namespace

// kaolin's wrappers: the call to the CUDA implementation in one arm of
// `#if WITH_CUDA`, an AT_ERROR in the other. Both arms are the function's.
TEST(FactSources, CallsInEitherArmOfAConditionalAreTheFunctions) {
  SourceText T = readSourceText(R"cpp(
#include <ATen/ATen.h>
namespace kaolin {
void fwd_cuda(at::Tensor x) {
  CHECK_CUDA(x);
#if WITH_CUDA
  fwd_cuda_impl(x);
#else
  AT_ERROR("fwd not built with CUDA");
#endif
}
void bwd_cuda(at::Tensor g) {
#ifdef WITH_CUDA
  bwd_cuda_impl(g);
#else
  KAOLIN_NO_CUDA_ERROR(__func__);
#endif  // WITH_CUDA
}
}
)cpp");
  ASSERT_TRUE(T.Defines.count("fwd_cuda") && T.Defines.count("bwd_cuda"))
      << ::testing::PrintToString(T.Defines) << ::testing::PrintToString(T.Calls);
  EXPECT_TRUE(T.Calls["fwd_cuda"].count("fwd_cuda_impl")) << ::testing::PrintToString(T.Calls);
  EXPECT_TRUE(T.Calls["bwd_cuda"].count("bwd_cuda_impl")) << ::testing::PrintToString(T.Calls);
}
