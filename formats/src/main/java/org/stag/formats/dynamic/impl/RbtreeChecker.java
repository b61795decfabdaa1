package org.stag.formats.dynamic.impl;

import static org.stag.formats.dynamic.impl.RedBlackTree.BLACK;
import static org.stag.formats.dynamic.impl.RedBlackTree.RED;

import java.util.Arrays;

/** Verifies every invariant of one red-black tree of schema {@code rbtree} ({@link RedBlackTree}). */
final class RbtreeChecker {
    private final TreeNodes t;
    private final int top;

    RbtreeChecker(TreeNodes t, int top) {
        this.t = t;
        this.top = top;
    }

    private boolean black(int h) {
        return RedBlackTree.black(t, h);
    }

    /**
     * Verifies BST order, colours in {0, 1}, a black top without parent, consistent parent pointers, no
     * red node with a red child and equal black counts on every path; throws {@link IllegalStateException}
     * naming the first broken one. Uses its own stacks and no parent pointers, so it survives any damage.
     */
    void check(String name) {
        int[] p = t.parent;
        int[] l = t.left;
        int[] r = t.right;
        byte[] col = t.colour;
        int h = top;
        if (h == 0) {
            return;
        }
        checkParent(name, 0, h, p);
        if (p[h] != 0) {
            throw new IllegalStateException(name + ": the top node " + h + " has parent " + p[h] + " instead of null");
        }
        if (col[h] != BLACK) {
            throw new IllegalStateException(name + ": the top node " + h + " is not black (colour " + col[h] + ")");
        }
        int limit = t.pool.live();
        int[] stack = new int[64];
        int[] blacks = new int[64]; // black nodes from the top down to the stacked node, inclusive
        int sp = 0;
        int pushed = 0;
        int pathBlacks = -1; // black nodes on every top-to-null path, once one is seen
        long last = Long.MIN_VALUE;
        int b = 0; // black nodes above h
        while (true) {
            while (h != 0) {
                if (++pushed > limit) {
                    throw new IllegalStateException(name + ": more nodes reached than allocated (a cycle or a shared node)");
                }
                byte ch = col[h];
                if (ch != RED && ch != BLACK) {
                    throw new IllegalStateException(name + ": node " + h + " has colour " + ch + ", not 0 or 1");
                }
                checkParent(name, h, l[h], p);
                checkParent(name, h, r[h], p);
                if (ch == RED && !(black(l[h]) && black(r[h]))) {
                    throw new IllegalStateException(name + ": red node " + h + " has a red child");
                }
                if (sp == stack.length) {
                    stack = Arrays.copyOf(stack, 2 * sp);
                    blacks = Arrays.copyOf(blacks, 2 * sp);
                }
                b += ch == BLACK ? 1 : 0;
                stack[sp] = h;
                blacks[sp++] = b;
                if (l[h] == 0) {
                    pathBlacks = checkBlackHeight(name, h, b, pathBlacks);
                }
                h = l[h];
            }
            if (sp == 0) {
                return;
            }
            h = stack[--sp];
            b = blacks[sp];
            last = t.checkInOrder(name, h, last);
            if (r[h] == 0) {
                pathBlacks = checkBlackHeight(name, h, b, pathBlacks);
            }
            h = r[h];
        }
    }

    private void checkParent(String name, int h, int child, int[] p) {
        if (child < 0 || child >= t.pool.top()) {
            throw new IllegalStateException(name + ": handle " + child + " (below node " + h + ") was never allocated");
        }
        if (h != 0 && child != 0 && p[child] != h) {
            throw new IllegalStateException(name + ": node " + child + " is a child of " + h + " but its parent pointer is " + p[child]);
        }
    }

    private static int checkBlackHeight(String name, int h, int blacks, int expected) {
        if (expected >= 0 && blacks != expected) {
            throw new IllegalStateException(name + ": unequal black heights: a null link below node " + h + " has "
                    + blacks + " black nodes above it, another " + expected);
        }
        return blacks;
    }
}
