package org.stag.engine.cin;

import java.util.Set;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/**
 * Symbolic evaluation of a kernel's right-hand side when some accesses are known to be absent (they read
 * their tensor's fill value) and everything else is unknown. It decides the merge lattice of a loop: a
 * coordinate where the driving operands are absent may be skipped exactly when the body's contribution is
 * then the identity of the reduction (or the target's fill value). Annihilators make this work:
 * {@code 0 * x = 0}, {@code false && x = false}, {@code MIN(-inf, x)}, {@code inf + x = inf}.
 *
 * <p>Like TACO and GraphBLAS, it assumes the unknown operand of {@code 0 * x} and {@code inf + x} is a
 * finite number (not NaN or an infinity of the other sign); this is the one place sparse iteration can
 * differ from the dense semantics, and only for inputs holding infinities or NaN.
 */
public final class Symbolic {
    private final KernelSpec spec;
    private final Set<Integer> absent;

    private final Set<IndexExpr> forcedFalse;

    /** Evaluation with the accesses whose ids are in {@code absent} reading their fill value. */
    public Symbolic(KernelSpec spec, Set<Integer> absent) {
        this(spec, absent, Set.of());
    }

    /**
     * Evaluation that also takes the comparisons in {@code forcedFalse} (compared by identity) to be false:
     * how the compiler asks whether a loop contributes only where {@code l == e}.
     */
    public Symbolic(KernelSpec spec, Set<Integer> absent, Set<IndexExpr> forcedFalse) {
        this.spec = spec;
        this.absent = absent;
        this.forcedFalse = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        this.forcedFalse.addAll(forcedFalse);
    }

    /** The right-hand side reduced by groups {@code 0 .. groups - 1} (each from its initial value). */
    public Sym reduced(int groups) {
        Sym s = eval(spec.rhs());
        for (int g = 0; g < groups; g++) {
            KernelSpec.Group grp = spec.groups().get(g);
            s = reduce(grp.op(), eval(grp.init()), Sym.convert(s, grp.type()), grp.type());
        }
        return s;
    }

    /**
     * What reducing one or more copies of {@code s} with {@code op} from {@code init} gives, if it is known: the
     * initial value when {@code s} is the identity; {@code s} when it decides the reduction alone (a
     * {@link Operator#firstWins} operator); {@code op(s, init)} for an idempotent operator, where repeating
     * {@code s} changes nothing. Sums and products of an unknown number of copies stay unknown.
     */
    static Sym reduce(Operator op, Sym init, Sym s, ScalarType t) {
        if (s.sameAs(Sym.identity(op, t))) {
            return Sym.convert(init, t);
        }
        if (op.firstWins() && s.known()) {
            return s;
        }
        if (!s.known() || !init.known() || !op.idempotent() || !op.associative()) {
            return Sym.UNKNOWN;
        }
        return apply(op, s, Sym.convert(init, t), t);
    }

    /**
     * {@code op(a, b)} in type {@code t} from the descriptor's algebra alone, where possible: an annihilator
     * on either side gives itself, the identity on either side gives the other argument, a
     * {@link Operator#firstWins} operator gives a known first argument that is not the identity, and two known
     * values are evaluated. A {@code Def}'s body is not evaluated here, so two known arguments of a {@code Def}
     * stay unknown (which only costs a skipped optimisation).
     */
    public static Sym apply(Operator op, Sym a, Sym b, ScalarType t) {
        Sym zero = Sym.annihilator(op, t);
        if (a.sameAs(zero) || b.sameAs(zero)) {
            return zero;
        }
        Sym one = Sym.identity(op, t);
        if (a.sameAs(one)) {
            return b;
        }
        if (b.sameAs(one)) {
            return a;
        }
        if (op.firstWins() && a.known()) {
            return a;
        }
        if (!a.known() || !b.known() || op.def() != null) {
            return Sym.UNKNOWN;
        }
        if (t.isFloating()) {
            return Sym.ofReal(t, op.applyDouble(a.asDouble(), b.asDouble(), t));
        }
        long r = op.applyLong(asLong(a), asLong(b), t);
        return t == ScalarType.BOOL ? Sym.of(r != 0) : Sym.ofInteger(t, r);
    }

    private static long asLong(Sym v) {
        return v.type() == ScalarType.BOOL ? (v.b() ? 1 : 0) : v.l();
    }

    /** The value of {@code e}, in its type. */
    public Sym eval(IndexExpr e) {
        if (forcedFalse.contains(e)) {
            return Sym.of(false);
        }
        ScalarType t = e.type();
        return Sym.convert(raw(e, t), t);
    }

    private Sym raw(IndexExpr e, ScalarType t) {
        if (e instanceof IndexExpr.Literal l) {
            return Sym.of(l.value());
        }
        if (e instanceof IndexExpr.Read r) {
            return absent.contains(r.access().id()) ? Sym.of(r.access().tensor().fill()) : Sym.UNKNOWN;
        }
        if (e instanceof IndexExpr.Unary u) {
            Sym v = eval(u.operand());
            if (!v.known()) {
                return Sym.UNKNOWN;
            }
            if (u.op() == UnaryOp.NOT) {
                return Sym.of(!v.b());
            }
            return v.isIntegral() ? Sym.ofInteger(t, -v.l()) : Sym.ofReal(t, -v.asDouble());
        }
        if (e instanceof IndexExpr.IfElse i) {
            Sym c = eval(i.condition());
            Sym a = eval(i.then());
            Sym b = eval(i.otherwise());
            if (c.known()) {
                return c.b() ? a : b;
            }
            return a.sameAs(b) ? a : Sym.UNKNOWN;
        }
        if (e instanceof IndexExpr.Call c) {
            ScalarType at = c.argType();
            return apply(c.op(), Sym.convert(eval(c.args().get(0)), at), Sym.convert(eval(c.args().get(1)), at), at);
        }
        if (e instanceof IndexExpr.Cast c) {
            return eval(c.value());
        }
        if (e instanceof IndexExpr.Binary b) {
            return binary(b, t);
        }
        return Sym.UNKNOWN;
    }

    private Sym binary(IndexExpr.Binary b, ScalarType t) {
        switch (b.op()) {
            case AND -> {
                return apply(Operators.AND, eval(b.left()), eval(b.right()), ScalarType.BOOL);
            }
            case OR -> {
                return apply(Operators.OR, eval(b.left()), eval(b.right()), ScalarType.BOOL);
            }
            default -> {
            }
        }
        if (b.op().isComparison()) {
            ScalarType ct = b.operandType();
            Sym l = Sym.convert(eval(b.left()), ct);
            Sym r = Sym.convert(eval(b.right()), ct);
            if (!l.known() || !r.known()) {
                return neverHolds(b.op(), l, r, ct) ? Sym.of(false) : Sym.UNKNOWN;
            }
            double x = l.asDouble();
            double y = r.asDouble();
            boolean v = switch (b.op()) {
                case EQ -> l.sameAs(r);
                case NE -> !l.sameAs(r);
                case LT -> l.isIntegral() ? l.l() < r.l() : x < y;
                case LE -> l.isIntegral() ? l.l() <= r.l() : x <= y;
                case GT -> l.isIntegral() ? l.l() > r.l() : x > y;
                default -> l.isIntegral() ? l.l() >= r.l() : x >= y;
            };
            return Sym.of(v);
        }
        Sym l = Sym.convert(eval(b.left()), t);
        Sym r = Sym.convert(eval(b.right()), t);
        switch (b.op()) {
            case MUL -> {
                if (l.isZero() || r.isZero()) {
                    return Sym.convert(Sym.ofInteger(ScalarType.LONG, 0), t);
                }
            }
            case ADD, SUB -> {
                Sym inf = l.known() && Double.isInfinite(l.asDouble()) && !t.isIntegral() ? l
                        : b.op() == org.stag.engine.front.BinaryOp.ADD && r.known() && Double.isInfinite(r.asDouble())
                        && !t.isIntegral() ? r : null;
                if (inf != null && (!l.known() || !r.known())) {
                    return inf;
                }
            }
            default -> {
            }
        }
        if (!l.known() || !r.known()) {
            return Sym.UNKNOWN;
        }
        if (t.isIntegral()) {
            long x = l.l();
            long y = r.l();
            if ((b.op() == org.stag.engine.front.BinaryOp.DIV || b.op() == org.stag.engine.front.BinaryOp.MOD) && y == 0) {
                return Sym.UNKNOWN;
            }
            long v = switch (b.op()) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
                default -> x % y;
            };
            return Sym.ofInteger(t, v);
        }
        double x = l.asDouble();
        double y = r.asDouble();
        double v = switch (b.op()) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case DIV -> x / y;
            default -> x % y;
        };
        return Sym.ofReal(t, v);
    }

    /**
     * Whether a strict comparison is false whatever its unknown side: {@code top < x} and {@code x < bottom} (and
     * {@code >} mirrored), where top and bottom are the type's largest and smallest values ({@code inf} and
     * {@code -inf} for reals; NaN compares false too). So {@code cand[j] < dist[j]} over a {@code cand} with fill
     * {@code inf} holds only where {@code cand} is stored, and its loop follows {@code cand}'s entries.
     */
    private static boolean neverHolds(org.stag.engine.front.BinaryOp op, Sym l, Sym r, ScalarType t) {
        boolean lt = op == org.stag.engine.front.BinaryOp.LT;
        if (!lt && op != org.stag.engine.front.BinaryOp.GT) {
            return false;
        }
        return extreme(lt ? l : r, t, true) || extreme(lt ? r : l, t, false);
    }

    private static boolean extreme(Sym v, ScalarType t, boolean top) {
        if (!v.known() || t == ScalarType.BOOL) {
            return false;
        }
        if (t.isIntegral()) {
            long max = t == ScalarType.INT ? Integer.MAX_VALUE : Long.MAX_VALUE;
            long min = t == ScalarType.INT ? Integer.MIN_VALUE : Long.MIN_VALUE;
            return v.l() == (top ? max : min);
        }
        return v.d() == (top ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
    }
}
