package org.stag.loaders.mtx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.BadInputException;
import org.stag.loaders.EdgeList;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;

/**
 * Dense ({@code array}) Matrix Market data as {@link MatrixMarketReader} reads it, one value per line in column
 * order: every position of a matrix larger than the reader's first arrays, exact integers past 2^53 (signed and
 * uint64), the values a declared {@code %%GraphBLAS} type refuses, the most negative int64 in a skew-symmetric
 * matrix, non-finite literals against overflowing numbers, and each refusal's line.
 */
class MatrixMarketArrayTest {
    @TempDir
    Path dir;

    private EdgeList read(String text) throws IOException {
        Path p = dir.resolve("a.mtx");
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        return MatrixMarketReader.read(p, LoadOptions.defaults());
    }

    private BadInputException refused(String text, long line) {
        BadInputException e = assertThrows(BadInputException.class, () -> read(text));
        assertEquals(line, e.line(), e.getMessage());
        return e;
    }

    @Test
    void everyPositionOfALargeGeneralMatrixInColumnOrder() throws IOException {
        int rows = 7;
        int cols = 5;
        StringBuilder s = new StringBuilder("%%MatrixMarket matrix array real general\n" + rows + " " + cols + "\n");
        for (int k = 0; k < rows * cols; k++) {
            s.append(k % 4 == 0 ? "% between values\n" : "").append(k * 0.5 - 3).append('\n');
        }
        EdgeList e = read(s.toString());
        assertEquals(rows * cols, e.size());
        for (int k = 0; k < rows * cols; k++) {
            assertEquals(k % rows, e.src()[k], "row of value " + k);
            assertEquals(k / rows, e.dst()[k], "column of value " + k);
            assertEquals(k * 0.5 - 3, e.weights()[k]);
        }
        assertNull(e.exact());
        assertEquals(Symmetry.GENERAL, e.symmetry());
    }

    @Test
    void symmetricAndSkewFilesListTheirLowerTriangle() throws IOException {
        // 6 x 6 symmetric: 21 values (past the first arrays of 16), column by column from the diagonal down.
        StringBuilder s = new StringBuilder("%%MatrixMarket matrix array integer symmetric\n6 6\n");
        for (int k = 1; k <= 21; k++) {
            s.append(k).append('\n');
        }
        EdgeList e = read(s.toString());
        assertEquals(21, e.size());
        int k = 0;
        for (int c = 0; c < 6; c++) {
            for (int r = c; r < 6; r++, k++) {
                assertEquals(r, e.src()[k]);
                assertEquals(c, e.dst()[k]);
                assertEquals(k + 1, e.weights()[k]);
            }
        }
        EdgeList skew = read("%%MatrixMarket matrix array integer skew-symmetric\n4 4\n1\n2\n3\n4\n5\n6\n");
        assertArrayEquals(new int[] {1, 2, 3, 2, 3, 3}, Arrays.copyOf(skew.src(), 6));
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 2}, Arrays.copyOf(skew.dst(), 6));
        assertEquals("value '-9223372036854775808' in a skew-symmetric matrix: its mirror's value is beyond int64",
                refused("%%MatrixMarket matrix array integer skew-symmetric\n2 2\n-9223372036854775808\n", 3).reason());
        assertEquals(-9223372036854775807L,
                read("%%MatrixMarket matrix array integer skew-symmetric\n2 2\n-9223372036854775807\n").exact()[0]);
        assertEquals(Long.MIN_VALUE,
                read("%%MatrixMarket matrix array integer general\n1 1\n-9223372036854775808\n").exact()[0]);
    }

    @Test
    void integersPast2To53AreHeldExactly() throws IOException {
        EdgeList e = read("%%MatrixMarket matrix array integer general\n3 1\n5\n9007199254740993\n-9223372036854775807\n");
        assertArrayEquals(new long[] {5, 9007199254740993L, -9223372036854775807L}, Arrays.copyOf(e.exact(), 3));
        assertEquals(9007199254740992.0, e.weights()[1]);
        EdgeList small = read("%%MatrixMarket matrix array integer general\n2 1\n9007199254740992\n-9007199254740992\n");
        assertNull(small.exact(), "values a double holds exactly need no exact copy");
        EdgeList u = read("%%MatrixMarket matrix array integer general\n%%GraphBLAS type uint64_t\n2 1\n"
                + "18446744073709551615\n3\n");
        assertEquals(GraphBlasType.UINT64, u.valueType());
        assertTrue(u.unsignedValues());
        assertEquals(-1L, u.exact()[0], "uint64 max held as its bits");
        assertEquals(3L, u.exact()[1]);
        assertEquals(18446744073709551615.0, u.weights()[0]);
        assertEquals("integer value '18446744073709551616' beyond uint64",
                refused("%%MatrixMarket matrix array integer general\n%%GraphBLAS type uint64_t\n1 1\n18446744073709551616\n", 4)
                        .reason());
        assertEquals("integer value '9223372036854775808' beyond int64",
                refused("%%MatrixMarket matrix array integer general\n1 1\n9223372036854775808\n", 3).reason());
        assertTrue(refused("%%MatrixMarket matrix array integer general\n%%GraphBLAS type uint64_t\n1 1\n-1\n", 4).reason()
                .startsWith("expected an integer value, found '-1'"));
    }

    @Test
    void aDeclaredTypeRefusesWhatItCannotHold() throws IOException {
        assertEquals(127.0, read("%%MatrixMarket matrix array integer general\n%%GraphBLAS type int8_t\n1 1\n127\n").weights()[0]);
        BadInputException big = refused("%%MatrixMarket matrix array integer general\n%%GraphBLAS type int8_t\n2 1\n1\n128\n", 5);
        assertEquals(GraphBlasType.INT8.refusal(128, "'128'"), big.reason());
        BadInputException f = refused("%%MatrixMarket matrix array real general\n%%GraphBLAS type float\n1 1\n1e39\n", 4);
        assertEquals(GraphBlasType.FP32.refusal(1e39, "'1e39'"), f.reason());
        assertEquals(3.4028235e38,
                read("%%MatrixMarket matrix array real general\n%%GraphBLAS type float\n1 1\n3.4028235e38\n").weights()[0]);
    }

    @Test
    void nonFiniteLiteralsAreValuesAndOverflowIsNot() throws IOException {
        EdgeList e = read("%%MatrixMarket matrix array real general\n5 1\ninf\n-inf\n+Infinity\nnan\n-0\n");
        assertEquals(Double.POSITIVE_INFINITY, e.weights()[0]);
        assertEquals(Double.NEGATIVE_INFINITY, e.weights()[1]);
        assertEquals(Double.POSITIVE_INFINITY, e.weights()[2]);
        assertTrue(Double.isNaN(e.weights()[3]));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(e.weights()[4]));
        assertEquals("value '1e999' is too large for a double (write inf for an infinite value)",
                refused("%%MatrixMarket matrix array real general\n2 1\n1\n1e999\n", 4).reason());
        assertEquals("value '-1e999' is too large for a double (write inf for an infinite value)",
                refused("%%MatrixMarket matrix array real general\n1 1\n-1e999\n", 3).reason());
    }

    @Test
    void refusalsNameTheirLine() {
        assertTrue(refused("%%MatrixMarket matrix array real general\n1 1\n1 2\n", 3).reason()
                .startsWith("unexpected '2' after the value"));
        assertTrue(refused("%%MatrixMarket matrix array real general\n1 1\nx\n", 3).reason()
                .startsWith("expected a numeric value, found 'x'"));
        assertTrue(refused("%%MatrixMarket matrix array integer general\n1 1\n1.5\n", 3).reason()
                .startsWith("expected an integer value, found '1.5'"));
        assertTrue(refused("%%MatrixMarket matrix array real general\n1 2\n1\n2\n3\n", 5).reason()
                .startsWith("too many values: the size line (line 2) declares a 1 x 2 general array"));
        assertEquals("unexpected end of file: the size line (line 2) declares 4 values, the file holds 3",
                refused("%%MatrixMarket matrix array real general\n2 2\n1\n2\n\n3\n", 7).reason());
    }
}
