package org.stag.loaders.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stag.loaders.gen.GenTestSupport.argMax;
import static org.stag.loaders.gen.GenTestSupport.assertSameGraph;
import static org.stag.loaders.gen.GenTestSupport.averageDegree;
import static org.stag.loaders.gen.GenTestSupport.degrees;
import static org.stag.loaders.gen.GenTestSupport.max;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;

class KroneckerGeneratorTest {
    private static final KroneckerGenerator KRON = new KroneckerGenerator();

    @Test
    void sameSeedGivesSameGraphForAnyThreadCount() {
        // Scale 14, degree 16: 2^18 edges = four blocks, so three threads really split the work.
        GeneratorOptions options = new GeneratorOptions(14, 16, 7, 1, true, false);
        EdgeList one = KRON.generate(options);
        assertSameGraph(one, KRON.generate(options.withThreads(2)));
        assertSameGraph(one, KRON.generate(options.withThreads(3)));
        assertSameGraph(one, KRON.generate(options));
    }

    @Test
    void unevenLastBlockIsDeterministicToo() {
        GeneratorOptions options = GeneratorOptions.of(12, 40.3, 3);
        EdgeList one = KRON.generate(options);
        assertEquals(Math.round(40.3 * 4096), one.size());
        assertSameGraph(one, KRON.generate(options.withThreads(3)));
    }

    @Test
    void differentSeedsGiveDifferentGraphs() {
        EdgeList a = KRON.generate(GeneratorOptions.of(12, 16, 1));
        EdgeList b = KRON.generate(GeneratorOptions.of(12, 16, 2));
        assertFalse(Arrays.equals(a.src(), b.src()));
        assertFalse(Arrays.equals(a.dst(), b.dst()));
    }

    @Test
    void shapeAndMetadata() {
        EdgeList el = KRON.generate(GeneratorOptions.of(12, 16, 1));
        assertEquals(4096, el.numRows());
        assertEquals(4096, el.numCols());
        assertEquals(16 * 4096, el.size());
        assertEquals(Symmetry.SYMMETRIC, el.symmetry());
        assertEquals(ValueKind.PATTERN, el.valueKind());
        assertEquals(null, el.weights());
        assertTrue(el.ids().isOffset());
        assertEquals(0, el.ids().base());
        assertEquals(0, el.lineOf(5));
        assertEquals("kron(scale=12,degree=16,seed=1)", el.source());
        for (int e = 0; e < el.size(); e++) {
            assertTrue(el.src()[e] >= 0 && el.src()[e] < 4096 && el.dst()[e] >= 0 && el.dst()[e] < 4096);
        }
        EdgeList custom = new KroneckerGenerator(0.5, 0.1, 0.1).generate(GeneratorOptions.of(12, 16, 1));
        assertEquals("kron(scale=12,degree=16,seed=1,a=0.5,b=0.1,c=0.1)", custom.source());
    }

    @Test
    void degreeDistributionIsSkewed() {
        // Measured: max degree about 26000 against an average of 32 (ratio about 810) for seeds 1..5; a
        // uniform graph of the same size has a ratio below 2 (see UniformRandomGeneratorTest).
        EdgeList el = KRON.generate(GeneratorOptions.of(16, 16, 1).withThreads(2));
        double average = averageDegree(el);
        assertEquals(32.0, average, 1e-9);
        int maxDegree = max(degrees(el));
        assertTrue(maxDegree >= 200 * average, "max degree " + maxDegree + " vs average " + average);
    }

    @Test
    void permutationIsABijection() {
        for (int n : new int[] {1, 2, 3, 1000, 1 << 12}) {
            int[] perm = KroneckerGenerator.permutation(n, 99);
            int[] sorted = perm.clone();
            Arrays.sort(sorted);
            for (int i = 0; i < n; i++) {
                assertEquals(i, sorted[i], "n=" + n);
            }
        }
        int[] p1 = KroneckerGenerator.permutation(1 << 12, 1);
        int[] p2 = KroneckerGenerator.permutation(1 << 12, 2);
        assertFalse(Arrays.equals(p1, p2));
        int fixed = 0;
        for (int i = 0; i < p1.length; i++) {
            fixed += p1[i] == i ? 1 : 0;
        }
        assertTrue(fixed < 10, fixed + " fixed points: not shuffled");
    }

    @Test
    void permutationRelabelsTheRecursiveGraphAndMovesTheHub() {
        int hubAtZero = 0;
        for (long seed = 1; seed <= 5; seed++) {
            GeneratorOptions options = GeneratorOptions.of(12, 16, seed);
            EdgeList raw = KRON.generate(options, false);
            EdgeList permuted = KRON.generate(options);
            int[] perm = KroneckerGenerator.permutation(options.numVertices(), seed);
            for (int e = 0; e < raw.size(); e++) {
                assertEquals(perm[raw.src()[e]], permuted.src()[e]);
                assertEquals(perm[raw.dst()[e]], permuted.dst()[e]);
            }
            // Before relabelling the recursion puts the hub at vertex 0.
            assertEquals(0, argMax(degrees(raw)));
            hubAtZero += argMax(degrees(permuted)) == 0 ? 1 : 0;
        }
        assertTrue(hubAtZero <= 1, "hub stayed at vertex 0 for " + hubAtZero + " of 5 seeds");
    }

    @Test
    void quadrantsFollowTheInitiatorProbabilities() {
        // Unequal b and c, so that swapping two quadrants would show.
        double a = 0.4, b = 0.3, c = 0.2, d = 0.1;
        int scale = 10;
        EdgeList el = new KroneckerGenerator(a, b, c).generate(GeneratorOptions.of(scale, 64, 5), false);
        long[] quadrant = new long[4];
        for (int e = 0; e < el.size(); e++) {
            for (int level = 0; level < scale; level++) {
                int s = (el.src()[e] >>> level) & 1;
                int t = (el.dst()[e] >>> level) & 1;
                quadrant[2 * s + t]++;
            }
        }
        double total = (double) el.size() * scale;
        double[] expected = {a, b, c, d};
        for (int q = 0; q < 4; q++) {
            // About 655000 trials: the standard deviation is below 0.0007.
            assertEquals(expected[q], quadrant[q] / total, 0.004, "quadrant " + q);
        }
    }

    @Test
    void directedOnlyChangesTheSymmetry() {
        GeneratorOptions options = GeneratorOptions.of(12, 8, 4);
        EdgeList undirected = KRON.generate(options);
        EdgeList directed = KRON.generate(options.withDirected(true));
        assertEquals(Symmetry.GENERAL, directed.symmetry());
        assertArrayEquals(undirected.src(), directed.src());
        assertArrayEquals(undirected.dst(), directed.dst());
    }

    @Test
    void badProbabilitiesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new KroneckerGenerator(0.6, 0.3, 0.2));
        assertThrows(IllegalArgumentException.class, () -> new KroneckerGenerator(-0.1, 0.3, 0.2));
        assertThrows(IllegalArgumentException.class, () -> new KroneckerGenerator(Double.NaN, 0.3, 0.2));
        assertEquals(0.0, new KroneckerGenerator(0.5, 0.25, 0.25).d());
    }

    @Test
    void tooManyEdgesAreRejectedBeforeAllocating() {
        // 16 * 2^27 = 2^31 edges do not fit in an int-indexed array.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KRON.generate(GeneratorOptions.of(27, 16, 1)));
        assertTrue(e.getMessage().contains("2147483648 edges"), e.getMessage());
        assertEquals(1 << 30, GeneratorOptions.of(26, 16, 1).edgeFactorEdges());
    }
}
