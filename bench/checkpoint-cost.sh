#!/bin/sh
# The cost per batch of `stag stream --checkpoint`, side by side in one script: the same stream with and without
# it, alternating, so that the machine's load falls on both alike. Prints one line per run: side, round, batches,
# ingest seconds, apply-ms and (with the checkpoint) durable-ms percentiles, read from the stream's summary.
#   bench/checkpoint-cost.sh [rounds] [graph] [updates] [batch size] [scratch dir]
# The updates default to 200,000 generated R-MAT updates for the graph (10% deletes, seed 1). The checkpoint goes
# into the scratch directory (give one on the disk you would checkpoint to: the cost is mostly its fsync).
set -eu
export STAG_DAEMON=off   # every ./stag run is its own JVM, timed and measured alone (no resident daemon)
rounds=${1:-3}
graph=${2:-data/ca-GrQc.mtx}
updates=${3:-}
batch=${4:-1000}
scratch=${5:-/work/scratch/checkpoint-cost}
cd "$(dirname "$0")/.."
mkdir -p "$scratch"
if [ -z "$updates" ]; then
    updates=$scratch/updates.txt
    [ -f "$updates" ] || ./stag generate updates --graph "$graph" --kind rmat --count 200000 --seed 1 -o "$updates" >&2
fi
echo "# $(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg); stream --graph $graph --updates $updates --batch-size $batch --threads 2, checkpoint in $scratch ($(df -T "$scratch" | awk 'NR==2 {print $2}'))"
for r in $(seq 1 "$rounds"); do
    for side in plain checkpoint; do
        rm -rf "$scratch/cp"
        extra=""
        [ "$side" = checkpoint ] && extra="--checkpoint $scratch/cp"
        # shellcheck disable=SC2086
        ./stag stream --graph "$graph" --updates "$updates" --batch-size "$batch" --threads 2 $extra \
            2>"$scratch/summary" >/dev/null
        awk -v side="$side" -v r="$r" '
            $1 == "batches" { b = $2 } $1 == "ingest-seconds" { s = $2 } $1 == "apply-ms" { a = $0 }
            $1 == "durable-ms" { d = $0 }
            END { printf "%s round %d: %d batches, ingest %s s (%.3f ms per batch), %s%s\n", side, r, b, s,
                  1000 * s / b, a, d == "" ? "" : ", " d }' "$scratch/summary"
    done
done
echo "# $(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg)"
