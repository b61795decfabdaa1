/**
 * {@code stag bench}'s harness, below the command: {@link org.stag.cli.bench.BenchRunner} checks and times every
 * (graph, algorithm, threads, implementation) cell, {@link org.stag.cli.bench.GapPeer} runs GAP's kernels as each
 * algorithm's descriptor names them, {@link org.stag.cli.bench.BenchResults} renders the table (Markdown, CSV) and
 * the chart's data, which {@link org.stag.cli.bench.BenchChart} draws with XChart.
 */
package org.stag.cli.bench;
