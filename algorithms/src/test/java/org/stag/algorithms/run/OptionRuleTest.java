package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;

/**
 * The shared definitions of issue 32's consistent options: {@link OptionRule}, {@link DefaultSource} and the
 * reference {@link Comparison#choose} picks, each read from the catalog (new algorithms need no case here).
 */
class OptionRuleTest {
    @Test
    void whatAProgramTakesIsWhatItsDescriptorSays() {
        for (Algorithm a : Algorithm.values()) {
            assertEquals(a.descriptor().settings(), OptionRule.taken(a.program()), a.id());
        }
    }

    @Test
    void oneSelectedAlgorithmRefusesWhatItDoesNotTake() {
        BadInputException e = assertThrows(BadInputException.class, () -> OptionRule.check(EnumSet.of(Setting.SOURCE),
                Map.of("pagerank", Algorithm.PAGERANK.descriptor().settings()), "--run"));
        assertEquals("--source: pagerank does not take it (pagerank takes --iterations, --damping)", e.getMessage());
        OptionRule.check(EnumSet.of(Setting.ITERATIONS), Map.of("pagerank", Algorithm.PAGERANK.descriptor().settings()),
                "--run");
    }

    @Test
    void severalRefuseOnlyWhatNoneTakes() {
        Map<String, Set<Setting>> two = new LinkedHashMap<>();
        two.put("bfs", Algorithm.BFS.descriptor().settings());
        two.put("wcc", Algorithm.WCC.descriptor().settings());
        OptionRule.check(EnumSet.of(Setting.SOURCE), two, "--run");
        BadInputException e = assertThrows(BadInputException.class,
                () -> OptionRule.check(EnumSet.of(Setting.SOURCE, Setting.DAMPING), two, "--run"));
        assertEquals("--damping: no algorithm of --run takes it (bfs takes --source; wcc takes none)", e.getMessage());
        e = assertThrows(BadInputException.class, () -> OptionRule.check(EnumSet.of(Setting.SOURCES), Map.of(), "--run"));
        assertEquals("--sources: no algorithm of --run takes it (there is none)", e.getMessage());
    }

    @Test
    void keepOnlyDropsWhatIsNotTaken() {
        RunSettings s = new RunSettings().source(3L).sources(new long[] {1}).iterations(4).damping(0.5);
        OptionRule.keepOnly(s, Algorithm.PAGERANK.descriptor().settings());
        assertNull(s.source());
        assertNull(s.sources());
        assertEquals(EnumSet.of(Setting.ITERATIONS, Setting.DAMPING), OptionRule.given(s));
    }

    @Test
    void theDefaultSourceIsTheFirstVertexWithTheMostOutEdges() {
        // 0 -> 1, 2 -> {0, 1}, 3 -> {0, 1}: vertices 2 and 3 tie with two out-edges; the first wins.
        TestGraph t = TestGraph.of(4, true, new int[][] {{0, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}}, null,
                new long[] {10, 20, 30, 40});
        Graph g = AlgorithmRunnerTest.graph(t);
        DefaultSource d = DefaultSource.of(g, "g");
        assertEquals(new DefaultSource(30, 2, 2), d);
        assertEquals("source: 30 (most out-edges, 2)", d.line());
        AlgorithmRunner runner = new AlgorithmRunner();
        AlgorithmRunner.Prepared p = runner.prepare(Algorithm.BFS, g, new RunSettings());
        assertEquals(d, p.defaultSource().orElseThrow());
        assertEquals(0L, p.run().values().longs()[2]);
        assertTrue(runner.prepare(Algorithm.BFS, g, new RunSettings().source(10L)).defaultSource().isEmpty());
    }

    @Test
    void compareChoosesJGraphTWhenItCanElseTheHandWrittenCode() {
        for (Algorithm a : Algorithm.values()) {
            for (boolean sampled : new boolean[] {false, true}) {
                boolean jgrapht = a.descriptor().jgrapht().filter(i -> !sampled || i.allSourcesOnly() == null).isPresent();
                boolean handwritten = a.descriptor().handwritten().filter(i -> !sampled || i.allSourcesOnly() == null)
                        .isPresent();
                if (!jgrapht && !handwritten) {
                    assertThrows(BadInputException.class, () -> Comparison.choose(a, sampled), a.id());
                } else {
                    assertEquals(jgrapht ? Comparison.Reference.JGRAPHT : Comparison.Reference.HANDWRITTEN,
                            Comparison.choose(a, sampled), a.id());
                }
            }
        }
        assertEquals(Comparison.Reference.HANDWRITTEN, Comparison.choose(Algorithm.CDLP, false));
        assertEquals(Comparison.Reference.HANDWRITTEN, Comparison.choose(Algorithm.BC, true));
        assertEquals(Comparison.Reference.JGRAPHT, Comparison.choose(Algorithm.BC, false));
    }
}
