package org.stag.formats.graph;

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
     * {@code pending} logs over them, looked up on {@code threads} threads ({@link GraphWrites#prepareLookups}
     * done).
     *
     * @param verticesBefore vertices of the graph before the batch
     * @param verticesAfter  vertices after it
     */
    static EffectiveBatch of(UpdateBatch b, LastUpdates e, boolean weighted, GraphTensor g, PendingEdges pending,
            int threads, int verticesBefore, int verticesAfter) {
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
        GraphWrites.storedWeights(g, rows, start, r, e.dst, old, threads);
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
        return classify(b, e, old, k, weighted, threads, verticesBefore, verticesAfter, true);
    }

    /** What the last update of an edge does, by the weight stored before it. */
    private static final byte MISSING = 0;
    private static final byte DELETE = 1;
    private static final byte INSERT = 2;
    /** An insert of a present edge that leaves it as it is (no weight given, or the same one). */
    private static final byte SAME = 3;
    /** An insert of a present edge that sets a new weight. */
    private static final byte REWEIGH = 4;

    /**
     * Two passes over blocks of edges, in parallel for large batches: the first decides each edge's effect and
     * counts them per block, the second writes every list at the block's offsets; so the lists come out in edge
     * order and exactly as long as their counts; edges are read in order ({@link LastUpdates} carries what each
     * edge's last update does), only a weighted batch's weights at random positions. {@code puts}: whether to make the lists of puts (a batch applied already needs none).
     */
    static EffectiveBatch classify(UpdateBatch b, LastUpdates e, double[] old, int k, boolean weighted,
            int threads, int verticesBefore, int verticesAfter, boolean puts) {
        int blocks = k < SEQUENTIAL ? 1 : Math.min(threads * 4, (k + SEQUENTIAL - 1) / SEQUENTIAL);
        int[] bounds = Parallel.split(k, blocks);
        byte[] kind = new byte[k];
        int[][] count = new int[blocks][5];
        Parallel.forEachBlock(threads, blocks, blk -> {
            int[] c = count[blk];
            for (int j = bounds[blk]; j < bounds[blk + 1]; j++) {
                double o = old[j];
                boolean present = !Double.isNaN(o);
                byte x;
                if (e.delete[j]) {
                    x = present ? DELETE : MISSING;
                } else if (!present) {
                    x = INSERT;
                } else {
                    double w = weighted ? b.weight[e.last[j]] : Double.NaN;
                    x = !Double.isNaN(w) && w != o ? REWEIGH : SAME;
                }
                kind[j] = x;
                c[x]++;
            }
        });
        // Offsets of each block in each list: exclusive prefix sums of the counts.
        int[][] at = new int[blocks][5];
        int[] total = new int[5];
        for (int blk = 0; blk < blocks; blk++) {
            for (int x = 0; x < 5; x++) {
                at[blk][x] = total[x];
                total[x] += count[blk][x];
            }
        }
        EffectiveBatch r = new EffectiveBatch();
        int ins = total[INSERT];
        int upd = total[REWEIGH];
        int del = total[DELETE];
        r.puts = ins + upd;
        r.dels = del;
        r.inserted = ins;
        r.updated = upd + total[SAME];
        r.deleted = del;
        r.missing = total[MISSING];
        // The lists of puts only for a batch still to be merged (not for one applied already: DirectApply).
        int putCap = puts ? r.puts : 0;
        r.putSrc = new int[putCap];
        r.putDst = new int[putCap];
        r.putWeight = weighted ? new double[putCap] : null;
        r.putIsNew = new boolean[putCap];
        r.delSrc = new int[del];
        r.delDst = new int[del];
        int[] insSrc = new int[ins];
        int[] insDst = new int[ins];
        double[] insW = new double[ins];
        int[] updSrc = new int[upd];
        int[] updDst = new int[upd];
        double[] updOld = new double[upd];
        double[] updNew = new double[upd];
        double[] delW = new double[del];
        Parallel.forEachBlock(threads, blocks, blk -> {
            // Puts (inserts and reweighs) in edge order: a block's puts start after the earlier blocks' both kinds.
            int put = at[blk][INSERT] + at[blk][REWEIGH];
            int in = at[blk][INSERT];
            int up = at[blk][REWEIGH];
            int de = at[blk][DELETE];
            for (int j = bounds[blk]; j < bounds[blk + 1]; j++) {
                byte x = kind[j];
                if (x == MISSING || x == SAME) {
                    continue;
                }
                int u = e.updateSrc(j);
                int v = e.updateDst(j);
                if (x == DELETE) {
                    r.delSrc[de] = u;
                    r.delDst[de] = v;
                    delW[de++] = weighted ? old[j] : 1.0;
                    continue;
                }
                double w = weighted ? b.weight[e.last[j]] : 1.0;
                if (x == INSERT) {
                    w = Double.isNaN(w) ? 1.0 : w;
                    insSrc[in] = u;
                    insDst[in] = v;
                    insW[in++] = w;
                    if (!puts) {
                        continue;
                    }
                    r.putIsNew[put] = true;
                } else {
                    updSrc[up] = u;
                    updDst[up] = v;
                    updOld[up] = old[j];
                    updNew[up++] = w;
                    if (!puts) {
                        continue;
                    }
                }
                r.putSrc[put] = u;
                r.putDst[put] = v;
                if (r.putWeight != null) {
                    r.putWeight[put] = w;
                }
                put++;
            }
        });
        r.changes = new EdgeChanges(insSrc, insDst, insW, updSrc, updDst, updOld, updNew, r.delSrc.clone(),
                r.delDst.clone(), delW, verticesBefore, verticesAfter);
        return r;
    }
}
