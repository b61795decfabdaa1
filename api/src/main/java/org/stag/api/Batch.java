package org.stag.api;

import java.util.Arrays;
import org.stag.loaders.updates.UpdateBatch;
import org.stag.loaders.updates.UpdateIds;

/**
 * Edge updates to apply to a {@link StagDynamicGraph} at once, in order, by vertex ids in the graph's numbering: the
 * same updates as the lines of {@code stag stream --updates} ({@code + u v [w]}, {@code - u v}). A builder; an id
 * beyond the graph's adds a vertex when the batch is applied.
 */
public final class Batch {
    private byte[] op = new byte[16];
    private long[] src = new long[16];
    private long[] dst = new long[16];
    private double[] weight = new double[16];
    private int size;

    /** Inserts edge {@code u -> v} (weight 1.0 if new), or leaves it as it is when stored. */
    public Batch insert(long u, long v) {
        return add(UpdateBatch.INSERT, u, v, Double.NaN);
    }

    /** Inserts edge {@code u -> v} with weight {@code w}, or sets its weight when stored. */
    public Batch insert(long u, long v, double w) {
        return add(UpdateBatch.INSERT, u, v, w);
    }

    /** Deletes edge {@code u -> v} (counted as missing when it is not stored). */
    public Batch delete(long u, long v) {
        return add(UpdateBatch.DELETE, u, v, Double.NaN);
    }

    /** Number of updates. */
    public int size() {
        return size;
    }

    private Batch add(byte o, long u, long v, double w) {
        if (size == op.length) {
            int grown = size * 2;
            op = Arrays.copyOf(op, grown);
            src = Arrays.copyOf(src, grown);
            dst = Arrays.copyOf(dst, grown);
            weight = Arrays.copyOf(weight, grown);
        }
        op[size] = o;
        src[size] = u;
        dst[size] = v;
        weight[size] = w;
        size++;
        return this;
    }

    /**
     * The updates with internal ids, vertices new to {@code ids} added to it; an update's "line" is its position
     * from 1, which a refusal names.
     *
     * @throws org.stag.loaders.BadInputException for an id that cannot be a vertex of the graph
     */
    UpdateBatch toUpdates(UpdateIds ids) {
        int before = ids.vertices();
        int[] s = new int[size];
        int[] d = new int[size];
        long[] line = new long[size];
        for (int i = 0; i < size; i++) {
            s[i] = ids.internalOrAdd(src[i]);
            d[i] = ids.internalOrAdd(dst[i]);
            line[i] = i + 1;
        }
        return UpdateBatch.of(Arrays.copyOf(op, size), s, d, Arrays.copyOf(weight, size), line, before, ids.vertices());
    }
}
