package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.reference.RefTensor;

/**
 * The example programs of {@code programs/*.stag}, run by the runtime and by the reference evaluator on
 * random graphs from fixed seeds, with one and two threads. Where a program's formats are worth varying
 * (frontiers, active sets), test copies change them; rule thresholds are varied so that frontiers switch
 * format several times.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ExampleProgramsTest {

    static List<Arguments> runs() {
        List<Arguments> out = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            for (int threads : new int[] {1, 2}) {
                out.add(Arguments.of(seed, threads));
            }
        }
        return out;
    }

    private record Graph(int n, RefTensor a, RefTensor at) {
        static Graph random(long seed, double degree) {
            Random r = new Random(seed);
            int n = 8 + r.nextInt(33);
            RefTensor a = Fixtures.graph(seed * 31, n, degree / n, seed % 2 == 0);
            return new Graph(n, a, Fixtures.transpose(a));
        }

        Map<String, RefTensor> inputs() {
            return Map.of("A", a, "AT", at);
        }
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void pageRank(long seed, int threads) {
        Graph g = Graph.random(seed, 3);
        CheckedProgram p = Fixtures.program("pagerank.stag", Fixtures.resource("pagerank"));
        Fixtures.compare(p, Map.of("N", "" + g.n(), "iterations", "" + (1 + seed * 3)), g.inputs(), Map.of(), threads);
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void pageRankOnOtherGraphFormats(long seed, int threads) {
        Graph g = Graph.random(seed, 3);
        CheckedProgram p = Fixtures.program("pagerank.stag", Fixtures.resource("pagerank"));
        String[] formats = {"dense,dense", "dense,bitmap", "dense,hashed", "dense,list"};
        String f = formats[(int) (seed % formats.length)];
        Fixtures.compare(p, Map.of("N", "" + g.n(), "iterations", "4", "damping", "0.5"), g.inputs(),
                Map.of("A", f, "AT", f), threads);
    }

    /**
     * The first two entries of every row with CHOOSE (docs/language.md, "The first entries of a row"; wcc.stag's
     * sampling), in every level format of the rows: the early exit and the condition on the index agree with
     * the reference evaluator's full reduction, on rows with none, one and many entries.
     */
    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void firstEntriesOfRows(long seed, int threads) {
        Graph g = Graph.random(seed, 2.5);
        CheckedProgram p = Fixtures.program("first.stag", """
                N int
                A bool[N][compressed[N]]
                Let Main() -> (first int[N], second int[N])
                    first[i] = ifelse(A[i][j], j + 1, 0) | j:(CHOOSE, i + 1)
                    second[i] = ifelse(A[i][j] && j >= first[i], j + 1, 0) | j:(CHOOSE, first[i])
                End
                """);
        for (String f : List.of("dense,compressed", "dense,dense", "dense,bitmap", "dense,hashed", "dense,list",
                "dense,blist", "dense,bst", "dense,ctree", "compressed,compressed", "dense,btree")) {
            Fixtures.compare(p, Map.of("N", "" + g.n()), Map.of("A", g.a()), Map.of("A", f), threads);
        }
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void wcc(long seed, int threads) {
        Graph g = Graph.random(seed, 1.2);
        CheckedProgram p = Fixtures.program("wcc.stag", Fixtures.resource("wcc"));
        Fixtures.compare(p, Map.of("N", "" + g.n()), g.inputs(), Map.of(), threads);
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void sssp(long seed, int threads) {
        Graph g = Graph.random(seed, 2.5);
        RefTensor w = Fixtures.weights(seed, g.a(), Double.POSITIVE_INFINITY);
        String[] active = {"list", "compressed", "bitmap", "hashed"};
        String text = Fixtures.resource("sssp").replace("bool[compressed[N]]", "bool[" + active[(int) (seed % 4)] + "[N]]");
        CheckedProgram p = Fixtures.program("sssp.stag", text);
        Fixtures.compare(p, Map.of("N", "" + g.n(), "source", "" + seed % g.n(), "delta", seed % 2 == 0 ? "1.0" : "0.5"),
                Map.of("W", w), Map.of(), threads);
    }

    /**
     * Direction-optimizing BFS as written (push while the frontier is a small compressed vector, pull once it is a bitmap).
     * Its step picks push or pull with a uniform {@code ifelse}: the compiler specialises each branch into its
     * own kernel and loop order (push k, j; pull j, k).
     */
    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void bfs(long seed, int threads) {
        Graph g = Graph.random(seed, 2);
        CheckedProgram p = Fixtures.program("bfs.stag", Fixtures.resource("bfs"));
        for (int threshold : new int[] {0, 2, g.n()}) {
            Fixtures.compare(p, Map.of("N", "" + g.n(), "source", "" + seed % g.n(), "threshold", "" + threshold),
                    g.inputs(), Map.of(), threads);
        }
    }

    /**
     * BFS pushing only (no uniform condition), with the frontier's FormatRule switching list, compressed or
     * hashed frontiers to bitmaps and back as the frontier grows and shrinks.
     */
    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void bfsPushWithFormatRules(long seed, int threads) {
        Graph g = Graph.random(seed, 2);
        String[] sparse = {"list", "compressed", "hashed", "list"};
        String s = sparse[(int) (seed % sparse.length)];
        String text = Fixtures.resource("bfs").replace("ifelse(pull, AT[j][k], A[k][j])", "A[k][j]")
                .replace("bool[compressed[N]]", "bool[" + s + "[N]]").replace("FormatRule #1 compressed", "FormatRule #1 " + s);
        CheckedProgram p = Fixtures.program("bfs.stag", text);
        for (int threshold : new int[] {0, 2, g.n()}) {
            Map<String, Object> out = Fixtures.compare(p, Map.of("N", "" + g.n(), "source", "" + seed % g.n(),
                    "threshold", "" + threshold), g.inputs(), Map.of(), threads);
            assertTrue(out.containsKey("depth"));
        }
    }
}
