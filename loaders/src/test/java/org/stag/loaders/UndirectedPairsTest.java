package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.loaders.io.GraphLoader;

/**
 * With {@code --undirected}, a line of an edge list and its mirror are one edge: kept once when the weights
 * agree, refused naming both lines when they differ, combined only when the user gave a duplicates policy.
 * Checked on a file written both ways (as GAP's converter writes an undirected graph), one way, shuffled,
 * and on every thread count.
 */
class UndirectedPairsTest {
    @TempDir
    Path dir;

    private Path write(String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, lines, StandardCharsets.US_ASCII);
        return p;
    }

    private static LoadOptions undirected(int threads) {
        return LoadOptions.defaults().withThreads(threads).withDirected(false);
    }

    /** A random weighted graph without self-loops or repeated pairs, as "u v w" lines with u < v, sorted. */
    private static List<int[]> randomEdges(long seed, int n, int m) {
        Random rnd = new Random(seed);
        java.util.TreeSet<Long> seen = new java.util.TreeSet<>();
        while (seen.size() < m) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            if (u != v) {
                seen.add(((long) Math.min(u, v) << 32) | Math.max(u, v));
            }
        }
        List<int[]> out = new ArrayList<>();
        for (long key : seen) {
            out.add(new int[] {(int) (key >>> 32), (int) key, 1 + rnd.nextInt(9)});
        }
        return out;
    }

    private static List<String> oneWay(List<int[]> edges) {
        List<String> lines = new ArrayList<>();
        for (int[] e : edges) {
            lines.add(e[0] + " " + e[1] + " " + e[2]);
        }
        return lines;
    }

    /** Every edge in both directions, each vertex's lines in column order: what GAP's converter writes. */
    private static List<String> bothWaysSorted(List<int[]> edges) {
        List<long[]> arcs = new ArrayList<>();
        for (int[] e : edges) {
            arcs.add(new long[] {e[0], e[1], e[2]});
            arcs.add(new long[] {e[1], e[0], e[2]});
        }
        arcs.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        List<String> lines = new ArrayList<>();
        for (long[] a : arcs) {
            lines.add(a[0] + " " + a[1] + " " + a[2]);
        }
        return lines;
    }

    private static void assertSameGraph(Graph expected, Graph actual) {
        assertEquals(expected.numVertices(), actual.numVertices());
        assertArrayEquals(expected.rowPtr(), actual.rowPtr());
        assertArrayEquals(java.util.Arrays.copyOf(expected.colIdx(), expected.numEdges()),
                java.util.Arrays.copyOf(actual.colIdx(), actual.numEdges()));
        assertArrayEquals(java.util.Arrays.copyOf(expected.weights(), expected.numEdges()),
                java.util.Arrays.copyOf(actual.weights(), actual.numEdges()));
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2, 3})
    void bothWaysOneWayAndShuffledGiveTheSameGraph(int threads) throws IOException {
        List<int[]> edges = randomEdges(11, 500, 3000);
        Graph one = GraphLoader.load(write("one.wel", oneWay(edges)), undirected(threads));
        assertEquals(0, one.mirroredPairs());
        assertEquals(6000, one.numEdges());

        List<String> both = bothWaysSorted(edges);
        Graph sorted = GraphLoader.load(write("both.wel", both), undirected(threads));
        assertEquals(3000, sorted.mirroredPairs());
        assertEquals(0, sorted.duplicates());
        assertSameGraph(one, sorted);

        Collections.shuffle(both, new Random(5));
        Graph shuffled = GraphLoader.load(write("shuffled.wel", both), undirected(threads));
        assertEquals(3000, shuffled.mirroredPairs());
        assertSameGraph(one, shuffled);

        // Unweighted: the same pattern, the same count.
        List<String> pattern = new ArrayList<>();
        for (String line : both) {
            pattern.add(line.substring(0, line.lastIndexOf(' ')));
        }
        Graph p = GraphLoader.load(write("both.el", pattern), undirected(threads));
        assertEquals(3000, p.mirroredPairs());
        assertArrayEquals(one.rowPtr(), p.rowPtr());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void differentWeightsNameBothLines(int threads) throws IOException {
        Path p = write("g.wel", List.of("# both ways", "1 2 1.0", "3 5 2.0", "2 1 1.0", "4 3 1.0", "5 3 4.0", "3 4 1.0"));
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, undirected(threads)));
        assertEquals(6, e.line());
        assertTrue(e.reason().startsWith("edge 5 3 has weight 4.0 here and 2.0 on line 3 (its mirror)"), e.getMessage());
        // Shuffled the other way round, the later line is named.
        Path q = write("h.wel", List.of("5 3 4.0", "3 5 2.0"));
        BadInputException f = assertThrows(BadInputException.class, () -> GraphLoader.load(q, undirected(threads)));
        assertEquals(2, f.line());
        assertTrue(f.reason().startsWith("edge 3 5 has weight 2.0 here and 4.0 on line 1 (its mirror)"), f.getMessage());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void aGivenPolicyCombinesALineWithItsMirrorAsBefore(int threads) throws IOException {
        Path p = write("g.wel", List.of("5 3 4.0", "3 5 2.0", "0 1 1.5", "1 0 1.5"));
        Graph sum = GraphLoader.load(p, undirected(threads).withDuplicates(DuplicatePolicy.SUM));
        Graph first = GraphLoader.load(p, undirected(threads).withDuplicates(DuplicatePolicy.FIRST));
        Graph last = GraphLoader.load(p, undirected(threads).withDuplicates(DuplicatePolicy.LAST));
        Graph min = GraphLoader.load(p, undirected(threads).withDuplicates(DuplicatePolicy.MIN));
        assertEquals(6.0, weight(sum, 3, 5));
        assertEquals(6.0, weight(sum, 5, 3));
        assertEquals(3.0, weight(sum, 0, 1));
        assertEquals(4.0, weight(first, 3, 5));
        assertEquals(2.0, weight(last, 5, 3));
        assertEquals(2.0, weight(min, 3, 5));
        assertEquals(2, sum.mirroredPairs());
        BadInputException e = assertThrows(BadInputException.class,
                () -> GraphLoader.load(p, undirected(threads).withDuplicates(DuplicatePolicy.ERROR)));
        assertEquals(2, e.line());
        assertTrue(e.reason().contains("duplicate entry"), e.getMessage());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void rowsWhoseLinesAndMirrorsAreEachInOrderMergeTheSameWay(int threads) throws IOException {
        // Row 0 holds lines 1 and 3 and mirrors 2 and 3: each group in order, the row not.
        Path p = write("g.wel", List.of("0 1 1.5", "0 3 2.0", "2 0 4.0", "3 0 8.0", "2 1 1.0"));
        assertEquals(2.0, weight(GraphLoader.load(p, undirected(threads).withDuplicates(DuplicatePolicy.FIRST)), 0, 3));
        assertEquals(8.0, weight(GraphLoader.load(p, undirected(threads).withDuplicates(DuplicatePolicy.LAST)), 3, 0));
        assertEquals(10.0, weight(GraphLoader.load(p, undirected(threads).withDuplicates(DuplicatePolicy.SUM)), 0, 3));
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, undirected(threads)));
        assertEquals(4, e.line());
        assertTrue(e.reason().startsWith("edge 3 0 has weight 8.0 here and 2.0 on line 2 (its mirror)"), e.getMessage());
        Path q = write("h.wel", List.of("0 1 1.5", "0 3 2.0", "2 0 4.0", "3 0 2.0", "2 1 1.0"));
        Graph g = GraphLoader.load(q, undirected(threads));
        assertEquals(1, g.mirroredPairs());
        assertEquals(2.0, weight(g, 0, 3));
        assertEquals(4.0, weight(g, 0, 2));
        assertEquals(8, g.numEdges());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void repeatedLinesStayDuplicatesAndSelfLoopsAreNotPairs(int threads) throws IOException {
        // 0 1 written twice one way (summed to 3) and once the other way with the sum: one edge of weight 3.
        Path p = write("g.wel", List.of("0 1 1", "0 1 2", "1 0 3", "2 2 5", "2 2 1"));
        Graph g = GraphLoader.load(p, undirected(threads));
        assertEquals(3.0, weight(g, 0, 1));
        assertEquals(3.0, weight(g, 1, 0));
        assertEquals(6.0, weight(g, 2, 2));
        assertEquals(1, g.mirroredPairs());
        assertEquals(2, g.duplicates());
        // With the default policy refused by name, a repeated line is an error but a mirror is not.
        Path q = write("h.wel", List.of("0 1 1", "1 0 1", "1 2 1", "1 2 1"));
        BadInputException e = assertThrows(BadInputException.class,
                () -> GraphBuilder.build(GraphLoader.read(q, undirected(threads)), DuplicatePolicy.ERROR, false, threads));
        assertEquals(4, e.line());
        Graph ok = GraphBuilder.build(GraphLoader.read(write("k.wel", List.of("0 1 1", "1 0 1")), undirected(threads)),
                DuplicatePolicy.ERROR, false, threads);
        assertEquals(1, ok.mirroredPairs());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void nanWrittenBothWaysIsOneEdge(int threads) throws IOException {
        // Edge lists refuse NaN, so build the entries directly: the rule compares NaN with NaN as equal.
        int[] src = {0, 1};
        int[] dst = {1, 0};
        double[] w = {Double.NaN, Double.NaN};
        EdgeList e = new EdgeList("g", 2, 2, src, dst, w, 2, Symmetry.SYMMETRIC, ValueKind.REAL, VertexIds.offset(0), null)
                .withOneEdgePerPair();
        Graph g = GraphBuilder.build(e, DuplicatePolicy.SUM, threads);
        assertEquals(2, g.numEdges());
        assertTrue(Double.isNaN(weight(g, 0, 1)));
        assertEquals(2, g.nonFiniteValues());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void directedReadingAndSymmetricMatrixMarketAreUnchanged(int threads) throws IOException {
        Path p = write("g.wel", List.of("0 1 1", "1 0 1"));
        Graph directed = GraphLoader.load(p, LoadOptions.defaults().withThreads(threads));
        assertEquals(2, directed.numEdges());
        assertEquals(0, directed.mirroredPairs());
        // A symmetric file holding both triangles: the entries are summed, as before.
        Path m = dir.resolve("s.mtx");
        Files.writeString(m, "%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n2 1 1.0\n1 2 1.0\n");
        Graph s = GraphLoader.load(m, LoadOptions.defaults().withThreads(threads));
        assertEquals(2.0, weight(s, 0, 1));
        assertEquals(0, s.mirroredPairs());
    }

    private static double weight(Graph g, int u, int v) {
        int[] rowPtr = g.rowPtr();
        for (int p = rowPtr[u]; p < rowPtr[u + 1]; p++) {
            if (g.colIdx()[p] == v) {
                return g.weightAt(p);
            }
        }
        throw new AssertionError("no edge " + u + " " + v);
    }
}
