package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.TestData;
import org.stag.formats.dynamic.impl.BtreeFormat;
import org.stag.formats.dynamic.impl.GenericFormat;
import org.stag.formats.dynamic.impl.NamedFormat;
import org.stag.formats.schema.Schemas;
import org.stag.formats.tensor.DynamicFormats;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * The user schemas of {@code cli/examples/} (files stag does not ship), loaded as {@code --format} loads them,
 * hold a real graph (ca-GrQc) and take batches of inserts and deletes through the Java API: after every batch
 * the matrix equals a {@code TreeMap} model edge by edge, and a bad batch is refused whole, changing nothing.
 * {@code btree8.schema} runs on the shipped B-tree code under its own name; {@code blocktree8.schema},
 * {@code blocks5.schema} and {@code skiplist.schema} have no Java of their own, so their updates go through the generic collect, merge
 * and build, and every read through the schema-derived {@link SchemaWalk}.
 */
class ExampleSchemaBatchTest {

    private static DynamicFormat example(String name) throws IOException {
        Path p = Path.of("..", "cli", "examples", name);
        assertTrue(Files.isRegularFile(p), "example schema missing: " + p.toAbsolutePath());
        return DynamicFormats.forSchema(Schemas.load(p), p.toString());
    }

    private static long key(int r, int c) {
        return ((long) r << 32) | c;
    }

    @ParameterizedTest
    @ValueSource(strings = {"btree8.schema", "blocktree8.schema", "blocks5.schema", "skiplist.schema"})
    void anExampleSchemaTakesBatchesOfInsertsAndDeletes(String name) throws IOException {
        DynamicFormat f = example(name);
        if (name.startsWith("btree")) {
            assertTrue(f instanceof NamedFormat n && n.implementation() instanceof BtreeFormat, f.getClass().getName());
        } else {
            assertTrue(f instanceof GenericFormat, f.getClass().getName());
        }
        Graph g = GraphLoader.load(TestData.file("suitesparse/ca-GrQc.mtx"), LoadOptions.defaults());
        int n = g.numRows();
        DynamicMatrix m = DynamicMatrix.build(f, g, 2);
        TreeMap<Long, Double> model = new TreeMap<>();
        for (int r = 0; r < n; r++) {
            for (int p = g.rowPtr()[r]; p < g.rowPtr()[r + 1]; p++) {
                model.put(key(r, g.colIdx()[p]), 1.0);
            }
        }
        DynamicFormatContract.assertSame(model, m, false, name + " built");
        SplittableRandom rnd = new SplittableRandom(9);
        for (int step = 0; step < 6; step++) {
            int k = 2000;
            int[] src = new int[k];
            int[] dst = new int[k];
            if (step % 2 == 0) {
                for (int i = 0; i < k; i++) {
                    src[i] = rnd.nextInt(n);
                    dst[i] = rnd.nextInt(n);
                    model.put(key(src[i], dst[i]), 1.0);
                }
                m.insertBatch(src, dst, null, k, 2);
            } else {
                // Half present edges, half random (mostly absent) ones.
                Long[] present = model.keySet().toArray(new Long[0]);
                for (int i = 0; i < k; i++) {
                    long e = i % 2 == 0 ? present[rnd.nextInt(present.length)] : key(rnd.nextInt(n), rnd.nextInt(n));
                    src[i] = (int) (e >>> 32);
                    dst[i] = (int) e;
                }
                for (int i = 0; i < k; i++) {
                    model.remove(key(src[i], dst[i]));
                }
                m.deleteBatch(src, dst, k, 2);
            }
            DynamicFormatContract.assertSame(model, m, false, name + " batch " + step);
            for (int probe = 0; probe < 500; probe++) {
                int r = rnd.nextInt(n);
                int c = rnd.nextInt(n);
                assertEquals(model.containsKey(key(r, c)) ? 1.0 : Double.NaN, m.get(r, c), name + ": get(" + r + ", " + c + ")");
            }
        }
        // A column outside the graph refuses the whole batch.
        long before = m.numEdges();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> m.insertBatch(new int[] {0, 1}, new int[] {1, n}, null, 2, 2));
        assertTrue(e.getMessage().contains(Integer.toString(n)), e.getMessage());
        assertEquals(before, m.numEdges());
        DynamicFormatContract.assertSame(model, m, false, name + " after a refused batch");
    }
}
