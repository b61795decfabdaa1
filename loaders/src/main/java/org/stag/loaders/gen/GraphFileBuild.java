package org.stag.loaders.gen;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.Arrays;
import org.stag.loaders.Parallel;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexOrder;
import org.stag.loaders.binary.BinaryGraphStream;

/**
 * Writes a generated graph ({@code kron}, {@code urand}) as a {@code .stagb} file in bounded memory, the same graph
 * that generating its edge list and building it keeps (duplicates merged keeping the first edge's weight, an
 * undirected graph stored both ways, a self-loop once): the edges are never held. One pass over the regenerated edges
 * ({@link EdgeBlocks}) counts each row's entries; then the rows are cut into ranges whose entries fit the budget,
 * and for each range the edges are generated again and only that range's entries kept, placed by row, each row
 * sorted and de-duplicated and written. Memory: 4 bytes per vertex for the counts, 8 for the row pointers, the
 * generator's own (kron: its 4-byte permutation), and the budget; the passes cost one generation of the edges each.
 *
 * <p>With {@link VertexOrder#DEGREE} the counting pass also gives the order: vertices by decreasing generated
 * out-degree (each generated edge counted, before duplicates merge; ties by id), and every later pass renames both
 * ends of each edge through the rank array ({@link RelabelledBlocks}); the file's ids section gives each internal
 * vertex its generated id. The same graph with the same ids, stored in another order; 8 more bytes per vertex (the
 * rank array and its inverse).
 */
public final class GraphFileBuild {
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    /** What was written: vertices, stored entries, entries merged away, and the passes over the edges. */
    public record Written(int vertices, long entries, long duplicates, int passes) {
    }

    private GraphFileBuild() {
    }

    /** The generator's edges block by block, or null for a generator without them (grid). */
    public static EdgeBlocks blocksOf(GraphGenerator g, GeneratorOptions o) {
        if (g instanceof KroneckerGenerator k) {
            return k.blocks(o);
        }
        if (g instanceof UniformRandomGenerator u) {
            return u.blocks(o);
        }
        return null;
    }

    /** Bytes per entry a row range holds while it is built. */
    public static long bytesPerEntry(boolean weighted) {
        return weighted ? 16 : 4;
    }

    /**
     * Writes {@code edges} (generated with {@code o}) to {@code out}, holding at most {@code budget} entries of a row
     * range at a time (at least the longest row).
     */
    public static Written write(EdgeBlocks edges, GeneratorOptions o, Path out, long budget) throws IOException {
        return write(edges, o, out, budget, VertexOrder.NONE);
    }

    /** {@link #write(EdgeBlocks, GeneratorOptions, Path, long)} storing the vertices in {@code order}. */
    public static Written write(EdgeBlocks generated, GeneratorOptions o, Path out, long budget, VertexOrder order)
            throws IOException {
        int n = o.numVertices();
        boolean symmetric = !o.directed();
        boolean weighted = o.weighted();
        int threads = o.threads();
        long seed = o.seed();
        int blocks = Math.toIntExact(generated.blocks());
        int[] raw = new int[n];
        Parallel.forEachBlock(threads, blocks, blk -> {
            int[][] buf = buffers();
            int c = generated.block(blk, buf[0], buf[1], 0);
            for (int k = 0; k < c; k++) {
                INTS.getAndAdd(raw, buf[0][k], 1);
                if (symmetric && buf[1][k] != buf[0][k]) {
                    INTS.getAndAdd(raw, buf[1][k], 1);
                }
            }
        });
        int[] toExternal = null;
        EdgeBlocks edges = generated;
        if (order == VertexOrder.DEGREE) {
            toExternal = VertexOrder.byDecreasingDegree(raw);
            VertexOrder.sortDecreasing(raw);   // the counts in the new order: raw[i] is vertex toExternal[i]'s
            edges = new RelabelledBlocks(generated, VertexOrder.inverse(toExternal));
        }
        long total = 0;
        int longest = 0;
        for (int d : raw) {
            total += d;
            longest = Math.max(longest, d);
        }
        long cap = Math.min(RowBlocks.MAX_BLOCK, Math.max(longest, budget));
        long[] rowStart = new long[n + 1];
        long duplicates = 0;
        int passes = 1;
        try (BinaryGraphStream file = new BinaryGraphStream(out, n, n, symmetric ? Symmetry.SYMMETRIC : Symmetry.GENERAL,
                weighted ? ValueKind.INTEGER : ValueKind.PATTERN, RowBlocks.needed(total)
                        || total > RowBlocks.MAX_BLOCK, toExternal)) {
            for (int lo = 0; lo < n; ) {
                int hi = lo;
                long sum = 0;
                while (hi < n && sum + raw[hi] <= cap) {
                    sum += raw[hi++];
                }
                duplicates += range(edges, seed, symmetric, weighted, threads, raw, lo, hi, (int) sum, rowStart, file);
                passes++;
                lo = hi;
            }
            file.finish(rowStart, duplicates);
            return new Written(n, file.entries(), duplicates, passes);
        }
    }

    private static final ThreadLocal<int[][]> BUFFERS = ThreadLocal.withInitial(
            () -> new int[][] {new int[EdgeBlocks.blockSize()], new int[EdgeBlocks.blockSize()]});
    private static final ThreadLocal<double[]> WEIGHTS = ThreadLocal.withInitial(() -> new double[EdgeBlocks.blockSize()]);

    private static int[][] buffers() {
        return BUFFERS.get();
    }

    /**
     * Rows {@code [lo, hi)}: every edge generated again, the range's entries placed by row (slots claimed atomically,
     * so a row's order depends on the threads until it is sorted by column and edge), each row sorted, its repeated
     * columns merged keeping the first edge's weight, and written. Returns the entries merged away.
     */
    private static long range(EdgeBlocks edges, long seed, boolean symmetric, boolean weighted, int threads, int[] raw,
                              int lo, int hi, int size, long[] rowStart, BinaryGraphStream file) throws IOException {
        int rows = hi - lo;
        int[] start = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            start[r + 1] = start[r] + raw[lo + r];
        }
        int[] next = Arrays.copyOf(start, rows);
        int[] col = weighted ? null : new int[size];
        long[] key = weighted ? new long[size] : null;
        double[] w = weighted ? new double[size] : null;
        Parallel.forEachBlock(threads, Math.toIntExact(edges.blocks()), blk -> {
            int[][] buf = buffers();
            int c = edges.block(blk, buf[0], buf[1], 0);
            double[] wb = weighted ? WEIGHTS.get() : null;
            if (weighted) {
                edges.weights(blk, seed, wb);
            }
            long first = (long) blk * EdgeBlocks.blockSize();
            for (int k = 0; k < c; k++) {
                int s = buf[0][k];
                int d = buf[1][k];
                if (s >= lo && s < hi) {
                    place(col, key, w, next, s - lo, d, first + k, wb, k);
                }
                if (symmetric && d != s && d >= lo && d < hi) {
                    place(col, key, w, next, d - lo, s, first + k, wb, k);
                }
            }
        });
        int[] kept = new int[rows];
        int chunks = Math.max(1, Math.min(rows, threads * 8));
        Parallel.forEachBlock(threads, chunks, ch -> {
            for (int r = (int) ((long) rows * ch / chunks), end = (int) ((long) rows * (ch + 1) / chunks); r < end; r++) {
                kept[r] = weighted ? sortWeighted(key, w, start[r], start[r + 1]) : sortPattern(col, start[r], start[r + 1]);
            }
        });
        long merged = 0;
        int[] cols = weighted ? new int[1 << 16] : null;
        for (int r = 0; r < rows; r++) {
            rowStart[lo + r + 1] = rowStart[lo + r] + kept[r];
            merged += raw[lo + r] - kept[r];
            if (!weighted) {
                file.append(col, null, start[r], kept[r]);
                continue;
            }
            for (int at = 0; at < kept[r]; at += cols.length) {
                int len = Math.min(cols.length, kept[r] - at);
                for (int k = 0; k < len; k++) {
                    cols[k] = (int) (key[start[r] + at + k] >>> 33);
                }
                file.append(cols, Arrays.copyOfRange(w, start[r] + at, start[r] + at + len), 0, len);
            }
        }
        return merged;
    }

    private static void place(int[] col, long[] key, double[] w, int[] next, int row, int c, long edge, double[] wb, int k) {
        int slot = (int) INTS.getAndAdd(next, row, 1);
        if (col != null) {
            col[slot] = c;
        } else {
            key[slot] = (long) c << 33 | edge;
            w[slot] = wb[k];
        }
    }

    /** Sorts {@code col[from, to)}, moves its distinct columns to the front and returns their count. */
    private static int sortPattern(int[] col, int from, int to) {
        Arrays.sort(col, from, to);
        int out = from;
        for (int p = from; p < to; p++) {
            if (p == from || col[p] != col[out - 1]) {
                col[out++] = col[p];
            }
        }
        return out - from;
    }

    /** Sorts the row by (column, edge), keeps each column's first edge (and its weight) at the front, returns their count. */
    private static int sortWeighted(long[] key, double[] w, int from, int to) {
        it.unimi.dsi.fastutil.Arrays.quickSort(from, to, (i, j) -> Long.compare(key[i], key[j]), (i, j) -> {
            long t = key[i];
            key[i] = key[j];
            key[j] = t;
            double x = w[i];
            w[i] = w[j];
            w[j] = x;
        });
        int out = from;
        for (int p = from; p < to; p++) {
            if (p == from || key[p] >>> 33 != key[out - 1] >>> 33) {
                key[out] = key[p];
                w[out++] = w[p];
            }
        }
        return out - from;
    }
}
