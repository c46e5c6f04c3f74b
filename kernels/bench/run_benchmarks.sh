#!/usr/bin/env bash
# Builds torchlint_kernels_bench, runs it once over every pair with
# --benchmark_format=json, records the result with the machine, torch version,
# commit and date in kernels/results/<date>.json, and renders
# docs/benchmarks.md and kernels/results/speedups.svg from it
# (kernels/bench/report.py, Python standard library only).
#
# Usage: kernels/bench/run_benchmarks.sh [extra benchmark flags...]
#   BUILD_DIR  build directory (default: <repo>/build)
#   JOBS       build parallelism (default: 1)
#   RESULTS_SUFFIX  appended to the results file's name (e.g. -torch2)
# A full run takes about two minutes on 2 cores (budget: 5). Run it on a quiet
# machine: the load average before and after is recorded with the results.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${BUILD_DIR:-$root/build}
jobs=${JOBS:-1}
results_dir=$root/kernels/results

# Build only the benchmark target (configuring first if the build directory
# does not know about kernels/ yet).
if [[ ! -f $build/CMakeCache.txt ]] || ! grep -q torchlint_kernels_bench "$build"/build.ninja "$build"/Makefile 2>/dev/null; then
  cmake -S "$root" -B "$build" >/dev/null
fi
cmake --build "$build" --target torchlint_kernels_bench -j "$jobs"
bench=$build/bin/torchlint_kernels_bench
[[ -x $bench ]] || { echo "run_benchmarks.sh: $bench was not built" >&2; exit 1; }

date_iso=$(date -u +%Y-%m-%dT%H:%M:%SZ)
date_day=${date_iso%%T*}
mkdir -p "$results_dir"
raw=$(mktemp "${TMPDIR:-/tmp}/torchlint-bench.XXXXXX.json")
trap 'rm -f "$raw"' EXIT

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "running $bench (load average $load_before) ..." >&2
start=$(date +%s)
"$bench" --benchmark_format=json "$@" >"$raw"
elapsed=$(( $(date +%s) - start ))
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
echo "benchmark finished in ${elapsed}s" >&2

cpu_model=$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -n1)
torch_dir=$(sed -n 's/^Torch_DIR:PATH=//p' "$build/CMakeCache.txt")
if [[ $torch_dir == */site-packages/torch/* ]]; then
  # The project's PyPI torch (kernels/build-torch2.sh).
  site=${torch_dir%%/torch/*}
  torch_version="PyPI torch $(sed -n 's/^Version: //p' "$site"/torch-*.dist-info/METADATA | head -n1) ($site/torch)"
else
  torch_version="Debian libtorch-dev $(dpkg-query -W -f='${Version}' libtorch-dev 2>/dev/null || echo unknown)"
fi
benchmark_version=$(dpkg-query -W -f='${Version}' libbenchmark-dev 2>/dev/null || echo unknown)
if dpkg-query -W -f='${Status}' libopencv-dev 2>/dev/null | grep -q "install ok installed"; then
  opencv="libopencv-dev $(dpkg-query -W -f='${Version}' libopencv-dev)"
else
  opencv="not installed (libopencv-dev absent): no OpenCV anchors"
fi
commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)
dirty=no
if [[ -n $(git -C "$root" status --porcelain -- kernels 2>/dev/null) ]]; then dirty=yes; fi
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
compiler="$compiler ($("$compiler" --version | head -n1))"
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")

out=$results_dir/$date_day${RESULTS_SUFFIX:-}.json
python3 "$root/kernels/bench/report.py" record --raw "$raw" --out "$out" \
  --meta "date=$date_iso" \
  --meta "cpu_model=$cpu_model" \
  --meta "nproc=$(nproc)" \
  --meta "load_before=$load_before" \
  --meta "load_after=$load_after" \
  --meta "elapsed_s=$elapsed" \
  --meta "torch_version=$torch_version" \
  --meta "benchmark_version=$benchmark_version" \
  --meta "opencv=$opencv" \
  --meta "commit=$commit" \
  --meta "dirty=$dirty" \
  --meta "compiler=$compiler" \
  --meta "build_type=$build_type" \
  --meta "command=kernels/bench/run_benchmarks.sh $*"
python3 "$root/kernels/bench/report.py" render "$out"
