package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;

/**
 * Integer values are exact through load and write (issue 30, defect 1): values beyond 2^53 keep an exact column,
 * are written as integers under an {@code integer} banner, and a duplicate sum beyond int64 (or the declared type)
 * is refused naming the lines; the declared {@code %%GraphBLAS type} is written again.
 */
class ExactIntegersTest {
    private static final String INTEGER = "%%MatrixMarket matrix coordinate integer general\n";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static Graph load(Path p) {
        return GraphLoader.load(p, LoadOptions.defaults().withThreads(2));
    }

    /** Writes {@code g} as {@code name}, reads it back and returns the text written. */
    private String roundTrip(Graph g, String name, Graph[] back) throws IOException {
        Path out = dir.resolve(name);
        GraphWriter.write(g, out);
        back[0] = load(out);
        return name.endsWith(".mtx") ? Files.readString(out) : "";
    }

    @Test
    void integersBeyondADoubleRoundTripExactly() throws IOException {
        Graph g = load(write("big.mtx", INTEGER + "3 3 3\n1 2 9007199254740993\n2 3 9223372036854775807\n3 1 -9223372036854775808\n"));
        assertArrayEquals(new long[] {9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE}, g.exactValues());
        Graph[] back = new Graph[1];
        String text = roundTrip(g, "out.mtx", back);
        assertTrue(text.contains("\n1 2 9007199254740993\n"), text);
        assertTrue(text.contains("\n2 3 9223372036854775807\n"), text);
        assertFalse(text.contains("E"), "no exponent under an integer banner: " + text);
        assertArrayEquals(g.exactValues(), back[0].exactValues());
        roundTrip(g, "out.stagb", back);
        assertArrayEquals(g.exactValues(), back[0].exactValues());
        assertArrayEquals(g.weights(), back[0].weights());
    }

    @Test
    void integersADoubleHoldsNeedNoExactColumn() throws IOException {
        Graph g = load(write("small.mtx", INTEGER + "2 2 2\n1 2 9007199254740992\n2 1 -3\n"));
        assertNull(g.exactValues());
        assertArrayEquals(new double[] {9007199254740992.0, -3}, g.weights());
    }

    @Test
    void aSumBeyondInt64IsRefusedNamingTheLines() throws IOException {
        Path f = write("ov.mtx", INTEGER + "% two lines of one cell\n3 3 3\n1 2 9223372036854775807\n2 3 4\n1 2 1\n");
        BadInputException e = assertThrows(BadInputException.class, () -> load(f));
        assertEquals(6, e.line());
        assertTrue(e.reason().startsWith("duplicate entries (1, 2) on lines 4, 6 sum to more than int64 holds"), e.reason());
        // Below the limit the sum is exact, beyond what a double holds.
        Graph g = load(write("ok.mtx", INTEGER + "2 2 2\n1 2 4503599627370497\n1 2 4503599627370496\n"));
        assertArrayEquals(new long[] {9007199254740993L}, g.exactValues());
        assertEquals(1, g.duplicates());
        // Other policies keep one of the values, so nothing can overflow.
        Graph first = GraphLoader.load(f, LoadOptions.defaults().withDuplicates(DuplicatePolicy.FIRST));
        assertEquals(Long.MAX_VALUE, first.exactValues()[0]);
    }

    @Test
    void aSumBeyondTheDeclaredTypeIsRefused() throws IOException {
        Path f = write("i8.mtx", INTEGER + "%%GraphBLAS type int8_t\n2 2 2\n1 2 100\n1 2 100\n");
        BadInputException e = assertThrows(BadInputException.class, () -> load(f));
        assertEquals(5, e.line());
        assertTrue(e.reason().startsWith("duplicate entries (1, 2) on lines 4, 5 sum to 200, out of range for int8"), e.reason());
        Path real = write("f32.mtx", "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type float\n"
                + "2 2 2\n1 2 3e38\n1 2 3e38\n");
        BadInputException r = assertThrows(BadInputException.class, () -> load(real));
        assertTrue(r.reason().contains("out of range for fp32"), r.reason());
        Path u = write("u64.mtx", INTEGER + "%%GraphBLAS type uint64_t\n2 2 2\n1 2 18446744073709551615\n1 2 1\n");
        assertTrue(assertThrows(BadInputException.class, () -> load(u)).reason().contains("more than uint64 holds"));
    }

    @Test
    void theDeclaredTypeIsWrittenAgain() throws IOException {
        Graph g = load(write("t.mtx", INTEGER + "%%GraphBLAS type int32_t\n2 2 1\n1 2 -7\n"));
        Graph[] back = new Graph[1];
        String text = roundTrip(g, "t2.mtx", back);
        assertTrue(text.startsWith(INTEGER + "%%GraphBLAS type int32_t\n"), text);
        assertEquals(GraphBlasType.INT32, back[0].valueType());
        roundTrip(g, "t2.stagb", back);
        assertEquals(GraphBlasType.INT32, back[0].valueType());
        Graph u = load(write("u.mtx", INTEGER + "%%GraphBLAS type uint64_t\n2 2 1\n1 2 18446744073709551615\n"));
        String ut = roundTrip(u, "u2.mtx", back);
        assertTrue(ut.contains("\n1 2 18446744073709551615\n"), ut);
        assertArrayEquals(u.exactValues(), back[0].exactValues());
    }

    @Test
    void skewSymmetricMirrorsAreExactAndTheMostNegativeValueIsRefused() throws IOException {
        Graph g = load(write("k.mtx", "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 9223372036854775807\n"));
        assertArrayEquals(new long[] {-Long.MAX_VALUE, Long.MAX_VALUE}, g.exactValues());
        BadInputException e = assertThrows(BadInputException.class, () -> load(write("m.mtx",
                "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 -9223372036854775808\n")));
        assertEquals(3, e.line());
        assertTrue(e.reason().contains("its mirror's value"), e.reason());
    }

    @Test
    void anEdgeListWeightIsADoubleAndBigIntegersMakeItReal() throws IOException {
        Graph g = load(write("w.wel", "0 1 9007199254740993\n1 0 2\n"));
        assertEquals(ValueKind.REAL, g.valueKind());
        assertEquals(9007199254740992.0, g.weights()[0]);
    }

    @Test
    void anInfiniteWeightIsRefusedByTheEdgeListWriterBeforeTheFileIsTouched() throws IOException {
        Graph g = load(write("inf.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 inf\n"));
        Path out = write("inf.wel", "kept\n");
        BadInputException e = assertThrows(BadInputException.class, () -> GraphWriter.write(g, out));
        assertTrue(e.reason().startsWith("edge 1 2 has weight Infinity, which an edge list cannot hold"), e.reason());
        assertEquals("kept\n", Files.readString(out));
        Graph big = load(write("b.mtx", INTEGER + "2 2 1\n1 2 9007199254740993\n"));
        assertThrows(BadInputException.class, () -> GraphWriter.write(big, dir.resolve("b.wel")));
    }

    /** The exact build gives what the general build gives wherever a double holds the values. */
    @Test
    void theExactBuildAgreesWithTheGeneralBuild() {
        Random rnd = new Random(30);
        for (int trial = 0; trial < 300; trial++) {
            Symmetry sym = Symmetry.values()[rnd.nextInt(3)];
            // A skew-symmetric matrix has no diagonal, so it needs two vertices for an entry.
            int n = 2 + rnd.nextInt(11);
            int m = rnd.nextInt(40);
            int[] src = new int[m];
            int[] dst = new int[m];
            double[] w = new double[m];
            int k = 0;
            while (k < m) {
                int s = rnd.nextInt(n);
                int d = rnd.nextInt(n);
                if (sym == Symmetry.SKEW_SYMMETRIC && s == d) {
                    continue;
                }
                src[k] = s;
                dst[k] = d;
                w[k++] = rnd.nextInt(21) - 10;
            }
            EdgeList edges = new EdgeList("r", n, n, src, dst, w, m, sym, ValueKind.INTEGER, VertexIds.offset(1), null);
            for (DuplicatePolicy policy : new DuplicatePolicy[] {DuplicatePolicy.SUM, DuplicatePolicy.FIRST,
                DuplicatePolicy.LAST, DuplicatePolicy.MIN}) {
                Graph general = GraphBuilder.build(edges, policy, true, 2);
                Graph exact = ExactBuild.build(edges, policy);
                String what = trial + " " + sym + " " + policy;
                assertArrayEquals(general.rowPtr(), exact.rowPtr(), what);
                assertArrayEquals(java.util.Arrays.copyOf(general.colIdx(), general.numEdges()), exact.colIdx(), what);
                // As integers: the general build negates a skew-symmetric 0 into -0.0, the same integer.
                assertArrayEquals(ExactValues.fromDoubles(general.weights(), general.numEdges()),
                        ExactValues.fromDoubles(exact.weights(), exact.numEdges()), what);
                assertEquals(general.duplicates(), exact.duplicates(), what);
                assertNull(exact.exactValues(), what);
            }
        }
    }
}
