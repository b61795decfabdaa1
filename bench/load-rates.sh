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
# Every stag figure is a fresh JVM (cold JIT) started by this checkout's ./stag launcher, as a user runs it
# (the STAG_BEFORE_JAR figures by java -jar). Each measurement is repeated REPS times
# (default 3), the tools taking turns within each repetition (cat, GAP, stag, ...), so that a busy spell on a
# shared machine hits them alike; the median is reported.
# Set STAG_BEFORE_JAR to an older stag.jar to add its figures in a column beside the current ones.
# Set TARGETS_ONLY=1 to measure only issue 11's three load targets (kron20.el and .wel --undirected beside
# GAP's converter -s Read Time, kron20.stagb beside GAP's .sg Read Time), printing seconds (median and min)
# and each load's parse and build split.
# MB are 10^6 bytes; a rate is the file's size over the time to read it into memory (for stag: the
# load-seconds that 'stag info' prints, which includes building the CSR graph).
set -euo pipefail
export STAG_DAEMON=off   # every ./stag run is its own JVM, timed and measured alone (no resident daemon)

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
# The median of the numbers in file $1 (one a line).
median() { sort -g "$1" | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# Wall seconds of a command (output discarded), appended to file $1.
wall() {
  local into="$1"
  shift
  /usr/bin/time -f "%e" -o "$tmp/time" "$@" > /dev/null 2> "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  cat "$tmp/time" >> "$into"
}

# The command that runs stag from jar $1: this checkout's jar through its ./stag launcher, as a user runs it
# (class data sharing; STAG_JAVA_OPTS carries the options), any other jar with java -jar.
stag_cmd() {
  if [ "$1" = "$jar" ]; then
    echo "$root/stag"
  else
    echo "java $java_opts -jar $1"
  fi
}

# 'stag info' load-seconds with jar $2, appended to file $1.
stag_load() {
  local into="$1" j="$2"
  shift 2
  # shellcheck disable=SC2046
  STAG_JAVA_OPTS="$java_opts" $(stag_cmd "$j") info "$@" 2> "$tmp/err" > "$tmp/info" || { cat "$tmp/err" >&2; exit 1; }
  awk '/^load-seconds/ { print $2 }' "$tmp/info" >> "$into"
}

# GAP's converter (weighted output for .wel, so weights are read): Read Time appended to $1, Read + Build Time to $2.
gap_read() {
  local r_into="$1" t_into="$2" out="$tmp/out.sg" weighted=""
  shift 2
  case "$1" in *.wel) out="$tmp/out.wsg" weighted="-w" ;; esac
  # shellcheck disable=SC2086
  "$gap/converter" -f "$@" $weighted -b "$out" > "$tmp/gap"
  awk '/^Read Time/ { print $3 }' "$tmp/gap" >> "$r_into"
  awk '/^Read Time/ { r = $3 } /^Build Time/ { b = $3 } END { print r + b }' "$tmp/gap" >> "$t_into"
  rm -f "$out"
}

[ -e "$dir/kron20.stagb" ] || java -jar "$jar" convert "$dir/kron20.el" "$dir/kron20.stagb"
[ -e "$dir/kron20w.stagb" ] || java -jar "$jar" convert "$dir/kron20.wel" "$dir/kron20w.stagb"
[ -e "$dir/kron20.sg" ] || "$gap/converter" -f "$dir/kron20.el" -b "$dir/kron20.sg" > /dev/null
[ -e "$dir/kron20.wsg" ] || "$gap/converter" -f "$dir/kron20.wel" -w -b "$dir/kron20.wsg" > /dev/null
# The launcher records its class-data archive on its first run after a build: make that run here, not a measured one.
STAG_JAVA_OPTS="$java_opts" "$root/stag" run bfs --graph "$root/data/ca-GrQc.mtx" --source 1 > /dev/null 2>&1
for f in "$dir"/kron20.*; do cat "$f" > /dev/null; done   # warm the page cache

# 'stag info' parse and build seconds of the last stag_load, appended to files $1 and $2.
stag_split() {
  awk '/^parse-seconds/ { print $2 }' "$tmp/info" >> "$1"
  awk '/^graph-build-seconds/ { print $2 }' "$tmp/info" >> "$2"
}

if [ "${TARGETS_ONLY:-}" = 1 ]; then
  echo "# Issue 11's load targets, kron-20"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start;"
  echo "$reps runs per cell, the tools taking turns; seconds as median (min); java $(java -version 2>&1 | head -1 | cut -d'"' -f2)."
  echo
  echo "| load | GAP read s | stag s | stag parse s | stag build s |${before:+ stag before s |} median ratio | target |"
  echo "|---|---|---|---|---|${before:+---|}---|---|"
  mm() { echo "$(median "$1") ($(sort -g "$1" | head -1))"; }
  for spec in "kron20.el --undirected" "kron20.wel --undirected" "kron20.stagb"; do
    read -r name flag <<< "$spec"
    file="$dir/$name"
    rm -f "$tmp"/cell.*
    for _ in $(seq "$reps"); do
      if [ "$name" = kron20.stagb ]; then
        "$gap/bfs" -f "$dir/kron20.sg" -n 1 -r 1 | awk '/^Read Time/ { print $3 }' >> "$tmp/cell.gapr"
      else
        gap_read "$tmp/cell.gapr" "$tmp/cell.gapt" "$file" -s
      fi
      # shellcheck disable=SC2086
      stag_load "$tmp/cell.stag" "$jar" "$file" ${flag:-}
      stag_split "$tmp/cell.parse" "$tmp/cell.build"
      if [ -n "$before" ]; then
        # shellcheck disable=SC2086
        stag_load "$tmp/cell.before" "$before" "$file" ${flag:-}
      fi
    done
    gap_r=$(median "$tmp/cell.gapr")
    stag_s=$(median "$tmp/cell.stag")
    if [ "$name" = kron20.stagb ]; then
      ratio="$(mbps "$(size "$file")" "$stag_s") MB/s"
      target="1000 MB/s"
    else
      ratio="$(awk -v a="$gap_r" -v b="$stag_s" 'BEGIN { printf "%.2f", a / b }')x GAP"
      target="2x GAP"
    fi
    echo "| $name ${flag:-} | $(mm "$tmp/cell.gapr") | $(mm "$tmp/cell.stag") | $(median "$tmp/cell.parse") | $(median "$tmp/cell.build") |${before:+ $(mm "$tmp/cell.before") |} $ratio | $target |"
  done
  echo
  echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
  exit 0
fi

echo "# Cold load rates, kron-20 (GAP's generator, 2^20 vertices, degree 16)"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start;"
echo "median of $reps runs per cell, the tools taking turns; java $(java -version 2>&1 | head -1 | cut -d'"' -f2)${java_opts:+ with $java_opts}."
echo
if [ -n "$before" ]; then
  echo "| file | MB | cat MB/s | GAP read MB/s | GAP read+build MB/s | stag before MB/s | stag MB/s | stag / GAP read | stag / GAP read+build |"
  echo "|---|---|---|---|---|---|---|---|---|"
else
  echo "| file | MB | cat MB/s | GAP read MB/s | GAP read+build MB/s | stag MB/s | stag / GAP read | stag / GAP read+build |"
  echo "|---|---|---|---|---|---|---|---|"
fi
for spec in "kron20.el" "kron20.el --undirected" "kron20.wel" "kron20.wel --undirected" "kron20.mtx" "kron20.mtx --undirected"; do
  read -r name flag <<< "$spec"
  file="$dir/$name"
  bytes=$(size "$file")
  gap_flag=""
  [ "${flag:-}" = "--undirected" ] && gap_flag="-s"
  rm -f "$tmp"/cell.*
  for _ in $(seq "$reps"); do
    wall "$tmp/cell.cat" cat "$file"
    # shellcheck disable=SC2086
    gap_read "$tmp/cell.gapr" "$tmp/cell.gapt" "$file" $gap_flag
    # shellcheck disable=SC2086
    stag_load "$tmp/cell.stag" "$jar" "$file" ${flag:-}
    if [ -n "$before" ]; then
      # shellcheck disable=SC2086
      stag_load "$tmp/cell.before" "$before" "$file" ${flag:-}
    fi
  done
  cat_s=$(median "$tmp/cell.cat")
  gap_r=$(median "$tmp/cell.gapr")
  gap_t=$(median "$tmp/cell.gapt")
  stag_s=$(median "$tmp/cell.stag")
  row="| $name ${flag:-} | $(awk -v b="$bytes" 'BEGIN { printf "%.0f", b / 1e6 }') | $(mbps "$bytes" "$cat_s") | $(mbps "$bytes" "$gap_r") | $(mbps "$bytes" "$gap_t")"
  if [ -n "$before" ]; then
    row="$row | $(mbps "$bytes" "$(median "$tmp/cell.before")")"
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
  rm -f "$tmp"/cell.*
  for _ in $(seq "$reps"); do
    stag_load "$tmp/cell.stag" "$jar" "$dir/$bin"
    # GAP's kernels print the time to read their binary file; one trial is the least they run.
    "$gap/$kernel" -f "$dir/$sg" -n 1 -r 1 | awk '/^Read Time/ { print $3 }' >> "$tmp/cell.sg"
  done
  s=$(median "$tmp/cell.stag")
  echo "| $bin | $(awk -v b="$bytes" 'BEGIN { printf "%.0f", b / 1e6 }') | $s | $(mbps "$bytes" "$s") | $(mbps "$(size "$dir/$text")" "$s") | $(median "$tmp/cell.sg") |"
done

echo
echo "## BFS end to end (wall seconds, whole process, output discarded)"
echo
echo "| command | wall s |"
echo "|---|---|"
rm -f "$tmp"/cell.*
for _ in $(seq "$reps"); do
  STAG_JAVA_OPTS="$java_opts" wall "$tmp/cell.text" "$root/stag" run bfs --graph "$dir/kron20.el" --source 1
  STAG_JAVA_OPTS="$java_opts" wall "$tmp/cell.bin" "$root/stag" run bfs --graph "$dir/kron20.stagb" --source 1
  if [ -n "$before" ]; then
    wall "$tmp/cell.before" java -jar "$before" run bfs --graph "$dir/kron20.el" --source 1
  fi
  wall "$tmp/cell.gapsg" "$gap/bfs" -f "$dir/kron20.sg" -n 1 -r 1
  wall "$tmp/cell.gapel" "$gap/bfs" -f "$dir/kron20.el" -n 1 -r 1
done
echo "| stag run bfs --graph kron20.el --source 1 | $(median "$tmp/cell.text") |"
echo "| stag run bfs --graph kron20.stagb --source 1 | $(median "$tmp/cell.bin") |"
if [ -n "$before" ]; then
  echo "| stag before: run bfs --graph kron20.el --source 1 | $(median "$tmp/cell.before") |"
fi
echo "| GAP bfs -f kron20.sg -n 1 -r 1 | $(median "$tmp/cell.gapsg") |"
echo "| GAP bfs -f kron20.el -n 1 -r 1 | $(median "$tmp/cell.gapel") |"
echo
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
