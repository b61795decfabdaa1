package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/** Compares two runs' {@code vertex value} lines: exactly, or with the values within 1e-9 relative. */
final class ResultLines {
    private ResultLines() {
    }

    /** The same lines, or, when {@code rounded}, the same vertices with values within 1e-9 relative (the last column). */
    static void assertSame(String what, List<String> expected, List<String> actual, boolean rounded) {
        if (!rounded) {
            assertEquals(expected, actual, what);
            return;
        }
        assertEquals(expected.size(), actual.size(), what);
        for (int k = 0; k < expected.size(); k++) {
            String[] x = expected.get(k).split(" ");
            String[] y = actual.get(k).split(" ");
            assertEquals(x[0], y[0], what + " line " + k);
            double u = Double.parseDouble(x[x.length - 1]);
            double v = Double.parseDouble(y[y.length - 1]);
            assertTrue(u == v || Math.abs(u - v) <= 1e-9 * Math.max(1e-300, Math.abs(u)), what + " line " + k + ": " + u
                    + " vs " + v);
        }
    }
}
