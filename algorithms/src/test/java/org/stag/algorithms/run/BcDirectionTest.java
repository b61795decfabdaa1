package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.handwritten.Betweenness;
import org.stag.algorithms.ldbc.LdbcValidation;

/**
 * bc.stag's forward levels push a sparse frontier along out-edges while it holds at most {@code threshold}
 * vertices and pull over in-edges above that. On random graphs large enough to do both, in several formats and
 * on one and two threads, the run takes both kernels (its explanation lists the level kernel with
 * {@code pull = false} and with {@code pull = true}, and the FormatRule made the frontier dense) and
 * agrees with the hand-written Brandes within 1e-9 relative, from every vertex and from a sample.
 */
class BcDirectionTest {
    static final List<String> FORMATS = List.of("dense,compressed", "dense,ctree", "bst,ctree", "dense,blist",
            "compressed,compressed", "dense,hashed", "dense,vbyte");

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        int[][] shapes = {{120, 300}, {200, 500}, {300, 1200}};
        long seed = 131;
        int f = 0;
        for (int[] shape : shapes) {
            for (boolean directed : new boolean[] {true, false}) {
                out.add(Arguments.of(seed++, shape[0], shape[1], directed, FORMATS.get(f++ % FORMATS.size())));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void pushAndPullLevelsAgreeWithBrandes(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        int[] sample = {0, n / 3, n - 1};
        long[] ids = new long[sample.length];
        for (int k = 0; k < sample.length; k++) {
            ids[k] = t.ids()[sample[k]];
        }
        for (int threads : new int[] {1, 2}) {
            check(t, format, threads, null, Betweenness.run(t.csr(), threads));
            check(t, format, threads, ids, Betweenness.run(t.csr(), sample, threads));
        }
    }

    private static void check(TestGraph t, String format, int threads, long[] sources, double[] expected) {
        List<String> explained = new ArrayList<>();
        RunSettings s = new RunSettings().format(format).threads(threads).param("threshold", "4")
                .explain(explained::add);
        if (sources != null) {
            s.sources(sources);
        }
        AlgorithmRunner.Prepared p = AlgorithmRunnerTest.RUNNER.prepare(Algorithm.BC, AlgorithmRunnerTest.graph(t), s);
        AlgorithmRunner.Result r = p.run();
        String what = format + ", " + threads + " thread(s), sources " + (sources == null ? "all" : sources.length);
        assertTrue(explained.stream().anyMatch(l -> level(l) && l.contains("pull = false]")), "no push level: " + what);
        assertTrue(explained.stream().anyMatch(l -> level(l) && l.contains("pull = true]")), "no pull level: " + what);
        assertTrue(p.stats().conversionsTo() > 0, "the frontier was never made dense: " + what);
        double[] actual = r.values().doubles();
        assertEquals(t.n(), actual.length);
        for (int v = 0; v < t.n(); v++) {
            assertTrue(LdbcValidation.close(expected[v], actual[v], 1e-9),
                    what + ", vertex " + v + ": " + expected[v] + " vs " + actual[v]);
        }
    }

    /** Whether an explanation line is a run of the forward level's kernel. */
    private static boolean level(String line) {
        return line.contains("kernel Forward: front_out[j] = ifelse(pull, AT[j][k], A[k][j])");
    }
}
