package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.NodeStore;

/**
 * Blocks whose slots are inline in the node pool (an array bounded by a constant {@code C}): block
 * {@code h}'s slots are {@code [h * C, h * C + C)} of the pool's element arrays. Blocks never move.
 */
final class InlineBlockView extends BlockView {
    InlineBlockView(NodeStore s, BlockListShape shape) {
        super(s, shape, shape.capacity());
        refresh();
    }

    @Override
    void refresh() {
        super.refresh();
        crd = nodes.ints(elemsLayout);
        val = nodes.values(elemsLayout);
        pos = nodes.positions(elemsLayout);
    }

    @Override
    int base(int h) {
        return h * maxSize;
    }

    @Override
    int capacity(int h) {
        return maxSize;
    }

    @Override
    void ensureSpare(int blocks, long slots) {
        nodes.ensureSpare(blocks);
        refresh();
    }

    @Override
    int newBlock(int n) {
        int h = nodes.alloc();
        refresh();
        if (size == null) {
            // Without a size field every slot is in use; a fresh (zeroed) slot would read as coordinate 0.
            Arrays.fill(crd, h * maxSize, h * maxSize + maxSize, EMPTY);
        }
        return h;
    }

    @Override
    void freeBlock(int h) {
        nodes.free(h);
    }

    @Override
    void reserve(int h, int n) {
        // Every block already has maxSize slots.
    }

    @Override
    int rewriteBase(int h, int n) {
        return base(h);
    }

    @Override
    void commitRewrite(int h) {
        // Rewritten in place.
    }

    @Override
    String storageProblem(int h, int used) {
        return used < 0 || used > maxSize ? "size " + used + " outside [0, " + maxSize + "]" : null;
    }
}
