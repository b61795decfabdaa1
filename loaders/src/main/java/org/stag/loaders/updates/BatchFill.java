package org.stag.loaders.updates;

import java.util.Arrays;

/** A batch being filled: arrays that grow up to the batch size, so that a full batch is handed out uncopied. */
final class BatchFill {
    /** Most updates the arrays of a new batch hold at first; larger batches grow them as lines come. */
    static final int FIRST_CAPACITY = 1 << 20;
    private final int capacity;
    private final int verticesBefore;
    byte[] op;
    int[] src;
    int[] dst;
    double[] weight;
    long[] line;
    int fill;
    /** One more than the largest internal id in the batch: new ids are handed out in order, so this is the count after it. */
    int verticesAfter;

    /** @param reuse a full batch of {@code capacity} updates handed back, whose arrays to fill; or null */
    BatchFill(int capacity, int verticesBefore, UpdateBatch reuse) {
        this.capacity = capacity;
        this.verticesBefore = verticesBefore;
        this.verticesAfter = verticesBefore;
        if (reuse != null && reuse.size() == capacity) {
            op = reuse.op;
            src = reuse.src;
            dst = reuse.dst;
            weight = reuse.weight;
            line = reuse.line;
            return;
        }
        // Full size at once for ordinary batch sizes (no regrowth per batch); huge ones grow as lines come.
        int start = Math.min(capacity, FIRST_CAPACITY);
        op = new byte[start];
        src = new int[start];
        dst = new int[start];
        weight = new double[start];
        line = new long[start];
    }

    /** Adds up to {@code count} updates of {@code p} from {@code from}; returns how many fitted. */
    int add(ParsedUpdates p, int from, int count, long linesBefore) {
        int k = Math.min(count, capacity - fill);
        if (fill + k > op.length) {
            int cap = (int) Math.min(capacity, Math.max(fill + (long) k, op.length * 2L));
            op = Arrays.copyOf(op, cap);
            src = Arrays.copyOf(src, cap);
            dst = Arrays.copyOf(dst, cap);
            weight = Arrays.copyOf(weight, cap);
            line = Arrays.copyOf(line, cap);
        }
        System.arraycopy(p.op, from, op, fill, k);
        System.arraycopy(p.src, from, src, fill, k);
        System.arraycopy(p.dst, from, dst, fill, k);
        System.arraycopy(p.weight, from, weight, fill, k);
        int max = verticesAfter - 1;
        for (int i = 0; i < k; i++) {
            line[fill + i] = linesBefore + p.line[from + i];
            max = Math.max(max, Math.max(p.src[from + i], p.dst[from + i]));
        }
        verticesAfter = max + 1;
        fill += k;
        return k;
    }

    UpdateBatch finish() {
        if (fill < op.length) {
            return new UpdateBatch(Arrays.copyOf(op, fill), Arrays.copyOf(src, fill), Arrays.copyOf(dst, fill),
                    Arrays.copyOf(weight, fill), Arrays.copyOf(line, fill), verticesBefore, verticesAfter);
        }
        return new UpdateBatch(op, src, dst, weight, line, verticesBefore, verticesAfter);
    }
}
