package org.stag.loaders;

import java.util.Arrays;
import java.util.concurrent.ForkJoinTask;

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
        return scatterBuild(edges, policy, policyGiven, threads);
    }

    /**
     * The build by scatter and row sorts, for entries in any order ({@link SortedBuild} having turned them
     * down, or not applying).
     */
    static Graph scatterBuild(EdgeList edges, DuplicatePolicy policy, boolean policyGiven, int threads) {
        int n = edges.rowBound();
        int m = edges.size();
        boolean mirror = edges.symmetry() != Symmetry.GENERAL;
        boolean negateMirror = edges.symmetry() == Symmetry.SKEW_SYMMETRIC;
        // Mirrored entries of a paired edge list are stored as ~source, so the row merge can tell a line's
        // mirror from a repeated line without a second pass or a second array.
        boolean pairs = mirror && edges.oneEdgePerPair();
        int[] src = edges.src();
        int[] dst = edges.dst();
        double[] w = edges.weights();
        MemoryBudget.require(edges.source(), 0, MemoryBudget.buildBytes(n, m, w != null, mirror, threads),
                MemoryBudget.describe(edges.numRows(), edges.numCols(), m));
        int blocks = Math.max(1, Math.min(threads, m / 65536 + 1));
        int[] bounds = Parallel.split(m, blocks);

        // Per-block row counts; offsets turn into per-block write cursors, which keeps the scatter stable.
        int[][] cursor = new int[blocks][];
        Runnable counting = () -> Parallel.forEachBlock(threads, blocks, b -> {
            int[] count = new int[n];
            for (int k = bounds[b], end = bounds[b + 1]; k < end; k++) {
                count[src[k]]++;
                if (mirror && src[k] != dst[k]) {
                    count[dst[k]]++;
                }
            }
            cursor[b] = count;
        });
        // Without mirrors every entry is stored, so the output arrays can be allocated before the rows are
        // counted: this thread zeroes them (a fresh array's first touch is slow) while the pool counts.
        int[] early = null;
        double[] earlyVal = null;
        if (!mirror && threads > 1 && blocks > 1) {
            ForkJoinTask<?> task = Parallel.pool(threads).submit(counting);
            try {
                early = new int[m];
                earlyVal = w == null ? null : new double[m];
            } finally {
                task.quietlyJoin();
            }
            task.join();
        } else {
            counting.run();
        }
        int[] rowPtr = new int[n + 1];
        long total = 0;
        for (int r = 0; r < n; r++) {
            rowPtr[r] = (int) total;
            for (int b = 0; b < blocks; b++) {
                int c = cursor[b][r];
                cursor[b][r] = (int) total;
                total += c;
            }
            if (total > Integer.MAX_VALUE - 8) {
                throw new BadInputException(edges.source(), 0,
                        "too many stored edges for one graph (more than " + (Integer.MAX_VALUE - 8) + ")");
            }
        }
        rowPtr[n] = (int) total;
        int stored = (int) total;
        int[] col = early != null ? early : new int[stored];
        double[] val = early != null ? earlyVal : w == null ? null : new double[stored];
        Parallel.forEachBlock(threads, blocks, b -> {
            int[] cur = cursor[b];
            for (int k = bounds[b], end = bounds[b + 1]; k < end; k++) {
                int s = src[k];
                int d = dst[k];
                int p = cur[s]++;
                col[p] = d;
                if (val != null) {
                    val[p] = w[k];
                }
                if (mirror && s != d) {
                    int q = cur[d]++;
                    col[q] = pairs ? ~s : s;
                    if (val != null) {
                        val[q] = negateMirror ? -w[k] : w[k];
                    }
                }
            }
        });
        // The cursors are spent; the first array holds the per-row unique counts from here on.
        int[] unique = cursor[0];
        Arrays.fill(cursor, null);

        RowMerge merge = new RowMerge(policy, policyGiven, pairs);
        sortRows(n, rowPtr, col, val, unique, merge, threads);
        long kept = sum(unique);
        long duplicates = pairs ? merge.repeatedLines : stored - kept;
        boolean mirrorsAreDuplicates = !pairs || policyGiven;
        if (policy == DuplicatePolicy.ERROR && (duplicates > 0 || mirrorsAreDuplicates && merge.mirroredPairs > 0)) {
            throw duplicateError(edges, rowPtr, col, unique, mirrorsAreDuplicates);
        }
        if (!merge.conflicts.isEmpty()) {
            throw MirrorConflicts.error(edges, merge.conflicts, policy);
        }
        int[] keptCol = col;
        double[] keptVal = val;
        if (kept != stored) {
            compact(n, rowPtr, col, val, unique);
            keptCol = Arrays.copyOf(col, (int) kept);
            keptVal = val == null ? null : Arrays.copyOf(val, (int) kept);
        }
        return new Graph(edges.source(), edges.numRows(), edges.numCols(), rowPtr, keptCol, keptVal, edges.symmetry(),
                edges.valueKind(), edges.ids(), duplicates, merge.mirroredPairs);
    }

    private static long sum(int[] a) {
        long s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    /** Sorts every row by column (stably) and merges duplicates in place, leaving each row's unique count. */
    private static void sortRows(int n, int[] rowPtr, int[] col, double[] val, int[] unique, RowMerge merge,
                                 int threads) {
        int parts = threads == 1 ? 1 : threads * 8;
        int[] rowBounds = balancedRowSplit(n, rowPtr, parts);
        RowMerge[] partMerges = new RowMerge[parts];
        Parallel.forEachBlock(threads, parts, part -> {
            RowMerge pm = merge.forPart();
            partMerges[part] = pm;
            for (int r = rowBounds[part]; r < rowBounds[part + 1]; r++) {
                unique[r] = pm.row(r, col, val, rowPtr[r], rowPtr[r + 1]);
            }
        });
        for (RowMerge pm : partMerges) {
            merge.add(pm);
        }
    }

    /** Row ranges holding about equally many entries, so one hub row does not serialize a thread. */
    static int[] balancedRowSplit(int n, int[] rowPtr, int parts) {
        int[] bounds = new int[parts + 1];
        long total = rowPtr[n];
        int r = 0;
        for (int p = 1; p < parts; p++) {
            long target = total * p / parts;
            while (r < n && rowPtr[r] < target) {
                r++;
            }
            bounds[p] = r;
        }
        bounds[parts] = n;
        return bounds;
    }

    /** Moves every row's unique entries to the front, rows one after another; updates the offsets. */
    private static void compact(int n, int[] rowPtr, int[] col, double[] val, int[] unique) {
        int write = 0;
        for (int r = 0; r < n; r++) {
            int lo = rowPtr[r];
            rowPtr[r] = write;
            if (write != lo) {
                System.arraycopy(col, lo, col, write, unique[r]);
                if (val != null) {
                    System.arraycopy(val, lo, val, write, unique[r]);
                }
            }
            write += unique[r];
        }
        rowPtr[n] = write;
    }

    /**
     * Finds the first entry, in file order, whose (row, column) was already stored, and names its line.
     * Runs only on the error path, so it may be slow.
     */
    private static BadInputException duplicateError(EdgeList edges, int[] rowPtr, int[] col, int[] unique,
                                                    boolean countMirrors) {
        int n = edges.rowBound();
        int[] src = edges.src();
        int[] dst = edges.dst();
        boolean mirror = countMirrors && edges.symmetry() != Symmetry.GENERAL;
        // Rows with duplicates are few; remember which (row, column) pairs have been seen only for them.
        it.unimi.dsi.fastutil.longs.LongOpenHashSet seen = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
        boolean[] dupRow = new boolean[n];
        for (int r = 0; r < n; r++) {
            // A paired row may also have merged mirrors; the scan below tells them apart.
            dupRow[r] = unique[r] < rowPtr[r + 1] - rowPtr[r];
        }
        for (int k = 0; k < edges.size(); k++) {
            int s = src[k];
            int d = dst[k];
            if (dupRow[s] && !seen.add(((long) s << 32) | d)
                    || mirror && s != d && dupRow[d] && !seen.add(((long) d << 32) | s)) {
                return duplicateAt(edges, k, mirror);
            }
        }
        return new BadInputException(edges.source(), 0, "duplicate entries");
    }

    /** The error for entry {@code k}, which repeats a stored (row, column). */
    static BadInputException duplicateAt(EdgeList edges, int k, boolean mirror) {
        String id = "(" + edges.ids().external(edges.src()[k]) + ", " + edges.ids().external(edges.dst()[k]) + ")";
        return new BadInputException(edges.source(), edges.lineOf(k),
                "duplicate entry " + id + (mirror ? " (counting the mirror of symmetric entries)" : "")
                        + "; choose --duplicates first|last|sum|min to accept duplicates");
    }
}
