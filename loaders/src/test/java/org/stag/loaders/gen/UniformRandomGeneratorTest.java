package org.stag.loaders.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stag.loaders.gen.GenTestSupport.assertSameGraph;
import static org.stag.loaders.gen.GenTestSupport.averageDegree;
import static org.stag.loaders.gen.GenTestSupport.degrees;
import static org.stag.loaders.gen.GenTestSupport.max;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Symmetry;

class UniformRandomGeneratorTest {
    private static final UniformRandomGenerator URAND = new UniformRandomGenerator();

    @Test
    void sameSeedGivesSameGraphForAnyThreadCount() {
        GeneratorOptions options = new GeneratorOptions(14, 10, 11, 1, true, false);
        EdgeList one = URAND.generate(options);
        assertSameGraph(one, URAND.generate(options.withThreads(2)));
        assertSameGraph(one, URAND.generate(options.withThreads(3)));
    }

    @Test
    void differentSeedsGiveDifferentGraphs() {
        EdgeList a = URAND.generate(GeneratorOptions.of(12, 16, 1));
        EdgeList b = URAND.generate(GeneratorOptions.of(12, 16, 2));
        assertFalse(Arrays.equals(a.src(), b.src()));
        assertFalse(Arrays.equals(a.dst(), b.dst()));
    }

    @Test
    void shapeAndMetadata() {
        EdgeList el = URAND.generate(GeneratorOptions.of(13, 3, 1));
        assertEquals(8192, el.numRows());
        assertEquals(3 * 8192, el.size());
        assertEquals(Symmetry.SYMMETRIC, el.symmetry());
        assertEquals("urand(scale=13,degree=3,seed=1)", el.source());
    }

    @Test
    void degreeDistributionIsNotSkewed() {
        // Degrees are about Poisson(32): measured maxima 57..63 for seeds 1..5.
        EdgeList el = URAND.generate(GeneratorOptions.of(16, 16, 1));
        double average = averageDegree(el);
        int[] deg = degrees(el);
        assertTrue(max(deg) < 3 * average, "max degree " + max(deg) + " vs average " + average);
        // Endpoints cover the whole id range evenly: each half of the ids gets about half the endpoints.
        long low = Arrays.stream(deg, 0, deg.length / 2).asLongStream().sum();
        assertEquals(0.5, low / (2.0 * el.size()), 0.01);
    }

    @Test
    void tooManyEdgesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> URAND.generate(GeneratorOptions.of(30, 2, 1)));
    }
}
