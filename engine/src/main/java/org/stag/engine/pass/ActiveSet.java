package org.stag.engine.pass;

import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Sym;
import org.stag.engine.cin.Symbolic;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;

/**
 * Active-set execution: an in-place update ({@link InPlace}) {@code x_out[j] = f(x[j], s[j], ...)} whose
 * right-hand side is exactly {@code x[j]} wherever a sparse operand {@code s} reads its fill value changes
 * {@code x} only where {@code s} stores an entry, so when the output is {@code x}'s own buffer the kernel
 * iterates s's stored coordinates alone (work in proportion to the frontier, not to N):
 * {@code ifelse(next[j], v, depth[j])} with {@code next} false, {@code MIN(depth[j], cand[j])} with
 * {@code cand} at MIN's identity. The symbolic evaluation ({@link Symbolic}) decides the conditions and the
 * operands that are known; this class decides when the result is the in-place input itself.
 */
public final class ActiveSet {
    private ActiveSet() {
    }

    /**
     * Whether {@code e}, evaluated by {@code sym} (the candidate operand absent), is exactly the value of the
     * in-place input {@code input} at the target's coordinates, in the target's type.
     */
    public static boolean keepsInput(KernelSpec spec, String input, Symbolic sym, IndexExpr e) {
        return e.type() == spec.targetType() && keeps(input, sym, e);
    }

    private static boolean keeps(String input, Symbolic sym, IndexExpr e) {
        ScalarType t = e.type();
        if (e instanceof IndexExpr.Read r) {
            // InPlace admits the input only when every read of it is at the target's coordinates.
            return r.tensor().equals(input);
        }
        if (e instanceof IndexExpr.Cast c) {
            return c.value().type() == t && keeps(input, sym, c.value());
        }
        if (e instanceof IndexExpr.IfElse i) {
            Sym c = sym.eval(i.condition());
            if (c.known()) {
                return same(t, c.b() ? i.then() : i.otherwise()) && keeps(input, sym, c.b() ? i.then() : i.otherwise());
            }
            return same(t, i.then()) && same(t, i.otherwise()) && keeps(input, sym, i.then())
                    && keeps(input, sym, i.otherwise());
        }
        if (e instanceof IndexExpr.Call c) {
            Operator op = c.op();
            if (op.def() != null) {
                return false;
            }
            ScalarType at = c.argType();
            if (at.isFloating() && Sym.identity(op, at).isZero()) {
                return false; // x + 0.0 is not x for x = -0.0
            }
            return withIdentity(input, sym, Sym.identity(op, at), at, t, c.args().get(0), c.args().get(1))
                    || withIdentity(input, sym, Sym.identity(op, at), at, t, c.args().get(1), c.args().get(0));
        }
        if (e instanceof IndexExpr.Binary b) {
            Sym zero = Sym.convert(Sym.ofInteger(ScalarType.LONG, 0), t);
            Sym one = Sym.convert(Sym.ofInteger(ScalarType.LONG, 1), t);
            return switch (b.op()) {
                case AND -> both(input, sym, Sym.of(true), t, b);
                case OR -> both(input, sym, Sym.of(false), t, b);
                // x + 0 is not x for x = -0.0, so only integers.
                case ADD -> t.isIntegral() && both(input, sym, zero, t, b);
                case SUB -> t.isIntegral() && withIdentity(input, sym, zero, t, t, b.right(), b.left());
                case MUL -> both(input, sym, one, t, b);
                case DIV -> withIdentity(input, sym, one, t, t, b.right(), b.left());
                default -> false;
            };
        }
        return false;
    }

    private static boolean both(String input, Symbolic sym, Sym id, ScalarType t, IndexExpr.Binary b) {
        return withIdentity(input, sym, id, t, t, b.left(), b.right()) || withIdentity(input, sym, id, t, t, b.right(), b.left());
    }

    /** Whether {@code known} evaluates to {@code id} (in {@code at}) and {@code kept} keeps the input. */
    private static boolean withIdentity(String input, Symbolic sym, Sym id, ScalarType at, ScalarType t, IndexExpr known,
                                        IndexExpr kept) {
        return at == t && id.known() && Sym.convert(sym.eval(known), at).sameAs(id) && same(t, kept)
                && keeps(input, sym, kept);
    }

    private static boolean same(ScalarType t, IndexExpr e) {
        return e.type() == t;
    }
}
