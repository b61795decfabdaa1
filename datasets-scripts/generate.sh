#!/usr/bin/env bash
# Writes the synthetic graphs the benchmarks and examples use into DIR (default: bench-out).
# Usage: datasets-scripts/generate.sh [DIR] [SCALE]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-$here/bench-out}"
scale="${2:-20}"
mkdir -p "$dir"
stag="$here/stag"
"$stag" generate kron  --scale "$scale" --degree 16 --seed 1 -o "$dir/kron$scale-16.mtx"
"$stag" generate urand --scale "$scale" --degree 16 --seed 1 -o "$dir/urand$scale-16.mtx"
"$stag" generate grid  --scale "$scale" --degree 3  --seed 1 --weighted -o "$dir/grid$scale-3.mtx"
for f in "$dir"/kron"$scale"-16.mtx "$dir"/urand"$scale"-16.mtx "$dir"/grid"$scale"-3.mtx; do
  echo "== $f"
  "$stag" info "$f" | grep -E '^(vertices|edges|max-degree|avg-degree) '
done
