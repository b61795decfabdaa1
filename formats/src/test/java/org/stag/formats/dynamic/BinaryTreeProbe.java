package org.stag.formats.dynamic;

import java.util.ArrayDeque;

/**
 * A binary tree read straight from its node pool by field names, independently of the format's code: the
 * tests measure heights with it and damage trees through it.
 */
final class BinaryTreeProbe {
    final NodePool nodes;
    final int[] crd;
    final int[] left;
    final int[] right;
    /** Null when the node type has no field of that name. */
    final int[] parent;
    final byte[] colour;
    private final int[] top;
    private final int root;

    BinaryTreeProbe(NodeStore s, int root, String type, String topField) {
        NodePool rp = s.rootPool();
        this.top = rp.ints(rp.layout(topField));
        this.root = root;
        this.nodes = s.pool(type);
        this.crd = nodes.ints(nodes.layout("e"));
        this.left = nodes.ints(nodes.layout("l"));
        this.right = nodes.ints(nodes.layout("r"));
        boolean rb = nodes.layouts().stream().anyMatch(f -> f.field().name().equals("p"));
        this.parent = rb ? nodes.ints(nodes.layout("p")) : null;
        this.colour = rb ? nodes.bytes(nodes.layout("c")) : null;
    }

    static BinaryTreeProbe bst(NodeStore s, int root) {
        return new BinaryTreeProbe(s, root, "bst", "r");
    }

    static BinaryTreeProbe rbtree(NodeStore s, int root) {
        return new BinaryTreeProbe(s, root, "rbtree", "r");
    }

    int top() {
        return top[root];
    }

    void setTop(int h) {
        top[root] = h;
    }

    /** Nodes on the longest top-to-leaf path (0 for an empty tree). */
    int nodesOnLongestPath() {
        int best = 0;
        ArrayDeque<int[]> stack = new ArrayDeque<>();
        if (top() != 0) {
            stack.push(new int[] {top(), 1});
        }
        while (!stack.isEmpty()) {
            int[] e = stack.pop();
            best = Math.max(best, e[1]);
            if (left[e[0]] != 0) {
                stack.push(new int[] {left[e[0]], e[1] + 1});
            }
            if (right[e[0]] != 0) {
                stack.push(new int[] {right[e[0]], e[1] + 1});
            }
        }
        return best;
    }

    /** The node at the end of {@code path} from the top ('l' or 'r' per step). */
    int at(String path) {
        int h = top();
        for (char ch : path.toCharArray()) {
            h = ch == 'l' ? left[h] : right[h];
        }
        return h;
    }
}
