package org.stag.loaders.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;

/** What all generators share: options, weights, symmetry, naming, the random streams and the block loop. */
class GeneratorCommonTest {
    private static final List<GraphGenerator> ALL =
            List.of(new KroneckerGenerator(), new UniformRandomGenerator(), new GridGenerator());

    @Test
    void weightsAreIntegersFromOneTo255AndDoNotChangeTheEdges() {
        for (GraphGenerator gen : ALL) {
            GeneratorOptions options = new GeneratorOptions(14, 3, 8, 2, false, false);
            EdgeList plain = gen.generate(options);
            EdgeList weighted = gen.generate(options.withWeighted(true));
            assertNull(plain.weights(), gen.name());
            assertEquals(ValueKind.PATTERN, plain.valueKind());
            assertEquals(ValueKind.INTEGER, weighted.valueKind());
            assertArrayEquals(plain.src(), weighted.src(), gen.name());
            assertArrayEquals(plain.dst(), weighted.dst(), gen.name());
            double[] w = weighted.weights();
            assertEquals(weighted.size(), w.length);
            int[] histogram = new int[256];
            for (double x : w) {
                assertTrue(x >= 1 && x <= 255 && x == Math.rint(x), gen.name() + ": weight " + x);
                histogram[(int) x]++;
            }
            // Roughly uniform: every value occurs, none more than twice as often as the mean.
            double mean = w.length / 255.0;
            for (int v = 1; v <= 255; v++) {
                assertTrue(histogram[v] > 0 && histogram[v] < 2 * mean, gen.name() + ": weight " + v + " x" + histogram[v]);
            }
        }
    }

    @Test
    void directedGivesGeneralSymmetryWithTheSameEntries() {
        for (GraphGenerator gen : ALL) {
            GeneratorOptions options = GeneratorOptions.of(12, 2, 3);
            EdgeList undirected = gen.generate(options);
            EdgeList directed = gen.generate(options.withDirected(true));
            assertEquals(Symmetry.SYMMETRIC, undirected.symmetry());
            assertEquals(Symmetry.GENERAL, directed.symmetry());
            assertArrayEquals(undirected.src(), directed.src());
            assertArrayEquals(undirected.dst(), directed.dst());
        }
    }

    @Test
    void outputIsPinned() {
        // Fingerprints of the exact output: a change here changes every generated graph, which must be a
        // deliberate decision (published results name graphs by generator, parameters and seed).
        GeneratorOptions options = new GeneratorOptions(10, 3, 42, 1, true, false);
        long[] expected = {GOLDEN_KRON, GOLDEN_URAND, GOLDEN_GRID};
        for (int i = 0; i < ALL.size(); i++) {
            assertEquals(expected[i], GenTestSupport.fingerprint(ALL.get(i).generate(options)), ALL.get(i).name());
        }
    }

    /** Recorded from the first implementation (SplitMix64 block streams, blocks of 2^16). */
    private static final long GOLDEN_KRON = 3327428853452824473L;
    private static final long GOLDEN_URAND = -235220440621796673L;
    private static final long GOLDEN_GRID = -7844890751684478108L;

    @Test
    void badOptionsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(0, 16, 1));
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(31, 16, 1));
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(-1, 16, 1));
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(10, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(10, Double.POSITIVE_INFINITY, 1));
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(10, 16, 1).withThreads(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(31, 16, 1));
        assertTrue(e.getMessage().contains("1..30"), e.getMessage());
        assertEquals(1 << 30, GeneratorOptions.of(30, 1, 1).numVertices());
    }

    @Test
    void generatorsAreFoundByName() {
        assertSame(KroneckerGenerator.class, GraphGenerator.byName("kron").getClass());
        assertSame(UniformRandomGenerator.class, GraphGenerator.byName(" URAND ").getClass());
        assertSame(GridGenerator.class, GraphGenerator.byName("grid").getClass());
        for (GraphGenerator gen : ALL) {
            assertSame(gen.getClass(), GraphGenerator.byName(gen.name()).getClass());
        }
        assertThrows(IllegalArgumentException.class, () -> GraphGenerator.byName("rmat2"));
    }

    @Test
    void splitMix64IsTheReferenceAlgorithm() {
        // SplittableRandom(seed).nextLong() is SplitMix64; our copy must give the same numbers.
        for (long seed : new long[] {0, 1, -1, 1234567, Long.MIN_VALUE}) {
            SplitMix64 ours = new SplitMix64(seed);
            SplittableRandom reference = new SplittableRandom(seed);
            for (int i = 0; i < 100; i++) {
                assertEquals(reference.nextLong(), ours.nextLong());
            }
        }
    }

    @Test
    void boundedIntsAreInRangeAndUniform() {
        SplitMix64 rng = new SplitMix64(5);
        for (int bound : new int[] {1, 2, 7, 255, Integer.MAX_VALUE}) {
            for (int i = 0; i < 1000; i++) {
                int x = rng.nextInt(bound);
                assertTrue(x >= 0 && x < bound, x + " not below " + bound);
            }
        }
        int[] count = new int[3];
        for (int i = 0; i < 300_000; i++) {
            count[rng.nextInt(3)]++;
        }
        for (int c : count) {
            assertEquals(100_000, c, 1500);
        }
    }

    @Test
    void blockStreamsDifferBySeedStreamAndBlock() {
        long base = SplitMix64.mixSeed(1, SplitMix64.STREAM_KRON, 0);
        assertTrue(base != SplitMix64.mixSeed(2, SplitMix64.STREAM_KRON, 0));
        assertTrue(base != SplitMix64.mixSeed(1, SplitMix64.STREAM_URAND, 0));
        assertTrue(base != SplitMix64.mixSeed(1, SplitMix64.STREAM_KRON, 1));
    }

    @Test
    void blockLoopRunsEveryBlockOnceAndPropagatesFailures() {
        for (int threads : new int[] {1, 2, 3, 8}) {
            AtomicIntegerArray runs = new AtomicIntegerArray(100);
            Blocks.run(threads, 100, runs::incrementAndGet);
            for (int b = 0; b < 100; b++) {
                assertEquals(1, runs.get(b), "block " + b + " with " + threads + " threads");
            }
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> Blocks.run(threads, 50, b -> {
                if (b == 17) {
                    throw new IllegalStateException("block 17");
                }
            }));
            assertEquals("block 17", e.getMessage());
        }
        assertEquals(0, Blocks.count(0));
        assertEquals(1, Blocks.count(1));
        assertEquals(2, Blocks.count(Blocks.SIZE + 1));
        assertEquals(Blocks.SIZE + 1, Blocks.end(1, Blocks.SIZE + 1));
    }
}
