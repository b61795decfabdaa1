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
 * streaming pass ({@link SymmetricPairs}). A file whose entries are already in CSR order skips the filter:
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
            g = ScatterBuild.build(directed, policy, false, threads);
        }
        int[] rowPtr = g.storedRowPtr();
        long pairs = SymmetricPairs.symmetricPairs(rowPtr.length - 1, rowPtr, g.colIdx(), g.weights(), threads);
        // A missing mirror or different values both ways: the paired build places the mirrors and names the
        // lines of a conflict.
        return pairs < 0 ? null : new Graph(edges.source(), edges.numRows(), edges.numCols(), rowPtr, g.colIdx(),
                g.weights(), edges.symmetry(), edges.valueKind(), edges.ids(), g.duplicates(), pairs);
    }

    /**
     * Whether the ids written as sources and as targets have the same sum and the same sum of a hash: true
     * of a file written both ways (each vertex the source of as many lines as it is the target of), false
     * of nearly any other. Only a filter, so a file written one way is turned down before anything is
     * built; {@link SymmetricPairs} decides. One sequential pass with arithmetic only.
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
}
