package org.stag.loaders.updates;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/** Generated update files read back: the counts written, ids of the graph, deletes that hit, the window's shape. */
class UpdateGeneratorTest {
    @TempDir
    Path dir;

    private static final Path KARATE = Path.of("..", "data", "karate.mtx");
    private static final Path LDBC = Path.of("..", "data", "example-directed.properties");

    /** The graph's edges as {@code u * n + v} keys (both directions when undirected), with weights. */
    private static Map<Long, Double> edges(Graph g) {
        Map<Long, Double> m = new HashMap<>();
        for (int r = 0; r < g.numRows(); r++) {
            for (int p = g.rowPtr()[r]; p < g.rowPtr()[r + 1]; p++) {
                m.put(key(r, g.colIdx()[p], g.directed()), g.weightAt(p));
            }
        }
        return m;
    }

    private static long key(int u, int v, boolean directed) {
        return directed || u <= v ? (long) u << 32 | v : (long) v << 32 | u;
    }

    /** Applies the file to a model of the graph; returns {inserts, deletes, deletes that hit}. */
    private static long[] apply(Graph g, Path file, Map<Long, Double> model) {
        long[] counts = new long[3];
        try (UpdateBatchReader r = UpdateBatchReader.open(file, new UpdateIds(g.ids(), g.numVertices()), 7, 2, 0)) {
            UpdateBatch b;
            while ((b = r.next()) != null) {
                assertEquals(0, b.newVertices(), "generated ids are the graph's");
                for (int i = 0; i < b.size(); i++) {
                    assertTrue(b.src[i] < g.numVertices() && b.dst[i] < g.numVertices());
                    long k = key(b.src[i], b.dst[i], g.directed());
                    if (b.op[i] == UpdateBatch.INSERT) {
                        counts[0]++;
                        assertFalse(b.src[i] == b.dst[i] && Double.isNaN(b.weight[i]), "no self-loops drawn");
                        assertEquals(g.weighted(), !Double.isNaN(b.weight[i]), "weights exactly when the graph has them");
                        model.put(k, b.weight[i]);
                    } else {
                        counts[1]++;
                        if (model.remove(k) != null) {
                            counts[2]++;
                        }
                    }
                }
            }
        }
        return counts;
    }

    @ParameterizedTest
    @ValueSource(strings = {"rmat", "uniform"})
    void randomStreamsHaveTheirCountsAndTheirDeletesHit(String kind) {
        Graph g = GraphLoader.load(KARATE, LoadOptions.defaults());
        Path out = dir.resolve(kind + ".txt");
        UpdateGenerator.Written w = UpdateGenerator.write(g, UpdateGenerator.Kind.byName(kind), 2000, 0.3, 5, out);
        assertEquals(2000, w.inserts() + w.deletes());
        assertTrue(w.deletes() > 450 && w.deletes() < 750, "about 30 % deletes: " + w.deletes());
        long[] c = apply(g, out, edges(g));
        assertEquals(w.inserts(), c[0]);
        assertEquals(w.deletes(), c[1]);
        assertEquals(c[1], c[2], "every delete hits: " + c[2] + " of " + c[1]);
    }

    @Test
    void rmatConcentratesOnFewVerticesAndUniformDoesNot() throws IOException {
        Graph g = GraphLoader.load(Path.of("..", "data", "ca-GrQc.mtx"), LoadOptions.defaults());
        int[] maxShare = new int[2];
        int i = 0;
        for (UpdateGenerator.Kind k : new UpdateGenerator.Kind[] {UpdateGenerator.Kind.RMAT, UpdateGenerator.Kind.UNIFORM}) {
            Path out = dir.resolve(k + ".txt");
            UpdateGenerator.write(g, k, 20000, 0, 1, out);
            int[] degree = new int[g.numVertices()];
            try (UpdateBatchReader r = UpdateBatchReader.open(out, new UpdateIds(g.ids(), g.numVertices()), 1000, 1, 0)) {
                UpdateBatch b;
                while ((b = r.next()) != null) {
                    for (int j = 0; j < b.size(); j++) {
                        degree[b.src[j]]++;
                    }
                }
            }
            maxShare[i++] = Arrays.stream(degree).max().orElseThrow();
        }
        // A uniform draw gives ~4 per vertex here; R-MAT's heaviest vertex gets hundreds.
        assertTrue(maxShare[0] > 10 * maxShare[1], Arrays.toString(maxShare));
    }

    @Test
    void theWindowStartsFromPartOfTheGraphAndKeepsItsSize() {
        Graph g = GraphLoader.load(KARATE, LoadOptions.defaults());
        Map<Long, Double> model = edges(g);
        int e = model.size();
        Path out = dir.resolve("w.txt");
        UpdateGenerator.Written w = UpdateGenerator.write(g, UpdateGenerator.Kind.WINDOW, 30, 0, 9, out);
        assertEquals(30, w.inserts());
        assertEquals(60, w.deletes());
        long[] c = apply(g, out, model);
        assertEquals(30, c[0]);
        assertEquals(60, c[2], "every window delete hits");
        assertEquals(e - 30, model.size());
    }

    @Test
    void aWeightedWindowKeepsTheEdgesWeights() throws IOException {
        Path wel = dir.resolve("g.wel");
        Files.writeString(wel, "0 1 2.5\n1 2 3\n2 3 0.125\n3 0 7\n0 2 1\n");
        Graph g = GraphLoader.load(wel, LoadOptions.defaults());
        Map<Long, Double> original = edges(g);
        Path out = dir.resolve("w.txt");
        UpdateGenerator.write(g, UpdateGenerator.Kind.WINDOW, 3, 0, 2, out);
        Map<Long, Double> model = new HashMap<>(original);
        apply(g, out, model);
        assertEquals(2, model.size());
        model.forEach((k, v) -> assertEquals(original.get(k), v));
    }

    @Test
    void explicitIdsAreWrittenAsTheGraphWritesThem() {
        Graph g = GraphLoader.load(LDBC, LoadOptions.defaults());
        Path out = dir.resolve("l.txt");
        UpdateGenerator.write(g, UpdateGenerator.Kind.UNIFORM, 200, 0.2, 3, out);
        assertFalse(g.ids().isOffset(), "LDBC ids are an explicit table");
        // apply() checks that every id read back is one of the graph's (no new vertex).
        long[] c = apply(g, out, edges(g));
        assertEquals(200, c[0] + c[1]);
        assertEquals(c[1], c[2]);
    }

    @Test
    void theSameSeedWritesTheSameBytes() throws IOException {
        Graph g = GraphLoader.load(KARATE, LoadOptions.defaults());
        for (UpdateGenerator.Kind k : UpdateGenerator.Kind.values()) {
            Path a = dir.resolve("a" + k);
            Path b = dir.resolve("b" + k);
            Path c = dir.resolve("c" + k);
            UpdateGenerator.write(g, k, 40, 0.2, 11, a);
            UpdateGenerator.write(g, k, 40, 0.2, 11, b);
            UpdateGenerator.write(g, k, 40, 0.2, 12, c);
            assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
            assertFalse(Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c)), k.toString());
        }
    }

    @Test
    void badParametersAreRefusedBeforeAnyFileIsWritten() {
        Graph g = GraphLoader.load(KARATE, LoadOptions.defaults());
        Path out = dir.resolve("never.txt");
        assertEquals("--count must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> UpdateGenerator.write(g, UpdateGenerator.Kind.RMAT, 0, 0.1, 1, out)).getMessage());
        assertEquals("--delete-fraction must be in [0, 1], got 1.5", assertThrows(IllegalArgumentException.class,
                () -> UpdateGenerator.write(g, UpdateGenerator.Kind.RMAT, 5, 1.5, 1, out)).getMessage());
        assertEquals("window: --count must be below the graph's 78 edges, got 78", assertThrows(IllegalArgumentException.class,
                () -> UpdateGenerator.write(g, UpdateGenerator.Kind.WINDOW, 78, 0, 1, out)).getMessage());
        assertEquals("unknown update kind 'x' (expected rmat, uniform or window)",
                assertThrows(IllegalArgumentException.class, () -> UpdateGenerator.Kind.byName("x")).getMessage());
        assertFalse(Files.exists(out));
    }
}
