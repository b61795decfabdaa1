package org.stag.algorithms.handwritten;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.Generated;
import org.stag.algorithms.graph.Csr;

/**
 * Results have the same bits on 1, 2, 3 and 5 threads, on graphs large enough for many vertex blocks,
 * parallel push steps and parallel delta-stepping buckets.
 */
class ThreadIndependenceTest {
    static Stream<Arguments> graphs() {
        return Stream.of(
                Arguments.of("kron", 14, 12.0, true),
                Arguments.of("kron", 14, 12.0, false),
                Arguments.of("urand", 14, 6.0, true),
                Arguments.of("grid", 14, 3.0, false));
    }

    private static final int[] THREADS = {2, 3, 5};

    @ParameterizedTest(name = "{0} scale {1} directed={3}")
    @MethodSource("graphs")
    void sameBitsOnAnyThreadCount(String kind, int scale, double degree, boolean directed) {
        Csr g = Generated.graph(kind, scale, degree, 11, directed, true);
        Csr unweighted = Generated.graph(kind, scale, degree, 11, directed, false);
        double[] pr = PageRank.run(g, 15, 0.85, 1);
        long[] bfs = Bfs.depths(g, 1, true, 1);
        double[] sssp = Sssp.run(g, 1, 1);
        double[] ssspUnit = Sssp.run(unweighted, 1, 1);
        int[] wcc = Wcc.run(g, 1);
        long[] cdlp = Cdlp.run(g, 5, 1);
        double[] lcc = Lcc.run(g, 1);
        int[] sample = new int[100];
        for (int i = 0; i < sample.length; i++) {
            sample[i] = (int) ((i * 2654435761L) % g.n());
        }
        double[] bc = Betweenness.run(g, sample, 1);
        for (int t : THREADS) {
            assertArrayEquals(pr, PageRank.run(g, 15, 0.85, t), "pagerank " + t);
            assertArrayEquals(bfs, Bfs.depths(g, 1, true, t), "bfs " + t);
            assertArrayEquals(bfs, Bfs.depths(g, 1, false, t), "bfs push " + t);
            assertArrayEquals(sssp, Sssp.run(g, 1, t), "sssp " + t);
            assertArrayEquals(ssspUnit, Sssp.run(unweighted, 1, t), "unit sssp " + t);
            assertArrayEquals(wcc, Wcc.run(g, t), "wcc " + t);
            assertArrayEquals(cdlp, Cdlp.run(g, 5, t), "cdlp " + t);
            assertArrayEquals(lcc, Lcc.run(g, t), "lcc " + t);
            assertArrayEquals(bc, Betweenness.run(g, sample, t), "bc " + t);
        }
        // Unit weights: shortest-path lengths are BFS depths.
        for (int v = 0; v < g.n(); v++) {
            double expected = bfs[v] == Bfs.UNREACHABLE ? Double.POSITIVE_INFINITY : bfs[v];
            if (ssspUnit[v] != expected) {
                throw new AssertionError("vertex " + v + ": unit-weight distance " + ssspUnit[v] + ", depth " + bfs[v]);
            }
        }
    }
}
