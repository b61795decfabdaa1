package org.stag.engine.program;

import org.stag.engine.check.CheckedProgram;
import org.stag.engine.ops.Operator;

/**
 * An operator as a function of two values of one type, evaluated as generated code computes it: built-ins by
 * their descriptor, a {@code Def} by its body through the program's one scalar evaluator. Values are held as
 * in {@link Operator}: bool, int and long as longs, float and double as doubles. Not thread-safe: a
 * {@code Def} reads its arguments from one buffer.
 */
public final class ScalarFunction {
    private final Operator op;
    private final ScalarNode body;
    private final Env args;

    private ScalarFunction(Operator op, ScalarNode body) {
        this.op = op;
        this.body = body;
        this.args = body == null ? null : new Env(null, 0, 2, 2);
    }

    /** {@code op} of {@code program} (a built-in or one of its {@code Def}s). */
    public static ScalarFunction of(CheckedProgram program, Operator op) {
        return new ScalarFunction(op, op.def() == null ? null : ScalarEval.function(program, op));
    }

    /** The operator. */
    public Operator operator() {
        return op;
    }

    /** {@code op(x, y)} for bool (0/1), int and long values of type {@code t} ({@code t} is the Def's type for a Def). */
    public long applyLong(long x, long y, org.stag.engine.front.ScalarType t) {
        if (body == null) {
            return op.applyLong(x, y, t);
        }
        args.ints[0] = x;
        args.ints[1] = y;
        return body.l(args, null);
    }

    /** {@code op(x, y)} for float and double values of type {@code t}. */
    public double applyDouble(double x, double y, org.stag.engine.front.ScalarType t) {
        if (body == null) {
            return op.applyDouble(x, y, t);
        }
        args.reals[0] = x;
        args.reals[1] = y;
        return body.d(args, null);
    }
}
