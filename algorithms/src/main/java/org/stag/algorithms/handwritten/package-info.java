/**
 * Hand-written Java implementations of every algorithm: the baselines the compiled stag programs are
 * benchmarked against, and test oracles for them.
 *
 * <p>Conventions shared by all classes here:
 * <ul>
 *   <li>vertices are internal ids {@code 0..n-1} and results are arrays indexed by them; sources are internal
 *       ids ({@code Csr.internal(long)} maps an input id); only CDLP's labels are input ids, as LDBC defines
 *       them;</li>
 *   <li>semantics are LDBC Graphalytics' where it defines the algorithm (BFS, PageRank, WCC, CDLP, LCC,
 *       SSSP) and GAP's for betweenness;</li>
 *   <li>a {@code threads} argument (at least 1) runs the work on {@code org.stag.loaders.Parallel}'s shared
 *       pool, in fixed-size vertex blocks or fixed groups of sources; sums over doubles are taken in an order
 *       that does not depend on the thread count, so results have the same bits on any number of threads;</li>
 *   <li>arrays are allocated up front; inner loops do not allocate.</li>
 * </ul>
 *
 * <p>In the algorithms' layers ({@code graph} &lt; {@code ldbc} &lt; {@code handwritten} &lt; {@code jgrapht} &lt;
 * {@code catalog} &lt; {@code run} &lt; {@code incremental} &lt; {@code stream}) this is {@code handwritten}: it
 * uses only the layers before it ({@code LayersTest}).
 */
package org.stag.algorithms.handwritten;
