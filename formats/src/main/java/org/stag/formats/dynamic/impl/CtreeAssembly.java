package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.ChunkArena;

/**
 * Assembly of one C-tree structure ({@link CtreeFormat}): a build from sorted elements and appends of one
 * element after the largest.
 */
final class CtreeAssembly {
    private CtreeAssembly() {
    }

    static boolean isEmpty(CtreeView v) {
        return v.prefixN[v.root] == 0 && v.tree[v.root] == 0;
    }

    /**
     * Builds the empty structure of {@code v} from {@code crd[from, to)}: one pass finds the heads; chunks are
     * copied into runs reserved up front; the treap comes from the sorted heads by the linear Cartesian-tree
     * construction (a stack of the right spine).
     *
     * <p>With {@code exact} (a bulk build) every chunk gets a run of exactly its size
     * ({@link ChunkArena#allocExact(int)}): the prefix, then the heads' chunks in key order, back to back, so a
     * store built row by row holds each row's elements consecutively in row order, as a full-row scan reads
     * them, with no slack. An insert into an empty structure (a batch during streaming) keeps power-of-two
     * runs from the free lists, as every other update does, since it is likely to grow again.
     */
    static void build(CtreeView v, long threshold, int[] crd, double[] val, int from, int to, boolean exact) {
        TreeScratch sc = TreeScratch.get();
        int[] at = sc.ints;
        long[] hash = sc.longs;
        int m = 0;
        for (int k = from; k < to; k++) {
            long z = CtreeHash.mix(crd[k]);
            if (CtreeHash.isHead(z, threshold)) {
                if (m == at.length) {
                    at = sc.ints = Arrays.copyOf(at, 2 * m);
                }
                if (m == hash.length) {
                    hash = sc.longs = Arrays.copyOf(hash, 2 * m);
                }
                at[m] = k;
                hash[m] = z;
                m++;
            }
        }
        int prefix = (m > 0 ? at[0] : to) - from;
        long need = runSize(prefix, exact);
        for (int q = 0; q < m; q++) {
            need += runSize((q + 1 < m ? at[q + 1] : to) - at[q] - 1, exact);
        }
        // After these, allocations neither replace arrays nor need a refresh.
        v.arena.ensureSpare(need);
        v.refreshArena();
        if (m > 0) {
            v.reserveNodes(m);
        }
        if (prefix > 0) {
            fillChunk(v, 0, crd, val, from, prefix, exact);
        }
        int[] key = v.key;
        int[] left = v.left;
        int[] right = v.right;
        int sp = 0;
        for (int q = 0; q < m; q++) {
            int k = at[q];
            int z = v.nodes().alloc();
            key[z] = crd[k];
            v.setKeyValue(z, CtreeView.valueOf(val, k));
            int len = (q + 1 < m ? at[q + 1] : to) - k - 1;
            if (len > 0) {
                fillChunk(v, z, crd, val, k + 1, len, exact);
            }
            long p = hash[q];
            int last = 0;
            while (sp > 0 && sc.stackPrio[sp - 1] < p) {
                last = sc.headStack[--sp];
            }
            left[z] = last;
            if (sp > 0) {
                right[sc.headStack[sp - 1]] = z;
            }
            sc.ensureStack(sp);
            sc.headStack[sp] = z;
            sc.stackPrio[sp] = p;
            sp++;
        }
        if (m > 0) {
            v.tree[v.root] = sc.headStack[0];
        }
    }

    /** Gives chunk {@code owner} a run at build ({@link #runSize}) holding {@code crd[from, from + len)}. */
    private static void fillChunk(CtreeView v, int owner, int[] crd, double[] val, int from, int len, boolean exact) {
        int cap = runSize(len, exact);
        int off = exact ? v.arena.allocExact(cap) : v.arena.alloc(cap);
        v.copyIn(crd, val, from, off, len);
        v.setChunk(owner, off, len, cap);
    }

    /** The run a chunk of {@code len} elements gets at build: exactly {@code len}, or its power-of-two class (0: none). */
    private static int runSize(int len, boolean exact) {
        return len <= 0 ? 0 : exact ? len : ChunkArena.capacityFor(len);
    }

    /** A new head node of coordinate {@code crd}. */
    static int head(CtreeView v, int crd, double val) {
        int z = v.allocNode();
        v.key[z] = crd;
        v.setKeyValue(z, val);
        return z;
    }

    /** Appends {@code crd}, larger than every element, to chunk {@code owner}, moving it to a larger run when full. */
    static void appendToChunk(CtreeView v, int owner, int crd, double val) {
        int off = v.off(owner);
        int n = v.size(owner);
        int cap = v.cap(owner);
        if (n == cap) {
            int nc = ChunkArena.capacityFor(n + 1);
            int no = v.allocRun(nc);
            v.copyArena(off, no, n);
            v.freeRun(off, cap);
            off = no;
            cap = nc;
        }
        v.putArena(off + n, crd, val);
        v.setChunk(owner, off, n + 1, cap);
    }
}
