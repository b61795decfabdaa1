package org.stag.algorithms.ldbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.algorithms.TestData;

/** Validation accepts what matches and rejects what does not, naming the first mismatching vertex. */
class LdbcValidationTest {
    @TempDir
    Path dir;

    private static LdbcOutput.Longs longs(long[] vertices, long... values) {
        return new LdbcOutput.Longs(vertices, values);
    }

    private static final long[] V = {10, 20, 30, 40, 50, 60};

    @Test
    void exactAcceptsEqualAndNamesFirstDifference() {
        LdbcOutput.Longs expected = longs(V, 0, 1, 1, 2, Long.MAX_VALUE, 3);
        assertTrue(LdbcValidation.exact(expected, longs(V, 0, 1, 1, 2, Long.MAX_VALUE, 3)).ok());
        LdbcValidation.Result r = LdbcValidation.exact(expected, longs(V, 0, 1, 1, 3, Long.MAX_VALUE, 4));
        assertFalse(r.ok());
        assertEquals(40, r.vertex());
        assertEquals("2", r.expected());
        assertEquals("3", r.actual());
    }

    @Test
    void exactComparesByVertexNotByLine() {
        LdbcOutput.Longs expected = longs(new long[] {1, 2, 3}, 5, 6, 7);
        assertTrue(LdbcValidation.exact(expected, longs(new long[] {3, 1, 2}, 7, 5, 6)).ok());
        LdbcValidation.Result r = LdbcValidation.exact(expected, longs(new long[] {3, 1, 2}, 7, 6, 5));
        assertEquals(1, r.vertex());
    }

    @Test
    void missingExtraAndRepeatedVerticesAreRejected() {
        LdbcOutput.Longs expected = longs(new long[] {1, 2, 3}, 0, 0, 0);
        LdbcValidation.Result missing = LdbcValidation.exact(expected, longs(new long[] {1, 3}, 0, 0));
        assertFalse(missing.ok());
        assertEquals(2, missing.vertex());
        LdbcValidation.Result extra = LdbcValidation.exact(expected, longs(new long[] {1, 2, 3, 4}, 0, 0, 0, 0));
        assertFalse(extra.ok());
        assertEquals(4, extra.vertex());
        LdbcValidation.Result twice = LdbcValidation.exact(expected, longs(new long[] {1, 2, 2, 3}, 0, 0, 0, 0));
        assertFalse(twice.ok());
        assertEquals(2, twice.vertex());
    }

    @Test
    void relabelledPartitionIsAccepted() {
        LdbcOutput.Longs expected = longs(V, 1, 1, 1, 2, 2, 3);
        assertTrue(LdbcValidation.equivalence(expected, longs(V, 81, 81, 81, 32, 32, 12)).ok());
        assertTrue(LdbcValidation.equivalence(expected, longs(V, 2, 2, 2, 3, 3, 1)).ok());
    }

    @Test
    void mergedPartitionIsRejected() {
        LdbcOutput.Longs expected = longs(V, 1, 1, 1, 2, 2, 3);
        LdbcValidation.Result r = LdbcValidation.equivalence(expected, longs(V, 7, 7, 7, 7, 7, 9));
        assertFalse(r.ok());
        assertEquals(40, r.vertex(), r.message());
    }

    @Test
    void splitPartitionIsRejected() {
        LdbcOutput.Longs expected = longs(V, 1, 1, 1, 2, 2, 3);
        LdbcValidation.Result r = LdbcValidation.equivalence(expected, longs(V, 7, 7, 8, 5, 5, 9));
        assertFalse(r.ok());
        assertEquals(30, r.vertex(), r.message());
    }

    @Test
    void specificationExampleOfIncorrectEquivalenceIsRejected() {
        // The specification's example: labels 31 52 31 31 31 74 against 1 1 1 2 2 3.
        LdbcOutput.Longs expected = longs(V, 1, 1, 1, 2, 2, 3);
        LdbcValidation.Result r = LdbcValidation.equivalence(expected, longs(V, 31, 52, 31, 31, 31, 74));
        assertFalse(r.ok());
        assertEquals(20, r.vertex());
    }

    @Test
    void epsilonIsRelative() {
        long[] v = {1, 2, 3, 4};
        LdbcOutput.Doubles expected = new LdbcOutput.Doubles(v, new double[] {0.0, 0.3, 1e6, Double.POSITIVE_INFINITY});
        assertTrue(LdbcValidation.epsilon(expected,
                new LdbcOutput.Doubles(v, new double[] {0.0, 0.3 * (1 + 9e-10), 1e6 + 5e-4, Double.POSITIVE_INFINITY}),
                LdbcValidation.EPSILON).ok());
        // 2e-9 relative off at vertex 2
        LdbcValidation.Result r = LdbcValidation.epsilon(expected,
                new LdbcOutput.Doubles(v, new double[] {0.0, 0.3 * (1 + 2e-9), 1e6, Double.POSITIVE_INFINITY}),
                LdbcValidation.EPSILON);
        assertFalse(r.ok());
        assertEquals(2, r.vertex());
        // an expected zero needs exactly zero
        assertEquals(1, LdbcValidation.epsilon(expected,
                new LdbcOutput.Doubles(v, new double[] {1e-300, 0.3, 1e6, Double.POSITIVE_INFINITY}),
                LdbcValidation.EPSILON).vertex());
    }

    @Test
    void infinityMatchesOnlyInfinity() {
        long[] v = {1, 2};
        LdbcOutput.Doubles expected = new LdbcOutput.Doubles(v, new double[] {0.5, Double.POSITIVE_INFINITY});
        LdbcValidation.Result finite = LdbcValidation.epsilon(expected,
                new LdbcOutput.Doubles(v, new double[] {0.5, Double.MAX_VALUE}), LdbcValidation.EPSILON);
        assertFalse(finite.ok());
        assertEquals(2, finite.vertex());
        LdbcValidation.Result inf = LdbcValidation.epsilon(new LdbcOutput.Doubles(v, new double[] {0.5, 1.0}),
                new LdbcOutput.Doubles(v, new double[] {0.5, Double.POSITIVE_INFINITY}), LdbcValidation.EPSILON);
        assertFalse(inf.ok());
        assertEquals(2, inf.vertex());
        LdbcValidation.Result nan = LdbcValidation.epsilon(expected,
                new LdbcOutput.Doubles(v, new double[] {Double.NaN, Double.POSITIVE_INFINITY}), LdbcValidation.EPSILON);
        assertEquals(1, nan.vertex());
    }

    @Test
    void perturbedExpectedFileIsRejectedNamingTheVertex() throws IOException {
        for (Path p : TestData.ldbcExamples()) {
            LdbcDataset d = LdbcDataset.open(p);
            for (LdbcAlgorithm a : d.algorithms()) {
                Path expected = d.expectedOutput(a);
                // The file validates against itself ...
                assertTrue(LdbcValidation.validate(a, expected, expected).ok(), a + " " + d.name());
                // ... and not once one value is changed: the third line's vertex is named.
                var lines = Files.readAllLines(expected);
                String[] f = lines.get(2).split(" ");
                String changed = switch (a.method()) {
                    case EXACT -> Long.toString(Long.parseLong(f[1]) + 1);
                    case EQUIVALENCE -> Long.toString(Long.parseLong(f[1]) + 1000);
                    case EPSILON -> {
                        double x = LdbcOutput.parseDouble(f[1]);
                        yield Double.isInfinite(x) ? "1.0" : LdbcOutput.format(x * (1 + 1e-6) + 1e-12);
                    }
                };
                lines.set(2, f[0] + " " + changed);
                Path perturbed = dir.resolve(d.name() + "-" + a.suffix());
                Files.write(perturbed, lines);
                LdbcValidation.Result r = LdbcValidation.validate(a, expected, perturbed);
                assertFalse(r.ok(), a + " " + d.name() + " accepted a perturbed output");
                assertEquals(Long.parseLong(f[0]), r.vertex(), r.message());
            }
        }
    }
}
