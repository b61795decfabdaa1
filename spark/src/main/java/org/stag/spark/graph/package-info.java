/**
 * The partitioned graph, the lowest layer of the Spark module: a graph held as row blocks
 * ({@link org.stag.spark.graph.GraphBlock}: rows {@code [lo, hi)} in global coordinates, in any stag format), one per
 * partition and cached in the executors, split by {@link org.stag.spark.graph.RowBlocks}; the driver keeps only
 * what every block shares ({@link org.stag.spark.graph.GraphMeta}) and stand-ins without edges
 * ({@link org.stag.spark.graph.PartitionedGraph}). Blocks are built in their executors by the loaders'
 * {@code GraphBuilder} from the entries routed to them ({@link org.stag.spark.graph.EntryChunk}).
 *
 * <p>The module's packages, lowest first: {@code graph}; {@code read} and {@code exec}; {@code run}; the API
 * {@code org.stag.spark}; {@code cli} and {@code bench}. Each uses only those before it. See docs/DESIGN.md §8.
 */
package org.stag.spark.graph;
