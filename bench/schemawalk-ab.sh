#!/bin/sh
# The schema walker's edge lookups under two builds, in one JVM, round by round (org.stag.bench.SchemaWalkAB):
# each build's jar with this checkout's WalkLookups compiled against it (its import of SchemaWalk follows the
# jar's package), in a class loader of its own, timed alternately in thread CPU time.
#   bench/schemawalk-ab.sh BEFORE.jar AFTER.jar [scale] [rounds] [formats]
# BEFORE.jar/AFTER.jar: bench/target/benchmarks.jar of each build (mvn -B -o -q -pl bench -am package
# -DskipTests), copied aside. Prints per format the median ns per lookup of each build and the median of the
# per-round ratios AFTER/BEFORE.
set -eu
before=$1
after=$2
scale=${3:-16}
rounds=${4:-41}
formats=${5:-list,blist,blist-gaps,blist-fixed,blist-unsorted,vblist,ttree,btree,bst,rbtree,ctree}
here=$(cd "$(dirname "$0")" && pwd)
src=$here/src/main/java/org/stag/bench
out=$(mktemp -d "${TMPDIR:-/tmp}/schemawalk-ab.XXXXXX")
for side in before after; do
    if [ "$side" = before ]; then jar=$before; else jar=$after; fi
    if unzip -l "$jar" | grep -q 'org/stag/formats/dynamic/walk/SchemaWalk.class'; then
        pkg=org.stag.formats.dynamic.walk
    else
        pkg=org.stag.formats.dynamic
    fi
    mkdir -p "$out/$side/src" "$out/$side/classes"
    sed "s/^import org\.stag\.formats\.dynamic\(\.walk\)\{0,1\}\.SchemaWalk;/import $pkg.SchemaWalk;/" "$src/WalkLookups.java" \
        > "$out/$side/src/WalkLookups.java"
    javac -nowarn -d "$out/$side/classes" -cp "$jar" "$out/$side/src/WalkLookups.java"
done
mkdir -p "$out/driver"
javac -nowarn -d "$out/driver" "$src/SchemaWalkAB.java"
echo "# $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
java -Xmx4g -cp "$out/driver" org.stag.bench.SchemaWalkAB "$out/before/classes:$before" "$out/after/classes:$after" \
    "$scale" "$rounds" "$formats"
echo "# ended $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
rm -r "$out"
