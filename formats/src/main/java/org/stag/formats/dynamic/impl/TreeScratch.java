package org.stag.formats.dynamic.impl;

import java.util.Arrays;

/**
 * Reusable buffers of the tree formats and of C-trees, one set per thread: a format instance is shared by the
 * threads that update different shards at once, and a {@link org.stag.formats.dynamic.NodeStore} has no room
 * for a format's scratch data, so the buffers cannot live in either. They only grow, so operations do not
 * allocate once a thread has seen its largest tree. They hold only primitive arrays, never a store.
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
    /** C-trees: merged elements' coordinates and values. */
    int[] bufCrd = new int[64];
    double[] bufVal = new double[64];
    /** C-trees: head positions, and hashes. */
    int[] ints = new int[64];
    long[] longs = new long[64];
    /** C-trees: a node stack of the head tree, with each node's priority or depth. */
    int[] headStack = new int[64];
    long[] stackPrio = new long[64];

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
        return nodes = room(nodes, n);
    }

    /** {@link #nodes}, half as long again, contents kept. */
    int[] growNodes() {
        nodes = Arrays.copyOf(nodes, nodes.length + (nodes.length >> 1) + 16);
        return nodes;
    }

    /** {@link #merged} with room for {@code n}; contents not kept. */
    int[] merged(int n) {
        return merged = room(merged, n);
    }

    /** {@link #ints} with room for {@code n}; contents not kept. */
    int[] ints(int n) {
        return ints = room(ints, n);
    }

    /** Makes {@link #bufCrd} and {@link #bufVal} hold at least {@code n}; contents not kept. */
    void ensureBuf(int n) {
        if (bufCrd.length < n) {
            bufCrd = room(bufCrd, n);
            bufVal = new double[bufCrd.length];
        }
    }

    /** Makes room in {@link #headStack} and {@link #stackPrio} for an entry at {@code sp}, keeping contents. */
    void ensureStack(int sp) {
        if (sp >= headStack.length) {
            headStack = Arrays.copyOf(headStack, headStack.length * 2);
            stackPrio = Arrays.copyOf(stackPrio, headStack.length);
        }
    }

    /** {@code a}, or when it holds fewer than {@code n}, a new array of at least half as much again. */
    private static int[] room(int[] a, int n) {
        return a.length >= n ? a : new int[Math.max(n, a.length + (a.length >> 1))];
    }
}
