//===--- FakeKernelNoteTest.cpp - The fake kernel opaque-binding suggests -===//
//
// torch-compile-opaque-binding's migration registers a Meta kernel whose
// outputs are the kernel's own allocations (model/FakeKernel.h), with
// symbolic sizes, and a note shows it; where a size comes from tensor data
// the note gives a Python fake with a dynamic size instead, and where the
// body shows no one shape, an outline: no invented shape.
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

// Each reads its inputs' memory: registered for CPU, so each needs a fake.
at::Tensor pool_rows(const at::Tensor &x, int64_t k) {
  auto out = at::empty({x.size(0), x.size(1) / k}, x.options());
  float *o = out.data_ptr<float>();
  o[0] = x.data_ptr<float>()[0];
  return out;
}

std::tuple<at::Tensor, at::Tensor> argmax_rows(const at::Tensor &x) {
  auto c = x.contiguous();
  at::Tensor values = at::empty({c.size(0)}, c.options());
  at::Tensor index = at::zeros({c.size(0)}, c.options().dtype(at::kLong));
  values.data_ptr<float>()[0] = c.data_ptr<float>()[0];
  return std::make_tuple(values, index);
}

at::Tensor nonzero_rows(const at::Tensor &mask) {
  int64_t n = mask.sum().item<int64_t>();
  auto out = at::empty({n, 2}, mask.options().dtype(at::kLong));
  out.data_ptr<int64_t>()[0] = mask.data_ptr<bool>()[0];
  return out;
}

at::Tensor like_input(const at::Tensor &x) {
  auto out = at::empty_like(x);
  out.data_ptr<float>()[0] = x.data_ptr<float>()[0];
  return out;
}

// Two outputs of different shapes on two paths: no single fake to write.
at::Tensor two_shapes(const at::Tensor &x, bool flat) {
  float v = x.data_ptr<float>()[0];
  if (flat)
    return at::full({x.numel()}, v, x.options());
  return at::full({x.size(0), 1}, v, x.options());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("pool_rows", &pool_rows);
  m.def("argmax_rows", &argmax_rows);
  m.def("nonzero_rows", &nonzero_rows);
  m.def("like_input", &like_input);
  m.def("two_shapes", &two_shapes);
}
)cpp";

TEST(FakeKernelNote, TheFakeReturnsWhatTheKernelAllocates) {
  std::string Dir = makeTempDir("fake-kernel-note");
  writeFile(Dir + "/ext.cpp", Source);
  RunResult R = runTorchLint("--no-project --no-cache --format=json "
                             "--checks=-*,torch-compile-opaque-binding --torch-include=" +
                                 shellQuote(mockIncludes()) + " ext.cpp",
                             Dir);
  ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  std::map<std::string, std::string> Fake; // binding -> its fake-kernel note
  json Doc = json::parse(R.Out);
  for (const auto &F : Doc["findings"])
    for (const auto &N : F["notes"]) {
      std::string M = N["message"].get<std::string>();
      size_t Python = M.find("register_fake(\""), Meta = M.find("m.impl(\"");
      if (Python == std::string::npos && Meta == std::string::npos)
        continue;
      std::string Name =
          Python != std::string::npos ? M.substr(M.find("::", Python) + 2) : M.substr(Meta + 8);
      Fake[Name.substr(0, Name.find('"'))] = M;
    }
  auto Has = [&](const std::string &Op, const std::string &Text) {
    EXPECT_NE(Fake[Op].find(Text), std::string::npos) << Op << ": " << Fake[Op];
  };
  Has("pool_rows", "the fix-it gives the op a fake kernel for torch.compile, a Meta kernel "
                   "written from the outputs its code allocates: m.impl(\"pool_rows\", "
                   "[](const at::Tensor & x, int64_t k) { return at::empty_symint("
                   "{x.sym_size(0), (x.sym_size(1) / k)}, x.options()); })");
  Has("argmax_rows", "[](const at::Tensor & x) { return std::make_tuple(at::empty_symint("
                     "{x.sym_size(0)}, x.options()), at::empty_symint({x.sym_size(0)}, "
                     "x.options().dtype(at::kLong))); }");
  Has("like_input", "[](const at::Tensor & x) { return at::empty_like(x); }");
  // A size read from data: no C++ form here; Python's dynamic size.
  Has("nonzero_rows", "def _(mask): return mask.new_empty("
                      "(torch.library.get_ctx().new_dynamic_size(), 2), dtype=torch.int64)");
  // No shape invented: the note says what the fake must return.
  Has("two_shapes", "def _(x, flat): ... (empty tensors of the outputs' shapes and dtypes;");
  for (const auto &[Op, Note] : Fake)
    EXPECT_EQ(Note.find("empty_like(...)"), std::string::npos) << Note;
}

} // namespace
