#!/usr/bin/env bash
# Builds the torchlint wheel into dist/ (docs/guide/install.md):
#   dist/torchlint-<version>-py3-none-manylinux_2_17_<arch>.musllinux_1_1_<arch>.whl
#
#   scripts/build-wheel.sh                 package build/bin/torch-lint-static
#                                          (linked here from the main build's
#                                          libraries: one link, no compile)
#   scripts/build-wheel.sh --from-source   a separate Release build of the
#                                          static torch-lint (build/wheel-src)
#
# Needs scripts/setup.sh first (the
# Debian packages and .venv-wheel with the pinned scikit-build-core).
# TORCHLINT_BUILD_DIR, TORCHLINT_JOBS as for scripts/run.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
build=${TORCHLINT_BUILD_DIR:-build}
case "$build" in /*) ;; *) build=$here/$build ;; esac
jobs=${TORCHLINT_JOBS:-$(nproc)}
venv=${TORCHLINT_WHEEL_VENV:-$here/.venv-wheel}
dist=$here/dist

say() { echo "torchlint build-wheel: $*" >&2; }

[ -x "$venv/bin/python" ] || { say "$venv missing: run scripts/setup.sh"; exit 1; }
# torch-lint is one static executable (no loader, no shared library: it runs
# on any Linux kernel, tests/wheel/no-libc.sh): any glibc pip knows
# (manylinux_2_17, CentOS 7's and up) and musl (musllinux_1_1).
tag="py3-none-manylinux_2_17_$(uname -m).musllinux_1_1_$(uname -m)"

settings=(--config-settings "wheel.tags=$tag")
if [ "${1:-}" = --from-source ]; then
  settings+=(--config-settings "build-dir=$build/wheel-src")
  export CMAKE_BUILD_PARALLEL_LEVEL=$jobs
else
  [ -f "$build/build.ninja" ] || cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$build" -j "$jobs" --target torch-lint-static
  settings+=(--config-settings "build-dir=$build/wheel"
    --config-settings "cmake.define.TORCHLINT_PREBUILT=$build/bin/torch-lint-static")
fi

mkdir -p "$dist"
out=$(mktemp -d "$dist/.build.XXXXXX")
trap 'rm -rf "$out"' EXIT
start=$(date +%s)
"$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-build-isolation \
  --no-deps --no-cache-dir --wheel-dir "$out" "${settings[@]}" python/
# Only now the old wheel goes: dist/ holds one torchlint wheel, the newest.
rm -f "$dist"/torchlint-*.whl
mv "$out"/torchlint-*.whl "$dist"/
wheel=$(ls "$dist"/torchlint-*.whl)
say "$wheel ($(du -k "$wheel" | cut -f1) KiB, $(($(date +%s) - start)) s)"
