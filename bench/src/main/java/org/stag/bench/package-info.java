/**
 * Benchmarks: JMH benchmarks ({@code *Benchmark}) and harnesses with a {@code main} that measure side by side in
 * one JVM (algorithms, ingest, incremental updates, memory); {@code bench/README.md} says how to run each. Ingest
 * with runs on snapshots goes through the streaming service {@code stag stream} uses
 * ({@code org.stag.algorithms.stream}).
 *
 * <p>The module's packages are layers, lowest first ({@code LayersTest} checks it, and that no main class is over
 * 450 lines):
 * <ol>
 *   <li>{@code org.stag.bench}: the benchmarks and harnesses, one package so that their class names stay the
 *       ones the recorded results' commands name;</li>
 *   <li>{@code org.stag.bench.jmh_generated}: what JMH's annotation processor generates for them.</li>
 * </ol>
 */
package org.stag.bench;
