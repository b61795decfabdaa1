#!/usr/bin/env bash
# Issue 27, must-show 2: a graph past 2^31 stored edges on one machine, and GAP beside it.
#
#   bench/past-2-31.sh                      # the full run: urand scale 26 degree 20 (about 2.7 G stored edges)
#   SCALE=22 DEGREE=16 LIMIT=100000000 bench/past-2-31.sh   # a rehearsal: 64-bit positions forced on a small graph
#
# Needs a quiet machine and most of its memory (-Xmx20g; nothing else running). Writes the graph into $SCRATCH
# (never the repository) and a Markdown report to bench/results/past-2-31-<date>.md: `stag info`, then BFS,
# PageRank (10 iterations) and WCC in dense,compressed and dense,ctree, each with its load time, peak RSS
# (/usr/bin/time -v) and bytes per stored edge; then GAP (built from github:sbeamer/gapbs in $GAP_DIR) on a graph
# of the same kind and size from its own generator (-u SCALE -k DEGREE: GAP's urand, its own random stream), with
# its peak RSS or how it fails. GAP reads no .stagb, and our graph as an edge list would be ~30 GB of text.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KIND="${KIND:-urand}"
SCALE="${SCALE:-26}"
DEGREE="${DEGREE:-20}"
XMX="${XMX:-20g}"
THREADS="${THREADS:-2}"
LIMIT="${LIMIT:-}"          # entries per row block; empty: the default (2^31 - 9)
SCRATCH="${SCRATCH:-/work/scratch}"
GAP_DIR="${GAP_DIR:-$SCRATCH/gapbs}"
FORMATS="${FORMATS:-dense,compressed dense,ctree}"
mkdir -p "$SCRATCH" "$here/bench/results"
graph="$SCRATCH/$KIND$SCALE-d$DEGREE.stagb"
report="$here/bench/results/past-2-31-$(date +%Y-%m-%d-%H%M).md"
opts="-Xmx$XMX${LIMIT:+ -Dstag.blockEntries=$LIMIT}"
log="$(mktemp -d "${TMPDIR:-/tmp}/past231.XXXXXX")"

peak() { awk -F': ' '/Maximum resident set size/ {printf "%.2f", $2 / 1048576}' "$1"; }   # GiB
wall() { awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$1"; }

{
  echo "# Past 2^31 stored edges: $KIND scale $SCALE degree $DEGREE"
  echo
  echo "$(date -u +%FT%TZ), $(git -C "$here" rev-parse --short HEAD), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB,"
  echo "load $(cut -d' ' -f1-3 /proc/loadavg); STAG_JAVA_OPTS=\"$opts\", --threads $THREADS."
  echo
} > "$report"

"$here/stag" --version >/dev/null 2>&1 || true   # builds the jar first if needed

echo "generating $graph ..." >&2
STAG_JAVA_OPTS="$opts" /usr/bin/time -v "$here/stag" generate "$KIND" --scale "$SCALE" --degree "$DEGREE" \
    --threads "$THREADS" -o "$graph" 2> "$log/gen.err"
{
  echo "## generate"
  echo
  echo '```'
  echo "STAG_JAVA_OPTS=\"$opts\" stag generate $KIND --scale $SCALE --degree $DEGREE --threads $THREADS -o $graph"
  grep '^stag:' "$log/gen.err"
  echo '```'
  echo "wall $(wall "$log/gen.err"), peak RSS $(peak "$log/gen.err") GiB, file $(du -h "$graph" | cut -f1)"
  echo
} >> "$report"

for f in $FORMATS; do
  STAG_JAVA_OPTS="$opts" /usr/bin/time -v "$here/stag" info "$graph" --format "$f" --threads "$THREADS" \
      > "$log/info-$f.out" 2> "$log/info-$f.err"
  {
    echo "## info --format $f"
    echo
    echo '```'
    cat "$log/info-$f.out"
    grep '^stag:' "$log/info-$f.err"
    echo '```'
    echo "wall $(wall "$log/info-$f.err"), peak RSS $(peak "$log/info-$f.err") GiB"
    echo
  } >> "$report"
done

{
  echo "## runs (each a cold ./stag run end to end)"
  echo
  echo "| format | algorithm | exit | load s | run s | wall | peak RSS GiB | graph bytes/edge | peak RSS bytes/edge |"
  echo "|---|---|---|---|---|---|---|---|---|"
} >> "$report"
edges=$(awk '$1 == "edges" {print $2}' "$log/info-$(echo $FORMATS | cut -d' ' -f1).out")
for f in $FORMATS; do
  for a in bfs "pagerank --iterations 10" wcc; do
    name=${a%% *}
    src=""; [ "$name" = bfs ] && src="--source 1"
    STAG_JAVA_OPTS="$opts" /usr/bin/time -v "$here/stag" run $a --graph "$graph" --format "$f" $src \
        --threads "$THREADS" --summary json --output "$log/$name-$f.txt" > /dev/null 2> "$log/$name-$f.err"
    code=$?
    json=$(grep '^{' "$log/$name-$f.err" | tail -1)
    get() { echo "$json" | tr ',' '\n' | awk -F: -v k="\"$1\"" '$1 == k {gsub(/[" }]/, "", $2); print $2}'; }
    rss=$(peak "$log/$name-$f.err")
    per=$(awk -v r="$rss" -v m="${edges:-0}" 'BEGIN { if (m > 0) printf "%.2f", r * 1073741824 / m }')
    echo "| $f | $a | $code | $(get load-seconds) | $(get run-seconds) | $(wall "$log/$name-$f.err") | $rss | $(get graph-bytes-per-edge) | $per |" >> "$report"
    [ "$code" -ne 0 ] && { echo; echo '```'; grep -v '^{' "$log/$name-$f.err" | head -5; echo '```'; } >> "$report"
  done
done

{
  echo
  echo "## GAP (its own $KIND generator at the same scale and degree)"
  echo
} >> "$report"
if [ -x "$GAP_DIR/bfs" ]; then
  gflag="-u"; [ "$KIND" = kron ] && gflag="-g"
  for k in bfs pr cc; do
    extra=""; [ "$k" = pr ] && extra="-i 10 -t 1e-300"
    OMP_NUM_THREADS="$THREADS" /usr/bin/time -v "$GAP_DIR/$k" $gflag "$SCALE" -k "$DEGREE" -n 1 $extra \
        > "$log/gap-$k.out" 2> "$log/gap-$k.err"
    code=$?
    {
      echo "### $k ($gflag $SCALE -k $DEGREE -n 1 $extra): exit $code, wall $(wall "$log/gap-$k.err"), peak RSS $(peak "$log/gap-$k.err") GiB"
      echo '```'
      head -12 "$log/gap-$k.out"
      grep -iv 'command being timed\|^\s' "$log/gap-$k.err" | head -3
      echo '```'
    } >> "$report"
  done
else
  echo "GAP not found in $GAP_DIR: fetch github:sbeamer/gapbs there and run make." >> "$report"
fi
echo "report: $report" >&2
