package org.stag.loaders.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stag.loaders.gen.GenTestSupport.assertSameGraph;
import static org.stag.loaders.gen.GenTestSupport.averageDegree;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Symmetry;

class GridGeneratorTest {
    private static final GridGenerator GRID = new GridGenerator();

    @Test
    void sameSeedGivesSameGraphForAnyThreadCount() {
        // Scale 18: four vertex blocks with uneven kept counts, so the block offsets matter.
        GeneratorOptions options = new GeneratorOptions(18, 2.5, 5, 1, true, false);
        EdgeList one = GRID.generate(options);
        assertSameGraph(one, GRID.generate(options.withThreads(2)));
        assertSameGraph(one, GRID.generate(options.withThreads(3)));
    }

    @Test
    void differentSeedsGiveDifferentGraphs() {
        EdgeList a = GRID.generate(GeneratorOptions.of(14, 3, 1));
        EdgeList b = GRID.generate(GeneratorOptions.of(14, 3, 2));
        assertFalse(Arrays.equals(a.src(), b.src()) && Arrays.equals(a.dst(), b.dst()));
    }

    @Test
    void edgesJoinLatticeNeighboursAndAverageDegreeIsAsRequested() {
        for (int scale : new int[] {16, 15}) {
            EdgeList el = GRID.generate(GeneratorOptions.of(scale, 3, 1).withThreads(2));
            int cols = GridGenerator.cols(scale);
            assertEquals(1 << scale, el.numRows());
            assertEquals(1 << scale, (long) GridGenerator.rows(scale) * cols);
            assertEquals(1 << (scale / 2), GridGenerator.rows(scale));
            assertEquals(Symmetry.SYMMETRIC, el.symmetry());
            assertEquals("grid(scale=" + scale + ",degree=3,seed=1)", el.source());
            for (int e = 0; e < el.size(); e++) {
                int u = el.src()[e];
                int v = el.dst()[e];
                assertTrue(u >= 0 && u < el.numRows() && v >= 0 && v < el.numRows());
                int manhattan = Math.abs(u / cols - v / cols) + Math.abs(u % cols - v % cols);
                assertEquals(1, manhattan, "edge " + u + "-" + v + " joins no lattice neighbours");
            }
            assertEquals(3.0, averageDegree(el), 3.0 * 0.05, "scale " + scale);
        }
    }

    @Test
    void degreeFourGivesExactlyTheFullLattice() {
        for (int scale : new int[] {1, 2, 11, 12}) {
            int rows = GridGenerator.rows(scale);
            int cols = GridGenerator.cols(scale);
            for (double degree : new double[] {4, GridGenerator.latticeDegree(scale)}) {
                EdgeList el = GRID.generate(GeneratorOptions.of(scale, degree, scale));
                assertEquals(GridGenerator.latticeEdges(scale), el.size());
                assertEquals(rows * (cols - 1) + (rows - 1) * cols, el.size());
                assertEquals(4 - 2.0 * (rows + cols) / (rows * cols), averageDegree(el), 1e-12);
                boolean[] right = new boolean[el.numRows()];
                boolean[] down = new boolean[el.numRows()];
                for (int e = 0; e < el.size(); e++) {
                    int u = el.src()[e];
                    int v = el.dst()[e];
                    boolean[] seen = v == u + 1 ? right : down;
                    assertTrue(v == u + 1 || v == u + cols);
                    assertFalse(seen[u], "duplicate edge " + u + "-" + v);
                    seen[u] = true;
                }
                for (int u = 0; u < el.numRows(); u++) {
                    assertEquals(u % cols < cols - 1, right[u], "right edge of " + u);
                    assertEquals(u / cols < rows - 1, down[u], "lower edge of " + u);
                }
            }
        }
        EdgeList tiny = GRID.generate(GeneratorOptions.of(1, 4, 1));
        assertEquals(1, tiny.size());
        assertEquals(0, tiny.src()[0]);
        assertEquals(1, tiny.dst()[0]);
    }

    @Test
    void lowDegreeStillWorks() {
        EdgeList el = GRID.generate(GeneratorOptions.of(16, 0.5, 9));
        assertEquals(0.5, averageDegree(el), 0.5 * 0.05);
    }

    @Test
    void degreeOutsideZeroToFourIsRejected() {
        for (double degree : new double[] {4.0001, 5, 16}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> GRID.generate(GeneratorOptions.of(12, degree, 1)));
            assertTrue(e.getMessage().contains("(0, 4]"), e.getMessage());
        }
        // Zero, negative and NaN are already refused by the options.
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(12, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(12, -3, 1));
        assertThrows(IllegalArgumentException.class, () -> GeneratorOptions.of(12, Double.NaN, 1));
    }
}
