#!/usr/bin/env bash
# stag on Spark beside GraphX on the same Spark (local[2]) and beside stag in one JVM with 2 threads, in one run:
# PageRank (20 iterations) vs graphx.lib.PageRank, WCC vs ConnectedComponents, BFS hop counts vs ShortestPaths
# from the same source, SSSP vs a Pregel SSSP (GraphX's programming guide). Results are checked against stag's.
#
#   bench/spark-graphx.sh [SCALE] [REPEAT]      # default: kron scale 20, 3 rounds; needs a quiet machine
#
# The graph goes to $SCRATCH (default /work/scratch), never into the repository; the table is written to
# bench/results/spark-graphx-kron$SCALE.md. The JVM gets -Xmx12g (GraphX holds ~33 M edge rows at scale 20).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scale="${1:-20}"
repeat="${2:-3}"
scratch="${SCRATCH:-/work/scratch}"
mkdir -p "$scratch"
graph="$scratch/kron$scale.wel"
if [ ! -f "$graph" ]; then
  "$here/stag" generate kron --scale "$scale" --weighted --seed 1 -o "$graph"
fi
# shellcheck source=spark-java.sh
source "$here/bench/spark-java.sh"
out="$here/bench/results/spark-graphx-kron$scale.md"
java -Xmx12g -XX:+UseParallelGC "${opens[@]}" -Dlog4j2.configurationFile="$here/spark/log4j2-cli.properties" \
  -cp "$cp" org.stag.spark.bench.GraphXSideBySide --graph "$graph" --undirected --master 'local[2]' \
  --partitions "${PARTITIONS:-4}" --threads 2 --iterations 20 --repeat "$repeat" --out "$out"
echo "wrote $out" >&2
