package org.stag.loaders;

/**
 * Whether a graph in CSR rows is symmetric, with equal values (or negated ones, skew-symmetric) in both
 * directions, decided by a multiset hash in one streaming pass on all threads: what {@link BothWaysBuild}
 * checks a file written both ways by, and what {@link Graph} asks when it is not told.
 */
final class SymmetricPairs {
    private SymmetricPairs() {
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
        long[] keys = keys();
        int blocks = Math.max(1, Math.min(threads * 4, n / 4096 + 1));
        int[] chunks = Parallel.balancedRowSplit(n, rowPtr, blocks);
        long[] sums = new long[4 * blocks];
        Parallel.forEachBlock(threads, blocks, b -> hashRows(chunks[b], chunks[b + 1], 0, rowPtr, col, val, exact,
                negated, keys, sums, b));
        return pairsOf(sums, blocks);
    }

    /** {@link #symmetricPairs(int, int[], int[], double[], int)} of a graph held in row blocks, block by block. */
    static boolean symmetricPairs(RowBlocks rows, int threads) {
        long[] keys = keys();
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
        long[] acc = new long[4];
        for (int r = lo; r < hi; r++) {
            hashRow(r, col, ptr[r - base], ptr[r - base + 1], val, exact, negated, keys, acc);
        }
        System.arraycopy(acc, 0, sums, 4 * slot, 4);
    }

    /** Fresh random keys for one check (see {@link #symmetricPairs(int, int[], int[], double[], int)}). */
    static long[] keys() {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        return new long[] {random.nextLong(), random.nextLong(), random.nextLong()};
    }

    /**
     * Adds the hashes of row {@code r}'s entries {@code col[from, to)} (values {@code val} or {@code exact} at the same
     * indices, or null) into {@code acc}: entries above and below the diagonal and the two lanes' sums. A reader
     * that hands rows over one at a time ({@link EdgeFacts.Collector}) checks a file with it as it reads.
     */
    static void hashRow(int r, int[] col, int from, int to, double[] val, long[] exact, boolean negated, long[] keys,
                        long[] acc) {
        long k1 = keys[0];
        long k2 = keys[1];
        long k3 = keys[2];
        long above = 0;
        long below = 0;
        long s1 = 0;
        long s2 = 0;
        for (int p = from; p < to; p++) {
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
        acc[0] += above;
        acc[1] += below;
        acc[2] += s1;
        acc[3] += s2;
    }

    /** The entries above the diagonal when the per-block sums say symmetric, else -1. */
    static long pairsOf(long[] sums, int blocks) {
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
