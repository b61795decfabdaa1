package org.stag.loaders.gen;

/**
 * A generator's edges in its fixed blocks of {@code 2^16} ({@link Blocks}), each made from (seed, block index)
 * alone, so that any block can be made again, in any order and on any thread, with the same edges: a build can
 * pass over the edges several times (degrees, then each range of rows) without holding them.
 */
public abstract class EdgeBlocks {
    private final long edges;

    EdgeBlocks(long edges) {
        this.edges = edges;
    }

    /** The edges generated in all. */
    public long edges() {
        return edges;
    }

    /** Edges per block (the last may hold fewer). */
    public static int blockSize() {
        return Blocks.SIZE;
    }

    /** The number of blocks. */
    public long blocks() {
        return (edges + Blocks.SIZE - 1) >>> Blocks.LOG_SIZE;
    }

    /** The edges in block {@code blk}. */
    public int count(long blk) {
        return (int) Math.min(Blocks.SIZE, edges - (blk << Blocks.LOG_SIZE));
    }

    /**
     * Writes block {@code blk}'s edges, sources and targets, into {@code src} and {@code dst} from index {@code at};
     * returns how many. Edge {@code k} of the block is edge {@code (blk << 16) + k} of the graph.
     */
    public abstract int block(long blk, int[] src, int[] dst, int at);

    /**
     * Writes block {@code blk}'s weights (integers uniform in [1, 255], as {@link Blocks#fillWeights} gives edge by
     * edge) into {@code w} from 0; returns how many.
     */
    public int weights(long blk, long seed, double[] w) {
        SplitMix64 rng = SplitMix64.forBlock(seed, SplitMix64.STREAM_WEIGHTS, blk);
        int count = count(blk);
        for (int k = 0; k < count; k++) {
            w[k] = 1 + rng.nextInt(255);
        }
        return count;
    }
}
