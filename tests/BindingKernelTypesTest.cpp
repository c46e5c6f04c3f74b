//===--- BindingKernelTypesTest.cpp - What opaque-binding says a kernel can take -===//
//
// torch-compile-opaque-binding infers a schema for a pybind11 binding and
// offers a TORCH_LIBRARY registration. Its notes must say why no
// registration is offered where `m.impl` of the function would not compile
// on torch 2.x (a non-const reference to anything but a tensor), declare the
// writes a launcher may make through a params struct, and give a py::class_
// method advice a method can follow.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <map>
#include <nlohmann/json.hpp>

using namespace torchlint::test;
using nlohmann::json;

namespace {

const char *Source = R"cpp(
#include <torch/extension.h>
#include <tuple>
#include <vector>

namespace py = pybind11;

struct Params { void *in_ptr; void *out_ptr; };
void launch(const Params &p);

std::vector<at::Tensor> bwd(const at::Tensor &dout, c10::optional<at::Tensor> &dz_) {
  at::Tensor dz = dz_.has_value() ? dz_.value() : at::empty_like(dout);
  Params p;
  p.in_ptr = dout.data_ptr();
  p.out_ptr = dz.data_ptr();
  launch(p);
  return {dz};
}

void zero_all(std::vector<at::Tensor> &xs) {
  for (at::Tensor &x : xs)
    x.zero_();
}

void fwd(const at::Tensor &in, at::Tensor &out) {
  Params p;
  p.in_ptr = in.data_ptr();
  p.out_ptr = out.data_ptr();
  launch(p);
}

struct Context { int id; };
class Net {
public:
  std::tuple<Context, at::Tensor> run(const at::Tensor &x) { return {Context{1}, x * 2}; }
  int64_t width() const { return 4; }
};

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("bwd", &bwd);
  m.def("zero_all", &zero_all);
  m.def("fwd", &fwd);
  py::class_<Net>(m, "Net").def("run", &Net::run).def("width", &Net::width);
}
)cpp";

struct Finding {
  std::string Message;
  std::vector<std::string> Notes;
  bool Fixed = false;
};

std::map<std::string, Finding> lint(const std::string &Dir) {
  RunResult R = runTorchLint("--no-project --no-cache --format=json "
                             "--checks=-*,torch-compile-opaque-binding --torch-include=" +
                                 shellQuote(mockIncludes()) + " ext.cpp",
                             Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  std::map<std::string, Finding> ByName; // "bwd", "Net.run", ...
  json Doc = json::parse(R.Out);
  for (const auto &F : Doc["findings"]) {
    Finding Out;
    Out.Message = F["message"].get<std::string>();
    for (const auto &N : F["notes"])
      Out.Notes.push_back(N["message"].get<std::string>());
    Out.Fixed = F.contains("fixits") && !F["fixits"].empty();
    std::string M = Out.Message;
    size_t Open = M.find('\'');
    ByName[M.substr(Open + 1, M.find('\'', Open + 1) - Open - 1)] = Out;
  }
  return ByName;
}

bool anyNoteHas(const Finding &F, const std::string &Text) {
  for (const std::string &N : F.Notes)
    if (N.find(Text) != std::string::npos)
      return true;
  return false;
}

TEST(BindingKernelTypes, ANonConstReferenceToAnythingButATensorIsNamedAndNotMigrated) {
  std::string Dir = makeTempDir("kernel-types");
  writeFile(Dir + "/ext.cpp", Source);
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("bwd") && F.count("zero_all") && F.count("fwd"));
  EXPECT_TRUE(anyNoteHas(F["bwd"], "parameter 'dz_' of type 'c10::optional<at::Tensor> &' cannot "
                                   "be a kernel's: the dispatcher passes a temporary"))
      << F["bwd"].Notes.size();
  EXPECT_TRUE(anyNoteHas(F["bwd"], "take 'const c10::optional<at::Tensor> &', declared "
                                   "'Tensor(a!)?' if the kernel writes it"));
  EXPECT_TRUE(anyNoteHas(F["zero_all"], "declared 'Tensor(a!)[]' if the kernel writes it"));
  EXPECT_NE(F["bwd"].Message.find("once the types the notes name"), std::string::npos);
  // The module's one registration block holds fwd only.
  EXPECT_EQ(F["bwd"].Message.find("TORCH_LIBRARY as '"), std::string::npos);
  EXPECT_FALSE(F["bwd"].Fixed);
  EXPECT_FALSE(F["zero_all"].Fixed);
}

TEST(BindingKernelTypes, ATensorRefWhoseDataGoesIntoAParamsStructIsWritten) {
  std::string Dir = makeTempDir("kernel-params");
  writeFile(Dir + "/ext.cpp", Source);
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("fwd"));
  EXPECT_NE(F["fwd"].Message.find("'fwd(Tensor in_, Tensor(b!) out) -> ()'"), std::string::npos)
      << F["fwd"].Message;
}

// A pointer to an output's data handed through a helper of the file to a
// launcher only declared here (defined in a .cu file, as OpenPCDet's
// wrappers call theirs): whether it is written cannot be seen, so no schema
// (`-> ()` declaring no write would let torch.compile drop the op). The
// look-alike: the same helper writing through it itself.
TEST(BindingKernelTypes, APointerHandedOnToCodeTheFileDoesNotShowClaimsNoSchema) {
  std::string Dir = makeTempDir("kernel-unseen");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
void launch_declared(float *out, int64_t n);
void via_helper(float *o, int64_t n) { launch_declared(o, n); }
void writes_itself(float *o, int64_t n) { for (int64_t i = 0; i < n; ++i) o[i] = 0; }
void fill_declared(at::Tensor out) { via_helper(out.data_ptr<float>(), out.numel()); }
void fill_here(at::Tensor out) { writes_itself(out.data_ptr<float>(), out.numel()); }
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("fill_declared", &fill_declared);
  m.def("fill_here", &fill_here);
}
)cpp");
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("fill_declared") && F.count("fill_here"));
  EXPECT_NE(F["fill_declared"].Message.find("declaring 'Tensor(a!)' each tensor its code writes"),
            std::string::npos)
      << F["fill_declared"].Message;
  EXPECT_TRUE(anyNoteHas(F["fill_declared"], "'out' has its data handed to 'via_helper'"))
      << F["fill_declared"].Message;
  EXPECT_NE(F["fill_here"].Message.find("'fill_here(Tensor(a!) out) -> ()'"), std::string::npos)
      << F["fill_here"].Message;
}

// RWKV's form (first look, round 46): every tensor a `Tensor&`, the data
// handed to a launcher only declared here, or kept in a params struct for
// one. The references do not tell the inputs from the outputs, so no schema
// is claimed (all of them `Tensor(a!)` would be as wrong as none) and each
// tensor is named as unknown, as torch-compile-schema reads them. The
// look-alikes: the same kernels with their input const, where `Tensor&` is
// the author's word for an output.
TEST(BindingKernelTypes, EveryTensorAMutableReferenceTellsNoWrite) {
  std::string Dir = makeTempDir("kernel-all-refs");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
struct Params { void *r_ptr; void *y_ptr; };
void cuda_forward(int64_t B, float *r, float *y);
void launch(const Params &p);
void all_refs(int64_t B, torch::Tensor &r, torch::Tensor &y) {
  cuda_forward(B, r.data_ptr<float>(), y.data_ptr<float>());
}
void all_refs_struct(torch::Tensor &r, torch::Tensor &y) {
  Params p;
  p.r_ptr = r.data_ptr();
  p.y_ptr = y.data_ptr();
  launch(p);
}
void input_const_struct(const torch::Tensor &r, torch::Tensor &y) {
  Params p;
  p.r_ptr = r.data_ptr();
  p.y_ptr = y.data_ptr();
  launch(p);
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("all_refs", &all_refs);
  m.def("all_refs_struct", &all_refs_struct);
  m.def("input_const_struct", &input_const_struct);
}
)cpp");
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("all_refs") && F.count("all_refs_struct") && F.count("input_const_struct"));
  for (const char *Name : {"all_refs", "all_refs_struct"}) {
    EXPECT_NE(F[Name].Message.find("declaring 'Tensor(a!)' each tensor its code writes"),
              std::string::npos)
        << F[Name].Message;
    EXPECT_EQ(F[Name].Message.find("Tensor(b!)"), std::string::npos) << F[Name].Message;
  }
  EXPECT_TRUE(anyNoteHas(F["all_refs"], "'y' has its data handed to 'cuda_forward'"));
  EXPECT_TRUE(anyNoteHas(F["all_refs_struct"], "'y' is a 'Tensor&', as every tensor of the "
                                               "function is, and a writable pointer to its data "
                                               "is stored in 'y_ptr'"))
      << F["all_refs_struct"].Notes.size();
  EXPECT_NE(F["input_const_struct"].Message.find(
                "'input_const_struct(Tensor r, Tensor(b!) y) -> ()'"),
            std::string::npos)
      << F["input_const_struct"].Message;
}

// A project function the binding's data goes to whose definition the run
// reads nowhere (its file excluded here; in kaolin, .cu files Clang could
// not parse): what it writes is not seen, so no schema is claimed (`Tensor
// out` would let torch.compile drop the op's write). The look-alike: the
// run that reads it, where the write is seen.
TEST(BindingKernelTypes, AWriteInAFileTheRunDidNotReadIsUnknown) {
  std::string Dir = makeTempDir("kernel-unread");
  writeFile(Dir + "/setup.py", "from setuptools import setup\nsetup(name='ext')\n");
  writeFile(Dir + "/bindings.cpp", R"cpp(
#include <torch/extension.h>
void fill(at::Tensor out);
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("fill", &fill); }
)cpp");
  writeFile(Dir + "/fill.cpp", R"cpp(
#include <torch/extension.h>
void fill_impl(at::Tensor out);
void fill(at::Tensor out) { fill_impl(out); }
)cpp");
  writeFile(Dir + "/fill_impl.cpp", R"cpp(
#include <torch/extension.h>
void fill_impl(at::Tensor out) {
  float *p = out.data_ptr<float>();
  for (int64_t i = 0; i < out.numel(); ++i) p[i] = 1;
}
)cpp");
  const std::string Flags = "--no-cache --format=json --checks=-*,torch-compile-opaque-binding "
                            "--torch-include=" + shellQuote(mockIncludes()) + " ";
  RunResult One = runTorchLint(Flags + "--exclude=fill_impl.cpp bindings.cpp", Dir);
  ASSERT_EQ(One.ExitCode, 1) << One.Out << One.Err;
  json Doc = json::parse(One.Out);
  ASSERT_EQ(Doc["findings"].size(), 1u) << One.Out;
  const json &F = Doc["findings"][0];
  EXPECT_NE(F["message"].get<std::string>().find("declaring 'Tensor(a!)' each tensor its code writes"),
            std::string::npos)
      << One.Out;
  bool Noted = false;
  for (const auto &N : F["notes"])
    Noted |= N["message"].get<std::string>().find(
                 "'out' is passed to 'fill_impl' (fill.cpp:4), defined in no file this run read") !=
             std::string::npos;
  EXPECT_TRUE(Noted) << One.Out;
  RunResult All = runTorchLint(Flags + "bindings.cpp", Dir);
  EXPECT_NE(All.Out.find("'fill(Tensor(a!) out) -> ()'"), std::string::npos) << All.Out;
}

// torch._C.parse_schema rejects "f(Tensor in) -> ()" (torch 2.x), and

// kaolin's forms. A launcher walks an input batch by batch, moving its
// pointer (`octree_ptr += osize`): moving a pointer writes nothing through
// it. A kernel adds into an output with atomicAdd(&out[i], v) (CUDA's
// atomics, declared as the host pass sees them): that is a write. The
// look-alikes: the same walk storing through the pointer, an element's
// address handed to a helper that adds into it (a write), and a read-only
// call taking the element's address.
TEST(BindingKernelTypes, MovingAPointerIsNoWriteAndAnAtomicAddIsOne) {
  std::string Dir = makeTempDir("kernel-moves");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
float atomicAdd(float *address, float val);
float peek(const float *at);
void sum_row(const float *in, float *out, int64_t n) {
  float s = 0;
  for (int64_t i = 0; i < n; ++i) s += in[i];
  *out = s;
}
void add_at(float *at, float v) { *at += v; }
void scatter_kernel(const float *src, const int64_t *idx, float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) atomicAdd(&(out[idx[i]]), src[i]);
}
void shift_kernel(const float *src, float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) add_at(&out[i], src[i]);
}
at::Tensor row_sums(at::Tensor x) {
  at::Tensor s = at::empty({x.size(0)}, x.options());
  float *p = x.data_ptr<float>();
  float *q = s.data_ptr<float>();
  for (int64_t r = 0; r < x.size(0); ++r) {
    sum_row(p, q + r, x.size(1));
    p += x.size(1);
    ++q;
  }
  return s;
}
at::Tensor row_clear(at::Tensor x) {
  float *p = x.data_ptr<float>();
  for (int64_t r = 0; r < x.size(0); ++r) {
    *p = 0;
    p += x.size(1);
  }
  return x.sum(1);
}
void scatter_add(at::Tensor src, at::Tensor idx, at::Tensor out) {
  scatter_kernel(src.data_ptr<float>(), idx.data_ptr<int64_t>(), out.data_ptr<float>(), src.numel());
}
void shift_add(at::Tensor src, at::Tensor out) {
  shift_kernel(src.data_ptr<float>(), out.data_ptr<float>(), src.numel());
}
double first(at::Tensor x) { return peek(&x.data_ptr<float>()[0]); }
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("row_sums", &row_sums);
  m.def("row_clear", &row_clear);
  m.def("scatter_add", &scatter_add);
  m.def("shift_add", &shift_add);
  m.def("first", &first);
}
)cpp");
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("row_sums") && F.count("row_clear") && F.count("scatter_add") &&
              F.count("first"));
  EXPECT_NE(F["row_sums"].Message.find("'row_sums(Tensor x) -> Tensor'"), std::string::npos)
      << F["row_sums"].Message;
  EXPECT_NE(F["row_clear"].Message.find("'row_clear(Tensor(a!) x) -> Tensor'"), std::string::npos)
      << F["row_clear"].Message;
  EXPECT_NE(F["scatter_add"].Message.find(
                "'scatter_add(Tensor src, Tensor idx, Tensor(c!) out) -> ()'"),
            std::string::npos)
      << F["scatter_add"].Message;
  EXPECT_NE(F["shift_add"].Message.find("'shift_add(Tensor src, Tensor(b!) out) -> ()'"),
            std::string::npos)
      << F["shift_add"].Message;
  EXPECT_NE(F["first"].Message.find("'first(Tensor x) -> float'"), std::string::npos)
      << F["first"].Message;
}
// BEVDet's spconv indiceConv: inside a template, a torch out= function
// called with a buffer whose type depends on T is a call the pattern does
// not resolve; torch's overloads tell by their signatures that the tensor in
// a const argument (the filters, through a view) is read and the out
// argument written. Before, the unresolved torch call made every argument an
// unknown write and the binding lost its schema.
TEST(BindingKernelTypes, ATorchOutFunctionInATemplateReadsItsInputsAndWritesItsOut) {
  std::string Dir = makeTempDir("kernel-torch-dependent");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
template <typename T>
at::Tensor conv(at::Tensor features, at::Tensor filters, int64_t n) {
  at::Tensor output = at::zeros({n, filters.size(1)}, features.options());
  auto buf = at::from_blob(output.data_ptr<T>(), {n, filters.size(1)}, features.options());
  filters = filters.view({-1, features.size(1), output.size(1)});
  for (int64_t i = 0; i < filters.size(0); ++i)
    at::mm_out(buf, features, filters[i]);
  return output;
}
template <typename T>
void conv_into(at::Tensor features, at::Tensor filters, at::Tensor out) {
  auto in = at::from_blob(features.data_ptr<T>(), {features.size(0), features.size(1)},
                          features.options());
  at::mm_out(out, in, filters);
}
template <typename T>
void clear_into(at::Tensor features, at::Tensor scratch) {
  auto in = at::from_blob(features.data_ptr<T>(), {features.size(0)}, features.options());
  at::fill_(scratch, in);
}
// mm_outf takes its out last: the first argument is an input.
void matmul_into(at::Tensor a, at::Tensor b, at::Tensor out) { at::mm_outf(a, b, out); }
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("matmul_into", &matmul_into);
  m.def("conv", &conv<float>);
  m.def("conv_into", &conv_into<float>);
  m.def("clear_into", &clear_into<float>);
}
)cpp");
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("conv") && F.count("conv_into") && F.count("clear_into") &&
              F.count("matmul_into"));
  EXPECT_NE(F["matmul_into"].Message.find(
                "'matmul_into(Tensor a, Tensor b, Tensor(c!) out) -> ()'"),
            std::string::npos)
      << F["matmul_into"].Message;
  EXPECT_NE(F["conv"].Message.find("'conv(Tensor features, Tensor filters, int n) -> Tensor'"),
            std::string::npos)
      << F["conv"].Message;
  EXPECT_NE(F["conv_into"].Message.find(
                "'conv_into(Tensor features, Tensor filters, Tensor(c!) out) -> ()'"),
            std::string::npos)
      << F["conv_into"].Message;
  EXPECT_NE(F["clear_into"].Message.find(
                "'clear_into(Tensor features, Tensor(b!) scratch) -> ()'"),
            std::string::npos)
      << F["clear_into"].Message;
}
// `def _(in, from)` is not Python: the schema and the fake rename them.
TEST(BindingKernelTypes, AReservedParameterNameIsRenamedInTheSchemaAndTheFake) {
  std::string Dir = makeTempDir("kernel-names");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
at::Tensor pick(const at::Tensor &in, int64_t from) {
  at::Tensor out = at::empty({in.size(0)}, in.options());
  out.data_ptr<float>()[0] = in.data_ptr<float>()[from];
  return out;
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("pick", &pick); }
)cpp");
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("pick"));
  EXPECT_NE(F["pick"].Message.find("'pick(Tensor in_, int from_) -> Tensor'"), std::string::npos)
      << F["pick"].Message;
  // The fake kernel the fix-it registers (a Meta kernel) names them alike.
  EXPECT_TRUE(anyNoteHas(F["pick"], "m.impl(\"pick\", [](const at::Tensor & in_, int64_t from_) "
                                    "{ return at::empty_symint({in_.sym_size(0)}, in_.options()); })"));
}

// k2's form: a helper binds a function under the name its caller gives
// (`m.def(name, ...)`, called once per name). Where the project's Python
// calls it is not known: never the default check's (whose note would say
// "never calls it"), the -unreached check's with a note, and no fix-it (an
// operator needs a name).
TEST(BindingKernelTypes, ABindingNamedByAParameterIsNotTheDefaultChecks) {
  std::string Dir = makeTempDir("kernel-named-by-parameter");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
template <typename T> void bind_scaled(pybind11::module &m, const char *name) {
  m.def(name, [](const at::Tensor &x) { return x * T(2); });
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { bind_scaled<float>(m, "scaled_float"); }
)cpp");
  RunResult R = runTorchLint("--no-project --no-cache --checks=-*,torch-compile-opaque-binding* "
                             "--torch-include=" + shellQuote(mockIncludes()) + " ext.cpp",
                             Dir);
  EXPECT_NE(R.Out.find("pybind11 binding '<name>' takes or returns tensors and is opaque to "
                       "torch.compile: a graph break where compiled code calls it [GB0007]; "
                       "register it with TORCH_LIBRARY under the name it is bound with"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("[torch-compile-opaque-binding-unreached]"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("[torch-compile-opaque-binding]"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("its name is not a string literal here (name)"), std::string::npos)
      << R.Out;
  EXPECT_EQ(R.Out.find("never calls it"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("TORCH_LIBRARY_FRAGMENT"), std::string::npos) << R.Out;
}

// The same form under the other checks that name a binding: the GIL check
// names it by its spelling (k2's GIL findings read "binding ''"), on one
// line and clipped.
TEST(BindingKernelTypes, ABindingNamedByAnExpressionIsShownByItsSpelling) {
  std::string Dir = makeTempDir("kernel-named-by-expression");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
#include <string>
template <typename T>
void bind_sum(pybind11::module &m, const std::string &prefix, const std::string &suffix) {
  m.def((prefix + "_sum_of_all_elements_" +
         suffix).c_str(),
        [](const at::Tensor &x) {
          const T *p = x.data_ptr<T>();
          T s = 0;
          for (int64_t i = 0; i < x.numel(); ++i)
            s += p[i];
          return x * s;
        });
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { bind_sum<float>(m, "ragged", "float"); }
)cpp");
  RunResult R = runTorchLint("--no-project --no-cache --checks=-*,torch-binding-gil "
                             "--torch-include=" + shellQuote(mockIncludes()) + " ext.cpp",
                             Dir);
  EXPECT_NE(R.Out.find("pybind11 binding '<(prefix + \"_sum_of_all_elements_\" + suff...>' "
                       "holds the GIL"),
            std::string::npos)
      << R.Out;
  EXPECT_EQ(R.Out.find("binding ''"), std::string::npos) << R.Out;
}

// fast_rnnt's form (first look round 30): the binding's lambda calls the
// CUDA kernel, which writes `ans_grad`, under `#ifdef FT_WITH_CUDA`, which
// the default build does not define; the schema is the CPU arm's, and a
// note says which arm was read. Look-alikes: a conditional whose skipped
// arm holds only a comment, and one whose arm the lint compiled.
TEST(BindingKernelTypes, ASchemaReadFromOneArmOfAConditionalSaysWhichArm) {
  std::string Dir = makeTempDir("kernel-inactive-arm");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
#define WITH_DOUBLE 1
at::Tensor backward_cpu(at::Tensor p, at::Tensor g) { return p * g; }
at::Tensor backward_cuda(at::Tensor p, at::Tensor g) { g.zero_(); return p; }
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("mi_backward", [](at::Tensor p, at::Tensor ans_grad) -> at::Tensor {
    if (p.device().is_cpu())
      return backward_cpu(p, ans_grad);
#ifdef FT_WITH_CUDA
    return backward_cuda(p, ans_grad);
#else
    TORCH_CHECK(false, "not built with CUDA");
    return at::Tensor();
#endif
  });
  m.def("commented", [](at::Tensor p) -> at::Tensor {
#ifdef FT_WITH_CUDA
    // the CUDA build says nothing more
#endif
    return p * 2;
  });
  m.def("compiled", [](at::Tensor p) -> at::Tensor {
#ifdef WITH_DOUBLE
    return p * 2;
#endif
  });
}
)cpp");
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("mi_backward") && F.count("commented") && F.count("compiled"));
  EXPECT_NE(F["mi_backward"].Message.find("'mi_backward(Tensor p, Tensor ans_grad) -> Tensor'"),
            std::string::npos)
      << F["mi_backward"].Message;
  EXPECT_TRUE(anyNoteHas(F["mi_backward"],
                         "the code under '#ifdef FT_WITH_CUDA' is not compiled in this lint"))
      << ::testing::PrintToString(F["mi_backward"].Notes);
  for (const char *Name : {"commented", "compiled"})
    EXPECT_FALSE(anyNoteHas(F[Name], "is not compiled in this lint")) << Name;
}

// omniserve's attention bindings take `c10::optional<const torch::Tensor>`:
// pybind11 converts it, torch's kernel boxing does not (tests/proofs/
// test_opaque_binding.py builds both), so the note names the type to use
// and no schema is claimed. Look-alike: optional<Tensor>, a 'Tensor?'.
TEST(BindingKernelTypes, AnOptionalOfAConstTensorIsNoKernelType) {
  std::string Dir = makeTempDir("kernel-optional-const");
  writeFile(Dir + "/ext.cpp", R"cpp(
#include <torch/extension.h>
at::Tensor attend(const at::Tensor &q, c10::optional<const at::Tensor> lengths) {
  return lengths.has_value() ? q * lengths.value() : q * 2;
}
at::Tensor attend_ok(const at::Tensor &q, c10::optional<at::Tensor> lengths) {
  return lengths.has_value() ? q * lengths.value() : q * 2;
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("attend", &attend);
  m.def("attend_ok", &attend_ok);
}
)cpp");
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("attend") && F.count("attend_ok"));
  EXPECT_TRUE(anyNoteHas(F["attend"], "parameter 'lengths' of type 'c10::optional<const at::Tensor>' "
                                      "has no schema type; use 'c10::optional<at::Tensor>' instead"));
  EXPECT_NE(F["attend"].Message.find("once the types the notes name are schema types"),
            std::string::npos)
      << F["attend"].Message;
  EXPECT_NE(F["attend_ok"].Message.find("'attend_ok(Tensor q, Tensor? lengths) -> Tensor'"),
            std::string::npos)
      << F["attend_ok"].Message;
}

TEST(BindingKernelTypes, AMethodGetsAMethodsAdviceAndItsTypesNamed) {
  std::string Dir = makeTempDir("kernel-method");
  writeFile(Dir + "/ext.cpp", Source);
  std::map<std::string, Finding> F = lint(Dir);
  ASSERT_TRUE(F.count("Net.run"));
  EXPECT_FALSE(F.count("Net.width")); // No tensors.
  EXPECT_NE(F["Net.run"].Message.find("[GB0156]; an operator cannot be a method"),
            std::string::npos);
  EXPECT_TRUE(anyNoteHas(F["Net.run"], "the return type 'std::tuple<Context, at::Tensor>' has "
                                       "no schema type"));
  EXPECT_FALSE(F["Net.run"].Fixed);
}

} // namespace
