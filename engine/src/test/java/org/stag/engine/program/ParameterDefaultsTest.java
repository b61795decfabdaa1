package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;

/** Parameter defaults outside a run ({@code stag eval}), by the engine's one scalar evaluator. */
class ParameterDefaultsTest {
    private static final CheckedProgram P = new Checker().check(new Source("d.stag", """
            N int
            base int = 3
            scale double = base * 2 + 0.5
            big int = 2147483647 + base
            third int = N / base
            small float = MIN(0.1, 2.0)
            pick int = ifelse(base > 2, CHOOSE(0, base), 7)
            Def twice(a long, b long) -> long commutative = 2 * a + 2 * b
            far long = twice(N, 1)
            Let Main() -> (x int)
                x = N
            End
            """));

    @Test
    void defaultsFollowTheKernelsArithmetic() {
        Map<String, Object> v = new HashMap<>();
        v.put("N", 10);
        v.put("base", ParameterDefaults.evaluate(P, "base", v));
        assertEquals(3, v.get("base"));
        assertEquals(6.5, ParameterDefaults.evaluate(P, "scale", v));
        assertEquals(Integer.MIN_VALUE + 2, ParameterDefaults.evaluate(P, "big", v));   // ints wrap
        assertEquals(3, ParameterDefaults.evaluate(P, "third", v));                      // truncating division
        assertEquals(0.1f, ParameterDefaults.evaluate(P, "small", v));
        assertEquals(3, ParameterDefaults.evaluate(P, "pick", v));
        assertEquals(22L, ParameterDefaults.evaluate(P, "far", v));                       // a Def, through its body
        assertEquals(true, ParameterDefaults.of(5, ScalarType.BOOL));
        assertEquals(5.0f, ParameterDefaults.of(5, ScalarType.FLOAT));
        assertEquals(5L, ParameterDefaults.of(5, ScalarType.LONG));
    }

    @Test
    void aDefaultReadingAnUnsetParameterIsUnbound() {
        ParameterDefaults.Unbound u = assertThrows(ParameterDefaults.Unbound.class,
                () -> ParameterDefaults.evaluate(P, "third", Map.of("base", 3)));
        assertEquals("N", u.getMessage());
    }

    @Test
    void integerDivisionByZeroThrows() {
        assertThrows(ArithmeticException.class, () -> ParameterDefaults.evaluate(P, "third", Map.of("N", 4, "base", 0)));
        assertThrows(IllegalArgumentException.class, () -> ParameterDefaults.evaluate(P, "N", Map.of()));
    }
}
