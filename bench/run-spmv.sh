#!/usr/bin/env bash
# Runs the SpMV benchmarks and writes their results to bench-out/ (or $STAG_BENCH_OUT):
#   spmv-STAMP.json / spmv-STAMP.txt   JMH SpmvBenchmark: generated SpMV per format vs hand-written CSR, 1 and 2 threads
#   compile-STAMP.md                   CompileBenchmark: cold and cached compile time of the SpMV kernel per format
#
# Arguments go to JMH and replace the defaults they name (forks 1, warm-up 3 x 2 s, measurement 5 x 2 s, and
# every format the compiler supports), e.g. a quick check on a small graph:
#   bench/run-spmv.sh -p scale=12 -f 1 -wi 1 -i 1 -w 1s -r 1s
# COMPILE_REPS (default 21) sets how many compiles each compile-time median is taken over.
# The full run (kron scale 20, about 31M edges) wants a quiet machine and 12 GB of heap.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jar=bench/target/benchmarks.jar
if [ ! -f "$jar" ]; then
  echo "run-spmv: building $jar" >&2
  mvn -B -q -DskipTests -pl bench -am package >&2
fi
out="${STAG_BENCH_OUT:-bench-out}"
mkdir -p "$out"
stamp="$(date +%Y%m%d-%H%M%S)"

# Defaults only for the options the caller did not give (JMH refuses an option given twice).
given() {
  local a
  for a in "${args[@]}"; do
    [ "$a" = "$1" ] && return 0
  done
  return 1
}
args=("$@")
defaults=()
given -f || defaults+=(-f 1)
given -wi || defaults+=(-wi 3)
given -w || defaults+=(-w 2s)
given -i || defaults+=(-i 5)
given -r || defaults+=(-r 2s)
if ! printf '%s\n' "${args[@]}" | grep -q '^format='; then
  # Formats the compiler cannot handle yet are left out here, each with a "# SKIPPED" line saying why.
  formats="$(java -cp "$jar" org.stag.bench.SpmvBenchmark 2>"$out/spmv-$stamp.skipped")"
  cat "$out/spmv-$stamp.skipped" >&2
  defaults+=(-p "format=$formats")
fi

echo "run-spmv: java -jar $jar SpmvBenchmark ${defaults[*]} ${args[*]}" >&2
java -jar "$jar" SpmvBenchmark "${defaults[@]}" "${args[@]}" \
  -rf json -rff "$out/spmv-$stamp.json" | tee "$out/spmv-$stamp.txt"

java -cp "$jar" org.stag.bench.CompileBenchmark "${COMPILE_REPS:-21}" | tee "$out/compile-$stamp.md"
echo "run-spmv: results in $out/spmv-$stamp.{json,txt} and $out/compile-$stamp.md" >&2
