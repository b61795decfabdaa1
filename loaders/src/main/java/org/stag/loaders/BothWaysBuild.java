package org.stag.loaders;

/**
 * Builds an undirected edge list whose lines already list every edge both ways (as GAP's converter and
 * most graph tools write an undirected graph): such a file, read as directed, is already the undirected
 * graph, so it is built as directed (rows grouped in one stable pass, no mirrors placed and merged) and then
 * verified to be symmetric. The result is the one the paired build gives (one edge per pair, repeated
 * lines combined by the policy, pairs counted, different weights in the two directions refused); any other
 * file is left to that build.
 *
 * <p>A cheap filter turns down a file written one way before anything is built (sources and targets have
 * the same sums in a file written both ways); once built, a multiset hash of the entries decides in one
 * streaming pass ({@link #symmetricPairs}). A file whose entries are already in CSR order skips the filter:
 * its directed build costs one pass ({@link SortedBuild}).
 */
final class BothWaysBuild {
    private BothWaysBuild() {
    }

    /**
     * The undirected graph of {@code edges} (which {@link EdgeList#oneEdgePerPair()}), or {@code null} when
     * its lines do not list every edge both ways. Only for a policy the user did not give: a given policy
     * combines a line with its mirror, which the directed build cannot do.
     *
     * @throws BadInputException as the paired build: repeated lines under {@code --duplicates error} (an edge
     *                           with different weights in its two directions is left to the paired build)
     */
    static Graph build(EdgeList edges, DuplicatePolicy policy, int threads) {
        // The directed build; when that does not fit, the paired build refuses.
        if (!MemoryBudget.fits(MemoryBudget.buildBytes(edges.rowBound(), edges.size(), edges.weights() != null, false,
                threads))) {
            return null;
        }
        EdgeList directed = new EdgeList(edges.source(), edges.numRows(), edges.numCols(), edges.src(), edges.dst(),
                edges.weights(), edges.size(), Symmetry.GENERAL, edges.valueKind(), edges.ids(), edges::lineOf)
                .withRowBound(edges.rowBound());
        // Entries in CSR order build in one pass, so only other files are filtered first.
        Graph g = SortedBuild.build(directed, threads);
        if (g == null) {
            if (!looksBothWays(edges, threads)) {
                return null;
            }
            g = GraphBuilder.scatterBuild(directed, policy, false, threads);
        }
        int[] rowPtr = g.storedRowPtr();
        long pairs = symmetricPairs(rowPtr.length - 1, rowPtr, g.colIdx(), g.weights(), threads);
        // A missing mirror or different values both ways: the paired build places the mirrors and names the
        // lines of a conflict.
        return pairs < 0 ? null : new Graph(edges.source(), edges.numRows(), edges.numCols(), rowPtr, g.colIdx(),
                g.weights(), edges.symmetry(), edges.valueKind(), edges.ids(), g.duplicates(), pairs);
    }

    /**
     * Whether the ids written as sources and as targets have the same sum and the same sum of a hash: true
     * of a file written both ways (each vertex the source of as many lines as it is the target of), false
     * of nearly any other. Only a filter, so a file written one way is turned down before anything is
     * built; {@link #symmetricPairs} decides. One sequential pass with arithmetic only.
     */
    static boolean looksBothWays(EdgeList edges, int threads) {
        int m = edges.size();
        int[] src = edges.src();
        int[] dst = edges.dst();
        int blocks = Math.max(1, Math.min(threads, m / 65536 + 1));
        int[] bounds = Parallel.split(m, blocks);
        long[] sums = new long[2 * blocks];
        Parallel.forEachBlock(threads, blocks, b -> {
            long plain = 0;
            long hashed = 0;
            for (int k = bounds[b], end = bounds[b + 1]; k < end; k++) {
                plain += src[k] - (long) dst[k];
                hashed += mix(src[k]) - mix(dst[k]);
            }
            sums[2 * b] = plain;
            sums[2 * b + 1] = hashed;
        });
        long plain = 0;
        long hashed = 0;
        for (int b = 0; b < blocks; b++) {
            plain += sums[2 * b];
            hashed += sums[2 * b + 1];
        }
        return plain == 0 && hashed == 0;
    }

    /** A multiplicative hash, so that different id multisets rarely have the same sum. */
    private static long mix(int v) {
        long x = (v + 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
        return x ^ (x >>> 31);
    }

    /**
     * The number of entries above the diagonal when the graph is symmetric with equal values in both
     * directions, else -1. Each off-diagonal entry is hashed as its unordered pair and value, added above the
     * diagonal and subtracted below, in two 64-bit lanes keyed at random on every call: the sums are zero for
     * a symmetric graph, and for any other they are zero in both lanes with a probability of about 2^-128
     * (a multiset hash; the keys are unknown to whoever wrote the file). One streaming pass on all threads,
     * rather than a jump to the mirror row of every entry.
     */
    static long symmetricPairs(int n, int[] rowPtr, int[] col, double[] val, int threads) {
        return symmetricPairs(n, rowPtr, col, val, null, false, threads);
    }

    /**
     * As above, with exact values compared when {@code exact} is given, and for {@code negated} (skew-symmetric)
     * an entry's mirror holding its negated value and no entry on the diagonal.
     */
    static long symmetricPairs(int n, int[] rowPtr, int[] col, double[] val, long[] exact, boolean negated, int threads) {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        long[] keys = {random.nextLong(), random.nextLong(), random.nextLong()};
        int blocks = Math.max(1, Math.min(threads * 4, n / 4096 + 1));
        int[] chunks = GraphBuilder.balancedRowSplit(n, rowPtr, blocks);
        long[] sums = new long[4 * blocks];
        Parallel.forEachBlock(threads, blocks, b -> hashRows(chunks[b], chunks[b + 1], 0, rowPtr, col, val, exact,
                negated, keys, sums, b));
        return pairsOf(sums, blocks);
    }

    /** {@link #symmetricPairs(int, int[], int[], double[], int)} of a graph held in row blocks, block by block. */
    static boolean symmetricPairs(RowBlocks rows, int threads) {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        long[] keys = {random.nextLong(), random.nextLong(), random.nextLong()};
        int blocks = rows.blockCount();
        long[] sums = new long[4 * blocks];
        Parallel.forEachBlock(threads, blocks, b -> hashRows(rows.firstRow(b), rows.endRow(b), rows.firstRow(b),
                rows.ptr(b), rows.col(b), null, null, false, keys, sums, b));
        return pairsOf(sums, blocks) >= 0;
    }

    /**
     * Adds the hashes of rows {@code [lo, hi)} into {@code sums[4 slot ..]}: row {@code r}'s entries are
     * {@code [ptr[r - base], ptr[r - base + 1])}; values by {@code exact} when given, negated below the diagonal
     * for {@code negated} (skew-symmetric).
     */
    private static void hashRows(int lo, int hi, int base, int[] ptr, int[] col, double[] val, long[] exact,
                                 boolean negated, long[] keys, long[] sums, int slot) {
        long k1 = keys[0];
        long k2 = keys[1];
        long k3 = keys[2];
        long above = 0;
        long below = 0;
        long s1 = 0;
        long s2 = 0;
        for (int r = lo; r < hi; r++) {
            for (int p = ptr[r - base], end = ptr[r - base + 1]; p < end; p++) {
                int c = col[p];
                if (c == r) {
                    if (negated) {
                        // A skew-symmetric diagonal is zero, so it holds no entry: count it as unmatched.
                        above++;
                    }
                    continue;
                }
                long pair = c > r ? (long) r << 32 | c : (long) c << 32 | r;
                long h1 = scramble(pair ^ k1);
                long h2 = scramble(pair ^ k2);
                if (val != null) {
                    boolean flip = negated && c < r;
                    long bits = exact != null ? (flip ? -exact[p] : exact[p]) : valueBits(flip ? -val[p] : val[p]);
                    h1 = scramble(h1 ^ bits);
                    h2 = scramble(h2 ^ bits ^ k3);
                }
                if (c > r) {
                    above++;
                    s1 += h1;
                    s2 += h2;
                } else {
                    below++;
                    s1 -= h1;
                    s2 -= h2;
                }
            }
        }
        sums[4 * slot] = above;
        sums[4 * slot + 1] = below;
        sums[4 * slot + 2] = s1;
        sums[4 * slot + 3] = s2;
    }

    /** The entries above the diagonal when the per-block sums say symmetric, else -1. */
    private static long pairsOf(long[] sums, int blocks) {
        long above = 0;
        long below = 0;
        long s1 = 0;
        long s2 = 0;
        for (int b = 0; b < blocks; b++) {
            above += sums[4 * b];
            below += sums[4 * b + 1];
            s1 += sums[4 * b + 2];
            s2 += sums[4 * b + 3];
        }
        return above == below && s1 == 0 && s2 == 0 ? above : -1;
    }

    /** SplitMix64's finalizer: every input bit changes about half of the output bits. */
    private static long scramble(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The bits of a value such that values {@link RowMerge#same} calls equal have equal bits (0.0 and -0.0, NaNs). */
    private static long valueBits(double v) {
        return v == 0 ? 0 : v != v ? 0x7ff8000000000000L : Double.doubleToRawLongBits(v);
    }
}
