package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.io.GraphLoader;

/**
 * Matrix Market corners as LAGraph's reader treats them (issue 30, item 2 and defect 5): {@code %%GraphBLAS}
 * lines other than {@code type} are comments, the whole int64 and uint64 ranges are values, fp32's largest
 * value is one, and a banner must start its line.
 */
class MatrixMarketCornersTest {
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

    @Test
    void graphBlasLinesOtherThanTypeAreComments() throws IOException {
        Graph g = load(write("c.mtx", "%%MatrixMarket matrix coordinate integer general\n"
                + "%%GraphBLAS comment (this is silently ignored)\n%%GraphBLAS\n3 3 2\n1 2 9\n2 3 5\n"));
        assertEquals(2, g.numEdges());
        assertNull(g.valueType());
        Graph dense = load(write("a.mtx", "%%MatrixMarket matrix array real general\n%%GraphBLAS comment\n"
                + "%%GraphBLAS type double\n2 2\n1\n2\n3\n4\n"));
        assertEquals(4, dense.numEdges());
        assertEquals(GraphBlasType.FP64, dense.valueType());
    }

    @Test
    void theOlderFormWithoutTheWordTypeIsStillATypeLine() throws IOException {
        Graph g = load(write("o.mtx", "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS GrB_INT8\n2 2 1\n1 2 7\n"));
        assertEquals(GraphBlasType.INT8, g.valueType());
    }

    @Test
    void theWholeInt64RangeIsAccepted() throws IOException {
        Graph g = load(write("i.mtx", "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int64_t\n"
                + "3 3 3\n1 1 9223372036854775807\n2 2 9223372036854775296\n3 3 -9223372036854775808\n"));
        assertArrayEquals(new long[] {Long.MAX_VALUE, Long.MAX_VALUE - 511, Long.MIN_VALUE}, g.exactValues());
        Graph plain = load(write("p.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 9223372036854775807\n"));
        assertArrayEquals(new long[] {Long.MAX_VALUE}, plain.exactValues());
        BadInputException beyond = assertThrows(BadInputException.class, () -> load(write("b.mtx",
                "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 9223372036854775808\n")));
        assertEquals(3, beyond.line());
        assertTrue(beyond.reason().startsWith("integer value '9223372036854775808' beyond int64"), beyond.reason());
    }

    /** uint64 values above 2^63 are held exactly (as the same 64 bits), not refused and not rounded. */
    @Test
    void theWholeUint64RangeIsHeldExactly() throws IOException {
        Graph g = load(write("u.mtx", "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type uint64_t\n"
                + "2 2 2\n1 1 18446744073709551615\n2 2 9223372036854775808\n"));
        assertEquals(GraphBlasType.UINT64, g.valueType());
        assertEquals("18446744073709551615", Long.toUnsignedString(g.exactValues()[0]));
        assertEquals("9223372036854775808", Long.toUnsignedString(g.exactValues()[1]));
        assertEquals(0x1p64, g.weights()[0]);
        BadInputException negative = assertThrows(BadInputException.class, () -> load(write("n.mtx",
                "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type uint64_t\n2 2 1\n1 1 -1\n")));
        assertTrue(negative.reason().contains("out of range for uint64"), negative.reason());
        BadInputException tooBig = assertThrows(BadInputException.class, () -> load(write("t.mtx",
                "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type uint64_t\n2 2 1\n1 1 18446744073709551616\n")));
        assertTrue(tooBig.reason().contains("beyond uint64"), tooBig.reason());
    }

    @Test
    void fp32TakesItsLargestValue() throws IOException {
        Graph g = load(write("f.mtx", "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type float\n"
                + "2 2 2\n1 1 3.4028235e38\n2 2 -3.4028235e38\n"));
        assertEquals(3.4028235e38, g.weights()[0]);
        BadInputException e = assertThrows(BadInputException.class, () -> load(write("g.mtx",
                "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type float\n2 2 1\n1 1 3.4028236e38\n")));
        assertEquals("value '3.4028236e38' out of range for fp32", e.reason());
    }

    @Test
    void aBannerMustStartItsLine() throws IOException {
        BadInputException e = assertThrows(BadInputException.class, () -> load(write("s.mtx",
                " %%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 3\n")));
        assertEquals(1, e.line());
        assertTrue(e.reason().startsWith("the banner must start the first line"), e.reason());
    }

    @Test
    void twoTypeLinesMustAgree() throws IOException {
        Graph same = load(write("s.mtx", "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int8_t\n"
                + "%%GraphBLAS type int8_t\n2 2 1\n1 1 3\n"));
        assertEquals(GraphBlasType.INT8, same.valueType());
        BadInputException e = assertThrows(BadInputException.class, () -> load(write("d.mtx",
                "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int8_t\n%%GraphBLAS type int16_t\n2 2 0\n")));
        assertEquals(3, e.line());
    }
}
