//===--- SchemaTest.cpp - Tests for the FunctionSchema parser ------------===//
//
// Most positive cases are real schemas from PyTorch's native_functions.yaml
// or from well-known extensions (torchvision, torch_scatter).
//
//===----------------------------------------------------------------------===//

#include "checks/model/Schema.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

using namespace torchlint::model;

namespace {

::testing::AssertionResult parses(std::string_view Text, FunctionSchema &Out) {
  SchemaError Err;
  std::optional<FunctionSchema> F = parseSchema(Text, &Err);
  if (!F)
    return ::testing::AssertionFailure()
           << "'" << Text << "' failed at column " << Err.column << ": " << Err.message;
  Out = *F;
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult failsAt(std::string_view Text, unsigned Column,
                                   std::string_view Message) {
  SchemaError Err;
  std::optional<FunctionSchema> F = parseSchema(Text, &Err);
  if (F)
    return ::testing::AssertionFailure() << "'" << Text << "' parsed as '" << F->str() << "'";
  if (Err.column != Column || Err.message.find(Message) == std::string::npos)
    return ::testing::AssertionFailure()
           << "'" << Text << "': got column " << Err.column << " '" << Err.message
           << "', want column " << Column << " containing '" << Message << "'";
  if (!Err.message.empty() && Err.message.back() == '.')
    return ::testing::AssertionFailure() << "message ends with a period: " << Err.message;
  return ::testing::AssertionSuccess();
}

unsigned col(std::string_view Text, std::string_view Needle) {
  return static_cast<unsigned>(Text.find(Needle));
}

} // namespace

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

TEST(Schema, QualifiedNameAndOverload) {
  FunctionSchema F;
  ASSERT_TRUE(
      parses("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", F));
  EXPECT_EQ(F.ns, "aten");
  EXPECT_EQ(F.name, "add");
  EXPECT_EQ(F.overload, "Tensor");
  EXPECT_EQ(F.qualifiedName(), "aten::add");
  EXPECT_TRUE(F.hasReturnArrow);
  EXPECT_FALSE(F.nameOnly);
  ASSERT_EQ(F.args.size(), 3u);
  EXPECT_EQ(F.args[0].type.kind, SchemaType::Tensor);
  EXPECT_EQ(F.args[0].type.name, "Tensor");
  EXPECT_EQ(F.args[0].name, "self");
  EXPECT_FALSE(F.args[0].kwargOnly);
  EXPECT_FALSE(F.args[0].alias.present);
  EXPECT_EQ(F.args[0].column, 17u);
  EXPECT_EQ(F.args[1].name, "other");
  EXPECT_EQ(F.args[1].column, 30u);
  EXPECT_FALSE(F.args[1].kwargOnly);
  EXPECT_EQ(F.args[2].type.kind, SchemaType::Scalar);
  EXPECT_EQ(F.args[2].name, "alpha");
  EXPECT_TRUE(F.args[2].kwargOnly);
  EXPECT_TRUE(F.args[2].hasDefault);
  EXPECT_EQ(F.args[2].defaultValue, "1");
  EXPECT_EQ(F.args[2].column, 47u);
  ASSERT_EQ(F.returns.size(), 1u);
  EXPECT_EQ(F.returns[0].type.kind, SchemaType::Tensor);
  EXPECT_TRUE(F.returns[0].name.empty());
  EXPECT_FALSE(F.returns[0].alias.present);
}

TEST(Schema, UnqualifiedName) {
  FunctionSchema F;
  ASSERT_TRUE(parses("my_op(Tensor x) -> Tensor", F));
  EXPECT_EQ(F.ns, "");
  EXPECT_EQ(F.name, "my_op");
  EXPECT_EQ(F.overload, "");
  EXPECT_EQ(F.qualifiedName(), "my_op");
  ASSERT_EQ(F.args.size(), 1u);
  EXPECT_EQ(F.args[0].column, 6u);
}

TEST(Schema, NameOnly) {
  FunctionSchema F;
  ASSERT_TRUE(parses("mylib::my_op", F));
  EXPECT_TRUE(F.nameOnly);
  EXPECT_FALSE(F.hasReturnArrow);
  EXPECT_EQ(F.ns, "mylib");
  EXPECT_EQ(F.name, "my_op");
  EXPECT_TRUE(F.args.empty());
  EXPECT_TRUE(F.returns.empty());
  EXPECT_EQ(F.str(), "mylib::my_op");

  ASSERT_TRUE(parses("  foo  ", F));
  EXPECT_TRUE(F.nameOnly);
  EXPECT_EQ(F.ns, "");
  EXPECT_EQ(F.name, "foo");

  ASSERT_TRUE(parses("aten::add.out", F));
  EXPECT_TRUE(F.nameOnly);
  EXPECT_EQ(F.overload, "out");
}

TEST(Schema, DunderNames) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::__and__.Tensor(Tensor self, Tensor other) -> Tensor", F));
  EXPECT_EQ(F.name, "__and__");
  EXPECT_EQ(F.overload, "Tensor");
  ASSERT_TRUE(parses("aten::__ilshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", F));
  EXPECT_EQ(F.name, "__ilshift__");
  EXPECT_TRUE(F.args[0].alias.isWrite);
}

TEST(Schema, TupleArguments) {
  // torchcodec's add_video_stream; torch 2.15 accepts both forms
  // (torch.library.define prints them back as written).
  FunctionSchema F;
  ASSERT_TRUE(parses("torchcodec_ns::add_video_stream(Tensor(a!) decoder, "
                     "(Tensor, Tensor, Tensor)? custom_frame_mappings=None, "
                     "(int, float) p) -> ()",
                     F));
  ASSERT_EQ(F.args.size(), 3u);
  EXPECT_EQ(F.args[1].type.str(), "(Tensor, Tensor, Tensor)?");
  EXPECT_EQ(F.args[2].type.str(), "(int, float)");
  EXPECT_FALSE(parses("ns::op((Tensor, Tensor x) -> ()", F));
}

TEST(Schema, EmptyArgumentList) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::_cuda_clear_plan_cache() -> ()", F));
  EXPECT_TRUE(F.args.empty());
  EXPECT_TRUE(F.returns.empty());
  EXPECT_TRUE(F.hasReturnArrow);
  ASSERT_TRUE(parses("mylib::seed( ) -> int", F));
  EXPECT_TRUE(F.args.empty());
  ASSERT_EQ(F.returns.size(), 1u);
  EXPECT_EQ(F.returns[0].type.kind, SchemaType::Int);
}

//===----------------------------------------------------------------------===//
// Alias annotations
//===----------------------------------------------------------------------===//

TEST(Schema, InPlaceAlias) {
  FunctionSchema F;
  ASSERT_TRUE(parses(
      "aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", F));
  EXPECT_EQ(F.name, "add_");
  EXPECT_TRUE(F.args[0].alias.present);
  EXPECT_EQ(F.args[0].alias.set, "a");
  EXPECT_TRUE(F.args[0].alias.isWrite);
  EXPECT_TRUE(F.args[0].alias.afterSet.empty());
  EXPECT_EQ(F.args[0].alias.str(), "(a!)");
  EXPECT_EQ(F.args[0].name, "self");
  EXPECT_FALSE(F.args[1].alias.present);
  ASSERT_EQ(F.returns.size(), 1u);
  EXPECT_EQ(F.returns[0].alias.set, "a");
  EXPECT_TRUE(F.returns[0].alias.isWrite);
}

TEST(Schema, OutVariant) {
  FunctionSchema F;
  ASSERT_TRUE(parses(
      "aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
      F));
  EXPECT_EQ(F.overload, "out");
  ASSERT_EQ(F.args.size(), 4u);
  EXPECT_TRUE(F.args[2].kwargOnly);
  EXPECT_TRUE(F.args[3].kwargOnly);
  EXPECT_EQ(F.args[3].name, "out");
  EXPECT_EQ(F.args[3].alias.set, "a");
  EXPECT_TRUE(F.args[3].alias.isWrite);
  EXPECT_FALSE(F.args[3].hasDefault);
  EXPECT_TRUE(F.returns[0].alias.isWrite);
}

TEST(Schema, BareWriteAnnotation) {
  // vLLM's spelling: `Tensor!` is a write in a set of its own; torch's
  // SchemaTypeParser names the sets $0, $1, ... in order.
  FunctionSchema F;
  ASSERT_TRUE(parses("_C::rotary(Tensor x, Tensor! out1, Tensor? c, Tensor! out2, "
                     "Tensor(a!)[] rest) -> ()",
                     F));
  ASSERT_EQ(F.args.size(), 5u);
  EXPECT_FALSE(F.args[0].alias.present);
  EXPECT_TRUE(F.args[1].alias.present);
  EXPECT_TRUE(F.args[1].alias.isWrite);
  EXPECT_EQ(F.args[1].alias.set, "$0");
  EXPECT_EQ(F.args[1].name, "out1");
  EXPECT_EQ(F.args[3].alias.set, "$1");
  EXPECT_TRUE(F.args[3].alias.isWrite);
  EXPECT_EQ(F.args[1].typeStr(), "Tensor!");
  EXPECT_EQ(F.args[4].alias.set, "a");
  FunctionSchema G;
  ASSERT_TRUE(parses("gmm(Tensor (a!) a, Tensor[]! xs) -> Tensor(a!)", G));
  EXPECT_EQ(G.args[0].alias.set, "a");
  EXPECT_TRUE(G.args[1].alias.isWrite);
  EXPECT_TRUE(G.args[1].alias.onList);
}

TEST(Schema, ReadOnlyAliasView) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)", F));
  EXPECT_EQ(F.args[0].alias.set, "a");
  EXPECT_FALSE(F.args[0].alias.isWrite);
  EXPECT_EQ(F.args[1].type.kind, SchemaType::SymInt);
  EXPECT_TRUE(F.args[1].type.isList);
  EXPECT_EQ(F.args[1].type.fixedSize, -1);
  EXPECT_FALSE(F.args[1].type.optional);
  EXPECT_EQ(F.returns[0].alias.set, "a");
  EXPECT_FALSE(F.returns[0].alias.isWrite);
}

TEST(Schema, WildcardAfterSet) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]", F));
  EXPECT_EQ(F.args[0].alias.set, "a");
  EXPECT_FALSE(F.args[0].alias.isWrite);
  ASSERT_EQ(F.args[0].alias.afterSet.size(), 1u);
  EXPECT_EQ(F.args[0].alias.afterSet[0], "*");
  EXPECT_EQ(F.args[0].typeStr(), "Tensor(a -> *)");
  EXPECT_EQ(F.args[1].type.kind, SchemaType::Int);
  EXPECT_EQ(F.args[1].defaultValue, "0");
  ASSERT_EQ(F.returns.size(), 1u);
  EXPECT_TRUE(F.returns[0].type.isList);
  EXPECT_EQ(F.returns[0].type.kind, SchemaType::Tensor);
  EXPECT_EQ(F.returns[0].alias.set, "a");
  EXPECT_EQ(F.returns[0].typeStr(), "Tensor(a)[]");
}

TEST(Schema, SplitTensor) {
  FunctionSchema F;
  ASSERT_TRUE(parses(
      "aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]", F));
  EXPECT_EQ(F.args[1].type.kind, SchemaType::SymInt);
  EXPECT_FALSE(F.args[1].type.isList);
  EXPECT_EQ(F.args[1].name, "split_size");
}

TEST(Schema, AliasedListArgument) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::_foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ()", F));
  EXPECT_TRUE(F.args[0].type.isList);
  EXPECT_EQ(F.args[0].alias.set, "a");
  EXPECT_TRUE(F.args[0].alias.isWrite);
  EXPECT_EQ(F.args[0].typeStr(), "Tensor(a!)[]");
  EXPECT_TRUE(F.returns.empty());
  EXPECT_TRUE(F.hasReturnArrow);
}

TEST(Schema, OptionalAliasedTensor) {
  FunctionSchema F;
  ASSERT_TRUE(parses("mylib::f(Tensor(b!)? grad, Tensor(a) x) -> Tensor(a)", F));
  EXPECT_TRUE(F.args[0].type.optional);
  EXPECT_FALSE(F.args[0].type.isList);
  EXPECT_TRUE(F.args[0].type.acceptsNone());
  EXPECT_EQ(F.args[0].alias.set, "b");
  EXPECT_TRUE(F.args[0].alias.isWrite);
  EXPECT_EQ(F.args[0].typeStr(), "Tensor(b!)?");
}

TEST(Schema, AliasSetUnion) {
  FunctionSchema F;
  ASSERT_TRUE(parses("prim::foo(Tensor(a|b) x, Tensor(b!) y) -> Tensor(a|b -> b|*)", F));
  EXPECT_EQ(F.args[0].alias.set, "a|b");
  EXPECT_FALSE(F.args[0].alias.isWrite);
  EXPECT_EQ(F.returns[0].alias.set, "a|b");
  ASSERT_EQ(F.returns[0].alias.afterSet.size(), 2u);
  EXPECT_EQ(F.returns[0].alias.afterSet[0], "b");
  EXPECT_EQ(F.returns[0].alias.afterSet[1], "*");
  EXPECT_EQ(F.returns[0].alias.str(), "(a|b -> b|*)");
}

TEST(Schema, WildcardAlias) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::list.t(t[] l) -> t[]", F));
  EXPECT_EQ(F.args[0].type.kind, SchemaType::Other);
  EXPECT_EQ(F.args[0].type.name, "t");
  EXPECT_TRUE(F.args[0].type.isList);
  ASSERT_TRUE(parses("aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)", F));
  EXPECT_TRUE(F.args[0].type.isList);
  EXPECT_TRUE(F.args[0].alias.onList);
  EXPECT_EQ(F.args[0].alias.set, "a");
  EXPECT_TRUE(F.args[0].alias.isWrite);
  EXPECT_EQ(F.args[0].typeStr(), "t[](a!)");
  EXPECT_FALSE(F.args[1].alias.onList);
  EXPECT_EQ(F.args[1].alias.afterSet[0], "*");
  EXPECT_EQ(F.str(), "aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)");
  EXPECT_TRUE(failsAt("f(Tensor(a)[](b) x) -> ()", 13, "only one alias annotation"));
  ASSERT_TRUE(parses("prim::x(Tensor(*) x) -> Tensor(*)", F));
  EXPECT_EQ(F.args[0].alias.set, "*");
}

//===----------------------------------------------------------------------===//
// Returns
//===----------------------------------------------------------------------===//

TEST(Schema, NamedReturns) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> "
                     "(Tensor values, Tensor indices)",
                     F));
  EXPECT_EQ(F.args[2].type.kind, SchemaType::Bool);
  EXPECT_EQ(F.args[2].defaultValue, "False");
  ASSERT_EQ(F.returns.size(), 2u);
  EXPECT_EQ(F.returns[0].name, "values");
  EXPECT_EQ(F.returns[1].name, "indices");
  EXPECT_EQ(F.returns[1].type.kind, SchemaType::Tensor);
}

TEST(Schema, NamedAliasedReturns) {
  FunctionSchema F;
  std::string S = "aten::max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, "
                  "Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)";
  ASSERT_TRUE(parses(S, F));
  ASSERT_EQ(F.args.size(), 5u);
  EXPECT_FALSE(F.args[2].kwargOnly);
  EXPECT_TRUE(F.args[3].kwargOnly);
  EXPECT_EQ(F.args[3].name, "max");
  EXPECT_EQ(F.args[3].alias.set, "a");
  EXPECT_EQ(F.args[4].name, "max_values");
  EXPECT_EQ(F.args[4].alias.set, "b");
  EXPECT_TRUE(F.args[4].alias.isWrite);
  EXPECT_EQ(F.args[4].column, col(S, "Tensor(b!) max_values"));
  ASSERT_EQ(F.returns.size(), 2u);
  EXPECT_EQ(F.returns[0].alias.set, "a");
  EXPECT_EQ(F.returns[0].name, "values");
  EXPECT_EQ(F.returns[1].alias.set, "b");
  EXPECT_TRUE(F.returns[1].alias.isWrite);
  EXPECT_EQ(F.returns[1].column, col(S, "Tensor(b!) indices"));
}

TEST(Schema, UnnamedTupleReturns) {
  FunctionSchema F;
  ASSERT_TRUE(
      parses("aten::sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor, Tensor)", F));
  EXPECT_EQ(F.args[1].defaultValue, "-1");
  ASSERT_EQ(F.returns.size(), 2u);
  EXPECT_TRUE(F.returns[0].name.empty());
  EXPECT_TRUE(F.returns[1].name.empty());
}

TEST(Schema, ScalarReturns) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::is_nonzero(Tensor self) -> bool", F));
  EXPECT_EQ(F.returns[0].type.kind, SchemaType::Bool);
  ASSERT_TRUE(parses("aten::_local_scalar_dense(Tensor self) -> Scalar", F));
  EXPECT_EQ(F.returns[0].type.kind, SchemaType::Scalar);
  ASSERT_TRUE(parses("aten::sym_size.int(Tensor self, int dim) -> SymInt", F));
  EXPECT_EQ(F.overload, "int");
  EXPECT_EQ(F.returns[0].type.kind, SchemaType::SymInt);
  ASSERT_TRUE(parses("aten::size.int(Tensor self, int dim) -> int", F));
  EXPECT_EQ(F.returns[0].type.kind, SchemaType::Int);
  ASSERT_TRUE(parses("aten::sym_sizes(Tensor self) -> SymInt[]", F));
  EXPECT_TRUE(F.returns[0].type.isList);
}

TEST(Schema, TensorListReturn) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::_foreach_add.Scalar(Tensor[] self, Scalar scalar) -> Tensor[]", F));
  EXPECT_TRUE(F.args[0].type.isList);
  EXPECT_FALSE(F.args[0].type.optional);
  EXPECT_TRUE(F.returns[0].type.isList);
  EXPECT_EQ(F.returns[0].type.str(), "Tensor[]");
}

TEST(Schema, VarargsReturns) {
  FunctionSchema F;
  ASSERT_TRUE(parses("prim::Print(...) -> ...", F));
  EXPECT_TRUE(F.isVararg);
  EXPECT_TRUE(F.isVarret);
  EXPECT_EQ(F.str(), "prim::Print(...) -> ...");
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

TEST(Schema, OptionalTensorList) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor", F));
  const SchemaType &T = F.args[1].type;
  EXPECT_EQ(T.kind, SchemaType::Tensor);
  EXPECT_TRUE(T.isList);
  EXPECT_TRUE(T.optional);
  EXPECT_TRUE(T.elementOptional);
  EXPECT_FALSE(T.listOptional);
  EXPECT_FALSE(T.acceptsNone());
  EXPECT_EQ(T.str(), "Tensor?[]");
}

TEST(Schema, FixedSizeListsWithScalarDefaults) {
  FunctionSchema F;
  ASSERT_TRUE(
      parses("aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, "
             "int[2] padding=0, int[2] dilation=1, int groups=1) -> Tensor",
             F));
  ASSERT_EQ(F.args.size(), 7u);
  EXPECT_TRUE(F.args[2].type.optional);
  EXPECT_FALSE(F.args[2].type.isList);
  EXPECT_EQ(F.args[2].defaultValue, "None");
  for (int I = 3; I <= 5; ++I) {
    EXPECT_EQ(F.args[I].type.kind, SchemaType::Int);
    EXPECT_TRUE(F.args[I].type.isList);
    EXPECT_EQ(F.args[I].type.fixedSize, 2);
    EXPECT_FALSE(F.args[I].type.optional);
    EXPECT_EQ(F.args[I].type.str(), "int[2]");
  }
  EXPECT_EQ(F.args[3].defaultValue, "1");
  EXPECT_EQ(F.args[4].defaultValue, "0");
  EXPECT_EQ(F.args[6].name, "groups");
}

TEST(Schema, ListDefaults) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], "
                     "int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> Tensor",
                     F));
  EXPECT_EQ(F.args[2].defaultValue, "[]");
  ASSERT_TRUE(parses("aten::avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], "
                     "int[3] padding=[0, 0, 0]) -> Tensor",
                     F));
  EXPECT_EQ(F.args[1].type.fixedSize, 3);
  EXPECT_EQ(F.args[3].defaultValue, "[0, 0, 0]");
  ASSERT_TRUE(parses("mylib::f(int[] dims=[0,1], float[] w=[1.5, -2e3]) -> Tensor", F));
  EXPECT_EQ(F.args[0].defaultValue, "[0,1]");
  EXPECT_EQ(F.args[1].type.kind, SchemaType::Float);
  EXPECT_EQ(F.args[1].defaultValue, "[1.5, -2e3]");
}

TEST(Schema, OptionalFixedSizeList) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, "
                     "ScalarType? dtype=None) -> Tensor",
                     F));
  const SchemaType &T = F.args[1].type;
  EXPECT_TRUE(T.isList);
  EXPECT_EQ(T.fixedSize, 1);
  EXPECT_TRUE(T.optional);
  EXPECT_FALSE(T.elementOptional);
  EXPECT_TRUE(T.listOptional);
  EXPECT_TRUE(T.acceptsNone());
  EXPECT_FALSE(F.args[1].hasDefault);
  EXPECT_EQ(T.str(), "int[1]?");
  EXPECT_EQ(F.args[3].type.kind, SchemaType::ScalarType);
  EXPECT_TRUE(F.args[3].type.optional);
  EXPECT_TRUE(F.args[3].kwargOnly);
}

TEST(Schema, StdCorrection) {
  FunctionSchema F;
  ASSERT_TRUE(
      parses("aten::std.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, "
             "bool keepdim=False) -> Tensor",
             F));
  EXPECT_EQ(F.args[1].defaultValue, "None");
  EXPECT_EQ(F.args[2].type.kind, SchemaType::Scalar);
  EXPECT_TRUE(F.args[2].type.optional);
  EXPECT_TRUE(F.args[2].kwargOnly);
  EXPECT_TRUE(F.args[3].kwargOnly);
}

TEST(Schema, SymIntOptionalFixedList) {
  FunctionSchema F;
  ASSERT_TRUE(parses("mylib::f(SymInt[1]? size=None, int[]? dims=None) -> Tensor", F));
  EXPECT_EQ(F.args[0].type.kind, SchemaType::SymInt);
  EXPECT_EQ(F.args[0].type.fixedSize, 1);
  EXPECT_TRUE(F.args[0].type.listOptional);
  EXPECT_EQ(F.args[1].type.fixedSize, -1);
  EXPECT_TRUE(F.args[1].type.listOptional);
  EXPECT_EQ(F.args[1].type.str(), "int[]?");
}

TEST(Schema, TensorOptionsKwargs) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, "
                     "Layout? layout=None, Device? device=None, bool? pin_memory=None, "
                     "MemoryFormat? memory_format=None) -> Tensor",
                     F));
  ASSERT_EQ(F.args.size(), 6u);
  EXPECT_FALSE(F.args[0].kwargOnly);
  const SchemaType::Kind Kinds[] = {SchemaType::SymInt, SchemaType::ScalarType,
                                    SchemaType::Layout, SchemaType::Device,
                                    SchemaType::Bool,   SchemaType::MemoryFormat};
  for (size_t I = 0; I < 6; ++I) {
    EXPECT_EQ(F.args[I].type.kind, Kinds[I]) << I;
    if (I > 0) {
      EXPECT_TRUE(F.args[I].kwargOnly) << I;
      EXPECT_TRUE(F.args[I].type.optional) << I;
      EXPECT_EQ(F.args[I].defaultValue, "None") << I;
    }
  }
}

TEST(Schema, LayerNormFloatDefault) {
  FunctionSchema F;
  ASSERT_TRUE(
      parses("aten::layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, "
             "Tensor? bias=None, float eps=1e-05, bool cudnn_enable=True) -> Tensor",
             F));
  EXPECT_EQ(F.args[4].type.kind, SchemaType::Float);
  EXPECT_EQ(F.args[4].defaultValue, "1e-05");
  EXPECT_EQ(F.args[5].defaultValue, "True");
}

TEST(Schema, OptionalStrWithoutDefault) {
  FunctionSchema F;
  ASSERT_TRUE(parses(
      "aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor", F));
  EXPECT_EQ(F.overload, "Tensor_mode");
  EXPECT_EQ(F.args[2].type.kind, SchemaType::Str);
  EXPECT_TRUE(F.args[2].type.optional);
  EXPECT_TRUE(F.args[2].kwargOnly);
  EXPECT_FALSE(F.args[2].hasDefault);
}

TEST(Schema, StringDefaults) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::gelu(Tensor self, *, str approximate='none') -> Tensor", F));
  EXPECT_EQ(F.args[1].defaultValue, "'none'");
  EXPECT_TRUE(F.args[1].kwargOnly);
  ASSERT_TRUE(
      parses("aten::pad(Tensor self, SymInt[] pad, str mode=\"constant\", float? value=None) "
             "-> Tensor",
             F));
  EXPECT_EQ(F.args[2].defaultValue, "\"constant\"");
  EXPECT_EQ(F.args[3].type.kind, SchemaType::Float);
  ASSERT_TRUE(parses("mylib::f(str a='it\\'s', str b=\"say \\\"hi\\\"\", str c='a,b)') -> ()", F));
  EXPECT_EQ(F.args[0].defaultValue, "'it\\'s'");
  EXPECT_EQ(F.args[1].defaultValue, "\"say \\\"hi\\\"\"");
  EXPECT_EQ(F.args[2].defaultValue, "'a,b)'");
}

TEST(Schema, GeneratorAndDimname) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::bernoulli(Tensor self, *, Generator? generator=None) -> Tensor", F));
  EXPECT_EQ(F.args[1].type.kind, SchemaType::Generator);
  EXPECT_TRUE(F.args[1].type.optional);
  ASSERT_TRUE(parses("aten::align_to(Tensor(a) self, Dimname[] names) -> Tensor(a)", F));
  EXPECT_EQ(F.args[1].type.kind, SchemaType::Dimname);
  EXPECT_TRUE(F.args[1].type.isList);
}

TEST(Schema, ScalarOptionals) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor", F));
  EXPECT_EQ(F.args[1].type.kind, SchemaType::Scalar);
  EXPECT_TRUE(F.args[1].type.optional);
  EXPECT_EQ(F.args[2].name, "max");
}

TEST(Schema, ToDtype) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, "
                     "bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
                     F));
  EXPECT_EQ(F.args[1].type.kind, SchemaType::ScalarType);
  EXPECT_FALSE(F.args[1].type.optional);
  EXPECT_EQ(F.args[4].type.kind, SchemaType::MemoryFormat);
}

TEST(Schema, Factories) {
  FunctionSchema F;
  ASSERT_TRUE(
      parses("aten::linspace(Scalar start, Scalar end, int steps, *, ScalarType? dtype=None, "
             "Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
             F));
  EXPECT_EQ(F.args.size(), 7u);
  EXPECT_FALSE(F.args[2].kwargOnly);
  EXPECT_TRUE(F.args[3].kwargOnly);
  ASSERT_TRUE(parses("aten::full(SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, "
                     "Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
                     F));
  EXPECT_EQ(F.args[1].name, "fill_value");
}

TEST(Schema, NanToNum) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::nan_to_num(Tensor self, float? nan=None, float? posinf=None, "
                     "float? neginf=None) -> Tensor",
                     F));
  EXPECT_EQ(F.args[1].name, "nan");
  EXPECT_EQ(F.args[3].name, "neginf");
}

TEST(Schema, NumericAndEnumDefaults) {
  FunctionSchema F;
  ASSERT_TRUE(parses("mylib::f(float a=-inf, float b=inf, float c=nan, float d=0.5, float e=-1.0, "
                     "int r=Mean, ScalarType t=long, MemoryFormat m=contiguous_format, "
                     "float f=.5, float g=2.5e+3) -> Tensor",
                     F));
  EXPECT_EQ(F.args[0].defaultValue, "-inf");
  EXPECT_EQ(F.args[1].defaultValue, "inf");
  EXPECT_EQ(F.args[2].defaultValue, "nan");
  EXPECT_EQ(F.args[3].defaultValue, "0.5");
  EXPECT_EQ(F.args[4].defaultValue, "-1.0");
  EXPECT_EQ(F.args[5].defaultValue, "Mean");
  EXPECT_EQ(F.args[6].defaultValue, "long");
  EXPECT_EQ(F.args[7].defaultValue, "contiguous_format");
  EXPECT_EQ(F.args[8].defaultValue, ".5");
  EXPECT_EQ(F.args[9].defaultValue, "2.5e+3");
  ASSERT_TRUE(
      parses("aten::mse_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor", F));
  EXPECT_EQ(F.args[2].defaultValue, "Mean");
}

TEST(Schema, OtherBaseTypes) {
  FunctionSchema F;
  ASSERT_TRUE(
      parses("mylib::f(Storage s, Stream st, QScheme q, Any a, Device d, Layout l) -> ()", F));
  EXPECT_EQ(F.args[0].type.kind, SchemaType::Storage);
  EXPECT_EQ(F.args[1].type.kind, SchemaType::Stream);
  EXPECT_EQ(F.args[2].type.kind, SchemaType::QScheme);
  EXPECT_EQ(F.args[3].type.kind, SchemaType::Any);
  EXPECT_EQ(F.args[4].type.kind, SchemaType::Device);
  EXPECT_EQ(F.args[5].type.kind, SchemaType::Layout);
  ASSERT_TRUE(parses("mylib::g(complex c, SymFloat f, SymBool b, DeviceIndex i) -> ()", F));
  EXPECT_EQ(F.args[0].type.kind, SchemaType::Other);
  EXPECT_EQ(F.args[0].type.name, "complex");
}

TEST(Schema, ContainerAndCustomClassTypes) {
  FunctionSchema F;
  ASSERT_TRUE(parses("mylib::f(Dict(str, Tensor) d, Future(t) fut, "
                     "__torch__.torch.classes.mylib.Foo foo) -> Dict(str, Tensor[])",
                     F));
  EXPECT_EQ(F.args[0].type.name, "Dict");
  ASSERT_EQ(F.args[0].type.contained.size(), 2u);
  EXPECT_EQ(F.args[0].type.contained[0].kind, SchemaType::Str);
  EXPECT_EQ(F.args[0].type.str(), "Dict(str, Tensor)");
  EXPECT_EQ(F.args[1].type.str(), "Future(t)");
  EXPECT_EQ(F.args[2].type.name, "__torch__.torch.classes.mylib.Foo");
  EXPECT_EQ(F.args[2].name, "foo");
  EXPECT_EQ(F.returns[0].type.str(), "Dict(str, Tensor[])");
}

TEST(Schema, CustomOps) {
  FunctionSchema F;
  ASSERT_TRUE(parses("mylib::my_op(Tensor x, int n) -> Tensor", F));
  EXPECT_EQ(F.ns, "mylib");
  EXPECT_EQ(F.args[1].type.kind, SchemaType::Int);
  EXPECT_EQ(F.args[1].name, "n");
  ASSERT_TRUE(
      parses("torchvision::nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor", F));
  EXPECT_EQ(F.ns, "torchvision");
  EXPECT_EQ(F.args[2].type.kind, SchemaType::Float);
  ASSERT_TRUE(parses("torch_scatter::scatter_sum(Tensor src, Tensor index, int dim, Tensor? out, "
                     "int? dim_size) -> Tensor",
                     F));
  EXPECT_EQ(F.ns, "torch_scatter");
  EXPECT_TRUE(F.args[3].type.optional);
  EXPECT_FALSE(F.args[3].hasDefault);
  EXPECT_EQ(F.args[4].type.kind, SchemaType::Int);
  EXPECT_TRUE(F.args[4].type.optional);
}

TEST(Schema, WhitespaceEverywhere) {
  FunctionSchema F;
  std::string S = "  aten :: add . out ( Tensor self , Tensor other , * , Scalar alpha = 1 , "
                  "Tensor ( a ! ) out ) -> Tensor ( a ! )  ";
  ASSERT_TRUE(parses(S, F));
  EXPECT_EQ(F.ns, "aten");
  EXPECT_EQ(F.name, "add");
  EXPECT_EQ(F.overload, "out");
  ASSERT_EQ(F.args.size(), 4u);
  EXPECT_EQ(F.args[0].column, col(S, "Tensor self"));
  EXPECT_EQ(F.args[2].defaultValue, "1");
  EXPECT_TRUE(F.args[3].alias.isWrite);
  EXPECT_EQ(F.args[3].column, col(S, "Tensor ( a"));
  EXPECT_EQ(
      F.str(),
      "aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  ASSERT_TRUE(parses("f(int [ 2 ] x, Tensor ? [ ] y, int[]\t?\nz)->()", F));
  EXPECT_EQ(F.args[0].type.fixedSize, 2);
  EXPECT_TRUE(F.args[1].type.elementOptional);
  EXPECT_TRUE(F.args[2].type.listOptional);
}

TEST(Schema, KeywordOnlyMarkerFirst) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::_foo(*, Tensor a, Tensor b) -> Tensor", F));
  EXPECT_TRUE(F.args[0].kwargOnly);
  EXPECT_TRUE(F.args[1].kwargOnly);
}

// Every schema here must parse and print back exactly as written.
TEST(Schema, RoundTripsRealSchemas) {
  const char *Schemas[] = {
      "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
      "aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
      "aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
      "aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) "
      "max_values) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)",
      "aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
      "aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] "
      "padding=0, int[2] dilation=1, int groups=1) -> Tensor",
      "aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]",
      "aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]",
      "aten::_foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ()",
      "_C::silu_and_mul(Tensor! out, Tensor input) -> ()",
      "aten::empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, "
      "Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, Tensor? "
      "bias=None, float eps=1e-05, bool cudnn_enable=True) -> Tensor",
      "aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor",
      "aten::gelu(Tensor self, *, str approximate='none') -> Tensor",
      "aten::bernoulli(Tensor self, *, Generator? generator=None) -> Tensor",
      "aten::align_to(Tensor(a) self, Dimname[] names) -> Tensor(a)",
      "aten::is_nonzero(Tensor self) -> bool",
      "aten::_local_scalar_dense(Tensor self) -> Scalar",
      "aten::sym_size.int(Tensor self, int dim) -> SymInt",
      "aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor",
      "aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? "
      "dtype=None) -> Tensor",
      "aten::std.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool "
      "keepdim=False) -> Tensor",
      "aten::to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, "
      "MemoryFormat? memory_format=None) -> Tensor(a)",
      "aten::linspace(Scalar start, Scalar end, int steps, *, ScalarType? dtype=None, Layout? "
      "layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::full(SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, Layout? "
      "layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> "
      "Tensor",
      "aten::pad(Tensor self, SymInt[] pad, str mode=\"constant\", float? value=None) -> Tensor",
      "aten::_cudnn_rnn(Tensor input, Tensor[] weight, int weight_stride0, Tensor? weight_buf, "
      "Tensor hx, Tensor? cx, int mode, SymInt hidden_size, SymInt proj_size, int num_layers, "
      "bool batch_first, float dropout, bool train, bool bidirectional, SymInt[] batch_sizes, "
      "Tensor? dropout_state) -> (Tensor, Tensor, Tensor, Tensor, Tensor)",
      "aten::native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, "
      "Tensor? running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)",
      "aten::_native_batch_norm_legit_functional(Tensor input, Tensor? weight, Tensor? bias, "
      "Tensor running_mean, Tensor running_var, bool training, float momentum, float eps) -> "
      "(Tensor, Tensor, Tensor, Tensor running_mean_out, Tensor running_var_out)",
      "aten::embedding_bag.padding_idx(Tensor weight, Tensor indices, Tensor offsets, bool "
      "scale_grad_by_freq, int mode, bool sparse, Tensor? per_sample_weights, bool "
      "include_last_offset, int? padding_idx) -> (Tensor, Tensor, Tensor, Tensor)",
      "aten::transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)",
      "aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]",
      "aten::copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)",
      "aten::resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> "
      "Tensor(a!)",
      "aten::cat(Tensor[] tensors, int dim=0) -> Tensor",
      "aten::cat.names(Tensor[] tensors, Dimname dim) -> Tensor",
      "aten::index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) "
      "-> Tensor(a!)",
      "aten::upsample_bilinear2d.vec(Tensor input, SymInt[]? output_size, bool align_corners, "
      "float[]? scale_factors) -> Tensor",
      "aten::scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? "
      "attn_mask=None, float dropout_p=0.0, bool is_causal=False, *, float? scale=None, bool "
      "enable_gqa=False) -> Tensor",
      "aten::_fused_adam_(Tensor(a!)[] self, Tensor(b!)[] grads, Tensor(c!)[] exp_avgs, "
      "Tensor(d!)[] exp_avg_sqs, Tensor(e!)[] max_exp_avg_sqs, Tensor[] state_steps, *, float lr, "
      "float beta1, float beta2, float weight_decay, float eps, bool amsgrad, bool maximize, "
      "Tensor? grad_scale=None, Tensor? found_inf=None) -> ()",
      "aten::quantize_per_tensor(Tensor self, float scale, int zero_point, ScalarType dtype) -> "
      "Tensor",
      "aten::qscheme(Tensor self) -> QScheme",
      "aten::native_layer_norm_backward(Tensor grad_out, Tensor input, SymInt[] normalized_shape, "
      "Tensor mean, Tensor rstd, Tensor? weight, Tensor? bias, bool[3] output_mask) -> (Tensor, "
      "Tensor, Tensor)",
      "aten::can_cast(ScalarType from_, ScalarType to) -> bool",
      "aten::result_type.Scalar_Scalar(Scalar scalar1, Scalar scalar2) -> ScalarType",
      "aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)",
      "aten::_assert_async.msg(Tensor self, str assert_msg) -> ()",
      "aten::record_stream(Tensor(a!) self, Stream s) -> ()",
      "aten::set_.source_Storage(Tensor(a!) self, Storage source) -> Tensor(a!)",
      "aten::stft(Tensor self, int n_fft, int? hop_length=None, int? win_length=None, Tensor? "
      "window=None, bool normalized=False, bool? onesided=None, bool? return_complex=None) -> "
      "Tensor",
      "aten::einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor",
      "aten::mse_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor",
      "aten::_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? "
      "device=None, bool? pin_memory=None, bool non_blocking=False, MemoryFormat? "
      "memory_format=None) -> Tensor",
      "aten::as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? "
      "storage_offset=None) -> Tensor(a)",
      "aten::rrelu(Tensor self, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool "
      "training=False, Generator? generator=None) -> Tensor",
      "aten::_cudnn_ctc_loss(Tensor log_probs, Tensor targets, int[] input_lengths, int[] "
      "target_lengths, int blank, bool deterministic, bool zero_infinity) -> (Tensor, Tensor)",
      "mylib::my_op(Tensor x, int n) -> Tensor",
      "my_op(Tensor x) -> Tensor",
      "mylib::my_op",
      "torchvision::nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
      "torchvision::roi_align(Tensor input, Tensor rois, float spatial_scale, SymInt "
      "pooled_height, SymInt pooled_width, int sampling_ratio, bool aligned) -> Tensor",
      "torch_scatter::scatter_sum(Tensor src, Tensor index, int dim, Tensor? out, int? dim_size) "
      "-> "
      "Tensor",
  };
  for (const char *S : Schemas) {
    FunctionSchema F;
    ASSERT_TRUE(parses(S, F));
    EXPECT_EQ(F.str(), S);
  }
}

TEST(Schema, LongestSchemaArgumentCount) {
  FunctionSchema F;
  ASSERT_TRUE(parses("aten::_cudnn_rnn(Tensor input, Tensor[] weight, int weight_stride0, "
                     "Tensor? weight_buf, Tensor hx, Tensor? cx, int mode, SymInt hidden_size, "
                     "SymInt proj_size, int num_layers, bool batch_first, float dropout, bool "
                     "train, bool bidirectional, SymInt[] batch_sizes, Tensor? dropout_state) -> "
                     "(Tensor, Tensor, Tensor, Tensor, Tensor)",
                     F));
  EXPECT_EQ(F.args.size(), 16u);
  EXPECT_EQ(F.returns.size(), 5u);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(Schema, ErrorEmptyString) {
  EXPECT_TRUE(failsAt("", 0, "empty schema"));
  EXPECT_TRUE(failsAt("   ", 0, "empty schema"));
  SchemaError Err;
  EXPECT_FALSE(parseSchema("", nullptr)); // A null error sink is allowed.
  EXPECT_FALSE(parseSchema("", &Err));
}

TEST(Schema, ErrorNamespaceWithoutName) {
  EXPECT_TRUE(failsAt("ns::", 4, "expected operator name after '::'"));
  EXPECT_TRUE(failsAt("ns::(Tensor x) -> Tensor", 4, "expected operator name after '::'"));
  EXPECT_TRUE(failsAt("ns:f(Tensor x) -> Tensor", 2, "expected '::'"));
  EXPECT_TRUE(failsAt("a::b::c(Tensor x) -> Tensor", 4, "nested namespaces"));
  EXPECT_TRUE(failsAt("(Tensor x) -> Tensor", 0, "expected operator name"));
  EXPECT_TRUE(failsAt("1op(Tensor x) -> Tensor", 0, "expected operator name"));
}

TEST(Schema, ErrorOverloadName) {
  EXPECT_TRUE(failsAt("ns::f.(Tensor x) -> Tensor", 6, "expected overload name after '.'"));
  EXPECT_TRUE(
      failsAt("ns::f.default(Tensor x) -> Tensor", 6, "'default' is not a valid overload name"));
}

TEST(Schema, ErrorJunkAfterName) {
  EXPECT_TRUE(failsAt("ns::f Tensor", 6, "expected '(' after operator name"));
}

TEST(Schema, ErrorMissingCloseParen) {
  EXPECT_TRUE(failsAt("ns::f(Tensor x", 14, "expected ')' after argument list"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x -> Tensor", 15, "expected ')' after argument list"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x,", 15, "expected ')' after argument list"));
  EXPECT_TRUE(failsAt("ns::f(", 6, "expected ')' after argument list"));
  EXPECT_TRUE(
      failsAt("ns::f(Tensor x Tensor y) -> Tensor", 15, "expected ',' or ')' after argument 'x'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x, ) -> Tensor", 16, "expected argument after ','"));
}

TEST(Schema, ErrorUnknownType) {
  EXPECT_TRUE(failsAt("ns::f(Tensor x, foo y) -> Tensor", 16, "unknown type 'foo'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> Foo", 19, "unknown type 'Foo'"));
  SchemaError Err;
  EXPECT_FALSE(parseSchema("ns::f(foo y) -> Tensor", &Err));
  EXPECT_EQ(Err.message, "unknown type 'foo'");
}

TEST(Schema, ErrorCppIntegerTypes) {
  EXPECT_TRUE(failsAt("ns::f(Tensor x, int64_t n) -> Tensor", 16,
                      "unknown type 'int64_t'; schemas write 'int'"));
  EXPECT_TRUE(
      failsAt("ns::f(int32_t n) -> Tensor", 6, "unknown type 'int32_t'; schemas write 'int'"));
  EXPECT_TRUE(failsAt("ns::f(long n) -> Tensor", 6, "unknown type 'long'; schemas write 'int'"));
  EXPECT_TRUE(
      failsAt("ns::f(Tensor x) -> int64_t", 19, "unknown type 'int64_t'; schemas write 'int'"));
  EXPECT_TRUE(failsAt("ns::f(unsigned int n) -> Tensor", 6,
                      "unknown type 'unsigned int'; schemas write 'int'"));
}

TEST(Schema, ErrorCppFloatAndStringTypes) {
  EXPECT_TRUE(failsAt("ns::f(Tensor x, double eps) -> Tensor", 16,
                      "unknown type 'double'; schemas write 'float'"));
  EXPECT_TRUE(
      failsAt("ns::f(string s) -> Tensor", 6, "unknown type 'string'; schemas write 'str'"));
  EXPECT_TRUE(failsAt("ns::f(std::string s) -> Tensor", 6,
                      "unknown type 'std::string'; schemas write 'str'"));
  EXPECT_TRUE(failsAt("ns::f(c10::string_view s) -> Tensor", 6, "schemas write 'str'"));
  EXPECT_TRUE(failsAt("ns::f(Int n) -> Tensor", 6, "unknown type 'Int'; schemas write 'int'"));
  EXPECT_TRUE(
      failsAt("ns::f(tensor x) -> Tensor", 6, "unknown type 'tensor'; schemas write 'Tensor'"));
}

TEST(Schema, ErrorCppReferences) {
  EXPECT_TRUE(failsAt("ns::f(Tensor& self) -> Tensor", 12, "'Tensor&' is c++ syntax"));
  EXPECT_TRUE(failsAt("ns::f(Tensor& self) -> Tensor", 12, "'Tensor(a!)'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor & self) -> Tensor", 13, "'Tensor&' is c++ syntax"));
  EXPECT_TRUE(failsAt("ns::f(const Tensor& self) -> Tensor", 6,
                      "'const Tensor&' is c++ syntax; schemas write 'Tensor'"));
  EXPECT_TRUE(failsAt("ns::f(const at::Tensor & self) -> Tensor", 6,
                      "'const at::Tensor&' is c++ syntax; schemas write 'Tensor'"));
  EXPECT_TRUE(failsAt("ns::f(at::Tensor self) -> Tensor", 6,
                      "unknown type 'at::Tensor'; schemas write 'Tensor'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor(a!)& self) -> Tensor(a!)", 16, "remove the '&'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor const& self) -> Tensor", 13, "c++ syntax"));
  EXPECT_TRUE(failsAt("ns::f(int& n) -> Tensor", 9, "'int&' is c++ syntax; schemas write 'int'"));
  EXPECT_TRUE(failsAt("ns::f(const int64_t n) -> Tensor", 6,
                      "'const int64_t' is c++ syntax; schemas write 'int'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> Tensor&", 25, "'Tensor&' is c++ syntax"));
}

TEST(Schema, ErrorCppContainers) {
  EXPECT_TRUE(failsAt("ns::f(std::vector<Tensor> xs) -> Tensor", 6,
                      "unknown type 'std::vector<Tensor>'; schemas write 'Tensor[]'"));
  EXPECT_TRUE(failsAt("ns::f(std::vector<int64_t> xs) -> Tensor", 6, "schemas write 'int[]'"));
  EXPECT_TRUE(
      failsAt("ns::f(const std::vector<at::Tensor>& xs) -> Tensor", 6, "schemas write 'Tensor[]'"));
  EXPECT_TRUE(failsAt("ns::f(c10::optional<Tensor> x) -> Tensor", 6, "schemas write 'Tensor?'"));
  EXPECT_TRUE(failsAt("ns::f(std::optional<std::vector<int64_t>> x) -> Tensor", 6,
                      "schemas write 'int[]?'"));
  EXPECT_TRUE(failsAt("ns::f(at::IntArrayRef size) -> Tensor", 6, "schemas write 'int[]'"));
  EXPECT_TRUE(failsAt("ns::f(TensorList xs) -> Tensor", 6, "schemas write 'Tensor[]'"));
  EXPECT_TRUE(failsAt("ns::f(Dict[str,Tensor] d) -> Tensor", 6,
                      "unknown type 'Dict[str, Tensor]'; schemas write 'Dict(str, Tensor)'"));
  EXPECT_TRUE(failsAt("ns::f(List[int] xs) -> Tensor", 6,
                      "unknown type 'List[int]'; schemas write 'int[]'"));
  EXPECT_TRUE(failsAt("ns::f(Optional[Tensor] x) -> Tensor", 6, "schemas write 'Tensor?'"));
}

TEST(Schema, ErrorCppAndPythonLiterals) {
  EXPECT_TRUE(failsAt("ns::f(bool b=true) -> Tensor", 13,
                      "'true' is not a schema literal; schemas write 'True'"));
  EXPECT_TRUE(failsAt("ns::f(bool b=false) -> Tensor", 13, "schemas write 'False'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor? b=nullptr) -> Tensor", 16, "schemas write 'None'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor? b=c10::nullopt) -> Tensor", 16,
                      "'c10::nullopt' is c++ syntax; schemas write 'None'"));
  EXPECT_TRUE(failsAt("ns::f(ScalarType t=at::kFloat) -> Tensor", 19,
                      "'at::kFloat' is c++ syntax, not a schema default value"));
}

TEST(Schema, ErrorCppReturnTypes) {
  EXPECT_TRUE(
      failsAt("ns::f(Tensor x) -> std::tuple<Tensor, Tensor>", 19,
              "unknown type 'std::tuple<Tensor, Tensor>'; schemas write '(Tensor, Tensor)'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> void", 19, "unknown type 'void'; schemas write '()'"));
}

TEST(Schema, ErrorMissingArgumentName) {
  EXPECT_TRUE(failsAt("ns::f(Tensor) -> Tensor", 12, "expected argument name"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x, int=1) -> Tensor", 19, "expected argument name"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x, ,) -> Tensor", 16, "expected argument type"));
}

TEST(Schema, ErrorTrailingText) {
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> Tensor y z", 28, "unexpected trailing text"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> (Tensor, Tensor) extra", 36, "unexpected trailing text"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> Tensor;", 25, "unexpected trailing text"));
}

TEST(Schema, ErrorMissingArrow) {
  EXPECT_TRUE(failsAt("ns::f(Tensor x) Tensor", 16, "expected '->' before return types"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x)", 15, "expected '->' before return types"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) ->", 18, "expected return type after '->'"));
}

TEST(Schema, ErrorUnterminatedString) {
  EXPECT_TRUE(failsAt("ns::f(str s='abc) -> Tensor", 12, "unterminated string"));
  EXPECT_TRUE(failsAt("ns::f(str s=\"abc\\\") -> Tensor", 12, "unterminated string"));
}

TEST(Schema, ErrorBadDefaults) {
  EXPECT_TRUE(
      failsAt("ns::f(int[2] s=[1 2]) -> Tensor", 18, "expected ',' or ']' in default list"));
  EXPECT_TRUE(failsAt("ns::f(int[2] s=[1,) -> Tensor", 18, "expected ']' to close default list"));
  EXPECT_TRUE(failsAt("ns::f(int[2] s=[1,]) -> Tensor", 18, "expected list element after ','"));
  EXPECT_TRUE(failsAt("ns::f(int[2] s=[1, 2) -> Tensor", 20, "expected ']' to close default list"));
  EXPECT_TRUE(failsAt("ns::f(int[] s=[[1]]) -> Tensor", 15, "nested lists"));
  EXPECT_TRUE(failsAt("ns::f(int x=) -> Tensor", 12, "expected default value after '='"));
  EXPECT_TRUE(failsAt("ns::f(int x=@) -> Tensor", 12, "invalid default value"));
  EXPECT_TRUE(failsAt("ns::f(int x=12ab) -> Tensor", 12, "invalid number"));
  EXPECT_TRUE(failsAt("ns::f(float x=1e) -> Tensor", 16, "expected exponent digits"));
  EXPECT_TRUE(failsAt("ns::f(int x=[1]) -> Tensor", 12, "list default for non-list type 'int'"));
  EXPECT_TRUE(
      failsAt("ns::f(int x='a') -> Tensor", 12, "string default for non-string type 'int'"));
  EXPECT_TRUE(
      failsAt("ns::f(int x=1.5) -> Tensor", 12, "floating-point default for integer type 'int'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> Tensor y=1", 27, "return values cannot have default"));
}

TEST(Schema, ErrorDuplicateNames) {
  EXPECT_TRUE(failsAt("ns::f(Tensor x, int x) -> Tensor", 20, "duplicate argument name 'x'"));
  EXPECT_TRUE(
      failsAt("ns::f(Tensor x, *, Tensor(a!) x) -> Tensor(a!)", 30, "duplicate argument name 'x'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> (Tensor a, Tensor a)", 37, "duplicate return name 'a'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x, *, *, Tensor y) -> Tensor", 19, "duplicate '*'"));
}

TEST(Schema, ErrorBadTypeSuffixes) {
  EXPECT_TRUE(failsAt("ns::f(int[2 x) -> Tensor", 12, "expected ']' after list size"));
  EXPECT_TRUE(failsAt("ns::f(int[x] y) -> Tensor", 10, "expected list size or ']'"));
  EXPECT_TRUE(failsAt("ns::f(Tensor?? y) -> Tensor", 13, "duplicate '?'"));
}

// torch's schema parser takes nested lists (torch 2.15:
// Library("tlx", "DEF").define("f(Tensor[] a, int[][] x) -> (Tensor, int[])")
// registers; pyg-lib's merge_sampler_outputs has one): the outer list's
// element is the inner list.
TEST(Schema, NestedListsParse) {
  for (const char *Text : {"ns::f(int[][] x) -> Tensor", "ns::f(Tensor[][] x) -> int[][]",
                           "ns::f(int[]?[] x) -> Tensor", "ns::f(int[][]? x) -> Tensor"}) {
    std::optional<FunctionSchema> S = parseSchema(Text, nullptr);
    ASSERT_TRUE(S) << Text;
    EXPECT_EQ(S->str(), Text);
  }
  std::optional<FunctionSchema> S = parseSchema("ns::f(int[][]? x) -> Tensor", nullptr);
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->args[0].type.isList);
  EXPECT_TRUE(S->args[0].type.acceptsNone());
  EXPECT_EQ(S->args[0].type.name, "int[]");
  EXPECT_TRUE(failsAt("ns::f(int[][ y) -> Tensor", 13, "expected list size or ']'"));
}

TEST(Schema, ErrorBadAliasAnnotations) {
  EXPECT_TRUE(failsAt("ns::f(Tensor() x) -> Tensor", 13, "expected alias set name"));
  EXPECT_TRUE(failsAt("ns::f(Tensor(a! x) -> Tensor", 16, "expected ')' after alias annotation"));
  EXPECT_TRUE(failsAt("ns::f(Tensor(a -> ) x) -> Tensor", 18, "expected alias set name"));
}

TEST(Schema, ErrorBadReturns) {
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> (Tensor, Tensor", 34, "expected ')' after return types"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> (Tensor, )", 28, "expected return type after ','"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> (Tensor a Tensor b)", 29,
                      "expected ',' or ')' after return type"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> (*, Tensor)", 20, "'*' is not allowed in return types"));
  EXPECT_TRUE(failsAt("ns::f(Tensor x) -> =", 19, "expected return type"));
}

TEST(Schema, ErrorVarargsNotLast) {
  EXPECT_TRUE(failsAt("ns::f(..., Tensor x) -> Tensor", 9, "'...' must be the last argument"));
}

TEST(Schema, ErrorContainerArity) {
  EXPECT_TRUE(failsAt("ns::f(Dict(str) d) -> Tensor", 6, "'Dict' takes 2 type arguments"));
}

TEST(Schema, SchemaSpellingOf) {
  EXPECT_EQ(schemaSpellingOf("int64_t"), "int");
  EXPECT_EQ(schemaSpellingOf("double"), "float");
  EXPECT_EQ(schemaSpellingOf("const at::Tensor &"), "Tensor");
  EXPECT_EQ(schemaSpellingOf("at::Tensor&"), "Tensor");
  EXPECT_EQ(schemaSpellingOf("std::vector<at::Tensor>"), "Tensor[]");
  EXPECT_EQ(schemaSpellingOf("c10::optional<at::Tensor>"), "Tensor?");
  EXPECT_EQ(schemaSpellingOf("std::vector<c10::optional<at::Tensor>>"), "Tensor?[]");
  EXPECT_EQ(schemaSpellingOf("at::OptionalIntArrayRef"), "int[]?");
  EXPECT_EQ(schemaSpellingOf("c10::SymIntArrayRef"), "SymInt[]");
  EXPECT_EQ(schemaSpellingOf("std::array<bool, 3>"), "bool[3]");
  EXPECT_EQ(schemaSpellingOf("c10::string_view"), "str");
  EXPECT_EQ(schemaSpellingOf("at::ScalarType"), "ScalarType");
  EXPECT_EQ(schemaSpellingOf("c10::Dict<std::string, at::Tensor>"), "Dict(str, Tensor)");
  EXPECT_EQ(schemaSpellingOf("Widget"), "");
}
