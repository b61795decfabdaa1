package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.ChunkArena;

/**
 * Verifies every invariant of one C-tree, walking it in coordinate order (prefix, then the heads in order,
 * each followed by its tail), without recursion. Throws {@link IllegalStateException} naming the first
 * broken invariant.
 */
final class CtreeCheck {
    private final CtreeView v;
    private final TreeScratch sc = TreeScratch.get();
    private final long threshold;
    /** The last coordinate seen in order, and what held it (for the message when order breaks). */
    private long last = -1;
    private String lastWhere = "start";
    /** Runs of every chunk, packed as {@code offset << 32 | capacity}, to check they do not overlap. */
    private long[] runs;
    private int runCount;

    CtreeCheck(CtreeView v, long threshold) {
        this.v = v;
        this.threshold = threshold;
        this.runs = sc.longs;
    }

    void run() {
        int root = v.root;
        chunk("prefix", v.prefixOff[root], v.prefixN[root], v.prefixCap[root], -1);
        int live = v.nodes().live();
        int seen = 0;
        int sp = 0;
        int x = v.tree[root];
        while (x != 0 || sp > 0) {
            while (x != 0) {
                if (sp >= live) {
                    throw new IllegalStateException("ctree: head tree has a cycle (deeper than the " + live + " live nodes)");
                }
                sc.ensureStack(sp);
                sc.headStack[sp++] = x;
                x = v.left[x];
            }
            x = sc.headStack[--sp];
            if (++seen > live) {
                throw new IllegalStateException("ctree: head tree has a cycle (more nodes reached than the " + live + " live)");
            }
            head(x);
            chunk("tail of head " + v.key[x], v.tailOff[x], v.tailN[x], v.tailCap[x], v.key[x]);
            x = v.right[x];
        }
        disjointRuns();
    }

    private void head(int x) {
        int k = v.key[x];
        if (k < 0) {
            throw new IllegalStateException("ctree: head " + k + " is negative");
        }
        if (!CtreeHash.isHead(k, threshold)) {
            throw new IllegalStateException("ctree: tree node " + x + " holds " + k + ", which is not a head under the hash rule");
        }
        if (k <= last) {
            throw new IllegalStateException("ctree: search order broken: head " + k + " is not above " + last
                    + " (" + lastWhere + ")");
        }
        long p = CtreeHash.priority(k);
        heapOrder(k, p, v.left[x]);
        heapOrder(k, p, v.right[x]);
        last = k;
        lastWhere = "head";
    }

    private void heapOrder(int parent, long priority, int child) {
        if (child != 0 && CtreeHash.priority(v.key[child]) >= priority) {
            throw new IllegalStateException("ctree: treap heap order broken: child " + v.key[child]
                    + " has a higher priority than its parent " + parent);
        }
    }

    private void chunk(String what, int off, int n, int cap, int head) {
        if (n < 0) {
            throw new IllegalStateException("ctree: " + what + " has negative size " + n);
        }
        if (n == 0) {
            if (off != 0 || cap != 0) {
                throw new IllegalStateException("ctree: " + what + " is empty but keeps run " + off + " of capacity " + cap);
            }
            return;
        }
        if (n > cap) {
            throw new IllegalStateException("ctree: " + what + " holds " + n + " elements in a run of capacity " + cap
                    + " (must be at least N)");
        }
        if (cap >= 4 * ChunkArena.capacityFor(n)) {
            throw new IllegalStateException("ctree: " + what + " holds " + n + " elements in a run of capacity " + cap
                    + " (four times or more what it needs)");
        }
        if (off < 1 || (long) off + cap > v.crd.length) {
            throw new IllegalStateException("ctree: " + what + " has run [" + off + ", " + ((long) off + cap)
                    + ") outside the arena");
        }
        if (runCount == runs.length) {
            runs = sc.longs = Arrays.copyOf(runs, 2 * runCount);
        }
        runs[runCount++] = ((long) off << 32) | cap;
        int[] a = v.crd;
        for (int i = off; i < off + n; i++) {
            int c = a[i];
            if (c <= last) {
                throw new IllegalStateException("ctree: " + what + ": element " + c + " at index " + (i - off)
                        + " is not above " + last + " (" + lastWhere + ")"
                        + (head >= 0 && c <= head ? "; a tail must lie above its head" : ""));
            }
            if (CtreeHash.isHead(c, threshold)) {
                throw new IllegalStateException("ctree: " + what + ": element " + c
                        + " is a head under the hash rule but sits in a chunk");
            }
            last = c;
        }
        lastWhere = what;
    }

    private void disjointRuns() {
        Arrays.sort(runs, 0, runCount);
        for (int i = 1; i < runCount; i++) {
            long prevEnd = (runs[i - 1] >>> 32) + (int) runs[i - 1];
            if (prevEnd > (runs[i] >>> 32)) {
                throw new IllegalStateException("ctree: chunks share arena slots: run at " + (runs[i - 1] >>> 32)
                        + " overlaps run at " + (runs[i] >>> 32));
            }
        }
    }

    /** Depth of the head tree of {@code v.root}, by an iterative walk. */
    static int depth(CtreeView v) {
        TreeScratch sc = TreeScratch.get();
        int x = v.tree[v.root];
        if (x == 0) {
            return 0;
        }
        // Stack of (node, depth) pairs, packed in the stack and stackPrio arrays.
        int sp = 0;
        int max = 0;
        sc.ensureStack(sp);
        sc.headStack[sp] = x;
        sc.stackPrio[sp++] = 1;
        while (sp > 0) {
            x = sc.headStack[--sp];
            int d = (int) sc.stackPrio[sp];
            max = Math.max(max, d);
            sp = push(sc, sp, v.left[x], d + 1);
            sp = push(sc, sp, v.right[x], d + 1);
        }
        return max;
    }

    private static int push(TreeScratch sc, int sp, int x, int d) {
        if (x == 0) {
            return sp;
        }
        sc.ensureStack(sp);
        sc.headStack[sp] = x;
        sc.stackPrio[sp] = d;
        return sp + 1;
    }
}
