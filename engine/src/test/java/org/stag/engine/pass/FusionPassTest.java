package org.stag.engine.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.cin.Concretize;
import org.stag.engine.cin.IndexStmt;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/**
 * Fusion as a rewrite of concrete index notation ({@link Fusion}): the printed fused trees of PageRank's two groups
 * and BC's forward and backward groups, stored and unstored targets, a member's common subexpressions, what the
 * lowering walks and keys its class by ({@code DefinitionCompiler.compileFused}), and the trees it refuses.
 */
class FusionPassTest {
    private static final String PAGERANK = """
            N int
            damping double = 0.85
            AT bool[N][compressed[N]]
            rank double[N]
            deg int[N]
            Let Main() -> (next double[N])
                contrib double[N]
                incoming double[N]
                contrib[j] = ifelse(deg[j] == 0, 0.0, rank[j] / deg[j])
                dangling = ifelse(deg[j] == 0, rank[j], 0.0) | j:(+, 0.0)
                incoming[i] = AT[i][j] * contrib[j] | j:(+, 0.0)
                next[i] = (1.0 - damping) / N + damping * (incoming[i] + dangling / N)
            End
            """;

    private static final String BC = """
            N int
            A bool[N][compressed[N]]
            AT bool[N][compressed[N]]
            front double[N]
            sigma double[N]
            depth int[N]
            delta double[N]
            d int
            Let Main() -> (front_out double[N], sigma_out double[N], depth_out int[N], delta_out double[N])
                reach double[N]
                share double[N]
                gathered double[N]
                reach[j] = AT[j][k] * front[k] | k:(+, 0.0)
                front_out[j] = ifelse(depth[j] < 0, reach[j], 0.0)
                sigma_out[j] = sigma[j] + front_out[j]
                depth_out[j] = ifelse(front_out[j] > 0.0, d + 1, depth[j])
                share[w] = ifelse(depth[w] == d + 1, (1.0 + delta[w]) / sigma[w], 0.0)
                gathered[v] = A[v][w] * share[w] | w:(+, 0.0)
                delta_out[v] = ifelse(depth[v] == d, sigma[v] * gathered[v], delta[v])
            End
            """;

    private static final String OTHER = """
            N int
            M int
            x double[N]
            y double[M]
            Let Main() -> (t double[N], u double[N], v double[M], w double[N])
                t[i] = (x[i] + 1.0) * (x[i] + 1.0)
                u[i] = t[i] * 2.0
                v[i] = y[i]
                w[i] = t[N - 1 - i]
            End
            """;

    private static List<Definition> defs(CheckedProgram p) {
        List<Definition> defs = new ArrayList<>();
        p.main().decl().body().forEach(s -> {
            if (s instanceof Definition d) {
                defs.add(d);
            }
        });
        return defs;
    }

    private static Map<String, Format> dense(CheckedProgram p, String... matrices) {
        Map<String, Format> f = new HashMap<>();
        p.globals().values().forEach(s -> {
            if (s.isTensor()) {
                f.put(s.name(), FormatParser.parse("dense"));
            }
        });
        for (Definition d : defs(p)) {
            f.put(p.definition(d).target().name(), FormatParser.parse("dense"));
        }
        for (String m : matrices) {
            f.put(m, FormatParser.parse("dense,compressed"));
        }
        return f;
    }

    /** The tree of definition {@code d} in {@code order}, after common subexpressions when {@code cse}. */
    private static IndexStmt tree(CheckedProgram p, Definition d, Map<String, Format> f, boolean cse, String... order) {
        KernelSpec spec = new KernelSpec(p, d, f, Map.of());
        return new KernelPasses(null, cse, false, false).apply(spec, Concretize.of(spec, List.of(order)));
    }

    @Test
    void pageRanksGroupsAreOneForallWithASequenceOfTheirMembers() {
        CheckedProgram p = new Checker().check(new Source("pagerank.stag", PAGERANK));
        List<Definition> d = defs(p);
        Map<String, Format> f = dense(p, "AT");
        // A scalar reduction's accumulator lives across the shared loop: its where encloses the forall.
        IndexStmt first = Fusion.fuse(List.of(tree(p, d.get(0), f, false, "j"), tree(p, d.get(1), f, false, "j")), Set.of());
        assertEquals("(dangling = d1acc0 where (d1acc0 = 0.0; forall j (contrib[j] = ifelse(deg[j] == 0, 0.0, rank[j] / deg[j]); "
                + "d1acc0 += ifelse(deg[j] == 0, rank[j], 0.0))))", CinPrinter.print(first));
        // The row reduction is an inner forall under a where; the unstored incoming is only a temporary, which the
        // update reads instead of incoming[i].
        IndexStmt second = Fusion.fuse(List.of(tree(p, d.get(2), f, false, "i", "j"), tree(p, d.get(3), f, false, "i")),
                Set.of("incoming"));
        assertEquals("forall i ((incoming = d0acc0 where (d0acc0 = 0.0; forall j d0acc0 += AT[i][j] * contrib[j])); "
                + "next[i] = (1.0 - damping) / N + damping * (incoming + dangling / N))", CinPrinter.print(second));
        // The lowering walks the same trees.
        DefinitionCompiler dc = new DefinitionCompiler();
        assertEquals(CinPrinter.print(first), dc.compileFused(p, d.subList(0, 2), f, Map.of(), Set.of(), false).plan().cin());
        assertEquals(CinPrinter.print(second),
                dc.compileFused(p, d.subList(2, 4), f, Map.of(), Set.of("incoming"), false).plan().cin());
    }

    @Test
    void aStoredTargetALaterMemberReadsIsATemporaryThenAStore() {
        CheckedProgram p = new Checker().check(new Source("pagerank.stag", PAGERANK));
        List<Definition> d = defs(p);
        Map<String, Format> f = dense(p, "AT");
        IndexStmt stored = Fusion.fuse(List.of(tree(p, d.get(2), f, false, "i", "j"), tree(p, d.get(3), f, false, "i")), Set.of());
        assertEquals("forall i (((incoming = d0acc0 where (d0acc0 = 0.0; forall j d0acc0 += AT[i][j] * contrib[j])); "
                + "incoming[i] = incoming); next[i] = (1.0 - damping) / N + damping * (incoming + dangling / N))",
                CinPrinter.print(stored));
        // What is stored changes the code: the two are different classes.
        DefinitionCompiler dc = new DefinitionCompiler();
        assertNotEquals(dc.compileFused(p, d.subList(2, 4), f, Map.of(), Set.of(), false).plan().source().qualifiedName(),
                dc.compileFused(p, d.subList(2, 4), f, Map.of(), Set.of("incoming"), false).plan().source().qualifiedName());
    }

    @Test
    void bcsForwardAndBackwardGroups() {
        CheckedProgram p = new Checker().check(new Source("bc.stag", BC));
        List<Definition> d = defs(p);
        Map<String, Format> f = dense(p, "A", "AT");
        IndexStmt forward = Fusion.fuse(List.of(tree(p, d.get(0), f, true, "j", "k"), tree(p, d.get(1), f, true, "j"),
                tree(p, d.get(2), f, true, "j"), tree(p, d.get(3), f, true, "j")), Set.of("reach"));
        assertEquals("forall j ((reach = d0acc0 where (d0acc0 = 0.0; forall k d0acc0 += AT[j][k] * front[k])); "
                + "(front_out = ifelse(depth[j] < 0, reach, 0.0); front_out[j] = front_out); "
                + "sigma_out[j] = sigma[j] + front_out; depth_out[j] = ifelse(front_out > 0.0, d + 1, depth[j]))",
                CinPrinter.print(forward));
        IndexStmt backward = Fusion.fuse(List.of(tree(p, d.get(5), f, true, "v", "w"), tree(p, d.get(6), f, true, "v")),
                Set.of("gathered"));
        assertEquals("forall v ((gathered = d0acc0 where (d0acc0 = 0.0; forall w d0acc0 += A[v][w] * share[w])); "
                + "delta_out[v] = ifelse(depth[v] == d, sigma[v] * gathered, delta[v]))", CinPrinter.print(backward));
        DefinitionCompiler dc = new DefinitionCompiler();
        assertEquals(CinPrinter.print(forward), dc.compileFused(p, d.subList(0, 4), f, Map.of(), Set.of("reach"), true).plan().cin());
        assertEquals(CinPrinter.print(backward),
                dc.compileFused(p, d.subList(5, 7), f, Map.of(), Set.of("gathered"), true).plan().cin());
    }

    @Test
    void aMembersCommonSubexpressionsAreRenamedAndTheKeyFollowsTheTree() {
        CheckedProgram p = new Checker().check(new Source("other.stag", OTHER));
        List<Definition> d = defs(p);
        Map<String, Format> f = dense(p);
        IndexStmt fused = Fusion.fuse(List.of(tree(p, d.get(0), f, true, "i"), tree(p, d.get(1), f, true, "i")), Set.of());
        assertEquals("forall i (((t = d0t0 * d0t0 where d0t0 = x[i] + 1.0); t[i] = t); u[i] = t * 2.0)", CinPrinter.print(fused));
        DefinitionCompiler dc = new DefinitionCompiler();
        assertEquals(CinPrinter.print(fused), dc.compileFused(p, d.subList(0, 2), f, Map.of(), Set.of(), true).plan().cin());
        assertNotEquals(dc.compileFused(p, d.subList(0, 2), f, Map.of(), Set.of(), true).plan().source().qualifiedName(),
                dc.compileFused(p, d.subList(0, 2), f, Map.of(), Set.of(), false).plan().source().qualifiedName());
    }

    @Test
    void refusesMembersThatDoNotShareTheLoop() {
        CheckedProgram p = new Checker().check(new Source("other.stag", OTHER));
        List<Definition> d = defs(p);
        Map<String, Format> f = dense(p);
        IndexStmt t = tree(p, d.get(0), f, false, "i");
        IllegalArgumentException extent = assertThrows(IllegalArgumentException.class,
                () -> Fusion.fuse(List.of(t, tree(p, d.get(2), f, false, "i")), Set.of()));
        assertTrue(extent.getMessage().contains("not the shared loop's extent N"), extent.getMessage());
        IllegalArgumentException elsewhere = assertThrows(IllegalArgumentException.class,
                () -> Fusion.fuse(List.of(t, tree(p, d.get(3), f, false, "i")), Set.of()));
        assertTrue(elsewhere.getMessage().contains("other than at the shared index i"), elsewhere.getMessage());
        IndexStmt.Forall loop = (IndexStmt.Forall) t;
        IllegalArgumentException root = assertThrows(IllegalArgumentException.class,
                () -> Fusion.fuse(List.of(t, loop.body()), Set.of()));
        assertTrue(root.getMessage().contains("does not walk the shared index at its root"), root.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Fusion.fuse(List.of(), Set.of()));
    }
}
