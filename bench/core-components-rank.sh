#!/bin/sh
# kcore, scc and ppr against their references on generated graphs, for a quiet machine: `stag compare` gives
# stag's run time and the reference's (JGraphT's Coreness and Kosaraju, the hand-written PersonalizedPageRank)
# measured in one JVM, side by side, and a cold `stag run` end to end gives wall seconds and peak RSS.
#   bench/core-components-rank.sh [scale] [rounds] [scratch-dir]
# Graphs (Graph500 Kronecker, directed and undirected, and the generator's directed lattice, which has no
# cycles) are written to scratch-dir (default /work/scratch/core-components-rank), never into the checkout.
set -eu
export STAG_DAEMON=off   # every ./stag run is its own JVM, timed and measured alone (no resident daemon)
scale=${1:-16}
rounds=${2:-3}
dir=${3:-/work/scratch/core-components-rank}
cd "$(dirname "$0")/.."
mkdir -p "$dir"
./stag info --help >/dev/null   # builds the jar first when sources changed
jar=cli/target/stag.jar
for g in kron-d kron-u grid-d; do
    f="$dir/$g-$scale.mtx"
    if [ ! -f "$f" ]; then
        case $g in
            kron-d) java -jar $jar generate kron --scale "$scale" --degree 8 --directed -o "$f" ;;
            kron-u) java -jar $jar generate kron --scale "$scale" --degree 8 -o "$f" ;;
            grid-d) java -jar $jar generate grid --scale "$scale" --degree 3 --directed -o "$f" ;;
        esac
    fi
done
echo "# $(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg); scale $scale, 2 threads"
echo "| graph | algorithm | round | stag run s | reference s | ratio | agree | cold run s | peak RSS KB |"
echo "|---|---|---|---|---|---|---|---|---|"
for r in $(seq 1 "$rounds"); do
    for g in kron-d kron-u grid-d; do
        f="$dir/$g-$scale.mtx"
        for a in kcore scc ppr; do
            extra=""
            [ "$a" = ppr ] && extra="--source 1 --reference handwritten"
            # shellcheck disable=SC2086
            summary=$(java -XX:+UseParallelGC -Xmx6g -jar $jar compare $a --graph "$f" --threads 2 $extra 2>&1 >/dev/null)
            run=$(echo "$summary" | awk '$1 == "stag-run-seconds" {print $2}')
            ref=$(echo "$summary" | awk '$1 ~ /^(jgrapht|handwritten)-seconds$/ {print $2}')
            ratio=$(echo "$summary" | awk '$1 == "ratio" {print $2}')
            agree=$(echo "$summary" | awk '$1 == "agree" {print $2}')
            # shellcheck disable=SC2086
            /usr/bin/time -o "$dir/time.txt" -f "%e %M" java -XX:+UseParallelGC -Xmx6g -jar $jar run $a --graph "$f" \
                --threads 2 ${extra%--reference handwritten} -o /dev/null >/dev/null 2>&1
            cold=$(tail -1 "$dir/time.txt")
            echo "| $g-$scale | $a | $r | $run | $ref | $ratio | $agree | ${cold% *} | ${cold#* } |"
        done
    done
done
echo "# $(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg)"
