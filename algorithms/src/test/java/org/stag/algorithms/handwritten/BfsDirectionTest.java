package org.stag.algorithms.handwritten;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.Generated;
import org.stag.algorithms.TestData;
import org.stag.algorithms.graph.Csr;

/** Direction-optimising BFS gives the same depths as push-only BFS, on any thread count. */
class BfsDirectionTest {
    static Stream<String> graphs() {
        return TestData.squareSuiteSparse().stream();
    }

    private static void assertSameBothWays(Csr g, int source) {
        long[] push = Bfs.depths(g, source, false, 1);
        for (int threads : new int[] {1, 2, 4}) {
            assertArrayEquals(push, Bfs.depths(g, source, true, threads), "switching, " + threads + " threads");
            assertArrayEquals(push, Bfs.depths(g, source, false, threads), "push only, " + threads + " threads");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void suiteSparse(String name) {
        Csr g = TestData.suiteSparse(name);
        for (int s = 0; s < g.n(); s += Math.max(1, g.n() / 7)) {
            assertSameBothWays(g, s);
        }
    }

    @Test
    void kroneckerSwitchesToPullAndBack() {
        for (boolean directed : new boolean[] {false, true}) {
            Csr g = Generated.graph("kron", 14, 16, 7, directed, false);
            int source = hub(g);
            Bfs.Result optimising = Bfs.run(g, source, true, 2);
            Bfs.Result push = Bfs.run(g, source, false, 2);
            assertArrayEquals(push.depth(), optimising.depth());
            assertTrue(optimising.pullSteps() > 0, "never pulled");
            assertTrue(optimising.pushSteps() > 1, "never pushed after pulling");
            assertEquals(0, push.pullSteps());
            assertSameBothWays(g, source);
            assertSameBothWays(g, 0);
        }
    }

    @Test
    void gridHasManyLevels() {
        Csr g = Generated.graph("grid", 14, 3, 3, false, false);
        assertSameBothWays(g, 0);
        assertSameBothWays(g, g.n() / 2);
    }

    @Test
    void sourceIsChecked() {
        Csr g = Generated.graph("urand", 4, 2, 1, true, false);
        assertThrows(IllegalArgumentException.class, () -> Bfs.depths(g, 16, true, 1));
        assertThrows(IllegalArgumentException.class, () -> Bfs.depths(g, -1, true, 1));
    }

    private static int hub(Csr g) {
        int hub = 0;
        for (int v = 1; v < g.n(); v++) {
            if (g.outDegree(v) > g.outDegree(hub)) {
                hub = v;
            }
        }
        return hub;
    }
}
