package org.stag.spark.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import scala.Tuple2;

/**
 * Collects the entries a task routes to each block (out-edges and in-edges apart) into growing primitive arrays,
 * and hands them out as one {@link EntryChunk} per block and direction.
 */
public final class ChunkSink {
    private final int blocks;
    private final boolean weighted;
    private final int[][] src;
    private final int[][] dst;
    private final double[][] w;
    private final int[] size;

    /** A sink for {@code blocks} blocks; values are kept when {@code weighted}. */
    public ChunkSink(int blocks, boolean weighted) {
        this.blocks = blocks;
        this.weighted = weighted;
        this.src = new int[2 * blocks][];
        this.dst = new int[2 * blocks][];
        this.w = new double[2 * blocks][];
        this.size = new int[2 * blocks];
    }

    /** Adds entry {@code (s, d, x)} for block {@code b}, as an in-edge entry when {@code in}. */
    public void add(int b, boolean in, int s, int d, double x) {
        int k = 2 * b + (in ? 1 : 0);
        int n = size[k];
        if (src[k] == null || n == src[k].length) {
            int cap = src[k] == null ? 64 : n + (n >> 1);
            src[k] = src[k] == null ? new int[cap] : Arrays.copyOf(src[k], cap);
            dst[k] = dst[k] == null ? new int[cap] : Arrays.copyOf(dst[k], cap);
            if (weighted) {
                w[k] = w[k] == null ? new double[cap] : Arrays.copyOf(w[k], cap);
            }
        }
        src[k][n] = s;
        dst[k][n] = d;
        if (weighted) {
            w[k][n] = x;
        }
        size[k] = n + 1;
    }

    /** The chunks collected, keyed by block, each tagged with {@code split}; the sink is empty afterwards. */
    public List<Tuple2<Integer, EntryChunk>> chunks(int split) {
        List<Tuple2<Integer, EntryChunk>> out = new ArrayList<>();
        for (int k = 0; k < 2 * blocks; k++) {
            if (size[k] > 0) {
                int n = size[k];
                out.add(new Tuple2<>(k / 2, new EntryChunk(split, (k & 1) == 1, Arrays.copyOf(src[k], n),
                        Arrays.copyOf(dst[k], n), weighted ? Arrays.copyOf(w[k], n) : null, n)));
            }
            src[k] = null;
            dst[k] = null;
            w[k] = null;
            size[k] = 0;
        }
        return out;
    }
}
