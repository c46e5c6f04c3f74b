#!/usr/bin/env bash
# Installs what torchlint needs. Idempotent; fast when everything is there.
#  1. Debian packages (as root it runs apt-get; otherwise it prints the exact
#     command and stops).
#  2. The project's PyTorch 2.x: a virtual environment in .venv (or
#     $TORCHLINT_VENV) with the packages pinned in scripts/torch-venv.txt,
#     installed from PyPI without dependency resolution. TORCHLINT_NO_VENV=1
#     skips it (the torch 2.x tests then fail, saying so).
#  3. The wheel's build backend: .venv-wheel (or $TORCHLINT_WHEEL_VENV) with
#     the wheels pinned in scripts/wheel-build.txt, downloaded once into
#     .venv-wheel/wheels (scripts/build-wheel.sh, tests/wheel/).
#  4. The LSP client library of the editor test: .venv-lsp (or
#     $TORCHLINT_LSP_VENV) with the wheels pinned in scripts/lsp-client.txt
#     (tests/lsp/).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

PACKAGES=(
  cmake ninja-build g++ git
  clang-19 clang-tidy-19 libclang-19-dev llvm-19-dev libclang-cpp19-dev libclang-rt-19-dev
  libomp-19-dev
  zlib1g-dev libzstd-dev
  libtorch-dev pybind11-dev python3-dev python3-venv nlohmann-json3-dev
  libgtest-dev libbenchmark-dev libopencv-dev
  clang-tidy-14 pre-commit python3-jsonschema python3-rfc3987
  procps  # pgrep/pkill: Security.WorkersDieWithTorchLint
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -q '^installed$' ||
    missing+=("$pkg")
done

if [ ${#missing[@]} -ne 0 ]; then
  cmd="apt-get install -y --no-install-recommends ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "torchlint setup: missing Debian packages: ${missing[*]}" >&2
    echo "run as root:  apt-get update && $cmd" >&2
    exit 1
  fi
  echo "torchlint setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null ||
    { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
fi

# The wheel's build backend (small: ~1 MB, a few seconds).
wvenv=${TORCHLINT_WHEEL_VENV:-$here/.venv-wheel}
wreqs=$here/scripts/wheel-build.txt
wstamp=$wvenv/.torchlint-$(sha256sum "$wreqs" | cut -c1-16)
if [ ! -f "$wstamp" ]; then
  echo "torchlint setup: installing the wheel build backend (scripts/wheel-build.txt) into $wvenv" >&2
  rm -rf "$wvenv"
  /usr/bin/python3 -m venv "$wvenv"
  "$wvenv/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps \
    --no-cache-dir --only-binary=:all: --dest "$wvenv/wheels" -r "$wreqs"
  "$wvenv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
    --no-cache-dir --require-virtualenv --no-index --find-links "$wvenv/wheels" -r "$wreqs"
  touch "$wstamp"
fi

# The LSP client library of the editor test (small: ~1 MB, a few seconds).
lvenv=${TORCHLINT_LSP_VENV:-$here/.venv-lsp}
lreqs=$here/scripts/lsp-client.txt
lstamp=$lvenv/.torchlint-$(sha256sum "$lreqs" | cut -c1-16)
if [ ! -f "$lstamp" ]; then
  echo "torchlint setup: installing the LSP client library (scripts/lsp-client.txt) into $lvenv" >&2
  rm -rf "$lvenv"
  /usr/bin/python3 -m venv "$lvenv"
  "$lvenv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
    --no-cache-dir --require-virtualenv --only-binary=:all: -r "$lreqs"
  touch "$lstamp"
fi

[ "${TORCHLINT_NO_VENV:-}" = 1 ] && exit 0

# Debian's interpreter, so that its python3-dev headers match the venv.
venv=${TORCHLINT_VENV:-$here/.venv}
reqs=$here/scripts/torch-venv.txt
stamp=$venv/.torchlint-$(sha256sum "$reqs" | cut -c1-16)
if [ ! -f "$stamp" ]; then
  echo "torchlint setup: installing PyTorch (scripts/torch-venv.txt) into $venv" >&2
  rm -rf "$venv"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
    --no-cache-dir --require-virtualenv -r "$reqs"
  # Proves the install: import, and one compiled function on the CPU.
  (cd / && "$venv/bin/python" -I -c "
import torch
f = torch.compile(lambda x: x.sin() + 1, fullgraph=True, backend='eager')
assert torch.equal(f(torch.ones(3)), torch.ones(3).sin() + 1)
") || { echo "torchlint setup: the PyTorch in $venv does not import and run" >&2; exit 1; }
  touch "$stamp"
fi
