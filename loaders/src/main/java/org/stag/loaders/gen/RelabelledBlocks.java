package org.stag.loaders.gen;

/**
 * Another generator's edges with both ends renamed through {@code rank} (old id to new id): the same edges, in the
 * same blocks and with the same weights, of the graph stored in another vertex order.
 */
final class RelabelledBlocks extends EdgeBlocks {
    private final EdgeBlocks inner;
    private final int[] rank;

    RelabelledBlocks(EdgeBlocks inner, int[] rank) {
        super(inner.edges());
        this.inner = inner;
        this.rank = rank;
    }

    @Override
    public int block(long blk, int[] src, int[] dst, int at) {
        int c = inner.block(blk, src, dst, at);
        for (int k = at; k < at + c; k++) {
            src[k] = rank[src[k]];
            dst[k] = rank[dst[k]];
        }
        return c;
    }

    @Override
    public int weights(long blk, long seed, double[] w) {
        return inner.weights(blk, seed, w);
    }
}
