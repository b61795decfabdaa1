package org.stag.spark.exec;

import java.util.List;
import org.stag.engine.front.ScalarType;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.ops.Constant;
import org.stag.engine.ops.Operator;
import org.stag.engine.kernellib.CooBuffer;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.tensor.Tensor;

/**
 * Puts the blocks' results of a kernel together on the driver into what a single JVM's run of it gives: rows side
 * by side, or partial results combined with the reduction's operator ({@link Operator#applyLong},
 * {@link Operator#applyDouble}) in block order; the result is assembled by the kernel's own
 * {@link CompiledDefinition#denseResult} and {@link CompiledDefinition#sparseResult}, so its format, value read and
 * buffer reuse are a local run's.
 */
final class Combine {
    private Combine() {
    }

    /** The identity of {@code op} for {@code t} in slot form (long bits for integers and bools, a double for reals). */
    static long identityLong(Operator op, ScalarType t) {
        Constant c = op == null ? null : op.identity(t);
        return c == null ? 0 : t == ScalarType.BOOL ? (c.bool() ? 1 : 0) : c.integer();
    }

    /** The identity of {@code op} for a real type {@code t}. */
    static double identityDouble(Operator op, ScalarType t) {
        Constant c = op == null ? null : op.identity(t);
        return c == null ? 0 : c.real();
    }

    /** A scalar result: the blocks' partials combined into {@code f.resultInt} or {@code f.resultReal}. */
    static void scalar(KernelShape shape, List<PartResult> parts, Frame f) {
        ScalarType t = shape.accType;
        boolean real = t == ScalarType.FLOAT || t == ScalarType.DOUBLE;
        long l = parts.get(0).scalarLong;
        double d = parts.get(0).scalarDouble;
        for (int k = 1; k < parts.size(); k++) {
            if (real) {
                d = shape.op.applyDouble(d, parts.get(k).scalarDouble, t);
            } else {
                l = shape.op.applyLong(l, parts.get(k).scalarLong, t);
            }
        }
        f.resultInt = l;
        f.resultReal = d;
    }

    /** A dense vector result. */
    static Tensor dense(CompiledDefinition k, KernelShape shape, List<PartResult> parts, Frame f, Tensor reuse) {
        Object a = k.denseTarget(f, reuse);
        if (shape.mode == KernelShape.Mode.ROWS) {
            for (PartResult p : parts) {
                System.arraycopy(p.values, 0, a, p.lo, java.lang.reflect.Array.getLength(p.values));
            }
            return k.denseResult(f, a, reuse);
        }
        ScalarType t = shape.accType;
        boolean real = t == ScalarType.FLOAT || t == ScalarType.DOUBLE;
        int n = java.lang.reflect.Array.getLength(a);
        if (shape.identityInit) {
            long il = identityLong(shape.op, t);
            double id = identityDouble(shape.op, t);
            for (int i = 0; i < n; i++) {
                if (real) {
                    Arrays2.setDouble(a, i, id);
                } else {
                    Arrays2.setLong(a, i, il);
                }
            }
        } else {
            System.arraycopy(parts.get(0).values, 0, a, 0, n);
        }
        for (int k2 = shape.identityInit ? 0 : 1; k2 < parts.size(); k2++) {
            PartResult p = parts.get(k2);
            int m = p.index != null ? p.index.length : n;
            for (int e = 0; e < m; e++) {
                int i = p.index != null ? p.index[e] : e;
                if (real) {
                    Arrays2.setDouble(a, i, shape.op.applyDouble(Arrays2.getDouble(a, i), Arrays2.getDouble(p.values, e), t));
                } else {
                    Arrays2.setLong(a, i, shape.op.applyLong(Arrays2.getLong(a, i), Arrays2.getLong(p.values, e), t));
                }
            }
        }
        return k.denseResult(f, a, reuse);
    }

    /**
     * A sparse vector result: the blocks' entries in block order (rows), or merged by coordinate with the operator
     * (partial), as one chunk of entries for the kernel's assembly.
     */
    static Tensor sparse(CompiledDefinition k, KernelShape shape, List<PartResult> parts, Frame f, Tensor reuse) {
        CooBuffer out = k.newEntries();
        ScalarType t = k.spec().targetType();
        boolean real = t == ScalarType.FLOAT || t == ScalarType.DOUBLE;
        boolean values = out.hasValues();
        int total = 0;
        int[] first = new int[parts.size() + 1];
        for (int q = 0; q < parts.size(); q++) {
            total += parts.get(q).index.length;
            first[q + 1] = total;
        }
        // Every entry as (coordinate, its number over all parts): sorted, equal coordinates meet in block order.
        long[] keys = new long[total];
        for (int q = 0, at = 0; q < parts.size(); q++) {
            for (int c : parts.get(q).index) {
                keys[at] = ((long) c << 32) | at;
                at++;
            }
        }
        if (shape.mode == KernelShape.Mode.PARTIAL) {
            java.util.Arrays.sort(keys);
        }
        int q = 0;
        for (int e = 0; e < total; ) {
            int crd = (int) (keys[e] >>> 32);
            long l = 0;
            double d = 0;
            boolean any = false;
            do {
                int g = (int) keys[e];
                while (g >= first[q + 1] || g < first[q]) {
                    q = g >= first[q + 1] ? q + 1 : 0;
                }
                PartResult p = parts.get(q);
                int pos = g - first[q];
                if (values && real) {
                    double v = Arrays2.getDouble(p.values, pos);
                    d = any ? shape.op.applyDouble(d, v, t) : v;
                } else if (values) {
                    long v = Arrays2.getLong(p.values, pos);
                    l = any ? shape.op.applyLong(l, v, t) : v;
                }
                any = true;
                e++;
            } while (shape.mode == KernelShape.Mode.PARTIAL && e < total && (int) (keys[e] >>> 32) == crd);
            int i = out.next();
            out.crd[0][i] = crd;
            if (values) {
                switch (t) {
                    case DOUBLE -> out.dv[i] = d;
                    case FLOAT -> out.fv[i] = (float) d;
                    case LONG -> out.lv[i] = l;
                    case INT -> out.iv[i] = (int) l;
                    case BOOL -> out.bv[i] = l != 0;
                }
            }
        }
        return k.sparseResult(f, new CooBuffer[] {out}, 1, reuse);
    }
}
