# Shared by the wheel tests (sourced): finds the wheel, a scratch directory,
# and the check/skip/fail helpers. The tests run what a user runs, with no
# user configuration: pip is given exactly its sources (no PIP_* settings,
# no index).
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
version=${TORCHLINT_VERSION:-$(sed -n 's/^project(torchlint VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")}
dist=${TORCHLINT_DIST:-$src/dist}
for var in $(env | sed -n 's/^\(PIP_[A-Z_]*\)=.*/\1/p'); do unset "$var"; done
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1

since() { # since <date +%s%N>: the seconds since then, e.g. "12.3 s"
  local ms=$((($(date +%s%N) - $1) / 1000000))
  echo "$((ms / 1000)).$(((ms % 1000) / 100)) s"
}
fail() { echo "FAIL: $*" >&2; exit 1; }
check() { # check <description> <command...>: the command must succeed
  local what=$1; shift
  "$@" || fail "$what"
  echo "ok: $what"
}

# The wheel scripts/build-wheel.sh built (scripts/run test builds it before
# ctest). Missing: a skip (exit 77) on a developer's machine, a failure in CI.
shopt -s nullglob
wheels=("$dist/torchlint-$version-"*.whl)
shopt -u nullglob
if [ ${#wheels[@]} -ne 1 ]; then
  msg="expected one wheel $dist/torchlint-$version-*.whl, found ${#wheels[@]} (scripts/build-wheel.sh builds it)"
  [ "${CI:-}" = true ] && fail "$msg"
  echo "SKIP: $msg"
  exit 77
fi
wheel=${wheels[0]}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/torchlint-wheel-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Whether /usr/lib/llvm-19 can be hidden (a mount namespace with an empty
# tmpfs over it: root and unshare(1)). Required in CI, which runs as root.
can_hide_llvm() {
  unshare -m sh -c 'mount -t tmpfs none /usr/lib/llvm-19 && ! ls /usr/lib/llvm-19/lib >/dev/null 2>&1' 2>/dev/null
}
without_llvm() { # without_llvm <command...>: run it with /usr/lib/llvm-19 empty
  unshare -m sh -c 'mount -t tmpfs none /usr/lib/llvm-19 && exec "$@"' sh "$@"
}
