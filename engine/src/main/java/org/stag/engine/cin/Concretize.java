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
}
