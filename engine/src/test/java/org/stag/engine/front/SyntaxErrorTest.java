package org.stag.engine.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each malformed program fails to parse with exactly one expected message, location included. */
class SyntaxErrorTest {

    private static final String F = "Let F(x int) -> (y int)\n  y = x\nEnd\n";

    private static Arguments bad(String label, String program, String message) {
        return Arguments.of(label, program, message);
    }

    /** {@code lines} as the body of {@code Let Main() -> (r int)}, which starts on line 1. */
    private static String main(String... lines) {
        return "Let Main() -> (r int)\n" + String.join("\n", lines) + "\nEnd\n";
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                bad("a global without a type", "N\nM int", "t.stag:1:2: expected a type after 'N' (bool, int, long,"
                        + " float or double), found end of line"),
                bad("an unknown type", "N integer", "t.stag:1:3: expected a type after 'N' (bool, int, long, float or"
                        + " double), found 'integer'"),
                bad("a statement outside any function", "y[i] = 1", "t.stag:1:1: statements belong in a function; put"
                        + " them in 'Let Main() -> (results)' ... 'End'"),
                bad("End without Let", "End", "t.stag:1:1: 'End' without a matching 'Let'"),
                bad("a value for a tensor", "A int[N] = 0", "t.stag:1:10: a tensor declaration has no value; 'fill'"
                        + " gives the value of its implicit entries"),
                bad("fill on a scalar", "x int fill 0", "t.stag:1:7: only tensors have a fill value"),
                bad("a decimal size", "A int[2.5]", "t.stag:1:7: expected a dimension size (a parameter such as N, or"
                        + " a number), found '2.5'"),
                bad("a long size", "A int[3L]", "t.stag:1:7: a dimension size is an int; 3L is not one"),
                bad("an unclosed bracket", "A int[N", "t.stag:2:1: expected ']' to close the '[' at 1:6, found end of"
                        + " file"),
                bad("a missing End", "Let Main() -> (r int)\n  r = 1\n", "t.stag:4:1: missing 'End' of function Main"
                        + " (started at 1:1)"),
                bad("a nested function", main("  Let G() -> (s int)"), "t.stag:2:3: functions cannot be nested; is"
                        + " an 'End' missing above?"),
                bad("a function without outputs", "Let F(x int) -> ()\nEnd", "t.stag:1:18: a function needs at least"
                        + " one output"),
                bad("a missing arrow", "Let F(x int) (y int)\nEnd", "t.stag:1:14: expected '->' and the function's"
                        + " outputs, found '('"),
                bad("a function without a name", "Let (x int) -> (y int)\nEnd", "t.stag:1:5: expected the"
                        + " function's name, found '('"),
                bad("a parameter without a type", "Let F(x y) -> (r double)\nEnd", "t.stag:1:9: expected a type"
                        + " (bool, int, long, float or double), found 'y'"),
                bad("a parameter without a name", "Let F(int) -> (r double)\nEnd", "t.stag:1:7: expected a parameter"
                        + " name, found keyword 'int'"),
                bad("an expression as a left-hand index", main("  y[i + 1] = 2"), "t.stag:2:7: a left-hand side"
                        + " index is a single index variable; found '+' after 'i'"),
                bad("a number as a left-hand index", main("  y[0] = 2"), "t.stag:2:5: left-hand side indices must be"
                        + " index variables (names), found '0'"),
                bad("a missing '='", main("  y[i] 2"), "t.stag:2:8: expected '=' after the left-hand side, found '2'"),
                bad("two operands without an operator", main("  y[i] = A[i][j] x[j]"), "t.stag:2:18: unexpected 'x';"
                        + " expected an operator, '|', 'Ord' or end of line"),
                bad("junk after the reductions", main("  y[i] = A[i][j] | j:(+, 0) x"), "t.stag:2:29: unexpected"
                        + " 'x'; expected ',', 'Ord' or end of line"),
                bad("an unknown reduction operator", main("  y[i] = A[i][j] | j:(-, 0)"), "t.stag:2:23: unknown"
                        + " reduction operator '-'; use +, *, MIN, MAX, OR, AND, CHOOSE or a Def"),
                bad("a reduction without ':'", main("  y[i] = A[i][j] | j (+, 0)"), "t.stag:2:22: expected ':'"
                        + " after the reduced index, found '('"),
                bad("a reduction without an index", main("  y[i] = A[i][j] | (+, 0)"), "t.stag:2:20: expected the"
                        + " index variable to reduce over, found '('"),
                bad("Ord without commas", main("  y[i] = x[i] Ord i j"), "t.stag:2:21: unexpected 'j'; expected ','"
                        + " or end of line"),
                bad("a chained comparison", main("  r = a < b < c"), "t.stag:2:13: comparisons do not chain;"
                        + " combine them with && (a < b && b < c) or use parentheses"),
                bad("a chained equality", main("  r = a == b != c"), "t.stag:2:14: comparisons do not chain;"
                        + " combine them with && (a < b && b < c) or use parentheses"),
                bad("a function call inside an expression", F + main("  r = 1 + F(2)"), "t.stag:5:11: function F can"
                        + " only be called as a statement ('out = F(...)')"),
                bad("an unknown function inside an expression", main("  r = 1 + abs(2)"), "t.stag:2:11: 'abs' is not"
                        + " a built-in function (ifelse, MIN, MAX, OR, AND, CHOOSE, hash64, bool, int, long, float, double) or a"
                        + " Def"),
                bad("a call's result in an expression", main("  r = F(x) + 1"), "t.stag:2:12: unexpected '+' after the"
                        + " call; a call is a statement of its own and its results are variables"),
                bad("a star call without a stop clause", F + main("  r = F*(1)"), "t.stag:5:12: a star call needs a"
                        + " stop clause: '| COUNT' or '| CONDITION', found end of line"),
                bad("a FormatRule above a definition", main("  FormatRule #1 list -> bitmap @ true", "  r = 1"),
                        "t.stag:2:3: a FormatRule must be directly above a star call ('outs = F*(args) | stop')"),
                bad("a FormatRule above a plain call", F + main("  FormatRule #1 list -> bitmap @ true", "  r = F(1)"),
                        "t.stag:5:3: a FormatRule must be directly above a star call ('outs = F*(args) | stop')"),
                bad("a FormatRule at the end of a function", main("  FormatRule #1 list -> bitmap @ true"),
                        "t.stag:2:3: a FormatRule must be directly above a star call ('outs = F*(args) | stop')"),
                bad("a FormatRule without #k", main("  FormatRule x list -> bitmap @ true"), "t.stag:2:14: a"
                        + " FormatRule starts with the argument it converts, e.g. '#1', found 'x'"),
                bad("a FormatRule without '@'", main("  FormatRule #1 list -> bitmap (true)"), "t.stag:2:32: expected"
                        + " '@' and the condition, found '('"),
                bad("a FormatRule without '->'", main("  FormatRule #1 list bitmap @ true"), "t.stag:2:22: expected"
                        + " '->' between the two formats, found 'bitmap'"),
                bad("a FormatRule with a type for a format", main("  FormatRule #1 int[N] -> bitmap @ true"),
                        "t.stag:2:17: expected a level format such as dense, compressed, list or bitmap, found keyword"
                                + " 'int'"),
                bad("several outputs without a call", main("  a, b = 1"), "t.stag:2:10: several outputs need a"
                        + " function call on the right, e.g. 'a, b = F(x)'"),
                bad("'_' without a call", main("  _ = 1"), "t.stag:2:7: '_' stands for an ignored output of a call,"
                        + " e.g. '_ = F(x)'"),
                bad("'_' in an expression", main("  r = _ + 1"), "t.stag:2:7: '_' stands for an ignored output on the"
                        + " left of a call"),
                bad("a junk output", main("  a, 3 = F(x)"), "t.stag:2:6: expected an output name or '_', found '3'"),
                bad("a local declaration with a value", main("  t int = 3"), "t.stag:2:9: a local declaration has no"
                        + " value; define the variable on its own line ('t = ...')"),
                bad("ifelse with two arguments", main("  r = ifelse(c, 1)"), "t.stag:2:7: ifelse takes 3 arguments"
                        + " (condition, value, otherwise), got 2"),
                bad("a conversion with two arguments", main("  r = int(a, b)"), "t.stag:2:7: the conversion int(...)"
                        + " takes 1 argument, got 2"),
                bad("a built-in without parentheses", main("  r = MIN"), "t.stag:2:10: expected '(' after MIN, found"
                        + " end of line"),
                bad("an unclosed parenthesis", main("  r = (a + b", "  s = 2"), "t.stag:3:3: expected ')' to close"
                        + " the '(' at 2:7, found 's'"),
                bad("an integer larger than a long", main("  r = 99999999999999999999"), "t.stag:2:7: integer"
                        + " 99999999999999999999 is too large (the largest long is 9223372036854775807)"),
                bad("a decimal larger than a double", main("  r = 1e999"), "t.stag:2:7: number 1e999 is too large for"
                        + " a double; write inf for infinity"),
                bad("an output number larger than an int", F + main("  r = F*(1) | #99999999999 == 0"),
                        "t.stag:5:15: output number #99999999999 is too large"),
                bad("a missing expression", main("  r ="), "t.stag:3:1: expected an expression, found keyword 'End'"),
                bad("junk after End", "Let Main() -> (r int)\n  r = 1\nEnd Main", "t.stag:3:5: expected end of line after 'End',"
                        + " found 'Main'"),
                bad("junk after a declaration", "N int 3", "t.stag:1:7: expected end of line after the declaration,"
                        + " found '3'"),
                bad("a name followed by junk", main("  r + 1"), "t.stag:2:5: expected '=', '[' or a type after 'r',"
                        + " found '+'"),
                bad("Ord on its own line", main("  y[i] = x[i]", "    Ord i"), "t.stag:3:5: 'Ord' continues the"
                        + " definition above; a line may break after '|' or ',' but not before 'Ord'"),
                bad("a reduction on its own line", main("  y[i] = A[i][j]", "    | j:(+, 0)"), "t.stag:3:5: '|'"
                        + " continues the definition above; a line may break after '|' or ',' but not before '|'"),
                bad("a statement starting with a number", main("  3 = r"), "t.stag:2:3: expected a statement, found"
                        + " '3'"),
                bad("a number at top level", "3", "t.stag:1:1: expected a declaration ('name type') or a function"
                        + " ('Let'), found '3'"),
                bad("'#' followed by a name is a comment, so the condition is missing", F + main("  r = F*(1) | #n"),
                        "t.stag:6:1: expected an expression, found keyword 'End'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rejected(String label, String program, String message) {
        ProgramException e = assertThrows(ProgramException.class,
                () -> Parser.parse(new Source("t.stag", program + "\n")));
        assertEquals(message, e.getMessage());
    }
}
