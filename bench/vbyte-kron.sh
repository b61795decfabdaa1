#!/usr/bin/env bash
# Issue 27, item 2: the byte-coded static level beside CSR. Bytes per stored edge (`stag info`) of dense,vbyte and
# dense,compressed, then PageRank, BFS and WCC timed in both formats interleaved in one JVM (`stag bench`), on
# generated graphs in $SCRATCH (never the repository).
#
#   bench/vbyte-kron.sh                          # kron 20 and 22, urand 20 (about 15 minutes on a quiet machine)
#   GRAPHS="kron:27" XMX=20g bench/vbyte-kron.sh # kron 27: needs a quiet machine and most of its memory
#
# Prints Markdown to stdout; bench/results/vbyte-kron.md holds a run.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GRAPHS="${GRAPHS:-kron:20 urand:20 kron:22}"
XMX="${XMX:-3g}"
THREADS="${THREADS:-2}"
REPEAT="${REPEAT:-5}"
SCRATCH="${SCRATCH:-/work/scratch/vbyte}"
mkdir -p "$SCRATCH"
stag() { STAG_JAVA_OPTS="-Xmx$XMX" "$here/stag" "$@"; }

echo "| graph | edges | dense,compressed bytes/edge | dense,vbyte bytes/edge | vbyte build s |"
echo "|---|---|---|---|---|"
files=()
for g in $GRAPHS; do
  kind="${g%%:*}"; scale="${g##*:}"
  f="$SCRATCH/$kind$scale.stagb"
  [ -f "$f" ] || stag generate "$kind" --scale "$scale" -o "$f" >&2
  files+=("$f")
  c="$(stag info "$f" --format dense,compressed)"
  v="$(stag info "$f" --format dense,vbyte)"
  get() { awk -v k="$1" '$1 == k {print $2}'; }
  echo "| $kind $scale | $(echo "$c" | get edges) | $(echo "$c" | get in-memory-bytes-per-edge) |" \
       "$(echo "$v" | get in-memory-bytes-per-edge) | $(echo "$v" | get in-memory-build-seconds) |"
done
echo
for f in "${files[@]}"; do
  stag bench --graph "$f" --formats "dense,compressed;dense,vbyte" --algorithms pagerank,bfs,wcc \
    --repeat "$REPEAT" --threads "$THREADS" --reference none
  echo
done
