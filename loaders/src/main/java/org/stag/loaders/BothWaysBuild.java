package org.stag.loaders;

/**
 * Builds an undirected edge list whose lines already list every edge both ways (as GAP's converter and
 * most graph tools write an undirected graph): such a file, read as directed, is already the undirected
 * graph, so it is built as directed (rows grouped in one stable pass, no mirrors placed and merged) and then
 * verified to be symmetric. The result is the one the paired build gives (one edge per pair, repeated
 * lines combined by the policy, pairs counted, different weights in the two directions refused); any other
 * file is left to that build.
 *
 * <p>Two passes decide: a line count per vertex as source and as target (equal in a file written both
 * ways, so a file written one way is turned down before anything is built), then, once built, a walk over
 * the upper triangle that finds the mirror of each entry with one cursor per row, the rows being sorted.
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
        // The directed build and one count array per thread; when that does not fit, the paired build refuses.
        long bytes = MemoryBudget.buildBytes(edges.rowBound(), edges.size(), edges.weights() != null, false, threads)
                + 4L * edges.rowBound() * threads;
        if (!MemoryBudget.fits(bytes) || !sameDegrees(edges, threads)) {
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
     * Whether every vertex is the source of as many lines as it is the target of: true of a file written both
     * ways, false of nearly any other. One pass, one signed count per vertex and block.
     */
    static boolean sameDegrees(EdgeList edges, int threads) {
        int n = edges.rowBound();
        int m = edges.size();
        int[] src = edges.src();
        int[] dst = edges.dst();
        int blocks = Math.max(1, Math.min(threads, m / 65536 + 1));
        int[] bounds = Parallel.split(m, blocks);
        int[][] balance = new int[blocks][];
        Parallel.forEachBlock(threads, blocks, b -> {
            int[] d = new int[n];
            for (int k = bounds[b], end = bounds[b + 1]; k < end; k++) {
                d[src[k]]++;
                d[dst[k]]--;
            }
            balance[b] = d;
        });
        int[] parts = Parallel.split(n, blocks);
        boolean[] even = new boolean[blocks];
        Parallel.forEachBlock(threads, blocks, b -> {
            boolean ok = true;
            for (int v = parts[b], end = parts[b + 1]; v < end && ok; v++) {
                int sum = 0;
                for (int[] d : balance) {
                    sum += d[v];
                }
                ok = sum == 0;
            }
            even[b] = ok;
        });
        for (boolean ok : even) {
            if (!ok) {
                return false;
            }
        }
        return true;
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
        int parts = Math.max(1, Math.min(threads, rowPtr[n] / 65536 + 1));
        int[] rows = GraphBuilder.balancedRowSplit(n, rowPtr, parts);
        Mirrors[] found = new Mirrors[parts];
        Parallel.forEachBlock(threads, parts, part -> found[part] = mirrors(n, rowPtr, col, val, rows[part], rows[part + 1]));
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
    private static Mirrors mirrors(int n, int[] rowPtr, int[] col, double[] val, int a, int b) {
        int[] cursor = new int[n];
        for (int c = a + 1; c < n; c++) {
            cursor[c] = a == 0 ? rowPtr[c] : firstNotBelow(col, rowPtr[c], rowPtr[c + 1], a);
        }
        Mirrors found = new Mirrors();
        long pairs = 0;
        for (int r = a; r < b; r++) {
            int end = rowPtr[r + 1];
            for (int p = firstNotBelow(col, rowPtr[r], end, r + 1); p < end; p++) {
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
