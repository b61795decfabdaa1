/**
 * Graph files in, graphs out. The packages are layers, lowest first, each using only those below it (checked by
 * {@code LoadersLayersTest}):
 * <ol>
 *   <li>this package's model: {@link org.stag.loaders.Graph}, {@link org.stag.loaders.EdgeList}, their value
 *       rules ({@link org.stag.loaders.ExactValues}, {@link org.stag.loaders.GraphBlasType}), the builder and
 *       the options, limits and errors every reader shares;</li>
 *   <li>{@code text}: bytes to entries, parsed in parallel chunks, gzip recognised by its magic bytes;</li>
 *   <li>the readers of each format: {@code mtx}, {@code edgelist}, {@code ldbc}, {@code tns} (FROSTT's sparse tensors
 *       of any order), {@code binary};</li>
 *   <li>{@code updates}: update streams for a loaded graph; {@code gen}: synthetic graphs; {@code fetch}: graphs
 *       downloaded by name into a cache, checked against the pinned sizes and digests of the dataset
 *       manifest;</li>
 *   <li>{@code io}, the entry points at the top: {@link org.stag.loaders.io.GraphLoader} and
 *       {@link org.stag.loaders.io.GraphWriter}, which choose a reader or writer by format, and the spool that
 *       reads a graph from standard input.</li>
 * </ol>
 */
package org.stag.loaders;
