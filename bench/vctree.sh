#!/usr/bin/env bash
# The compressed C-tree (dense,vctree) beside dense,ctree: bytes per stored edge, kernel times interleaved in one
# JVM, and batch ingest through `stag stream`, on kron graphs from `stag generate` (written into $SCRATCH, never
# the repository). The results in bench/results/vctree.md come from this script.
#
#   bench/vctree.sh                    # kron 18 and 20, bench of pagerank, bfs, wcc at 2 threads, 2 M updates
#   SCALES=20 REPEAT=7 bench/vctree.sh
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="${SCRATCH:-/work/scratch/vctree}"
SCALES="${SCALES:-18 20}"
REPEAT="${REPEAT:-5}"
THREADS="${THREADS:-2}"
export STAG_JAVA_OPTS="${STAG_JAVA_OPTS:--Xmx3g}"
stag="$here/stag"
mkdir -p "$SCRATCH"
for s in $SCALES; do
  g="$SCRATCH/k$s.el"
  [ -f "$g" ] || "$stag" generate kron --scale "$s" -o "$g"
  for f in dense,ctree dense,vctree; do
    echo "== kron $s $f"
    "$stag" info "$g" --undirected --format "$f" | grep -E '^edges|in-memory-bytes|build-seconds'
  done
done
big="$SCRATCH/k${SCALES##* }.el"
"$stag" bench --graph "$big" --formats "dense,ctree;dense,vctree" --algorithms pagerank,bfs,wcc \
    --threads "$THREADS" --repeat "$REPEAT" --out "$SCRATCH/bench"
up="$SCRATCH/updates-2m.el"
[ -f "$up" ] || "$stag" generate updates --graph "$big" --kind rmat --count 2000000 --delete-fraction 0.2 --seed 7 -o "$up"
for k in 100000 1000000; do
  for f in dense,ctree dense,vctree; do
    echo "== stream batch $k $f"
    "$stag" stream --graph "$big" --undirected --updates "$up" --batch-size "$k" --format "$f" --threads "$THREADS" \
        2>&1 >/dev/null | tail -6
  done
done
