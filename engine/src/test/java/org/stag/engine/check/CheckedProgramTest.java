package org.stag.engine.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;
import org.stag.engine.front.StarCall;
import org.stag.engine.front.Stmt;
import org.stag.engine.ops.Constant;

/** The example programs check, and the checker's results describe them correctly. */
class CheckedProgramTest {

    static CheckedProgram example(String name) {
        try (InputStream in = CheckedProgramTest.class.getResourceAsStream("/programs/" + name + ".stag")) {
            if (in == null) {
                throw new IllegalStateException("missing test resource programs/" + name + ".stag");
            }
            return new Checker().check(new Source(name + ".stag", new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Definition definition(CheckedProgram p, String function, String target) {
        for (Stmt s : p.function(function).decl().body()) {
            if (s instanceof Definition d && d.target().name().equals(target)) {
                return d;
            }
        }
        throw new AssertionError("no definition of " + target + " in " + function);
    }

    private static StarCall starCall(CheckedProgram p, String function) {
        for (Stmt s : p.function(function).decl().body()) {
            if (s instanceof StarCall c) {
                return c;
            }
        }
        throw new AssertionError("no star call in " + function);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pagerank", "bfs", "sssp", "wcc"})
    void examplesCheck(String name) {
        CheckedProgram p = example(name);
        assertFalse(p.main().outputs().isEmpty());
        assertEquals("N", p.parameters().get(0).name());
    }

    @Test
    void globalsSplitIntoParametersAndInputs() {
        CheckedProgram p = example("pagerank");
        assertEquals(List.of("N", "iterations", "damping"), p.parameters().stream().map(Symbol::name).toList());
        assertEquals(List.of("A", "AT"), p.inputs().stream().map(Symbol::name).toList());
        Symbol a = p.globals().get("A");
        assertEquals(new VarType.Tensor(ScalarType.BOOL, List.of("dense", "compressed"), List.of("N", "N"),
                Constant.ofBool(false)), a.type());
        assertEquals(0.85, ((Expr.FloatLiteral) p.defaultValue("damping").orElseThrow()).value());
        assertTrue(p.defaultValue("N").isEmpty());
    }

    @Test
    void definitionsKnowTheirFreeAndReducedIndicesAndRanges() {
        CheckedProgram p = example("pagerank");
        DefinitionInfo incoming = p.definition(definition(p, "Step", "incoming"));
        assertEquals(List.of("i"), incoming.free());
        assertEquals(List.of("j"), incoming.reduced());
        assertEquals(Map.of("i", "N", "j", "N"), incoming.extents());
        assertEquals(List.of(), incoming.loopOrder());
        assertEquals(ScalarType.DOUBLE, incoming.valueType());

        DefinitionInfo deg = p.definition(definition(p, "Main", "deg"));
        assertEquals(ScalarType.INT, deg.valueType()); // a + reduction over bools counts
    }

    @Test
    void scalarsDefinedWithoutDeclarationTakeTheirValuesType() {
        CheckedProgram p = example("pagerank");
        Symbol dangling = p.function("Step").variables().get("dangling");
        assertEquals(Symbol.Kind.LOCAL, dangling.kind());
        assertEquals(new VarType.Scalar(ScalarType.DOUBLE), dangling.type());
        Symbol pull = example("bfs").function("Step").variables().get("pull");
        assertEquals(new VarType.Scalar(ScalarType.BOOL), pull.type());
    }

    @Test
    void callOutputsWithoutDeclarationTakeTheFunctionsOutputType() {
        CheckedProgram p = example("sssp");
        Symbol d = p.function("Bucket").variables().get("dist_out");
        assertEquals(Symbol.Kind.RESULT, d.kind());
        assertEquals(Constant.ofReal(ScalarType.DOUBLE, Double.POSITIVE_INFINITY), d.tensor().fill());
    }

    @Test
    void starCallsKnowHowTheyStopAndTheirRules() {
        CheckedProgram pagerank = example("pagerank");
        StarCallInfo pr = pagerank.starCall(starCall(pagerank, "Main"));
        assertEquals(StarCallInfo.Stop.COUNT, pr.stop());
        CheckedProgram bfs = example("bfs");
        StarCallInfo loop = bfs.starCall(starCall(bfs, "Main"));
        assertEquals(StarCallInfo.Stop.CONDITION, loop.stop());
        assertEquals("Step", loop.function().name());
        assertEquals(1, loop.rules().size());
        StarCallInfo.Rule rule = loop.rules().get(0);
        assertEquals(0, rule.argument());
        assertEquals(List.of("compressed"), rule.from());
        assertEquals(List.of("bitmap"), rule.to());
        assertEquals(loop.call().rules().get(0), rule.rule());
    }

    @Test
    void expressionsHaveTypesAndNamesHaveSymbols() {
        CheckedProgram p = example("pagerank");
        Definition contrib = definition(p, "Step", "contrib");
        Expr.IfElse value = (Expr.IfElse) contrib.value();
        assertEquals(ScalarType.DOUBLE, p.typeOf(value));
        assertEquals(ScalarType.BOOL, p.typeOf(value.condition()));
        Expr.Binary ratio = (Expr.Binary) value.otherwise();
        assertEquals(ScalarType.DOUBLE, p.typeOf(ratio));
        Expr.Access deg = (Expr.Access) ratio.right();
        assertEquals(ScalarType.INT, p.typeOf(deg));
        Symbol degSymbol = p.symbolOf((Expr.Name) deg.tensor()).orElseThrow();
        assertEquals(Symbol.Kind.ARGUMENT, degSymbol.kind());
        Expr.Name j = (Expr.Name) deg.indices().get(0);
        assertTrue(p.symbolOf(j).isEmpty(), "j is an index variable");
        assertEquals(ScalarType.INT, p.typeOf(j));
    }

    @Test
    void lookupsOfForeignNodesFail() {
        CheckedProgram p = example("wcc");
        CheckedProgram q = example("wcc"); // equal-looking but different nodes
        Definition d = definition(q, "Step", "hooked");
        assertThrows(IllegalArgumentException.class, () -> p.definition(d));
        assertThrows(IllegalArgumentException.class, () -> p.typeOf(d.value()));
        assertThrows(IllegalArgumentException.class, () -> p.function("Nope"));
    }

    @Test
    void concordantOrderIsAccepted() {
        String program = """
                N int
                A double[N][compressed[N]]
                x double[N]
                Let Main() -> (y double[N])
                    y[i] = A[i][j] * x[j] | j:(+, 0.0) Ord i, j
                End
                """;
        CheckedProgram p = new Checker().check(new Source("t", program));
        assertEquals(List.of("i", "j"), p.definition(definition(p, "Main", "y")).loopOrder());
    }

    @Test
    void discordantOrderIsAcceptedWhenTheLevelCanLocate() {
        String program = """
                N int
                A double[N][N]
                x double[N]
                Let Main() -> (y double[N])
                    y[i] = A[i][j] * x[j] | j:(+, 0.0) Ord j, i
                End
                """;
        CheckedProgram p = new Checker().check(new Source("t", program));
        assertEquals(List.of("j", "i"), p.definition(definition(p, "Main", "y")).loopOrder());
    }

    @Test
    void theCompilerSuppliesLevelCapabilitiesThroughTheCatalog() {
        String program = """
                N int
                A double[N][mytree[N]]
                x double[N]
                Let Main() -> (y double[N])
                    y[i] = A[i][j] * x[j] | j:(+, 0.0) Ord j, i
                End
                """;
        ProgramException unknown = assertThrows(ProgramException.class,
                () -> new Checker().check(new Source("t", program)));
        assertEquals("t:2:13: unknown level format 'mytree' (known: dense, range, compressed, singleton, offset, hashed, bitmap, vbyte,"
                + " list, blist, vblist, ttree, bst, rbtree, ctree, vctree, btree)", unknown.getMessage());
        LevelCatalog withTree = new LevelCatalog() {
            @Override
            public List<String> names() {
                return List.of("dense", "mytree");
            }

            @Override
            public boolean canLocate(String level) {
                return true; // e.g. a search tree the compiler can look coordinates up in
            }
        };
        CheckedProgram p = new Checker(withTree).check(new Source("t", program));
        assertEquals(withTree, p.levels());
    }

    @Test
    void standardCatalogListsTheBriefsLevels() {
        LevelCatalog c = LevelCatalog.standard();
        for (String l : List.of("dense", "compressed", "singleton", "hashed", "bitmap", "list", "blist", "vblist",
                "ttree", "bst", "rbtree", "ctree", "btree")) {
            assertTrue(c.isKnown(l), l);
        }
        assertTrue(c.canLocate("dense"));
        assertTrue(c.canLocate("bitmap"));
        assertFalse(c.canLocate("compressed"));
        assertFalse(c.canLocate("list"));
        // A C-tree is a search tree: its level format claims LOCATE, and the checker now says so too.
        assertTrue(c.canLocate("ctree"));
    }
}
