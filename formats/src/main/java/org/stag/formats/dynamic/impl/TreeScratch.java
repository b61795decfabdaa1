package org.stag.formats.dynamic.impl;

import java.util.Arrays;

/**
 * Reusable buffers of the tree formats, one set per thread: a format instance is shared by the threads
 * that update different shards at once, and a {@link org.stag.formats.dynamic.NodeStore} has no room
 * for a format's scratch data, so the buffers cannot live in either. They only grow, so operations do
 * not allocate once a thread has seen its largest tree.
 */
final class TreeScratch {
    private static final ThreadLocal<TreeScratch> LOCAL = ThreadLocal.withInitial(TreeScratch::new);

    /** Traversal stack (flatten, count, check). */
    int[] stack = new int[64];
    /** Ancestors of the node being inserted. */
    int[] path = new int[64];
    /** A tree's nodes in order (flatten). */
    int[] nodes = new int[64];
    /** The nodes of a merged tree, in order. */
    int[] merged = new int[64];

    private TreeScratch() {
    }

    /** This thread's buffers. */
    static TreeScratch get() {
        return LOCAL.get();
    }

    /** {@link #stack}, twice as long, contents kept. */
    int[] growStack() {
        stack = Arrays.copyOf(stack, 2 * stack.length);
        return stack;
    }

    /** {@link #path}, twice as long, contents kept. */
    int[] growPath() {
        path = Arrays.copyOf(path, 2 * path.length);
        return path;
    }

    /** {@link #nodes} with room for {@code n}; contents not kept. */
    int[] nodes(int n) {
        if (nodes.length < n) {
            nodes = new int[Math.max(n, nodes.length + (nodes.length >> 1))];
        }
        return nodes;
    }

    /** {@link #nodes}, half as long again, contents kept. */
    int[] growNodes() {
        nodes = Arrays.copyOf(nodes, nodes.length + (nodes.length >> 1) + 16);
        return nodes;
    }

    /** {@link #merged} with room for {@code n}; contents not kept. */
    int[] merged(int n) {
        if (merged.length < n) {
            merged = new int[Math.max(n, merged.length + (merged.length >> 1))];
        }
        return merged;
    }
}
