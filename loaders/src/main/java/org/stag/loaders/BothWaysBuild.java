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
 * the same sums in a file written both ways); once built, a walk over the upper triangle decides, finding
 * the mirror of each entry with one cursor per row, the rows being sorted.
 */
final class BothWaysBuild {
    private BothWaysBuild() {
    }

    /**
     * The undirected graph of {@code edges} (which {@link EdgeList#oneEdgePerPair()}), or {@code null} when
     * its lines do not list every edge both ways. Only for a policy the user did not give: a given policy
     * combines a line with its mirror, which the directed build cannot do.
     *
     * @throws BadInputException as the paired build: repeated lines under {@code --duplicates error}, or an
     *                           edge with different weights in its two directions
     */
    static Graph build(EdgeList edges, DuplicatePolicy policy, int threads) {
        // The directed build and one cursor array per thread; when that does not fit, the paired build refuses.
        long bytes = MemoryBudget.buildBytes(edges.rowBound(), edges.size(), edges.weights() != null, false, threads)
                + 4L * edges.rowBound() * threads;
        if (!MemoryBudget.fits(bytes) || !looksBothWays(edges, threads)) {
            return null;
        }
        EdgeList directed = new EdgeList(edges.source(), edges.numRows(), edges.numCols(), edges.src(), edges.dst(),
                edges.weights(), edges.size(), Symmetry.GENERAL, edges.valueKind(), edges.ids(), edges::lineOf)
                .withRowBound(edges.rowBound());
        Graph g = GraphBuilder.build(directed, policy, false, threads);
        int[] rowPtr = g.storedRowPtr();
        Mirrors found = mirrors(rowPtr.length - 1, rowPtr, g.colIdx(), g.weights(), threads);
        if (found == null) {
            return null;
        }
        if (found.conflicts.size() > 0) {
            throw MirrorConflicts.error(edges, found.conflicts, policy);
        }
        return new Graph(edges.source(), edges.numRows(), edges.numCols(), rowPtr, g.colIdx(), g.weights(),
                edges.symmetry(), edges.valueKind(), edges.ids(), g.duplicates(), found.pairs);
    }

    /**
     * Whether the ids written as sources and as targets have the same sum and the same sum of a hash: true
     * of a file written both ways (each vertex the source of as many lines as it is the target of), false
     * of nearly any other. Only a filter, so a file written one way is turned down before anything is
     * built; {@link #mirrors} decides. One sequential pass with arithmetic only.
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

    /** Pairs found and the pairs whose two directions have different values, {@code (u << 32) | v}, u < v. */
    static final class Mirrors {
        long pairs;
        final it.unimi.dsi.fastutil.longs.LongArrayList conflicts = new it.unimi.dsi.fastutil.longs.LongArrayList();
    }

    /** Conflicts remembered per part; one is reported, the rest only need to exist. */
    private static final int MAX_CONFLICTS = 1 << 12;

    /**
     * Checks that a CSR graph with sorted, distinct rows is symmetric: for every entry {@code (r, c)} with
     * {@code r < c} there is {@code (c, r)}, and every entry below the diagonal is met that way. Returns the
     * pairs and value conflicts, or {@code null} when an entry lacks its mirror.
     */
    static Mirrors mirrors(int n, int[] rowPtr, int[] col, double[] val, int threads) {
        // Where each row's entries above the diagonal start: the walk visits only those, so the rows are
        // shared out by how many they have (in the low rows most entries are above the diagonal).
        int[] upper = new int[n];
        int blocks = Math.max(1, Math.min(threads * 4, n / 4096 + 1));
        int[] chunks = GraphBuilder.balancedRowSplit(n, rowPtr, blocks);
        Parallel.forEachBlock(threads, blocks, b -> {
            for (int r = chunks[b]; r < chunks[b + 1]; r++) {
                upper[r] = firstNotBelow(col, rowPtr[r], rowPtr[r + 1], r + 1);
            }
        });
        long total = 0;
        for (int r = 0; r < n; r++) {
            total += rowPtr[r + 1] - upper[r];
        }
        int parts = (int) Math.max(1, Math.min(threads, total / 65536 + 1));
        int[] rows = new int[parts + 1];
        long seen = 0;
        int part = 1;
        for (int r = 0; r < n && part < parts; r++) {
            seen += rowPtr[r + 1] - upper[r];
            while (part < parts && seen >= total * part / parts) {
                rows[part++] = r + 1;
            }
        }
        while (part <= parts) {
            rows[part++] = n;
        }
        Mirrors[] found = new Mirrors[parts];
        Parallel.forEachBlock(threads, parts, i -> found[i] = mirrors(n, rowPtr, col, val, upper, rows[i], rows[i + 1]));
        Mirrors all = new Mirrors();
        for (Mirrors f : found) {
            if (f == null) {
                return null;
            }
            all.pairs += f.pairs;
            for (int i = 0; i < f.conflicts.size() && all.conflicts.size() < MAX_CONFLICTS; i++) {
                all.conflicts.add(f.conflicts.getLong(i));
            }
        }
        return all;
    }

    /**
     * The upper entries of rows {@code [a, b)}: rows are walked in order, so the mirrors they look for in row
     * {@code c} come in increasing order too, and one cursor per row, starting at its first entry not below
     * {@code a}, finds each with one comparison.
     */
    private static Mirrors mirrors(int n, int[] rowPtr, int[] col, double[] val, int[] upper, int a, int b) {
        int[] cursor = new int[n];
        for (int c = a + 1; c < n; c++) {
            cursor[c] = a == 0 ? rowPtr[c] : firstNotBelow(col, rowPtr[c], rowPtr[c + 1], a);
        }
        Mirrors found = new Mirrors();
        long pairs = 0;
        for (int r = a; r < b; r++) {
            for (int p = upper[r], end = rowPtr[r + 1]; p < end; p++) {
                int c = col[p];
                int q = cursor[c];
                if (q >= rowPtr[c + 1] || col[q] != r) {
                    return null;
                }
                cursor[c] = q + 1;
                pairs++;
                if (val != null && !RowMerge.same(val[p], val[q]) && found.conflicts.size() < MAX_CONFLICTS) {
                    found.conflicts.add(((long) r << 32) | c);
                }
            }
        }
        // Every entry of row c in [a, min(b, c)) must have been met as the mirror of an upper entry.
        for (int c = a + 1; c < n; c++) {
            int q = cursor[c];
            if (q < rowPtr[c + 1] && col[q] < Math.min(b, c)) {
                return null;
            }
        }
        found.pairs = pairs;
        return found;
    }

    /** The first position in the sorted {@code col[lo, hi)} whose column is at least {@code x}. */
    private static int firstNotBelow(int[] col, int lo, int hi, int x) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (col[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
