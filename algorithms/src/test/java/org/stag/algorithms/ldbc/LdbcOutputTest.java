package org.stag.algorithms.ldbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.BadInputException;
import org.stag.loaders.VertexIds;

/** Output files read back as written, in the input's numbering; malformed lines are named. */
class LdbcOutputTest {
    @TempDir
    Path dir;

    @Test
    void realsReadBackBitForBit() {
        double[] values = {0.0, -0.0, 1.0 / 3, 0.1 + 0.2, 1e-300, Double.MIN_VALUE, Double.MAX_VALUE, 6.02214076e23,
                Double.POSITIVE_INFINITY, 0.8300000000000001, -2.5};
        long[] ids = {-7, 0, 5, 9223372036854775807L, -9223372036854775808L, 42, 43, 44, 45, 46, 47};
        Path f = dir.resolve("out");
        LdbcOutput.write(f, VertexIds.explicit(ids), values);
        LdbcOutput.Doubles back = LdbcOutput.readDoubles(f);
        assertArrayEquals(ids, back.vertices());
        for (int i = 0; i < values.length; i++) {
            assertEquals(Double.doubleToRawLongBits(values[i]), Double.doubleToRawLongBits(back.values()[i]),
                    "value " + values[i]);
        }
    }

    @Test
    void integersUseTheInputNumbering() throws IOException {
        Path f = dir.resolve("bfs");
        LdbcOutput.write(f, VertexIds.offset(1), new long[] {0, 1, Long.MAX_VALUE});
        assertEquals(List.of("1 0", "2 1", "3 9223372036854775807"), Files.readAllLines(f));
        LdbcOutput.Longs back = LdbcOutput.readLongs(f);
        assertArrayEquals(new long[] {1, 2, 3}, back.vertices());
        assertArrayEquals(new long[] {0, 1, Long.MAX_VALUE}, back.values());
        Path g = dir.resolve("wcc");
        LdbcOutput.write(g, VertexIds.explicit(new long[] {100, 7}), new int[] {0, 0});
        assertEquals(List.of("100 0", "7 0"), Files.readAllLines(g));
    }

    @Test
    void acceptsTheSpecificationsSpellingsOfInfinity() throws IOException {
        Path f = dir.resolve("sssp");
        Files.write(f, List.of("1 inf", "2 +inf", "3 Infinity", "4 +INFINITY", "5\t-inf", "", "6   -infinity  ", "7 4.2e-01"));
        LdbcOutput.Doubles d = LdbcOutput.readDoubles(f);
        double inf = Double.POSITIVE_INFINITY;
        assertArrayEquals(new double[] {inf, inf, inf, inf, -inf, -inf, 0.42}, d.values());
        assertArrayEquals(new long[] {1, 2, 3, 4, 5, 6, 7}, d.vertices());
    }

    @Test
    void malformedLinesAreNamed() throws IOException {
        Path f = dir.resolve("bad");
        Files.write(f, List.of("1 0", "2 x"));
        BadInputException e = assertThrows(BadInputException.class, () -> LdbcOutput.readLongs(f));
        assertEquals(2, e.line());
        Files.write(f, List.of("1 0", "", "2 1 3"));
        assertEquals(3, assertThrows(BadInputException.class, () -> LdbcOutput.readLongs(f)).line());
        Files.write(f, List.of("v 0.5"));
        assertEquals(1, assertThrows(BadInputException.class, () -> LdbcOutput.readDoubles(f)).line());
        Files.write(f, List.of("1 0.5"));
        assertEquals(1, assertThrows(BadInputException.class, () -> LdbcOutput.readLongs(f)).line());
    }
}
