package org.stag.engine.check;

import org.stag.engine.front.ScalarDef;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Laws;
import org.stag.engine.ops.Operator;
import org.stag.engine.program.ScalarFunction;

/**
 * Tests the algebra each {@code Def} declares by evaluating its body ({@link Laws}), so a false claim, which
 * would let the compiler skip coordinates that matter, is an error at the property that fails. The body is
 * evaluated by the program's one scalar evaluator, which is why this runs once the program is checked.
 */
final class AlgebraCheck {
    private AlgebraCheck() {
    }

    static void check(Reporter report, CheckedProgram program) {
        for (ScalarDef d : program.program().scalarDefs()) {
            Operator op = program.operator(d.name());
            ScalarFunction f = ScalarFunction.of(program, op);
            Laws.Violation v = Laws.violation(op, d.result(), new Laws.Values() {
                @Override
                public long applyLong(long x, long y, ScalarType t) {
                    return f.applyLong(x, y, t);
                }

                @Override
                public double applyDouble(double x, double y, ScalarType t) {
                    return f.applyDouble(x, y, t);
                }
            });
            if (v != null) {
                ScalarDef.Algebra at = d.algebra().stream().filter(a -> a.word().equals(v.property())).findFirst()
                        .orElseThrow();
                throw report.at(at.pos(), "Def " + d.name() + " declares " + v.text());
            }
        }
    }
}
