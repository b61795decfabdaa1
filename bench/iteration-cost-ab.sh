#!/bin/sh
# Issue 10, must-show 3: org.stag.bench.IterationCost against two engines, alternating in one script, on
# kron scale 20 with 2 threads (BFS per level, bytes per iteration per program, run-seconds).
#   bench/iteration-cost-ab.sh BEFORE.jar AFTER.jar [pairs] [rounds] [programs]
# BEFORE.jar/AFTER.jar: stag CLI jars (mvn -B -o -q -pl cli,bench -am package -DskipTests; copy
# cli/target/stag.jar of each build). The bench class is this checkout's (bench/target/classes), so both
# engines run the same measurement. Prints each run's output after a header naming the engine and the load.
set -eu
before=$1
after=$2
pairs=${3:-2}
rounds=${4:-3}
programs=${5:-pagerank,bfs,sssp,wcc,cdlp,bc}
dir=/tmp/scratch/kron20
cd "$(dirname "$0")/.."
for p in $(seq 1 "$pairs"); do
    for side in before after; do
        if [ "$side" = before ]; then jar=$before; else jar=$after; fi
        echo "### $side, pair $p ($jar), $(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg)"
        java -Xmx9g -cp bench/target/classes:"$jar" org.stag.bench.IterationCost \
            "$dir/kron20.stagb" "$dir/kron20w.stagb" 2 "$rounds" "$programs"
        echo "(ended $(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg))"
        echo
    done
done
