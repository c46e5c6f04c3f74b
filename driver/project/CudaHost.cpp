//===--- CudaHost.cpp - Parsing .cu files as CUDA host code ---------------===//

#include "project/CudaHost.h"
#include "model/SafeRead.h"

#include "llvm/ADT/StringExtras.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cstdlib>

namespace torchlint {
namespace {

const char *const BuiltinDir = "/torchlint-builtin/cuda";

/// Host-side declarations for parsing without a toolkit (-nocudainc).
const char *const HostDeclarations = R"(// torch-lint: CUDA host declarations (no toolkit)
#pragma once
#include <cstddef>
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ inline __attribute__((always_inline))
#define __restrict__ __restrict
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};
struct uint3 { unsigned x, y, z; };
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaError { cudaSuccess = 0 };
typedef enum cudaError cudaError_t;
extern "C" {
cudaError_t cudaGetLastError(void);
const char *cudaGetErrorString(cudaError_t);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaStreamSynchronize(cudaStream_t);
cudaError_t cudaMemcpyAsync(void *, const void *, size_t, int, cudaStream_t);
cudaError_t cudaMemsetAsync(void *, int, size_t, cudaStream_t);
// What `<<<...>>>` calls (clang picks one by the CUDA version it assumes).
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                     void *stream = 0);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                              cudaStream_t stream = 0);
}
#include <__clang_cuda_builtin_vars.h>
)";

} // namespace

bool isCudaSource(llvm::StringRef File) {
  return File.ends_with(".cu") || File.ends_with(".cuh");
}

std::string spellLaunchesForClang(llvm::StringRef Source) {
  std::string Out = Source.str();
  auto Blank = [&](size_t I) { return I < Out.size() && llvm::isSpace(Out[I]); };
  // `<<` blanks `<` -> `<<<` blanks (the same bytes, rotated in place: linear
  // in the file whatever it holds); npos when At is no such spelling.
  auto Respell = [&](size_t At, char C) {
    size_t I = At + 2;
    while (Blank(I))
      ++I;
    if (I == At + 2 || I >= Out.size() || Out[I] != C)
      return std::string::npos;
    std::rotate(Out.begin() + At + 2, Out.begin() + I, Out.begin() + I + 1);
    return I + 1;
  };
  // A launch configuration is short: its closer is looked for this far, and
  // not past the statement's end.
  constexpr size_t MaxConfig = 1024;
  for (size_t I = Out.find("<<"); I != std::string::npos; I = Out.find("<<", I + 2)) {
    // `operator<< <>`: a template's explicit arguments, no launch.
    size_t From = I >= 64 ? I - 64 : 0;
    llvm::StringRef Before = llvm::StringRef(Out).substr(From, I - From).rtrim();
    if (Before.ends_with("operator") || (I > 0 && Out[I - 1] == '<'))
      continue;
    size_t After = Out.compare(I, 3, "<<<") == 0 ? I + 3 : Respell(I, '<');
    if (After == std::string::npos)
      continue;
    // Its closing `>> >`: the first `>>` after the opener (a launch
    // configuration holds no shift). A block size nvcc takes as a braced
    // list (`<<<grid, {32, 4, 1}, 0, stream>>>`: apex's index_mul_2d),
    // which Clang's parser refuses there, is read parenthesised, each
    // brace in its place (the launch parses; its sizes are no check's).
    for (size_t J = After; J + 1 < Out.size() && J < After + MaxConfig && Out[J] != ';'; ++J)
      if (Out[J] == '>' && Out[J + 1] == '>') {
        if (Out.compare(J, 3, ">>>") != 0)
          Respell(J, '>');
        for (size_t K = After; K < J; ++K)
          if (Out[K] == '{' || Out[K] == '}')
            Out[K] = Out[K] == '{' ? '(' : ')';
        break;
      }
    I = After;
  }
  return Out;
}

std::string findCudaToolkit(const std::vector<std::string> &ExtraArgs) {
  std::vector<std::string> Candidates;
  for (llvm::StringRef A : std::vector<llvm::StringRef>(ExtraArgs.begin(), ExtraArgs.end()))
    if (A.consume_front("--cuda-path=")) {
      // The user's choice, kept even when it is no toolkit (then: built-in
      // declarations).
      llvm::SmallString<256> Runtime(A);
      llvm::sys::path::append(Runtime, "include", "cuda_runtime.h");
      return llvm::sys::fs::exists(Runtime) ? A.str() : std::string();
    }
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *V = std::getenv(Var); V && *V)
      Candidates.push_back(V);
  Candidates.push_back("/usr/local/cuda");
  for (const std::string &C : Candidates) {
    llvm::SmallString<256> Runtime(C);
    llvm::sys::path::append(Runtime, "include", "cuda_runtime.h");
    if (llvm::sys::fs::exists(Runtime))
      return C;
  }
  return {};
}

std::vector<std::string> cudaHostArgs(const std::string &Toolkit) {
  // (nvcc, from 11.5 on, defines the list of the architectures it compiles
  // for, and host code reads it: apex's group_norm_v2 has `int list[] =
  // {__CUDA_ARCH_LIST__};`. One of them, as a build for sm_80 has it.)
  std::vector<std::string> Args = {"-x", "cuda", "--cuda-host-only", "-nocudalib",
                                   "-Wno-unknown-cuda-version", "-D__CUDA_ARCH_LIST__=800"};
  if (Toolkit.empty()) {
    Args.insert(Args.end(), {"-nocudainc", "-include",
                             std::string(BuiltinDir) + "/torchlint_cuda_host.h"});
    return Args;
  }
  Args.push_back("--cuda-path=" + Toolkit);
  // Headers CUDA 13 removed that clang 19's CUDA wrapper still includes.
  Args.insert(Args.end(), {"-isystem", std::string(BuiltinDir) + "/compat"});
  // CUDA 13 defines the host min/max helpers only where __CUDA_ARCH__ is
  // undefined, and clang 19's wrapper includes that header with it defined:
  // host code that calls min(n, 4096), as nvcc allows (mmcv's GET_BLOCKS),
  // would not parse.
  if (auto Math = readRegularFile(Toolkit + "/include/crt/math_functions.hpp", 4 << 20);
      Math && Math->getBuffer().contains("__HELPER_FUNC_LINKAGE int min("))
    Args.insert(Args.end(),
                {"-include", std::string(BuiltinDir) + "/compat/torchlint_host_min_max.h"});
  // CUDA 13 moved thrust, cub and libcu++ to include/cccl.
  llvm::SmallString<256> Cccl(Toolkit);
  llvm::sys::path::append(Cccl, "include", "cccl");
  if (llvm::sys::fs::is_directory(Cccl))
    Args.insert(Args.end(), {"-isystem", Cccl.str().str()});
  return Args;
}

std::vector<std::string> cudaIncludeArgsForCxx(const std::string &Toolkit) {
  std::vector<std::string> Args;
  if (Toolkit.empty())
    return Args;
  for (const char *Sub : {"include", "include/cccl"}) {
    llvm::SmallString<256> Dir(Toolkit);
    llvm::sys::path::append(Dir, Sub);
    if (llvm::sys::fs::is_directory(Dir))
      Args.insert(Args.end(), {"-isystem", Dir.str().str()});
  }
  return Args;
}

const std::vector<std::pair<std::string, std::string>> &cudaBuiltinFiles() {
  static const std::vector<std::pair<std::string, std::string>> Files = {
      {std::string(BuiltinDir) + "/torchlint_cuda_host.h", HostDeclarations},
      {std::string(BuiltinDir) + "/compat/texture_fetch_functions.h",
       "// torch-lint: removed in CUDA 13, still included by clang 19\n#pragma once\n"},
      {std::string(BuiltinDir) + "/compat/torchlint_host_min_max.h",
       "// torch-lint: CUDA 13's host helpers of crt/math_functions.hpp, which\n"
       "// clang 19's CUDA wrapper hides (it includes them with __CUDA_ARCH__ set).\n"
       "#pragma once\n"
       "#define TORCHLINT_HOST_ inline __attribute__((host))\n"
       "TORCHLINT_HOST_ int min(const int a, const int b) { return a < b ? a : b; }\n"
       "TORCHLINT_HOST_ unsigned int umin(const unsigned int a, const unsigned int b) "
       "{ return a < b ? a : b; }\n"
       "TORCHLINT_HOST_ long long int llmin(const long long int a, const long long int b) "
       "{ return a < b ? a : b; }\n"
       "TORCHLINT_HOST_ unsigned long long int ullmin(const unsigned long long int a, "
       "const unsigned long long int b) { return a < b ? a : b; }\n"
       "TORCHLINT_HOST_ int max(const int a, const int b) { return a > b ? a : b; }\n"
       "TORCHLINT_HOST_ unsigned int umax(const unsigned int a, const unsigned int b) "
       "{ return a > b ? a : b; }\n"
       "TORCHLINT_HOST_ long long int llmax(const long long int a, const long long int b) "
       "{ return a > b ? a : b; }\n"
       "TORCHLINT_HOST_ unsigned long long int ullmax(const unsigned long long int a, "
       "const unsigned long long int b) { return a > b ? a : b; }\n"
       "#undef TORCHLINT_HOST_\n"},
  };
  return Files;
}

} // namespace torchlint
