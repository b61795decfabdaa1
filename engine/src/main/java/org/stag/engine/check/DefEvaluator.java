package org.stag.engine.check;

import org.stag.engine.ops.Laws;
import org.stag.engine.ops.Operator;

/**
 * Evaluates the body of a program's {@code Def} as generated code computes it, for the checker's test of the
 * algebra a {@code Def} declares ({@link AlgebraCheck}). The evaluator is the program's one scalar evaluator,
 * which belongs to a later stage ({@code program}); the checker finds it with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/org.stag.engine.check.DefEvaluator}) so that no package refers to a later stage.
 */
public interface DefEvaluator {
    /** {@code op}, a {@code Def} of {@code program}, as a function of two values. */
    Laws.Values of(CheckedProgram program, Operator op);
}
