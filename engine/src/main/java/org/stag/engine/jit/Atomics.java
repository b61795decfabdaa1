package org.stag.engine.jit;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Atomic updates of primitive array elements for scattered reductions in generated parallel kernels.
 * Generated code calls these static methods rather than {@link VarHandle} directly because Janino does not
 * compile signature-polymorphic calls (see {@code engine/docs/janino.md}); javac compiles these, and the JIT
 * inlines them into the kernel. Floating-point sums done this way depend on thread interleaving, so
 * kernels that must be reproducible use per-chunk buffers instead.
 */
public final class Atomics {
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle BOOLEANS = MethodHandles.arrayElementVarHandle(boolean[].class);

    private Atomics() {
    }

    /** {@code a[i] += v}, atomically. */
    public static void add(double[] a, int i, double v) {
        DOUBLES.getAndAdd(a, i, v);
    }

    /** {@code a[i] += v}, atomically. */
    public static void add(long[] a, int i, long v) {
        LONGS.getAndAdd(a, i, v);
    }

    /** {@code a[i] += v}, atomically. */
    public static void add(int[] a, int i, int v) {
        INTS.getAndAdd(a, i, v);
    }

    /** {@code a[i] = Math.min(a[i], v)}, atomically; returns whether {@code a[i]} changed. */
    public static boolean min(double[] a, int i, double v) {
        double cur = (double) DOUBLES.getVolatile(a, i);
        // Compare-and-set on the bit pattern: loop until v is not smaller or our write wins.
        while (v < cur) {
            double witness = (double) DOUBLES.compareAndExchange(a, i, cur, v);
            if (Double.doubleToRawLongBits(witness) == Double.doubleToRawLongBits(cur)) {
                return true;
            }
            cur = witness;
        }
        return false;
    }

    /** {@code a[i] = Math.max(a[i], v)}, atomically; returns whether {@code a[i]} changed. */
    public static boolean max(double[] a, int i, double v) {
        double cur = (double) DOUBLES.getVolatile(a, i);
        while (v > cur) {
            double witness = (double) DOUBLES.compareAndExchange(a, i, cur, v);
            if (Double.doubleToRawLongBits(witness) == Double.doubleToRawLongBits(cur)) {
                return true;
            }
            cur = witness;
        }
        return false;
    }

    /** {@code a[i] = Math.min(a[i], v)}, atomically; returns whether {@code a[i]} changed. */
    public static boolean min(int[] a, int i, int v) {
        int cur = (int) INTS.getVolatile(a, i);
        while (v < cur) {
            int witness = (int) INTS.compareAndExchange(a, i, cur, v);
            if (witness == cur) {
                return true;
            }
            cur = witness;
        }
        return false;
    }

    /** {@code a[i] |= v} for a boolean array, atomically; returns whether {@code a[i]} was false. */
    public static boolean or(boolean[] a, int i, boolean v) {
        // Plain boolean arrays have no VarHandle numeric modes; compare-and-set false -> true is enough for OR.
        return v && BOOLEANS.compareAndSet(a, i, false, true);
    }

    /** {@code a[i] = Math.max(a[i], v)}, atomically; returns whether {@code a[i]} changed. */
    public static boolean max(int[] a, int i, int v) {
        int cur = (int) INTS.getVolatile(a, i);
        while (v > cur) {
            int witness = (int) INTS.compareAndExchange(a, i, cur, v);
            if (witness == cur) {
                return true;
            }
            cur = witness;
        }
        return false;
    }

    /** {@code a[i] = Math.min(a[i], v)}, atomically; returns whether {@code a[i]} changed. */
    public static boolean min(long[] a, int i, long v) {
        long cur = (long) LONGS.getVolatile(a, i);
        while (v < cur) {
            long witness = (long) LONGS.compareAndExchange(a, i, cur, v);
            if (witness == cur) {
                return true;
            }
            cur = witness;
        }
        return false;
    }

    /** {@code a[i] = Math.max(a[i], v)}, atomically; returns whether {@code a[i]} changed. */
    public static boolean max(long[] a, int i, long v) {
        long cur = (long) LONGS.getVolatile(a, i);
        while (v > cur) {
            long witness = (long) LONGS.compareAndExchange(a, i, cur, v);
            if (witness == cur) {
                return true;
            }
            cur = witness;
        }
        return false;
    }

    /** {@code a[i] &= v} for a boolean array, atomically; returns whether {@code a[i]} was true. */
    public static boolean and(boolean[] a, int i, boolean v) {
        return !v && BOOLEANS.compareAndSet(a, i, true, false);
    }
}
