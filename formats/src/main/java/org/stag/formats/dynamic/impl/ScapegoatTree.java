package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;

/**
 * One operation on a scapegoat tree (Galperin and Rivest, SODA 1993) stored in schema {@code bst}: plain
 * BST nodes, plus two counters in the root record, {@code n} and {@code max_n}. After every operation
 * <ul>
 *   <li>every node lies at depth at most h(max_n) = floor(log_{1/alpha} max_n) (the top at depth 0);
 *   <li>alpha * max_n &le; n &le; max_n.
 * </ul>
 * Insert: a new node deeper than h(max_n) has an ancestor x whose subtree is too high for its size
 * (height(x) &gt; h(size(x)); the top always is one); the deepest such x is rebuilt perfectly balanced,
 * which lifts the new node back within the bound. Delete: plain BST delete; when n falls below
 * alpha * max_n the whole tree is rebuilt and max_n = n. Rebuilds cost amortized O(log n) per update, so
 * updates take amortized O(log n) and searches worst-case O(log n).
 */
final class ScapegoatTree {
    private final TreeNodes t;
    private final int[] top;
    private final int[] count;
    private final int[] maxCount;
    private final int root;
    private final Rule rule;
    private final TreeScratch sc;

    /** The balance parameter alpha and its depth bounds, shared by all operations of a format. */
    static final class Rule {
        final double alpha;
        /** powers[i] = (1/alpha)^i, up to the first power above Integer.MAX_VALUE. */
        private final double[] powers;

        Rule(double alpha) {
            if (!(alpha >= 0.5 && alpha < 1)) {
                throw new IllegalArgumentException("scapegoat alpha must be in [0.5, 1): " + alpha);
            }
            this.alpha = alpha;
            double[] p = new double[64];
            p[0] = 1;
            int k = 0;
            while (p[k] <= Integer.MAX_VALUE) {
                if (++k == p.length) {
                    p = Arrays.copyOf(p, 2 * p.length);
                }
                p[k] = p[k - 1] / alpha;
            }
            powers = Arrays.copyOf(p, k + 1);
        }

        /** Whether depth {@code d} exceeds h(m) = floor(log_{1/alpha} m), for m &ge; 1. */
        boolean tooDeep(int d, int m) {
            return d >= powers.length || powers[d] > m;
        }

        /** h(m) = floor(log_{1/alpha} m), for m &ge; 1. */
        int maxDepth(int m) {
            int d = 0;
            while (!tooDeep(d + 1, m)) {
                d++;
            }
            return d;
        }

        /** Whether {@code n} elements are too few for a tree sized for {@code max} (the whole tree is then rebuilt). */
        boolean tooSparse(int n, int max) {
            return n < alpha * max;
        }
    }

    /**
     * The tree of root record {@code root}: its nodes {@code t}, and in the root pool {@code rootPool} its top
     * ({@code top}) and the counters {@code n} and {@code max_n} ({@code count}, {@code maxCount}).
     */
    ScapegoatTree(TreeNodes t, NodePool rootPool, FieldLayout top, FieldLayout count, FieldLayout maxCount, int root,
            Rule rule) {
        this.t = t;
        this.top = rootPool.ints(top);
        this.count = rootPool.ints(count);
        this.maxCount = rootPool.ints(maxCount);
        this.root = root;
        this.rule = rule;
        this.sc = TreeScratch.get();
    }

    int size() {
        return count[root];
    }

    /** Makes room for {@code k} new nodes without moving the arrays. */
    void reserve(int k) {
        t.reserve(k);
    }

    /** Inserts {@code (c, v)}, or sets the value when {@code c} is present; returns whether it was new. */
    boolean insert(int c, double v) {
        int h = top[root];
        if (h == 0) {
            top[root] = t.newNode(c, v);
            grown();
            return true;
        }
        int[] path = sc.path;
        int d = 0;
        while (true) {
            if (d == path.length) {
                path = sc.growPath();
            }
            path[d++] = h;
            int x = t.crd[h];
            int next;
            if (c < x) {
                next = t.left[h];
            } else if (c > x) {
                next = t.right[h];
            } else {
                t.setValue(h, v);
                return false;
            }
            if (next == 0) {
                break;
            }
            h = next;
        }
        int z = t.newNode(c, v);
        if (c < t.crd[h]) {
            t.left[h] = z;
        } else {
            t.right[h] = z;
        }
        grown();
        if (rule.tooDeep(d, maxCount[root])) {
            rebuildScapegoat(z, d);
        }
        return true;
    }

    private void grown() {
        int n = ++count[root];
        if (n > maxCount[root]) {
            maxCount[root] = n;
        }
    }

    /**
     * Node {@code z} was inserted at depth {@code d} &gt; h(max_n), below {@code sc.path[0, d)}. Every
     * other node is at depth &le; h(max_n) &lt; d, so an ancestor at distance i from z has height exactly
     * i: the first one (going up) with i &gt; h(size) is the deepest scapegoat.
     */
    private void rebuildScapegoat(int z, int d) {
        int[] path = sc.path;
        int size = 1;
        int child = z;
        for (int i = d - 1; i >= 0; i--) {
            int x = path[i];
            int sibling = t.left[x] == child ? t.right[x] : t.left[x];
            size += 1 + t.count(sibling, sc);
            if (rule.tooDeep(d - i, size) || i == 0) {
                // i == 0 cannot be balanced (the top's height d exceeds h(max_n) >= h(n)), but rebuilding the
                // top is the right fallback for any state.
                int rebuilt = rebuild(x, size);
                if (i == 0) {
                    top[root] = rebuilt;
                } else if (t.left[path[i - 1]] == x) {
                    t.left[path[i - 1]] = rebuilt;
                } else {
                    t.right[path[i - 1]] = rebuilt;
                }
                return;
            }
            child = x;
        }
    }

    /** Relinks the subtree of {@code x} ({@code size} nodes) perfectly balanced; returns its new top. */
    private int rebuild(int x, int size) {
        int n = t.flatten(x, size, sc);
        return t.link(sc.nodes, 0, n);
    }

    /**
     * Removes {@code c}; returns whether it was present. The caller calls {@link #afterDeletes()} once the
     * batch is done (deletions never deepen a node, so the global rebuild can wait).
     */
    boolean delete(int c) {
        int[] l = t.left;
        int[] r = t.right;
        int up = 0;
        int h = top[root];
        while (h != 0) {
            int x = t.crd[h];
            if (c == x) {
                break;
            }
            up = h;
            h = c < x ? l[h] : r[h];
        }
        if (h == 0) {
            return false;
        }
        if (l[h] != 0 && r[h] != 0) {
            // Two children: h takes its successor's element and the successor (no left child) goes.
            int sp = h;
            int s = r[h];
            while (l[s] != 0) {
                sp = s;
                s = l[s];
            }
            t.copyElement(s, h);
            if (sp == h) {
                r[h] = r[s];
            } else {
                l[sp] = r[s];
            }
            t.pool.free(s);
        } else {
            int child = l[h] != 0 ? l[h] : r[h];
            if (up == 0) {
                top[root] = child;
            } else if (l[up] == h) {
                l[up] = child;
            } else {
                r[up] = child;
            }
            t.pool.free(h);
        }
        count[root]--;
        return true;
    }

    /** Restores alpha * max_n &le; n after deletions by rebuilding the whole tree. */
    void afterDeletes() {
        if (rule.tooSparse(count[root], maxCount[root])) {
            rebuildAll();
        }
    }

    private void rebuildAll() {
        int n = t.flatten(top[root], count[root], sc);
        relink(sc.nodes, n);
    }

    /** Makes the tree the perfectly balanced one of the in-order nodes {@code a[0, n)}, sized for them. */
    private void relink(int[] a, int n) {
        top[root] = t.link(a, 0, n);
        count[root] = n;
        maxCount[root] = n;
    }

    /** Merges the sorted batch in by one flatten, merge and balanced relink: O(n + k). Returns how many were new. */
    int mergeRebuild(int[] bc, double[] bv, int from, int to) {
        int n = t.flatten(top[root], count[root], sc);
        t.reserve(to - from);
        int m = t.merge(sc.nodes, n, bc, bv, from, to, sc);
        relink(sc.merged, m);
        return m - n;
    }

    /** Removes the batch's coordinates by one flatten, filter and balanced relink: O(n + k). Returns how many were present. */
    int filterRebuild(int[] bc, int from, int to) {
        int n = t.flatten(top[root], count[root], sc);
        int m = t.remove(sc.nodes, n, bc, from, to);
        relink(sc.nodes, m);
        return n - m;
    }

    /** Fills the empty tree with {@code c[from, to)}: a perfectly balanced tree, its nodes allocated in order. */
    void build(int[] c, double[] v, int from, int to) {
        relink(t.newNodes(c, v, from, to, sc), to - from);
    }

    void clear() {
        t.freeAll(top[root]);
        top[root] = 0;
        count[root] = 0;
        maxCount[root] = 0;
    }

    /** Verifies order, counters and the depth bound; throws {@link IllegalStateException} naming the first broken one. */
    void check(String name) {
        int n = count[root];
        int max = maxCount[root];
        if (n < 0 || max < n) {
            throw new IllegalStateException(name + ": counters n = " + n + " and max_n = " + max + " violate 0 <= n <= max_n");
        }
        if (rule.tooSparse(n, max)) {
            throw new IllegalStateException(name + ": n = " + n + " is below alpha * max_n = " + rule.alpha + " * " + max
                    + " (the whole tree should have been rebuilt)");
        }
        int limit = t.pool.live();
        int[] stack = new int[64];
        int[] depth = new int[64];
        int sp = 0;
        int seen = 0;
        int pushed = 0;
        int deepest = -1;
        long last = Long.MIN_VALUE;
        int h = top[root];
        int d = 0;
        while (true) {
            while (h != 0) {
                if (h < 0 || h >= t.pool.top()) {
                    throw new IllegalStateException(name + ": a child handle " + h + " was never allocated");
                }
                if (++pushed > limit) {
                    throw new IllegalStateException(name + ": more nodes reached than allocated (a cycle or a shared node)");
                }
                if (sp == stack.length) {
                    stack = Arrays.copyOf(stack, 2 * sp);
                    depth = Arrays.copyOf(depth, 2 * sp);
                }
                stack[sp] = h;
                depth[sp++] = d;
                h = t.left[h];
                d++;
            }
            if (sp == 0) {
                break;
            }
            h = stack[--sp];
            d = depth[sp];
            last = t.checkInOrder(name, h, last);
            seen++;
            deepest = Math.max(deepest, d);
            h = t.right[h];
            d++;
        }
        if (seen != n) {
            throw new IllegalStateException(name + ": counter n = " + n + " but the tree holds " + seen + " nodes");
        }
        if (n > 0 && rule.tooDeep(deepest, max)) {
            throw new IllegalStateException(name + ": a node at depth " + deepest + " exceeds the scapegoat bound h(max_n) = "
                    + rule.maxDepth(max) + " for max_n = " + max + ", alpha = " + rule.alpha);
        }
    }
}
