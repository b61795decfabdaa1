package org.stag.formats.dynamic.impl;

import java.util.Arrays;

/**
 * Per-thread scratch space of C-tree operations: merged elements, head positions and hashes, a node stack
 * with priorities or depths. Grown on demand and kept, so steady-state operations allocate nothing; it holds
 * only primitive arrays, never a store.
 */
final class CtreeScratch {
    private static final ThreadLocal<CtreeScratch> LOCAL = ThreadLocal.withInitial(CtreeScratch::new);

    int[] bufCrd = new int[64];
    double[] bufVal = new double[64];
    int[] ints = new int[64];
    long[] longs = new long[64];
    int[] stack = new int[64];
    long[] stackPrio = new long[64];

    private CtreeScratch() {
    }

    /** The calling thread's scratch. */
    static CtreeScratch get() {
        return LOCAL.get();
    }

    /** Makes {@link #bufCrd} and {@link #bufVal} hold at least {@code n} (contents not kept). */
    void ensureBuf(int n) {
        if (bufCrd.length < n) {
            int c = Math.max(n, bufCrd.length + (bufCrd.length >> 1));
            bufCrd = new int[c];
            bufVal = new double[c];
        }
    }

    /** {@link #ints} with room for {@code n} (contents not kept). */
    int[] ints(int n) {
        if (ints.length < n) {
            ints = new int[Math.max(n, ints.length + (ints.length >> 1))];
        }
        return ints;
    }

    /** Makes room in {@link #stack} and {@link #stackPrio} for an entry at {@code sp}, keeping contents. */
    void ensureStack(int sp) {
        if (sp >= stack.length) {
            stack = Arrays.copyOf(stack, stack.length * 2);
            stackPrio = Arrays.copyOf(stackPrio, stack.length);
        }
    }
}
