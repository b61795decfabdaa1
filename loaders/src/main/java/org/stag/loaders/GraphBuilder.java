package org.stag.loaders;

/**
 * Builds the canonical CSR {@link Graph} from an {@link EdgeList}: mirrors symmetric entries, groups
 * entries by row with a stable parallel counting sort (so "first" and "last" mean file order), sorts
 * each row by column and resolves duplicates by the given policy ({@link RowMerge}). In an undirected
 * edge list the mirror of a line is placed in the same pass, marked, and matched with the line itself in
 * the row merge, unless the lines already list every edge both ways ({@link BothWaysBuild}). Entries already in
 * CSR order skip the scatter and the sorts ({@link SortedBuild}). Time O(m + n) plus the per-row sorts, where n
 * counts only the rows up to the last one
 * holding an entry; memory: the output arrays plus one offset array per block, checked against the heap
 * first ({@link MemoryBudget}).
 */
public final class GraphBuilder {
    private GraphBuilder() {
    }

    /**
     * Builds with the given duplicate policy on {@code threads} threads. In an edge list read as undirected
     * ({@link EdgeList#oneEdgePerPair()}), a line and its mirror are one edge: kept once when their values
     * agree, refused when they differ.
     */
    public static Graph build(EdgeList edges, DuplicatePolicy policy, int threads) {
        return build(edges, policy, false, threads);
    }

    /**
     * As {@link #build(EdgeList, DuplicatePolicy, int)}; when {@code policyGiven} (the user chose it), a line
     * and its mirror are combined by {@code policy} like any duplicate, in file order.
     */
    public static Graph build(EdgeList edges, DuplicatePolicy policy, boolean policyGiven, int threads) {
        return build(edges, policy, policyGiven, threads, true);
    }

    /** As above; {@code tryBothWays} false always places and merges the mirrors (tests compare the two builds). */
    static Graph build(EdgeList edges, DuplicatePolicy policy, boolean policyGiven, int threads, boolean tryBothWays) {
        if (edges.valueKind() == ValueKind.INTEGER) {
            boolean sumsExact = policy != DuplicatePolicy.SUM || sumsStayExact(edges);
            if (edges.oneEdgePerPair()) {
                // An edge list's weights are read as doubles: when their sums could leave the integers a double
                // holds, they are real numbers.
                edges = sumsExact ? edges : asReal(edges);
            } else if (edges.exact() != null || !sumsExact) {
                return ExactBuild.build(edges, policy);
            }
        }
        Graph g = buildDoubles(edges, policy, policyGiven, threads, tryBothWays);
        if (edges.valueType() == null) {
            return g;
        }
        if (policy == DuplicatePolicy.SUM && g.duplicates() > 0) {
            checkSums(edges, g, policy);
        }
        return g.withValues(null, edges.valueType());
    }

    /**
     * Whether no sum of values can leave the integers a double holds exactly: the largest magnitude times the
     * entry count (a cell sums at most every entry once) stays below {@code 2^52}, with room for rounding.
     */
    static boolean sumsStayExact(EdgeList edges) {
        double[] w = edges.weights();
        double max = 0;
        for (int k = 0, m = edges.size(); k < m; k++) {
            max = Math.max(max, Math.abs(w[k]));
        }
        return max * edges.size() < 0x1p52;
    }

    private static EdgeList asReal(EdgeList edges) {
        EdgeList real = new EdgeList(edges.source(), edges.numRows(), edges.numCols(), edges.src(), edges.dst(),
                edges.weights(), edges.size(), edges.symmetry(), ValueKind.REAL, edges.ids(), edges::lineOf)
                .withRowBound(edges.rowBound());
        return edges.oneEdgePerPair() ? real.withOneEdgePerPair() : real;
    }

    /** Refuses a summed value that the declared type cannot hold, naming the lines of its duplicates. */
    private static void checkSums(EdgeList edges, Graph g, DuplicatePolicy policy) {
        GraphBlasType type = edges.valueType();
        double[] w = g.weights();
        if (w == null) {
            return;
        }
        int[] rowPtr = g.rowPtr();
        int[] col = g.colIdx();
        for (int r = 0; r < rowPtr.length - 1; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                if (!type.accepts(w[p])) {
                    if (edges.valueKind() == ValueKind.INTEGER) {
                        ExactBuild.build(edges, policy);
                    }
                    throw ExactBuild.sumOutOfType(edges, r, col[p], w[p]);
                }
            }
        }
    }

    private static Graph buildDoubles(EdgeList edges, DuplicatePolicy policy, boolean policyGiven, int threads,
                                      boolean tryBothWays) {
        boolean mirror = edges.symmetry() != Symmetry.GENERAL;
        if (mirror && edges.oneEdgePerPair() && !policyGiven && tryBothWays) {
            // Most undirected files list every edge both ways: then the directed build is the graph.
            Graph both = BothWaysBuild.build(edges, policy, threads);
            if (both != null) {
                return both;
            }
        }
        if (!mirror) {
            // Files already in CSR order (GAP's converter and stag convert write them so) need no scatter or sorts.
            Graph sorted = SortedBuild.build(edges, threads);
            if (sorted != null) {
                return sorted;
            }
        }
        return ScatterBuild.build(edges, policy, policyGiven, threads);
    }
}
