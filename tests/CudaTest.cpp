//===--- CudaTest.cpp - .cu files parse as CUDA host code -----------------===//

#include "TestSupport.h"
#include "project/CudaHost.h"

#include "gtest/gtest.h"
#include <nlohmann/json.hpp>
#include <set>
#include <sys/stat.h>

using namespace torchlint::test;
using nlohmann::json;

namespace {

const char *const HostAndDevice = R"(#include <torch/torch.h>
__global__ void copy_kernel(const float *x, float *y, int64_t n) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
__device__ float device_sum(const float *x, int64_t n) {
  float s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += x[i];
  return s;
}
float host_sum(const torch::Tensor &t) {
  float s = 0;
  for (int64_t i = 0; i < t.size(0); ++i)
    s += t[i].item<float>();
  dim3 grid((t.numel() + 255) / 256), block(256);
  cudaStream_t stream = nullptr;
  copy_kernel<<<grid, block, 0, stream>>>(t.data_ptr<float>(), t.data_ptr<float>(), t.numel());
  return s;
}
)";

std::set<std::pair<std::string, int>> findings(const json &J) {
  std::set<std::pair<std::string, int>> S;
  for (const auto &F : J["findings"])
    S.insert({F["check"].get<std::string>(), F["line"].get<int>()});
  return S;
}

void expectHostOnlyFindings(const RunResult &R) {
  ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  auto J = json::parse(R.Out);
  EXPECT_TRUE(J["errors"].empty()) << J["errors"].dump();
  // The host function's per-element loop; the kernel and the device helper
  // parse (launch syntax, built-in index variables) and are not linted.
  EXPECT_EQ(findings(J), (std::set<std::pair<std::string, int>>{
                             {"torch-perf-element-loop", 15}}))
      << R.Out;
}

TEST(Cuda, HostCodeParsesWithTheToolkit) {
  struct stat St;
  if (::stat("/usr/local/cuda/include/cuda_runtime.h", &St) != 0)
    GTEST_SKIP() << "no CUDA toolkit in /usr/local/cuda";
  std::string Dir = makeTempDir("cuda-toolkit");
  writeFile(Dir + "/ops.cu", HostAndDevice);
  expectHostOnlyFindings(runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                          " --checks='-*,torch-perf-element-loop' --format=json ops.cu -- --cuda-path=/usr/local/cuda",
                                      Dir));
}

TEST(Cuda, CxxSourcesSeeTheToolkitHeadersAsCUDAExtensionPassesThem) {
  // gsplat's Lidar.cpp includes a .cuh that includes <cuda/std/limits>
  // (include/cccl in CUDA 13).
  struct stat St;
  if (::stat("/usr/local/cuda/include/cuda_runtime.h", &St) != 0)
    GTEST_SKIP() << "no CUDA toolkit in /usr/local/cuda";
  std::string Dir = makeTempDir("cuda-cxx");
  writeFile(Dir + "/host.cpp", "#include <cuda_runtime.h>\n#include <cuda/std/limits>\n"
                               "int f() { return cuda::std::numeric_limits<int>::max(); }\n");
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --format=json host.cpp -- --cuda-path=/usr/local/cuda",
                             Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_TRUE(json::parse(R.Out)["errors"].empty()) << R.Out;
}

// nvcc gives host code CUDA's min/max helpers (mmcv's GET_BLOCKS returns
// min(optimal_block_num, max_block_num)); CUDA 13 hides them from clang 19.
TEST(Cuda, HostCodeCallsCudasMinAndMax) {
  struct stat St;
  if (::stat("/usr/local/cuda/include/cuda_runtime.h", &St) != 0)
    GTEST_SKIP() << "no CUDA toolkit in /usr/local/cuda";
  std::string Dir = makeTempDir("cuda-min-max");
  writeFile(Dir + "/blocks.cu",
            "#include <cuda.h>\n"
            "inline int blocks(const int n) { return min((n + 511) / 512, 4096); }\n"
            "inline unsigned long long cap(unsigned long long n) { return ullmax(n, 1ull); }\n"
            "__global__ void k(float *p) { p[threadIdx.x] = min(1, 2); }\n"
            "void launch(float *p, int n) { k<<<blocks(n), 512>>>(p); }\n");
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --format=json blocks.cu -- --cuda-path=/usr/local/cuda",
                             Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_TRUE(json::parse(R.Out)["errors"].empty()) << R.Out;
}

TEST(Cuda, HostCodeParsesWithoutAToolkit) {
  std::string Dir = makeTempDir("cuda-builtin");
  writeFile(Dir + "/ops.cu", HostAndDevice);
  // A --cuda-path that is no toolkit: the built-in declarations serve.
  expectHostOnlyFindings(runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                          " --checks='-*,torch-perf-element-loop' --format=json ops.cu -- --cuda-path=/nonexistent",
                                      Dir));
}

TEST(Cuda, ErrorsInDeviceOnlyBodiesAreNotTheHostCodes) {
  // mmdetection3d's scatter_points_cuda.cu: a helper declared only for the
  // device pass, used in a kernel. nvcc's host pass never compiles the
  // kernel's body; the host code is linted, and the file is no error. An
  // error in host code still is.
  std::string Dir = makeTempDir("cuda-device-only");
  const char *Kernel = R"(#include <torch/torch.h>
#ifdef __CUDA_ARCH__
__device__ __forceinline__ static void reduceAdd(float *a, float v) { atomicAdd(a, v); }
#endif
template <typename T> __global__ void reduce_kernel(const T *x, T *y, int n) {
  for (int i = 0; i < n; i++)
    reduceAdd(&y[0], x[i]);
}
float host_sum(const torch::Tensor &t) {
  float s = 0;
  for (int64_t i = 0; i < t.size(0); ++i)
    s += t[i].item<float>();
  reduce_kernel<float><<<1, 1>>>(t.data_ptr<float>(), t.data_ptr<float>(), 1);
  return s;
}
)";
  writeFile(Dir + "/ops.cu", Kernel);
  std::string Args = "--torch-include=" + shellQuote(mockIncludes()) +
                     " --checks='-*,torch-perf-element-loop' --format=json ops.cu -- --cuda-path=/nonexistent";
  RunResult R = runTorchLint(Args, Dir);
  ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  auto J = json::parse(R.Out);
  EXPECT_TRUE(J["errors"].empty()) << J["errors"].dump();
  EXPECT_EQ(findings(J), (std::set<std::pair<std::string, int>>{
                             {"torch-perf-element-loop", 12}}))
      << R.Out;
  writeFile(Dir + "/ops.cu", std::string(Kernel) + "int broken() { return undeclared_name; }\n");
  // An error in host code is the file's (a semantic one: linted in part).
  RunResult Broken = runTorchLint(Args, Dir);
  EXPECT_EQ(Broken.ExitCode, 1) << Broken.Out << Broken.Err;
  EXPECT_NE(Broken.Out.find("Clang rejects some of its code (ops.cu:16: use of undeclared "
                            "identifier 'undeclared_name')"),
            std::string::npos)
      << Broken.Out;
  EXPECT_EQ(Broken.Out.find("reduceAdd"), std::string::npos) << Broken.Out;
}

// The respelling keeps every byte's place but the chevrons', and is linear
// in a file of a million spaced openers with no closer in reach.
TEST(Cuda, SpacedLaunchesAreRespelledInPlace) {
  EXPECT_EQ(torchlint::spellLaunchesForClang("k << <1, 2 >> >(p); std::vector<std::vector<int>> > v;"),
            "k <<< 1, 2 >>> (p); std::vector<std::vector<int>> > v;");
  EXPECT_EQ(torchlint::spellLaunchesForClang("operator<< <>(o, b)"), "operator<< <>(o, b)");
  // A braced block size (nvcc's dim3 from a list): parenthesised in place.
  EXPECT_EQ(torchlint::spellLaunchesForClang("k<<<n, {32, 4, 1}, 0, s>>>(p); int a[] = {1};"),
            "k<<<n, (32, 4, 1), 0, s>>>(p); int a[] = {1};");
  EXPECT_EQ(torchlint::spellLaunchesForClang("k << <dim3{n}, {32, 4} >> >(p);"),
            "k <<< dim3(n), (32, 4) >>> (p);");
  std::string Hostile;
  for (int I = 0; I < 1000000; ++I)
    Hostile += "<< <";
  std::string Out = torchlint::spellLaunchesForClang(Hostile);
  EXPECT_EQ(Out.size(), Hostile.size());
}

// kaolin launches kernels as `k << <grid, block >> >(args)`: nvcc takes the
// spaced chevrons, Clang's lexer only `<<<`/`>>>`. The file parses, the host
// code around the launch is linted, and what is not a launch keeps its
// meaning: `operator<< <>` (a friend template's explicit arguments) and
// `>> >` closing three template argument lists.
TEST(Cuda, LaunchesSpelledWithSpacedChevronsParse) {
  std::string Dir = makeTempDir("cuda-spaced-launch");
  writeFile(Dir + "/ops.cu", R"(#include <torch/torch.h>
#include <map>
#include <ostream>
#include <vector>
__global__ void fill_kernel(float *p, int n) {}
template <typename T> struct Box;
template <typename T> std::ostream &operator<<(std::ostream &o, const Box<T> &) { return o; }
template <typename T> struct Box { friend std::ostream &operator<< <>(std::ostream &, const Box &); };
std::map<int, std::vector<std::vector<int>> > nested;
void fill(torch::Tensor t) {
  int n = static_cast<int>(t.numel());
  fill_kernel << <(n + 255) / 256, 256 >> >(t.data_ptr<float>(), n);
  fill_kernel<< <1, 1>> >(t.data_ptr<float>(), n);
  for (int64_t i = 0; i < t.size(0); ++i)
    t[i] = 0;
}
)");
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --checks='-*,torch-perf-element-loop' --format=json ops.cu -- --cuda-path=/nonexistent",
                             Dir);
  ASSERT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  auto J = json::parse(R.Out);
  EXPECT_TRUE(J["errors"].empty()) << J["errors"].dump();
  EXPECT_EQ(findings(J), (std::set<std::pair<std::string, int>>{
                             {"torch-perf-element-loop", 15}}))
      << R.Out;
}

} // namespace
