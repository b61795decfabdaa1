package org.stag.engine.loopir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexStmt;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.javagen.KernelSource;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/**
 * A fused group is lowered from its fused tree ({@code pass.Fusion}): what is stored and what later members read
 * come from the tree, so lowering one group's kernels over another tree gives that tree's code.
 */
class GroupDriverTest {
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

    private static final CheckedProgram P = new Checker().check(new Source("pagerank.stag", PAGERANK));

    /** PageRank's SpMV and update, a row reduction and its consumer. */
    private static List<Definition> defs() {
        return all().subList(2, 4);
    }

    private static List<Definition> all() {
        List<Definition> defs = new ArrayList<>();
        P.main().decl().body().forEach(s -> {
            if (s instanceof Definition d) {
                defs.add(d);
            }
        });
        return defs;
    }

    private static Map<String, Format> formats() {
        Format dense = FormatParser.parse("dense");
        return Map.of("AT", FormatParser.parse("dense,compressed"), "rank", dense, "deg", dense, "contrib", dense,
                "incoming", dense, "next", dense);
    }

    private static String java(LoweredFusion f) {
        return KernelSource.fused(f, "org.stag.gen", "Fused_test").source().text();
    }

    @Test
    void whatIsStoredComesFromTheTree() {
        GroupDriver.FusedGroup stored = GroupDriver.group(P, defs(), formats(), Map.of(), Set.of(), false);
        GroupDriver.FusedGroup unstored = GroupDriver.group(P, defs(), formats(), Map.of(), Set.of("incoming"), false);
        LoweredFusion s = GroupDriver.lower(stored);
        LoweredFusion u = GroupDriver.lower(unstored);
        assertEquals(Set.of(), s.unstored());
        assertEquals(Set.of("incoming"), u.unstored());
        assertTrue(java(s).contains("o0[i_L] = x0;"), java(s));
        assertTrue(!java(u).contains("o0"), java(u));
        // The stored group's kernels over the unstored tree: the unstored code.
        LoweredFusion swapped = GroupDriver.lower(new GroupDriver.FusedGroup(stored.specs(), unstored.tree()));
        assertEquals(java(u), java(swapped));
        assertNotEquals(java(s), java(swapped));
        // The later member reads the row reduction's local, the temporary the tree names after incoming.
        assertTrue(java(u).contains("s_damping * (x0 + s_dangling / (double) s_N)"), java(u));
    }

    @Test
    void refusesATreeWithoutAStatementPerMember() {
        GroupDriver.FusedGroup g = GroupDriver.group(P, defs(), formats(), Map.of(), Set.of("incoming"), false);
        IndexStmt.Forall loop = (IndexStmt.Forall) g.tree();
        IndexStmt one = loop.withBody(new IndexStmt.Sequence(List.of(((IndexStmt.Sequence) loop.body()).statements().get(0))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GroupDriver.lower(new GroupDriver.FusedGroup(g.specs(), one)));
        assertTrue(e.getMessage().contains("has 1 members, not 2"), e.getMessage());
    }

    @Test
    void aScalarMembersAccumulatorComesFromTheWhereAroundTheLoop() {
        GroupDriver.FusedGroup g = GroupDriver.group(P, all().subList(0, 2), formats(), Map.of(), Set.of(), false);
        assertTrue(java(GroupDriver.lower(g)).contains("double d1acc0 = 0.0;"), java(GroupDriver.lower(g)));
        IndexStmt.Where w = (IndexStmt.Where) g.tree();
        IndexStmt.Assign consumer = (IndexStmt.Assign) w.consumer();
        List<IndexStmt> producer = ((IndexStmt.Sequence) w.producer()).statements();
        IndexStmt.Assign init = (IndexStmt.Assign) producer.get(0);
        // A consumer that assigns no accumulator, an accumulator nobody initialises: refused.
        IndexStmt noAcc = new IndexStmt.Where(new IndexStmt.Assign(consumer.lhs(), null, init.rhs()), w.producer());
        IllegalArgumentException e1 = assertThrows(IllegalArgumentException.class,
                () -> GroupDriver.lower(new GroupDriver.FusedGroup(g.specs(), noAcc)));
        assertTrue(e1.getMessage().contains("assigns no accumulator to dangling"), e1.getMessage());
        IndexStmt noInit = new IndexStmt.Where(consumer, new IndexStmt.Sequence(List.of(
                new IndexStmt.Assign(new IndexExpr.Temp("other", init.rhs().type()), null, init.rhs()), producer.get(1))));
        IllegalArgumentException e2 = assertThrows(IllegalArgumentException.class,
                () -> GroupDriver.lower(new GroupDriver.FusedGroup(g.specs(), noInit)));
        assertTrue(e2.getMessage().contains("initialises no d1acc0"), e2.getMessage());
    }
}
