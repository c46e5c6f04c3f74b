//===--- IdentityTest.cpp - every fixed kernel is byte-identical ----------===//
//
// For each reference pair in kernels/pairs/, the fixed version must produce
// exactly the hazard version's output -- same dtype, same shape, same bytes --
// over the input matrix of the issue:
//   dtypes   uint8 and float32 (float64 where the op has it);
//   shapes   empty (0 elements), 1x1, 3x3, odd sizes, batch 1 and 32;
//   layouts  contiguous, sliced, transposed, expanded, channels_last;
//   threads  1 and all (at::set_num_threads), as the test parameter;
//   values   0 and 255 for uint8; 0, -0.0, NaN, +-inf for float where the op
//            defines them.
//
// "Identical" is checked bytewise (memcmp of contiguous copies), which is
// stricter than torch::equal (= at::equal) on every point that matters here:
// at::equal says NaN != NaN, so it cannot compare outputs that contain NaN,
// and it says -0.0 == +0.0, which a bytewise check does not. Where there is
// no NaN, at::equal is asserted as well.
//
// Every route of a pair (pairs/routes.h: the implementations of the fix's
// contract that were tried and measured, the fix among them) is held to the
// same identity, on the same inputs.
//
// Exceptions, each stated where it is tested:
//  - layout_from_shape's signatures differ (the layout argument is the fix);
//    identity holds on every input whose layout the guess gets right, and a
//    separate test shows the guess is wrong on NHWC batches of height 3.
//  - uint8_roundtrip is exact (tolerance 0) because the table is built with
//    the hazard's own ATen ops; that ATen's vectorised and scalar pow paths
//    agree after rounding is itself tested for a sweep of gammas.
//  - Dtypes an op does not have (uint8 boxes, uint8 contrast/grayscale) are
//    rejected by both versions with the same check, also tested.
//
//===----------------------------------------------------------------------===//

#include "../pairs/alloc_in_loop.h"
#include "../pairs/data_dependent.h"
#include "../pairs/element_loop.h"
#include "../pairs/layout_from_shape.h"
#include "../pairs/omp_in_loop.h"
#include "../pairs/parallel_grain.h"
#include "../pairs/redundant_copy.h"
#include "../pairs/temporary.h"
#include "../pairs/uint8_roundtrip.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>
#include <ATen/core/dispatch/Dispatcher.h>

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace tk = torchlint::kernels;

namespace {

// ---------------------------------------------------------------------------
// Comparison

std::string describe(const at::Tensor &t) {
  std::ostringstream OS;
  OS << t.scalar_type() << t.sizes() << " strides " << t.strides();
  return OS.str();
}

bool hasNaN(const at::Tensor &t) {
  return at::isFloatingType(t.scalar_type()) && t.numel() > 0 && t.isnan().any().item<bool>();
}

// Same dtype, same shape, same bytes (NaN payloads and the sign of zero
// included). Strides may differ: values are what users see.
::testing::AssertionResult identical(const at::Tensor &hazard, const at::Tensor &fixed) {
  if (hazard.scalar_type() != fixed.scalar_type() || hazard.sizes() != fixed.sizes())
    return ::testing::AssertionFailure()
           << "hazard " << describe(hazard) << " vs fixed " << describe(fixed);
  const at::Tensor h = hazard.contiguous(), f = fixed.contiguous();
  const size_t bytes = static_cast<size_t>(h.numel()) * h.element_size();
  if (bytes && std::memcmp(h.data_ptr(), f.data_ptr(), bytes) != 0) {
    const at::Tensor hb = h.view({-1}).view(at::kByte), fb = f.view({-1}).view(at::kByte);
    const int64_t firstByte = hb.ne(fb).nonzero()[0][0].item<int64_t>();
    const int64_t element = firstByte / h.element_size();
    return ::testing::AssertionFailure()
           << "bytes differ, first at element " << element << ": hazard "
           << h.view({-1})[element].item() << " fixed " << f.view({-1})[element].item()
           << " (" << describe(hazard) << ")";
  }
  if (!hasNaN(h) && !at::equal(h, f)) // torch::equal is at::equal
    return ::testing::AssertionFailure() << "at::equal disagrees with the bytes";
  return ::testing::AssertionSuccess();
}

// Every route of a pair (pairs/routes.h; the fix is one of them) gives the
// hazard's bytes on these arguments.
template <typename Fn, typename... Args>
void expectRoutesIdentical(const std::vector<tk::Route<Fn>> &routes, const at::Tensor &hazard,
                           Args &&...args) {
  for (const tk::Route<Fn> &route : routes)
    EXPECT_TRUE(identical(hazard, route.run(args...))) << "route " << route.name;
}

// ---------------------------------------------------------------------------
// Inputs

at::Generator &gen() {
  static at::Generator G = at::detail::createCPUGenerator(20240607);
  return G;
}

at::TensorOptions opts(at::ScalarType dtype) { return at::TensorOptions().dtype(dtype); }

// Uniform values: uint8 over the whole range, floats in [lo, hi).
at::Tensor randomTensor(at::IntArrayRef shape, at::ScalarType dtype, double lo = 0.0,
                        double hi = 1.0) {
  if (dtype == at::kByte)
    return at::randint(0, 256, shape, gen(), opts(at::kByte));
  return at::rand(shape, gen(), opts(dtype)).mul_(hi - lo).add_(lo);
}

// Writes `values` into the first elements of a contiguous tensor (cyclically
// spaced so that edge values land in different rows and channels).
void plant(at::Tensor &t, const std::vector<double> &values) {
  const int64_t n = t.numel();
  if (n == 0)
    return;
  at::Tensor flat = t.view({-1});
  const int64_t step = std::max<int64_t>(1, n / static_cast<int64_t>(values.size() + 1));
  for (size_t k = 0; k < values.size() && static_cast<int64_t>(k) * step < n; ++k)
    flat[static_cast<int64_t>(k) * step].fill_(values[k]);
}

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> uint8Edges() { return {0, 255, 0, 255, 1, 254}; }

struct Variant {
  std::string name;
  at::Tensor t;
};

// The layout variants of a contiguous 4-D image batch; all but "expanded"
// hold exactly base's values.
std::vector<Variant> imageVariants(const at::Tensor &base) {
  const int64_t N = base.size(0), C = base.size(1), H = base.size(2), W = base.size(3);
  std::vector<Variant> out;
  out.push_back({"contiguous", base.clone()});
  out.push_back({"channels_last", base.contiguous(at::MemoryFormat::ChannelsLast)});
  // Every other row of a taller, wider buffer.
  at::Tensor big = at::full({N, C, 2 * H + 1, W + 3}, 77, base.options());
  at::Tensor sliced = big.slice(2, 1, 2 * H + 1, 2).narrow(3, 1, W);
  sliced.copy_(base);
  out.push_back({"sliced", sliced});
  out.push_back({"transposed", base.transpose(2, 3).contiguous().transpose(2, 3)});
  if (N > 0)
    out.push_back({"expanded", base.narrow(0, 0, 1).expand({N, C, H, W})});
  return out;
}

// The same for [N, 4] boxes (channels_last does not apply to 2-D).
std::vector<Variant> boxVariants(const at::Tensor &base) {
  const int64_t N = base.size(0);
  std::vector<Variant> out;
  out.push_back({"contiguous", base.clone()});
  at::Tensor big = at::full({2 * N + 1, 6}, 77, base.options());
  at::Tensor sliced = big.slice(0, 1, 2 * N + 1, 2).narrow(1, 1, 4);
  sliced.copy_(base);
  out.push_back({"sliced", sliced});
  out.push_back({"transposed", base.t().contiguous().t()});
  if (N > 0)
    out.push_back({"expanded", base.narrow(0, 0, 1).expand({N, 4})});
  return out;
}

// Image shapes [N, 3, H, W]: empty (N = 0 and H = 0), 1x1, 3x3, odd sizes,
// batch 1 and 32. Small on purpose: the suite must stay fast.
std::vector<std::vector<int64_t>> imageShapes() {
  return {{0, 3, 4, 5}, {2, 3, 0, 5}, {1, 3, 1, 1}, {1, 3, 3, 3},
          {1, 3, 7, 5}, {32, 3, 3, 5}, {2, 3, 17, 9}};
}

std::string ctx(const std::vector<int64_t> &shape, at::ScalarType dtype,
                const std::string &layout) {
  std::ostringstream OS;
  OS << dtype << at::IntArrayRef(shape) << " " << layout << " threads=" << at::get_num_threads();
  return OS.str();
}

// ---------------------------------------------------------------------------
// Threads: every test runs at 1 thread and at all threads.

int allThreads() {
  static const int N =
      std::max<int>(at::get_num_threads(), static_cast<int>(std::thread::hardware_concurrency()));
  return std::max(N, 1);
}

class KernelPairs : public ::testing::TestWithParam<int> {
protected:
  void SetUp() override {
    Saved = at::get_num_threads();
    at::set_num_threads(GetParam());
  }
  void TearDown() override { at::set_num_threads(Saved); }
  int Saved = 1;
};

// ---------------------------------------------------------------------------
// 1. element_loop (box IoU)

at::Tensor makeBoxes(int64_t n, at::ScalarType dtype, bool edges) {
  at::Tensor xy = randomTensor({n, 2}, dtype, 0, 100);
  at::Tensor wh = randomTensor({n, 2}, dtype, 0, 50);
  at::Tensor boxes = at::cat({xy, xy + wh}, 1).contiguous();
  if (edges && n > 0) {
    at::Tensor flat = boxes.view({-1});
    // A zero-area box, a box reaching infinity, a NaN coordinate, a box with
    // x2 < x1 (negative area), a box at -0.0.
    if (n > 1)
      boxes[1].fill_(5.0);
    if (n > 2)
      boxes[2][2].fill_(kInf);
    if (n > 3)
      boxes[3][1].fill_(kNaN);
    if (n > 4) {
      boxes[4][0].fill_(60.0);
      boxes[4][2].fill_(10.0);
    }
    flat[0].fill_(-0.0);
  }
  return boxes;
}

TEST_P(KernelPairs, ElementLoop) {
  namespace p = tk::element_loop;
  const std::vector<std::pair<int64_t, int64_t>> sizes = {{0, 5}, {5, 0}, {1, 1},
                                                          {3, 3}, {7, 13}, {32, 9}};
  for (at::ScalarType dtype : {at::kFloat, at::kDouble})
    for (auto [n, m] : sizes) {
      // Edge values on both sides: boxes2 feeds the SIMD rows of the fix.
      const at::Tensor a = makeBoxes(n, dtype, true), b = makeBoxes(m, dtype, true);
      for (const Variant &va : boxVariants(a))
        for (const Variant &vb : boxVariants(b)) {
          SCOPED_TRACE(ctx({n, m}, dtype, va.name + "/" + vb.name));
          expectRoutesIdentical(p::routes(), p::hazard(va.t, vb.t), va.t, vb.t);
        }
    }
}

TEST_P(KernelPairs, ElementLoopRejectsUint8) {
  // Box coordinates are floating only; both versions refuse uint8 the same way.
  const at::Tensor boxes = at::zeros({3, 4}, opts(at::kByte));
  EXPECT_THROW(tk::element_loop::hazard(boxes, boxes), c10::Error);
  EXPECT_THROW(tk::element_loop::fixed(boxes, boxes), c10::Error);
}

// ---------------------------------------------------------------------------
// 2. uint8_roundtrip (gamma through float vs lookup table)

// Gammas for the layout matrix: the common display gammas, the exponents
// ATen special-cases (2, 3, 0.5), identity, and arbitrary ones.
const std::vector<double> kGammas = {1.0 / 2.2, 2.2, 0.5, 2.0, 3.0, 1.0, 0.8, 1.37};

TEST_P(KernelPairs, Uint8Roundtrip) {
  namespace p = tk::uint8_roundtrip;
  std::vector<std::vector<int64_t>> shapes = imageShapes();
  shapes.push_back({1, 3, 16, 16}); // 768 bytes: every value 0..255, 3 times
  for (const auto &shape : shapes) {
    at::Tensor base = randomTensor(shape, at::kByte);
    if (base.numel() == 768)
      base = at::arange(256, opts(at::kByte)).repeat({3}).view(shape);
    plant(base, uint8Edges());
    for (const Variant &v : imageVariants(base))
      for (double gamma : kGammas) {
        SCOPED_TRACE(ctx(shape, at::kByte, v.name) + " gamma=" + std::to_string(gamma));
        expectRoutesIdentical(p::routes(), p::hazard(v.t, gamma), v.t, gamma);
      }
  }
  // An HWC image (the (512, 512, 3) shape of the benchmark, small), sliced.
  at::Tensor hwc = randomTensor({9, 11, 3}, at::kByte);
  plant(hwc, uint8Edges());
  for (const at::Tensor &t : {hwc, hwc.slice(1, 0, 11, 2), hwc.permute({2, 0, 1})})
    for (double gamma : kGammas) {
      SCOPED_TRACE(describe(t));
      expectRoutesIdentical(p::routes(), p::hazard(t, gamma), t, gamma);
    }
}

// The table is built by the hazard's own ATen ops on the values 0..255 -- a
// contiguous 256-element tensor, which ATen evaluates on its vectorised path.
// The hazard, on an arbitrary image, evaluates some elements on the scalar
// path instead (loop tails, strided inputs), and ATen's two pow
// implementations (Sleef vs libm) differ in the last bit for some values. So
// identity for every layout means: both paths give the same byte for every
// value. Checked here for a sweep of gammas 0.10, 0.11, ..., 5.00 and the
// display gammas; the scalar path is forced with one-element tensors.
TEST(KernelsUint8Roundtrip, VectorAndScalarPowAgreeAfterRounding) {
  auto chain = [](const at::Tensor &f, double gamma) {
    return f.div(255.0).pow(gamma).mul(255.0).round().clamp(0, 255).to(at::kByte);
  };
  std::vector<double> gammas = {1.0 / 2.2, 2.2, 1.0 / 1.8, 1.8, 2.4, 1.0 / 2.4};
  for (int k = 10; k <= 500; ++k)
    gammas.push_back(k / 100.0);
  const at::Tensor values = at::arange(256, opts(at::kFloat));
  int disagreements = 0;
  for (double gamma : gammas) {
    const at::Tensor vec = chain(values, gamma);
    const uint8_t *lut = vec.data_ptr<uint8_t>();
    for (int v = 0; v < 256; ++v) {
      const uint8_t scalar = chain(values.narrow(0, v, 1).clone(), gamma).item<uint8_t>();
      if (scalar != lut[v] && ++disagreements < 10)
        ADD_FAILURE() << "gamma " << gamma << " value " << v << ": vectorised " << int(lut[v])
                      << ", scalar " << int(scalar);
    }
  }
  EXPECT_EQ(disagreements, 0);
}

// ---------------------------------------------------------------------------
// 3. temporary (normalize into a preallocated output)

TEST_P(KernelPairs, Temporary) {
  namespace p = tk::temporary;
  struct Case {
    at::ScalarType x, stats;
  };
  const std::vector<Case> cases = {
      {at::kFloat, at::kFloat}, {at::kDouble, at::kDouble}, {at::kByte, at::kFloat},
      {at::kFloat, at::kDouble}, {at::kByte, at::kByte}};
  for (const Case &c : cases)
    for (const auto &shape : imageShapes()) {
      at::Tensor base = randomTensor(shape, c.x, -2, 2);
      if (c.x == at::kByte)
        plant(base, uint8Edges());
      else
        plant(base, {0.0, -0.0, kNaN, kInf, -kInf, 255.0});
      at::Tensor mean, std;
      if (c.stats == at::kByte) {
        mean = at::tensor({3, 200, 255}, opts(at::kByte)).view({1, 3, 1, 1});
        std = at::tensor({0.25, 0.5, 2.0}, opts(at::kFloat)).view({3, 1, 1});
      } else {
        mean = at::tensor({0.485, 0.456, 0.0}, opts(c.stats)).view({1, 3, 1, 1});
        // A zero std makes inf and NaN on purpose.
        std = at::tensor({0.229, 0.224, 0.0}, opts(c.stats)).view({3, 1, 1});
      }
      const at::Tensor diffType = at::empty({0}, opts(at::result_type(base, mean)));
      const at::ScalarType outType = at::result_type(diffType, std);
      for (const Variant &v : imageVariants(base))
        for (auto format : {at::MemoryFormat::Contiguous, at::MemoryFormat::ChannelsLast}) {
          SCOPED_TRACE(ctx(shape, c.x, v.name) + (format == at::MemoryFormat::ChannelsLast
                                                      ? " out=channels_last"
                                                      : " out=contiguous"));
          at::Tensor outH = at::empty(shape, opts(outType).memory_format(format));
          const at::Tensor rh = p::hazard(v.t, mean, std, outH);
          EXPECT_TRUE(rh.is_same(outH)) << "the hazard must return `out`";
          for (const auto &route : p::routes()) {
            at::Tensor outF = at::empty(shape, opts(outType).memory_format(format));
            const at::Tensor rf = route.run(v.t, mean, std, outF);
            EXPECT_TRUE(identical(outH, outF)) << "route " << route.name;
            EXPECT_TRUE(rf.is_same(outF)) << "route " << route.name << " must return `out`";
          }
        }
    }
}

TEST_P(KernelPairs, TemporaryRejectsTheSameOutputs) {
  namespace p = tk::temporary;
  const at::Tensor x = at::rand({2, 3, 4, 4}), mean = at::zeros({1, 3, 1, 1}),
                   std = at::ones({1, 3, 1, 1});
  for (at::Tensor out : {at::empty({2, 3, 4, 5}), at::empty({2, 3, 4, 4}, opts(at::kDouble))}) {
    EXPECT_THROW(p::hazard(x, mean, std, out), c10::Error);
    EXPECT_THROW(p::fixed(x, mean, std, out), c10::Error);
  }
}

// ---------------------------------------------------------------------------
// 4. alloc_in_loop (per-sample scratch buffer)

TEST_P(KernelPairs, AllocInLoop) {
  namespace p = tk::alloc_in_loop;
  for (at::ScalarType dtype : {at::kFloat, at::kDouble})
    for (const auto &shape : imageShapes()) {
      at::Tensor base = randomTensor(shape, dtype);
      plant(base, {0.0, 1.0, -0.0, kNaN, kInf});
      for (const Variant &v : imageVariants(base))
        for (double factor : {0.0, 0.5, 1.7}) {
          SCOPED_TRACE(ctx(shape, dtype, v.name) + " factor=" + std::to_string(factor));
          expectRoutesIdentical(p::routes(), p::hazard(v.t, factor), v.t, factor);
        }
    }
  // No uint8 variant of this op: both versions reject it identically.
  const at::Tensor u8 = at::zeros({1, 3, 2, 2}, opts(at::kByte));
  EXPECT_THROW(p::hazard(u8, 0.5), c10::Error);
  EXPECT_THROW(p::fixed(u8, 0.5), c10::Error);
}

// ---------------------------------------------------------------------------
// 5. redundant_copy (permute/contiguous/clone/zeros vs one strided op)

TEST_P(KernelPairs, RedundantCopy) {
  namespace p = tk::redundant_copy;
  for (at::ScalarType dtype : {at::kByte, at::kFloat, at::kDouble})
    for (const auto &shape : imageShapes()) {
      at::Tensor base = randomTensor(shape, dtype, -10, 10);
      at::Tensor gain;
      if (dtype == at::kByte) {
        plant(base, uint8Edges());
        gain = at::tensor({1, 2, 3}, opts(at::kByte)); // wraps like uint8 does
      } else {
        plant(base, {0.0, -0.0, kNaN, kInf, -kInf});
        gain = at::tensor({0.5, -1.25, 0.0}, opts(dtype)); // inf * 0 = NaN on purpose
      }
      for (const Variant &v : imageVariants(base)) {
        SCOPED_TRACE(ctx(shape, dtype, v.name));
        expectRoutesIdentical(p::routes(), p::hazard(v.t, gain), v.t, gain);
        // A non-contiguous gain as well.
        const at::Tensor gainStrided = gain.repeat({2}).slice(0, 0, 6, 2);
        expectRoutesIdentical(p::routes(), p::hazard(v.t, gainStrided), v.t, gainStrided);
      }
    }
}

// ---------------------------------------------------------------------------
// 6. data_dependent (branch + host-side check vs branchless + _assert_async)

TEST_P(KernelPairs, DataDependent) {
  namespace p = tk::data_dependent;
  struct Bounds {
    at::Scalar lo, hi;
  };
  for (at::ScalarType dtype : {at::kByte, at::kFloat, at::kDouble}) {
    std::vector<Bounds> bounds;
    if (dtype == at::kByte) // video range (clamps) and full range (clones)
      bounds = {{at::Scalar(16), at::Scalar(235)}, {at::Scalar(0), at::Scalar(255)}};
    else // clamps some, clamps to a point, clamps nothing (clones)
      bounds = {{at::Scalar(0.0), at::Scalar(255.0)},
                {at::Scalar(7.0), at::Scalar(7.0)},
                {at::Scalar(0.0), at::Scalar(kInf)}};
    for (const auto &shape : imageShapes()) {
      at::Tensor base = randomTensor(shape, dtype, 0, 300);
      if (dtype == at::kByte)
        plant(base, uint8Edges());
      else
        plant(base, {0.0, -0.0, kInf, 255.0, 300.0});
      for (const Variant &v : imageVariants(base))
        for (const Bounds &b : bounds) {
          SCOPED_TRACE(ctx(shape, dtype, v.name) + " bounds=" + std::to_string(b.lo.toDouble()) +
                       ".." + std::to_string(b.hi.toDouble()));
          expectRoutesIdentical(p::routes(), p::hazard(v.t, b.lo, b.hi), v.t, b.lo, b.hi);
        }
    }
  }
}

TEST_P(KernelPairs, DataDependentRejectsTheSameInputs) {
  namespace p = tk::data_dependent;
  // A negative value or a NaN fails the validation in both versions (the
  // hazard with its own message, the fix with _assert_async's).
  for (double bad : {-1.0, -kInf, kNaN}) {
    at::Tensor x = at::rand({2, 3, 5, 5});
    x.view({-1})[17].fill_(bad);
    EXPECT_THROW(p::hazard(x, 0.0, 1.0), c10::Error) << bad;
    EXPECT_THROW(p::fixed(x, 0.0, 1.0), c10::Error) << bad;
    EXPECT_THROW(p::fixed(x.contiguous(at::MemoryFormat::ChannelsLast), 0.0, 1.0), c10::Error);
    for (const auto &route : p::routes()) {
      EXPECT_THROW(route.run(x, 0.0, 1.0), c10::Error) << route.name << " " << bad;
      EXPECT_THROW(route.run(x.contiguous(at::MemoryFormat::ChannelsLast), 0.0, 1.0), c10::Error)
          << route.name << " " << bad;
    }
  }
}

// Floating bounds promote a uint8 tensor in at::clamp. The fixed version then
// always returns float32; the hazard returns float32 when some value is out of
// range and uint8 (its clone) when none is -- its result dtype depends on the
// data. One more reason to drop the branch; the identity matrix above uses
// integral bounds for uint8, where the two agree.
TEST(KernelsDataDependent, HazardResultDtypeDependsOnData) {
  namespace p = tk::data_dependent;
  const at::Tensor inRange = at::full({4, 4}, 100, opts(at::kByte));
  const at::Tensor outOfRange = at::full({4, 4}, 250, opts(at::kByte));
  EXPECT_EQ(p::hazard(inRange, 16.0, 235.0).scalar_type(), at::kByte);
  EXPECT_EQ(p::hazard(outOfRange, 16.0, 235.0).scalar_type(), at::kFloat);
  EXPECT_EQ(p::fixed(inRange, 16.0, 235.0).scalar_type(), at::kFloat);
  EXPECT_EQ(p::fixed(outOfRange, 16.0, 235.0).scalar_type(), at::kFloat);
}

// Both versions are registered ops (CompositeImplicitAutograd through m.def),
// which is what makes them traced code for torch.compile and torchlint.
TEST(KernelsDataDependent, BothOpsAreCallableThroughTheDispatcher) {
  const at::Tensor x = at::rand({2, 3, 4, 4}).mul_(2);
  for (const char *name : {"torchlint_kernels::clip_hazard", "torchlint_kernels::clip_fixed"}) {
    auto op = c10::Dispatcher::singleton()
                  .findSchemaOrThrow(name, "")
                  .typed<at::Tensor(const at::Tensor &, const at::Scalar &, const at::Scalar &)>();
    EXPECT_TRUE(identical(op.call(x, 0.25, 1.5), tk::data_dependent::fixed(x, 0.25, 1.5)))
        << name;
  }
}

// ---------------------------------------------------------------------------
// 7. layout_from_shape (guessing the layout vs being told)

TEST_P(KernelPairs, LayoutFromShapeWhereTheGuessIsRight) {
  namespace p = tk::layout_from_shape;
  for (at::ScalarType dtype : {at::kFloat, at::kDouble})
    for (const auto &shape : imageShapes()) {
      at::Tensor base = randomTensor(shape, dtype);
      plant(base, {0.0, -0.0, kNaN, kInf, 1.0});
      for (const Variant &v : imageVariants(base)) {
        SCOPED_TRACE(ctx(shape, dtype, v.name));
        // NCHW: size(1) is 3, the guess says NCHW -- right.
        expectRoutesIdentical(p::routes(), p::hazard(v.t), v.t, p::ImageLayout::NCHW);
        // The same images as NHWC views [N, H, W, 3]: right whenever H != 3.
        const at::Tensor nhwc = v.t.permute({0, 2, 3, 1});
        if (nhwc.size(1) != 3) {
          expectRoutesIdentical(p::routes(), p::hazard(nhwc), nhwc, p::ImageLayout::NHWC);
        }
      }
    }
}

// An independent per-pixel reference for NHWC, in double.
at::Tensor grayReferenceNHWC(const at::Tensor &nhwc) {
  const at::Tensor d = nhwc.to(at::kDouble).contiguous();
  at::Tensor out = at::empty({d.size(0), d.size(1), d.size(2), 1}, opts(at::kDouble));
  auto in = d.accessor<double, 4>();
  auto o = out.accessor<double, 4>();
  for (int64_t n = 0; n < d.size(0); ++n)
    for (int64_t h = 0; h < d.size(1); ++h)
      for (int64_t w = 0; w < d.size(2); ++w)
        o[n][h][w][0] = 0.299 * in[n][h][w][0] + 0.587 * in[n][h][w][1] + 0.114 * in[n][h][w][2];
  return out;
}

// The correctness proof: NHWC batches of height 3 -- 3x3 images, and a
// 3-pixel-tall strip of width 5 -- have size(1) == 3, so the hazard takes the
// rows for colour channels. The fix, told the layout, is right.
TEST_P(KernelPairs, LayoutFromShapeGuessIsWrongOnNHWCOfHeight3) {
  namespace p = tk::layout_from_shape;
  for (const std::vector<int64_t> &shape :
       std::vector<std::vector<int64_t>>{{2, 3, 3, 3}, {1, 3, 5, 3}, {4, 3, 1, 3}}) {
    SCOPED_TRACE(ctx(shape, at::kFloat, "NHWC"));
    // Distinct rows and distinct channels, so that mixing them up shows.
    const at::Tensor nhwc = at::rand(shape, gen()).add_(
        at::arange(shape[1], opts(at::kFloat)).view({1, -1, 1, 1}).mul(0.25));
    const at::Tensor expected = grayReferenceNHWC(nhwc);

    const at::Tensor good = p::fixed(nhwc, p::ImageLayout::NHWC);
    ASSERT_EQ(good.sizes(), expected.sizes());
    EXPECT_TRUE(at::allclose(good.to(at::kDouble), expected, /*rtol=*/1e-6, /*atol=*/1e-6));

    const at::Tensor bad = p::hazard(nhwc);
    EXPECT_NE(bad.sizes(), expected.sizes()) << "the hazard keeps the wrong dimension";
    EXPECT_EQ(bad.size(1), 1) << "it reduced dimension 1 (the rows), not the channels";
    EXPECT_FALSE(at::allclose(bad.reshape(expected.sizes()).to(at::kDouble), expected, 1e-3,
                              1e-3));
    EXPECT_GT((bad.reshape(expected.sizes()).to(at::kDouble) - expected).abs().max().item<double>(),
              0.05);
  }
}

TEST_P(KernelPairs, LayoutFromShapeRejectsUint8) {
  namespace p = tk::layout_from_shape;
  const at::Tensor u8 = at::zeros({1, 3, 4, 4}, opts(at::kByte));
  EXPECT_THROW(p::hazard(u8), c10::Error);
  EXPECT_THROW(p::fixed(u8, p::ImageLayout::NCHW), c10::Error);
}

// ---------------------------------------------------------------------------
// 8. parallel_grain (grain 1 vs GRAIN_SIZE)

TEST_P(KernelPairs, ParallelGrain) {
  namespace p = tk::parallel_grain;
  std::vector<std::vector<int64_t>> shapes = imageShapes();
  shapes.push_back({2, 3, 128, 64}); // 49152 elements: above GRAIN_SIZE, so split
  const std::vector<std::pair<double, double>> params = {
      {1.3, -20.0}, {0.5, 0.5}, {1.0, 0.0}, {-1.0, 300.0}};
  for (at::ScalarType dtype : {at::kByte, at::kFloat, at::kDouble})
    for (const auto &shape : shapes) {
      at::Tensor base = randomTensor(shape, dtype, -1, 2);
      if (dtype == at::kByte)
        plant(base, uint8Edges());
      else
        plant(base, {0.0, -0.0, kNaN, kInf, -kInf});
      // Every layout with every (alpha, beta) for uint8 (saturation both
      // ways); floats cycle through them, which keeps the suite fast: with
      // several threads every grain-1 call opens a parallel region, and on a
      // loaded machine each costs milliseconds -- the hazard at work.
      const std::vector<Variant> variants = imageVariants(base);
      for (size_t vi = 0; vi < variants.size(); ++vi)
        for (size_t pi = 0; pi < params.size(); ++pi) {
          if (dtype != at::kByte && pi != vi % params.size())
            continue;
          const Variant &v = variants[vi];
          const auto [alpha, beta] = params[pi];
          SCOPED_TRACE(ctx(shape, dtype, v.name) + " alpha=" + std::to_string(alpha));
          expectRoutesIdentical(p::routes(), p::hazard(v.t, alpha, beta), v.t, alpha, beta);
        }
    }
}

// 9. omp_in_loop (a parallel region per row vs one over the rows)

TEST_P(KernelPairs, OmpInLoop) {
  namespace p = tk::omp_in_loop;
  // Row counts below and above the thread count, a single feature, an empty
  // batch, and strided inputs (a transposed view, a column slice).
  for (const auto &[rows, cols] : std::vector<std::pair<int64_t, int64_t>>{
           {1, 1}, {3, 64}, {257, 17}, {0, 8}, {64, 1024}}) {
    at::Tensor x = randomTensor({rows, cols}, at::kFloat, -4, 4);
    plant(x, {0.0, -0.0, kNaN, kInf, -kInf});
    const at::Tensor w = randomTensor({cols}, at::kFloat, -2, 2);
    const at::Tensor b = randomTensor({cols}, at::kFloat, -1, 1);
    for (const at::Tensor &in : {x, x.t().contiguous().t()}) {
      SCOPED_TRACE(describe(in));
      expectRoutesIdentical(p::routes(), p::hazard(in, w, b), in, w, b);
    }
  }
  at::Tensor wide = randomTensor({5, 40}, at::kFloat, -1, 1);
  const at::Tensor cols = wide.narrow(1, 3, 16);
  const at::Tensor w = randomTensor({16}, at::kFloat), b = randomTensor({16}, at::kFloat);
  expectRoutesIdentical(p::routes(), p::hazard(cols, w, b), cols, w, b);
}

std::string threadName(const ::testing::TestParamInfo<int> &Info) {
  return Info.index == 0 ? "OneThread" : "AllThreads";
}

// Every pair lists its routes with the fix first (report.py marks the first
// route as the fix), and no route twice.
template <typename Fn>
void expectFixFirst(const std::vector<tk::Route<Fn>> &routes, Fn *fixed, const char *pair) {
  ASSERT_FALSE(routes.empty()) << pair;
  EXPECT_EQ(routes.front().run, fixed) << pair << ": the first route must be the fix";
  for (size_t i = 0; i < routes.size(); ++i) {
    EXPECT_FALSE(routes[i].why.empty()) << pair << "/" << routes[i].name;
    for (size_t j = i + 1; j < routes.size(); ++j) {
      EXPECT_NE(routes[i].name, routes[j].name) << pair;
      EXPECT_NE(routes[i].run, routes[j].run) << pair << "/" << routes[j].name;
    }
  }
}

TEST(KernelRoutes, TheFixIsTheFirstRouteOfEveryPair) {
  expectFixFirst(tk::element_loop::routes(), &tk::element_loop::fixed, "element_loop");
  expectFixFirst(tk::uint8_roundtrip::routes(), &tk::uint8_roundtrip::fixed, "uint8_roundtrip");
  expectFixFirst(tk::temporary::routes(), &tk::temporary::fixed, "temporary");
  expectFixFirst(tk::alloc_in_loop::routes(), &tk::alloc_in_loop::fixed, "alloc_in_loop");
  expectFixFirst(tk::redundant_copy::routes(), &tk::redundant_copy::fixed, "redundant_copy");
  expectFixFirst(tk::data_dependent::routes(), &tk::data_dependent::fixed, "data_dependent");
  expectFixFirst(tk::layout_from_shape::routes(), &tk::layout_from_shape::fixed,
                 "layout_from_shape");
  expectFixFirst(tk::parallel_grain::routes(), &tk::parallel_grain::fixed, "parallel_grain");
  expectFixFirst(tk::omp_in_loop::routes(), &tk::omp_in_loop::fixed, "omp_in_loop");
}

INSTANTIATE_TEST_SUITE_P(Threads, KernelPairs, ::testing::Values(1, allThreads()), threadName);

} // namespace
