package org.stag.engine.program;

import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;

/**
 * The default of a program parameter ({@code threshold int = N / 20}) from the values of the parameters above
 * it, for callers outside a run (such as {@code stag eval}, which binds parameters from several sources):
 * evaluated by the one scalar evaluator, so literals adapt, integers divide by truncation and ints wrap as
 * in kernels. Values are Boolean, Integer, Long, Float or Double by type.
 */
public final class ParameterDefaults {
    private ParameterDefaults() {
    }

    /** A parameter without a value, read while evaluating a default. */
    public static final class Unbound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unbound(String name) {
            super(name, null, false, false);
        }
    }

    /**
     * The default of {@code parameter} in its type, reading the parameters in {@code values}.
     *
     * @throws Unbound             if the default reads a parameter that has no value
     * @throws ArithmeticException on an integer division by zero
     */
    public static Object evaluate(CheckedProgram program, String parameter, Map<String, Object> values) {
        Expr e = program.defaultValue(parameter).orElseThrow(
                () -> new IllegalArgumentException("parameter " + parameter + " has no default"));
        ScalarType type = program.globals().get(parameter).type().elem();
        Layout layout = new Layout(program.globals().values(), null);
        Env env = layout.newEnv(null);
        requireBound(e, values);
        for (Map.Entry<String, Object> v : values.entrySet()) {
            Layout.Var var = layout.local(v.getKey());
            if (var == null || var.isTensor()) {
                continue;
            }
            Object x = v.getValue();
            if (Scalars.inLong(var.type())) {
                env.ints[var.slot()] = x instanceof Boolean b ? (b ? 1 : 0) : ((Number) x).longValue();
            } else {
                env.reals[var.slot()] = ((Number) x).doubleValue();
            }
        }
        ScalarNode n = new ScalarEval(program, layout, null).compile(e, type);
        return Scalars.inLong(type) ? box(n.l(env, null), type) : box(n.d(env, null), type);
    }

    /** {@code v} (a whole number, such as a dimension) as a value of type {@code t}. */
    public static Object of(long v, ScalarType t) {
        return Scalars.inLong(t) ? box(Scalars.longToLong(v, t), t) : box(Scalars.longToReal(v, t), t);
    }

    private static Object box(long v, ScalarType t) {
        return switch (t) {
            case BOOL -> v != 0;
            case INT -> (int) v;
            default -> v;
        };
    }

    private static Object box(double v, ScalarType t) {
        return t == ScalarType.FLOAT ? (Object) (float) v : (Object) v;
    }

    private static void requireBound(Expr e, Map<String, Object> values) {
        if (e instanceof Expr.Name n) {
            if (!values.containsKey(n.name())) {
                throw new Unbound(n.name());
            }
        } else if (e instanceof Expr.Unary u) {
            requireBound(u.operand(), values);
        } else if (e instanceof Expr.Binary b) {
            requireBound(b.left(), values);
            requireBound(b.right(), values);
        } else if (e instanceof Expr.IfElse i) {
            requireBound(i.condition(), values);
            requireBound(i.then(), values);
            requireBound(i.otherwise(), values);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(a -> requireBound(a, values));
        } else if (e instanceof Expr.Convert c) {
            requireBound(c.value(), values);
        }
    }
}
