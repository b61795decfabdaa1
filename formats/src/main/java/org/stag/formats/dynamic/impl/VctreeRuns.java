package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.ChunkArena;
import org.stag.formats.dynamic.ChunkCodes;
import org.stag.formats.dynamic.ValueMode;

/**
 * The byte runs of a compressed C-tree's chunks ({@link VctreeFormat}): reading a chunk into plain arrays
 * and writing plain arrays back as a run of carried values followed by the coordinates' codes
 * ({@link ChunkCodes}). A chunk's recorded size {@code N} is its element count; its run's offset and capacity
 * are in bytes. Runs are sized as {@link CtreeView} sizes element runs: exactly at a bulk build, a power of
 * two after an update moved them.
 */
final class VctreeRuns {
    /** Decoded chunks and merge results, one set per thread (formats are shared by the threads of a batch). */
    static final class Scratch {
        private static final ThreadLocal<Scratch> LOCAL = ThreadLocal.withInitial(Scratch::new);
        int[] crd = new int[256];
        double[] val = new double[256];
        int[] outCrd = new int[256];
        double[] outVal = new double[256];

        static Scratch get() {
            return LOCAL.get();
        }

        /** Room for {@code n} decoded elements. */
        void ensure(int n) {
            if (n > crd.length) {
                int m = Math.max(n, 2 * crd.length);
                crd = Arrays.copyOf(crd, m);
                val = Arrays.copyOf(val, m);
            }
        }

        /** Room for {@code n} merged elements. */
        void ensureOut(int n) {
            if (n > outCrd.length) {
                int m = Math.max(n, 2 * outCrd.length);
                outCrd = Arrays.copyOf(outCrd, m);
                outVal = Arrays.copyOf(outVal, m);
            }
        }
    }

    private VctreeRuns() {
    }

    /** Bytes a carried value takes in the runs of {@code v}'s store. */
    static int width(CtreeView v) {
        return ChunkCodes.width(v.arena.mode());
    }

    /** Bytes of the run that holds {@code crd[from, from + n)} with their values. */
    static int bytes(CtreeView v, int[] crd, int from, int n) {
        return width(v) * n + ChunkCodes.length(crd, from, from + n);
    }

    /** Decodes chunk {@code owner} into {@code crd[at, …)} and {@code val[at, …)}; returns its element count. */
    static int read(CtreeView v, int owner, int[] crd, double[] val, int at) {
        int n = v.size(owner);
        if (n == 0) {
            return 0;
        }
        byte[] b = v.arena.bytes();
        int off = v.off(owner);
        int w = width(v);
        ChunkCodes.decode(b, off + w * n, n, crd, at);
        ValueMode mode = v.arena.mode();
        for (int k = 0; k < n; k++) {
            val[at + k] = mode == ValueMode.DOUBLE ? ChunkCodes.doubleAt(b, off + 8 * k)
                    : mode == ValueMode.POSITION ? ChunkCodes.intAt(b, off + 4 * k) : 1.0;
        }
        return n;
    }

    /**
     * Makes chunk {@code owner} hold {@code crd[from, from + n)} with values {@code val} (null: 1.0 each):
     * in its run when they fit and use at least a quarter of it, else in a new run (exactly sized with
     * {@code exact}, a power of two otherwise), freeing the old one; no run for {@code n == 0}.
     */
    static void write(CtreeView v, int owner, int[] crd, double[] val, int from, int n, boolean exact) {
        int off = v.off(owner);
        int cap = v.cap(owner);
        if (n == 0) {
            v.freeRun(off, cap);
            v.setChunk(owner, 0, 0, 0);
            return;
        }
        int need = bytes(v, crd, from, n);
        if (CtreeView.needsRealloc(need, cap)) {
            v.freeRun(off, cap);
            cap = exact ? need : ChunkArena.capacityFor(need);
            off = exact ? v.arena.allocExact(cap) : v.arena.alloc(cap);
        }
        byte[] b = v.arena.bytes();
        ValueMode mode = v.arena.mode();
        for (int k = 0; k < n; k++) {
            double x = val == null ? 1.0 : val[from + k];
            if (mode == ValueMode.DOUBLE) {
                ChunkCodes.putDouble(b, off + 8 * k, x);
            } else if (mode == ValueMode.POSITION) {
                ChunkCodes.putInt(b, off + 4 * k, (int) x);
            }
        }
        ChunkCodes.encode(b, off + width(v) * n, crd, from, from + n);
        v.setChunk(owner, off, n, cap);
    }
}
