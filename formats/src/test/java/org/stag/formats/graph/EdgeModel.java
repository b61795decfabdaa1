package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.stag.formats.tensor.TensorCursor;
import org.stag.loaders.Graph;
import org.stag.loaders.updates.UpdateBatch;

/**
 * The reference a {@link DynamicGraph} is checked against: its stored directed edges in a TreeMap, changed by
 * the rules of {@link DynamicGraph#apply} written the plain way (a map of each edge's last update), and random
 * batches that exercise them.
 */
final class EdgeModel {
    final boolean directed;
    final boolean weighted;
    int n;
    /** Stored directed entries (both directions of an undirected edge), key {@code u << 32 | v}, with weights. */
    final TreeMap<Long, Double> edges = new TreeMap<>();

    /** What a batch should do: the counts and the edge-by-edge changes, one line per edge, sorted. */
    record Expected(long inserted, long updated, long deleted, long missing, int vertices, long edges,
                    List<String> changes) {

        /** Checks that {@code got}, what the graph reports for the batch, is this; {@code where} names the batch. */
        void assertMatches(ApplyResult got, String where) {
            assertEquals(inserted, got.inserted(), where + " inserted");
            assertEquals(updated, got.updated(), where + " updated");
            assertEquals(deleted, got.deleted(), where + " deleted");
            assertEquals(missing, got.missing(), where + " missing");
            assertEquals(vertices, got.vertices(), where + " vertices");
            assertEquals(edges, got.edges(), where + " edges");
            assertEquals(changes, lines(got.changes()), where + " changes");
        }
    }

    EdgeModel(Graph g) {
        this.directed = g.directed();
        this.weighted = g.weighted();
        this.n = g.numVertices();
        int[] rowPtr = g.rowPtr();
        int[] col = g.colIdx();
        double[] w = g.weights();
        for (int u = 0; u < n; u++) {
            for (int k = rowPtr[u]; k < rowPtr[u + 1]; k++) {
                edges.put(key(u, col[k]), weighted ? w[k] : 1.0);
            }
        }
    }

    static long key(int u, int v) {
        return ((long) u << 32) | (v & 0xffffffffL);
    }

    static int src(long key) {
        return (int) (key >>> 32);
    }

    static int dst(long key) {
        return (int) key;
    }

    /** Applies {@code b} by the rules and returns what {@link DynamicGraph#apply} must report. */
    Expected apply(UpdateBatch b) {
        // The last update of each edge, in the direction it named; undirected edges keyed by (min, max).
        Map<Long, Integer> last = new HashMap<>();
        for (int i = 0; i < b.size(); i++) {
            int u = b.src[i];
            int v = b.dst[i];
            last.put(directed ? key(u, v) : key(Math.min(u, v), Math.max(u, v)), i);
        }
        long ins = 0;
        long upd = 0;
        long del = 0;
        long miss = 0;
        List<String> changes = new ArrayList<>();
        for (int i : last.values()) {
            int u = b.src[i];
            int v = b.dst[i];
            Double old = edges.get(key(u, v));
            if (b.op[i] == UpdateBatch.DELETE) {
                if (old == null) {
                    miss++;
                } else {
                    del++;
                    remove(u, v);
                    changes.add("- " + u + " " + v + " " + old);
                }
                continue;
            }
            double w = weighted ? b.weight[i] : Double.NaN;
            if (old == null) {
                ins++;
                double nw = Double.isNaN(w) ? 1.0 : w;
                put(u, v, nw);
                changes.add("+ " + u + " " + v + " " + nw);
            } else {
                upd++;
                if (!Double.isNaN(w) && w != old) {
                    put(u, v, w);
                    changes.add("~ " + u + " " + v + " " + old + " " + w);
                }
            }
        }
        n = Math.max(n, b.verticesAfter());
        changes.sort(null);
        return new Expected(ins, upd, del, miss, n, edges.size(), changes);
    }

    private void put(int u, int v, double w) {
        edges.put(key(u, v), w);
        if (!directed) {
            edges.put(key(v, u), w);
        }
    }

    private void remove(int u, int v) {
        edges.remove(key(u, v));
        if (!directed) {
            edges.remove(key(v, u));
        }
    }

    /** The changes of a result as {@link Expected#changes} lists them. */
    static List<String> lines(EdgeChanges c) {
        List<String> l = new ArrayList<>();
        for (int k = 0; k < c.inserted(); k++) {
            l.add("+ " + c.insertedSrc()[k] + " " + c.insertedDst()[k] + " " + c.insertedWeight()[k]);
        }
        for (int k = 0; k < c.updated(); k++) {
            l.add("~ " + c.updatedSrc()[k] + " " + c.updatedDst()[k] + " " + c.oldWeight()[k] + " " + c.newWeight()[k]);
        }
        for (int k = 0; k < c.deleted(); k++) {
            l.add("- " + c.deletedSrc()[k] + " " + c.deletedDst()[k] + " " + c.deletedWeight()[k]);
        }
        l.sort(null);
        return l;
    }

    /** The out-edges a graph tensor holds, with weights (1.0 for a pattern), read by a cursor over W. */
    static TreeMap<Long, Double> outEdges(GraphTensor t) {
        TreeMap<Long, Double> m = new TreeMap<>();
        TensorCursor c = t.w().cursor();
        while (c.next()) {
            if (!c.isFill()) {
                Double before = m.put(key(c.coordinate(0), c.coordinate(1)), c.doubleValue());
                if (before != null) {
                    throw new AssertionError("edge " + c.coordinate(0) + " -> " + c.coordinate(1) + " read twice");
                }
            }
        }
        return m;
    }

    /** The in-edges a graph tensor holds, turned back into (src, dst) keys, read by a cursor over AT. */
    static TreeMap<Long, Double> inEdgesTransposed(GraphTensor t) {
        TreeMap<Long, Double> m = new TreeMap<>();
        TensorCursor c = t.at().cursor();
        while (c.next()) {
            if (!c.isFill() && c.booleanValue()) {
                m.put(key(c.coordinate(1), c.coordinate(0)), 1.0);
            }
        }
        return m;
    }

    /** The model's edges with every weight 1.0 (what AT shows). */
    TreeMap<Long, Double> pattern() {
        TreeMap<Long, Double> m = new TreeMap<>();
        for (long k : edges.keySet()) {
            m.put(k, 1.0);
        }
        return m;
    }

    /** An order-independent checksum of edges and weights, and their count: what readers compare. */
    static long checksum(Map<Long, Double> edges) {
        long sum = edges.size();
        for (Map.Entry<Long, Double> e : edges.entrySet()) {
            long h = e.getKey() * 0x9E3779B97F4A7C15L + Double.doubleToLongBits(e.getValue());
            h ^= h >>> 29;
            h *= 0xBF58476D1CE4E5B9L;
            sum += h ^ (h >>> 32);
        }
        return sum;
    }

    /**
     * A random batch of {@code size} updates on the model's current graph: inserts of new edges (now and then
     * naming a vertex past the graph), weight updates with and without a weight, deletes of present edges,
     * deletes of absent ones (some of vertices never seen), re-inserts of deleted edges, and repeats of an
     * edge already in the batch (on an undirected graph often in the other direction). Not applied.
     */
    UpdateBatch randomBatch(Random rnd, int size, long firstLine, List<Long> recentlyDeleted) {
        byte[] op = new byte[size];
        int[] src = new int[size];
        int[] dst = new int[size];
        double[] w = new double[size];
        long[] line = new long[size];
        int after = n;
        List<Long> present = new ArrayList<>(edges.keySet());
        for (int i = 0; i < size; i++) {
            line[i] = firstLine + i;
            int r = rnd.nextInt(100);
            int u;
            int v;
            if (r < 10 && i > 0) {
                int j = rnd.nextInt(i);
                boolean flip = !directed && rnd.nextBoolean();
                u = flip ? dst[j] : src[j];
                v = flip ? src[j] : dst[j];
                op[i] = rnd.nextBoolean() ? UpdateBatch.INSERT : UpdateBatch.DELETE;
            } else if (r < 35 && !present.isEmpty()) {
                long k = present.get(rnd.nextInt(present.size()));
                u = src(k);
                v = dst(k);
                op[i] = r < 20 ? UpdateBatch.INSERT : UpdateBatch.DELETE;
            } else if (r < 42 && !recentlyDeleted.isEmpty()) {
                long k = recentlyDeleted.get(rnd.nextInt(recentlyDeleted.size()));
                u = src(k);
                v = dst(k);
                op[i] = UpdateBatch.INSERT;
            } else {
                int range = n + (rnd.nextInt(20) == 0 ? 3 : 0);
                u = rnd.nextInt(range);
                v = rnd.nextInt(range);
                op[i] = r < 85 ? UpdateBatch.INSERT : UpdateBatch.DELETE;
            }
            src[i] = u;
            dst[i] = v;
            w[i] = rnd.nextInt(4) == 0 ? Double.NaN : 1 + rnd.nextInt(9);
            after = Math.max(after, Math.max(u, v) + 1);
            if (op[i] == UpdateBatch.DELETE && edges.containsKey(key(u, v))) {
                recentlyDeleted.add(key(u, v));
            }
        }
        return UpdateBatch.of(op, src, dst, w, line, n, after);
    }
}
