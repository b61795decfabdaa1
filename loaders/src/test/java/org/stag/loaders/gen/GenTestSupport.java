package org.stag.loaders.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.stag.loaders.EdgeList;

/** Helpers shared by the generator tests. */
final class GenTestSupport {
    private GenTestSupport() {
    }

    /** Undirected degree (out + in) of every vertex; a self-loop counts twice. */
    static int[] degrees(EdgeList el) {
        int[] deg = new int[el.numRows()];
        int[] src = el.src();
        int[] dst = el.dst();
        for (int e = 0; e < el.size(); e++) {
            deg[src[e]]++;
            deg[dst[e]]++;
        }
        return deg;
    }

    static int max(int[] values) {
        return Arrays.stream(values).max().orElseThrow();
    }

    static int argMax(int[] values) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] > values[best]) {
                best = i;
            }
        }
        return best;
    }

    /** Average undirected degree, {@code 2m / n}. */
    static double averageDegree(EdgeList el) {
        return 2.0 * el.size() / el.numRows();
    }

    /** Asserts equal entries (ids, weights, size) and metadata. */
    static void assertSameGraph(EdgeList expected, EdgeList actual) {
        assertEquals(expected.size(), actual.size(), "size");
        assertEquals(expected.numRows(), actual.numRows(), "rows");
        assertEquals(expected.source(), actual.source(), "source");
        assertArrayEquals(expected.src(), actual.src(), "src");
        assertArrayEquals(expected.dst(), actual.dst(), "dst");
        assertArrayEquals(expected.weights(), actual.weights(), "weights");
    }

    /** A hash of the entries that pins the exact output (specified by {@link Arrays#hashCode}). */
    static long fingerprint(EdgeList el) {
        long h = el.size();
        h = h * 1_000_003 + Arrays.hashCode(el.src());
        h = h * 1_000_003 + Arrays.hashCode(el.dst());
        h = h * 1_000_003 + Arrays.hashCode(el.weights());
        return h;
    }
}
