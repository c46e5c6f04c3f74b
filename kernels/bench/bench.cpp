//===--- bench.cpp - hazard vs fixed, back to back, one process ----------===//
//
// torchlint_kernels_bench: every reference pair's hazard and fixed kernel on
// realistic shapes, at 1 thread and at all threads (at::set_num_threads).
//
// Benchmark names are   <pair>/<variant>/<case>/threads:<n>
// where variant is hazard, fixed, opencv (an anchor, where built with
// OpenCV) or memcpy (the memory-bandwidth roofline of elementwise cases). For each case and thread count the hazard runs immediately before
// the fixed version. Every benchmark warms up first (MinWarmUpTime), then
// runs kRepetitions repetitions of at least kMinTime seconds each, and
// reports only the aggregates: mean, median, stddev, min and max of the
// per-repetition times (wall clock: the kernels are multi-threaded).
//
// kernels/bench/run_benchmarks.sh builds and runs this with
// --benchmark_format=json and turns the result into docs/benchmarks.md.
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
#include <torch/version.h>

#include <benchmark/benchmark.h>

#ifdef TORCHLINT_WITH_OPENCV
#include <opencv2/core.hpp>
#endif

#include <algorithm>
#include <cstring>
#include <functional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace tk = torchlint::kernels;

namespace {

constexpr int kRepetitions = 9;
constexpr double kMinTime = 0.1;       // seconds per repetition (at least 1 iteration)
constexpr double kMinWarmUpTime = 0.1; // seconds, before the first repetition

using Kernel = std::function<at::Tensor()>;

void runKernel(benchmark::State &state, const Kernel &kernel, int threads) {
  at::set_num_threads(threads);
  for (auto _ : state) {
    at::Tensor out = kernel();
    benchmark::DoNotOptimize(out.data_ptr());
    benchmark::ClobberMemory();
  }
}

double statMin(const std::vector<double> &v) { return *std::min_element(v.begin(), v.end()); }
double statMax(const std::vector<double> &v) { return *std::max_element(v.begin(), v.end()); }

std::vector<int> threadCounts() {
  const int all = std::max<int>(at::get_num_threads(),
                                static_cast<int>(std::thread::hardware_concurrency()));
  if (all <= 1)
    return {1};
  return {1, all};
}

void add(const std::string &pair, const std::string &variant, const std::string &caseName,
         int threads, Kernel kernel) {
  const std::string name =
      pair + "/" + variant + "/" + caseName + "/threads:" + std::to_string(threads);
  benchmark::RegisterBenchmark(name.c_str(),
                               [kernel, threads](benchmark::State &state) {
                                 runKernel(state, kernel, threads);
                               })
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->MinWarmUpTime(kMinWarmUpTime)
      ->MinTime(kMinTime)
      ->Repetitions(kRepetitions)
      ->ReportAggregatesOnly(true)
      ->ComputeStatistics("min", statMin)
      ->ComputeStatistics("max", statMax);
}

/// A memcpy of `bytes` from one buffer to another.
Kernel memcpyBytes(int64_t bytes) {
  const at::Tensor src = at::ones({bytes}, at::TensorOptions().dtype(at::kByte));
  at::Tensor dst = at::empty({bytes}, at::TensorOptions().dtype(at::kByte));
  return [src, dst]() mutable {
    std::memcpy(dst.data_ptr(), src.data_ptr(), static_cast<size_t>(src.nbytes()));
    return dst;
  };
}

/// The memory-bandwidth roofline of an elementwise case: a memcpy of as many
/// bytes as the fixed kernel's output, from one buffer of that size to
/// another (so it reads and writes that many bytes), timed in the same run.
/// No kernel that writes its output can beat it by much.
Kernel memcpyRoofline(const Kernel &fixed) { return memcpyBytes(fixed().nbytes()); }

using Variants = std::vector<std::pair<std::string, Kernel>>;

/// Every route of a pair (pairs/routes.h) on the same arguments, as the
/// variants route:<name>; `fixed` is one of them, timed again under its own
/// name so that the hazard/fixed columns read as before.
/// Each route's description goes into the results' context as
/// "route <pair>/<name>" (report.py prints it beside the route's times). The
/// first route is the fix, timed once, as "fixed".
template <typename Fn, typename... Args>
Variants routes(const std::string &pair, const std::vector<tk::Route<Fn>> &all, Args... args) {
  static std::set<std::string> described;
  Variants out;
  for (size_t i = 0; i < all.size(); ++i) {
    const tk::Route<Fn> &route = all[i];
    const std::string key = "route " + pair + "/" + route.name;
    if (described.insert(key).second)
      benchmark::AddCustomContext(key, route.why);
    if (i == 0)
      continue;
    out.push_back({"route:" + route.name,
                   [run = route.run, args...]() mutable { return run(args...); }});
  }
  return out;
}

// Registers hazard then fixed (then the routes, any anchors and the memcpy
// roofline of elementwise cases) for every thread count.
void addPair(const std::string &pair, const std::string &caseName, Kernel hazard, Kernel fixed,
             Variants anchors = {}, bool elementwise = true, Variants alternatives = {}) {
  if (elementwise)
    anchors.push_back({"memcpy", memcpyRoofline(fixed)});
  for (int threads : threadCounts()) {
    add(pair, "hazard", caseName, threads, hazard);
    add(pair, "fixed", caseName, threads, fixed);
    for (const auto &[variant, kernel] : alternatives)
      add(pair, variant, caseName, threads, kernel);
    for (const auto &[variant, kernel] : anchors)
      add(pair, variant, caseName, threads, kernel);
  }
}

at::Generator &gen() {
  static at::Generator G = at::detail::createCPUGenerator(42);
  return G;
}

at::Tensor randomFloat(at::IntArrayRef shape, double lo, double hi) {
  return at::rand(shape, gen()).mul_(hi - lo).add_(lo);
}

at::Tensor randomByte(at::IntArrayRef shape) {
  return at::randint(0, 256, shape, gen(), at::TensorOptions().dtype(at::kByte));
}

at::Tensor randomBoxes(int64_t n) {
  const at::Tensor xy = randomFloat({n, 2}, 0, 512);
  const at::Tensor wh = randomFloat({n, 2}, 1, 128);
  return at::cat({xy, xy + wh}, 1).contiguous();
}

#ifdef TORCHLINT_WITH_OPENCV
// OpenCV anchors for the uint8 pairs: the best existing CPU implementation of
// the same operation, on the same contiguous bytes (scripts/setup.sh installs
// libopencv-dev).
cv::Mat flatMat(const at::Tensor &t) {
  return cv::Mat(1, static_cast<int>(t.numel()), CV_8UC1, t.data_ptr());
}

at::Tensor opencvGamma(const at::Tensor &img, const at::Tensor &lut) {
  const at::Tensor src = img.contiguous();
  at::Tensor out = at::empty_like(src);
  cv::Mat dst = flatMat(out);
  cv::LUT(flatMat(src), flatMat(lut), dst);
  return out;
}

// saturate(|x * alpha + beta|): OpenCV's brightness/contrast; equal to the
// pair's result wherever x * alpha + beta >= 0 (it is a speed anchor).
at::Tensor opencvScaleAbs(const at::Tensor &img, double alpha, double beta) {
  const at::Tensor src = img.contiguous();
  at::Tensor out = at::empty_like(src);
  cv::Mat dst = flatMat(out);
  cv::convertScaleAbs(flatMat(src), dst, alpha, beta);
  return out;
}

std::vector<std::pair<std::string, Kernel>> opencvGammaAnchor(const at::Tensor &img,
                                                              double gamma) {
  const at::Tensor lut = tk::uint8_roundtrip::fixed(at::arange(256, at::kByte), gamma);
  return {{"opencv", [img, lut] {
             cv::setNumThreads(at::get_num_threads());
             return opencvGamma(img, lut);
           }}};
}

std::vector<std::pair<std::string, Kernel>> opencvScaleAbsAnchor(const at::Tensor &img,
                                                                 double alpha, double beta) {
  return {{"opencv", [img, alpha, beta] {
             cv::setNumThreads(at::get_num_threads());
             return opencvScaleAbs(img, alpha, beta);
           }}};
}
#else
std::vector<std::pair<std::string, Kernel>> opencvGammaAnchor(const at::Tensor &, double) {
  return {};
}
std::vector<std::pair<std::string, Kernel>> opencvScaleAbsAnchor(const at::Tensor &, double,
                                                                 double) {
  return {};
}
#endif

void registerAll() {
  // Shared inputs (created once; every kernel returns a new tensor or writes
  // a buffer of its own).
  const at::Tensor batchF32 = randomFloat({32, 3, 256, 256}, 0, 1); // 25 MB
  const at::Tensor batchU8 = randomByte({8, 3, 512, 512});          // 6 MB
  const at::Tensor hwcU8 = randomByte({512, 512, 3});
  const at::Tensor smallF32 = randomFloat({3, 32, 32}, 0, 1);
  const at::Tensor smallU8 = randomByte({3, 32, 32});

  // 1. element_loop. The hazard does a few dispatcher calls per box pair, so a
  // 1000 x 1000 IoU would take seconds per call: the pair is timed at 100
  // boxes, and the fixed version alone at the realistic 1000 boxes.
  {
    namespace p = tk::element_loop;
    const at::Tensor a100 = randomBoxes(100), b100 = randomBoxes(100);
    addPair("element_loop", "iou_100x100_f32", [=] { return p::hazard(a100, b100); },
            [=] { return p::fixed(a100, b100); }, {}, /*elementwise=*/false,
            routes("element_loop", p::routes(), a100, b100));
    const at::Tensor a1000 = randomBoxes(1000), b1000 = randomBoxes(1000);
    const Kernel fixed1000 = [=] { return p::fixed(a1000, b1000); };
    const Variants routes1000 = routes("element_loop", p::routes(), a1000, b1000);
    const Kernel roofline1000 = memcpyRoofline(fixed1000);
    for (int threads : threadCounts()) {
      add("element_loop", "fixed", "iou_1000x1000_f32", threads, fixed1000);
      for (const auto &[variant, kernel] : routes1000)
        add("element_loop", variant, "iou_1000x1000_f32", threads, kernel);
      add("element_loop", "memcpy", "iou_1000x1000_f32", threads, roofline1000);
    }
  }

  // 2. uint8_roundtrip: gamma 1/2.2 on uint8.
  {
    namespace p = tk::uint8_roundtrip;
    const double gamma = 1.0 / 2.2;
    addPair("uint8_roundtrip", "8x3x512x512_u8", [=] { return p::hazard(batchU8, gamma); },
            [=] { return p::fixed(batchU8, gamma); }, opencvGammaAnchor(batchU8, gamma), true,
            routes("uint8_roundtrip", p::routes(), batchU8, gamma));
    addPair("uint8_roundtrip", "512x512x3_u8", [=] { return p::hazard(hwcU8, gamma); },
            [=] { return p::fixed(hwcU8, gamma); }, opencvGammaAnchor(hwcU8, gamma), true,
            routes("uint8_roundtrip", p::routes(), hwcU8, gamma));
  }

  // 3. temporary: ImageNet normalisation into a preallocated output.
  {
    namespace p = tk::temporary;
    const at::Tensor mean = at::tensor({0.485f, 0.456f, 0.406f}).view({1, 3, 1, 1});
    const at::Tensor std = at::tensor({0.229f, 0.224f, 0.225f}).view({1, 3, 1, 1});
    const at::Tensor meanU8 = mean * 255, stdU8 = std * 255;
    at::Tensor outF32 = at::empty_like(batchF32);
    at::Tensor outU8 = at::empty(batchU8.sizes(), at::TensorOptions().dtype(at::kFloat));
    addPair("temporary", "32x3x256x256_f32",
            [=]() mutable { return p::hazard(batchF32, mean, std, outF32); },
            [=]() mutable { return p::fixed(batchF32, mean, std, outF32); }, {}, true,
            routes("temporary", p::routes(), batchF32, mean, std, outF32));
    addPair("temporary", "8x3x512x512_u8_to_f32",
            [=]() mutable { return p::hazard(batchU8, meanU8, stdU8, outU8); },
            [=]() mutable { return p::fixed(batchU8, meanU8, stdU8, outU8); }, {}, true,
            routes("temporary", p::routes(), batchU8, meanU8, stdU8, outU8));
  }

  // 4. alloc_in_loop: per-sample contrast on a float batch.
  {
    namespace p = tk::alloc_in_loop;
    addPair("alloc_in_loop", "32x3x256x256_f32", [=] { return p::hazard(batchF32, 0.7); },
            [=] { return p::fixed(batchF32, 0.7); }, {}, true,
            routes("alloc_in_loop", p::routes(), batchF32, 0.7));
  }

  // 5. redundant_copy: per-channel gain.
  {
    namespace p = tk::redundant_copy;
    const at::Tensor gainF32 = at::tensor({1.1f, 0.9f, 1.05f});
    const at::Tensor gainU8 = at::tensor({1, 2, 1}, at::TensorOptions().dtype(at::kByte));
    addPair("redundant_copy", "32x3x256x256_f32", [=] { return p::hazard(batchF32, gainF32); },
            [=] { return p::fixed(batchF32, gainF32); }, {}, true,
            routes("redundant_copy", p::routes(), batchF32, gainF32));
    addPair("redundant_copy", "8x3x512x512_u8", [=] { return p::hazard(batchU8, gainU8); },
            [=] { return p::fixed(batchU8, gainU8); }, {}, true,
            routes("redundant_copy", p::routes(), batchU8, gainU8));
  }

  // 6. data_dependent: clip, with values all in range (the hazard clones) and
  // with some out of range (the hazard clamps).
  {
    namespace p = tk::data_dependent;
    const at::Tensor coords = randomFloat({32, 3, 256, 256}, 0, 255);
    const at::Tensor coordsOut = randomFloat({32, 3, 256, 256}, 0, 300);
    addPair("data_dependent", "32x3x256x256_f32_in_range",
            [=] { return p::hazard(coords, 0.0, 255.0); },
            [=] { return p::fixed(coords, 0.0, 255.0); }, {}, true,
            routes("data_dependent", p::routes(), coords, at::Scalar(0.0), at::Scalar(255.0)));
    addPair("data_dependent", "32x3x256x256_f32_clamps",
            [=] { return p::hazard(coordsOut, 0.0, 255.0); },
            [=] { return p::fixed(coordsOut, 0.0, 255.0); }, {}, true,
            routes("data_dependent", p::routes(), coordsOut, at::Scalar(0.0), at::Scalar(255.0)));
    addPair("data_dependent", "8x3x512x512_u8_clamps",
            [=] { return p::hazard(batchU8, 16, 235); },
            [=] { return p::fixed(batchU8, 16, 235); }, {}, true,
            routes("data_dependent", p::routes(), batchU8, at::Scalar(16), at::Scalar(235)));
  }

  // 7. layout_from_shape: a correctness pair; timed to show the fix costs
  // nothing.
  {
    namespace p = tk::layout_from_shape;
    addPair("layout_from_shape", "32x3x256x256_f32", [=] { return p::hazard(batchF32); },
            // The contract reads three planes per output plane: the memcpy of
            // the input's bytes is the floor of any route.
            [=] { return p::fixed(batchF32, p::ImageLayout::NCHW); },
            {{"memcpy_in", memcpyBytes(batchF32.nbytes())}}, true,
            routes("layout_from_shape", p::routes(), batchF32, p::ImageLayout::NCHW));
  }

  // 8. parallel_grain: brightness/contrast. The grain only matters for inputs
  // below GRAIN_SIZE (32768 elements) at more than one thread: the small
  // 3x32x32 images are the case; the large ones show the fix costs nothing.
  {
    namespace p = tk::parallel_grain;
    addPair("parallel_grain", "3x32x32_f32", [=] { return p::hazard(smallF32, 1.2, 0.1); },
            [=] { return p::fixed(smallF32, 1.2, 0.1); }, {}, true,
            routes("parallel_grain", p::routes(), smallF32, 1.2, 0.1));
    addPair("parallel_grain", "3x32x32_u8", [=] { return p::hazard(smallU8, 1.2, 10.0); },
            [=] { return p::fixed(smallU8, 1.2, 10.0); },
            opencvScaleAbsAnchor(smallU8, 1.2, 10.0), true,
            routes("parallel_grain", p::routes(), smallU8, 1.2, 10.0));
    addPair("parallel_grain", "32x3x256x256_f32",
            [=] { return p::hazard(batchF32, 1.2, 0.1); },
            [=] { return p::fixed(batchF32, 1.2, 0.1); }, {}, true,
            routes("parallel_grain", p::routes(), batchF32, 1.2, 0.1));
    addPair("parallel_grain", "512x512x3_u8", [=] { return p::hazard(hwcU8, 1.2, 10.0); },
            [=] { return p::fixed(hwcU8, 1.2, 10.0); },
            opencvScaleAbsAnchor(hwcU8, 1.2, 10.0), true,
            routes("parallel_grain", p::routes(), hwcU8, 1.2, 10.0));
  }

  // 9. omp_in_loop: a per-feature affine layer over a batch of rows. Many
  // short rows (a batch of embeddings) is the case; few long rows show the
  // fork per row costs little once each row is real work.
  {
    namespace p = tk::omp_in_loop;
    const at::Tensor rowsF32 = randomFloat({4096, 64}, -1, 1);
    const at::Tensor longF32 = randomFloat({16, 65536}, -1, 1);
    const at::Tensor w64 = randomFloat({64}, 0, 2), b64 = randomFloat({64}, -1, 1);
    const at::Tensor wLong = randomFloat({65536}, 0, 2), bLong = randomFloat({65536}, -1, 1);
    addPair("omp_in_loop", "4096x64_f32", [=] { return p::hazard(rowsF32, w64, b64); },
            [=] { return p::fixed(rowsF32, w64, b64); }, {}, true,
            routes("omp_in_loop", p::routes(), rowsF32, w64, b64));
    addPair("omp_in_loop", "16x65536_f32", [=] { return p::hazard(longF32, wLong, bLong); },
            [=] { return p::fixed(longF32, wLong, bLong); }, {}, true,
            routes("omp_in_loop", p::routes(), longF32, wLong, bLong));
  }
}

} // namespace

int main(int argc, char **argv) {
  const int defaultThreads = at::get_num_threads();
  benchmark::AddCustomContext("torch_version_header", TORCH_VERSION);
  benchmark::AddCustomContext("aten_parallel_backend", at::get_parallel_info().find("OpenMP") !=
                                                                 std::string::npos
                                                             ? "OpenMP"
                                                             : "other");
  benchmark::AddCustomContext("aten_default_threads", std::to_string(defaultThreads));
  benchmark::AddCustomContext("all_threads", std::to_string(threadCounts().back()));
  benchmark::AddCustomContext("repetitions", std::to_string(kRepetitions));
  benchmark::AddCustomContext("min_time_s", std::to_string(kMinTime));
  benchmark::AddCustomContext("min_warmup_time_s", std::to_string(kMinWarmUpTime));
#ifdef TORCHLINT_WITH_OPENCV
  benchmark::AddCustomContext("opencv", CV_VERSION);
#else
  benchmark::AddCustomContext("opencv", "not built (libopencv-dev not installed)");
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  registerAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
