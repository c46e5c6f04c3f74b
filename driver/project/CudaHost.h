//===--- CudaHost.h - Parsing .cu files as CUDA host code ---------*- C++ -*-===//
//
// `.cu`/`.cuh` files are parsed in clang's CUDA mode, host side only
// (--cuda-host-only: device code is parsed as the host compiler sees it, and
// the checks never run on __global__/__device__ bodies). With a CUDA toolkit
// (--cuda-path after `--`, CUDA_HOME, CUDA_PATH, /usr/local/cuda) its headers
// are used; clang 19 knows CUDA up to 12.x, so for CUDA 13 the version check
// is silenced, the headers CUDA 13 dropped but clang's wrapper still includes
// are served empty, and CCCL's new include/cccl directory is added. Without a
// toolkit, a small built-in set of declarations (the execution-space
// attributes, dim3, cudaStream_t, the launch configuration call that `<<<>>>`
// needs, the built-in index variables) lets host code parse.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_CUDAHOST_H
#define TORCHLINT_DRIVER_CUDAHOST_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>
#include <vector>

namespace torchlint {

bool isCudaSource(llvm::StringRef File);

/// \p Source with each kernel launch spelled with spaced chevrons
/// (`k << <grid, block >> >(args)`, which nvcc takes and kaolin writes) as
/// Clang lexes it: `<<<` and `>>>`, the spaces moved after them, so that every
/// other character keeps its offset and line. `operator<< <` and a `>> >`
/// no spaced opener precedes (three template argument lists closing) are
/// left as they are.
std::string spellLaunchesForClang(llvm::StringRef Source);

/// The CUDA toolkit to parse against: --cuda-path=<dir> in \p ExtraArgs,
/// else $CUDA_HOME, $CUDA_PATH, /usr/local/cuda; empty if none has
/// include/cuda_runtime.h.
std::string findCudaToolkit(const std::vector<std::string> &ExtraArgs);

/// Arguments that make a synthesised command parse a .cu file as host code
/// (they replace -x c++).
std::vector<std::string> cudaHostArgs(const std::string &Toolkit);

/// The built-in files those arguments name (path, contents), served from
/// memory by the engine.
const std::vector<std::pair<std::string, std::string>> &cudaBuiltinFiles();

/// The toolkit's include directories for C++ (not CUDA) sources, as
/// torch.utils.cpp_extension.CUDAExtension passes them to every source:
/// host code includes cuda_runtime.h and cuda/std/... too. Empty without a
/// toolkit.
std::vector<std::string> cudaIncludeArgsForCxx(const std::string &Toolkit);

} // namespace torchlint

#endif
