package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.Definition;
import org.stag.engine.plan.FusedVariant;
import org.stag.engine.plan.KernelVariant;
import org.stag.engine.plan.ProgramPlan;
import org.stag.engine.plan.StatementPlan;
import org.stag.engine.reference.RefTensor;

/**
 * The program plan: what {@code run} executes is decided before it runs. BFS's FormatRule switches the
 * frontier between a list and a bitmap, and its {@code pull} condition is the rule's own condition, so the
 * pull kernel is planned for the bitmap and the push kernel for the list, and nothing else; the runtime runs
 * exactly the planned kernels and refuses a tuple the plan lacks.
 */
class ProgramPlanTest {
    private static final int N = 40;

    private static RunOptions bfs(RefTensor a, int threshold) {
        return new RunOptions().param("N", "" + N).param("source", "0").param("threshold", "" + threshold)
                .input("A", Fixtures.store(a, "dense,compressed"))
                .input("AT", Fixtures.store(Fixtures.transpose(a), "dense,compressed"));
    }

    private static StatementPlan statement(ProgramPlan plan, String function, String target) {
        for (StatementPlan s : plan.statements()) {
            if (s.function().equals(function) && s.statement() instanceof Definition d && d.target().name().equals(target)) {
                return s;
            }
        }
        throw new AssertionError("no statement " + target + " in " + function + ":\n" + plan);
    }

    /** The class names of every kernel of the plan, compiled as {@code stag compile} does. */
    static Set<String> planned(CheckedProgram p, ProgramPlan plan) {
        Set<String> out = new LinkedHashSet<>();
        for (KernelVariant v : plan.kernels()) {
            out.add(Fixtures.COMPILER.compile(p, v.definition(), v.formats(), v.reads(), v.uniform(), v.inPlace(), true)
                    .plan().source().qualifiedName());
        }
        for (FusedVariant f : plan.fused()) {
            out.add(Fixtures.COMPILER.compileFused(p, f.definitions(), f.formats(), f.reads(), Map.of(), f.unstored(), true).plan()
                    .source().qualifiedName());
        }
        return out;
    }

    @Test
    void bfsPlansPushOverACompressedFrontierAndPullOverABitmapOnly() {
        CheckedProgram p = Fixtures.program("bfs.stag", Fixtures.resource("bfs"));
        RefTensor a = Fixtures.graph(7, N, 0.15, false);
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, bfs(a, 3));
        StatementPlan next = statement(r.plan(), "Step", "next");
        List<String> tuples = new ArrayList<>();
        next.variants().values().forEach(v -> tuples.add(v.tuple()));
        assertEquals(2, tuples.size(), r.plan().toString());
        assertTrue(tuples.stream().anyMatch(t -> t.contains("frontier=compressed") && t.endsWith("pull=false")), tuples.toString());
        assertTrue(tuples.stream().anyMatch(t -> t.contains("frontier=bitmap") && t.endsWith("pull=true")), tuples.toString());
        // One line per statement, naming kernels, fusion and buffer.
        String text = r.plan().toString();
        assertEquals(r.plan().statements().size(), text.lines().count(), text);
        assertTrue(text.lines().allMatch(l -> l.contains(" | kernels: ") && l.contains(" | fused with: ")
                && l.contains(" | buffer: ")), text);

        r.runMain();
        assertEquals(planned(p, r.plan()), r.stats().kernels(), "kernels run = kernels planned\n" + r.plan());
    }

    @Test
    void aClaimedOrScatterIsConstantTrueSoItsReadersReadNoValues() {
        CheckedProgram p = Fixtures.program("bfs.stag", Fixtures.resource("bfs"));
        RefTensor a = Fixtures.graph(7, N, 0.15, false);
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, bfs(a, 3));
        for (String target : List.of("depth_out", "size_out")) {
            int constant = 0;
            for (KernelVariant v : statement(r.plan(), "Step", target).variants().values()) {
                String src = Fixtures.COMPILER.compile(p, v.definition(), v.formats(), v.reads(), v.uniform(), v.inPlace(),
                        true).plan().source().text();
                assertEquals("constant true over position", v.reads().get("next").toString());
                assertTrue(!src.contains("BoolValues"), target + " reads next's values:\n" + src);
                constant++;
            }
            assertEquals(1, constant, target + ":\n" + r.plan());
        }
        r.runMain();
        assertEquals(planned(p, r.plan()), r.stats().kernels(), "kernels run = kernels planned\n" + r.plan());
    }

    @Test
    void pageRankFusesAndDoubleBuffers() {
        CheckedProgram p = Fixtures.program("pagerank.stag", Fixtures.resource("pagerank"));
        RefTensor a = Fixtures.graph(3, N, 0.1, false);
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, new RunOptions().param("N", "" + N)
                .param("iterations", "3").input("A", Fixtures.store(a, "dense,compressed"))
                .input("AT", Fixtures.store(Fixtures.transpose(a), "dense,compressed")));
        ProgramPlan plan = r.plan();
        assertTrue(plan.statements().stream().anyMatch(s -> !s.fusedWith().isEmpty()), plan.toString());
        // next takes a buffer that died in the same body (rank's or contrib's), as the runtime recycles it.
        assertTrue(statement(plan, "Step", "next").buffer().contains("the buffer of "), plan.toString());
        r.runMain();
        assertEquals(planned(p, plan), r.stats().kernels(), plan.toString());
    }

    /**
     * A row reduction over dynamic rows iterated in order fuses as over CSR rows: PageRank over {@code dense,ctree}
     * is planned and run as one pass for incoming and next, its kernel compiled for the matrix's value read (a
     * pattern: constant true), and equal to the unfused run.
     */
    @Test
    void pageRankOverDynamicRowsFusesForItsValueRead() {
        CheckedProgram p = Fixtures.program("pagerank.stag", Fixtures.resource("pagerank"));
        RefTensor a = Fixtures.graph(3, N, 0.1, false);
        for (String format : List.of("dense,ctree", "dense,bst")) {
            RunOptions o = new RunOptions().param("N", "" + N).param("iterations", "3")
                    .input("A", Fixtures.store(a, format).withValues(org.stag.formats.tensor.Values.constantBool(true, false,
                            a.entries().size())))
                    .input("AT", Fixtures.store(Fixtures.transpose(a), format).withValues(
                            org.stag.formats.tensor.Values.constantBool(true, false, a.entries().size())));
            ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, o);
            ProgramPlan plan = r.plan();
            assertEquals(List.of("next"), statement(plan, "Step", "incoming").fusedWith(), plan.toString());
            FusedVariant f = statement(plan, "Step", "incoming").fused();
            assertEquals(org.stag.engine.cin.ValueRead.of(o.inputs().get("AT")), f.reads().get("AT"), f.toString());
            assertTrue(f.reads().get("AT").isConstant(), f.toString());
            Map<String, Object> fusedOut = r.runMain();
            assertEquals(planned(p, plan), r.stats().kernels(), plan.toString());
            assertTrue(r.stats().kernels().stream().anyMatch(k -> k.contains("Fused")), r.stats().kernels().toString());
            Map<String, Object> unfused = new ProgramRunner(p, Fixtures.COMPILER,
                    o.passes(org.stag.engine.pass.Passes.all().without(org.stag.engine.pass.Pass.FUSION))).runMain();
            org.stag.formats.tensor.Tensor x = (org.stag.formats.tensor.Tensor) fusedOut.get("rank");
            org.stag.formats.tensor.Tensor y = (org.stag.formats.tensor.Tensor) unfused.get("rank");
            for (int v = 0; v < N; v++) {
                assertEquals(y.getAsDouble(v), x.getAsDouble(v), 1e-15, format + " rank[" + v + "]");
            }
        }
    }

    @Test
    void aTupleThePlanLacksIsABug() {
        CheckedProgram p = Fixtures.program("bfs.stag", Fixtures.resource("bfs"));
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, bfs(Fixtures.graph(1, N, 0.1, false), 3));
        StatementPlan next = statement(r.plan(), "Step", "next");
        Definition d = (Definition) next.statement();
        PlannedKernels kernels = new PlannedKernels(r.plan(), new Exec(p, Fixtures.COMPILER, new RunOptions()));
        assertNotNull(kernels.kernel(d, "Step", next.variants().keySet().iterator().next(), "a planned tuple").kernel());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> kernels.kernel(d, "Step", "frontier=hashed | [true]", "frontier = hashed"));
        assertTrue(e.getMessage().startsWith("the plan has no kernel for the definition of 'next' in Step (line "),
                e.getMessage());
        assertTrue(e.getMessage().contains("for frontier = hashed"), e.getMessage());
        IllegalStateException f = assertThrows(IllegalStateException.class, () -> kernels.fused(d, "Step"));
        assertTrue(f.getMessage().contains("no fused kernel for the group starting with 'next'"), f.getMessage());
    }

    @Test
    void tooManyOpenUniformConditionsAreRefusedAtTheDefinition() {
        StringBuilder value = new StringBuilder("x[i]");
        List<String> lines = new ArrayList<>(List.of("N int", "x double[N]"));
        for (int k = 0; k <= org.stag.engine.plan.Planner.MAX_FREE_CONDITIONS; k++) {
            lines.add("c" + k + " bool");
            value.append(" + ifelse(c").append(k).append(", 1.0, 0.0)");
        }
        lines.addAll(List.of("Let Main() -> (y double[N])", "    y[i] = " + value, "End"));
        CheckedProgram p = Fixtures.program("many.stag", lines.toArray(new String[0]));
        Map<String, org.stag.engine.plan.Operand> in = Map.of("x", new org.stag.engine.plan.Operand(
                org.stag.formats.tensor.FormatParser.parse("dense"), org.stag.engine.cin.ValueRead.declared(
                        org.stag.formats.tensor.FormatParser.parse("dense"), org.stag.engine.front.ScalarType.DOUBLE)));
        int n = org.stag.engine.plan.Planner.MAX_FREE_CONDITIONS + 1;
        org.stag.engine.front.ProgramException e = assertThrows(org.stag.engine.front.ProgramException.class,
                () -> org.stag.engine.plan.Planner.plan(p, in, Map.of()));
        assertTrue(e.getMessage().startsWith("many.stag:" + (lines.size() - 1) + ":5: "), e.getMessage());
        assertTrue(e.getMessage().contains(n + " ifelse conditions without an index would need 2^" + n + " kernels"),
                e.getMessage());
        // Fixing one by its parameter's value leaves six: planned, 64 variants.
        ProgramPlan plan = org.stag.engine.plan.Planner.plan(p, in, Map.of("c0", Boolean.TRUE));
        assertEquals(64, plan.kernels().size(), plan.toString());
    }

    @Test
    void aFunctionNeverCalledIsNotPlanned() {
        CheckedProgram p = Fixtures.program("unused.stag",
                "N int",
                "x double[N]",
                "Let Unused(v double[N]) -> (w double[N])",
                "    w[i] = v[i] * 2.0",
                "End",
                "Let Main() -> (y double[N])",
                "    y[i] = x[i] + 1.0",
                "End");
        RefTensor x = Fixtures.vector(5, 8, 1.0);
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, new RunOptions().param("N", "8")
                .input("x", Fixtures.store(x, "dense")));
        assertEquals(1, r.plan().statements().size(), r.plan().toString());
        assertNull(r.plan().of(p.function("Unused").decl().body().get(0)));
        r.runMain();
        assertEquals(planned(p, r.plan()), r.stats().kernels());
    }
}
