#!/usr/bin/env bash
# The wheel's torch-lint where no C library is installed at all: it is one
# static executable (docs/guide/install.md: the floor is a Linux kernel, not a
# glibc), so it runs in a root file system that holds the wheel's files, the
# example and the headers a lint reads (torch's, the C++ and C ones, bound
# read-only) and no libc.so, ld-linux, libstdc++.so or Python: what a box
# with an old glibc (Ubuntu 22.04's 2.35, RHEL 8's 2.28) or none (Alpine's
# musl) offers it. Its findings there are those it gives on this machine.
# Needs root and unshare(1) (a mount namespace); required in CI.
source "$(dirname "$0")/common.sh"
cd "$src"

if ! unshare -m true 2>/dev/null; then
  [ "${CI:-}" = true ] && fail "no mount namespace (unshare -m as root) in CI"
  echo "SKIP: not root or no unshare(1)"
  exit 77
fi

root=$tmp/root
mkdir -p "$root/opt" "$root/proc" "$root/dev" "$root/tmp" "$root/work" "$root/torch" "$root/python" \
  "$root/usr/include" "$root/usr/lib/gcc"
touch "$root/dev/null"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' \
  "$wheel" "$root/opt"
exe=/opt/torchlint/bin/torch-lint
chmod +x "$root$exe"
cp -r examples "$root/work/"

# One executable, no interpreter, no shared library.
check "statically linked (no PT_INTERP)" bash -c "! readelf -l '$root$exe' | grep -q INTERP"
check "no NEEDED libraries" bash -c "! readelf -d '$root$exe' 2>/dev/null | grep -q NEEDED"

# The torch headers the lint uses: those of the project's PyTorch 2.x
# (scripts/setup.sh's .venv), else an active environment's. (Not Debian's in
# /usr/include: named as an include directory, it would come before
# libstdc++'s own and break its #include_next.)
torch_include=
torch_py=
for py in "$src/.venv/bin/python" "${VIRTUAL_ENV:+$VIRTUAL_ENV/bin/python}" python3; do
  [ -n "$py" ] || continue
  torch_include=$("$py" -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "include"))' 2>/dev/null) &&
    torch_py=$py && break
done
if [ ! -d "$torch_include/torch" ]; then
  [ "${CI:-}" = true ] && fail "no PyTorch 2.x (scripts/setup.sh makes .venv)"
  echo "SKIP: no PyTorch 2.x to lint against"
  exit 77
fi
echo "torch headers: $torch_include"
# Python's headers (torch/extension.h includes Python.h), that Python's:
# no Python in the root to ask, so bound at /python and named, as a build
# would name them.
py_include=$("$torch_py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
echo "Python headers: $py_include"
[ -f "$py_include/Python.h" ] || fail "no Python.h in $py_include"
# (Both of torch's include directories, as a build names them.)
root_torch=(--torch-include=/torch --torch-include=/torch/torch/csrc/api/include)
host_torch=(--torch-include="$torch_include" --torch-include="$torch_include/torch/csrc/api/include")

# In the new root: the headers bound read-only, /proc (torch-lint re-runs
# itself for each file, through /proc/self/exe), /dev/null (its workers'
# standard input), and nothing else.
chroot=$(command -v chroot || echo /usr/sbin/chroot) # (/usr/sbin: not on every PATH)
in_root() { # in_root <torch-lint arguments...>
  unshare -m sh -c '
    chroot=$1 root=$2 torch=$3 python=$4; shift 4
    mount --bind -o ro /usr/include "$root/usr/include" &&
    mount --bind -o ro /usr/lib/gcc "$root/usr/lib/gcc" &&
    mount --bind -o ro "$torch" "$root/torch" &&
    mount --bind -o ro "$python" "$root/python" &&
    mount -t proc proc "$root/proc" &&
    mount --bind /dev/null "$root/dev/null" &&
    exec "$chroot" "$root" "$@"' sh "$chroot" "$root" "$torch_include" "$py_include" "$@"
}
check "no C library in the root" bash -c "
  ! find '$root' -path '$root/usr/include' -prune -o -path '$root/usr/lib/gcc' -prune -o \
      \( -name 'libc.so*' -o -name 'ld-linux*' -o -name 'libc.musl*' -o -name 'ld-musl*' \) -print |
    grep -q . &&
  [ ! -e '$root/lib' ] && [ ! -e '$root/lib64' ] && [ ! -e '$root/usr/lib/x86_64-linux-gnu' ]"
# Bound there, /usr/lib/gcc holds libstdc++.so and libgcc_s.so: what a
# static executable never loads (the run below would fail to start, not
# load them, if it needed one: there is no loader).
version_out=$(in_root "$exe" --version)
echo "$version_out"
check "--version" grep -Eq "^torch-lint $version \(clang-tidy engine, LLVM 19\." <<<"$version_out"

status=0
start=$(date +%s%N)
in_root "$exe" --cache-dir=/tmp/cache -j2 "${root_torch[@]}" /work/examples/ -- -isystem /python \
  >"$tmp/root.out" 2>"$tmp/root.err" || status=$?
echo "lint of examples/ in the root without a C library: $(since "$start"), exit $status"
cat "$tmp/root.err"
check "exit 1 (findings)" test "$status" = 1
check "every header found" bash -c "! grep -Eq 'not found|linted in part' '$tmp/root.err'"

# The same executable, on this machine, on the same files.
mkdir -p "$tmp/host"
cp -r examples "$tmp/host/"
status=0
(cd / && "$root$exe" --cache-dir="$tmp/host-cache" -j2 "${host_torch[@]}" \
  "$tmp/host/examples/" -- -isystem "$py_include") >"$tmp/host.out" 2>"$tmp/host.err" || status=$?
check "exit 1 on this machine" test "$status" = 1
sed "s#$tmp/host/examples/#/work/examples/#g" "$tmp/host.out" >"$tmp/host.norm"
check "findings there are those on this machine" diff "$tmp/host.norm" "$tmp/root.out"
echo "findings: $(grep -c ': warning: ' "$tmp/root.out")"
echo "PASS: the wheel's torch-lint runs with no C library installed"
