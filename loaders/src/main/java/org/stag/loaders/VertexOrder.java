package org.stag.loaders;

import java.util.Locale;

/**
 * The order in which a graph file stores its vertices. {@link #NONE} keeps the input's (or generator's) numbering;
 * {@link #DEGREE} stores the vertices by decreasing out-degree (ties by external id), hubs first, so that neighbour
 * ids cluster and their gaps are small; the file's ids section then gives each internal vertex its external id, and
 * the graph and its ids are unchanged.
 */
public enum VertexOrder {
    /** The natural order: internal id = external id - base. */
    NONE,
    /** Decreasing out-degree, ties by increasing external id. */
    DEGREE;

    /**
     * The order named {@code name} ({@code none} or {@code degree}).
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static VertexOrder byName(String name) {
        for (VertexOrder o : values()) {
            if (o.label().equals(name)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown vertex order '" + name + "' (expected none or degree)");
    }

    /** The name used on the command line and in {@code stag info}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The internal id of each vertex in decreasing-degree order (ties by increasing id): {@code toExternal[i]} is the
     * vertex placed at position {@code i}. A counting sort, O(n + max degree), stable in the vertex id.
     */
    public static int[] byDecreasingDegree(int[] degree) {
        int n = degree.length;
        int max = 0;
        for (int d : degree) {
            max = Math.max(max, d);
        }
        int[] start = new int[max + 2];
        for (int d : degree) {
            start[max - d + 1]++;
        }
        for (int k = 1; k <= max + 1; k++) {
            start[k] += start[k - 1];
        }
        int[] toExternal = new int[n];
        for (int v = 0; v < n; v++) {
            toExternal[start[max - degree[v]]++] = v;
        }
        return toExternal;
    }

    /** Sorts {@code values} (non-negative) into decreasing order in place: a counting sort, O(n + max). */
    public static void sortDecreasing(int[] values) {
        int max = 0;
        for (int d : values) {
            max = Math.max(max, d);
        }
        int[] count = new int[max + 1];
        for (int d : values) {
            count[d]++;
        }
        int at = 0;
        for (int d = max; d >= 0; d--) {
            java.util.Arrays.fill(values, at, at + count[d], d);
            at += count[d];
        }
    }

    /** The inverse of a permutation of {@code 0..n-1}. */
    public static int[] inverse(int[] perm) {
        int[] inv = new int[perm.length];
        for (int i = 0; i < perm.length; i++) {
            inv[perm[i]] = i;
        }
        return inv;
    }
}
