package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Parser;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;
import org.stag.engine.ops.Operator;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.reference.ReferenceEvaluator;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;

/**
 * Functions with declared algebra ({@code Def}, [Henry 2021] §5): the checker validates the declaration and the
 * laws, the descriptor carries them, and reductions and element-wise uses compile to kernels that agree with
 * the reference evaluator in static and dynamic formats, iterating only where the algebra allows.
 */
class UserAlgebraTest {
    private static final int N = 7;

    /** The test program of docs/language.md's section on Def: {@code programs/algebra.stag}. */
    static final String PROGRAM = resource();

    private static String resource() {
        try (java.io.InputStream in = UserAlgebraTest.class.getResourceAsStream("/programs/algebra.stag")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static CheckedProgram check(String text) {
        return new Checker().check(new Source("algebra.stag", text));
    }

    private static ProgramException rejected(String text) {
        return assertThrows(ProgramException.class, () -> check(text));
    }

    @Test
    void theDescriptorCarriesTheDeclaredAlgebra() {
        CheckedProgram p = check(PROGRAM);
        Operator smaller = p.operator("smaller");
        assertEquals(Operator.Typing.DECLARED, smaller.typing());
        assertEquals(ScalarType.DOUBLE, smaller.declaredType());
        assertTrue(smaller.commutative() && smaller.associative() && smaller.idempotent());
        assertEquals(Double.POSITIVE_INFINITY, smaller.identity(ScalarType.DOUBLE).real());
        assertEquals(null, smaller.annihilator(ScalarType.DOUBLE));
        Operator both = p.operator("both");
        assertFalse(both.annihilator(ScalarType.BOOL).bool());
        assertTrue(both.stopsEarly(ScalarType.BOOL));
        assertFalse(p.operator("common").reduces(ScalarType.DOUBLE));
    }

    @Test
    void printsAndReparses() {
        String printed = Printer.print(Parser.parse(new Source("a.stag", PROGRAM)));
        assertTrue(printed.contains("Def smaller(a double, b double) -> double commutative associative idempotent"
                + " identity inf = ifelse(a < b, a, b)"), printed);
        assertEquals(printed, Printer.print(Parser.parse(new Source("b.stag", printed))));
    }

    @Test
    void kernelsAgreeWithTheReferenceEvaluator() {
        CheckedProgram p = check(PROGRAM);
        Random rnd = new Random(42);
        for (int round = 0; round < 4; round++) {
            RefTensor a = new RefTensor(ScalarType.DOUBLE, new int[] {N, N}, Double.POSITIVE_INFINITY);
            RefTensor b = new RefTensor(ScalarType.BOOL, new int[] {N, N}, false);
            RefTensor u = new RefTensor(ScalarType.DOUBLE, new int[] {N}, 0.0);
            RefTensor v = new RefTensor(ScalarType.DOUBLE, new int[] {N}, 0.0);
            for (int i = 0; i < N; i++) {
                for (int j = 0; j < N; j++) {
                    if (rnd.nextInt(3) == 0) {
                        a.set((double) (rnd.nextInt(19) - 9), i, j);
                    }
                    if (rnd.nextInt(2) == 0) {
                        b.set(rnd.nextBoolean(), i, j);
                    }
                }
                if (rnd.nextBoolean()) {
                    u.set((double) (rnd.nextInt(9) - 4), i);
                }
                if (rnd.nextBoolean()) {
                    v.set((double) (rnd.nextInt(9) - 4), i);
                }
            }
            Map<String, RefTensor> inputs = Map.of("A", a, "B", b, "u", u, "v", v);
            ReferenceEvaluator ref = new ReferenceEvaluator(p, Map.of("N", N), inputs);
            List<String> matrices = List.of("dense,compressed", "dense,bst", "dense,ctree", "dense,list", "dense,dense");
            List<String> vectors = List.of("compressed", "bst", "dense", "list", "hashed");
            for (int f = 0; f < matrices.size(); f++) {
                Map<String, Format> formats = new HashMap<>();
                Map<String, Object> bind = new HashMap<>();
                bind.put("N", N);
                for (String m : List.of("A", "B")) {
                    formats.put(m, FormatParser.parse(matrices.get(f)));
                    bind.put(m, Tensors.store(inputs.get(m), formats.get(m)));
                }
                formats.put("u", FormatParser.parse(vectors.get(f)));
                formats.put("v", FormatParser.parse(vectors.get((f + 2) % vectors.size())));
                bind.put("u", Tensors.store(u, formats.get("u")));
                bind.put("v", Tensors.store(v, formats.get("v")));
                for (String out : List.of("lo", "all", "w")) {
                    formats.put(out, FormatParser.parse(f % 2 == 0 ? "dense" : "compressed"));
                }
                for (var s : p.main().decl().body()) {
                    Definition d = (Definition) s;
                    RefTensor expected = (RefTensor) ref.evaluate(d, Map.of());
                    CompiledDefinition k = new DefinitionCompiler().compile(p, d, formats, Map.of());
                    for (int threads : new int[] {1, 2}) {
                        Tensor got = (Tensor) k.run(bind, threads);
                        RefTensor actual = Tensors.read(got, expected.type(), expected.fill());
                        assertEquals(expected, actual, d.target().name() + " in " + formats + ", " + threads
                                + " threads");
                    }
                }
            }
        }
    }

    @Test
    void theAlgebraDecidesTheIteration() {
        CheckedProgram p = check(PROGRAM);
        Map<String, Format> formats = new HashMap<>();
        formats.put("A", FormatParser.parse("dense,compressed"));
        formats.put("B", FormatParser.parse("dense,compressed"));
        formats.put("u", FormatParser.parse("compressed"));
        formats.put("v", FormatParser.parse("compressed"));
        List<String> sources = new java.util.ArrayList<>();
        for (String out : List.of("lo", "all", "w")) {
            formats.put(out, FormatParser.parse("dense"));
        }
        for (var s : p.main().decl().body()) {
            sources.add(new DefinitionCompiler().compile(p, (Definition) s, formats, Map.of()).plan().source().text());
        }
        // smaller's identity is A's fill: the row's stored entries are visited, no loop over all of j.
        assertFalse(sources.get(0).contains("i_j < "), sources.get(0));
        // both's annihilator false stops the row at its first false.
        assertTrue(sources.get(1).contains("break"), sources.get(1));
        // common's annihilator 0 is u's and v's fill: the loop intersects them, it does not visit all of i.
        assertFalse(sources.get(2).contains("i_i < "), sources.get(2));
    }

    @Test
    void declarationErrors() {
        assertEquals("algebra.stag:1:1: Def f takes 1 parameters; a Def takes exactly two, of its result type",
                rejected("Def f(a double) -> double = a\nLet Main() -> (x int)\n    x = 1\nEnd\n").getMessage());
        assertEquals("algebra.stag:1:17: parameter 'b' of Def f must be double, the Def's result type",
                rejected("Def f(a double, b int) -> double = a\nLet Main() -> (x int)\n    x = 1\nEnd\n").getMessage());
        assertEquals("algebra.stag:2:34: 'N' is a global; the body of Def f may use only its parameters",
                rejected("N int\nDef f(a int, b int) -> int = a + N\nLet Main() -> (x int)\n    x = 1\nEnd\n")
                        .getMessage());
        assertEquals("algebra.stag:1:49: identity 0.5 is not an int",
                rejected("Def f(a int, b int) -> int commutative identity 0.5 = a + b\nLet Main() -> (x int)\n    x = 1\nEnd\n")
                        .getMessage());
        assertEquals("algebra.stag:1:40: 'commutative' is declared twice (first at 1:28)",
                rejected("Def f(a int, b int) -> int commutative commutative = a + b\nLet Main() -> (x int)\n    x = 1\nEnd\n")
                        .getMessage());
        ProgramException unknownWord = assertThrows(ProgramException.class,
                () -> Parser.parse(new Source("algebra.stag", "Def f(a int, b int) -> int distributive = a\n")));
        assertTrue(unknownWord.getMessage().startsWith("algebra.stag:1:28: unknown property 'distributive'"),
                unknownWord.getMessage());
    }

    @Test
    void moreDeclarationErrors() {
        String main = "Let Main() -> (x int)\n    x = 1\nEnd\n";
        assertEquals("algebra.stag:1:14: 'a' is already a parameter of f",
                rejected("Def f(a int, a int) -> int = a\n" + main).getMessage());
        assertEquals("algebra.stag:1:30: the body of Def f is double, not int",
                rejected("Def f(a int, b int) -> int = a * 0.5\n" + main).getMessage());
        assertEquals("algebra.stag:1:39: the annihilator of Def f equals its identity (0); no operator has both",
                rejected("Def f(a int, b int) -> int identity 0 annihilator 0 = a\n" + main).getMessage());
        assertEquals("algebra.stag:1:30: Def g is declared below; a Def may call only the Defs above it",
                rejected("Def f(a int, b int) -> int = g(a, b)\nDef g(a int, b int) -> int = a\n" + main).getMessage());
        assertEquals("algebra.stag:2:30: f takes 2 arguments, got 3",
                rejected("Def f(a int, b int) -> int = a\nDef g(a int, b int) -> int = f(a, b, a)\n" + main).getMessage());
        assertEquals("algebra.stag:4:5: 'f' is a function, not a variable",
                rejected("Def f(a int, b int) -> int = a\nLet Main() -> (x int)\n    y int\n    f = 1\n    x = 1\nEnd\n")
                        .getMessage());
        assertEquals("algebra.stag:1:24: expected the Def's result type (bool, int, long, float or double), found 'x'",
                assertThrows(ProgramException.class, () -> Parser.parse(new Source("algebra.stag",
                        "Def f(a int, b int) -> x = a\n"))).getMessage());
        assertTrue(assertThrows(ProgramException.class, () -> Parser.parse(new Source("algebra.stag",
                "Def f(a int, b int) -> int commutative\n"))).getMessage()
                .startsWith("algebra.stag:2:1: expected '=' and the Def's body"));
    }

    @Test
    void falseLawsAreRejectedAtTheProperty() {
        assertEquals("algebra.stag:1:32: Def minus declares commutative, but minus(0, 1) = -1 and minus(1, 0) = 1",
                rejected("Def minus(a int, b int) -> int commutative = a - b\nLet Main() -> (x int)\n    x = 1\nEnd\n")
                        .getMessage());
        assertEquals("algebra.stag:1:55: Def plus declares identity 1, but plus(1, 0) = 1, not 0",
                rejected("Def plus(a int, b int) -> int commutative associative identity 1 = a + b\nLet Main() -> (x int)\n"
                        + "    x = 1\nEnd\n").getMessage());
        assertEquals("algebra.stag:1:51: Def avg declares associative, but avg(avg(0.0, 0.0), 1.0) = 0.5 and"
                + " avg(0.0, avg(0.0, 1.0)) = 0.25",
                rejected("Def avg(a double, b double) -> double commutative associative = (a + b) / 2.0\n"
                        + "Let Main() -> (x int)\n    x = 1\nEnd\n").getMessage());
    }

    @Test
    void reductionErrors() {
        String header = "N int\nA double[N][compressed[N]]\n";
        assertEquals("algebra.stag:5:22: unknown reduction operator 'nope'; use +, *, MIN, MAX, OR, AND, CHOOSE or a Def"
                + " declared in this program",
                rejected(header + "Def f(a double, b double) -> double commutative = a + b\nLet Main() -> (r double[N])\n"
                        + "    r[i] = A[i][j] | j:(nope, 0.0)\nEnd\n").getMessage());
        assertEquals("algebra.stag:5:22: Def f cannot reduce: a reduction operator must be declared commutative and"
                + " associative, with an identity (chunks are reduced apart from the identity, then merged with the"
                + " initial value)",
                rejected(header + "Def f(a double, b double) -> double commutative = a + b\nLet Main() -> (r double[N])\n"
                        + "    r[i] = A[i][j] | j:(f, 0.0)\nEnd\n").getMessage());
        assertEquals("algebra.stag:5:22: f reduces int values, but the value reduced over 'j' is double",
                rejected(header + "Def f(a int, b int) -> int commutative associative identity 0 = a + b\n"
                        + "Let Main() -> (r int[N])\n    r[i] = A[i][j] | j:(f, 0)\nEnd\n").getMessage());
        assertEquals("algebra.stag:5:34: the initial value of the f reduction must be int, not double (0.5)",
                rejected(header + "Def f(a int, b int) -> int commutative associative identity 0 = a + b\n"
                        + "Let Main() -> (r int[N])\n    r[i] = A[i][j] > 0.0 | j:(f, 0.5)\nEnd\n").getMessage());
        assertEquals("algebra.stag:5:14: argument 1 of f is double; Def f takes int",
                rejected(header + "Def f(a int, b int) -> int = a + b\nLet Main() -> (r double[N])\n"
                        + "    r[i] = f(A[i][j], 1) | j:(+, 0.0)\nEnd\n").getMessage());
    }

    @Test
    void hash64IsAFunctionOfLongsOnly() {
        String header = "N int\nA double[N][compressed[N]]\n";
        assertEquals("algebra.stag:4:28: hash64 is a function, not a reduction operator; use +, *, MIN, MAX, OR, AND,"
                + " CHOOSE or a Def declared in this program",
                rejected(header + "Let Main() -> (r long[N])\n    r[i] = A[i][j] > 0.0 | j:(hash64, 0L)\nEnd\n").getMessage());
        assertEquals("algebra.stag:4:19: argument 1 of hash64 is double; hash64 takes long",
                rejected(header + "Let Main() -> (r long[N])\n    r[i] = hash64(A[i][j], i) | j:(+, 0L)\nEnd\n")
                        .getMessage());
    }
}
