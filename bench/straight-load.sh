#!/usr/bin/env bash
# Issue 27, bounded-memory builds: a .stagb loaded into dense,vbyte (straight from the file's rows) and into
# dense,compressed runs under a heap cap of 1.3x the structure plus a fixed amount, with and without row blocks
# forced (-Dstag.blockEntries); each command's exit status and peak RSS (/usr/bin/time -v) are reported.
#
#   bench/straight-load.sh                          # kron scale 22 degree 16, stored in degree order
#   SCALE=27 MEASURE_XMX=20g bench/straight-load.sh # must-show 3 (a quiet machine, nothing else running)
#
# The structure's bytes come from `stag info FILE --format F` under MEASURE_XMX; then `info` and `run` of each of
# ALGS run with -Xmx set to 1.3 x those bytes + FIXED_MB; a run refused up front because its vectors (bytes per
# vertex, which the load's bound does not cover) do not fit runs again with the figure the refusal gives added.
# The graph is generated into SCRATCH (never the repository) when missing. Prints a Markdown table on stdout.
set -uo pipefail
export STAG_DAEMON=off   # every run is its own JVM, measured alone
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCALE="${SCALE:-22}"
DEGREE="${DEGREE:-16}"
THREADS="${THREADS:-2}"
SCRATCH="${SCRATCH:-/work/scratch}"
FIXED_MB="${FIXED_MB:-192}"
BLOCK="${BLOCK:-8000000}"          # entries per row block when blocks are forced
MEASURE_XMX="${MEASURE_XMX:-3g}"
FORMATS="${FORMATS:-dense,vbyte dense,compressed}"
ALGS="${ALGS:-bfs pagerank wcc}"
mkdir -p "$SCRATCH"
graph="$SCRATCH/kron$SCALE-d$DEGREE-degree.stagb"
log="$(mktemp -d "${TMPDIR:-/tmp}/straight-load.XXXXXX")"

peak() { awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$1"; }   # MiB

if [ ! -f "$graph" ]; then
  STAG_JAVA_OPTS="-Xmx$MEASURE_XMX" "$here/stag" generate kron --scale "$SCALE" --degree "$DEGREE" --order degree \
      --threads "$THREADS" -o "$graph" >&2 || exit 1
fi

echo "kron $SCALE degree $DEGREE (--order degree), $(date -u +%FT%TZ), $(git -C "$here" rev-parse --short HEAD),"
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); heap cap = 1.3 x structure + $FIXED_MB MB."
echo
echo "| format | blocks | structure bytes | heap cap MB | command | exit | peak RSS MB | peak RSS / structure |"
echo "|---|---|---|---|---|---|---|---|"
for f in $FORMATS; do
  for blocks in "" "$BLOCK"; do
    extra="${blocks:+-Dstag.blockEntries=$blocks}"
    bytes="$(STAG_JAVA_OPTS="-Xmx$MEASURE_XMX $extra" "$here/stag" info "$graph" --format "$f" \
        | awk '/^in-memory-bytes / {print $2}')"
    [ -n "$bytes" ] || { echo "| $f | ${blocks:-none} | info failed under -Xmx$MEASURE_XMX | | | | | |"; continue; }
    cap=$((bytes * 13 / 10 / 1048576 + FIXED_MB))
    for cmd in info $ALGS; do
      if [ "$cmd" = info ]; then
        args=(info "$graph" --format "$f")
      else
        args=(run "$cmd" --graph "$graph" --format "$f" --threads "$THREADS" -o /dev/null)
      fi
      heap="$cap"
      while :; do
        STAG_JAVA_OPTS="-Xmx${heap}m $extra" /usr/bin/time -v "$here/stag" "${args[@]}" \
            > "$log/out" 2> "$log/err"
        code=$?
        rss="$(peak "$log/err")"
        ratio="$(awk -v r="$rss" -v b="$bytes" 'BEGIN {printf "%.2f", r * 1048576 / b}')"
        echo "| $f | ${blocks:-none} | $bytes | $heap | $cmd | $code | $rss | $ratio |"
        [ "$code" -eq 0 ] && break
        grep -m1 '^stag:' "$log/err" | sed 's/^/    /' >&2
        # A run refused up front for its vectors (N per vertex, beyond the load's bound) runs again with them added.
        need="$(grep -m1 -o 'needs about [0-9]* MB' "$log/err" | grep -o '[0-9]*')"
        [ -n "$need" ] && [ "$heap" -eq "$cap" ] || break
        heap=$((cap + need))
      done
    done
  done
done
rm -rf "$log"
