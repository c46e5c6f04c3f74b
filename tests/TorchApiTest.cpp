//===--- TorchApiTest.cpp - What the model knows of torch's dtypes ---------===//

#include "../checks/model/TorchApi.h"

#include <gtest/gtest.h>

using torchlint::model::dtypeHoldsEveryValueOf;

// The intermediate of `.to(A).to(B)` rounds nothing B keeps when A holds every
// value of B; torch-perf-redundant-copy reports only those round trips.
TEST(Dtypes, AWiderTypeHoldsANarrowerOne) {
  EXPECT_TRUE(dtypeHoldsEveryValueOf("at::kFloat", "at::kByte"));
  EXPECT_TRUE(dtypeHoldsEveryValueOf("torch::kFloat32", "at::kHalf"));
  EXPECT_TRUE(dtypeHoldsEveryValueOf("at::kFloat", "at::kBFloat16"));
  EXPECT_TRUE(dtypeHoldsEveryValueOf("c10::ScalarType::Double", "at::kFloat"));
  EXPECT_TRUE(dtypeHoldsEveryValueOf("at::kFloat", "at::kFloat8_e4m3fn"));
  EXPECT_TRUE(dtypeHoldsEveryValueOf("at::kLong", "at::kInt"));
  EXPECT_TRUE(dtypeHoldsEveryValueOf("at::kShort", "at::kByte"));
  EXPECT_TRUE(dtypeHoldsEveryValueOf("at::kInt", "at::kBool"));
  EXPECT_TRUE(dtypeHoldsEveryValueOf("at::kFloat", "at::kFloat"));
}

TEST(Dtypes, ANarrowerTypeRoundsOnPurpose) {
  // torchao's quantized SDPA: attn.to(at::kFloat8_e4m3fn).to(at::kFloat).
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kFloat8_e4m3fn", "at::kFloat"));
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kHalf", "at::kFloat"));
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kHalf", "at::kBFloat16")); // range
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kBFloat16", "at::kHalf")); // precision
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kInt", "at::kFloat"));     // truncation
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kFloat", "at::kInt"));     // 2^24 + 1
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kChar", "at::kByte"));     // sign
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kByte", "at::kChar"));
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kBool", "at::kByte"));
}

TEST(Dtypes, UnknownNamesHoldNothing) {
  EXPECT_FALSE(dtypeHoldsEveryValueOf("dtype", "at::kFloat"));
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kFloat", "x.scalar_type()"));
  EXPECT_FALSE(dtypeHoldsEveryValueOf("at::kComplexFloat", "at::kFloat"));
}
