/**
 * stag as a Java library: a small facade over the algorithms module.
 *
 * <p>{@link org.stag.api.StagGraph} loads a graph (any file {@code stag run} reads), generates one ({@code kron},
 * {@code urand}, {@code grid}, as {@code stag generate}) or builds one from arrays. {@link org.stag.api.Run} runs a
 * shipped algorithm (the catalog, {@link org.stag.algorithms.catalog.Algorithm}) or a {@code .stag} program on it in
 * a format named as {@code --format} names one, with the settings {@code stag run} takes, and gives a
 * {@link org.stag.api.Result}: primitive arrays or a per-vertex view; {@link org.stag.api.Run#compare()} checks it
 * against a reference as {@code stag compare} does. {@link org.stag.api.StagDynamicGraph} takes batches of inserts
 * and deletes ({@link org.stag.api.Batch}) and gives snapshots ({@link org.stag.api.Snapshot}) to run on, or keeps
 * an algorithm's result up to date ({@link org.stag.api.Kept}).
 *
 * <p>The facade decides nothing the command line decides differently: it calls the same runner, catalog, option
 * rule, default source, references and format parser. Bad input of any kind is a {@link org.stag.api.StagException}
 * with the one-line message the command line would print.
 *
 * <pre>{@code
 * StagGraph g = StagGraph.load(Path.of("data/karate.mtx"));
 * Result ranks = g.run("pagerank").iterations(20).execute();
 * long[] top = ranks.top(5);                       // vertex ids, highest rank first
 * Result depths = g.run("bfs").source(1).format("dense,ctree").execute();
 * }</pre>
 */
package org.stag.api;
