package org.stag.engine.program;

import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.DefEvaluator;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Laws;
import org.stag.engine.ops.Operator;

/**
 * The checker's {@link DefEvaluator}: a {@code Def}'s body through {@link ScalarFunction}, the program's one
 * scalar evaluator. Registered in {@code META-INF/services/org.stag.engine.check.DefEvaluator}.
 */
public final class ScalarDefEvaluator implements DefEvaluator {
    /** The provider instance {@link java.util.ServiceLoader} creates. */
    public ScalarDefEvaluator() {
    }

    @Override
    public Laws.Values of(CheckedProgram program, Operator op) {
        ScalarFunction f = ScalarFunction.of(program, op);
        return new Laws.Values() {
            @Override
            public long applyLong(long x, long y, ScalarType t) {
                return f.applyLong(x, y, t);
            }

            @Override
            public double applyDouble(double x, double y, ScalarType t) {
                return f.applyDouble(x, y, t);
            }
        };
    }
}
