package org.stag.spark.exec;

import java.io.Serializable;
import org.apache.spark.TaskContext;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.kernellib.Frame;
import org.stag.engine.kernellib.Workspace;
import org.stag.formats.tensor.ConstantValues;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;

/**
 * One kernel run in one partition: binds the block's tensors, the partitioned matrices and ghost rows, and the
 * driver's vectors to the kernel's slots, runs the kernel compiled from the {@link KernelTicket} over the block's
 * rows, and cuts out what the driver needs. It reads its inputs and writes only arrays of its own, so a task that
 * Spark runs again (after a failure, or speculatively) gives the same result.
 */
final class KernelTask implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ThreadLocal<Workspace> WORKSPACES = ThreadLocal.withInitial(Workspace::new);

    private final KernelTicket ticket;
    private final Role[] roles;
    private final int[] index;
    /** How each driver tensor travels, or null when each partition's own entries come with its input. */
    private final Shipment[] shipped;
    private final long[] ints;
    private final double[] reals;
    private final boolean restrict;
    private final boolean rows;
    private final KernelShape.Result result;
    private final boolean identityInit;
    private final long identityLong;
    private final double identityDouble;
    private final int inPlace;
    private final long run;
    private final Faults faults;

    KernelTask(KernelTicket ticket, KernelShape shape, int[] index, Shipment[] shipped, Frame f,
               long identityLong, double identityDouble, int inPlace, long run, Faults faults) {
        this.ticket = ticket;
        this.roles = shape.roles;
        this.index = index;
        this.shipped = shipped;
        this.ints = f.ints.clone();
        this.reals = f.reals.clone();
        this.restrict = shape.restrict;
        this.rows = shape.mode == KernelShape.Mode.ROWS;
        this.result = shape.result;
        this.identityInit = shape.identityInit;
        this.identityLong = identityLong;
        this.identityDouble = identityDouble;
        this.inPlace = inPlace;
        this.run = run;
        this.faults = faults;
    }

    /** Runs the kernel on the block and returns the tensor it computed (its rows outside the block are not the block's). */
    Tensor compute(TaskInput in) {
        return compute(in, null);
    }

    private Tensor compute(TaskInput in, long[] scalar) {
        int b = in.block.block();
        if (faults != null) {
            TaskContext c = TaskContext.get();
            faults.maybeFail(run, b, c == null ? 0 : c.attemptNumber());
        }
        CompiledDefinition k = ticket.kernel();
        Frame f = k.newFrame();
        for (int s = 0; s < roles.length; s++) {
            f.tensors[s] = switch (roles[s]) {
                case LOCAL -> shipped != null ? shipped[s].tensor() : in.payload[s].tensor();
                case A -> in.block.a();
                case AT -> in.block.at();
                case W -> in.block.w();
                case DERIVED -> in.derived.get(index[s]);
                case GHOST -> in.ghosts.get(index[s]);
            };
        }
        System.arraycopy(ints, 0, f.ints, 0, ints.length);
        System.arraycopy(reals, 0, f.reals, 0, reals.length);
        Tensor reuse = null;
        if (inPlace >= 0) {
            // The kernel may write into its input: a copy of this task's own, never the shipped values.
            reuse = Shipped.of(f.tensors[inPlace]).tensor();
            f.tensors[inPlace] = reuse;
        }
        int lo = restrict ? in.block.lo() : 0;
        int hi = restrict ? in.block.hi() : Integer.MAX_VALUE;
        Tensor out = k.runRows(f, WORKSPACES.get(), reuse, lo, hi);
        if (result == KernelShape.Result.MATRIX && !restrict) {
            out = rowsOf(out, in.block.lo(), in.block.hi());
        }
        if (scalar != null) {
            scalar[0] = f.resultInt;
            scalar[1] = Double.doubleToRawLongBits(f.resultReal);
        }
        return out;
    }

    /** Runs the kernel on the block and cuts out the block's part of the result for the driver. */
    PartResult part(TaskInput in) {
        long[] scalar = new long[2];
        Tensor out = compute(in, scalar);
        int b = in.block.block();
        int lo = in.block.lo();
        int hi = in.block.hi();
        switch (result) {
            case SCALAR -> {
                return new PartResult(b, lo, null, null, scalar[0], Double.longBitsToDouble(scalar[1]), 0);
            }
            case DENSE -> {
                Object a = Arrays2.array(out.values());
                if (rows) {
                    return new PartResult(b, lo, Arrays2.copy(a, lo, hi), null, 0, 0, hi - lo);
                }
                if (!identityInit) {
                    return new PartResult(b, 0, Arrays2.copy(a, 0, out.dimension(0)), null, 0, 0, out.dimension(0));
                }
                return changed(b, a, out.dimension(0));
            }
            case SPARSE_VECTOR -> {
                return entries(b, out, rows ? lo : Integer.MIN_VALUE, rows ? hi : Integer.MAX_VALUE);
            }
            default -> throw new IllegalStateException("a matrix result stays in the partitions");
        }
    }

    /**
     * Matrix {@code t} without its rows outside {@code [lo, hi)} (a kernel that ran over all rows may have put entries
     * there from operands the driver holds); {@code t} itself when it has none.
     */
    private static Tensor rowsOf(Tensor t, int lo, int hi) {
        long inside = 0;
        long all = 0;
        TensorCursor c = t.cursor();
        while (c.next()) {
            all++;
            int r = c.coordinate(0);
            if (r >= lo && r < hi) {
                inside++;
            }
        }
        if (inside == all) {
            return t;
        }
        int[][] crd = new int[2][(int) inside];
        boolean constant = t.values() instanceof ConstantValues;
        Object vals = constant ? null : Arrays2.newArray(t.valueType(), (int) inside);
        int at = 0;
        c = t.cursor();
        while (c.next()) {
            int r = c.coordinate(0);
            if (r < lo || r >= hi) {
                continue;
            }
            crd[0][at] = r;
            crd[1][at] = c.coordinate(1);
            if (!constant) {
                Arrays2.set(vals, at, c, t.valueType());
            }
            at++;
        }
        org.stag.formats.tensor.Values v = constant ? ((ConstantValues) t.values()).resized((int) inside)
                : Arrays2.values(vals, t.values().fillAsLong(), t.values().fillAsDouble());
        return Tensor.build(t.format(), t.dimensions(), crd, v);
    }

    /** The entries of a partial dense result that are not the reduction's identity. */
    private PartResult changed(int b, Object a, int n) {
        boolean real = Arrays2.real(Arrays2.typeOf(a));
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (real ? Double.compare(Arrays2.getDouble(a, i), identityDouble) != 0 : Arrays2.getLong(a, i) != identityLong) {
                count++;
            }
        }
        int[] idx = new int[count];
        Object vals = Arrays2.newArray(Arrays2.typeOf(a), count);
        int at = 0;
        for (int i = 0; i < n; i++) {
            if (real) {
                double v = Arrays2.getDouble(a, i);
                if (Double.compare(v, identityDouble) != 0) {
                    idx[at] = i;
                    Arrays2.setDouble(vals, at++, v);
                }
            } else {
                long v = Arrays2.getLong(a, i);
                if (v != identityLong) {
                    idx[at] = i;
                    Arrays2.setLong(vals, at++, v);
                }
            }
        }
        return new PartResult(b, 0, vals, idx, 0, 0, count);
    }

    /** The stored entries of a sparse vector with coordinates in {@code [lo, hi)}. */
    private static PartResult entries(int b, Tensor t, int lo, int hi) {
        boolean constant = t.values() instanceof ConstantValues;
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, t.componentCount());
        int[] idx = new int[cap];
        Object vals = constant ? null : Arrays2.newArray(t.valueType(), cap);
        int at = 0;
        TensorCursor c = t.cursor();
        while (c.next()) {
            int i = c.coordinate(0);
            if (i < lo || i >= hi) {
                continue;
            }
            idx[at] = i;
            if (!constant) {
                Arrays2.set(vals, at, c, t.valueType());
            }
            at++;
        }
        return new PartResult(b, lo, constant ? null : Arrays2.copy(vals, 0, at), java.util.Arrays.copyOf(idx, at), 0, 0, at);
    }
}
