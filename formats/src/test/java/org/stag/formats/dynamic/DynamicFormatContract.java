package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.loaders.Graph;

/**
 * What every dynamic format must do, checked against a {@code TreeMap} model after every batch: same
 * contents, same iteration order, and the structure's own invariants. Subclass it for each format and
 * add tests of the format's particular invariants.
 */
public abstract class DynamicFormatContract {
    /** The format under test. */
    protected abstract DynamicFormat format();

    /** A variant whose nodes hold very few elements, so that splits and merges happen constantly (or the same). */
    protected DynamicFormat smallNodeFormat() {
        return format();
    }

    /** Whether {@code collect} yields coordinates in order; unordered formats' collected runs are sorted before comparing. */
    protected boolean ordered() {
        return format().ordered();
    }

    /** Sorts {@code crd[0, n)} with {@code val} alongside (for unordered formats). */
    private static void sortByCoordinate(int[] crd, double[] val, int n) {
        long[] key = new long[n];
        double[] v = Arrays.copyOf(val, n);
        for (int i = 0; i < n; i++) {
            key[i] = ((long) crd[i] << 32) | i;
        }
        Arrays.sort(key);
        for (int i = 0; i < n; i++) {
            crd[i] = (int) (key[i] >>> 32);
            val[i] = v[(int) key[i]];
        }
    }

    private static long key(int r, int c) {
        return ((long) r << 32) | c;
    }

    /** Compares the matrix with the model, edge by edge, in order. */
    static void assertSame(TreeMap<Long, Double> model, MutableMatrix m, boolean weighted, String what) {
        Graph g = m.toGraph();
        assertEquals(model.size(), g.numEdges(), what + ": edge count");
        assertEquals(model.size(), m.numEdges(), what + ": numEdges()");
        int p = 0;
        int row = 0;
        for (Map.Entry<Long, Double> e : model.entrySet()) {
            int r = (int) (e.getKey() >>> 32);
            int c = (int) (long) e.getKey();
            while (g.rowPtr()[row + 1] <= p) {
                row++;
            }
            if (row != r || g.colIdx()[p] != c) {
                throw new AssertionError(what + ": at edge " + p + " expected (" + r + ", " + c + ") but found ("
                        + row + ", " + g.colIdx()[p] + ")");
            }
            if (weighted) {
                assertEquals(e.getValue(), g.weightAt(p), what + ": value of (" + r + ", " + c + ")");
            }
            p++;
        }
    }

    @ParameterizedTest(name = "weighted={0} threads={1} small nodes={2}")
    @CsvSource({"true,1,false", "false,2,false", "true,2,true", "false,1,true"})
    void randomBatchesMatchTheModel(boolean weighted, int threads, boolean small) {
        DynamicFormat f = small ? smallNodeFormat() : format();
        int rows = 40;
        int cols = 3000;
        SplittableRandom rnd = new SplittableRandom(weighted ? 11 : 12);
        DynamicMatrix m = new DynamicMatrix(f, rows, cols, weighted);
        TreeMap<Long, Double> model = new TreeMap<>();
        int[] sizes = {1, 1, 2, 7, 30, 100, 1000, 5000, 100_000, 3, 1000, 20_000, 1, 64, 10_000};
        for (int step = 0; step < sizes.length * 2; step++) {
            int n = sizes[step % sizes.length];
            boolean insert = step % 3 != 2 || step < 3;
            int[] src = new int[n];
            int[] dst = new int[n];
            double[] val = new double[n];
            // Hot rows and hot columns make duplicates, present and absent coordinates all likely.
            for (int k = 0; k < n; k++) {
                src[k] = rnd.nextInt(4) == 0 ? rnd.nextInt(3) : rnd.nextInt(rows);
                dst[k] = rnd.nextInt(3) == 0 ? rnd.nextInt(50) : rnd.nextInt(cols);
                val[k] = rnd.nextInt(1000) / 8.0;
            }
            String what = f.name() + " step " + step + " (" + (insert ? "insert " : "delete ") + n + ")";
            UpdateStats st;
            if (insert) {
                st = m.insertBatch(src, dst, val, n, threads);
                long before = model.size();
                for (int k = 0; k < n; k++) {
                    model.put(key(src[k], dst[k]), weighted ? val[k] : 1.0);
                }
                assertEquals(model.size() - before, st.inserted(), what + ": inserted count");
            } else {
                st = m.deleteBatch(src, dst, n, threads);
                long before = model.size();
                for (int k = 0; k < n; k++) {
                    model.remove(key(src[k], dst[k]));
                }
                assertEquals(before - model.size(), st.deleted(), what + ": deleted count");
                assertEquals(n - st.deleted(), st.missing(), what + ": missing count");
            }
            m.check();
            assertSame(model, m, weighted, what);
        }
        // Delete everything: structures must come back empty and valid.
        int n = model.size();
        int[] src = new int[n];
        int[] dst = new int[n];
        int k = 0;
        for (long key : model.keySet()) {
            src[k] = (int) (key >>> 32);
            dst[k++] = (int) key;
        }
        m.deleteBatch(src, dst, n, threads);
        m.check();
        assertEquals(0, m.numEdges());
        for (int r = 0; r < rows; r++) {
            assertEquals(0, m.rowSize(r));
        }
    }

    @Test
    void buildGivesTheSameRowsAsTheGraph() {
        for (boolean weighted : new boolean[] {false, true}) {
            SplittableRandom rnd = new SplittableRandom(5);
            int rows = 300;
            int[] rowPtr = new int[rows + 1];
            int[] col = new int[200_000];
            double[] w = weighted ? new double[col.length] : null;
            int p = 0;
            for (int r = 0; r < rows; r++) {
                int len = r == 7 ? 50_000 : rnd.nextInt(r % 5 == 0 ? 500 : 20);
                int c = 0;
                for (int i = 0; i < len; i++) {
                    c += 1 + rnd.nextInt(3);
                    col[p] = c;
                    if (w != null) {
                        w[p] = rnd.nextDouble();
                    }
                    p++;
                }
                rowPtr[r + 1] = p;
            }
            Graph g = new Graph("g", rows, 200_000, rowPtr, col, w, org.stag.loaders.Symmetry.GENERAL,
                    weighted ? org.stag.loaders.ValueKind.REAL : org.stag.loaders.ValueKind.PATTERN,
                    org.stag.loaders.VertexIds.offset(0), 0);
            for (int threads : new int[] {1, 2}) {
                DynamicMatrix m = DynamicMatrix.build(format(), g, threads);
                m.check();
                Graph back = m.toGraph();
                assertEquals(g.numEdges(), back.numEdges());
                assertTrue(Arrays.equals(g.rowPtr(), back.rowPtr()));
                assertTrue(Arrays.equals(Arrays.copyOf(col, p), back.colIdx()));
                if (weighted) {
                    assertTrue(Arrays.equals(Arrays.copyOf(w, p), back.weights()));
                }
            }
        }
    }

    @Test
    void appendAndPointOperationsOnOneLongStructure() {
        DynamicFormat f = format();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int n = 100_000;
        int state = f.appendFirst(s, root, 0, 0.5);
        for (int i = 1; i < n; i++) {
            state = f.appendRest(s, root, state, 2 * i, i + 0.5);
        }
        f.check(s, root);
        assertEquals(n, f.size(s, root));
        assertEquals(7.5, f.get(s, root, 14));
        assertTrue(Double.isNaN(f.get(s, root, 15)));
        int[] odd = new int[n];
        double[] ov = new double[n];
        for (int i = 0; i < n; i++) {
            odd[i] = 2 * i + 1;
            ov[i] = -i;
        }
        assertEquals(n, f.insert(s, root, odd, ov, 0, n));
        f.check(s, root);
        assertEquals(2 * n, f.size(s, root));
        int[] crd = new int[2 * n];
        double[] val = new double[2 * n];
        assertEquals(2 * n, f.collect(s, root, crd, val, 0));
        if (!ordered()) {
            sortByCoordinate(crd, val, 2 * n);
        }
        for (int i = 0; i < 2 * n; i++) {
            assertEquals(i, crd[i]);
        }
        assertEquals(-3.0, val[7]);
        assertEquals(n, f.delete(s, root, odd, 0, n));
        f.check(s, root);
        assertEquals(n, f.size(s, root));
        f.clear(s, root);
        f.check(s, root);
        assertEquals(0, f.size(s, root));
    }

    @Test
    void positionStoresKeepIntPositions() {
        DynamicFormat f = format();
        NodeStore s = f.newStore(ValueMode.POSITION);
        int root = f.newRoot(s);
        int[] crd = {3, 9, 27, 81};
        double[] pos = {101, 202, 303, 404};
        f.build(s, root, crd, pos, 0, 4);
        f.check(s, root);
        assertEquals(303.0, f.get(s, root, 27));
        int[] out = new int[4];
        double[] vals = new double[4];
        f.collect(s, root, out, vals, 0);
        if (!ordered()) {
            sortByCoordinate(out, vals, 4);
        }
        assertTrue(Arrays.equals(crd, out));
        assertTrue(Arrays.equals(pos, vals));
    }

    /**
     * {@code getSorted} reads what {@code get} reads, element by element, for sorted queries of present and
     * absent coordinates (below, between and above the stored ones), in every value mode, on a structure built
     * and then changed by batches, and on an empty one.
     */
    @ParameterizedTest(name = "mode={0} small nodes={1}")
    @CsvSource({"DOUBLE,false", "NONE,false", "POSITION,false", "DOUBLE,true", "NONE,true", "POSITION,true"})
    void getSortedReadsWhatGetReads(ValueMode mode, boolean small) {
        DynamicFormat f = small ? smallNodeFormat() : format();
        NodeStore s = f.newStore(mode);
        int empty = f.newRoot(s);
        int root = f.newRoot(s);
        SplittableRandom rnd = new SplittableRandom(12);
        TreeMap<Integer, Double> model = new TreeMap<>();
        for (int k = 0; k < 3000; k++) {
            model.put(5 + rnd.nextInt(20_000), (double) rnd.nextInt(1 << 20));
        }
        int[] crd = model.keySet().stream().mapToInt(Integer::intValue).toArray();
        double[] val = model.values().stream().mapToDouble(Double::doubleValue).toArray();
        f.build(s, root, crd, val, 0, crd.length);
        // A batch of new coordinates, and one deleting some, so the queries also meet changed structure.
        int[] more = rnd.ints(500, 20_005, 30_000).distinct().sorted().toArray();
        double[] moreVal = new double[more.length];
        for (int k = 0; k < more.length; k++) {
            moreVal[k] = k + 1;
            model.put(more[k], moreVal[k]);
        }
        f.insert(s, root, more, moreVal, 0, more.length);
        int[] gone = Arrays.copyOfRange(crd, 0, crd.length / 3);
        f.delete(s, root, gone, 0, gone.length);
        for (int c : gone) {
            model.remove(c);
        }
        int[] query = rnd.ints(4000, 0, 31_000).distinct().sorted().toArray();
        int from = 7;
        int[] padded = new int[query.length + from];
        System.arraycopy(query, 0, padded, from, query.length);
        double[] out = new double[padded.length];
        Arrays.fill(out, -1.0);
        f.getSorted(s, root, padded, from, padded.length, out);
        int present = 0;
        for (int k = 0; k < query.length; k++) {
            double want = f.get(s, root, query[k]);
            Double stored = model.get(query[k]);
            assertEquals(stored == null, Double.isNaN(want), "coordinate " + query[k] + " present in the model");
            if (stored != null) {
                present++;
                assertEquals(mode == ValueMode.NONE ? 1.0 : stored, want, "get of " + query[k]);
            }
            assertEquals(want, out[from + k], "getSorted of " + query[k]);
        }
        assertTrue(present > 100 && present < query.length, "queries hit " + present + " of " + query.length);
        for (int k = 0; k < from; k++) {
            assertEquals(-1.0, out[k], "getSorted wrote outside [from, to)");
        }
        double[] none = new double[query.length];
        f.getSorted(s, empty, query, 0, query.length, none);
        for (double d : none) {
            assertTrue(Double.isNaN(d), "an empty structure stores nothing");
        }
    }

    /**
     * {@code insert} and {@code delete} with a report of what they replaced: against a {@code TreeMap} model,
     * from an empty structure through rounds of batches that mix present and absent coordinates (small and
     * large, so chunks split and merge and nodes come and go), each entry's report is the value the model held
     * before (1.0 without values) or NaN, only {@code [from, to)} is written, the counts are the absent (or
     * present) entries, and the structure ends as the model.
     */
    @ParameterizedTest(name = "mode={0} small nodes={1}")
    @CsvSource({"DOUBLE,false", "NONE,false", "DOUBLE,true", "NONE,true"})
    void insertAndDeleteReportWhatTheyReplace(ValueMode mode, boolean small) {
        DynamicFormat f = small ? smallNodeFormat() : format();
        NodeStore s = f.newStore(mode);
        int root = f.newRoot(s);
        SplittableRandom rnd = new SplittableRandom(31);
        TreeMap<Integer, Double> model = new TreeMap<>();
        for (int round = 0; round < 60; round++) {
            boolean delete = round % 3 == 2;
            int span = round % 5 == 0 ? 40_000 : 3_000;
            int count = round % 4 == 0 ? 1 : 1 + rnd.nextInt(round % 7 == 0 ? 2_000 : 60);
            int[] crd = rnd.ints(count, 0, span).distinct().sorted().toArray();
            int from = 3;
            int to = from + crd.length;
            int[] padded = new int[to + 2];
            double[] val = new double[to + 2];
            System.arraycopy(crd, 0, padded, from, crd.length);
            for (int k = from; k < to; k++) {
                val[k] = 1 + rnd.nextInt(1000);
            }
            double[] old = new double[to + 2];
            Arrays.fill(old, -7.0);
            int want = 0;
            double[] expected = new double[to];
            for (int k = from; k < to; k++) {
                Double v = model.get(padded[k]);
                expected[k] = v == null ? Double.NaN : mode == ValueMode.NONE ? 1.0 : v;
                want += (v == null) != delete ? 1 : 0;
            }
            int got = delete ? f.delete(s, root, padded, from, to, old) : f.insert(s, root, padded, val, from, to, old);
            String what = "round " + round + (delete ? " delete" : " insert") + " of " + crd.length;
            assertEquals(want, got, what + ": count");
            for (int k = 0; k < old.length; k++) {
                if (k < from || k >= to) {
                    assertEquals(-7.0, old[k], what + ": wrote outside [from, to) at " + k);
                } else {
                    assertEquals(expected[k], old[k], what + ": report of " + padded[k]);
                }
            }
            for (int k = from; k < to; k++) {
                if (delete) {
                    model.remove(padded[k]);
                } else {
                    model.put(padded[k], val[k]);
                }
            }
            f.check(s, root);
            int n = f.size(s, root);
            assertEquals(model.size(), n, what + ": size");
            int[] c = new int[n];
            double[] v = new double[n];
            f.collect(s, root, c, v, 0);
            if (!ordered()) {
                sortByCoordinate(c, v, n);
            }
            int k = 0;
            for (Map.Entry<Integer, Double> e : model.entrySet()) {
                assertEquals(e.getKey(), c[k], what + ": element " + k);
                if (mode == ValueMode.DOUBLE) {
                    assertEquals(e.getValue(), v[k], what + ": value of " + c[k]);
                }
                k++;
            }
        }
    }
}
