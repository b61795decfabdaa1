package org.stag.algorithms.incremental;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * A random stream of edge updates with its model: the edges as a TreeMap (an undirected edge once, smaller
 * endpoint first), from which a from-scratch CSR graph is built, and the {@link EdgeChanges} of every batch as
 * the versioned graph reports them. Batches insert new edges (some to new vertices), change weights, delete
 * edges and re-insert deleted ones; each edge at most once per batch. Vertex ids are 1-based, as in .mtx.
 */
final class EdgeStream {
    private final Random rnd;
    private final boolean directed;
    private final boolean weighted;
    private final TreeMap<Long, Double> edges = new TreeMap<>();
    private final List<Long> deleted = new ArrayList<>();
    private int n;

    EdgeStream(long seed, int n, int m, boolean directed, boolean weighted) {
        this.rnd = new Random(seed);
        this.directed = directed;
        this.weighted = weighted;
        this.n = n;
        while (edges.size() < m) {
            edges.put(key(rnd.nextInt(n), rnd.nextInt(n)), weight());
        }
    }

    int vertices() {
        return n;
    }

    /** The model's edges as a sorted CSR loader graph. */
    Graph graph() {
        TreeMap<Long, Double> stored = new TreeMap<>();
        for (Map.Entry<Long, Double> e : edges.entrySet()) {
            int u = (int) (e.getKey() >>> 32);
            int v = (int) (long) e.getKey();
            stored.put((long) u << 32 | v, e.getValue());
            if (!directed) {
                stored.put((long) v << 32 | u, e.getValue());
            }
        }
        int[] ptr = new int[n + 1];
        int[] col = new int[stored.size()];
        double[] w = weighted ? new double[stored.size()] : null;
        int k = 0;
        for (Map.Entry<Long, Double> e : stored.entrySet()) {
            int u = (int) (e.getKey() >>> 32);
            ptr[u + 1]++;
            col[k] = (int) (long) e.getKey();
            if (w != null) {
                w[k] = e.getValue();
            }
            k++;
        }
        for (int r = 0; r < n; r++) {
            ptr[r + 1] += ptr[r];
        }
        return new Graph("model", n, n, ptr, col, w, directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC,
                weighted ? ValueKind.REAL : ValueKind.PATTERN, VertexIds.offset(1), 0);
    }

    /**
     * Makes one random batch, applies it to the model and to {@code t}, and returns its changes.
     *
     * @param insertOnly only new edges (some to new vertices)
     */
    EdgeChanges batch(GraphTensor t, boolean insertOnly) {
        int before = n;
        Set<Long> touched = new TreeSet<>();
        IntList insSrc = new IntList();
        IntList insDst = new IntList();
        List<Double> insW = new ArrayList<>();
        IntList updSrc = new IntList();
        IntList updDst = new IntList();
        List<Double> oldW = new ArrayList<>();
        List<Double> newW = new ArrayList<>();
        IntList delSrc = new IntList();
        IntList delDst = new IntList();
        List<Double> delW = new ArrayList<>();
        int inserts = 3 + rnd.nextInt(8);
        for (int k = 0; k < inserts; k++) {
            // Now and then an edge to a new vertex (one past the last, or two: the one between stays isolated).
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(8) == 0 ? n + rnd.nextInt(2) : rnd.nextInt(n);
            if (rnd.nextBoolean()) {
                int x = u;
                u = v;
                v = x;
            }
            long key = key(u, v);
            if (edges.containsKey(key) || !touched.add(key)) {
                continue;
            }
            double w = weight();
            edges.put(key, w);
            n = Math.max(n, Math.max(u, v) + 1);
            insSrc.add(u);
            insDst.add(v);
            insW.add(w);
        }
        if (!insertOnly) {
            for (int k = 0; k < 6; k++) {
                long key = randomEdge();
                if (!touched.add(key)) {
                    continue;
                }
                double old = edges.get(key);
                // An undirected edge is named either way round.
                boolean flip = !directed && rnd.nextBoolean();
                int u = (int) (key >>> (flip ? 0 : 32));
                int v = (int) (key >>> (flip ? 32 : 0));
                if (weighted && rnd.nextBoolean()) {
                    double w = weight();
                    if (w == old) {
                        continue;
                    }
                    edges.put(key, w);
                    updSrc.add(u);
                    updDst.add(v);
                    oldW.add(old);
                    newW.add(w);
                } else {
                    edges.remove(key);
                    deleted.add(key);
                    delSrc.add(u);
                    delDst.add(v);
                    delW.add(old);
                }
            }
            // Re-insert an edge deleted before.
            for (int k = 0; k < 2 && !deleted.isEmpty(); k++) {
                long key = deleted.remove(rnd.nextInt(deleted.size()));
                if (edges.containsKey(key) || !touched.add(key)) {
                    continue;
                }
                double w = weight();
                edges.put(key, w);
                insSrc.add((int) (key >>> 32));
                insDst.add((int) key);
                insW.add(w);
            }
        }
        // The graph takes inserts and weight updates as one batch, then the deletes.
        int ni = insSrc.size + updSrc.size;
        int[] src = new int[ni];
        int[] dst = new int[ni];
        double[] w = new double[ni];
        for (int k = 0; k < insSrc.size; k++) {
            src[k] = insSrc.at(k);
            dst[k] = insDst.at(k);
            w[k] = insW.get(k);
        }
        for (int k = 0; k < updSrc.size; k++) {
            src[insSrc.size + k] = updSrc.at(k);
            dst[insSrc.size + k] = updDst.at(k);
            w[insSrc.size + k] = newW.get(k);
        }
        t.insertBatch(src, dst, weighted ? w : null, ni, 2, BatchGrowth.ADD_VERTICES);
        t.deleteBatch(delSrc.toArray(), delDst.toArray(), delSrc.size, 2);
        return new EdgeChanges(insSrc.toArray(), insDst.toArray(), doubles(insW), updSrc.toArray(), updDst.toArray(),
                doubles(oldW), doubles(newW), delSrc.toArray(), delDst.toArray(), doubles(delW), before, n);
    }

    private long randomEdge() {
        Long k = edges.ceilingKey(key(rnd.nextInt(n), rnd.nextInt(n)));
        return k != null ? k : edges.firstKey();
    }

    /** 1.0 for a pattern; else a real weight of no short binary form, so sums round. */
    private double weight() {
        return weighted ? 0.1 + 9.9 * rnd.nextDouble() : 1.0;
    }

    private long key(int u, int v) {
        int a = directed ? u : Math.min(u, v);
        int b = directed ? v : Math.max(u, v);
        return (long) a << 32 | b;
    }

    private static double[] doubles(List<Double> list) {
        double[] out = new double[list.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = list.get(k);
        }
        return out;
    }

    /** A growable int array. */
    private static final class IntList {
        int[] a = new int[8];
        int size;

        void add(int x) {
            if (size == a.length) {
                a = java.util.Arrays.copyOf(a, 2 * size);
            }
            a[size++] = x;
        }

        int at(int k) {
            return a[k];
        }

        int[] toArray() {
            return java.util.Arrays.copyOf(a, size);
        }
    }
}
