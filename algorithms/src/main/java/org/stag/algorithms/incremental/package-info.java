/**
 * Incremental algorithms: results kept up to date across batches of edge updates by stag programs that start
 * from the previous result ({@code *-incremental.stag}), with a full run wherever a batch may invalidate it.
 *
 * <p>In the algorithms' layers ({@code graph} &lt; {@code ldbc} &lt; {@code handwritten} &lt; {@code jgrapht} &lt;
 * {@code catalog} &lt; {@code run} &lt; {@code incremental} &lt; {@code stream}) this is {@code incremental}: it
 * uses only the layers before it ({@code LayersTest}).
 */
package org.stag.algorithms.incremental;
