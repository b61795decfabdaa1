package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.ScalarType;
import org.stag.engine.reference.RefTensor;

/** Every run-time error names the place (file:line:col) and says what is wrong. */
class RunErrorsTest {
    private static final CheckedProgram PAGERANK = Fixtures.program("pagerank.stag", Fixtures.resource("pagerank"));

    private static RefTensor graph() {
        return Fixtures.graph(3, 6, 0.3, false);
    }

    private static RunOptions pagerank() {
        return new RunOptions().input("A", Fixtures.store(graph(), "dense,compressed"))
                .input("AT", Fixtures.store(Fixtures.transpose(graph()), "dense,compressed"));
    }

    private static String fail(CheckedProgram p, RunOptions o) {
        return assertThrows(ProgramRunException.class, () -> new ProgramRunner(p, Fixtures.COMPILER, o).runMain())
                .getMessage();
    }

    @Test
    void badParameterValues() {
        assertEquals("pagerank.stag:6:1: parameter 'iterations' is an int; cannot read 'ten' (--param iterations=ten):"
                + " not a whole number", fail(PAGERANK, pagerank().param("iterations", "ten")));
        assertEquals("pagerank.stag:6:1: parameter 'iterations' is an int; cannot read '1e3' (--param iterations=1e3):"
                + " not a whole number", fail(PAGERANK, pagerank().param("iterations", "1e3")));
        assertEquals("pagerank.stag:6:1: parameter 'iterations' is an int; cannot read '3000000000' (--param"
                + " iterations=3000000000): out of range for int", fail(PAGERANK, pagerank().param("iterations", "3000000000")));
        assertEquals("pagerank.stag:7:1: parameter 'damping' is a double; cannot read '0,85' (--param damping=0,85):"
                + " not a number", fail(PAGERANK, pagerank().param("damping", "0,85")));
        CheckedProgram p = Fixtures.program("flag.stag", "f bool", "Let Main() -> (r bool)", "    r = !f", "End");
        assertEquals("flag.stag:1:1: parameter 'f' is a bool; cannot read 'yes' (--param f=yes): write true or false",
                fail(p, new RunOptions().param("f", "yes")));
    }

    @Test
    void parametersThatParse() {
        CheckedProgram p = Fixtures.program("params.stag", "f bool", "x double", "y float", "n long", "m int = n > 0",
                "Let Main() -> (r bool, s double, t float, u long)", "    r = !f", "    s = x * 2.0", "    t = y",
                "    u = n + 1", "End");
        Map<String, Object> out = new ProgramRunner(p, Fixtures.COMPILER, new RunOptions().param("f", "TRUE")
                .param("x", "-inf").param("y", "0.1").param("n", "-9223372036854775808")).runMain();
        assertEquals(Map.of("r", false, "s", Double.NEGATIVE_INFINITY, "t", 0.1f, "u", Long.MIN_VALUE + 1), out);
    }

    @Test
    void unknownParameter() {
        assertEquals("pagerank.stag: unknown parameter 'iteration'; the program's parameters are N, iterations, damping",
                fail(PAGERANK, pagerank().param("iteration", "3")));
        assertEquals("pagerank.stag: 'A' is an input tensor, not a parameter; the program's parameters are N, iterations,"
                + " damping", fail(PAGERANK, pagerank().param("A", "3")));
        assertEquals("pagerank.stag: unknown input tensor 'B'; the program's input tensors are A, AT",
                fail(PAGERANK, pagerank().input("B", Fixtures.store(graph(), "dense,compressed"))));
    }

    @Test
    void missingParameter() {
        CheckedProgram p = Fixtures.program("n.stag", "N int", "Let Main() -> (r int)", "    r = N", "End");
        assertEquals("n.stag:1:1: parameter 'N' (int) has no value: give it with --param N=VALUE", fail(p, new RunOptions()));
    }

    @Test
    void missingInput() {
        assertEquals("pagerank.stag:9:1: input tensor 'AT' (bool[N][compressed[N]]) is not bound",
                fail(PAGERANK, new RunOptions().input("A", Fixtures.store(graph(), "dense,compressed"))));
    }

    @Test
    void wrongInputShape() {
        RefTensor big = Fixtures.graph(3, 7, 0.3, false);
        assertEquals("pagerank.stag:9:1: input tensor 'AT' is 7 x 7 but is declared bool[N][compressed[N]], which is 6 x 6"
                + " with N = 6", fail(PAGERANK, new RunOptions().input("A", Fixtures.store(graph(), "dense,compressed"))
                .input("AT", Fixtures.store(big, "dense,compressed"))));
        // N set explicitly disagrees with both inputs.
        assertEquals("pagerank.stag:8:1: input tensor 'A' is 6 x 6 but is declared bool[N][compressed[N]], which is 5 x 5"
                + " with N = 5", fail(PAGERANK, pagerank().param("N", "5")));
        RefTensor weights = new RefTensor(ScalarType.DOUBLE, new int[] {6, 6}, 0.0);
        assertEquals("pagerank.stag:8:1: input tensor 'A' holds double values but is declared bool[N][compressed[N]]",
                fail(PAGERANK, pagerank().input("A", Fixtures.store(weights, "dense,compressed"))));
        RefTensor vector = new RefTensor(ScalarType.BOOL, new int[] {6}, false);
        assertEquals("pagerank.stag:8:1: input tensor 'A' has 1 dimensions but is declared bool[N][compressed[N]] (2)",
                fail(PAGERANK, pagerank().input("A", Fixtures.store(vector, "compressed"))));
        CheckedProgram sssp = Fixtures.program("sssp.stag", Fixtures.resource("sssp"));
        assertEquals("sssp.stag:9:1: input tensor 'W' has fill value 0.0 but is declared double[N][compressed[N]] fill inf"
                + " (fill inf)", fail(sssp, new RunOptions().param("source", "0")
                .input("W", Fixtures.store(weights, "dense,compressed"))));
        assertEquals("pagerank.stag:5:1: parameter 'N' is -1, but it is a size (of 'A') and cannot be negative",
                fail(PAGERANK, pagerank().param("N", "-1")));
    }

    @Test
    void negativeIterationCount() {
        assertEquals("pagerank.stag:27:35: the iteration count of Step* is -2; it cannot be negative",
                fail(PAGERANK, pagerank().param("iterations", "-2")));
    }

    @Test
    void computedCoordinatesOutOfRange() {
        CheckedProgram p = Fixtures.program("jump.stag",
                "N int",
                "p int[N]",
                "x double[N]",
                "Let Main() -> (y double[N], z double)",
                "    y[i] = x[p[i]]",
                "    z = x[N]",
                "End");
        RefTensor ptr = RefTensor.vector(ScalarType.INT, 0, 1, 2, 5, 0);   // fill 0, then p = [1, 2, 5, 0]
        RefTensor x = RefTensor.vector(ScalarType.DOUBLE, 0.0, 1.0, 2.0, 3.0, 4.0);
        RunOptions o = new RunOptions().input("p", Fixtures.store(ptr, "dense")).input("x", Fixtures.store(x, "dense"));
        String m = fail(p, o);
        assertEquals("jump.stag:5:5: a computed coordinate is out of range in the definition of 'y' in Main (Index 5 out"
                + " of bounds for length 4)", m);
        CheckedProgram cond = Fixtures.program("cond.stag",
                "N int",
                "x double[N]",
                "Let Inc(v double[N], n int) -> (w double[N], n_out int)",
                "    w[i] = v[i] + 1.0",
                "    n_out = n + 1",
                "End",
                "Let Main() -> (y double[N])",
                "    y, _ = Inc*(x, 0) | #1[#2 + 1] > 2.0",
                "End");
        assertEquals("cond.stag:8:25: coordinate 4 of #1 (mode 1) is out of range 0..3 in the stop condition of Inc*",
                fail(cond, new RunOptions().input("x", Fixtures.store(RefTensor.vector(ScalarType.DOUBLE, 0.0, 0.0, 0.0,
                        0.0, 0.0), "dense"))));
    }

    @Test
    void integerDivisionByZero() {
        CheckedProgram p = Fixtures.program("div.stag", "a int", "b int = 0", "Let Main() -> (r int)", "    r = a / b", "End");
        assertEquals("div.stag:4:5: integer arithmetic failed in the definition of 'r': / by zero",
                fail(p, new RunOptions().param("a", "1")));
        CheckedProgram d = Fixtures.program("default.stag", "a int = 1 / 0", "Let Main() -> (r int)", "    r = a", "End");
        assertEquals("default.stag:1:1: the default of parameter 'a' fails: / by zero", fail(d, new RunOptions()));
    }

    @Test
    void aFailedRunLeavesTheRunnerUsable() {
        CheckedProgram p = Fixtures.program("retry.stag",
                "N int",
                "k int",
                "x double[N]",
                "Let Inc(v double[N], n int) -> (w double[N], n_out int)",
                "    w[i] = v[i] + 1.0",
                "    n_out = n + 1",
                "End",
                "Let Main() -> (y double[N], m int)",
                "    y, m = Inc*(x, 0) | #1[#2 + k] > 2.0",
                "End");
        RefTensor x = RefTensor.vector(ScalarType.DOUBLE, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        RunOptions o = new RunOptions().param("k", "4").input("x", Fixtures.store(x, "dense"));
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, o);
        assertThrows(ProgramRunException.class, r::runMain);
        assertThrows(ProgramRunException.class, r::runMain);
        ProgramRunner ok = new ProgramRunner(p, Fixtures.COMPILER, o.param("k", "0"));
        assertEquals(3, ok.runMain().get("m"));
        assertEquals(3, ok.runMain().get("m"));
    }
}
