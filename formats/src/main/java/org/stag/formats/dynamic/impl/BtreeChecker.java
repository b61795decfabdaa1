package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.walk.SupertypeHandles;

/**
 * Verifies every invariant of one B-tree: child handles carry a known subtype tag and an index in range,
 * no node is reached twice, key counts within the schema's bounds (the root at least 1, other nodes at
 * least {@code ceil(m / 2) - 1}), no null child in an internal node, keys non-negative and strictly
 * increasing in {@code seq = {c, e}, cl} order, all leaves at the same depth. Recursion is cut off at
 * {@link BtreeNodes#MAX_HEIGHT}, so a corrupted (cyclic) tree cannot overflow the stack.
 */
final class BtreeChecker {
    private final BtreeNodes t;
    private final SupertypeHandles handles;
    private final int liveInner;
    private final int liveLeaves;
    private int seenInner;
    private int seenLeaves;
    private int leafDepth = -1;
    private long last = -1;

    BtreeChecker(BtreeNodes t, SupertypeHandles handles) {
        this.t = t;
        this.handles = handles;
        this.liveInner = t.inner.live();
        this.liveLeaves = t.leaves.live();
    }

    void check(int root) {
        int x = t.top[root];
        if (x != 0) {
            visit(x, 0);
        }
    }

    private void visit(int x, int depth) {
        if (depth >= BtreeNodes.MAX_HEIGHT) {
            throw fail("path longer than " + BtreeNodes.MAX_HEIGHT + " nodes (a cycle?)");
        }
        int tag = handles.tag(x);
        if (tag >= handles.subtypes().size()) {
            throw fail("tag: handle " + x + " has tag " + tag + ", but btree has " + handles.subtypes().size() + " subtypes");
        }
        int n = handles.index(x);
        boolean leaf = t.isLeaf(x);
        int limit = leaf ? t.leaves.top() : t.inner.top();
        if (n <= 0 || n >= limit) {
            throw fail("handle " + x + ": " + handles.subtypes().get(tag) + " index " + n + " out of range [1, " + limit + ")");
        }
        if (leaf ? ++seenLeaves > liveLeaves : ++seenInner > liveInner) {
            throw fail("more nodes reachable than allocated (a cycle or a shared subtree) at handle " + x);
        }
        int k = leaf ? t.lcount[n] : t.icount[n];
        int max = leaf ? t.ml : t.mi;
        String node = (leaf ? "leaf " : "internal node ") + n + " at depth " + depth;
        if (k < 1 || k > max) {
            throw fail("size: " + node + " holds " + k + " keys, outside the schema's [1, " + max + "]");
        }
        int min = depth == 0 ? 1 : leaf ? t.minL : t.minI;
        if (k < min) {
            throw fail("fill: " + node + " holds " + k + " keys, fewer than " + min);
        }
        if (leaf) {
            if (leafDepth < 0) {
                leafDepth = depth;
            } else if (leafDepth != depth) {
                throw fail("depth: " + node + ", but another leaf is at depth " + leafDepth);
            }
            for (int j = 0; j < k; j++) {
                key(t.lk[n * t.ml + j], "leaf", n, j);
            }
            return;
        }
        for (int j = 0; j <= k; j++) {
            int c = t.child(n, j);
            if (c == 0) {
                throw fail("internal node " + n + " has a null child " + j);
            }
            visit(c, depth + 1);
            if (j < k) {
                key(t.ik[n * t.mi + j], "internal node", n, j);
            }
        }
    }

    private void key(int c, String what, int n, int j) {
        if (c < 0) {
            throw fail("order: " + what + " " + n + " key " + j + " is the negative coordinate " + c);
        }
        if (c <= last) {
            throw fail("order: " + what + " " + n + " key " + j + " is " + c + " after " + last);
        }
        last = c;
    }

    private static IllegalStateException fail(String what) {
        return new IllegalStateException("btree: " + what);
    }
}
