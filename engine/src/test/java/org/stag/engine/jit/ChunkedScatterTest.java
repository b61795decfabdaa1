package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.javagen.KernelPlan;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * A push step (a sparse vector drives the outer loop, its rows scatter into a sparse vector result) runs in
 * parallel chunks when the chunks' partial entries merge by keeping any one of a coordinate: a bool result
 * reduced by OR or AND from its fill. Other reductions into a sparse result stay one chunk. A scattered value
 * equal to the operator's identity never enters the workspace.
 */
class ChunkedScatterTest {
    private static String program(String decl, String statement) {
        return """
                N int
                A bool[N][compressed[N]]
                f bool[compressed[N]]
                Let Main() -> (%s)
                    %s
                End
                """.formatted(decl, statement);
    }

    private static KernelPlan plan(String decl, String statement, String target) {
        CheckedProgram p = new Checker().check(new Source("scatter.stag", program(decl, statement)));
        Definition d = (Definition) p.main().decl().body().get(0);
        Map<String, Format> formats = Map.of("A", FormatParser.parse("dense,compressed"), "f", FormatParser.parse("compressed"),
                "o", FormatParser.parse(target));
        return new DefinitionCompiler().compile(p, d, formats, Map.of()).plan();
    }

    @Test
    void aBoolOrPushIntoASparseVectorIsChunkedOverTheFrontier() {
        KernelPlan k = plan("o bool[compressed[N]]", "o[j] = A[k][j] && f[k] | k:(OR, false) Ord k, j", "compressed");
        assertTrue(k.scatter());
        assertTrue(k.gathered(), "the frontier's entries are gathered and split into chunks");
        String src = k.source().text();
        // the workspace is entered only under the value's test: an identity (false) touches no slot
        int test = src.indexOf("if (x");
        assertTrue(test > 0 && test < src.indexOf("if (!w_claim["), src);
        // the chunks share the frame's claims: no per-worker set, no values to combine
        assertFalse(src.contains("w_set") || src.contains("w_val"), src);
        // the frontier's positions are split directly: prepare copies nothing
        assertFalse(src.contains("f.gather("), src);
        assertTrue(src.contains("f.gatherSize = a1l0_pos[0 + 1] - a1l0_pos[0];"), src);
        assertTrue(src.contains("final int g_base = a1l0_pos[0];"), src);
    }

    /**
     * A reduction over a compressed vector's entries splits their positions directly; over a list (a dynamic level)
     * it still gathers them. Both count right on 1 and 2 threads, in chunks of a few entries.
     */
    @Test
    void aCompressedOuterLevelIsSplitWithoutGatheringAListIsGathered() {
        String text = """
                N int
                c bool[compressed[N]]
                l bool[list[N]]
                Let Main() -> (s int, t int)
                    s = c[j] | j:(+, 0)
                    t = l[j] | j:(+, 0)
                End
                """;
        CheckedProgram p = new Checker().check(new Source("count.stag", text));
        Definition ds = (Definition) p.main().decl().body().get(0);
        Definition dt = (Definition) p.main().decl().body().get(1);
        CompiledDefinition ks = new DefinitionCompiler().compile(p, ds, Map.of("c", FormatParser.parse("compressed")), Map.of());
        CompiledDefinition kt = new DefinitionCompiler().compile(p, dt, Map.of("l", FormatParser.parse("list")), Map.of());
        assertTrue(ks.plan().gathered() && kt.plan().gathered());
        String direct = ks.plan().source().text();
        assertFalse(direct.contains("f.gather("), direct);
        assertTrue(direct.contains("g_base"), direct);
        assertTrue(kt.plan().source().text().contains("f.gather("), kt.plan().source().text());
        int n = 3_000;
        java.util.Random r = new java.util.Random(9);
        for (int size : new int[] {0, 1, 63, 64, 65, 1_000, 2_999}) {
            java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
            while (set.size() < size) {
                set.add(r.nextInt(n));
            }
            int[] crd = set.stream().mapToInt(Integer::intValue).toArray();
            boolean[] v = new boolean[size];
            java.util.Arrays.fill(v, true);
            Tensor c = Tensor.sortedVector(FormatParser.parse("compressed"), n, crd, size, Values.ofBools(v, false));
            Tensor l = c.convert(FormatParser.parse("list"));
            for (int threads = 1; threads <= 2; threads++) {
                assertEquals(size, ks.run(Map.of("c", c, "N", n), threads), size + " entries, " + threads + " thread(s)");
                assertEquals(size, kt.run(Map.of("l", l, "N", n), threads), size + " entries, " + threads + " thread(s)");
            }
        }
    }

    @Test
    void anAndPushIsChunkedToo() {
        KernelPlan k = plan("o bool[compressed[N]] fill true", "o[j] = !(A[k][j] && f[k]) | k:(AND, true) Ord k, j", "compressed");
        assertTrue(k.gathered());
    }

    @Test
    void otherReductionsIntoASparseVectorStayOneChunk() {
        KernelPlan sum = plan("o int[compressed[N]]", "o[j] = ifelse(A[k][j] && f[k], 1, 0) | k:(+, 0) Ord k, j", "compressed");
        assertFalse(sum.gathered());
        assertNull(sum.chunkExtent());
        // the sum's identity 0 is still skipped
        assertTrue(sum.source().text().contains("!= 0"), sum.source().text());
        KernelPlan min = plan("o long[compressed[N]] fill 9223372036854775807",
                "o[j] = ifelse(A[k][j] && f[k], 3, 9223372036854775807) | k:(MIN, 9223372036854775807) Ord k, j", "compressed");
        assertFalse(min.gathered());
        // an OR whose initial value is not the fill: every visited slot is written, so partial entries differ
        KernelPlan init = plan("o bool[compressed[N]]", "o[j] = A[k][j] && f[k] | k:(OR, true) Ord k, j", "compressed");
        assertFalse(init.gathered());
    }

    /**
     * Every vertex of a 2,000-vertex frontier pushes into the same 50 targets (and one target of its own), from
     * many chunks: on one thread (no race) each target is listed by one chunk only, the result is right, and the
     * claims are clear after the run, so that the next run with another frontier is right too.
     */
    @Test
    void chunksClaimATargetOnceAndTheClaimsAreClearAfterTheRun() {
        int n = 4_000;
        int[] pos = new int[n + 1];
        int[] crd = new int[n * 51];
        int m = 0;
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < 50; t++) {
                crd[m++] = t;
            }
            crd[m++] = 50 + (i % (n - 50));
            pos[i + 1] = m;
        }
        Tensor a = Tensor.sortedMatrix(FormatParser.parse("dense,compressed"), n, n, pos, java.util.Arrays.copyOf(crd, m),
                Values.constantBool(true, false, m));
        CompiledDefinition k = pushOr(a);
        Format compressed = FormatParser.parse("compressed");
        Frame f = k.newFrame();
        ChunkRunner runner = ChunkRunner.of(1);
        for (int round = 0; round < 3; round++) {
            int from = round * 1_000;
            int size = 2_000 - round * 500;
            int[] fc = new int[size];
            boolean[] fv = new boolean[size];
            for (int q = 0; q < size; q++) {
                fc[q] = from + q;
                fv[q] = true;
            }
            Tensor frontier = Tensor.sortedVector(compressed, n, fc, size, Values.ofBools(fv, false));
            f.tensors[k.plan().tensors().indexOf("A")] = a;
            f.tensors[k.plan().tensors().indexOf("f")] = frontier;
            f.ints[k.plan().intScalars().indexOf("N")] = n;
            Tensor o = k.runWith(f, runner, null);
            java.util.TreeSet<Integer> want = new java.util.TreeSet<>();
            for (int q = 0; q < size; q++) {
                for (int e = pos[fc[q]]; e < pos[fc[q] + 1]; e++) {
                    want.add(crd[e]);
                }
            }
            assertEquals(want.size(), o.componentCount(), "round " + round);
            for (int j : want) {
                assertTrue(o.getAsBoolean(j), "round " + round + ", coordinate " + j);
            }
            int listed = 0;
            int chunks = 0;
            for (org.stag.engine.kernellib.CooBuffer b : f.coo) {
                listed += b.size;
                chunks += b.size > 0 ? 1 : 0;
            }
            assertTrue(chunks > 1, "the push ran in several chunks");
            assertEquals(want.size(), listed, "each target listed by one chunk");
            for (boolean c : f.claims) {
                assertFalse(c);
            }
        }
    }

    /**
     * A push on a random graph, rounds of frontiers whose results fall on both sides of the assembly's bitmap
     * crossover (a 64th of the dimension), on 1 and 2 threads, one frame for all rounds: the result is the set of
     * out-neighbours, in order, and the claims and the bitmap are clear after every run.
     */
    @Test
    void pushResultsOnBothSidesOfTheBitmapCrossoverAreRightOnOneAndTwoThreads() {
        int n = 20_000;
        java.util.Random r = new java.util.Random(17);
        int[] pos = new int[n + 1];
        int[] crd = new int[n * 8];
        int m = 0;
        for (int i = 0; i < n; i++) {
            int deg = r.nextInt(9);
            java.util.TreeSet<Integer> row = new java.util.TreeSet<>();
            while (row.size() < deg) {
                row.add(r.nextInt(n));
            }
            for (int j : row) {
                crd[m++] = j;
            }
            pos[i + 1] = m;
        }
        Tensor a = Tensor.sortedMatrix(FormatParser.parse("dense,compressed"), n, n, pos, java.util.Arrays.copyOf(crd, m),
                Values.constantBool(true, false, m));
        CompiledDefinition k = pushOr(a);
        Format compressed = FormatParser.parse("compressed");
        for (int threads = 1; threads <= 2; threads++) {
            Frame f = k.newFrame();
            ChunkRunner runner = ChunkRunner.of(threads);
            Tensor dead = null;
            for (int round = 0; round < 12; round++) {
                int size = round % 3 == 0 ? 1 + r.nextInt(20) : round % 3 == 1 ? 40 + r.nextInt(60) : 500 + r.nextInt(5_000);
                java.util.TreeSet<Integer> front = new java.util.TreeSet<>();
                while (front.size() < size) {
                    front.add(r.nextInt(n));
                }
                int[] fc = front.stream().mapToInt(Integer::intValue).toArray();
                boolean[] fv = new boolean[size];
                java.util.Arrays.fill(fv, true);
                Tensor frontier = Tensor.sortedVector(compressed, n, fc, size, Values.ofBools(fv, false));
                f.tensors[k.plan().tensors().indexOf("A")] = a;
                f.tensors[k.plan().tensors().indexOf("f")] = frontier;
                f.ints[k.plan().intScalars().indexOf("N")] = n;
                Tensor o = k.runWith(f, runner, dead);
                java.util.TreeSet<Integer> want = new java.util.TreeSet<>();
                for (int q : fc) {
                    for (int e = pos[q]; e < pos[q + 1]; e++) {
                        want.add(crd[e]);
                    }
                }
                String what = threads + " thread(s), round " + round + ", " + want.size() + " entries";
                org.stag.formats.level.CompressedLevel l = (org.stag.formats.level.CompressedLevel) o.level(0);
                assertEquals(want.size(), l.size(), what);
                org.junit.jupiter.api.Assertions.assertArrayEquals(want.stream().mapToInt(Integer::intValue).toArray(),
                        java.util.Arrays.copyOf(l.crd(), l.size()), what);
                for (boolean c : f.claims) {
                    assertFalse(c, what);
                }
                if (f.sortBits != null) {
                    for (long w : f.sortBits) {
                        assertEquals(0L, w, what);
                    }
                }
                dead = o;
            }
            assertTrue(f.sortBits != null, "the bitmap path ran");
        }
    }

    @Test
    void aRunThatDidNotFinishLeavesNoClaimBehind() {
        Frame f = new Frame();
        f.prepareClaims(10);
        f.claims[3] = true; // a chunk claimed 3, then the run failed before finish cleared it
        f.prepareClaims(10);
        for (boolean c : f.claims) {
            assertFalse(c);
        }
    }

    @Test
    void gatheredChunksAreSmallForAFewHeavyCoordinates() {
        assertEquals(1, ChunkRunner.gatheredChunkSize(1));
        assertEquals(3, ChunkRunner.gatheredChunkSize(141));
        assertEquals(ChunkRunner.chunkSize(10_000_000), ChunkRunner.gatheredChunkSize(10_000_000));
        assertTrue(ChunkRunner.gatheredChunkSize(100_000) <= ChunkRunner.chunkSize(100_000));
    }

    /** {@code o[j] = A[k][j] && f[k] | k:(OR, false)} pushed (order k, j) from a compressed {@code f} over the pattern {@code a}. */
    private static CompiledDefinition pushOr(Tensor a) {
        Format compressed = FormatParser.parse("compressed");
        CheckedProgram p = new Checker().check(new Source("scatter.stag", program("o bool[compressed[N]]",
                "o[j] = A[k][j] && f[k] | k:(OR, false) Ord k, j")));
        Definition d = (Definition) p.main().decl().body().get(0);
        return new DefinitionCompiler().compile(p, d, Map.of("A", a.format(), "f", compressed, "o", compressed),
                Map.of("A", org.stag.engine.cin.ValueRead.of(a)), Map.of());
    }
}
