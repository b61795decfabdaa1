package org.stag.loaders.updates;

/**
 * One batch of edge updates in file order, in primitive arrays: for update {@code i < size()}, {@link #op}
 * is {@link #INSERT} or {@link #DELETE}, {@link #src} and {@link #dst} are internal vertex ids,
 * {@link #weight} is the weight written on the line or NaN when there was none, and {@link #line} is the
 * 1-based line of the update in its file (for error messages). The arrays are exactly {@code size()} long.
 */
public final class UpdateBatch {
    /** Inserts the edge, or updates its weight when it exists ({@code + u v [w]} or a bare {@code u v [w]}). */
    public static final byte INSERT = 0;
    /** Deletes the edge ({@code - u v}). */
    public static final byte DELETE = 1;

    public final byte[] op;
    public final int[] src;
    public final int[] dst;
    public final double[] weight;
    public final long[] line;
    private final int verticesBefore;
    private final int verticesAfter;

    UpdateBatch(byte[] op, int[] src, int[] dst, double[] weight, long[] line, int verticesBefore, int verticesAfter) {
        this.op = op;
        this.src = src;
        this.dst = dst;
        this.weight = weight;
        this.line = line;
        this.verticesBefore = verticesBefore;
        this.verticesAfter = verticesAfter;
    }

    /**
     * A batch from arrays of equal length (not copied): how a program or a test hands updates to a graph
     * without a file. Ids are checked by whoever applies the batch.
     *
     * @throws IllegalArgumentException when the arrays differ in length, an op is neither {@link #INSERT} nor
     *                                  {@link #DELETE}, or {@code verticesAfter < verticesBefore}
     */
    public static UpdateBatch of(byte[] op, int[] src, int[] dst, double[] weight, long[] line, int verticesBefore,
            int verticesAfter) {
        int n = op.length;
        if (src.length != n || dst.length != n || weight.length != n || line.length != n) {
            throw new IllegalArgumentException("update batch arrays differ in length: op " + n + ", src " + src.length
                    + ", dst " + dst.length + ", weight " + weight.length + ", line " + line.length);
        }
        for (int i = 0; i < n; i++) {
            if (op[i] != INSERT && op[i] != DELETE) {
                throw new IllegalArgumentException("update " + i + ": op " + op[i] + " is neither INSERT nor DELETE");
            }
        }
        if (verticesBefore < 0 || verticesAfter < verticesBefore) {
            throw new IllegalArgumentException("vertices before " + verticesBefore + ", after " + verticesAfter);
        }
        return new UpdateBatch(op, src, dst, weight, line, verticesBefore, verticesAfter);
    }

    /** Number of updates. */
    public int size() {
        return op.length;
    }

    /** Number of inserts (and weight updates). */
    public int inserts() {
        int n = 0;
        for (byte o : op) {
            if (o == INSERT) {
                n++;
            }
        }
        return n;
    }

    /** Number of deletes. */
    public int deletes() {
        return size() - inserts();
    }

    /** Vertices the graph has before this batch (internal ids {@code 0..verticesBefore()-1}). */
    public int verticesBefore() {
        return verticesBefore;
    }

    /** Vertices after it: ids at or above {@link #verticesBefore()} are new and the caller grows the graph to this. */
    public int verticesAfter() {
        return verticesAfter;
    }

    /** Vertices this batch adds. */
    public int newVertices() {
        return verticesAfter - verticesBefore;
    }
}
