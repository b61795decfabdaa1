package org.stag.engine.check;

import java.util.ServiceLoader;
import org.stag.engine.front.ScalarDef;
import org.stag.engine.ops.Laws;
import org.stag.engine.ops.Operator;

/**
 * Tests the algebra each {@code Def} declares by evaluating its body ({@link Laws}), so a false claim, which
 * would let the compiler skip coordinates that matter, is an error at the property that fails. The body is
 * evaluated by the program's one scalar evaluator ({@link DefEvaluator}, provided by a later stage and found
 * with {@link ServiceLoader}), which is why this runs once the program is checked.
 */
final class AlgebraCheck {
    private AlgebraCheck() {
    }

    static void check(Reporter report, CheckedProgram program) {
        for (ScalarDef d : program.program().scalarDefs()) {
            Operator op = program.operator(d.name());
            Laws.Violation v = Laws.violation(op, d.result(), Evaluator.INSTANCE.of(program, op));
            if (v != null) {
                ScalarDef.Algebra at = d.algebra().stream().filter(a -> a.word().equals(v.property())).findFirst()
                        .orElseThrow();
                throw report.at(at.pos(), "Def " + d.name() + " declares " + v.text());
            }
        }
    }

    /** The {@link DefEvaluator} visible to {@code loader}; an {@link IllegalStateException} when none is. */
    static DefEvaluator evaluator(ClassLoader loader) {
        return ServiceLoader.load(DefEvaluator.class, loader).findFirst().orElseThrow(() -> new IllegalStateException(
                "no " + DefEvaluator.class.getName() + " provider on the class path (META-INF/services): the engine is"
                        + " incomplete"));
    }

    /** Loaded on first use, from the engine's own class loader. */
    private static final class Evaluator {
        static final DefEvaluator INSTANCE = evaluator(AlgebraCheck.class.getClassLoader());
    }
}
