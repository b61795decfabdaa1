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
import org.stag.loaders.io.GraphLoader;

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

    @Test
    void nanAndInfinityAreReadAsTheFormatAllows() throws IOException {
        Graph g = load(write("n.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 8\n"
                + "1 1 nan\n1 2 NaN\n1 3 inf\n2 1 +Inf\n2 2 -inf\n2 3 infinity\n3 1 -INFINITY\n3 2 2.5\n"));
        assertEquals(8, g.numEdges());
        assertEquals(7, g.nonFiniteValues());
        double[] w = g.weights();
        assertTrue(Double.isNaN(w[0]) && Double.isNaN(w[1]));
        assertEquals(Double.POSITIVE_INFINITY, w[2]);
        assertEquals(Double.POSITIVE_INFINITY, w[3]);
        assertEquals(Double.NEGATIVE_INFINITY, w[4]);
        assertEquals(Double.POSITIVE_INFINITY, w[5]);
        assertEquals(Double.NEGATIVE_INFINITY, w[6]);
        assertEquals(2.5, w[7]);
        // The array format too, and 1e-400 is an underflow to zero, not an error.
        Graph a = load(write("a.mtx", "%%MatrixMarket matrix array real general\n2 1\n-Infinity\n1e-400\n"));
        assertEquals(Double.NEGATIVE_INFINITY, a.weights()[0]);
        assertEquals(1, a.nonFiniteValues());
        // Parsed on two threads with the chunks split anywhere, the values are the same.
        StringBuilder big = new StringBuilder("%%MatrixMarket matrix coordinate real general\n1000 1000 1000\n");
        for (int i = 1; i <= 1000; i++) {
            big.append(i).append(' ').append(i % 7 + 1).append(i % 3 == 0 ? " nan\n" : i % 3 == 1 ? " -inf\n" : " 1.5\n");
        }
        Graph b = GraphLoader.load(write("b.mtx", big.toString()), LoadOptions.defaults().withThreads(2));
        assertEquals(667, b.nonFiniteValues());
    }

    @Test
    void graphBlasTypesAcceptTheirValues() throws IOException {
        // Every spelling LAGraph and SuiteSparse:GraphBLAS write, with values at the ends of each range.
        String[][] cases = {
            {"%%GraphBLAS type bool", "integer", "0", "1"},
            {"%%GraphBLAS GrB_BOOL", "integer", "1", "0"},
            {"%%GraphBLAS int8_t", "integer", "-128", "127"},
            {"%%GraphBLAS type int16", "integer", "-32768", "32767"},
            {"%%graphblas type GRB_INT32", "integer", "-2147483648", "2147483647"},
            {"%%GraphBLAS type int64_t", "integer", "-9223372036854775807", "9007199254740992"},
            {"%%GraphBLAS uint8_t", "integer", "0", "255"},
            {"%%GraphBLAS type uint16_t", "integer", "0", "65535"},
            {"%%GraphBLAS type uint32", "integer", "0", "4294967295"},
            {"%%GraphBLAS GrB_UINT64", "real", "0", "1.8e19"},
            {"%%GraphBLAS type float", "real", "-3.4e38", "inf"},
            {"%%GraphBLAS type fp32", "real", "nan", "1e-50"},
            {"%%GraphBLAS double", "real", "1e300", "-inf"},
            {"%%GraphBLAS type GrB_FP64", "real", "nan", "2"},
        };
        for (String[] c : cases) {
            Graph g = load(write("t.mtx", "%%MatrixMarket matrix coordinate " + c[1] + " general\n" + c[0] + "\n"
                    + "2 2 2\n1 1 " + c[2] + "\n2 2 " + c[3] + "\n"));
            assertEquals(2, g.numEdges(), c[0]);
        }
        // A pattern file with a type has no values to check.
        Graph p = load(write("p.mtx", "%%MatrixMarket matrix coordinate pattern general\n%%GraphBLAS type bool\n2 2 1\n1 2\n"));
        assertEquals(1, p.numEdges());
    }

    @Test
    void graphBlasTypeErrorsNameTheLine() throws IOException {
        String[][] cases = {
            {"%%GraphBLAS type int8", "integer", "-129", "value '-129' out of range for int8 (-128..127)"},
            {"%%GraphBLAS type uint16", "integer", "-1", "value '-1' out of range for uint16 (0..65535)"},
            {"%%GraphBLAS type uint32", "integer", "4294967296", "value '4294967296' out of range for uint32 (0..4294967295)"},
            {"%%GraphBLAS type int64", "real", "9.3e18", "value '9.3e18' out of range for int64 (-9223372036854775808..9223372036854775807)"},
            {"%%GraphBLAS type int16", "real", "nan", "value 'nan' out of range for int16 (-32768..32767)"},
            {"%%GraphBLAS type bool", "real", "0.5", "value '0.5' is not a whole number, as type bool needs"},
            {"%%GraphBLAS type fp32", "real", "-1e39", "value '-1e39' out of range for fp32"},
        };
        for (String[] c : cases) {
            Path f = write("e.mtx", "%%MatrixMarket matrix coordinate " + c[1] + " general\n" + c[0] + "\n"
                    + "2 2 2\n1 1 1\n2 2 " + c[2] + "\n");
            BadInputException e = assertThrows(BadInputException.class, () -> load(f), c[0]);
            assertEquals(5, e.line(), e.getMessage());
            assertEquals(c[3], e.reason(), c[0]);
        }
        Path twice = write("twice.mtx", "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int8\n"
                + "%%GraphBLAS type int16\n2 2 0\n");
        BadInputException e = assertThrows(BadInputException.class, () -> load(twice));
        assertEquals(3, e.line());
        Path none = write("none.mtx", "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type\n2 2 0\n");
        assertEquals(2, assertThrows(BadInputException.class, () -> load(none)).line());
        Path complex = write("c.mtx", "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS double complex\n2 2 0\n");
        assertTrue(assertThrows(BadInputException.class, () -> load(complex)).reason().startsWith("complex matrices"));
    }
}
