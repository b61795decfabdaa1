package org.stag.formats.graph;

import java.util.Arrays;
import org.stag.loaders.Parallel;
import org.stag.loaders.updates.UpdateBatch;

/**
 * What one checked {@link UpdateBatch} does to a graph: its last update per edge (later updates of an edge win;
 * on an undirected graph {@code u v} and {@code v u} are one edge), classified against the weights stored
 * before it into what to insert, what to delete and the {@link EdgeChanges}.
 * <ul>
 *   <li>insert of an absent edge: inserted, with its weight, 1.0 when the update gave none (NaN);</li>
 *   <li>insert of a present edge: updated; the weight is set when given and different, else left;</li>
 *   <li>delete of a present edge: deleted; of an absent one (or of a vertex not in the graph): missing.</li>
 * </ul>
 * A pattern graph ignores weights: its edges weigh 1.0.
 */
final class EffectiveBatch {
    /** Log lookups of fewer edges run in the calling thread. */
    private static final int SEQUENTIAL = 4096;

    int[] putSrc;
    int[] putDst;
    double[] putWeight;
    /** Whether put {@code k} inserts an absent edge (else it sets a present edge's weight). */
    boolean[] putIsNew;
    int puts;
    int[] delSrc;
    int[] delDst;
    int dels;
    long inserted;
    long updated;
    long deleted;
    long missing;
    EdgeChanges changes;

    private EffectiveBatch() {
    }

    /**
     * Classifies {@code b} (already checked) against the weights {@code g} stores with the changes
     * {@code pending} logs over them, looked up on {@code threads} threads ({@link GraphTensor#prepareLookups}
     * done).
     *
     * @param verticesBefore vertices of the graph before the batch
     * @param verticesAfter  vertices after it
     */
    static EffectiveBatch of(UpdateBatch b, boolean directed, boolean weighted, GraphTensor g, PendingEdges pending,
            int threads,
            int verticesBefore, int verticesAfter) {
        LastUpdates e = LastUpdates.of(b, directed, verticesAfter, threads);
        int k = e.edges;
        // The edges come sorted by (row, column): one pass over each row's structure reads them all.
        int[] rows = new int[k];
        int[] start = new int[k + 1];
        int r = 0;
        for (int j = 0; j < k; j++) {
            if (j == 0 || e.src[j] != e.src[j - 1]) {
                rows[r] = e.src[j];
                start[r++] = j;
            }
        }
        start[r] = k;
        double[] old = new double[k];
        g.storedWeights(rows, start, r, e.dst, old, threads);
        if (!pending.isEmpty()) {
            int blocks = k < SEQUENTIAL ? 1 : Math.min(threads * 4, (k + SEQUENTIAL - 1) / SEQUENTIAL);
            int[] bounds = Parallel.split(k, blocks);
            Parallel.forEachBlock(threads, blocks, blk -> {
                for (int j = bounds[blk]; j < bounds[blk + 1]; j++) {
                    if (pending.has(e.src[j], e.dst[j])) {
                        old[j] = pending.weight(e.src[j], e.dst[j]);
                    }
                }
            });
        }
        return classify(b, e.last, old, k, weighted, verticesBefore, verticesAfter);
    }

    private static EffectiveBatch classify(UpdateBatch b, int[] last, double[] old, int k, boolean weighted,
            int verticesBefore, int verticesAfter) {
        EffectiveBatch e = new EffectiveBatch();
        e.putSrc = new int[k];
        e.putDst = new int[k];
        e.putWeight = weighted ? new double[k] : null;
        e.putIsNew = new boolean[k];
        e.delSrc = new int[k];
        e.delDst = new int[k];
        Changes c = new Changes(k);
        for (int j = 0; j < k; j++) {
            int i = last[j];
            int u = b.src[i];
            int v = b.dst[i];
            double o = old[j];
            boolean present = !Double.isNaN(o);
            if (b.op[i] == UpdateBatch.DELETE) {
                if (present) {
                    e.deleted++;
                    e.delSrc[e.dels] = u;
                    e.delDst[e.dels++] = v;
                    c.delete(u, v, weighted ? o : 1.0);
                } else {
                    e.missing++;
                }
                continue;
            }
            double w = weighted ? b.weight[i] : 1.0;
            if (!present) {
                e.inserted++;
                w = Double.isNaN(w) ? 1.0 : w;
                e.putIsNew[e.puts] = true;
                e.put(u, v, w);
                c.insert(u, v, w);
            } else {
                e.updated++;
                // No weight given, or the same one: the edge stays as it is.
                if (!Double.isNaN(w) && w != o) {
                    e.put(u, v, w);
                    c.update(u, v, o, w);
                }
            }
        }
        e.changes = c.toChanges(verticesBefore, verticesAfter);
        return e;
    }

    private void put(int u, int v, double w) {
        putSrc[puts] = u;
        putDst[puts] = v;
        if (putWeight != null) {
            putWeight[puts] = w;
        }
        puts++;
    }

    /** The edge-by-edge lists, filled in edge order and cut to their counts. */
    private static final class Changes {
        final int[] insSrc;
        final int[] insDst;
        final double[] insW;
        int ins;
        final int[] updSrc;
        final int[] updDst;
        final double[] updOld;
        final double[] updNew;
        int upd;
        final int[] delSrc;
        final int[] delDst;
        final double[] delW;
        int del;

        Changes(int k) {
            insSrc = new int[k];
            insDst = new int[k];
            insW = new double[k];
            updSrc = new int[k];
            updDst = new int[k];
            updOld = new double[k];
            updNew = new double[k];
            delSrc = new int[k];
            delDst = new int[k];
            delW = new double[k];
        }

        void insert(int u, int v, double w) {
            insSrc[ins] = u;
            insDst[ins] = v;
            insW[ins++] = w;
        }

        void update(int u, int v, double o, double w) {
            updSrc[upd] = u;
            updDst[upd] = v;
            updOld[upd] = o;
            updNew[upd++] = w;
        }

        void delete(int u, int v, double w) {
            delSrc[del] = u;
            delDst[del] = v;
            delW[del++] = w;
        }

        EdgeChanges toChanges(int before, int after) {
            return new EdgeChanges(Arrays.copyOf(insSrc, ins), Arrays.copyOf(insDst, ins), Arrays.copyOf(insW, ins),
                    Arrays.copyOf(updSrc, upd), Arrays.copyOf(updDst, upd), Arrays.copyOf(updOld, upd),
                    Arrays.copyOf(updNew, upd), Arrays.copyOf(delSrc, del), Arrays.copyOf(delDst, del),
                    Arrays.copyOf(delW, del), before, after);
        }
    }
}
