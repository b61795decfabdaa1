#!/usr/bin/env bash
# Cold-load rates of stag beside GAP's reader and cat, on the same files, in one run.
#
#   bench/load-rates.sh GAPDIR GRAPHDIR
#
# GAPDIR   a built GAP benchmark suite checkout (its ./converter and ./bfs are run, nothing is copied)
# GRAPHDIR holds kron20.el, kron20.wel and kron20.mtx (GAP: ./converter -g20 -k16 -e kron20.el, with -w for
#          .wel; then stag convert kron20.el kron20.mtx). The script writes kron20.stagb, kron20w.stagb,
#          kron20.sg and kron20.wsg there when they are missing.
#
# Every stag figure is a fresh JVM (cold JIT), as a user runs it. Each measurement is repeated REPS times
# (default 3) and the best is reported, because the machine may be shared; all tools get the same treatment.
# Set STAG_BEFORE_JAR to an older stag.jar to add its figures in a column beside the current ones.
# MB are 10^6 bytes; a rate is the file's size over the time to read it into memory (for stag: the
# load-seconds that 'stag info' prints, which includes building the CSR graph).
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 GAPDIR GRAPHDIR" >&2
  exit 2
fi
gap="$(cd "$1" && pwd)"
dir="$(cd "$2" && pwd)"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/cli/target/stag.jar"
before="${STAG_BEFORE_JAR:-}"
reps="${REPS:-3}"
java_opts="${STAG_JAVA_OPTS:-}"
for f in "$jar" "$gap/converter" "$gap/bfs" "$gap/sssp" "$dir/kron20.el" "$dir/kron20.wel" "$dir/kron20.mtx"; do
  if [ ! -e "$f" ]; then
    echo "load-rates: missing $f (see the comment at the top of this script)" >&2
    exit 2
  fi
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

size() { stat -c %s "$1"; }
mbps() { awk -v b="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.0f", b / 1e6 / s; else printf "-" }'; }
min() { sort -g | head -1; }

# Wall seconds of a command (output discarded), best of REPS.
wall() {
  for _ in $(seq "$reps"); do
    /usr/bin/time -f "%e" -o "$tmp/time" "$@" > /dev/null 2> "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    cat "$tmp/time"
  done | min
}

# 'stag info' load-seconds with the given jar, best of REPS.
stag_load() {
  local j="$1"
  shift
  for _ in $(seq "$reps"); do
    # shellcheck disable=SC2086
    java $java_opts -jar "$j" info "$@" 2> "$tmp/err" | awk '/^load-seconds/ { print $2 }' || { cat "$tmp/err" >&2; exit 1; }
  done | min
}

# GAP's converter (weighted output for .wel, so weights are read): best Read Time and best Read + Build Time, as "read total".
gap_read() {
  local out="$tmp/out.sg" weighted=""
  case "$1" in *.wel) out="$tmp/out.wsg" weighted="-w" ;; esac
  for _ in $(seq "$reps"); do
    # shellcheck disable=SC2086
    "$gap/converter" -f "$@" $weighted -b "$out" | awk '/^Read Time/ { r = $3 } /^Build Time/ { b = $3 } END { print r, r + b }'
    rm -f "$out"
  done | sort -g -k2 | head -1
}

[ -e "$dir/kron20.stagb" ] || java -jar "$jar" convert "$dir/kron20.el" "$dir/kron20.stagb"
[ -e "$dir/kron20w.stagb" ] || java -jar "$jar" convert "$dir/kron20.wel" "$dir/kron20w.stagb"
[ -e "$dir/kron20.sg" ] || "$gap/converter" -f "$dir/kron20.el" -b "$dir/kron20.sg" > /dev/null
[ -e "$dir/kron20.wsg" ] || "$gap/converter" -f "$dir/kron20.wel" -w -b "$dir/kron20.wsg" > /dev/null
for f in "$dir"/kron20.*; do cat "$f" > /dev/null; done   # warm the page cache

echo "# Cold load rates, kron-20 (GAP's generator, 2^20 vertices, degree 16)"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start;"
echo "best of $reps runs per cell; java $(java -version 2>&1 | head -1 | cut -d'"' -f2)${java_opts:+ with $java_opts}."
echo
if [ -n "$before" ]; then
  echo "| file | MB | cat MB/s | GAP read MB/s | GAP read+build MB/s | stag before MB/s | stag MB/s | stag / GAP read | stag / GAP read+build |"
  echo "|---|---|---|---|---|---|---|---|---|"
else
  echo "| file | MB | cat MB/s | GAP read MB/s | GAP read+build MB/s | stag MB/s | stag / GAP read | stag / GAP read+build |"
  echo "|---|---|---|---|---|---|---|---|"
fi
for spec in "kron20.el" "kron20.el --undirected" "kron20.wel" "kron20.wel --undirected" "kron20.mtx"; do
  read -r name flag <<< "$spec"
  file="$dir/$name"
  bytes=$(size "$file")
  cat_s=$(wall cat "$file")
  gap_flag=""
  [ "${flag:-}" = "--undirected" ] && gap_flag="-s"
  # shellcheck disable=SC2086
  read -r gap_r gap_t <<< "$(gap_read "$file" $gap_flag)"
  # shellcheck disable=SC2086
  stag_s=$(stag_load "$jar" "$file" ${flag:-})
  row="| $name ${flag:-} | $(awk -v b="$bytes" 'BEGIN { printf "%.0f", b / 1e6 }') | $(mbps "$bytes" "$cat_s") | $(mbps "$bytes" "$gap_r") | $(mbps "$bytes" "$gap_t")"
  if [ -n "$before" ]; then
    # shellcheck disable=SC2086
    before_s=$(stag_load "$before" "$file" ${flag:-})
    row="$row | $(mbps "$bytes" "$before_s")"
  fi
  ratio_r=$(awk -v a="$gap_r" -v b="$stag_s" 'BEGIN { printf "%.2f", a / b }')
  ratio_t=$(awk -v a="$gap_t" -v b="$stag_s" 'BEGIN { printf "%.2f", a / b }')
  echo "$row | $(mbps "$bytes" "$stag_s") | ${ratio_r}x | ${ratio_t}x |"
done

echo
echo "## Binary graph files"
echo
echo "| file | MB | stag load s | stag MB/s | as kron20 text MB/s | GAP .sg read s (same graph) |"
echo "|---|---|---|---|---|---|"
for pair in "kron20.stagb kron20.el kron20.sg bfs" "kron20w.stagb kron20.wel kron20.wsg sssp"; do
  read -r bin text sg kernel <<< "$pair"
  bytes=$(size "$dir/$bin")
  s=$(stag_load "$jar" "$dir/$bin")
  # GAP's kernels print the time to read their binary file; one trial is the least they run.
  sg_s=$(for _ in $(seq "$reps"); do "$gap/$kernel" -f "$dir/$sg" -n 1 -r 1 | awk '/^Read Time/ { print $3 }'; done | min)
  echo "| $bin | $(awk -v b="$bytes" 'BEGIN { printf "%.0f", b / 1e6 }') | $s | $(mbps "$bytes" "$s") | $(mbps "$(size "$dir/$text")" "$s") | $sg_s |"
done

echo
echo "## BFS end to end (wall seconds, whole process, output discarded)"
echo
echo "| command | wall s |"
echo "|---|---|"
# shellcheck disable=SC2086
echo "| stag run bfs --graph kron20.el --source 1 | $(wall java $java_opts -jar "$jar" run bfs --graph "$dir/kron20.el" --source 1) |"
# shellcheck disable=SC2086
echo "| stag run bfs --graph kron20.stagb --source 1 | $(wall java $java_opts -jar "$jar" run bfs --graph "$dir/kron20.stagb" --source 1) |"
if [ -n "$before" ]; then
  echo "| stag before: run bfs --graph kron20.el --source 1 | $(wall java -jar "$before" run bfs --graph "$dir/kron20.el" --source 1) |"
fi
echo "| GAP bfs -f kron20.sg -n 1 -r 1 | $(wall "$gap/bfs" -f "$dir/kron20.sg" -n 1 -r 1) |"
echo "| GAP bfs -f kron20.el -n 1 -r 1 | $(wall "$gap/bfs" -f "$dir/kron20.el" -n 1 -r 1) |"
