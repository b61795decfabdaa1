package org.stag.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The table, CSV and chart data of made-up measurements: medians, ratios, cells that were not timed. */
class BenchResultsTest {
    private static final List<String> COLUMNS = List.of("stag dense,compressed", "handwritten", "gap");

    private static BenchResults results(String baseline, Measurement... cells) {
        return new BenchResults(COLUMNS, baseline, 3, List.of(cells), Map.of("g.mtx", "3 vertices"));
    }

    @Test
    void mediansMinimumsAndRatios() {
        BenchResults r = results("stag dense,compressed",
                Measurement.ok("g.mtx", "bfs", 1, "stag dense,compressed", new double[] {0.004, 0.002, 0.003}),
                Measurement.ok("g.mtx", "bfs", 1, "handwritten", new double[] {0.0015, 0.0005, 0.0010, 0.0020}),
                Measurement.not(Measurement.Status.FAILED, "g.mtx", "bfs", 1, "gap", "gap bfs exited with status 1"));
        Measurement stag = r.cells().get(0);
        assertEquals(3.0, stag.medianMillis(), 1e-12);
        assertEquals(2.0, stag.minMillis(), 1e-12);
        assertEquals(1.25, r.cells().get(1).medianMillis(), 1e-12, "an even count: the mean of the middle two");
        assertEquals(1.25 / 3.0, r.ratio(r.cells().get(1)), 1e-12);
        assertTrue(Double.isNaN(r.ratio(r.cells().get(2))));
        String md = r.markdown();
        assertTrue(md.contains("| g.mtx | bfs | 1 | 3.00 / 2.00 (1.00×) | 1.25 / 0.500 (0.42×) | **FAILED** |\n"), md);
        assertTrue(md.contains("- gap, bfs on g.mtx: FAILED (1 threads), gap bfs exited with status 1\n"), md);
        assertEquals(List.of(r.cells().get(2)), r.failures());
        assertEquals(BenchResults.CSV_HEADER + "\n"
                + "g.mtx,bfs,run,1,\"stag dense,compressed\",ok,3.000000,2.000000,1.0000,3,\n"
                + "g.mtx,bfs,run,1,handwritten,ok,1.250000,0.500000,0.4167,4,\n"
                + "g.mtx,bfs,run,1,gap,failed,,,,0,gap bfs exited with status 1\n", r.csv());
    }

    /** A baseline that was not timed, or timed as 0 (GAP's resolution), gives no ratios rather than NaN or ∞. */
    @Test
    void noRatioToAnUntimedOrZeroBaseline() {
        BenchResults r = results("gap",
                Measurement.ok("g.mtx", "bc", 2, "stag dense,compressed", new double[] {0.004}),
                Measurement.ok("g.mtx", "bc", 2, "handwritten", new double[] {0.001}),
                Measurement.ok("g.mtx", "bc", 2, "gap", new double[] {0.0}));
        assertTrue(r.markdown().contains("| g.mtx | bc | 2 | 4.00 / 4.00 | 1.00 / 1.00 | 0.000 / 0.000 |\n"),
                r.markdown());
        assertTrue(r.csv().contains("g.mtx,bc,run,2,gap,ok,0.000000,0.000000,,1,\n"), r.csv());
    }

    @Test
    void chartDataIsTheMediansWithGapsForUntimedCells() {
        BenchResults r = results("stag dense,compressed",
                Measurement.ok("g.mtx", "pagerank", 1, "stag dense,compressed", new double[] {0.002}),
                Measurement.not(Measurement.Status.NOT_AVAILABLE, "g.mtx", "pagerank", 1, "handwritten", "none"),
                Measurement.ok("g.mtx", "pagerank", 1, "gap", new double[] {0.0001}),
                Measurement.ok("g.mtx", "pagerank", 2, "stag dense,compressed", new double[] {0.001}),
                Measurement.ok("g.mtx", "pagerank", 2, "handwritten", new double[] {0.0015}),
                Measurement.ok("g.mtx", "pagerank", 2, "gap", new double[] {0.0002}));
        ChartModel c = r.chart();
        assertEquals(List.of("pagerank t=1", "pagerank t=2"), c.categories());
        assertEquals(Arrays.asList(null, 1.5), c.series().get("handwritten"));
        assertEquals(List.of(2.0, 1.0), c.series().get("stag dense,compressed"));
        assertTrue(c.logarithmic(), "0.1 ms to 2 ms spans 20x");
        assertTrue(c.title().contains("pagerank per iteration"), c.title());
        assertTrue(r.csv().contains("g.mtx,pagerank,iteration,1,"), r.csv());

        BenchResults narrow = results("gap", Measurement.ok("g.mtx", "bfs", 1, "gap", new double[] {0.001}),
                Measurement.ok("g.mtx", "bfs", 1, "handwritten", new double[] {0.009}));
        assertFalse(narrow.chart().logarithmic(), "9x is drawn linear");
    }

    @Test
    void aBaselineMustBeAColumn() {
        assertThrows(IllegalArgumentException.class, () -> results("jgrapht"));
        assertThrows(IllegalArgumentException.class, () -> new ChartModel("t", "ms", List.of("a", "b"),
                Map.of("s", List.of(1.0)), false));
    }
}
