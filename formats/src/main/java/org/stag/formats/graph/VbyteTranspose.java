package org.stag.formats.graph;

import org.stag.formats.level.VbyteBuilder;
import org.stag.formats.level.VbyteLevel;

/**
 * The in-edges of a {@code dense,vbyte} out-structure as rows in order, for {@link VbyteBuilder}: what a directed graph
 * loaded straight into {@code dense,vbyte} transposes, having no column array to transpose. Target rows go in ranges of
 * at most {@link #rangeEntries} in-edges; each range is gathered by decoding every out-row once, so beside the two
 * structures only the in-degrees (4 bytes per vertex) and one range's columns are held. A scan decodes the
 * out-structure once per range (the builder scans twice).
 */
final class VbyteTranspose implements VbyteBuilder.RowSource {
    private final VbyteLevel out;
    private final int n;
    private final int[] inDegree;
    private final long entries;
    private final long rangeEntries;

    private VbyteTranspose(VbyteLevel out, int n, long rangeEntries) {
        this.out = out;
        this.n = n;
        this.rangeEntries = rangeEntries;
        this.inDegree = new int[n];
        int[] row = new int[maxDegree(out, n)];
        long m = 0;
        for (int u = 0; u < n; u++) {
            int d = out.degree(u);
            out.decode(u, row);
            for (int k = 0; k < d; k++) {
                inDegree[row[k]]++;
            }
            m += d;
        }
        this.entries = m;
    }

    /**
     * The transpose of {@code out}, an {@code n x n} level, gathered in ranges of an eighth of its entries (at least
     * 2^22, fewer ranges on small graphs).
     */
    static VbyteTranspose of(VbyteLevel out, int n) {
        return new VbyteTranspose(out, n, Math.max(1L << 22, out.entries() / 8));
    }

    /** As {@link #of}, ranges of at most {@code rangeEntries} in-edges (a single row of more gets a range of its own). */
    static VbyteTranspose of(VbyteLevel out, int n, long rangeEntries) {
        return new VbyteTranspose(out, n, rangeEntries);
    }

    /** The stored in-edges: the out-structure's entries. */
    long entries() {
        return entries;
    }

    @Override
    public int rows() {
        return n;
    }

    @Override
    public boolean weighted() {
        return false;
    }

    @Override
    public void scan(VbyteBuilder.RowSink sink) {
        int[] row = new int[maxDegree(out, n)];
        int lo = 0;
        while (lo < n) {
            int hi = lo;
            long sum = 0;
            while (hi < n && (hi == lo || sum + inDegree[hi] <= rangeEntries)) {
                sum += inDegree[hi++];
            }
            int[] ptr = new int[hi - lo + 1];
            for (int v = lo; v < hi; v++) {
                ptr[v - lo + 1] = ptr[v - lo] + inDegree[v];
            }
            int[] fill = new int[hi - lo];
            int[] col = new int[(int) sum];
            for (int u = 0; u < n; u++) {
                int d = out.degree(u);
                if (d == 0) {
                    continue;
                }
                out.decode(u, row);
                // The row's ids increase: skip to the range, stop past it.
                int k = lowerBound(row, d, lo);
                for (; k < d && row[k] < hi; k++) {
                    int v = row[k] - lo;
                    col[ptr[v] + fill[v]++] = u;
                }
            }
            for (int v = lo; v < hi; v++) {
                sink.row(v, col, null, ptr[v - lo], ptr[v - lo + 1]);
            }
            lo = hi;
        }
    }

    private static int lowerBound(int[] a, int len, int key) {
        int lo = 0;
        int hi = len;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int maxDegree(VbyteLevel level, int n) {
        int max = 0;
        for (int u = 0; u < n; u++) {
            max = Math.max(max, level.degree(u));
        }
        return max;
    }
}
