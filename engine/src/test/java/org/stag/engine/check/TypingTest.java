package org.stag.engine.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.engine.front.Definition;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;

/**
 * The typing rules: {@code bool < int < long < float < double} widen implicitly, nothing narrows, number
 * literals adapt to the other operand, a bool counts as 0 or 1 in arithmetic.
 */
class TypingTest {

    private static String program(String output, String statement) {
        return String.join("\n", "N int", "n int", "l long", "d double", "f float", "b bool", "m bool[N]",
                "x float[N]", "A double[N][compressed[N]]", "Let Main() -> (r " + output + ")", "    " + statement,
                "End") + "\n";
    }

    private static CheckedProgram check(String output, String statement) {
        return new Checker().check(new Source("t.stag", program(output, statement)));
    }

    @ParameterizedTest(name = "r {0}: {1} is {2}")
    @CsvSource(delimiter = '@', value = {
        "int @ r = 3 @ int",
        "long @ r = 3000000000 @ long",
        "long @ r = 7L @ long",
        "double @ r = 1 @ int",
        "double @ r = inf @ double",
        "float @ r = 0.85 @ double",
        "float @ r = f * 0.5 @ float",
        "double @ r = n / 2 @ int",
        "double @ r = 1.0 / n @ double",
        "long @ r = l * 2 @ long",
        "int @ r = b + b @ int",
        "double @ r = ifelse(b, 1, 2.5) @ double",
        "double @ r = MIN(n, d) @ double",
        "float @ r = MAX(f, 2) @ float",
        "long @ r = CHOOSE(n, l) @ long",
        "bool @ r = OR(b, n > 0) @ bool",
        "int @ r = int(d) @ int",
        "bool @ r = bool(n) @ bool",
        "int @ r = -b @ int",
        "bool @ r = !b && n <= l || d != f @ bool",
        "double[N] @ r[i] = A[i][j] * m[j] | j:(+, 0.0) @ double",
        "int @ r = m[i] | i:(+, 0) @ int",
        "double @ r = x[i] | i:(+, 0.0) @ float",
        "bool[N] @ r[i] = A[i][j] > 0.0 | j:(OR, false) @ bool",
        "int[N] @ r[i] = A[i][j] > 0.0 && m[j] | j:(CHOOSE, 0) @ int",
        "double @ r = x[i] | i:(MIN, inf) @ float",
        "double[N] @ r[i] = x[l] @ float",
        "double[N] @ r[i] = A[i][j] * 0.0 + j | j:(MAX, -1) @ double"})
    void accepted(String output, String statement, String valueType) {
        CheckedProgram p = check(output, statement);
        Definition d = (Definition) p.main().decl().body().get(0);
        assertEquals(ScalarType.valueOf(valueType.toUpperCase(Locale.ROOT)), p.definition(d).valueType());
    }

    @ParameterizedTest(name = "r {0}: {1}")
    @CsvSource(delimiter = '@', value = {
        "int @ r = n * 0.5 @ 11:9: 'r' holds int values but the right-hand side is double; convert it with int(...)",
        "float @ r = f * d @ 11:9: 'r' holds float values but the right-hand side is double; convert it with float(...)",
        "float @ r = n * 0.5 @ 11:9: 'r' holds float values but the right-hand side is double; convert it with float(...)",
        "int @ r = 3000000000 @ 11:9: 'r' holds int values but the right-hand side is long; convert it with int(...)",
        "bool @ r = 1 @ 11:9: 'r' holds bool values but the right-hand side is int; convert it with bool(...)",
        "int @ r = inf @ 11:9: 'r' holds int values but the right-hand side is double; convert it with int(...)",
        "int @ r = m[i] | i:(+, 0.0) @ 11:9: 'r' holds int values but the right-hand side is double; convert it with int(...)",
        "bool @ r = b && 1 @ 11:14: '&&' needs bool operands, not int; compare it, e.g. x != 0",
        "bool @ r = m[i] | i:(AND, 1) @ 11:24: the initial value of an AND reduction must be bool, not int (1)",
        "int @ r = MIN(b, 1, 2) @ 11:9: MIN takes 2 arguments, got 3",
        "bool @ r = n < l < d @ 11:15: comparisons do not chain; combine them with && (a < b && b < c) or use parentheses"})
    void rejected(String output, String statement, String message) {
        ProgramException e = assertThrows(ProgramException.class, () -> check(output, statement));
        assertEquals("t.stag:" + message, e.getMessage());
    }
}
