package org.stag.engine.ops;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.front.ScalarType;

/**
 * Tests an operator's declared algebra by evaluation over sample values of one type: identity and annihilator on
 * both sides, idempotence, commutativity and associativity. The checker runs it on every {@code Def}, and the
 * unit tests on every built-in. Samples are exact in every type (small integers and halves), plus the
 * declared identity and annihilator; the annihilator laws of floating-point types are tested on finite
 * values, as the descriptor states them.
 */
public final class Laws {
    private Laws() {
    }

    /**
     * A broken law.
     *
     * @param property the declared property that does not hold: {@code identity}, {@code annihilator},
     *                 {@code idempotent}, {@code commutative} or {@code associative}
     * @param text     a sentence naming the values, e.g. {@code commutative, but f(1, 2) = 1 and f(2, 1) = 2}
     */
    public record Violation(String property, String text) {
    }

    /** The operator as a function of values held as in {@link Operator}. */
    public interface Values {
        long applyLong(long x, long y, ScalarType t);

        double applyDouble(double x, double y, ScalarType t);
    }

    /**
     * The first law {@code op} declares but {@code f} breaks on type {@code t}, or null when every declared law
     * holds on the samples. A sample on which {@code f} throws {@link ArithmeticException} is skipped.
     */
    public static Violation violation(Operator op, ScalarType t, Values f) {
        List<Double> xs = samples(op, t);
        Constant e = op.identity(t);
        Constant z = op.annihilator(t);
        for (double a : xs) {
            if (e != null) {
                double ev = value(e);
                Violation bad = expect(op, t, f, ev, a, a, "identity", e);
                bad = bad != null ? bad : expect(op, t, f, a, ev, a, "identity", e);
                if (bad != null) {
                    return bad;
                }
            }
            if (z != null) {
                double zv = value(z);
                Violation bad = expect(op, t, f, zv, a, zv, "annihilator", z);
                bad = bad != null ? bad : expect(op, t, f, a, zv, zv, "annihilator", z);
                if (bad != null) {
                    return bad;
                }
            }
            if (op.idempotent()) {
                Violation bad = expect(op, t, f, a, a, a, "idempotent", null);
                if (bad != null) {
                    return bad;
                }
            }
        }
        for (double a : xs) {
            for (double b : xs) {
                if (op.commutative()) {
                    Double ab = apply(f, a, b, t);
                    Double ba = apply(f, b, a, t);
                    if (ab != null && ba != null && !same(ab, ba)) {
                        return new Violation("commutative", "commutative, but " + call(op, a, b, t) + " = " + show(ab, t)
                                + " and " + call(op, b, a, t) + " = " + show(ba, t));
                    }
                }
            }
        }
        for (double a : xs) {
            for (double b : xs) {
                if (op.associative()) {
                    for (double c : xs) {
                        Double ab = apply(f, a, b, t);
                        Double bc = apply(f, b, c, t);
                        Double left = ab == null ? null : apply(f, ab, c, t);
                        Double right = bc == null ? null : apply(f, a, bc, t);
                        if (left != null && right != null && !same(left, right)) {
                            return new Violation("associative", "associative, but " + op.name() + "(" + call(op, a, b, t)
                                    + ", " + show(c, t) + ") = " + show(left, t) + " and " + op.name() + "(" + show(a, t)
                                    + ", " + call(op, b, c, t) + ") = " + show(right, t));
                        }
                    }
                }
            }
        }
        return null;
    }

    /** The sample values of type {@code t} (as doubles; exact in every type), with the declared constants. */
    static List<Double> samples(Operator op, ScalarType t) {
        List<Double> out = new ArrayList<>();
        double[] base = switch (t) {
            case BOOL -> new double[] {0, 1};
            case INT, LONG -> new double[] {0, 1, -1, 2, 3, -4, 7, 100};
            default -> new double[] {0, 1, -1, 2, 0.5, -4, 7.25, 100};
        };
        for (double v : base) {
            out.add(v);
        }
        for (Constant c : new Constant[] {op.identity(t), op.annihilator(t)}) {
            if (c != null && !out.contains(value(c)) && !Double.isInfinite(value(c))) {
                out.add(value(c));
            }
        }
        return out;
    }

    private static Violation expect(Operator op, ScalarType t, Values f, double x, double y, double want, String law,
                                    Constant value) {
        Double got = apply(f, x, y, t);
        if (got == null || same(got, want)) {
            return null;
        }
        return new Violation(law, law + (value == null ? "" : " " + value) + ", but " + call(op, x, y, t) + " = "
                + show(got, t) + ", not " + show(want, t));
    }

    private static Double apply(Values f, double x, double y, ScalarType t) {
        try {
            if (t.isFloating()) {
                return f.applyDouble(x, y, t);
            }
            long xl = t == ScalarType.BOOL ? (x != 0 ? 1 : 0) : (long) x;
            long yl = t == ScalarType.BOOL ? (y != 0 ? 1 : 0) : (long) y;
            return (double) f.applyLong(xl, yl, t);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    private static boolean same(double a, double b) {
        return a == b || Double.isNaN(a) && Double.isNaN(b);
    }

    /** A constant as a double (bools 0/1, integers exact up to 2^53: identities of MIN/MAX on longs are not). */
    private static double value(Constant c) {
        return switch (c.type()) {
            case BOOL -> c.bool() ? 1 : 0;
            case INT, LONG -> c.integer();
            default -> c.real();
        };
    }

    private static String call(Operator op, double x, double y, ScalarType t) {
        return op.name() + "(" + show(x, t) + ", " + show(y, t) + ")";
    }

    private static String show(double v, ScalarType t) {
        if (t == ScalarType.BOOL) {
            return v != 0 ? "true" : "false";
        }
        if (t.isIntegral()) {
            return Long.toString((long) v);
        }
        return Double.isInfinite(v) ? (v > 0 ? "inf" : "-inf") : Double.toString(v);
    }
}
