package org.stag.spark.exec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.javagen.KernelPlan;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.ops.Constant;
import org.stag.engine.ops.Operator;

/**
 * How a kernel that reads partitioned matrices splits over row blocks, decided from its specification once per
 * kernel. Every partitioned matrix is split by its first level; each access to one names the index variable of
 * that level, its row variable {@code r}:
 * <ul>
 *   <li>{@link Mode#ROWS}: {@code r} is the target's first index. Each block computes the target's rows
 *       {@code [lo, hi)} alone (a pull: PageRank's sum over in-edges, WCC's first neighbours, CDLP's votes);
 *       the blocks' rows are put side by side.</li>
 *   <li>{@link Mode#PARTIAL}: {@code r} is reduced by the outermost reduction. Each block reduces its own rows
 *       into a whole target (a push: BFS from a small frontier, SSSP's relaxation), and the blocks' targets
 *       combine with that reduction's operator, from the engine's operator descriptor. Exact when the operator is
 *       associative and commutative and the reduction starts from its identity, or the operator is idempotent.</li>
 * </ul>
 * An access whose row variable is another one, {@code u}, reads rows outside the block: when {@code u} is a
 * column variable of an access at {@code r} (LCC's {@code S[i][u] && A[u][w]}), the block gets those rows
 * of that matrix as a {@link Role#GHOST} tensor. A kernel that reads its matrices only at a row computed from
 * scalars reduces each block's part of that row ({@link #rowRead}). Anything else is refused, naming the definition.
 */
final class KernelShape {

    /** How blocks' results combine. */
    enum Mode { ROWS, PARTIAL }

    /** What the kernel produces. */
    enum Result { SCALAR, DENSE, SPARSE_VECTOR, MATRIX }

    /** Where a vector slot's values are needed. */
    enum Need { WHOLE, SLICE, COLUMNS }

    final Mode mode;
    final Result result;
    final String rowVar;
    /** Whether the outermost loop is the dense loop over {@code r}: a block then runs only its rows. */
    final boolean restrict;
    /** Per tensor slot, the role its tensor plays (for a partitioned one, as its stand-in tells). */
    final Role[] roles;
    /** Per tensor slot, where a local tensor's values are needed. */
    final Need[] needs;
    /** Per tensor slot with {@link Need#COLUMNS}: the slots of the matrices whose block columns name them. */
    final int[][] columnsOf;
    /** Per {@link Role#GHOST} slot: the slot whose rows' columns name the rows needed. */
    final int[] ghostSource;
    /** Whether a partial dense result starts from the operator's identity (blocks then ship only other entries). */
    final boolean identityInit;
    final Operator op;
    /** The accumulator's type of a partial reduction. */
    final org.stag.engine.front.ScalarType accType;

    private KernelShape(Mode mode, Result result, String rowVar, boolean restrict, Role[] roles, Need[] needs,
                        int[][] columnsOf, int[] ghostSource, boolean identityInit, Operator op,
                        org.stag.engine.front.ScalarType accType) {
        this.mode = mode;
        this.result = result;
        this.rowVar = rowVar;
        this.restrict = restrict;
        this.roles = roles;
        this.needs = needs;
        this.columnsOf = columnsOf;
        this.ghostSource = ghostSource;
        this.identityInit = identityInit;
        this.op = op;
        this.accType = accType;
    }

    /**
     * The shape of {@code k} whose tensor slots play {@code roles} ({@link Role#LOCAL} for the driver's tensors,
     * a graph role or {@link Role#DERIVED} for partitioned ones).
     *
     * @throws UnsupportedOperationException naming why the kernel cannot run on row blocks
     */
    static KernelShape of(CompiledDefinition k, Role[] slotRoles) {
        KernelSpec spec = k.spec();
        KernelPlan plan = k.plan();
        List<String> slots = plan.tensors();
        Role[] roles = slotRoles.clone();
        // The row variables of the partitioned matrices' accesses.
        Set<String> rowVars = new LinkedHashSet<>();
        String computedRow = null;
        for (KernelSpec.Access a : spec.accesses()) {
            int s = slots.indexOf(a.tensor().name());
            if (s >= 0 && roles[s] != Role.LOCAL) {
                if (!a.tensor().format().hasIdentityOrder()) {
                    throw refuse(k, "it reads " + a.tensor().name() + " in another mode order");
                }
                if (a.levelVar().get(0) == null) {
                    computedRow = a.tensor().name();
                } else {
                    rowVars.add(a.levelVar().get(0));
                }
            }
        }
        if (computedRow != null) {
            if (!rowVars.isEmpty()) {
                throw refuse(k, "it reads " + computedRow + " at a computed row and partitioned rows " + rowVars);
            }
            return rowRead(k, roles, computedRow);
        }
        List<String> free = spec.free();
        String r;
        if (!free.isEmpty() && rowVars.contains(free.get(0))) {
            r = free.get(0);
        } else if (rowVars.size() == 1) {
            r = rowVars.iterator().next();
        } else {
            throw refuse(k, "its partitioned matrices are read at rows " + rowVars + ", none the target's first index");
        }
        Mode mode = !free.isEmpty() && free.get(0).equals(r) ? Mode.ROWS : Mode.PARTIAL;
        int[] ghostSource = new int[slots.size()];
        java.util.Arrays.fill(ghostSource, -1);
        for (KernelSpec.Access a : spec.accesses()) {
            int s = slots.indexOf(a.tensor().name());
            if (s < 0 || roles[s] == Role.LOCAL || a.levelVar().get(0).equals(r)) {
                continue;
            }
            String u = a.levelVar().get(0);
            int source = columnSource(spec, slots, roles, r, u);
            if (source < 0 || roles[s] == Role.DERIVED || mode != Mode.ROWS) {
                throw refuse(k, "it reads " + a.tensor().name() + " at rows " + u + " that are neither the block's nor"
                        + " columns of a matrix read at the block's rows");
            }
            roles[s] = Role.GHOST;
            ghostSource[s] = source;
        }
        Result result = result(k, mode);
        Operator op = null;
        org.stag.engine.front.ScalarType acc = null;
        boolean identityInit = false;
        if (mode == Mode.PARTIAL) {
            KernelSpec.Group outer = spec.groups().get(spec.groups().size() - 1);
            if (!outer.vars().contains(r)) {
                throw refuse(k, "it reduces the rows " + r + " of its partitioned matrices inside another reduction");
            }
            op = outer.op();
            acc = outer.type();
            if (!op.associative() || !op.commutative()) {
                throw refuse(k, "its reduction " + op + " over the rows is not associative and commutative");
            }
            Constant init = constant(outer.init());
            identityInit = init != null && init.equals(op.identity(acc));
            if (!identityInit && !op.idempotent()) {
                throw refuse(k, "its reduction " + op + " over the rows starts from " + outer.init() + ", not its identity");
            }
            if (acc != spec.targetType()) {
                throw refuse(k, "its reduction over the rows accumulates " + acc + " into a " + spec.targetType());
            }
        }
        Need[] needs = new Need[slots.size()];
        int[][] columnsOf = new int[slots.size()][];
        for (int s = 0; s < slots.size(); s++) {
            needs[s] = Need.WHOLE;
            if (roles[s] != Role.LOCAL || spec.operands().get(slots.get(s)).format().order() != 1) {
                continue;
            }
            Set<String> at = new LinkedHashSet<>();
            for (KernelSpec.Access a : spec.accesses()) {
                if (a.tensor().name().equals(slots.get(s))) {
                    at.add(String.valueOf(a.levelVar().get(0)));
                }
            }
            if (at.equals(Set.of(r))) {
                needs[s] = Need.SLICE;
            } else if (at.size() == 1) {
                int[] sources = columnSources(spec, slots, roles, r, at.iterator().next());
                boolean graph = sources.length > 0;
                for (int src : sources) {
                    graph &= roles[src] == Role.A || roles[src] == Role.AT || roles[src] == Role.W;
                }
                if (graph) {
                    needs[s] = Need.COLUMNS;
                    columnsOf[s] = sources;
                }
            }
        }
        boolean restrict = k.rowChunked() && plan.loopOrder().get(0).equals(r);
        return new KernelShape(mode, result, r, restrict, roles, needs, columnsOf, ghostSource, identityInit, op, acc);
    }

    /**
     * A kernel that reads its partitioned matrices only at rows computed from scalars (BFS's
     * {@code scout = A[source][k] | k:(+, 0L)}): one block holds such a row, the others an empty one. Each block
     * reduces what it holds and the blocks combine with the reduction's operator; exact when a missing entry
     * makes the value zero (the reads are factors of it) and zero is the operator's identity, so that a block
     * without the row gives the identity.
     */
    private static KernelShape rowRead(CompiledDefinition k, Role[] roles, String matrix) {
        KernelSpec spec = k.spec();
        List<String> slots = k.plan().tensors();
        if (k.plan().result() != KernelPlan.ResultKind.SCALAR || spec.groups().isEmpty()) {
            throw refuse(k, "it reads " + matrix + " at a computed row into a tensor (only a reduction to a scalar may)");
        }
        KernelSpec.Group outer = spec.groups().get(spec.groups().size() - 1);
        Operator op = outer.op();
        org.stag.engine.front.ScalarType acc = outer.type();
        Constant init = constant(outer.init());
        if (!op.associative() || !op.commutative() || acc != spec.targetType()
                || !Constant.zero(acc).equals(op.identity(acc)) || !Constant.zero(acc).equals(init)) {
            throw refuse(k, "it reads " + matrix + " at a computed row in a reduction " + op + " from " + outer.init()
                    + " whose identity is not zero");
        }
        if (!vanishes(spec.rhs(), slots, roles)) {
            throw refuse(k, "it reads " + matrix + " at a computed row in a value that a missing entry does not make zero");
        }
        Need[] needs = new Need[slots.size()];
        java.util.Arrays.fill(needs, Need.WHOLE);
        int[] ghostSource = new int[slots.size()];
        java.util.Arrays.fill(ghostSource, -1);
        return new KernelShape(Mode.PARTIAL, Result.SCALAR, null, false, roles, needs, new int[slots.size()][],
                ghostSource, true, op, acc);
    }

    /** Whether {@code e} is zero wherever a partitioned matrix's entry it reads is missing (a factor of it). */
    private static boolean vanishes(IndexExpr e, List<String> slots, Role[] roles) {
        if (e instanceof IndexExpr.Read r) {
            int s = slots.indexOf(r.access().tensor().name());
            return s >= 0 && roles[s] != Role.LOCAL;
        }
        if (e instanceof IndexExpr.Cast c) {
            return vanishes(c.value(), slots, roles);
        }
        if (e instanceof IndexExpr.Binary b && (b.op() == org.stag.engine.front.BinaryOp.AND
                || b.op() == org.stag.engine.front.BinaryOp.MUL)) {
            return vanishes(b.left(), slots, roles) || vanishes(b.right(), slots, roles);
        }
        return false;
    }

    /** The slots of every partitioned matrix read as {@code M[r][u]} (the vector at {@code u} needs their columns). */
    private static int[] columnSources(KernelSpec spec, List<String> slots, Role[] roles, String r, String u) {
        Set<Integer> out = new LinkedHashSet<>();
        for (KernelSpec.Access a : spec.accesses()) {
            int s = slots.indexOf(a.tensor().name());
            if (s >= 0 && roles[s] != Role.LOCAL && a.levels() == 2 && r.equals(a.levelVar().get(0))
                    && u.equals(a.levelVar().get(1))) {
                out.add(s);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The slot of a partitioned matrix read as {@code M[r][u]}, or -1. */
    private static int columnSource(KernelSpec spec, List<String> slots, Role[] roles, String r, String u) {
        for (KernelSpec.Access a : spec.accesses()) {
            int s = slots.indexOf(a.tensor().name());
            if (s >= 0 && roles[s] != Role.LOCAL && a.levels() == 2 && r.equals(a.levelVar().get(0))
                    && u.equals(a.levelVar().get(1))) {
                return s;
            }
        }
        return -1;
    }

    private static Result result(CompiledDefinition k, Mode mode) {
        KernelPlan.ResultKind kind = k.plan().result();
        if (kind == KernelPlan.ResultKind.SCALAR) {
            return Result.SCALAR;
        }
        int order = k.spec().target().tensor().order();
        if (order == 1) {
            return kind == KernelPlan.ResultKind.DENSE ? Result.DENSE : Result.SPARSE_VECTOR;
        }
        if (order == 2 && mode == Mode.ROWS && kind == KernelPlan.ResultKind.SPARSE) {
            return Result.MATRIX;
        }
        throw refuse(k, "its " + order + "-dimensional " + kind.name().toLowerCase(java.util.Locale.ROOT)
                + " target is not a sparse matrix computed row by row");
    }

    /** The constant an initial value is, when it is a literal (possibly converted), else null. */
    private static Constant constant(IndexExpr e) {
        if (e instanceof IndexExpr.Literal l) {
            return l.value();
        }
        Constant v = e instanceof IndexExpr.Cast c ? constant(c.value()) : null;
        if (v != null) {
            IndexExpr.Cast c = (IndexExpr.Cast) e;
            return switch (c.type()) {
                case BOOL -> null;
                case INT, LONG -> v.type() == org.stag.engine.front.ScalarType.BOOL ? null
                        : Constant.ofInteger(c.type(), v.type().ordinal() >= org.stag.engine.front.ScalarType.FLOAT.ordinal()
                                ? (long) v.real() : v.integer());
                case FLOAT, DOUBLE -> Constant.ofReal(c.type(), v.type().ordinal() >= org.stag.engine.front.ScalarType.FLOAT.ordinal()
                        ? v.real() : (double) v.integer());
            };
        }
        return null;
    }

    private static UnsupportedOperationException refuse(CompiledDefinition k, String why) {
        return new UnsupportedOperationException(k.spec().error("cannot run on row blocks the definition '"
                + k.spec().text() + "': " + why).getMessage());
    }

    /** The local slots' names, for messages. */
    static List<String> names(List<String> slots, Role[] roles, Role role) {
        List<String> out = new ArrayList<>();
        for (int s = 0; s < roles.length; s++) {
            if (roles[s] == role) {
                out.add(slots.get(s));
            }
        }
        return out;
    }
}
