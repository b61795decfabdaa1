package org.stag.engine.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stag.engine.front.Builtin;
import org.stag.engine.front.ScalarType;

/**
 * The descriptor table, checked by evaluation: every built-in obeys the identity, annihilator, idempotent,
 * commutative and associative laws it declares on every type it applies to, over sample values; and a
 * descriptor that claims a law its evaluator breaks is caught, so the check can fail.
 */
class OperatorsTest {
    private static final List<ScalarType> NUMBERS = List.of(ScalarType.INT, ScalarType.LONG, ScalarType.FLOAT,
            ScalarType.DOUBLE);

    private static Laws.Values values(Operator op) {
        return new Laws.Values() {
            @Override
            public long applyLong(long x, long y, ScalarType t) {
                return op.applyLong(x, y, t);
            }

            @Override
            public double applyDouble(double x, double y, ScalarType t) {
                return op.applyDouble(x, y, t);
            }
        };
    }

    /** The types each built-in applies to: logical ones to bools; MIN, MAX and CHOOSE to every type. */
    private static List<ScalarType> types(Operator op) {
        return switch (op.typing()) {
            case LOGICAL -> List.of(ScalarType.BOOL);
            case ARITHMETIC -> NUMBERS;
            case DECLARED -> List.of(op.declaredType());
            default -> List.of(ScalarType.values());
        };
    }

    @Test
    void everyBuiltinObeysItsDeclaredLaws() {
        int checked = 0;
        for (Operator op : Operators.builtins()) {
            for (ScalarType t : types(op)) {
                assertNull(Laws.violation(op, t, values(op)), op + " on " + t);
                checked++;
            }
        }
        // +, * on 4 number types; MIN, MAX, CHOOSE on 5 types; OR, AND on bool; hash64 on long.
        assertEquals(2 * 4 + 3 * 5 + 2 + 1, checked);
    }

    @Test
    void identitiesAndAnnihilatorsByEvaluation() {
        // The table's constants, evaluated directly on a few values of each type.
        for (ScalarType t : List.of(ScalarType.INT, ScalarType.LONG)) {
            for (long x : new long[] {-7, 0, 3, 1_000_000}) {
                assertEquals(x, Operators.ADD.applyLong(0, x, t));
                assertEquals(x, Operators.MUL.applyLong(1, x, t));
                assertEquals(0, Operators.MUL.applyLong(0, x, t));
                assertEquals(x, Operators.MIN.applyLong(Operators.MIN.identity(t).integer(), x, t));
                assertEquals(Operators.MIN.annihilator(t).integer(), Operators.MIN.applyLong(Operators.MIN.annihilator(t).integer(), x, t));
                assertEquals(x, Operators.MAX.applyLong(Operators.MAX.identity(t).integer(), x, t));
                assertEquals(x, Operators.CHOOSE.applyLong(0, x, t));
                assertEquals(x, Operators.CHOOSE.applyLong(x, 0, t));
            }
        }
        for (double x : new double[] {-2.5, 0, 1e300}) {
            assertEquals(x, Operators.MIN.applyDouble(Double.POSITIVE_INFINITY, x, ScalarType.DOUBLE));
            assertEquals(Double.NEGATIVE_INFINITY, Operators.MIN.applyDouble(Double.NEGATIVE_INFINITY, x, ScalarType.DOUBLE));
            assertEquals(Double.POSITIVE_INFINITY, Operators.MAX.applyDouble(x, Double.POSITIVE_INFINITY, ScalarType.DOUBLE));
        }
        assertEquals(1, Operators.OR.applyLong(1, 0, ScalarType.BOOL));
        assertEquals(0, Operators.AND.applyLong(0, 1, ScalarType.BOOL));
        // On bools MIN is AND and MAX is OR.
        for (long a = 0; a <= 1; a++) {
            for (long b = 0; b <= 1; b++) {
                assertEquals(Operators.AND.applyLong(a, b, ScalarType.BOOL), Operators.MIN.applyLong(a, b, ScalarType.BOOL));
                assertEquals(Operators.OR.applyLong(a, b, ScalarType.BOOL), Operators.MAX.applyLong(a, b, ScalarType.BOOL));
            }
        }
        // An int result wraps and a float result rounds, as generated code computes them.
        assertEquals(Integer.MIN_VALUE, Operators.ADD.applyLong(Integer.MAX_VALUE, 1, ScalarType.INT));
        assertEquals((double) (float) 0.1, Operators.ADD.applyDouble(0.1, 0, ScalarType.FLOAT));
    }

    @Test
    void algebraFlagsAndEarlyStops() {
        assertTrue(Operators.CHOOSE.firstWins());
        assertFalse(Operators.CHOOSE.commutative());
        assertTrue(Operators.CHOOSE.reduces(ScalarType.INT));
        assertNull(Operators.ADD.annihilator(ScalarType.DOUBLE));
        assertNull(Operators.CHOOSE.annihilator(ScalarType.INT));
        // OR stops at true, AND at false, CHOOSE at its first non-zero value; MIN on doubles never (NaN).
        assertTrue(Operators.OR.stopsEarly(ScalarType.BOOL));
        assertEquals("acc", Operators.OR.decided("acc", ScalarType.BOOL));
        assertEquals("!acc", Operators.AND.decided("acc", ScalarType.BOOL));
        assertEquals("acc != 0", Operators.CHOOSE.decided("acc", ScalarType.INT));
        assertEquals("acc == Integer.MIN_VALUE", Operators.MIN.decided("acc", ScalarType.INT));
        assertFalse(Operators.MIN.stopsEarly(ScalarType.DOUBLE));
        assertFalse(Operators.MIN.stopsEarly(ScalarType.INT));      // a compare per element for a value data never holds
        assertTrue(Operators.MIN.stopsEarly(ScalarType.BOOL));
        assertTrue(Operators.OR.setsOnDecided(ScalarType.BOOL));
        assertTrue(Operators.CHOOSE.setsOnDecided(ScalarType.INT));
        assertFalse(Operators.MAX.setsOnDecided(ScalarType.INT));
        assertFalse(Operators.ADD.stopsEarly(ScalarType.INT));
        // Atomic scattered updates only where the order of updates cannot change the result.
        assertNull(Operators.ADD.atomic(ScalarType.DOUBLE));
        assertEquals("add", Operators.ADD.atomic(ScalarType.LONG));
        assertEquals("min", Operators.MIN.atomic(ScalarType.DOUBLE));
        assertNull(Operators.CHOOSE.atomic(ScalarType.INT));
        assertEquals("acc += v", Operators.ADD.update("acc", "v", ScalarType.DOUBLE));
        assertEquals("acc = Math.max(acc, v)", Operators.MAX.update("acc", "v", ScalarType.LONG));
        assertEquals(List.of("MIN", "MAX", "OR", "AND", "CHOOSE", "hash64"), Builtin.functionNames());
        assertNotNull(Operators.builtin("+"));
        assertNull(Operators.builtin("abs"));
    }

    @Test
    void everyBuiltinOfTheLanguageHasItsDescriptor() {
        assertEquals(Builtin.values().length, Operators.builtins().size());
        for (Builtin b : Builtin.values()) {
            Operator op = Operators.of(b);
            assertEquals(b.spelling(), op.name());
            assertEquals(b.callable(), op.callable(), b.spelling());
            assertEquals(op, Operators.builtin(b.spelling()));
        }
        assertEquals("+, *, MIN, MAX, OR, AND, CHOOSE", Builtin.spellings());
    }

    @Test
    void hash64IsSplitmix64AndHasNoAlgebra() {
        Operator h = Operators.HASH64;
        // splitmix64's first output from state 0 (the reference implementation's published value): mix(0) = 0.
        assertEquals(0xE220A8397B1DCDAFL, h.applyLong(0, 0, ScalarType.LONG));
        // ... and its second, from state 0x9E3779B97F4A7C15 = mix(0) + y.
        assertEquals(0x6E789E6AA1B965F4L, h.applyLong(0, 0x9E3779B97F4A7C15L, ScalarType.LONG));
        assertTrue(h.applyLong(1, 2, ScalarType.LONG) != h.applyLong(2, 1, ScalarType.LONG));
        assertFalse(h.reduces(ScalarType.LONG));
        assertNull(h.identity(ScalarType.LONG));
        assertEquals(ScalarType.LONG, h.declaredType());
        assertFalse(Builtin.HASH64.reduction());
    }

    @Test
    void aFalseClaimIsCaught() {
        // MAX's evaluator under MIN's constants: identity inf is wrong for MAX, and so is the annihilator.
        Operator wrong = Operator.builder("wrong", Operator.Typing.JOIN).identity(t -> Constant.ofReal(t, 1e300))
                .semilattice().values((a, b, t) -> Math.max(a, b), (a, b, t) -> Math.max(a, b)).build();
        Laws.Violation v = Laws.violation(wrong, ScalarType.DOUBLE, values(wrong));
        assertNotNull(v);
        assertEquals("identity", v.property());
        assertEquals("identity 1.0E300, but wrong(1.0E300, 0.0) = 1.0E300, not 0.0", v.text());
        Operator minus = Operator.builder("minus", Operator.Typing.ARITHMETIC).commutativeAssociative()
                .values((a, b, t) -> a - b, (a, b, t) -> a - b).build();
        Laws.Violation m = Laws.violation(minus, ScalarType.INT, values(minus));
        assertEquals("commutative", m.property());
        assertEquals("commutative, but minus(0, 1) = -1 and minus(1, 0) = 1", m.text());
    }
}
