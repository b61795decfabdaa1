package org.stag.algorithms.incremental;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.algorithms.catalog.IncrementalProgram.Relaxation;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.LongValues;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * The inputs of an incremental program besides the graph: the previous result extended to the new vertices
 * ({@code prev}), and the batch's edges that may shorten paths or join components ({@code B}): the inserted
 * ones, and for distances (SSSP) those whose weight changed, each with its weight now; both directions on an
 * undirected graph, and always for components (WCC), whose labels spread both ways. {@code B} is {@code compressed,compressed}, so
 * building and reading it costs the batch, not the graph.
 */
final class Inputs {
    private static final Format DCSR = FormatParser.parse("compressed,compressed");
    /** Parsed once: {@code prev} is rebuilt for every update. */
    private static final Format DENSE = FormatParser.parse("dense");

    private Inputs() {
    }

    /**
     * The edges of {@code since} for {@code B}: {@code {src, dst}} and their weights, as they stand after the
     * last batch (an edge deleted after it was inserted is left out: relaxing it would use an edge that is gone).
     */
    static Edges edges(Relaxation r, List<EdgeChanges> since, boolean directed) {
        boolean both = !directed || r == Relaxation.COMPONENTS;
        boolean reweighted = r == Relaxation.DISTANCES;
        if (since.size() == 1) {
            // One batch names each edge once (EdgeChanges): its inserted and reweighted edges as they are,
            // without the map that merges the changes of several batches.
            EdgeChanges c = since.get(0);
            int updated = reweighted ? c.updated() : 0;
            int m = (both ? 2 : 1) * (c.inserted() + updated);
            Edges e = new Edges(new int[m], new int[m], new double[m]);
            int k = 0;
            for (int x = 0; x < c.inserted(); x++) {
                k = e.add(k, c.insertedSrc()[x], c.insertedDst()[x], c.insertedWeight()[x], both);
            }
            for (int x = 0; x < updated; x++) {
                k = e.add(k, c.updatedSrc()[x], c.updatedDst()[x], c.newWeight()[x], both);
            }
            return e;
        }
        // Key (u << 32 | v) -> weight now, in order of last change; deletions remove.
        Map<Long, Double> now = new LinkedHashMap<>();
        for (EdgeChanges c : since) {
            for (int k = 0; k < c.inserted(); k++) {
                now.put(key(c.insertedSrc()[k], c.insertedDst()[k]), c.insertedWeight()[k]);
            }
            for (int k = 0; reweighted && k < c.updated(); k++) {
                now.put(key(c.updatedSrc()[k], c.updatedDst()[k]), c.newWeight()[k]);
            }
            if (since.size() > 1) {
                for (int k = 0; k < c.deleted(); k++) {
                    now.remove(key(c.deletedSrc()[k], c.deletedDst()[k]));
                    now.remove(key(c.deletedDst()[k], c.deletedSrc()[k]));
                }
            }
        }
        int m = (both ? 2 : 1) * now.size();
        Edges e = new Edges(new int[m], new int[m], new double[m]);
        int k = 0;
        for (Map.Entry<Long, Double> x : now.entrySet()) {
            int u = (int) (x.getKey() >>> 32);
            int v = (int) (long) x.getKey();
            e.set(k++, u, v, x.getValue());
            if (both) {
                e.set(k++, v, u, x.getValue());
            }
        }
        return e;
    }

    /** Edges as parallel arrays. */
    record Edges(int[] src, int[] dst, double[] weight) {
        void set(int k, int u, int v, double w) {
            src[k] = u;
            dst[k] = v;
            weight[k] = w;
        }

        /** Sets edge {@code u -> v} at {@code k} (and {@code v -> u} after it when {@code both}); the next index. */
        int add(int k, int u, int v, double w, boolean both) {
            set(k++, u, v, w);
            if (both) {
                set(k++, v, u, w);
            }
            return k;
        }

        int size() {
            return src.length;
        }

        /** {@code B} for a graph of {@code n} vertices: weights (fill inf) for distances, else a pattern. */
        Tensor tensor(Relaxation r, int n) {
            Values values = r == Relaxation.DISTANCES ? Values.ofDoubles(weight, Double.POSITIVE_INFINITY)
                    : Values.constantBool(true, false, src.length);
            return Tensor.build(DCSR, new int[] {n, n}, new int[][] {src, dst}, values);
        }
    }

    private static long key(int u, int v) {
        return (long) u << 32 | v & 0xffffffffL;
    }

    private static Tensor dense(Values values) {
        return Tensor.ofDense(DENSE, new int[] {values.size()}, values);
    }

    /**
     * A previous integer result extended to {@code n} vertices with {@code fill}, as a dense {@code long[n]}
     * (over {@code prev} itself when no vertex was added: the update is given it, {@link Incremental}).
     */
    static Tensor previous(long[] prev, int n, long fill) {
        if (prev.length == n) {
            return dense(Values.ofLongs(prev, fill));
        }
        long[] v = Arrays.copyOf(prev, n);
        Arrays.fill(v, Math.min(prev.length, n), n, fill);
        return dense(Values.ofLongs(v, fill));
    }

    /**
     * WCC's previous components extended to {@code n} vertices, each new vertex a component of its own (its input
     * id, from {@code ids}), as a dense {@code long[n]} (over {@code prev} itself when no vertex was added): the
     * program then needs no pass over all N to give new vertices their ids.
     */
    static Tensor previousComponents(long[] prev, int n, Tensor ids) {
        if (prev.length == n) {
            return dense(Values.ofLongs(prev, Long.MAX_VALUE));
        }
        long[] v = Arrays.copyOf(prev, n);
        long[] id = ((LongValues) ids.values()).array();
        for (int i = Math.min(prev.length, n); i < n; i++) {
            v[i] = id[i];
        }
        return dense(Values.ofLongs(v, Long.MAX_VALUE));
    }

    /** A previous real result extended to {@code n} vertices with {@code newVertex}, as a dense {@code double[n]}. */
    static Tensor previous(double[] prev, int n, double newVertex, double fill) {
        if (prev.length == n) {
            return dense(Values.ofDoubles(prev, fill));
        }
        double[] v = Arrays.copyOf(prev, n);
        Arrays.fill(v, Math.min(prev.length, n), n, newVertex);
        return dense(Values.ofDoubles(v, fill));
    }
}
