#!/usr/bin/env bash
# Builds the reference kernels, their identity tests and the benchmark against
# the project's PyTorch 2.x (the venv scripts/setup.sh makes) and runs the
# identity tests: the fixes are proven byte-identical on torch 2.x too.
#   TORCHLINT_VENV        the venv (default: <repo>/.venv)
#   TORCHLINT_TORCH2_BUILD build directory (default: <repo>/build-torch2)
#   JOBS                  build parallelism (default: nproc)
# Usage: kernels/build-torch2.sh [build|test]   (default: test)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${TORCHLINT_VENV:-$root/.venv}
build=${TORCHLINT_TORCH2_BUILD:-$root/build-torch2}
jobs=${JOBS:-$(nproc)}
torch=$venv/lib/python3.11/site-packages/torch
if [[ ! -f $torch/share/cmake/Torch/TorchConfig.cmake ]]; then
  echo "kernels/build-torch2.sh: no torch 2.x in $venv (run scripts/setup.sh)" >&2
  exit 1
fi
# libtorch_cuda.so (linked through the `torch` target, though nothing here
# uses CUDA) needs the venv's NCCL and friends at link time: the toolkit's
# older NCCL in the default search path lacks symbols. At run time torch's
# own RUNPATH finds them.
rpath_link=$(ls -d "$venv"/lib/python3.11/site-packages/nvidia/*/lib 2>/dev/null | paste -sd: -)
if [[ ! -f $build/build.ninja ]]; then
  cmake -S "$root/kernels" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$torch/share/cmake" -DCMAKE_CXX_STANDARD=20 \
    -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath-link,$rpath_link" >/dev/null
fi
cmake --build "$build" -j "$jobs"
[[ ${1:-test} == build ]] && exit 0
ctest --test-dir "$build" --output-on-failure -j "$jobs"
