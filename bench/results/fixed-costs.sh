#!/usr/bin/env bash
# Wall time of `stag run pagerank --graph data/ca-GrQc.mtx` under the launcher, R rounds, the conditions
# interleaved in every round so that load on a shared machine hits all alike. Prints one TSV line per run:
#   round  condition  wall-seconds  cpu-seconds(user+sys, launcher and JVM)  compile-seconds  load-average(1 min)
# CPU seconds are less sensitive than wall time to other processes on a busy machine.
# Usage: bench/results/fixed-costs.sh BEFORE_CHECKOUT AFTER_CHECKOUT [ROUNDS]
# Each checkout needs its launcher (./stag) and a built cli/target/stag.jar; run from the repository root.
set -euo pipefail
before="$1" after="$2" rounds="${3:-10}"
graph="${GRAPH:-data/ca-GrQc.mtx}"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/stag-fixed.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
cat "$graph" > /dev/null # warm disk cache

one() { # condition launcher [env...]
  local cond="$1" launcher="$2"; shift 2
  local times json compile
  times="$scratch/times"
  json=$(env "$@" /usr/bin/time -o "$times" -f '%e %U %S' "$launcher" run pagerank --graph "$graph" \
      --summary json 2>&1 >/dev/null | tail -1)
  compile=$(sed -n 's/.*"compile-seconds":\([0-9.]*\).*/\1/p' <<<"$json")
  read -r wall user sys < "$times"
  printf '%s\t%s\t%s\t%.2f\t%s\t%s\n' "$round" "$cond" "$wall" "$(echo "$user + $sys" | bc)" "${compile:-?}" \
      "$(cut -d' ' -f1 /proc/loadavg)"
}

# The after checkout's archive and a warm kernel cache, made once (the archive on a cold-cache run, as the
# first run after a build is: a rebuilt jar also starts a fresh kernel cache).
rm -f "$after/cli/target/stag.jsa"
XDG_CACHE_HOME="$scratch/warm" "$after/stag" run pagerank --graph "$graph" > /dev/null 2>&1
XDG_CACHE_HOME="$scratch/warm" "$after/stag" run pagerank --graph "$graph" > /dev/null 2>&1

for round in $(seq 1 "$rounds"); do
  one before "$before/stag" STAG_CDS=off
  rm -rf "$scratch/cold"; one cold-nocds "$after/stag" STAG_CDS=off XDG_CACHE_HOME="$scratch/cold"
  one warm-nocds "$after/stag" STAG_CDS=off XDG_CACHE_HOME="$scratch/warm"
  rm -rf "$scratch/cold"; one cold-cds "$after/stag" XDG_CACHE_HOME="$scratch/cold"
  one warm-cds "$after/stag" XDG_CACHE_HOME="$scratch/warm"
done
