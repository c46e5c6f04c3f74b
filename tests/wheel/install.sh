#!/usr/bin/env bash
# The wheel as a user gets it: `pip install` into a fresh virtual environment
# (from dist/ alone, no index), then `torch-lint --version` and a lint of the
# bundled example: one static executable (no loader, no shared library), and
# the running processes (/proc/<pid>/maps) must not touch /usr/lib/llvm-19;
# then again with /usr/lib/llvm-19 hidden altogether (an empty tmpfs over it
# in a mount namespace). The findings must be those of this build's
# torch-lint. (no-libc.sh runs it where no C library is installed.)
source "$(dirname "$0")/common.sh"
cd "$src"

echo "wheel: $wheel ($(du -k "$wheel" | cut -f1) KiB)"
name=$(basename "$wheel")
tag="py3-none-manylinux_2_17_$(uname -m).musllinux_1_1_$(uname -m)"
check "tagged $tag (a static executable: any glibc, musl)" test "$name" = "torchlint-$version-$tag.whl"
python3 - "$wheel" "$tag" <<'PY' || fail "wheel metadata"
import sys, zipfile
whl, tag = sys.argv[1], sys.argv[2]
z = zipfile.ZipFile(whl)
names = set(z.namelist())
info = next(n for n in names if n.endswith(".dist-info/WHEEL"))
wheel = z.read(info).decode()
assert f"Tag: {tag}\n" in wheel and "Root-Is-Purelib: false" in wheel, wheel
for need in ["torchlint/__init__.py", "torchlint/bin/torch-lint",
             "torchlint/lib/clang/19/include/stddef.h",
             "torchlint/lib/clang/19/include/cuda_wrappers/new"]:
    assert need in names, need
assert (z.getinfo("torchlint/bin/torch-lint").external_attr >> 16) & 0o111, "not executable"
print(f"ok: wheel holds torchlint/bin/torch-lint and {sum(n.startswith('torchlint/lib/clang/') for n in names)} resource files")
PY

venv=$tmp/venv
/usr/bin/python3 -m venv "$venv"
start=$(date +%s%N)
check "pip install --no-index --find-links dist torchlint" \
  "$venv/bin/python" -m pip install --quiet --no-index --find-links "$dist" "torchlint==$version"
echo "pip install: $(since "$start")"
site=$("$venv/bin/python" -c 'import torchlint, os; print(os.path.dirname(os.path.realpath(torchlint.__file__)))')
exe=$site/bin/torch-lint
check "torch-lint on the venv's PATH" test -x "$venv/bin/torch-lint"
echo "torch-lint: $exe ($(du -k "$exe" | cut -f1) KiB)"

# One static executable: no loader (PT_INTERP), no shared library, no RUNPATH.
check "no program interpreter (static)" bash -c "! readelf -l '$exe' | grep -q INTERP"
check "no NEEDED libraries" bash -c "! readelf -d '$exe' 2>/dev/null | grep -q NEEDED"
check "no RPATH/RUNPATH" bash -c "! readelf -d '$exe' 2>/dev/null | grep -Eq 'R(UN)?PATH'"

export LD_LIBRARY_PATH=$tmp/nothing-here
out=$("$venv/bin/torch-lint" --version)
echo "$out"
check "--version names the version and LLVM" grep -Eq "^torch-lint $version \(clang-tidy engine, LLVM 19\.[0-9]+\.[0-9]+\)$" <<<"$out"
check "python -m torchlint --version" test "$("$venv/bin/python" -m torchlint --version)" = "$out"
check "resource directory shipped with it" grep -Fqx \
  "clang resource directory: $site/lib/clang/19 (shipped with torch-lint)" \
  <<<"$("$venv/bin/torch-lint" --version -v)"

# The lint, LLVM packages present but kept from the loader.
expect() { # expected findings: this build's torch-lint (shared LLVM) on the example
  if [ -n "${TORCHLINT_BINARY:-}" ]; then
    (unset LD_LIBRARY_PATH; "$TORCHLINT_BINARY" --cache-dir="$tmp/cache-dev" --quiet examples/) || true
  fi
}
lint() { # lint <cache dir> <stdout file> <stderr file> [wrapper...]
  local cache=$1 out=$2 err=$3; shift 3
  local status=0
  "$@" "$venv/bin/torch-lint" --cache-dir="$cache" examples/ >"$out" 2>"$err" || status=$?
  echo "$status"
}
want=$(expect)
mkdir -p "$tmp/ld"
start=$(date +%s%N)
LD_DEBUG=files LD_DEBUG_OUTPUT=$tmp/ld/trace "$venv/bin/torch-lint" --cache-dir="$tmp/cache1" \
  examples/ >"$tmp/out1" 2>"$tmp/err1" &
pid=$!
# The maps of the running process once it is torch-lint (the launcher execs it).
while kill -0 "$pid" 2>/dev/null; do
  if [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$exe" ]; then
    cat "/proc/$pid/maps" >>"$tmp/maps" 2>/dev/null || true
  fi
  sleep 0.2
done
status=0; wait "$pid" || status=$?
echo "lint of examples/ (cold PCH cache): $(since "$start"), exit $status"
tail -1 "$tmp/err1"
check "exit 1 (findings)" test "$status" = 1
check "every header found" bash -c "! grep -Eq 'not found|linted in part' '$tmp/err1'"
[ -z "$want" ] || check "the findings of the shared-LLVM build" test "$(cat "$tmp/out1")" = "$want"
check "maps of the running torch-lint read" test -s "$tmp/maps"
check "nothing under /usr/lib/llvm-19 mapped" bash -c "! grep -q /usr/lib/llvm-19 '$tmp/maps'"
check "the Python launcher traced (LD_DEBUG; torch-lint has no loader to trace)" \
  bash -c "grep -l 'file=libc.so.6' '$tmp'/ld/trace.* | grep -q ."
check "nothing under /usr/lib/llvm-19 loaded (LD_DEBUG)" \
  bash -c "! cat '$tmp'/ld/trace.* | grep -q /usr/lib/llvm-19"

# Again with /usr/lib/llvm-19 gone.
if can_hide_llvm; then
  check "--version without /usr/lib/llvm-19" test "$(without_llvm "$venv/bin/torch-lint" --version)" = "$out"
  start=$(date +%s%N)
  status=$(lint "$tmp/cache2" "$tmp/out2" "$tmp/err2" without_llvm)
  echo "lint of examples/ without /usr/lib/llvm-19 (cold PCH cache): $(since "$start"), exit $status"
  check "exit 1 (findings)" test "$status" = 1
  check "every header found" bash -c "! grep -Eq 'not found|linted in part' '$tmp/err2'"
  check "the same findings" test "$(cat "$tmp/out2")" = "$(cat "$tmp/out1")"
  start=$(date +%s%N)
  status=$(lint "$tmp/cache2" "$tmp/out3" "$tmp/err3" without_llvm)
  echo "again (warm PCH cache): $(since "$start"), exit $status"
  check "the same findings, warm" test "$(cat "$tmp/out3")" = "$(cat "$tmp/out1")"
elif [ "${CI:-}" = true ]; then
  fail "cannot hide /usr/lib/llvm-19 (unshare -m as root) in CI"
else
  echo "note: not root or no unshare: the run without /usr/lib/llvm-19 is left out"
fi
echo "PASS: the wheel is self-contained"
