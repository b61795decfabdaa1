package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.level.BlockedLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.VbyteLevel;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Graph;
import org.stag.loaders.RowBlocks;

/**
 * Must-show 1 of issue 27 (64-bit positions): every shipped program on every static format with 64-bit positions
 * ({@code dense,compressed}, {@code dense,vbyte}) and every dynamic format, with the block limit lowered so that small graphs are held in
 * row blocks, gives what the int variant gives: exactly for BFS, WCC and CDLP, within 1e-9 relative for SSSP, LCC
 * and BC, and within PageRank's 1e-6 ({@link Comparison#check}). The blocked runs are checked to be blocked (a
 * {@link BlockedLevel}, a {@link VbyteLevel} of several blocks holding its values, or shards no larger than the blocks), so that the test cannot pass on the int code alone.
 */
class WidePositionsTest {
    static final AlgorithmRunner RUNNER = AlgorithmRunnerTest.RUNNER;
    /** Entries per block in the blocked runs: a few rows per block on the test graphs. */
    static final long LIMIT = 53;

    static final List<String> FORMATS = List.of("dense,compressed", "dense,vbyte", "dense,ctree", "bst,ctree", "dense,vctree",
            "bst,vctree", "dense,blist",
            "dense,bst", "dense,list", "dense,rbtree", "dense,ttree", "dense,btree", "dense,vblist", "dense,blist-fixed",
            "dense,blist-gaps", "dense,blist-unsorted");

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String f : FORMATS) {
            for (Algorithm a : Algorithm.values()) {
                out.add(Arguments.of(a, f));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("cases")
    void blockedEqualsInt(Algorithm a, String format) {
        for (boolean directed : new boolean[] {true, false}) {
            boolean weighted = a == Algorithm.SSSP;
            TestGraph t = TestGraph.random(directed ? 271 : 314, 90, 400, directed, weighted);
            Graph g = AlgorithmRunnerTest.graph(t);
            RunSettings s = new RunSettings().format(format);
            if (a.takes(Setting.SOURCE)) {
                s.source(t.ids()[3]);
            }
            for (int threads : new int[] {1, 2}) {
                s.threads(threads);
                AlgorithmRunner.Result narrow = RUNNER.prepare(a, g, s).run();
                long old = RowBlocks.setLimit(LIMIT);
                AlgorithmRunner.Result wide;
                try {
                    assertBlocked(g, format, threads);
                    wide = RUNNER.prepare(a, g, s).run();
                } finally {
                    RowBlocks.setLimit(old);
                }
                Comparison.Outcome o = Comparison.check(a, narrow, wide);
                assertTrue(o.agree(), a.id() + " in " + format + " directed=" + directed + " threads=" + threads + ": "
                        + o.message());
                if (narrow.values() != null && narrow.values().integral()) {
                    for (int v = 0; v < t.n(); v++) {
                        assertEquals(narrow.values().text(v), wide.values().text(v), a.id() + " vertex " + v);
                    }
                }
            }
        }
    }

    /** The graph's structure under the lowered limit is held in blocks of at most the limit. */
    private static void assertBlocked(Graph g, String format, int threads) {
        Format f = FormatParser.parse(format);
        Tensor a = GraphTensor.of(g, f, threads).a();
        if (a.level(1) instanceof BlockedLevel b) {
            assertTrue(b.blockCount() > 1, "blocks: " + b);
            for (int k = 0; k < b.blockCount(); k++) {
                int[] p = b.pos(k);
                assertTrue(p[p.length - 1] <= LIMIT || p.length == 2, "block " + k + " holds " + p[p.length - 1]);
            }
        } else if (a.level(1) instanceof VbyteLevel v) {
            assertTrue(v.blockCount() > 1, "blocks: " + v);
            assertTrue(v.mode() != org.stag.formats.dynamic.ValueMode.POSITION, "positions past the limit: " + v);
            for (int k = 0; k < v.blockCount(); k++) {
                int[] e = v.elems(k);
                assertTrue(e[e.length - 1] <= LIMIT && v.codes(k).length <= LIMIT || e.length == 2,
                        "block " + k + " holds " + e[e.length - 1] + " elements in " + v.codes(k).length + " bytes");
            }
        } else {
            DynamicLevel d = (DynamicLevel) a.level(1);
            assertTrue(d.shardCount() > 1, format + ": " + d.shardCount() + " shards");
        }
    }

    @Test
    void anIntGraphBelowTheLimitKeepsTheCompressedLevel() {
        TestGraph t = TestGraph.random(5, 40, 100, true, false);
        Tensor a = GraphTensor.of(AlgorithmRunnerTest.graph(t), Format.csr(), 1).a();
        assertTrue(a.level(1) instanceof org.stag.formats.level.CompressedLevel, a.level(1).getClass().getName());
    }
}
