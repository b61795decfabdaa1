package org.stag.loaders;

import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a graph with integer values exactly, in 64-bit integer arithmetic: for a file whose values are beyond
 * what a double holds ({@code 2^53}), or whose duplicates could sum beyond it. The graph keeps an exact column
 * ({@link Graph#exactValues()}) when a value is beyond {@code 2^53}. A sum beyond int64 (uint64 for that type) or
 * beyond the declared type is refused, naming the lines. The result is what {@link GraphBuilder}'s build gives
 * for values a double holds (the same rows, columns, counts and errors). Sorts all entries with their mirrors,
 * O(m log m): such files are rare, and the general build's row merges work on doubles.
 *
 * <p>Not for undirected edge lists read one edge per pair ({@link EdgeList#oneEdgePerPair()}); their values
 * are read as doubles (see {@link GraphBuilder}).
 */
final class ExactBuild {
    /** How many lines an overflow message names at most. */
    private static final int LINES_NAMED = 4;

    private ExactBuild() {
    }

    static Graph build(EdgeList edges, DuplicatePolicy policy) {
        if (edges.oneEdgePerPair()) {
            throw new IllegalArgumentException("the exact build does not pair lines with their mirrors");
        }
        int m = edges.size();
        boolean mirror = edges.symmetry() != Symmetry.GENERAL;
        boolean negate = edges.symmetry() == Symmetry.SKEW_SYMMETRIC;
        boolean unsigned = edges.unsignedValues();
        int[] src = edges.src();
        int[] dst = edges.dst();
        long[] value = edges.exact() != null ? edges.exact() : ExactValues.fromDoubles(edges.weights(), m);
        long total = m;
        if (mirror) {
            for (int k = 0; k < m; k++) {
                total += src[k] != dst[k] ? 1 : 0;
            }
        }
        if (total > MemoryBudget.MAX_ARRAY) {
            throw new BadInputException(edges.source(), 0, "too many stored edges for one graph (more than " + MemoryBudget.MAX_ARRAY + ")");
        }
        int t = (int) total;
        MemoryBudget.require(edges.source(), 0, 36L * t + 4L * (edges.rowBound() + 1),
                MemoryBudget.describe(edges.numRows(), edges.numCols(), m));
        // Every stored entry: its cell, its entry (file order) and its value; a mirror follows its entry.
        long[] cell = new long[t];
        int[] entry = new int[t];
        long[] val = new long[t];
        int e = 0;
        for (int k = 0; k < m; k++) {
            cell[e] = (long) src[k] << 32 | dst[k];
            entry[e] = k;
            val[e++] = value[k];
            if (mirror && src[k] != dst[k]) {
                cell[e] = (long) dst[k] << 32 | src[k];
                entry[e] = k;
                val[e++] = negate ? -value[k] : value[k];
            }
        }
        int[] order = new int[t];
        for (int i = 0; i < t; i++) {
            order[i] = i;
        }
        // By cell, then by position, which is file order: stable, so "first" and "last" mean the file's.
        IntArrays.parallelQuickSort(order, (a, b) -> cell[a] != cell[b] ? Long.compare(cell[a], cell[b]) : Integer.compare(a, b));

        int n = edges.rowBound();
        int[] rowPtr = new int[n + 1];
        int[] col = new int[t];
        long[] exact = new long[t];
        int kept = 0;
        boolean needsExact = false;
        for (int i = 0; i < t; ) {
            long c = cell[order[i]];
            long v = val[order[i]];
            int j = i + 1;
            for (; j < t && cell[order[j]] == c; j++) {
                v = combine(policy, v, val[order[j]], unsigned, edges, c, order, entry, i, j);
            }
            if (j - i > 1 && policy == DuplicatePolicy.SUM && edges.valueType() != null && !edges.valueType().accepts(v)) {
                throw overflow(edges, c, order, entry, i, j, ExactValues.toString(v, unsigned) + ", out of range for "
                        + edges.valueType().shortName() + edges.valueType().range());
            }
            int row = (int) (c >>> 32);
            rowPtr[row + 1]++;
            col[kept] = (int) c;
            exact[kept] = v;
            needsExact |= !ExactValues.exactAsDouble(v, unsigned);
            kept++;
            i = j;
        }
        for (int r = 0; r < n; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        long duplicates = t - kept;
        if (policy == DuplicatePolicy.ERROR && duplicates > 0) {
            throw firstDuplicate(edges, mirror);
        }
        int[] keptCol = java.util.Arrays.copyOf(col, kept);
        double[] weights = new double[kept];
        for (int p = 0; p < kept; p++) {
            weights[p] = ExactValues.toDouble(exact[p], unsigned);
        }
        return new Graph(edges.source(), edges.numRows(), edges.numCols(), rowPtr, keptCol, weights, edges.symmetry(),
                edges.valueKind(), edges.ids(), duplicates, 0, needsExact ? java.util.Arrays.copyOf(exact, kept) : null,
                edges.valueType());
    }

    /** The error for the first entry, in file order, whose cell (or, mirrored, its mirror's) was already stored. */
    private static BadInputException firstDuplicate(EdgeList edges, boolean mirror) {
        it.unimi.dsi.fastutil.longs.LongOpenHashSet seen = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
        for (int k = 0; k < edges.size(); k++) {
            int s = edges.src()[k];
            int d = edges.dst()[k];
            if (!seen.add((long) s << 32 | d) || mirror && s != d && !seen.add((long) d << 32 | s)) {
                return edges.duplicateAt(k, mirror);
            }
        }
        return new BadInputException(edges.source(), 0, "duplicate entries");
    }

    /** The error for cell (r, c), whose duplicates sum to {@code v}, beyond the declared type. */
    static BadInputException sumOutOfType(EdgeList edges, int r, int c, double v) {
        List<Long> lines = new ArrayList<>();
        long last = 0;
        boolean mirror = edges.symmetry() != Symmetry.GENERAL;
        for (int k = 0; k < edges.size(); k++) {
            int s = edges.src()[k];
            int d = edges.dst()[k];
            if (s == r && d == c || mirror && s == c && d == r) {
                last = edges.lineOf(k);
                if (lines.size() < LINES_NAMED && last > 0) {
                    lines.add(last);
                }
            }
        }
        GraphBlasType type = edges.valueType();
        return new BadInputException(edges.source(), last, "duplicate entries (" + edges.ids().external(r) + ", "
                + edges.ids().external(c) + ")" + (lines.isEmpty() ? "" : " on lines " + String.join(", ",
                lines.stream().map(String::valueOf).toList())) + " sum to " + v + ", out of range for "
                + type.shortName() + type.range() + "; choose --duplicates first|last|min to keep one of them");
    }

    /** The policy on two exact values; a sum beyond 64 bits is refused, naming the lines of the cell. */
    private static long combine(DuplicatePolicy policy, long kept, long later, boolean unsigned, EdgeList edges,
                                long cell, int[] order, int[] entry, int from, int to) {
        return switch (policy) {
            case FIRST, ERROR -> kept;
            case LAST -> later;
            case MIN -> (unsigned ? Long.compareUnsigned(later, kept) : Long.compare(later, kept)) < 0 ? later : kept;
            case SUM -> {
                long s = kept + later;
                boolean overflow = unsigned ? Long.compareUnsigned(s, kept) < 0 : ((kept ^ s) & (later ^ s)) < 0;
                if (overflow) {
                    int end = to + 1;
                    throw overflow(edges, cell, order, entry, from, end, "more than " + (unsigned ? "uint64 holds"
                            + GraphBlasType.UINT64.range() : "int64 holds" + GraphBlasType.INT64.range()));
                }
                yield s;
            }
        };
    }

    /** {@code FILE:LINE: duplicate entries (3, 5) on lines 4, 9 sum to ...}, naming the line of the last one. */
    private static BadInputException overflow(EdgeList edges, long cell, int[] order, int[] entry, int from, int to,
                                              String what) {
        List<Long> lines = new ArrayList<>();
        long last = 0;
        for (int i = from; i < to; i++) {
            long line = edges.lineOf(entry[order[i]]);
            last = line;
            if (lines.size() < LINES_NAMED && line > 0 && !lines.contains(line)) {
                lines.add(line);
            }
        }
        int r = (int) (cell >>> 32);
        int c = (int) cell;
        String where = lines.isEmpty() ? "" : " on lines " + String.join(", ", lines.stream().map(String::valueOf).toList())
                + (to - from > lines.size() ? " and more" : "");
        return new BadInputException(edges.source(), last, "duplicate entries (" + edges.ids().external(r) + ", "
                + edges.ids().external(c) + ")" + where + " sum to " + what
                + "; choose --duplicates first|last|min to keep one of them");
    }
}
