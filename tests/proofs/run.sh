#!/usr/bin/env bash
# Runs the runtime proofs of the compile checks (tests/proofs) with the
# project's PyTorch virtual environment (scripts/setup.sh makes it).
#
#   tests/proofs/run.sh [pytest args...]
#
# Environment:
#   TORCHLINT_VENV              the virtual environment (default: <repo>/.venv)
#   TORCHLINT_PROOFS_BUILD_DIR  where the extensions are built and kept
#                               (default: a pytest temporary directory)
#   TORCHLINT_BIN               torch-lint (default: <repo>/build/bin/torch-lint)
#   TORCHLINT_EVIDENCE_OUT      write the evidence markdown there, e.g.
#                               docs/compile-evidence.md
# Exit status: pytest's, except that "no tests collected" (5) is a failure (1).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
venv=${TORCHLINT_VENV:-$repo/.venv}
python=$venv/bin/python

if [ ! -x "$python" ]; then
  echo "tests/proofs: no Python virtual environment at $venv (run scripts/setup.sh, or set TORCHLINT_VENV)" >&2
  exit 1
fi
if ! (cd / && "$python" -I -c "import torch, pytest, ninja" >/dev/null 2>&1); then
  echo "tests/proofs: $python cannot import torch, pytest and ninja (run scripts/setup.sh)" >&2
  exit 1
fi

if [ -n "${TORCHLINT_EVIDENCE_OUT:-}" ] && [ "${TORCHLINT_EVIDENCE_OUT#/}" = "$TORCHLINT_EVIDENCE_OUT" ]; then
  evidence_abs="$PWD/$TORCHLINT_EVIDENCE_OUT"  # relative to where run.sh was started
fi
cmd="tests/proofs/run.sh${*:+ $*}"
[ -n "${TORCHLINT_EVIDENCE_OUT:-}" ] && cmd="TORCHLINT_EVIDENCE_OUT=$TORCHLINT_EVIDENCE_OUT $cmd"
export TORCHLINT_EVIDENCE_COMMAND=${TORCHLINT_EVIDENCE_COMMAND:-$cmd}
# torch.utils.cpp_extension runs ninja from the venv's bin directory.
export PATH="$venv/bin:$PATH"
[ -n "${evidence_abs:-}" ] && export TORCHLINT_EVIDENCE_OUT="$evidence_abs"
cd "$repo" || exit 1
# The whole suite unless test paths are given (existing paths, '::' selectors allowed).
paths=(tests/proofs)
for a in "$@"; do case $a in -*) ;; *) [ -e "${a%%::*}" ] && paths=() ;; esac; done
"$python" -I -B -m pytest -c tests/proofs/pytest.ini --rootdir=tests/proofs "${paths[@]}" "$@"
status=$?
if [ "$status" -eq 5 ]; then
  echo "tests/proofs: pytest collected no tests: failing" >&2
  exit 1
fi
exit "$status"
