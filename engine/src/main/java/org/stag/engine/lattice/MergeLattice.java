package org.stag.engine.lattice;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.BinaryOp;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexExprs;
import org.stag.engine.front.ScalarType;

/**
 * The merge lattice of one loop ([Chou 2018] §4, TACO's lattices generalised by fill values as in [Henry 2021]), built
 * from the symbolic evaluation: a point is a set of sparse operands present at a coordinate (the others
 * absent, reading their fill value) where the body may still contribute ({@link Contribution}). The top point
 * holds every sparse operand; a sub-lattice ({@link #exhausted}) is what remains once an operand has run out.
 *
 * <ul>
 *   <li>{@code a * b}: one point {a, b}: an intersection, {@code a} and {@code b} each in every point.</li>
 *   <li>{@code a + b}: {a, b}, {a}, {b}: a union; the empty point vanishes.</li>
 *   <li>{@code ifelse(!m, u, fill)} over a dense {@code u}: the empty point remains: the whole dimension.</li>
 * </ul>
 *
 * <p>The lowering reads the {@link #merge()}: an operand in every point that must be iterated drives the loop
 * (iterate, or intersect with several), a locatable one that is not full may drive it instead; with none, a
 * union of the fewest sparse operands whose absence together empties the lattice; with the empty point, the
 * whole dimension. Before that, a loop whose body contributes only where its index equals a value known before
 * it visits that one point, and a bool known before the loop whose falsity empties it guards the loop
 * ({@link #guard()}). "In every point" is asked as "absent alone, it leaves nothing", which is the same for a
 * monotone evaluation and costs one question per operand instead of one per subset.
 */
public final class MergeLattice {
    /** At most this many sparse operands have their points enumerated ({@link #points()}). */
    public static final int MAX_ENUMERATED = 8;

    private final KernelSpec spec;
    private final LoopOperands loop;
    private final Contribution body;
    private final Predicate<IndexExpr> knownBefore;
    private final Merge merge;
    private List<LatticePoint> points;

    private MergeLattice(KernelSpec spec, LoopOperands loop, Contribution body, Predicate<IndexExpr> knownBefore) {
        this.spec = spec;
        this.loop = loop;
        this.body = body;
        this.knownBefore = knownBefore;
        this.merge = decide();
    }

    /**
     * The lattice of the loop over {@code loop.index()}.
     *
     * @param body        what the loop's body contributes to (its reduction group or the target)
     * @param knownBefore whether an expression can be computed before the loop (bound indices, resolved reads)
     */
    public static MergeLattice build(LoopOperands loop, Contribution body, Predicate<IndexExpr> knownBefore) {
        return new MergeLattice(body.spec(), loop, body, knownBefore);
    }

    /** The operands of the loop. */
    public LoopOperands operands() {
        return loop;
    }

    /** How the loop visits its coordinates. */
    public Merge merge() {
        return merge;
    }

    /** The sparse operands: participants not known absent that are not full levels, in access order. */
    public List<Integer> sparse() {
        List<Integer> out = new ArrayList<>();
        for (int a : loop.participants()) {
            if (!loop.full().contains(a) || !loop.locatable().contains(a)) {
                out.add(a);
            }
        }
        return out;
    }

    /**
     * The points, the top (every sparse operand present) first, then by decreasing size; each subset of the
     * sparse operands whose presence (the rest absent) leaves the body something to contribute. Empty when the
     * loop is skipped; only the top point beyond {@link #MAX_ENUMERATED} sparse operands.
     */
    public List<LatticePoint> points() {
        if (points == null) {
            points = enumerate(sparse());
        }
        return points;
    }

    /** The sub-lattice once {@code operand} is exhausted: the points without it. */
    public List<LatticePoint> exhausted(int operand) {
        List<LatticePoint> out = new ArrayList<>();
        for (LatticePoint p : points()) {
            if (!p.present().contains(operand)) {
                out.add(p);
            }
        }
        return out;
    }

    /** The operands present in every point (each one alone, absent, empties the lattice). */
    public Set<Integer> required() {
        Set<Integer> out = new LinkedHashSet<>();
        for (int a : sparse()) {
            if (body.vanishes(plus(loop.absent(), a))) {
                out.add(a);
            }
        }
        return out;
    }

    private List<LatticePoint> enumerate(List<Integer> sparse) {
        List<LatticePoint> out = new ArrayList<>();
        if (body.vanishes(loop.absent())) {
            return out;
        }
        int n = sparse.size();
        if (n > MAX_ENUMERATED) {
            out.add(point(new LinkedHashSet<>(sparse), loop.absent()));
            return out;
        }
        for (int size = n; size >= 0; size--) {
            for (int mask = (1 << n) - 1; mask >= 0; mask--) {
                if (Integer.bitCount(mask) != size) {
                    continue;
                }
                Set<Integer> present = new LinkedHashSet<>();
                Set<Integer> absent = new HashSet<>(loop.absent());
                for (int k = 0; k < n; k++) {
                    if ((mask & (1 << (n - 1 - k))) != 0) {
                        present.add(sparse.get(k));
                    } else {
                        absent.add(sparse.get(k));
                    }
                }
                if (!body.vanishes(absent)) {
                    out.add(point(present, absent));
                }
            }
        }
        return out;
    }

    private LatticePoint point(Set<Integer> present, Set<Integer> absent) {
        return new LatticePoint(java.util.Collections.unmodifiableSet(present), body.value(absent),
                Simplifier.of(spec, absent).text(spec.rhs()));
    }

    /** The tensor that access {@code a} reads. */
    public String name(int a) {
        return spec.accesses().get(a).tensor().name();
    }

    /** {@code [A, x]: A[i][j] * x[j]} per point, one per line, operands by their tensor names. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (LatticePoint p : points()) {
            List<String> names = new ArrayList<>();
            for (int a : p.present()) {
                names.add(name(a));
            }
            b.append(names).append(": ").append(p.expression()).append('\n');
        }
        return b.toString();
    }

    // ------------------------------------------------------------------------------------------------ merge

    private Merge decide() {
        List<Integer> p = loop.participants();
        Set<Integer> absent = loop.absent();
        if (body.vanishes(absent)) {
            return new Merge(Merge.Mode.SKIP, List.of(), List.of(), List.of());
        }
        // A loop that contributes only where v equals a known value (l == label[j]) visits that one point.
        for (IndexExpr.Binary eq : equalities(loop.index())) {
            IndexExpr other = isVar(eq.left(), loop.index()) ? eq.right() : eq.left();
            if (other.type().isIntegral() && knownBefore.test(other) && body.vanishes(absent, Set.of(eq))) {
                return new Merge(Merge.Mode.POINT, List.of(), List.of(), p, other);
            }
        }
        List<Integer> mustIterate = new ArrayList<>();
        List<Integer> canLocate = new ArrayList<>();
        for (int a : p) {
            (loop.locatable().contains(a) ? canLocate : mustIterate).add(a);
        }
        // 1. Operands in every point drive an intersection; prefer those that must be iterated.
        List<Integer> single = new ArrayList<>();
        for (int a : mustIterate) {
            if (body.vanishes(plus(absent, a))) {
                single.add(a);
            }
        }
        if (!single.isEmpty()) {
            List<Integer> followers = new ArrayList<>(mustIterate);
            followers.removeAll(single);
            if (single.size() == 1 && followers.isEmpty()) {
                return new Merge(Merge.Mode.ITERATE, single, List.of(), canLocate);
            }
            return new Merge(Merge.Mode.INTERSECT, single, followers, canLocate);
        }
        for (int a : canLocate) {
            if (!loop.full().contains(a) && body.vanishes(plus(absent, a))) {
                List<Integer> locators = new ArrayList<>(canLocate);
                locators.remove(Integer.valueOf(a));
                if (mustIterate.isEmpty()) {
                    return new Merge(Merge.Mode.ITERATE, List.of(a), List.of(), locators);
                }
                return new Merge(Merge.Mode.INTERSECT, List.of(a), mustIterate, locators);
            }
        }
        // 2. A union of sparse operands, as small as it can be.
        List<Integer> sparse = new ArrayList<>(mustIterate);
        for (int a : canLocate) {
            if (!loop.full().contains(a)) {
                sparse.add(a);
            }
        }
        Set<Integer> all = new HashSet<>(absent);
        all.addAll(sparse);
        if (!sparse.isEmpty() && body.vanishes(all)) {
            List<Integer> drivers = new ArrayList<>(sparse);
            List<Integer> tryDrop = new ArrayList<>();
            for (int a : sparse) {
                if (canLocate.contains(a)) {
                    tryDrop.add(a);
                }
            }
            for (int a : sparse) {
                if (!canLocate.contains(a)) {
                    tryDrop.add(a);
                }
            }
            for (int a : tryDrop) {
                List<Integer> rest = new ArrayList<>(drivers);
                rest.remove(Integer.valueOf(a));
                Set<Integer> ab = new HashSet<>(absent);
                ab.addAll(rest);
                if (!rest.isEmpty() && body.vanishes(ab)) {
                    drivers = rest;
                }
            }
            List<Integer> followers = new ArrayList<>(mustIterate);
            followers.removeAll(drivers);
            List<Integer> locators = new ArrayList<>(canLocate);
            locators.removeAll(drivers);
            return new Merge(Merge.Mode.UNION, drivers, followers, locators);
        }
        // 3. The empty point: the whole dimension.
        return new Merge(Merge.Mode.UNIVERSE, List.of(), mustIterate, canLocate);
    }

    /**
     * A bool subexpression of the right-hand side that can be computed before the loop, reads an index or a
     * tensor, and whose falsity makes the loop's whole contribution vanish (bottom-up BFS skips the in-edges of a
     * visited vertex: {@code depth[j] == MAX && ...}); null when there is none.
     */
    public IndexExpr guard() {
        List<IndexExpr> candidates = new ArrayList<>();
        collectBools(spec.rhs(), candidates);
        for (IndexExpr e : candidates) {
            if (knownBefore.test(e) && !IndexExprs.indexFree(e) && body.vanishes(loop.absent(), Set.of(e))) {
                return e;
            }
        }
        return null;
    }

    private static Set<Integer> plus(Set<Integer> s, int a) {
        Set<Integer> out = new HashSet<>(s);
        out.add(a);
        return out;
    }

    private void collectBools(IndexExpr e, List<IndexExpr> out) {
        if (e.type() == ScalarType.BOOL && (e instanceof IndexExpr.Binary || e instanceof IndexExpr.Read
                || e instanceof IndexExpr.Unary)) {
            out.add(e);
        }
        if (e instanceof IndexExpr.Binary || e instanceof IndexExpr.Unary || e instanceof IndexExpr.IfElse
                || e instanceof IndexExpr.Call) {
            e.children().forEach(x -> collectBools(x, out));
        }
    }

    /** Comparisons {@code v == e} or {@code e == v} in the right-hand side. */
    private List<IndexExpr.Binary> equalities(String v) {
        List<IndexExpr.Binary> out = new ArrayList<>();
        collectEqualities(spec.rhs(), v, out);
        return out;
    }

    private void collectEqualities(IndexExpr e, String v, List<IndexExpr.Binary> out) {
        if (e instanceof IndexExpr.Binary b && b.op() == BinaryOp.EQ && (isVar(b.left(), v) || isVar(b.right(), v))) {
            out.add(b);
        }
        if (e instanceof IndexExpr.Binary || e instanceof IndexExpr.Unary || e instanceof IndexExpr.IfElse
                || e instanceof IndexExpr.Call || e instanceof IndexExpr.Cast) {
            e.children().forEach(x -> collectEqualities(x, v, out));
        }
    }

    private static boolean isVar(IndexExpr e, String v) {
        IndexExpr x = e instanceof IndexExpr.Cast c ? c.value() : e;
        return x instanceof IndexExpr.IndexVar n && n.name().equals(v);
    }
}
