#!/usr/bin/env bash
# Seeds a libFuzzer corpus directory with the annotated testdata sources (and
# the broken-code regression inputs, where present).
#   fuzz/seed.sh [corpus dir]        default: build-fuzz/corpus
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$root/build-fuzz/corpus}
mkdir -p "$corpus"
n=0
for f in "$root"/testdata/*.cpp "$root"/tests/broken/*; do
  [ -f "$f" ] || continue
  cp "$f" "$corpus/$(basename "$f")"
  n=$((n + 1))
done
echo "seeded $corpus with $n files"
