package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexExprs;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.Monomials;
import org.stag.engine.cin.Sym;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/**
 * DCTACO's canonical form (§4.2): a right-hand side expanded by the distributive law into a sum of
 * monomials, {@code (a[i] + b[i]) * c[i] = a[i]*c[i] + b[i]*c[i]}, so that a loop whose merge would be a
 * union of sparse operands (a co-iteration testing every operand at every coordinate) becomes one loop per
 * monomial, each an intersection or a single operand's loop, all adding into one accumulator or one dense
 * target. No expression is rewritten: monomial {@code k} is the right-hand side evaluated with every access
 * that {@code k} does not read known absent (reading its fill value), which the generator already knows how to
 * iterate. That is exact because every other monomial holds a factor, an access {@code k} does not read, whose
 * fill value makes the monomial the sum's identity: the product's annihilator (0 for {@code *}, false for
 * {@code AND}) or, for {@code +} under {@code MIN}/{@code MAX} on floating types, an infinity of the sum's
 * identity (as the merge lattices assume, the other summand is finite).
 *
 * <p>Sums and products: {@code +} (and {@code -}) over {@code *}, {@code OR} over {@code AND}, and on
 * floating types {@code MIN} and {@code MAX} over {@code +}; every node of the expanded region must have the
 * right-hand side's type (a conversion is a factor, not expanded). Integers and bools distribute exactly
 * ({@code int} and {@code long} arithmetic wraps, a ring). On floating types {@code MIN}/{@code MAX} over
 * {@code +} is exact (rounding is monotone), while {@code *} over {@code +} rounds each monomial by itself
 * and adds the monomials in another order: results then differ from the factored form by rounding, as sums
 * already do between reduction orders; the differential tests compare such values with a relative tolerance
 * (see {@code docs/compiler.md}). {@code --no-pass canonical} turns it off.
 */
public final class Canonical {
    /** At most this many monomials: an expansion beyond it (products of several sums) is not worth it. */
    public static final int MAX_TERMS = 4;

    private Canonical() {
    }


    /** A sum over a product, and the fill value whose presence makes a monomial vanish. */
    private record Law(Operator sum, BinaryOp product) {
    }

    private static final List<Law> LAWS = List.of(new Law(Operators.ADD, BinaryOp.MUL), new Law(Operators.OR, BinaryOp.AND),
            new Law(Operators.MIN, BinaryOp.ADD), new Law(Operators.MAX, BinaryOp.ADD));

    /** The canonical form of {@code spec}'s right-hand side, or null when it has none worth using (one monomial). */
    public static Monomials of(KernelSpec spec) {
        IndexExpr rhs = spec.rhs();
        ScalarType t = rhs.type();
        for (Law law : LAWS) {
            if (law.product() == BinaryOp.ADD && !t.isFloating() || law.sum() == Operators.OR && t != ScalarType.BOOL
                    || law.sum() == Operators.ADD && t == ScalarType.BOOL) {
                continue;
            }
            List<List<IndexExpr>> monomials = new ArrayList<>();
            if (!expand(law, t, rhs, monomials) || monomials.size() < 2 || monomials.size() > MAX_TERMS) {
                continue;
            }
            Monomials f = form(spec, law, t, monomials);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /**
     * Appends the monomials of {@code e} (each a list of factors) to {@code out}; false when there are more than
     * {@link #MAX_TERMS}.
     */
    private static boolean expand(Law law, ScalarType t, IndexExpr e, List<List<IndexExpr>> out) {
        if (e.type() == t) {
            IndexExpr[] sum = summands(law, e);
            if (sum != null) {
                return expand(law, t, sum[0], out) && expand(law, t, sum[1], out);
            }
            IndexExpr[] product = factors(law, e);
            if (product != null) {
                List<List<IndexExpr>> l = new ArrayList<>();
                List<List<IndexExpr>> r = new ArrayList<>();
                if (!expand(law, t, product[0], l) || !expand(law, t, product[1], r) || l.size() * r.size() > MAX_TERMS) {
                    return false;
                }
                for (List<IndexExpr> x : l) {
                    for (List<IndexExpr> y : r) {
                        List<IndexExpr> m = new ArrayList<>(x);
                        m.addAll(y);
                        out.add(m);
                    }
                }
                return out.size() <= MAX_TERMS;
            }
        }
        out.add(new ArrayList<>(List.of(e)));
        return out.size() <= MAX_TERMS;
    }

    /** The two arguments of {@code e} when it is the law's product ({@code &&} or {@code AND(x, y)} for AND), else null. */
    private static IndexExpr[] factors(Law law, IndexExpr e) {
        if (e instanceof IndexExpr.Binary b && b.op() == law.product()) {
            return new IndexExpr[] {b.left(), b.right()};
        }
        if (law.product() == BinaryOp.AND && e instanceof IndexExpr.Call c && c.args().size() == 2 && c.op() == Operators.AND) {
            return new IndexExpr[] {c.args().get(0), c.args().get(1)};
        }
        return null;
    }

    /** The two arguments of {@code e} when it is the law's sum ({@code a - b} counts as a sum for {@code +}), else null. */
    private static IndexExpr[] summands(Law law, IndexExpr e) {
        if (e instanceof IndexExpr.Binary b) {
            boolean sum = law.sum() == Operators.ADD ? b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB
                    : law.sum() == Operators.OR && b.op() == BinaryOp.OR;
            return sum ? new IndexExpr[] {b.left(), b.right()} : null;
        }
        if (e instanceof IndexExpr.Call c && c.args().size() == 2 && c.op() == law.sum()) {
            return new IndexExpr[] {c.args().get(0), c.args().get(1)};
        }
        return null;
    }

    /**
     * The form, when every monomial has a factor that vanishes outside every other monomial: a direct access
     * whose fill value makes the product the sum's identity and that the other monomial does not read.
     */
    private static Monomials form(KernelSpec spec, Law law, ScalarType t, List<List<IndexExpr>> monomials) {
        Sym vanish = Sym.identity(law.sum(), t);
        List<Set<Integer>> reads = new ArrayList<>();
        List<Set<Integer>> keys = new ArrayList<>();
        for (List<IndexExpr> m : monomials) {
            Set<Integer> r = new LinkedHashSet<>();
            Set<Integer> k = new LinkedHashSet<>();
            for (IndexExpr factor : m) {
                IndexExprs.accessIds(factor, r);
                if (factor instanceof IndexExpr.Read a && a.type() == t) {
                    Sym fill = Sym.convert(Sym.of(a.access().tensor().fill()), t);
                    if (vanishes(law, fill, vanish, t)) {
                        k.add(a.access().id());
                    }
                }
            }
            reads.add(r);
            keys.add(k);
        }
        for (int j = 0; j < monomials.size(); j++) {
            for (int k = 0; k < monomials.size(); k++) {
                if (j != k && reads.get(k).containsAll(keys.get(j))) {
                    return null; // monomial j would not vanish in monomial k's loop (or has no vanishing factor)
                }
            }
        }
        Set<Integer> all = new LinkedHashSet<>();
        IndexExprs.accessIds(spec.rhs(), all);
        return new Monomials(law.sum(), t, reads, all);
    }

    /** Whether a factor {@code fill} makes any product of the law the sum's identity {@code vanish}. */
    private static boolean vanishes(Law law, Sym fill, Sym vanish, ScalarType t) {
        if (!fill.known() || !fill.sameAs(vanish)) {
            return false;
        }
        if (law.product() == BinaryOp.ADD) {
            return Double.isInfinite(fill.asDouble()); // inf + x = inf for finite x, as Symbolic assumes
        }
        Operator product = law.product() == BinaryOp.MUL ? Operators.MUL : Operators.AND;
        return fill.sameAs(Sym.annihilator(product, t));
    }
}
