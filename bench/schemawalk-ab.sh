#!/bin/sh
# The schema walker's edge lookups (or collects) under two builds, interleaved in one run: this checkout's
# org.stag.bench.SchemaWalkInterleaved, compiled against each jar (so both sides run the same measurement;
# its import of SchemaWalk follows the jar's package), one JVM per format and per side, the sides
# alternating (BEFORE first on odd pairs, AFTER first on even ones) so that drift in a shared machine's load
# hits both alike.
#   bench/schemawalk-ab.sh BEFORE.jar AFTER.jar [pairs] [scale] [rounds] [formats] [get|collect] [wall|cpu]
# BEFORE.jar/AFTER.jar: bench/target/benchmarks.jar of each build (mvn -B -o -q -pl bench -am package
# -DskipTests), copied aside. The clock (default cpu: the thread's CPU time, -Dstag.bench.clock) leaves out
# the time a thread waits for a core on a loaded machine. Prints each run's result line ("format format-ns
# walker-ns walker/format"; the format column is the format's own get where it has one, else the walker),
# then per format the median walker time of each side over the pairs and AFTER/BEFORE.
set -eu
before=$1
after=$2
pairs=${3:-3}
scale=${4:-16}
rounds=${5:-21}
formats=${6:-list,blist,blist-gaps,blist-fixed,blist-unsorted,vblist,ttree,btree,bst,rbtree,ctree}
op=${7:-get}
clock=${8:-cpu}
here=$(cd "$(dirname "$0")" && pwd)
src=$here/src/main/java/org/stag/bench/SchemaWalkInterleaved.java
out=$(mktemp -d "${TMPDIR:-/tmp}/schemawalk-ab.XXXXXX")
for side in before after; do
    if [ "$side" = before ]; then jar=$before; else jar=$after; fi
    if unzip -l "$jar" | grep -q 'org/stag/formats/dynamic/walk/SchemaWalk.class'; then
        pkg=org.stag.formats.dynamic.walk
    else
        pkg=org.stag.formats.dynamic
    fi
    mkdir -p "$out/$side/src" "$out/$side/classes"
    sed "s/^import org\.stag\.formats\.dynamic\(\.walk\)\{0,1\}\.SchemaWalk;/import $pkg.SchemaWalk;/" "$src" \
        > "$out/$side/src/SchemaWalkInterleaved.java"
    javac -nowarn -d "$out/$side/classes" -cp "$jar" "$out/$side/src/SchemaWalkInterleaved.java"
done
echo "# scale $scale, $rounds rounds per JVM, $pairs pairs, $op, $clock clock; $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
for p in $(seq 1 "$pairs"); do
    for f in $(echo "$formats" | tr ',' ' '); do
        if [ $((p % 2)) -eq 1 ]; then order="before after"; else order="after before"; fi
        for side in $order; do
            if [ "$side" = before ]; then jar=$before; else jar=$after; fi
            line=$(java -Xmx3g -Dstag.bench.clock="$clock" -cp "$out/$side/classes:$jar" \
                org.stag.bench.SchemaWalkInterleaved "$scale" "$rounds" "$f" "$op" | tail -1)
            echo "$side $p $line"
            echo "$line" | awk '{print $3}' >> "$out/$f.$side"
        done
    done
done
echo "# ended $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-16s %14s %14s %12s\n' format "before ns/$op" "after ns/$op" after/before
for f in $(echo "$formats" | tr ',' ' '); do
    b=$(sort -g "$out/$f.before" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    a=$(sort -g "$out/$f.after" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf '%-16s %14s %14s %12.3f\n' "$f" "$b" "$a" "$(echo "$a $b" | awk '{print $1 / $2}')"
done
rm -r "$out"
