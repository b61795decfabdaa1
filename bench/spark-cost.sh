#!/usr/bin/env bash
# Where stag on Spark's time goes beyond the kernels (bench/results/spark-cost.md): per-job floors on the master
# (an empty job, a job over the cached blocks, a broadcast of an n-double vector, a collect of n doubles), then per
# algorithm (PageRank 20 iterations, WCC, BFS, SSSP) the jobs, stages and tasks of one run with Spark's task timings
# beside the one-JVM run; with --ab, vectors shipped whole against vectors shipped as deltas, interleaved.
#
#   bench/spark-cost.sh [SCALE] [PARTITIONS] [REPEAT] [--ab|--floors]   # default: kron 18, 4 partitions, 3 rounds
#
# The graph goes to $SCRATCH (default /work/scratch), never into the repository. One JVM of -Xmx3g.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scale="${1:-18}"
partitions="${2:-4}"
repeat="${3:-3}"
mode="${4:-}"
scratch="${SCRATCH:-/work/scratch}"
mkdir -p "$scratch"
graph="$scratch/kron$scale.stagb"
if [ ! -f "$graph" ]; then
  "$here/stag" generate kron --scale "$scale" --weighted --seed 1 -o "$graph"
fi
# shellcheck source=spark-java.sh
source "$here/bench/spark-java.sh"
java -Xmx3g -XX:+UseParallelGC "${opens[@]}" -Dlog4j2.configurationFile="$here/spark/log4j2-cli.properties" \
  -cp "$cp" org.stag.spark.bench.SparkCost "$graph" 'local[2]' "$partitions" "$repeat" --undirected $mode
