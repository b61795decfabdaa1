package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.TestData;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * Must-show 3 of issue 9 through the tensor API: a graph tensor of ca-GrQc in {@code dense,FILE.schema} for
 * the user schemas of {@code cli/examples/} (a skip list and a tree of blocks stag has no Java for, a B-tree
 * of order 8 on the shipped code), as a weighted matrix and as a pattern, takes batches of inserts and
 * deletes through {@link Tensor#insertBatch} and {@link Tensor#deleteBatch}: after every batch it holds what
 * a {@code TreeMap} model holds, with no format conversion; a batch with a column outside the graph is
 * refused whole.
 */
class ExampleSchemaTensorTest {

    private static long key(int r, int c) {
        return ((long) r << 32) | c;
    }

    private static void assertHolds(String what, Tensor t, TreeMap<Long, Double> m, boolean pattern) {
        t.check();
        TreeMap<Long, Double> got = new TreeMap<>();
        TensorCursor c = t.cursor();
        while (c.next()) {
            got.put(key(c.coordinate(0), c.coordinate(1)), pattern ? 1.0 : c.doubleValue());
        }
        assertEquals(m, got, what);
        SplittableRandom rnd = new SplittableRandom(what.hashCode());
        for (int probe = 0; probe < 300; probe++) {
            int r = rnd.nextInt(t.dimension(0));
            int col = rnd.nextInt(t.dimension(1));
            Double want = m.get(key(r, col));
            assertEquals(want == null ? t.values().fillAsDouble() : want, t.getAsDouble(r, col),
                    what + ": (" + r + ", " + col + ")");
        }
    }

    @ParameterizedTest(name = "{0}, pattern={1}")
    @CsvSource({"skiplist.schema,false", "skiplist.schema,true", "blocktree8.schema,false", "btree8.schema,true"})
    void aGraphTensorInAUserSchemaTakesBatches(String schema, boolean pattern) {
        Path file = Path.of("..", "cli", "examples", schema);
        assertTrue(Files.isRegularFile(file), "example schema missing: " + file.toAbsolutePath());
        Format f = FormatParser.parse("dense," + file);
        Graph g = GraphLoader.load(TestData.file("suitesparse/ca-GrQc.mtx"), LoadOptions.defaults());
        int n = g.numRows();
        double[] w = null;
        TreeMap<Long, Double> model = new TreeMap<>();
        if (!pattern) {
            w = new double[g.numEdges()];
            for (int p = 0; p < w.length; p++) {
                w[p] = 1 + p % 7;
            }
        }
        for (int r = 0; r < n; r++) {
            for (int p = g.rowPtr()[r]; p < g.rowPtr()[r + 1]; p++) {
                model.put(key(r, g.colIdx()[p]), pattern ? 1.0 : w[p]);
            }
        }
        Tensor t = Tensor.fromCsr(f, n, n, g.rowPtr(), g.colIdx(), w, pattern ? ValueMode.NONE : ValueMode.DOUBLE, 2);
        assertTrue(t.takesBatches(), schema);
        String what = "ca-GrQc in dense," + schema + (pattern ? " (pattern)" : "");
        assertHolds(what + " built", t, model, pattern);
        long conversions = Tensor.conversionCount();
        SplittableRandom rnd = new SplittableRandom(5);
        for (int round = 0; round < 4; round++) {
            int k = 3000;
            int[] r = new int[k];
            int[] c = new int[k];
            double[] v = pattern ? null : new double[k];
            if (round % 2 == 0) {
                int before = model.size();
                for (int i = 0; i < k; i++) {
                    r[i] = rnd.nextInt(n);
                    c[i] = rnd.nextInt(n);
                    if (v != null) {
                        v[i] = rnd.nextInt(1, 100);
                    }
                    model.put(key(r[i], c[i]), v == null ? 1.0 : v[i]);
                }
                UpdateStats s = t.insertBatch(r, c, v, k, 2, BatchGrowth.FIXED);
                assertEquals(model.size() - before, s.inserted(), what + " round " + round);
            } else {
                List<Long> keys = new ArrayList<>(model.keySet());
                for (int i = 0; i < k; i++) {
                    long e = i % 2 == 0 ? keys.get(rnd.nextInt(keys.size())) : key(rnd.nextInt(n), rnd.nextInt(n));
                    r[i] = (int) (e >>> 32);
                    c[i] = (int) e;
                }
                int before = model.size();
                for (int i = 0; i < k; i++) {
                    model.remove(key(r[i], c[i]));
                }
                UpdateStats s = t.deleteBatch(r, c, k, 2);
                assertEquals(before - model.size(), s.deleted(), what + " round " + round);
            }
            assertHolds(what + " after round " + round, t, model, pattern);
        }
        assertEquals(conversions, Tensor.conversionCount(), what + ": no conversion between batches");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> t.insertBatch(new int[] {0, 1}, new int[] {2, n}, pattern ? null : new double[] {1, 1}, 2, 2,
                        BatchGrowth.FIXED));
        assertTrue(e.getMessage().contains(Integer.toString(n)), e.getMessage());
        assertHolds(what + " after a refused batch", t, model, pattern);
    }
}
