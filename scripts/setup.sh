#!/usr/bin/env bash
# Installs what torchlint needs from Debian's archive. Idempotent; fast when
# everything is there. As root it runs apt-get; otherwise it prints the exact
# command and stops.
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ git
  clang-19 clang-tidy-19 libclang-19-dev llvm-19-dev libclang-cpp19-dev libclang-rt-19-dev
  libtorch-dev pybind11-dev python3-dev nlohmann-json3-dev
  libgtest-dev libbenchmark-dev
  clang-tidy-14 pre-commit nodejs
)

missing=()
while read -r pkg status; do
  [ "$status" = "installed" ] || missing+=("$pkg")
done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${PACKAGES[@]}" 2>/dev/null || true)
# Packages dpkg has never heard of are not listed at all.
for pkg in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -q '^installed$' ||
    { [[ " ${missing[*]} " == *" $pkg "* ]] || missing+=("$pkg"); }
done

# npm comes with NodeSource's nodejs on these machines; Debian ships it as a
# separate package. Only ask for it when the command is missing.
command -v npm >/dev/null 2>&1 || missing+=(npm)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

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
