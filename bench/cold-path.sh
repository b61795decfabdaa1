#!/usr/bin/env bash
# Issue 29, item 4: a cold `./stag run` end to end on kron 20 from .stagb, wall seconds and peak RSS of the process
# the user starts, for five of GAP's kernels, three ways alternating in each round so the machine's load falls on all alike:
#   before  the launcher and jar of BEFORE (a checkout with cli/target/stag.jar built), a plain JVM per run
#   plain   this checkout with STAG_DAEMON=off (a plain JVM per run, class data sharing as the launcher sets it)
#   daemon  this checkout's default: the client hands the run to the resident daemon, which holds the graph
# Each line: kernel, way, round, wall s, CPU s (user+sys) and peak RSS KB of the process started, the summary's
# load/build/compile/run seconds, the daemon's CPU s for the run and its resident and peak resident KB after it
# (daemon rows), and the load average. On a busy machine, read CPU seconds beside wall seconds.
# `daemon-start` is the first run, which finds no daemon, runs itself and starts one; round 0 of `daemon` is the
# first run the daemon serves for each kernel (the first of each graph file loads it). The GAP side is not run here (quiet machine, lead).
#   bench/cold-path.sh BEFORE [rounds] [graph-dir]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
before=$(cd "${1:?BEFORE checkout}" && pwd)
rounds=${2:-5}
gdir=${3:-/work/scratch/graphs}
g=$gdir/kron20.stagb
gw=$gdir/kron20w.stagb
STAG_DAEMON_DIR=$(mktemp -d "${TMPDIR:-/tmp}/stag-cold.XXXXXX")
export STAG_DAEMON_DIR
trap '"$repo/stag" daemon stop >/dev/null 2>&1 || true; rm -rf "$STAG_DAEMON_DIR"' EXIT
load() { cut -d' ' -f1 /proc/loadavg; }
src=$(STAG_DAEMON=off "$repo/stag" run bfs --graph "$g" --threads 2 -o /dev/null 2>&1 \
      | sed -n 's/^source: \([0-9]*\).*/\1/p')
args() {
  case $1 in
    bfs) echo "run bfs --graph $g --source $src" ;;
    pagerank) echo "run pagerank --graph $g --iterations 20" ;;
    wcc) echo "run wcc --graph $g" ;;
    sssp) echo "run sssp --graph $gw --source $src --param delta=2" ;;
    bc) echo "run bc --graph $g --sources $src" ;;
  esac
}
# GAP's sixth kernel, tc, is no algorithm of `stag run` at this commit (its program gives one number).
kernels="bfs pagerank wcc sssp bc"
ticks() { awk '{ print $14 + $15 }' /proc/"$1"/stat; }
daemon_pid() { "$repo/stag" daemon status 2>/dev/null | sed -n 's/^daemon \([0-9]*\) .*/\1/p' | head -1; }
one() { # kernel way round launcher [env...]
  local k=$1 way=$2 r=$3 launcher=$4 err t drss=- dhwm=- dcpu=- pid c0=
  shift 4
  err=$(mktemp)
  if [ "$way" = daemon ] && pid=$(daemon_pid) && [ -n "$pid" ]; then c0=$(ticks "$pid"); fi
  env "$@" /usr/bin/time -f "%e %U %S %M" "$launcher" $(args "$k") --threads 2 -o /dev/null 2>"$err" >/dev/null || true
  t=$(tail -1 "$err" | awk '{ printf "%s %.2f %s", $1, $2 + $3, $4 }')
  phases=$(awk '$1 ~ /^(load|build|compile|run)-seconds$/ { printf "%s ", $2 }' "$err")
  if [ "$way" = daemon ] && pid=$(daemon_pid) && [ -n "$pid" ]; then
    drss=$(awk '/^VmRSS/ { print $2 }' /proc/"$pid"/status)
    dhwm=$(awk '/^VmHWM/ { print $2 }' /proc/"$pid"/status)
    [ -n "$c0" ] && dcpu=$(awk -v a="$c0" -v b="$(ticks "$pid")" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", (b - a) / hz }')
  fi
  echo "$k $way $r $t ${phases:-- - - - }$dcpu $drss $dhwm $(load)"
  rm -f "$err"
}
echo "# $(date -u +%FT%H:%M:%SZ) stag $(git -C "$repo" rev-parse --short HEAD) before $(git -C "$before" rev-parse --short HEAD 2>/dev/null || echo '?'), source $src, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# kernel way round wall-s cpu-s peak-rss-KB load-s build-s compile-s run-s daemon-cpu-s daemon-rss-KB daemon-peak-KB load1"
one bfs daemon-start 0 "$repo/stag"
while [ -z "$(daemon_pid)" ]; do sleep 0.2; done
for k in $kernels; do one "$k" daemon 0 "$repo/stag"; done
for r in $(seq 1 "$rounds"); do
  for k in $kernels; do
    one "$k" before "$r" "$before/stag"
    one "$k" plain "$r" "$repo/stag" STAG_DAEMON=off
    one "$k" daemon "$r" "$repo/stag"
  done
done
echo "# $(date -u +%FT%H:%M:%SZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
