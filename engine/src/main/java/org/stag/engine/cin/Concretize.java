package org.stag.engine.cin;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the concrete index notation of one kernel ({@link KernelSpec}) for a given loop order: one
 * {@link IndexStmt.Forall} per index variable in that order, a {@link IndexStmt.Where} per reduction group whose
 * producer initialises the accumulator and runs the group's loops and whose consumer passes the accumulator on
 * (to the next group, or into the target), and at the innermost an {@link IndexStmt.Assign} of the right-hand
 * side. A reduction group entered before a free index (the free index is scattered: {@code forall j forall i
 * y[i] += A[i][j] * x[j]}) accumulates into a workspace {@code ws[i]} that its consumer copies into the target.
 *
 * <p>The order is given: it comes from {@code loopir.LoopPlanner}, which needs the level code's capabilities
 * (what can locate, what must be iterated). Every accumulator is the temporary {@code accK} of group
 * {@code K} (innermost 0); the scatter workspace is {@code ws}.
 *
 * <pre>
 * y[i] = A[i][j] * x[j] | j:(+, 0.0), order i, j:
 *   forall i (y[i] = acc0 where (acc0 = 0.0; forall j acc0 += A[i][j] * x[j]))
 * </pre>
 */
public final class Concretize {
    /** The name of a workspace the outermost group scatters into. */
    public static final String WORKSPACE = "ws";

    private final KernelSpec spec;
    private final List<String> order;
    private final List<String> scattered = new ArrayList<>();

    private Concretize(KernelSpec spec, List<String> order) {
        this.spec = spec;
        this.order = List.copyOf(order);
        boolean reduced = false;
        for (String v : order) {
            reduced |= spec.groupOf(v) != null;
            if (reduced && spec.groupOf(v) == null) {
                scattered.add(v);
            }
        }
    }

    /** The tree of {@code spec} with its loops in {@code order} (every index variable once). */
    public static IndexStmt of(KernelSpec spec, List<String> order) {
        if (!new java.util.HashSet<>(order).equals(spec.indexVars())) {
            throw new IllegalArgumentException("loop order " + order + " is not an order of " + spec.indexVars());
        }
        return new Concretize(spec, order).build(0);
    }

    /** The accumulator of reduction group {@code g}. */
    public static IndexExpr.Temp accumulator(KernelSpec.Group g) {
        return new IndexExpr.Temp("acc" + g.level(), g.type());
    }

    /** The temporary whose loops contain {@code g}'s: the workspace when {@code g} is scattered, else its accumulator. */
    private IndexExpr.Temp temp(KernelSpec.Group g) {
        return scattersInto(g) ? new IndexExpr.Temp(WORKSPACE, g.type(), scattered) : accumulator(g);
    }

    private boolean scattersInto(KernelSpec.Group g) {
        return !scattered.isEmpty() && g.level() == spec.groups().size() - 1;
    }

    private IndexExpr.Target target() {
        return new IndexExpr.Target(spec.target().name(), spec.targetType(), spec.target().isTensor() ? spec.free() : List.of(),
                null);
    }

    private IndexStmt build(int d) {
        if (d == order.size()) {
            if (spec.groups().isEmpty()) {
                return new IndexStmt.Assign(target(), null, spec.rhs());
            }
            KernelSpec.Group g0 = spec.groups().get(0);
            return new IndexStmt.Assign(temp(g0), g0.op(), spec.rhs());
        }
        String v = order.get(d);
        IndexStmt loop = new IndexStmt.Forall(v, spec.extents().get(v), build(d + 1));
        KernelSpec.Group g = spec.groupOf(v);
        if (g == null || firstOfGroup(g) != d) {
            return loop;
        }
        if (scattersInto(g)) {
            return new IndexStmt.Where(new IndexStmt.Assign(target(), null, temp(g)), loop);
        }
        IndexStmt producer = new IndexStmt.Sequence(List.of(new IndexStmt.Assign(temp(g), null, g.init()), loop));
        return new IndexStmt.Where(consumer(g), producer);
    }

    /** What group {@code g}'s accumulator feeds: the next group's temporary, or the target. */
    private IndexStmt consumer(KernelSpec.Group g) {
        if (g.level() + 1 < spec.groups().size()) {
            KernelSpec.Group outer = spec.groups().get(g.level() + 1);
            return new IndexStmt.Assign(temp(outer), outer.op(), temp(g));
        }
        return new IndexStmt.Assign(target(), null, temp(g));
    }

    private int firstOfGroup(KernelSpec.Group g) {
        for (int d = 0; d < order.size(); d++) {
            if (g.vars().contains(order.get(d))) {
                return d;
            }
        }
        throw new IllegalStateException("no loop of group " + g.level());
    }

    /**
     * The tree of a fused group ({@code plan.FusionGroups}, lowered by {@code loopir.GroupDriver}) from its
     * members' trees (after the passes), each walking the shared index at the root: one forall over the shared
     * index (the first member's name) with a sequence of the members' bodies in order, a row reduction's inner
     * forall under its where; a scalar member's accumulator lives across the shared loop, so its where encloses
     * it. Member {@code k}'s temporaries are renamed {@code dK...}; a target in {@code unstored} (read by nothing
     * after the group) is a temporary of the loop's body, never stored.
     */
    public static IndexStmt fused(List<IndexStmt> members, java.util.Set<String> unstored) {
        List<IndexStmt> bodies = new ArrayList<>();
        List<IndexStmt> consumers = new ArrayList<>();
        List<IndexStmt> inits = new ArrayList<>();
        IndexStmt.Forall shared = null;
        for (int k = 0; k < members.size(); k++) {
            IndexStmt m = rename(members.get(k), "d" + k, unstored);
            IndexStmt.Forall f;
            if (m instanceof IndexStmt.Where w && w.producer() instanceof IndexStmt.Sequence q
                    && q.statements().get(1) instanceof IndexStmt.Forall inner) {
                consumers.add(w.consumer());
                inits.add(q.statements().get(0));
                f = inner;
            } else {
                f = (IndexStmt.Forall) m;
            }
            shared = shared == null ? f : shared;
            bodies.add(f.body());
        }
        IndexStmt loop = shared.withBody(bodies.size() == 1 ? bodies.get(0) : new IndexStmt.Sequence(bodies));
        if (inits.isEmpty()) {
            return loop;
        }
        inits.add(loop);
        return new IndexStmt.Where(consumers.size() == 1 ? consumers.get(0) : new IndexStmt.Sequence(consumers),
                new IndexStmt.Sequence(inits));
    }

    /** {@code s} with its temporaries prefixed and the unstored targets made temporaries. */
    private static IndexStmt rename(IndexStmt s, String prefix, java.util.Set<String> unstored) {
        if (s instanceof IndexStmt.Forall f) {
            return f.withBody(rename(f.body(), prefix, unstored));
        }
        if (s instanceof IndexStmt.Where w) {
            return new IndexStmt.Where(rename(w.consumer(), prefix, unstored), rename(w.producer(), prefix, unstored));
        }
        if (s instanceof IndexStmt.Sequence q) {
            List<IndexStmt> xs = new ArrayList<>();
            q.statements().forEach(x -> xs.add(rename(x, prefix, unstored)));
            return new IndexStmt.Sequence(xs);
        }
        IndexStmt.Assign a = (IndexStmt.Assign) s;
        IndexExpr lhs = a.lhs() instanceof IndexExpr.Target t && unstored.contains(t.name())
                ? new IndexExpr.Temp(t.name(), t.type()) : rename(a.lhs(), prefix);
        return new IndexStmt.Assign(lhs, a.reduce(), rename(a.rhs(), prefix), a.mask() == null ? null : rename(a.mask(), prefix));
    }

    private static IndexExpr rename(IndexExpr e, String prefix) {
        if (e instanceof IndexExpr.Temp t) {
            return new IndexExpr.Temp(prefix + t.name(), t.type(), t.indices());
        }
        if (e instanceof IndexExpr.Unary u) {
            return new IndexExpr.Unary(u.op(), rename(u.operand(), prefix), u.type());
        }
        if (e instanceof IndexExpr.Binary b) {
            return new IndexExpr.Binary(b.op(), rename(b.left(), prefix), rename(b.right(), prefix), b.type(), b.operandType());
        }
        if (e instanceof IndexExpr.IfElse i) {
            return new IndexExpr.IfElse(rename(i.condition(), prefix), rename(i.then(), prefix), rename(i.otherwise(), prefix),
                    i.type());
        }
        if (e instanceof IndexExpr.Call c) {
            List<IndexExpr> args = new ArrayList<>();
            c.args().forEach(x -> args.add(rename(x, prefix)));
            return new IndexExpr.Call(c.op(), args, c.type());
        }
        if (e instanceof IndexExpr.Cast c) {
            return new IndexExpr.Cast(rename(c.value(), prefix), c.type());
        }
        return e;
    }
}
