/**
 * The {@code stag} command line (picocli): one class per command ({@link org.stag.cli.Stag} dispatches, on top;
 * the commands end through {@code Exit}, below them all), the option groups commands share ({@code InputOptions},
 * {@code AlgorithmOptions}, {@code FormatOptions}...), and how results and summaries are written. A thin layer: what a command does lives in the modules below, the
 * streaming service in {@code org.stag.algorithms.stream}.
 *
 * <p>The module's packages are layers, lowest first; each uses only itself and the ones before it
 * ({@code LayersTest} checks it, and that no main class is over 450 lines):
 * <ol>
 *   <li>{@link org.stag.cli.bench bench}: {@code stag bench}'s harness (running and checking the cells, GAP as a
 *       peer, the table, the chart), which knows nothing of the command line;</li>
 *   <li>{@code org.stag.cli} itself: the commands and their options;</li>
 *   <li>{@link org.stag.cli.daemon daemon}: the resident process that runs commands for the launcher's small
 *       client, and that client.</li>
 * </ol>
 */
package org.stag.cli;
