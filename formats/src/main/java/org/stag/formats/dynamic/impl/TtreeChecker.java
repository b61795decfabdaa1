package org.stag.formats.dynamic.impl;

/**
 * Verifies every invariant of one T-tree: handles in range and no node reached twice, block sizes within
 * the schema's bounds and at least the minimum in nodes with a child, coordinates non-negative and
 * strictly increasing in {@code seq = l, {e}, r} order, stored heights exact, AVL balance. Recursion is
 * cut off at {@link TtreeNodes#MAX_HEIGHT}, so a corrupted (cyclic) tree cannot overflow the stack.
 */
final class TtreeChecker {
    private final TtreeNodes t;
    private final int live;
    private int seen;
    private long last = -1;

    TtreeChecker(TtreeNodes t) {
        this.t = t;
        this.live = t.pool.live();
    }

    void check(int root) {
        visit(t.top[root], 0);
    }

    /** Checks the subtree of {@code h}; returns its height. */
    private int visit(int h, int depth) {
        if (h == 0) {
            return 0;
        }
        if (h < 0 || h >= t.pool.top()) {
            throw fail("handle " + h + " out of range [1, " + t.pool.top() + ")");
        }
        if (depth >= TtreeNodes.MAX_HEIGHT) {
            throw fail("path longer than " + TtreeNodes.MAX_HEIGHT + " nodes (a cycle?) at node " + h);
        }
        if (++seen > live) {
            throw fail("more nodes reachable than the " + live + " allocated (a cycle or a shared subtree)");
        }
        int n = t.count[h];
        if (n < 1 || n > t.max) {
            throw fail("size: node " + h + " holds " + n + " elements, outside the schema's [1, " + t.max + "]");
        }
        int l = t.left[h];
        int r = t.right[h];
        if ((l != 0 || r != 0) && n < t.min) {
            throw fail("fill: node " + h + " has a child but holds " + n + " elements, fewer than " + t.min);
        }
        int hl = visit(l, depth + 1);
        int base = h * t.max;
        for (int k = 0; k < n; k++) {
            int c = t.crd[base + k];
            if (c < 0) {
                throw fail("order: node " + h + " slot " + k + " holds the negative coordinate " + c);
            }
            if (c <= last) {
                throw fail("order: node " + h + " slot " + k + " holds " + c + " after " + last);
            }
            last = c;
        }
        int hr = visit(r, depth + 1);
        if (Math.abs(hl - hr) > 1) {
            throw fail("balance: node " + h + " has subtrees of heights " + hl + " and " + hr);
        }
        int height = 1 + Math.max(hl, hr);
        if (t.height[h] != height) {
            throw fail("height: node " + h + " stores ht " + t.height[h] + " but its subtree is " + height + " high");
        }
        return height;
    }

    private static IllegalStateException fail(String what) {
        return new IllegalStateException("ttree: " + what);
    }
}
