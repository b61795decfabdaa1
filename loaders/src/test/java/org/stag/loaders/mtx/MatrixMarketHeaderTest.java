package org.stag.loaders.mtx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.stag.loaders.BadInputException;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.text.HeaderReader;

/**
 * The Matrix Market banner and size line at their edges: the largest size accepted and the first refused, the
 * entries a shape can hold (all, a triangle with or without its diagonal) and one more, the line each refusal
 * names, and how {@code %%GraphBLAS} lines between banner and size line are read (a type, a repeated type, a
 * comment, an unsigned type on a skew-symmetric matrix, the older form without {@code type}).
 */
class MatrixMarketHeaderTest {
    private static final String FILE = "h.mtx";

    private static MatrixMarketHeader header(String text) {
        return MatrixMarketHeader.read(new HeaderReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), FILE),
                FILE);
    }

    private static BadInputException refused(String text, long line) {
        BadInputException e = assertThrows(BadInputException.class, () -> header(text));
        assertEquals(FILE, e.file());
        assertEquals(line, e.line(), e.getMessage());
        return e;
    }

    @Test
    void aCoordinateHeaderGivesItsFieldsAndTheSizeLinesNumber() {
        MatrixMarketHeader h = header("%%MatrixMarket matrix coordinate integer general\n% c\n\n  % indented comment\n"
                + "3 4 5\n1 1 1\n");
        assertTrue(h.coordinate());
        assertEquals(ValueKind.INTEGER, h.field());
        assertEquals(Symmetry.GENERAL, h.symmetry());
        assertEquals(3, h.rows());
        assertEquals(4, h.cols());
        assertEquals(5, h.entries());
        assertEquals(5, h.sizeLine());
        assertNull(h.valueType());
        MatrixMarketHeader upper = header("%%matrixmarket MATRIX Coordinate DOUBLE Skew-Symmetric\n2\t2 1\n");
        assertEquals(ValueKind.REAL, upper.field());
        assertEquals(Symmetry.SKEW_SYMMETRIC, upper.symmetry());
        assertEquals(ValueKind.PATTERN, header("%%MatrixMarket matrix coordinate pattern symmetric\n2 2 3\n").field());
    }

    @Test
    void anArrayHeaderHoldsAsManyValuesAsItsShape() {
        MatrixMarketHeader general = header("%%MatrixMarket matrix array real general\n3 4\n");
        assertFalse(general.coordinate());
        assertEquals(12, general.entries());
        assertEquals(6, header("%%MatrixMarket matrix array real symmetric\n3 3\n").entries());
        assertEquals(3, header("%%MatrixMarket matrix array integer skew-symmetric\n3 3\n").entries());
        assertEquals(0, header("%%MatrixMarket matrix array integer skew-symmetric\n1 1\n").entries());
        assertEquals("garbled size line '3 3 9': expected 'rows columns'",
                refused("%%MatrixMarket matrix array real general\n3 3 9\n", 2).reason());
    }

    @Test
    void entriesUpToWhatTheShapeHoldsAreAccepted() {
        assertEquals(6, header("%%MatrixMarket matrix coordinate real general\n2 3 6\n").entries());
        assertEquals("the size line declares 7 entries, more than a 2 x 3 matrix can hold (6)",
                refused("%%MatrixMarket matrix coordinate real general\n2 3 7\n", 2).reason());
        // A symmetric coordinate file may list both triangles: only the full matrix bounds it.
        assertEquals(9, header("%%MatrixMarket matrix coordinate real symmetric\n3 3 9\n").entries());
        assertEquals("the size line declares 1 entry, more than a 0 x 0 matrix can hold (0)",
                refused("%%MatrixMarket matrix coordinate real general\n0 0 1\n", 2).reason());
        assertEquals("1 entry", MatrixMarketHeader.entries(1));
        assertEquals("0 entries", MatrixMarketHeader.entries(0));
        assertEquals(10, MatrixMarketHeader.capacity(4, 4, Symmetry.SYMMETRIC));
        assertEquals(6, MatrixMarketHeader.capacity(4, 4, Symmetry.SKEW_SYMMETRIC));
        assertEquals(12, MatrixMarketHeader.capacity(3, 4, Symmetry.GENERAL));
    }

    @Test
    void theLargestSizeIsAcceptedAndOneMoreRefused() {
        int max = Integer.MAX_VALUE - 1;
        MatrixMarketHeader h = header("%%MatrixMarket matrix coordinate pattern general\n" + max + " " + max + " 0\n");
        assertEquals(max, h.rows());
        assertEquals(max, h.cols());
        assertEquals("matrix too large: 2147483647 x 1 (at most 2147483646 rows and columns)",
                refused("%%MatrixMarket matrix coordinate pattern general\n2147483647 1 0\n", 2).reason());
        assertEquals("matrix too large: 1 x 2147483647 (at most 2147483646 rows and columns)",
                refused("%%MatrixMarket matrix coordinate pattern general\n1 2147483647 0\n", 2).reason());
        assertEquals(0, header("%%MatrixMarket matrix coordinate pattern general\n0 0 0\n").rows());
        assertEquals("negative number -1 in the size line",
                refused("%%MatrixMarket matrix coordinate pattern general\n% c\n1 -1 0\n", 3).reason());
        assertEquals("negative number -2 in the size line",
                refused("%%MatrixMarket matrix coordinate pattern general\n1 1 -2\n", 2).reason());
        assertEquals("garbled size line '2 x 0': 'x' is not a whole number (expected 'rows columns entries')",
                refused("%%MatrixMarket matrix coordinate pattern general\n2 x 0\n", 2).reason());
        assertEquals("garbled size line '2 2': expected 'rows columns entries'",
                refused("%%MatrixMarket matrix coordinate pattern general\n2 2\n", 2).reason());
        assertEquals("a symmetric matrix must be square, the size line says 2 x 3",
                refused("%%MatrixMarket matrix coordinate real symmetric\n2 3 1\n", 2).reason());
    }

    @Test
    void theBannerIsCheckedWordByWord() {
        assertEquals("empty file (expected the Matrix Market banner '%%MatrixMarket matrix coordinate|array "
                + "real|double|integer|pattern general|symmetric|skew-symmetric')", refused("", 1).reason());
        assertTrue(refused("%%MatrixMarket matrix coordinate real\n", 1).reason().startsWith("incomplete banner"));
        assertEquals("unexpected 'extra' after the banner's symmetry",
                refused("%%MatrixMarket matrix coordinate real general extra\n1 1 0\n", 1).reason());
        assertTrue(refused(" %%MatrixMarket matrix coordinate real general\n1 1 0\n", 1).reason()
                .startsWith("the banner must start the first line"));
        assertTrue(refused("%%MatrixMarket matrix coordinate real general\r1 1 0\r", 1).reason().contains("carriage return"));
        assertTrue(refused("1 2 3\n", 1).reason().startsWith("not a Matrix Market file"));
        assertEquals("unknown object 'vector' (only 'matrix' is supported)",
                refused("%%MatrixMarket vector coordinate real general\n", 1).reason());
        assertEquals("unknown format 'sparse' (expected coordinate or array)",
                refused("%%MatrixMarket matrix sparse real general\n", 1).reason());
        assertEquals("complex matrices are unsupported", refused("%%MatrixMarket matrix coordinate complex general\n", 1).reason());
        assertTrue(refused("%%MatrixMarket matrix coordinate float general\n", 1).reason().startsWith("unknown field 'float'"));
        assertEquals("hermitian matrices are unsupported", refused("%%MatrixMarket matrix coordinate real hermitian\n", 1).reason());
        assertTrue(refused("%%MatrixMarket matrix coordinate real upper\n", 1).reason().startsWith("unknown symmetry 'upper'"));
        assertEquals("the array format cannot have the pattern field",
                refused("%%MatrixMarket matrix array pattern general\n2 2\n", 1).reason());
        assertEquals("a pattern matrix cannot be skew-symmetric",
                refused("%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 0\n", 1).reason());
        assertEquals("missing size line (expected 'rows columns entries')",
                refused("%%MatrixMarket matrix coordinate real general\n% only a comment\n", 3).reason());
        assertEquals("missing size line (expected 'rows columns')", refused("%%MatrixMarket matrix array real general\n", 2).reason());
    }

    @Test
    void graphBlasLinesDeclareATypeOrAreComments() {
        MatrixMarketHeader h = header("%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int32_t\n"
                + "%%GraphBLAS comment (ignored)\n%%GraphBLAS type int32_t\n2 2 1\n");
        assertEquals(GraphBlasType.INT32, h.valueType());
        assertEquals(5, h.sizeLine());
        assertEquals(GraphBlasType.UINT8, header("%%MatrixMarket matrix coordinate integer general\n%%graphblas GrB_UINT8\n"
                + "1 1 0\n").valueType());
        assertNull(header("%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS note\n1 1 0\n").valueType());
        assertNull(header("%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS some words here\n1 1 0\n").valueType());
        assertEquals("a second %%GraphBLAS type line, int64_t, after int32_t",
                refused("%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int32_t\n"
                        + "%%GraphBLAS type int64_t\n2 2 1\n", 3).reason());
        assertEquals("a skew-symmetric matrix cannot have the unsigned type uint16",
                refused("%%MatrixMarket matrix coordinate integer skew-symmetric\n%\n%%GraphBLAS type uint16_t\n2 2 1\n", 3)
                        .reason());
        assertEquals(GraphBlasType.INT16, header("%%MatrixMarket matrix coordinate integer skew-symmetric\n"
                + "%%GraphBLAS type int16_t\n2 2 1\n").valueType());
        assertEquals("the %%GraphBLAS type line names no type (expected e.g. '%%GraphBLAS type int8_t')",
                refused("%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type\n1 1 0\n", 2).reason());
        assertTrue(refused("%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int7_t\n1 1 0\n", 2).reason()
                .startsWith("unknown %%GraphBLAS type 'int7_t'"));
        assertEquals("unexpected 'x' after the %%GraphBLAS type",
                refused("%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int8_t x\n1 1 0\n", 2).reason());
        assertEquals("complex matrices are unsupported (%%GraphBLAS type 'GxB_FC64')",
                refused("%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type GxB_FC64\n1 1 0\n", 2).reason());
        assertEquals("complex matrices are unsupported (%%GraphBLAS type 'GxB_FC32')",
                refused("%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type GxB_FC32\n1 1 0\n", 2).reason());
        assertEquals("complex matrices are unsupported (%%GraphBLAS type 'double')",
                refused("%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type double complex\n1 1 0\n", 2).reason());
        assertEquals("complex matrices are unsupported (%%GraphBLAS 'float complex')",
                refused("%%MatrixMarket matrix coordinate real general\n%%GraphBLAS float complex\n1 1 0\n", 2).reason());
        assertNull(header("%%MatrixMarket matrix coordinate real general\n%%GraphBLAS words complex\n1 1 0\n").valueType(),
                "'complex' after a word that names no type is a comment");
        assertEquals(GraphBlasType.INT8, GraphBlasLine.known("int8"));
        assertEquals(GraphBlasType.INT8, GraphBlasLine.known("GrB_INT8"));
        assertNull(GraphBlasLine.known("grb_"));
        assertNull(GraphBlasLine.known("_t"));
    }
}
