package org.stag.engine.pass;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.IndexStmt;

/**
 * Fusion as a rewrite of concrete index notation: the members of a fused group ({@code plan.FusionGroups} decides
 * which consecutive definitions fuse, {@code plan.Fusible} what may), each a tree already rewritten by its own
 * passes ({@link KernelPasses}) and walking the shared index at its root, become one tree:
 * <ul>
 *   <li>their outer foralls over the shared index are merged into one, {@code forall i (m0; m1; ...)}, whose body
 *       is a sequence with one statement per member, in order (the first member's index names the loop);</li>
 *   <li>member {@code k}'s temporaries are renamed {@code dK...} (accumulators {@code dKacc0}, common
 *       subexpressions {@code dKt0}), so the members' temporaries never clash;</li>
 *   <li>a tensor member whose value a later member reads at the shared index, or whose target nothing reads after
 *       the group ({@code unstored}, {@link Liveness}), computes it into a temporary named after its target
 *       ({@code incoming = ...}); the later members read that temporary instead of the target
 *       ({@code incoming[i]} becomes {@code incoming}); the target is then stored from the temporary
 *       ({@code (contrib = ...; contrib[j] = contrib)}) unless it is unstored, when it is never assigned;</li>
 *   <li>a scalar member's accumulator lives across the shared loop: its {@code where} (the initial value, and the
 *       consumer that assigns the scalar) wraps the merged loop, {@code (s = dKacc0 where (dKacc0 = 0.0; forall
 *       ...))}, several such consumers and initialisations as sequences in member order.</li>
 * </ul>
 * The lowering ({@code loopir.GroupDriver}) walks the result: the outer forall is the shared loop, the sequence
 * gives the members, the temporaries the values later members read, the target assignments what is stored.
 *
 * <pre>
 * PageRank's SpMV and update, incoming unstored:
 *   forall i ((incoming = d0acc0 where (d0acc0 = 0.0; forall j d0acc0 += AT[i][j] * contrib[j]));
 *             next[i] = (1.0 - damping) / N + damping * (incoming + dangling / N))
 * </pre>
 */
public final class Fusion {
    private Fusion() {
    }

    /**
     * The fused tree of {@code members} (each a kernel's tree after its passes, in definition order).
     *
     * @param unstored the targets nothing reads after the group: computed into temporaries, never stored
     * @throws IllegalArgumentException when a member does not walk the shared index at its root (a forall, or a
     *                                  scalar's where around one), walks another extent than the first, or reads an
     *                                  earlier member's target other than at its own shared index
     */
    public static IndexStmt fuse(List<IndexStmt> members, Set<String> unstored) {
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a fused group has members");
        }
        List<IndexStmt> bodies = new ArrayList<>();
        List<IndexStmt> consumers = new ArrayList<>();
        List<IndexStmt> inits = new ArrayList<>();
        IndexStmt.Forall shared = null;
        Set<String> earlier = new LinkedHashSet<>();
        for (int k = 0; k < members.size(); k++) {
            IndexStmt m = renameTemps(members.get(k), "d" + k);
            IndexStmt.Forall f;
            if (m instanceof IndexStmt.Where w && w.producer() instanceof IndexStmt.Sequence q && q.statements().size() == 2
                    && q.statements().get(1) instanceof IndexStmt.Forall inner) {
                consumers.add(w.consumer());
                inits.add(q.statements().get(0));
                f = inner;
            } else if (m instanceof IndexStmt.Forall loop) {
                f = loop;
            } else {
                throw new IllegalArgumentException("member " + k + " does not walk the shared index at its root: "
                        + org.stag.engine.cin.CinPrinter.print(members.get(k)));
            }
            if (shared != null && !java.util.Objects.equals(shared.extent(), f.extent())) {
                throw new IllegalArgumentException("member " + k + " walks " + f.index() + " over " + f.extent()
                        + ", not the shared loop's extent " + shared.extent());
            }
            shared = shared == null ? f : shared;
            IndexStmt body = mapExprs(f.body(), e -> readTemps(e, earlier, f.index()));
            IndexExpr.Target t = tensorTarget(body);
            if (t != null) {
                boolean stored = !unstored.contains(t.name());
                if (!stored || readLater(members, k, t.name())) {
                    body = assignTemp(body, t);
                    if (stored) {
                        body = new IndexStmt.Sequence(List.of(body,
                                new IndexStmt.Assign(t, null, new IndexExpr.Temp(t.name(), t.type()))));
                    }
                    earlier.add(t.name());
                }
            }
            bodies.add(body);
        }
        IndexStmt loop = shared.withBody(new IndexStmt.Sequence(bodies));
        if (inits.isEmpty()) {
            return loop;
        }
        List<IndexStmt> producer = new ArrayList<>(inits);
        producer.add(loop);
        return new IndexStmt.Where(consumers.size() == 1 ? consumers.get(0) : new IndexStmt.Sequence(consumers),
                new IndexStmt.Sequence(producer));
    }

    /** The target a tensor member assigns in its body ({@code t[i] = ...}), or null for a scalar member. */
    private static IndexExpr.Target tensorTarget(IndexStmt s) {
        if (s instanceof IndexStmt.Assign a) {
            return a.lhs() instanceof IndexExpr.Target t && !t.indices().isEmpty() ? t : null;
        }
        for (IndexStmt x : children(s)) {
            IndexExpr.Target t = tensorTarget(x);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    /** Whether a member after {@code k} reads tensor {@code name}. */
    private static boolean readLater(List<IndexStmt> members, int k, String name) {
        for (int j = k + 1; j < members.size(); j++) {
            boolean[] found = new boolean[1];
            mapExprs(members.get(j), e -> {
                found[0] |= reads(e, name);
                return e;
            });
            if (found[0]) {
                return true;
            }
        }
        return false;
    }

    private static boolean reads(IndexExpr e, String name) {
        if (e instanceof IndexExpr.Read r && r.tensor().equals(name)) {
            return true;
        }
        for (IndexExpr c : e.children()) {
            if (reads(c, name)) {
                return true;
            }
        }
        return false;
    }

    /** {@code s} with the assignments to {@code t} assigning the temporary named after it instead. */
    private static IndexStmt assignTemp(IndexStmt s, IndexExpr.Target t) {
        if (s instanceof IndexStmt.Assign a) {
            return a.lhs() instanceof IndexExpr.Target x && x.name().equals(t.name())
                    ? new IndexStmt.Assign(new IndexExpr.Temp(t.name(), t.type()), a.reduce(), a.rhs(), a.mask()) : a;
        }
        return rebuild(s, x -> assignTemp(x, t));
    }

    /** {@code e} with its reads of the targets in {@code earlier} (at the shared index {@code index}) their temporaries. */
    private static IndexExpr readTemps(IndexExpr e, Set<String> earlier, String index) {
        if (e instanceof IndexExpr.Read r) {
            if (!earlier.contains(r.tensor())) {
                return r;
            }
            if (r.access().levels() != 1 || !index.equals(r.access().levelVar().get(0))) {
                throw new IllegalArgumentException("a fused member reads " + org.stag.engine.cin.CinPrinter.print(r)
                        + ", an earlier member's target, other than at the shared index " + index);
            }
            return new IndexExpr.Temp(r.tensor(), r.type());
        }
        return mapChildren(e, x -> readTemps(x, earlier, index));
    }

    /** {@code s} with its temporaries prefixed by {@code prefix}. */
    private static IndexStmt renameTemps(IndexStmt s, String prefix) {
        return mapExprs(s, e -> renameTemp(e, prefix));
    }

    private static IndexExpr renameTemp(IndexExpr e, String prefix) {
        if (e instanceof IndexExpr.Temp t) {
            return new IndexExpr.Temp(prefix + t.name(), t.type(), t.indices());
        }
        return mapChildren(e, x -> renameTemp(x, prefix));
    }

    /** {@code s} with {@code f} applied to every expression of its assignments (left-hand side, right-hand side, mask). */
    static IndexStmt mapExprs(IndexStmt s, UnaryOperator<IndexExpr> f) {
        if (s instanceof IndexStmt.Assign a) {
            return new IndexStmt.Assign(f.apply(a.lhs()), a.reduce(), f.apply(a.rhs()), a.mask() == null ? null : f.apply(a.mask()));
        }
        return rebuild(s, x -> mapExprs(x, f));
    }

    /** {@code s} with {@code f} applied to its direct sub-statements. */
    private static IndexStmt rebuild(IndexStmt s, UnaryOperator<IndexStmt> f) {
        if (s instanceof IndexStmt.Forall l) {
            return l.withBody(f.apply(l.body()));
        }
        if (s instanceof IndexStmt.Where w) {
            return new IndexStmt.Where(f.apply(w.consumer()), f.apply(w.producer()));
        }
        IndexStmt.Sequence q = (IndexStmt.Sequence) s;
        List<IndexStmt> xs = new ArrayList<>();
        q.statements().forEach(x -> xs.add(f.apply(x)));
        return new IndexStmt.Sequence(xs);
    }

    private static List<IndexStmt> children(IndexStmt s) {
        if (s instanceof IndexStmt.Forall l) {
            return List.of(l.body());
        }
        if (s instanceof IndexStmt.Where w) {
            return List.of(w.consumer(), w.producer());
        }
        return s instanceof IndexStmt.Sequence q ? q.statements() : List.of();
    }

    /** {@code e} with {@code f} applied to its direct children (a read's indices are its access's, left as they are). */
    private static IndexExpr mapChildren(IndexExpr e, UnaryOperator<IndexExpr> f) {
        if (e instanceof IndexExpr.Unary u) {
            return new IndexExpr.Unary(u.op(), f.apply(u.operand()), u.type());
        }
        if (e instanceof IndexExpr.Binary b) {
            return new IndexExpr.Binary(b.op(), f.apply(b.left()), f.apply(b.right()), b.type(), b.operandType());
        }
        if (e instanceof IndexExpr.IfElse i) {
            return new IndexExpr.IfElse(f.apply(i.condition()), f.apply(i.then()), f.apply(i.otherwise()), i.type());
        }
        if (e instanceof IndexExpr.Call c) {
            List<IndexExpr> args = new ArrayList<>();
            c.args().forEach(x -> args.add(f.apply(x)));
            return new IndexExpr.Call(c.op(), args, c.type());
        }
        if (e instanceof IndexExpr.Cast c) {
            return new IndexExpr.Cast(f.apply(c.value()), c.type());
        }
        return e;
    }
}
