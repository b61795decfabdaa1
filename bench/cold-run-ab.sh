#!/bin/sh
# A cold `stag run` end to end, two builds side by side: wall seconds and peak RSS of each JVM, alternating
# BEFORE and AFTER in one script so that the machine's load falls on both alike.
#   bench/cold-run-ab.sh BEFORE.jar AFTER.jar [rounds] [graph] [algorithm]
# BEFORE.jar/AFTER.jar: cli/target/stag.jar of each build (mvn -B -o -q -pl cli -am package -Dmaven.test.skip=true,
# then copy the jar). The JVM runs as the launcher runs it (ParallelGC), without the launcher's CDS archive, so both
# sides start alike; the first round of each compiles its kernels (the kernel cache is keyed by the jar), later
# rounds load them from the cache. Prints one line per run: side, round, seconds, peak RSS.
set -eu
export STAG_DAEMON=off   # every ./stag run is its own JVM, timed and measured alone (no resident daemon)
before=$1
after=$2
rounds=${3:-7}
graph=${4:-data/ca-GrQc.mtx}
algorithm=${5:-pagerank}
cd "$(dirname "$0")/.."
echo "# $(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg); run $algorithm --graph $graph --threads 2"
for r in $(seq 1 "$rounds"); do
    for side in before after; do
        if [ "$side" = before ]; then jar=$before; else jar=$after; fi
        /usr/bin/time -f "$side round $r: %e s, peak RSS %M KB" \
            java -XX:+UseParallelGC -jar "$jar" run "$algorithm" --graph "$graph" --threads 2 -o /dev/null \
            2>&1 >/dev/null | grep "^$side round"
    done
done
echo "# $(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg)"
