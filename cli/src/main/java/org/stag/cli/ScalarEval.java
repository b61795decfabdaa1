package org.stag.cli;

import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;

/**
 * Evaluates the default of a program parameter ({@code threshold int = N / 20}): literals, parameters,
 * operators, {@code ifelse}, built-ins and conversions, with the types the checker gave each expression (so
 * literals adapt and integers divide by truncation, as in kernels). Values are Boolean, Integer, Long, Float
 * or Double, by the expression's type.
 */
final class ScalarEval {
    /** A parameter without a value, met while evaluating a default. */
    static final class Unbound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unbound(String name) {
            super(name, null, false, false);
        }
    }

    private final CheckedProgram program;
    private final Map<String, Object> values;

    /** Evaluates with the parameter values {@code values} (by name). */
    ScalarEval(CheckedProgram program, Map<String, Object> values) {
        this.program = program;
        this.values = values;
    }

    /**
     * The value of {@code e} in its checked type.
     *
     * @throws Unbound if it reads a parameter that has no value
     * @throws ArithmeticException on an integer division by zero
     */
    Object eval(Expr e) {
        return convert(raw(e), program.typeOf(e));
    }

    private Object raw(Expr e) {
        if (e instanceof Expr.IntLiteral l) {
            return l.value();
        }
        if (e instanceof Expr.FloatLiteral l) {
            return l.value();
        }
        if (e instanceof Expr.BoolLiteral l) {
            return l.value();
        }
        if (e instanceof Expr.Name n) {
            Object v = values.get(n.name());
            if (v == null) {
                throw new Unbound(n.name());
            }
            return v;
        }
        if (e instanceof Expr.Unary u) {
            Object v = eval(u.operand());
            return switch (u.op()) {
                case NOT -> !(Boolean) v;
                case NEG -> program.typeOf(e).isFloating() ? (Object) (-real(v)) : (Object) (-integer(v));
            };
        }
        if (e instanceof Expr.Binary b) {
            return binary(b);
        }
        if (e instanceof Expr.IfElse i) {
            return (Boolean) eval(i.condition()) ? eval(i.then()) : eval(i.otherwise());
        }
        if (e instanceof Expr.BuiltinCall c) {
            Object a = eval(c.args().get(0));
            Object b = eval(c.args().get(1));
            ScalarType t = program.typeOf(e);
            return switch (c.function()) {
                case OR -> (Boolean) a || (Boolean) b;
                case AND -> (Boolean) a && (Boolean) b;
                case CHOOSE -> isZero(a) ? b : a;
                case MIN -> t.isFloating() ? (Object) Math.min(real(a), real(b)) : (Object) Math.min(integer(a), integer(b));
                case MAX -> t.isFloating() ? (Object) Math.max(real(a), real(b)) : (Object) Math.max(integer(a), integer(b));
            };
        }
        if (e instanceof Expr.Convert c) {
            return eval(c.value());
        }
        throw new IllegalArgumentException("not a parameter expression: " + e);
    }

    private Object binary(Expr.Binary b) {
        BinaryOp op = b.op();
        if (op.isLogical()) {
            boolean l = (Boolean) eval(b.left());
            return op == BinaryOp.AND ? l && (Boolean) eval(b.right()) : l || (Boolean) eval(b.right());
        }
        Object l = eval(b.left());
        Object r = eval(b.right());
        if (op.isComparison()) {
            ScalarType t = ScalarType.wider(program.typeOf(b.left()), program.typeOf(b.right()));
            int c = t == ScalarType.BOOL ? Boolean.compare((Boolean) l, (Boolean) r)
                    : t.isFloating() ? Double.compare(real(l), real(r)) : Long.compare(integer(l), integer(r));
            boolean unordered = t.isFloating() && (Double.isNaN(real(l)) || Double.isNaN(real(r)));
            return switch (op) {
                case EQ -> !unordered && c == 0;
                case NE -> unordered || c != 0;
                case LT -> !unordered && c < 0;
                case LE -> !unordered && c <= 0;
                case GT -> !unordered && c > 0;
                case GE -> !unordered && c >= 0;
                default -> throw new IllegalStateException(op.toString());
            };
        }
        ScalarType t = program.typeOf(b);
        if (t.isFloating()) {
            double x = real(l);
            double y = real(r);
            return switch (op) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
                case MOD -> x % y;
                default -> throw new IllegalStateException(op.toString());
            };
        }
        long x = integer(l);
        long y = integer(r);
        if (t == ScalarType.INT) {
            // 32-bit arithmetic, wrapping as Java's int does.
            int a = (int) x;
            int c = (int) y;
            return switch (op) {
                case ADD -> (long) (a + c);
                case SUB -> (long) (a - c);
                case MUL -> (long) (a * c);
                case DIV -> (long) (a / c);
                case MOD -> (long) (a % c);
                default -> throw new IllegalStateException(op.toString());
            };
        }
        return switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case DIV -> x / y;
            case MOD -> x % y;
            default -> throw new IllegalStateException(op.toString());
        };
    }

    private static boolean isZero(Object v) {
        return v instanceof Boolean b ? !b : real(v) == 0;
    }

    private static double real(Object v) {
        return v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
    }

    private static long integer(Object v) {
        return v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).longValue();
    }

    /** {@code v} as a value of type {@code t}: widening, or the explicit conversions {@code int(x)} etc. */
    static Object convert(Object v, ScalarType t) {
        return switch (t) {
            case BOOL -> v instanceof Boolean b ? b : real(v) != 0;
            case INT -> v instanceof Double || v instanceof Float ? (int) real(v) : (int) integer(v);
            case LONG -> v instanceof Double || v instanceof Float ? (long) real(v) : integer(v);
            case FLOAT -> (float) real(v);
            case DOUBLE -> v instanceof Long || v instanceof Integer ? (double) integer(v) : real(v);
        };
    }
}
