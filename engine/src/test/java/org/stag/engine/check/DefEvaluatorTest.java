package org.stag.engine.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The checker finds the program's scalar evaluator through {@link java.util.ServiceLoader}. */
class DefEvaluatorTest {
    @Test
    void theEngineProvidesTheEvaluator() {
        assertEquals("org.stag.engine.program.ScalarDefEvaluator",
                AlgebraCheck.evaluator(AlgebraCheck.class.getClassLoader()).getClass().getName());
    }

    @Test
    void aClassPathWithoutTheProviderIsAnError() {
        ClassLoader bare = new ClassLoader(null) {
        };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> AlgebraCheck.evaluator(bare));
        assertEquals("no org.stag.engine.check.DefEvaluator provider on the class path (META-INF/services): the engine"
                + " is incomplete", e.getMessage());
    }
}
