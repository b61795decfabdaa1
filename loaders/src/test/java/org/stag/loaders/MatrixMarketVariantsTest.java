package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every legal shape of a Matrix Market file reads to the same graph. */
class MatrixMarketVariantsTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    /** The graph as a list of "row col value" strings in CSR order, 1-based. */
    private static List<String> edges(Graph g) {
        List<String> out = new ArrayList<>();
        for (int r = 0; r < g.numRows(); r++) {
            for (int p = g.rowPtr()[r]; p < g.rowPtr()[r + 1]; p++) {
                out.add((r + 1) + " " + (g.colIdx()[p] + 1) + " " + g.weightAt(p));
            }
        }
        return out;
    }

    private static Graph load(Path p) {
        return GraphLoader.load(p, LoadOptions.defaults());
    }

    @Test
    void commentsBlankLinesTabsTrailingBlanksAndCrlfChangeNothing() throws IOException {
        Graph plain = load(write("a.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 0.5\n2 3 -1\n3 1 2e3\n"));
        Graph messy = load(write("b.mtx", "%%MatrixMarket Matrix COORDINATE Real General  \r\n% comment\r\n\r\n%\r\n"
                + "  3\t3   3  \r\n1\t2\t0.5 \r\n% a comment among the data\r\n\r\n   2 3 -1.0\t\r\n3 1 2000"));
        assertEquals(edges(plain), edges(messy));
        assertEquals(List.of("1 2 0.5", "2 3 -1.0", "3 1 2000.0"), edges(plain));
    }

    @Test
    void doubleIsRealAndIntegerKeepsItsKind() throws IOException {
        Graph d = load(write("d.mtx", "%%MatrixMarket matrix coordinate double general\n2 2 1\n1 2 2.5\n"));
        assertEquals(ValueKind.REAL, d.valueKind());
        Graph i = load(write("i.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 -7\n"));
        assertEquals(ValueKind.INTEGER, i.valueKind());
        assertEquals(-7.0, i.weightAt(0));
    }

    @Test
    void symmetricMirrorsAndSkewNegates() throws IOException {
        Graph s = load(write("s.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 1 4\n2 1 5\n3 2 6\n"));
        assertEquals(List.of("1 1 4.0", "1 2 5.0", "2 1 5.0", "2 3 6.0", "3 2 6.0"), edges(s));
        assertFalse(s.directed());
        Graph k = load(write("k.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 5\n3 2 6\n"));
        assertEquals(List.of("1 2 -5.0", "2 1 5.0", "2 3 -6.0", "3 2 6.0"), edges(k));
    }

    @Test
    void arrayFormatIsADenseMatrixInColumnOrder() throws IOException {
        Graph g = load(write("g.mtx", "%%MatrixMarket matrix array real general\n% dense\n2 3\n1\n2\n3\n4\n5\n0\n"));
        assertEquals(List.of("1 1 1.0", "1 2 3.0", "1 3 5.0", "2 1 2.0", "2 2 4.0", "2 3 0.0"), edges(g));
        Graph s = load(write("s.mtx", "%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n3\n"));
        assertEquals(List.of("1 1 1.0", "1 2 2.0", "2 1 2.0", "2 2 3.0"), edges(s));
        Graph k = load(write("k.mtx", "%%MatrixMarket matrix array integer skew-symmetric\n3 3\n1\n2\n3\n"));
        assertEquals(List.of("1 2 -1.0", "1 3 -2.0", "2 1 1.0", "2 3 -3.0", "3 1 2.0", "3 2 3.0"), edges(k));
    }

    @Test
    void gzipIsReadTransparentlyWhateverTheName() throws IOException {
        String text = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n3 3\n";
        Path gz = dir.resolve("x.mtx.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(text.getBytes(StandardCharsets.US_ASCII));
        }
        Path disguised = dir.resolve("y.mtx");
        Files.copy(gz, disguised);
        Graph plain = load(write("p.mtx", text));
        assertEquals(edges(plain), edges(load(gz)));
        assertEquals(edges(plain), edges(load(disguised)));
    }

    @Test
    void duplicatePoliciesApply() throws IOException {
        Path p = write("dup.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 3\n1 2 5\n1 2 3\n1 2 4\n");
        assertEquals(12.0, GraphLoader.load(p, LoadOptions.defaults()).weightAt(0));
        assertEquals(5.0, GraphLoader.load(p, LoadOptions.defaults().withDuplicates(DuplicatePolicy.FIRST)).weightAt(0));
        assertEquals(4.0, GraphLoader.load(p, LoadOptions.defaults().withDuplicates(DuplicatePolicy.LAST)).weightAt(0));
        assertEquals(3.0, GraphLoader.load(p, LoadOptions.defaults().withDuplicates(DuplicatePolicy.MIN)).weightAt(0));
        assertEquals(2, GraphLoader.load(p, LoadOptions.defaults()).duplicates());
        BadInputException e = assertThrows(BadInputException.class,
                () -> GraphLoader.load(p, LoadOptions.defaults().withDuplicates(DuplicatePolicy.ERROR)));
        assertEquals(4, e.line());
    }

    @Test
    void rectangularLoadsButIsNoGraph() throws IOException {
        Graph g = load(write("r.mtx", "%%MatrixMarket matrix coordinate real general\n2 3 2\n1 3 1\n2 1 2\n"));
        assertEquals(2, g.numRows());
        assertEquals(3, g.numCols());
        BadInputException e = assertThrows(BadInputException.class, g::requireSquare);
        assertTrue(e.getMessage().endsWith("not square: 2 x 3"), e.getMessage());
    }

    @Test
    void zeroBasedFilesNeedTheIndexBaseOption() throws IOException {
        Path p = write("z.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n0 1\n1 0\n");
        BadInputException e = assertThrows(BadInputException.class, () -> load(p));
        assertEquals(3, e.line());
        assertTrue(e.reason().contains("--index-base 0"), e.reason());
        Graph g = GraphLoader.load(p, LoadOptions.defaults().withIndexBase(0));
        assertArrayEquals(new int[] {0, 1, 2}, g.rowPtr());
        assertEquals(0, g.ids().external(0));
    }

    @Test
    void parsingIsTheSameOnAnyThreadCount() throws IOException {
        StringBuilder sb = new StringBuilder("%%MatrixMarket matrix coordinate real general\n1000 1000 300000\n");
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        for (int i = 0; i < 300_000; i++) {
            sb.append(rnd.nextInt(1, 1001)).append(' ').append(rnd.nextInt(1, 1001)).append(' ')
                    .append(rnd.nextDouble()).append('\n');
        }
        Path p = write("big.mtx", sb.toString());
        EdgeList one = GraphLoader.read(p, LoadOptions.defaults().withThreads(1));
        for (int t = 2; t <= 4; t++) {
            EdgeList many = GraphLoader.read(p, LoadOptions.defaults().withThreads(t));
            assertEquals(one.size(), many.size());
            assertArrayEquals(one.src(), many.src());
            assertArrayEquals(one.dst(), many.dst());
            assertArrayEquals(one.weights(), many.weights());
        }
    }
}
