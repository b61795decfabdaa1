#!/bin/sh
# Issue 29, item 3: stag `dense,compressed` beside GAP on kron 20 and urand 20 for GAP's six kernels, on a QUIET
# machine (a busy one flatters stag: GAP's OpenMP threads lose more to contention). Both sides run from the same
# random sources (vertices with out-degree > 0 drawn with a fixed seed), 2 threads, REPS runs per source.
#   bench/gap-six-kernels.sh GAPBS_DIR WORK_DIR [reps=5] [sources=8] [graphs="kron20 urand20"]
# GAPBS_DIR: a gapbs checkout built with `make` (outside this repository). WORK_DIR: scratch space for the graphs
# (about 3 GB), made on first use with GAP's own converter: `-g20 -k16` (kron) and `-u20 -k16` (urand), .sg,
# .wsg and the weighted edge list that stag converts to .stagb. Needs cli/target/stag.jar and bench/target/classes
# (mvn -B -q -pl cli,bench -am package -DskipTests).
#
# GAP runs with benchmark/bench.mk's arguments except where one source and a fixed count are needed to time the
# same work: bfs -r S; sssp -r S -d2 (bench.mk's delta for kron and urand); bc -r S -i1 (one source per trial;
# bench.mk's -i4 is four); cc (Afforest); tc on the same symmetric .sg (bench.mk's kronU.sg/urandU.sg are links
# to it); pr -i20 -t0 (exactly 20 iterations, per iteration: bench.mk's -t1e-4 stops at a varying count). stag
# runs org.stag.bench.KernelAB (PageRank per iteration over 20, SSSP with delta 2, BC from one source, TC).
# Each cell is the median of all runs over all sources; the load average is printed before and after each block.
# GAP_SIX_JAVA_OPTS replaces the JVM heap option (default -Xmx16g).
set -eu
gap=$(cd "$1" && pwd)
work=$2
reps=${3:-5}
nsrc=${4:-8}
graphs=${5:-"kron20 urand20"}
repo=$(cd "$(dirname "$0")/.." && pwd)
cp="$repo/bench/target/classes:$repo/cli/target/stag.jar"
java="java ${GAP_SIX_JAVA_OPTS:--Xmx16g} -XX:+UseParallelGC"
mkdir -p "$work"
load() { cut -d' ' -f1-3 /proc/loadavg; }
export OMP_NUM_THREADS=2

for g in $graphs; do
    case $g in
        kron*) gen="-g${g#kron}" ;;
        urand*) gen="-u${g#urand}" ;;
        *) echo "unknown graph $g (kronS or urandS)" >&2; exit 2 ;;
    esac
    [ -f "$work/$g.sg" ] || "$gap/converter" $gen -k16 -b "$work/$g.sg" >/dev/null
    [ -f "$work/$g.wsg" ] || "$gap/converter" $gen -k16 -wb "$work/$g.wsg" >/dev/null
    if [ ! -f "$work/${g}w.stagb" ]; then
        "$gap/converter" $gen -k16 -w -e "$work/$g.wel" >/dev/null
        $java -jar "$repo/cli/target/stag.jar" convert "$work/$g.wel" "$work/${g}w.stagb"
        rm -f "$work/$g.wel"
    fi
done

echo "# gap-six-kernels: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, reps $reps, sources $nsrc"
echo "# stag $(git -C "$repo" rev-parse --short HEAD), gapbs $(git -C "$gap" rev-parse --short HEAD 2>/dev/null || echo '?')"
for g in $graphs; do
    sources=$($java -Dprint-sources=true -cp "$cp" org.stag.bench.KernelAB "$work/${g}w.stagb" 2 1 "$nsrc")
    echo
    echo "## $g, sources $sources"
    echo "# load before GAP: $(load)"
    times=$(mktemp)
    gaprun() {   # kernel label args...: appends "label ms" per trial
        k=$1; label=$2; shift 2
        "$gap/$k" "$@" -n "$reps" | awk -v l="$label" '/^Trial Time:/ { printf "%s %.3f\n", l, $3 * 1000 }' >> "$times"
    }
    for s in $(echo "$sources" | tr ',' ' '); do
        gaprun bfs bfs -f "$work/$g.sg" -r "$s"
        gaprun sssp sssp -f "$work/$g.wsg" -r "$s" -d2
        gaprun bc bc -f "$work/$g.sg" -r "$s" -i1
    done
    for s in $(echo "$sources" | tr ',' ' '); do
        gaprun pr pagerank -f "$work/$g.sg" -i20 -t0
        gaprun cc wcc -f "$work/$g.sg"
        gaprun tc tc -f "$work/$g.sg"
    done
    echo "# load after GAP, before stag: $(load)"
    stag=$(mktemp)
    $java -Dsources="$sources" -Ddelta=2 -cp "$cp" org.stag.bench.KernelAB "$work/${g}w.stagb" 2 "$reps" "$nsrc" \
        pagerank=pagerank bfs=bfs sssp=sssp wcc=wcc bc=bc tc=tc | tee "$stag" | grep '^#'
    echo "# load after stag: $(load)"
    echo "| kernel | stag dense,compressed ms (median / min) | GAP ms (median / min) | stag ÷ GAP |"
    echo "|---|---|---|---|"
    for k in bfs pagerank wcc sssp bc tc; do
        gmed=$(awk -v k="$k" '$1 == k { print $2 }' "$times" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] " " a[1] }')
        [ "$k" = pagerank ] && gmed=$(echo "$gmed" | awk '{ printf "%.3f %.3f", $1 / 20, $2 / 20 }')
        smed=$(awk -F'|' -v k=" $k " '$2 == k { gsub(/ /, "", $3); gsub(/ /, "", $4); print $3 " " $4 }' "$stag")
        echo "$smed $gmed" | awk -v k="$k" '{ printf "| %s | %s / %s | %s / %s | %.2f |\n", k, $1, $2, $3, $4, $1 / $3 }'
    done
    rm -f "$times" "$stag"
done
