package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.VertexValues;
import org.stag.loaders.LoadOptions;

/** The settings the tests run each shipped program with, and how a result is compared with the single JVM's. */
final class Programs {
    private Programs() {
    }

    /** A bundled graph of {@code datasets/}. */
    static Path graph(String name) {
        Path p = SharedSpark.datasets().resolve(name);
        assertTrue(p.toFile().isFile(), "missing test graph " + p);
        return p;
    }

    /** How {@code name} is read: netscience's bundled copy was written 0-based (datasets/README.md). */
    static LoadOptions load(String name) {
        return LoadOptions.defaults().withIndexBase(name.endsWith("netscience.mtx") ? 0 : 1);
    }

    /**
     * The shipped programs that row blocks cannot run, each refused in one line naming the definition: ktruss's
     * support {@code E[i][j] && E[i][w] && E[j][w]} and tc's count {@code U[i][j] && U[j][k] && U[i][k]} read rows
     * j of the matrices they compute, which may be any block's.
     */
    static final java.util.Set<Algorithm> NOT_ON_ROW_BLOCKS = java.util.EnumSet.of(Algorithm.KTRUSS, Algorithm.TC);

    /** The refusal of a program in {@link #NOT_ON_ROW_BLOCKS}. */
    static final String ROW_BLOCKS_REFUSAL = "cannot run on row blocks the definition";

    /** The settings of {@code a}: source 1 (the graphs are Matrix Market), three BC sources, LDBC defaults. */
    static RunSettings settings(Algorithm a) {
        return new RunSettings().startAt(a, 1L, 1, 2, 3);
    }

    /**
     * Checks {@code actual} against the single JVM's {@code expected}: exactly for integer results (BFS, WCC, CDLP),
     * else within 1e-9 relative (sums combine across blocks in another order than in one JVM).
     */
    static void assertSame(Algorithm a, AlgorithmRunner.Result expected, AlgorithmRunner.Result actual, String what) {
        if (expected.scalar() != null) {
            assertEquals(expected.scalar(), actual.scalar(), what);
            return;
        }
        if (expected.edges() != null) {
            assertTrue(actual.edges() != null, what + ": no set of edges");
            assertEquals(null, expected.edges().difference(actual.edges()), what);
            return;
        }
        assertSame(a, expected.values(), actual.values(), what);
    }

    /** As {@link #assertSame(Algorithm, AlgorithmRunner.Result, AlgorithmRunner.Result, String)}, per vertex. */
    static void assertSame(Algorithm a, VertexValues expected, VertexValues actual, String what) {
        assertEquals(expected.integral(), actual.integral(), what);
        assertEquals(expected.size(), actual.size(), what);
        if (expected.integral()) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(expected.longs(), actual.longs(), what);
            return;
        }
        for (int v = 0; v < expected.size(); v++) {
            double x = expected.doubles()[v];
            double y = actual.doubles()[v];
            if (Double.compare(x, y) == 0) {
                continue;
            }
            assertTrue(Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y)),
                    what + ": vertex " + v + ": " + y + " where one JVM gives " + x);
        }
    }
}
