#!/usr/bin/env bash
# The pre-commit hook as users get it: Debian's pre-commit installs this
# checkout's hook repository (`language: python`: pyproject.toml, which
# depends on torchlint==<version>) into its own environment from a local
# wheel index (PIP_FIND_LINKS: the torchlint wheel and the pinned build
# backend, no index), then runs on the staged C++ files of a commit. The first
# run (environment, install, PCH) and a warm run are timed. With root the
# whole run happens with /usr/lib/llvm-19 hidden (see install.sh). The torch
# headers are the mock ones (testdata/include) unless TORCHLINT_HOOK_ARGS
# gives the hook's args (e.g. --torch-include=<a real torch's>, to time it).
source "$(dirname "$0")/common.sh"
command -v /usr/bin/pre-commit >/dev/null || fail "/usr/bin/pre-commit missing (Debian package pre-commit)"
backend=${TORCHLINT_WHEEL_VENV:-$src/.venv-wheel}/wheels
ls "$backend"/scikit_build_core-*.whl >/dev/null 2>&1 ||
  fail "$backend has no scikit-build-core wheel (scripts/setup.sh downloads it)"

# The local wheel index: torchlint and the build backend.
index=$tmp/index
mkdir -p "$index" "$tmp/home"
cp "$wheel" "$backend"/*.whl "$index"/

# The hook repository: this checkout's hook files, committed.
hooks=$tmp/hooks
mkdir -p "$hooks/scripts"
cp "$src/.pre-commit-hooks.yaml" "$src/pyproject.toml" "$src/CMakeLists.txt" "$hooks"/
cp "$src/scripts/pre-commit-hook" "$hooks/scripts/"
export HOME=$tmp/home PRE_COMMIT_HOME=$tmp/pre-commit XDG_CACHE_HOME=$tmp/xdg \
  GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com \
  GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com \
  PIP_NO_INDEX=1 PIP_FIND_LINKS=$index LD_LIBRARY_PATH=$tmp/nothing-here \
  PATH=/usr/bin:/bin
unset TORCH_LINT TORCH_LINT_BUILD_DIR TORCH_LINT_STRICT TORCH_INCLUDE
git -C "$hooks" init -q
git -C "$hooks" add -A
git -C "$hooks" commit -qm hooks
rev=$(git -C "$hooks" rev-parse HEAD)

project=$tmp/project
mkdir -p "$project"
cd "$project"
git init -q
cat >.pre-commit-config.yaml <<YAML
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: torch-lint
        args: [${TORCHLINT_HOOK_ARGS:---torch-include=$src/testdata/include}]
YAML
git add .pre-commit-config.yaml
/usr/bin/pre-commit install >/dev/null

hazard='#include <torch/torch.h>
at::Tensor f(const at::Tensor &x) {
  return x.sigmoid().clone();
}'
fixed='#include <torch/torch.h>
at::Tensor f(const at::Tensor &x) {
  return x.sigmoid();
}'
printf '%s\n' "$hazard" >ops.cpp
printf '%s\n' "$hazard" >unstaged.cpp # in the tree, never staged: not linted

wrap=()
if can_hide_llvm; then
  wrap=(without_llvm)
  echo "running with /usr/lib/llvm-19 hidden"
elif [ "${CI:-}" = true ]; then
  fail "cannot hide /usr/lib/llvm-19 (unshare -m as root) in CI"
fi

# First run: pre-commit builds the hook environment (pip install . from the
# local index: the torchlint wheel), torch-lint builds the PCH.
git add ops.cpp
start=$(date +%s%N)
status=0
"${wrap[@]}" git commit -qm hazard >"$tmp/out1" 2>&1 || status=$?
first=$(since "$start")
cat "$tmp/out1"
check "the hazard is refused" test "$status" -ne 0
check "with the finding" grep -q "ops.cpp:3:22: warning: '.clone()' copies the result of 'sigmoid'.*\[torch-perf-redundant-copy\]" "$tmp/out1"
check "every header found" bash -c "! grep -Eq 'not found|linted in part' '$tmp/out1'"
check "only the staged file is linted" bash -c "! grep -q unstaged.cpp '$tmp/out1'"
env_lint=$(ls -d "$PRE_COMMIT_HOME"/repo*/py_env-*/bin/torch-lint)
check "torch-lint in the hook environment is the wheel's" grep -q "(shipped with torch-lint)" \
  <<<"$("${wrap[@]}" "$env_lint" --version -v)"
check "torchlint $version installed there" grep -qx "Version: $version" \
  "$(ls -d "$PRE_COMMIT_HOME"/repo*/py_env-*/lib/python3*/site-packages/torchlint-"$version".dist-info)/METADATA"

# Warm run: the environment and the PCH exist.
printf '%s\n' "$fixed" >ops.cpp
git add ops.cpp
start=$(date +%s%N)
status=0
"${wrap[@]}" git commit -qm fixed >"$tmp/out2" 2>&1 || status=$?
warm=$(since "$start")
cat "$tmp/out2"
check "the fixed file commits" test "$status" = 0
check "the hook passed" grep -q "torch-lint.*Passed" "$tmp/out2"
check "one commit" test "$(git rev-list --count HEAD)" = 1

# The user's torch: an activated virtual environment with a torch (a stand-in:
# a package with the mock headers as its include/) is what the hook's
# torch-lint lints against, not the hook environment it runs in (pre-commit
# sets VIRTUAL_ENV to that; the user's venv is still on PATH).
user=$tmp/user-venv
/usr/bin/python3 -m venv "$user"
site=$("$user/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
mkdir -p "$site/torch"
: >"$site/torch/__init__.py"
cp -r "$src/testdata/include" "$site/torch/include"
sed -i "s|args: \[.*\]|args: [-v]|" .pre-commit-config.yaml
printf '%s\n' "$hazard" >ops.cpp
git add ops.cpp .pre-commit-config.yaml
status=0
VIRTUAL_ENV=$user PATH=$user/bin:$PATH "${wrap[@]}" /usr/bin/pre-commit run --files ops.cpp >"$tmp/out3" 2>&1 || status=$?
cat "$tmp/out3"
check "the hazard is found with the user's torch" grep -q "\[torch-perf-redundant-copy\]" "$tmp/out3"
check "the torch of the user's activated venv, not the hook's" \
  grep -Eq "^torch: [0-9.]+ \(python $user/bin/python3?\)$" "$tmp/out3"

echo "pre-commit from the wheel: first run $first (environment + install + PCH), warm run $warm"
echo "PASS: the pre-commit hook works from the wheel"
