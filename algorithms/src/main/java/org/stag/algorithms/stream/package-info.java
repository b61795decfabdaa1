/**
 * The streaming service: a versioned graph takes an update stream batch by batch while algorithms run on its
 * snapshots. {@link org.stag.algorithms.stream.StreamReadAhead} reads and parses batches ahead on a thread of its
 * own, {@link org.stag.algorithms.stream.StreamIngest} applies them through
 * {@link org.stag.algorithms.stream.StreamGraph} (which hands out a snapshot together with the changes since the
 * last one), and {@link org.stag.algorithms.stream.SnapshotRunner} runs each
 * {@link org.stag.algorithms.stream.StreamAlgorithm} ({@link org.stag.algorithms.stream.FromScratch} or
 * {@link org.stag.algorithms.stream.KeptUpToDate}) on snapshots on a thread of its own. No command-line code:
 * {@code stag stream} and the ingest benchmarks are two callers.
 *
 * <p>In the algorithms' layers ({@code graph} &lt; {@code ldbc} &lt; {@code handwritten} &lt; {@code jgrapht} &lt;
 * {@code catalog} &lt; {@code run} &lt; {@code incremental} &lt; {@code stream}) this is {@code stream}: it uses
 * only the layers before it ({@code LayersTest}).
 */
package org.stag.algorithms.stream;
