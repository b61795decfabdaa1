#!/bin/bash
# Issue 12, 2026-11-28 (04:33-04:36 UTC): one round = ApplyRate (API), Aspen one direction and both directions,
# then `stag stream` end to end at every size, R-MAT and uniform. Usage: rounds.sh ROUND OUTDIR.
# Inputs (not in the repository): kron20 from GAP's converter (.el, and Aspen's .adj), Aspen built in
# /tmp/scratch/aspen/code with run_batch_updates_sym (its run_batch_updates with each edge and its mirror in a
# batch), and the streams: rmat-20m.upd = `stag generate updates --graph kron20.el --undirected --kind rmat
# --count 20000000 --delete-fraction 0.1`, uni-20m.upd the same with --kind uniform --seed 2; r3m/u3m and
# r300k/u300k their first 3 M and 300 k lines.
set -u
r=$1; out=$2; mkdir -p $out
cd /work/main
log=$out/round$r.txt
echo "### round $r start $(date -u +%H:%M:%S) UTC load $(cut -d' ' -f1-3 /proc/loadavg) main $(git rev-parse --short HEAD)" >> $log
echo "### ApplyRate" >> $log
java -Xms5g -Xmx5g -Xmn2g -XX:+UseParallelGC -cp bench/target/benchmarks.jar org.stag.bench.ApplyRate \
  /tmp/scratch/kron20/kron20.el dense,ctree 2 rmat,uniform >> $log 2>&1
echo "### Aspen one direction $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $log
(cd /tmp/scratch/aspen/code && NUM_THREADS=2 ./run_batch_updates -s -f /tmp/scratch/kron20/kron20.adj 2>&1 | grep -E "Running bs|Avg insert") >> $log
echo "### Aspen both directions $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $log
(cd /tmp/scratch/aspen/code && NUM_THREADS=2 ./run_batch_updates_sym -s -f /tmp/scratch/kron20/kron20.adj 2>&1 | grep -E "Running bs|Avg insert") >> $log
for kind in r u; do
  for spec in "1000000:20m" "100000:20m" "1000:3m" "10:300k"; do
    k=${spec%%:*}; len=${spec#*:}
    if [ $kind = r ]; then f=/tmp/scratch/r$len.upd; [ $len = 20m ] && f=/tmp/scratch/rmat-20m.upd; else f=/tmp/scratch/u$len.upd; [ $len = 20m ] && f=/tmp/scratch/uni-20m.upd; fi
    s=$(date +%s.%N)
    STAG_JAVA_OPTS=-Xmx12g ./stag stream --graph /tmp/scratch/kron20/kron20.el --undirected --updates $f \
      --batch-size $k --threads 2 --summary json > $out/stream-$r-$kind-$k.out 2> $out/stream-$r-$kind-$k.json
    e=$(date +%s.%N)
    echo "### stream $kind batch $k file $f real $(echo "$e-$s" | bc) s load $(cut -d' ' -f1-3 /proc/loadavg) $(tr -d '\n ' < $out/stream-$r-$kind-$k.json | grep -o '"updates-per-second":[0-9.]*\|"load-seconds":[0-9.]*\|"ingest-seconds":[0-9.]*' | paste -sd' ')" >> $log
  done
done
echo "### round $r end $(date -u +%H:%M:%S) UTC load $(cut -d' ' -f1-3 /proc/loadavg)" >> $log
