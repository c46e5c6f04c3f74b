//===--- ProjectFactsTest.cpp - What one TU tells the rest of the project -===//
//
// The facts extractFacts takes from code, checked on the forms real
// extensions use. Parsed with the mock torch headers.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "model/ProjectFacts.h"
#include "model/Registrations.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <map>

using namespace torchlint::model;
using namespace torchlint::test;

namespace {

/// The facts of \p Code, by function name.
std::map<std::string, FunctionFact> factsOf(const std::string &Code) {
  std::unique_ptr<clang::ASTUnit> AST = clang::tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-isystem", mockIncludes()}, "/project/facts.cpp");
  EXPECT_TRUE(AST);
  std::map<std::string, FunctionFact> Out;
  if (!AST)
    return Out;
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  for (FunctionFact &F : extractFacts(AST->getASTContext()).Functions)
    Out[F.Name] = std::move(F);
  return Out;
}

/// FromParam of each call the function makes through a pointer ("" when
/// it passes none of its parameters); empty when it makes none.
std::vector<std::vector<int>> indirectCalls(const FunctionFact &F) {
  std::vector<std::vector<int>> Out;
  for (const CallFact &C : F.Calls)
    if (C.Callee.empty())
      Out.push_back(C.FromParam);
  return Out;
}

} // namespace

// mmcv reaches every kernel through a function pointer a device table holds
// (pytorch_device_registry.hpp: `auto f_ptr = registry.Find(...); return
// f_ptr(std::forward<Args>(args)...)`). Such a call is recorded with the
// parameters it is handed, a pack by its own index, so that the project
// model answers "unknown" for what it writes and runs.
TEST(ProjectFacts, CallsThroughPointersAreRecordedWithTheParametersTheyAreHanded) {
  auto Facts = factsOf(R"cpp(
#include <torch/torch.h>
#include <functional>
#include <utility>
using Kernel = void (*)(at::Tensor);
Kernel table[4];
void via_pointer(int64_t i, at::Tensor x) { table[i](x); }
void via_std_function(at::Tensor x, const std::function<void(at::Tensor)> &f) { f(x); }
struct Runner { void run(at::Tensor x); };
void via_member(Runner &r, void (Runner::*m)(at::Tensor), at::Tensor x) { (r.*m)(x); }
template <typename F> void via_functor(F f, at::Tensor x) { f(x); }
template <typename Table, typename... Args>
auto via_pack(const Table &t, const char *name, Args &&...args) {
  auto fn = t.find(0);
  return fn(std::forward<Args>(args)...);
}
at::Tensor via_temporary(at::Tensor x) { return table[0] ? (x + 1) : x; }

// Look-alikes: a named function a template leaves open, a lambda of the
// body, a pointer handed no tensor.
void helper(at::Tensor x);
template <typename... Args> void named(Args &&...args) { helper(std::forward<Args>(args)...); }
void via_lambda(at::Tensor x) {
  auto g = [](at::Tensor y) { return y.sum(); };
  g(x);
}
void (*logger)(const char *);
void logs(at::Tensor x) { logger("x"); }
)cpp");
  using Calls = std::vector<std::vector<int>>;
  EXPECT_EQ(indirectCalls(Facts["via_pointer"]), (Calls{{1}}));
  EXPECT_EQ(indirectCalls(Facts["via_std_function"]), (Calls{{0}}));
  EXPECT_EQ(indirectCalls(Facts["via_member"]), (Calls{{2}}));
  EXPECT_EQ(indirectCalls(Facts["via_functor"]), (Calls{{1}}));
  EXPECT_EQ(indirectCalls(Facts["via_pack"]), (Calls{{2}}));
  EXPECT_EQ(Facts["via_pack"].Pack, 2);
  EXPECT_EQ(Facts["via_pointer"].Pack, -1);
  EXPECT_EQ(indirectCalls(Facts["via_temporary"]), Calls{});
  EXPECT_EQ(indirectCalls(Facts["named"]), Calls{});
  EXPECT_EQ(indirectCalls(Facts["via_lambda"]), Calls{});
  EXPECT_EQ(indirectCalls(Facts["logs"]), Calls{});
}

// What a function returns: a parameter as it is (alone, in a braced list,
// in make_tuple), or a call's result; and in a template, `helper<N>(x)` is a
// call of that template (spconv's get_indice_pairs_forward<NDim> in mmcv).
// pytorch3d's CPU stubs: `AT_ERROR("Not Implemented"); return pix_to_face;`
// never returns its input (the return is unreachable); nor after a throw or
// TORCH_CHECK(false, ...). Look-alikes: a conditional failure, a check that
// can pass.
TEST(ProjectFacts, ReturnsAfterAnUnconditionalFailureAreNotReturns) {
  auto Facts = factsOf(R"cpp(
#include <torch/torch.h>
#include <stdexcept>
at::Tensor stub(const at::Tensor &pix_to_face) {
  AT_ERROR("Not Implemented");
  return pix_to_face;
}
at::Tensor thrown(const at::Tensor &x) {
  throw std::runtime_error("no CPU kernel");
  return x;
}
at::Tensor checked_false(const at::Tensor &x) {
  TORCH_CHECK(false, "Not compiled with GPU support.");
  return x;
}
at::Tensor conditional(const at::Tensor &x, bool cuda) {
  if (cuda)
    AT_ERROR("Not compiled with GPU support.");
  return x;
}
at::Tensor checked(const at::Tensor &x) {
  TORCH_CHECK(x.dim() == 2, "expected 2-D");
  return x;
}
)cpp");
  for (const char *Name : {"stub", "thrown", "checked_false"})
    EXPECT_TRUE(Facts[Name].Params[0].ReturnedAt.File.empty()) << Name;
  for (const char *Name : {"conditional", "checked"})
    EXPECT_FALSE(Facts[Name].Params[0].ReturnedAt.File.empty()) << Name;
}

TEST(ProjectFacts, ReturnedParametersAndCallsAreRecorded) {
  auto Facts = factsOf(R"cpp(
#include <torch/torch.h>
#include <tuple>
#include <vector>
std::vector<at::Tensor> launch(const at::Tensor &idx, int64_t sub) {
  if (sub)
    return {idx, idx.new_empty({0})};
  return {idx.clone()};
}
template <unsigned N> std::vector<at::Tensor> pairs(const at::Tensor &idx, int64_t sub) {
  return launch(idx, sub);
}
template <unsigned N> std::vector<at::Tensor> outer(const at::Tensor &idx) { return pairs<N>(idx, 1); }
std::tuple<at::Tensor, at::Tensor> tupled(const at::Tensor &a, const at::Tensor &b) {
  return std::make_tuple(a, b + 1);
}
// Look-alikes: a view or a copy of a parameter is not the parameter; a
// lambda's return is not the function's.
at::Tensor viewed(const at::Tensor &x) { return x.view({-1}); }
at::Tensor lambda_returns(const at::Tensor &x) {
  auto f = [](const at::Tensor &y) { return y; };
  return f(x) + 1;
}
)cpp");
  auto ReturnedParams = [&](const std::string &Name) {
    std::vector<unsigned> Out;
    for (const ParamFact &P : Facts[Name].Params)
      if (!P.ReturnedAt.File.empty())
        Out.push_back(P.Index);
    return Out;
  };
  EXPECT_EQ(ReturnedParams("launch"), std::vector<unsigned>{0});
  EXPECT_EQ(Facts["launch"].Params[0].ReturnedAt.Line, 7u); // `return {idx, ...}`
  EXPECT_EQ(ReturnedParams("tupled"), std::vector<unsigned>{0});
  EXPECT_EQ(ReturnedParams("viewed"), std::vector<unsigned>{});
  EXPECT_EQ(ReturnedParams("lambda_returns"), std::vector<unsigned>{});
  ASSERT_EQ(Facts["pairs"].Calls.size(), 1u);
  EXPECT_TRUE(Facts["pairs"].Calls[0].Returned);
  EXPECT_EQ(Facts["pairs"].Calls[0].FromParam, (std::vector<int>{0, 1}));
  // The template's call of another template, by its one candidate.
  ASSERT_EQ(Facts["outer"].Calls.size(), 1u);
  EXPECT_EQ(Facts["outer"].Calls[0].Callee, Facts["pairs"].Usr);
  EXPECT_TRUE(Facts["outer"].Calls[0].Returned);
}
