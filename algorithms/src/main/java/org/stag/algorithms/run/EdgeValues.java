package org.stag.algorithms.run;

import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.ValueType;
import org.stag.loaders.VertexIds;

/**
 * A set of edges by internal ids, sorted by source then target (in the ids' order for a permutation), with the input's vertex ids: the result of a
 * program whose output is a {@code bool} matrix over the vertices (k-truss), written as {@code source target}
 * lines in the input's numbering.
 *
 * @param name    the program output it came from
 * @param ids     maps internal ids to the input's ids
 * @param sources the source of every edge
 * @param targets the target of every edge, in the same order
 */
public record EdgeValues(String name, VertexIds ids, int[] sources, int[] targets) {
    public EdgeValues {
        if (sources.length != targets.length) {
            throw new IllegalArgumentException(sources.length + " sources, " + targets.length + " targets");
        }
    }

    /** The entries of bool matrix {@code t} (any format) that hold {@code true}. */
    public static EdgeValues of(String name, Tensor t, VertexIds ids) {
        if (t.order() != 2 || t.valueType() != ValueType.BOOL) {
            throw new IllegalArgumentException(name + " is not a bool matrix");
        }
        long[] keys = new long[16];
        int m = 0;
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (c.booleanValue()) {
                if (m == keys.length) {
                    keys = Arrays.copyOf(keys, 2 * m);
                }
                keys[m++] = (long) c.coordinate(0) << 32 | c.coordinate(1);
            }
        }
        return sorted(name, ids, keys, m);
    }

    /** The edges {@code (sources[e], targets[e])} in any order, sorted. */
    public static EdgeValues of(String name, VertexIds ids, int[] sources, int[] targets) {
        long[] keys = new long[sources.length];
        for (int e = 0; e < keys.length; e++) {
            keys[e] = (long) sources[e] << 32 | targets[e];
        }
        return sorted(name, ids, keys, keys.length);
    }

    /**
     * Sorts by source then target: by internal id, or by external id when the ids are a permutation of a dense range
     * (a degree-ordered file then writes the same lines as the natural one).
     */
    private static EdgeValues sorted(String name, VertexIds ids, long[] keys, int m) {
        boolean byExternal = ids.isPermutation();
        if (byExternal) {
            // A set with every edge once, source below target (k-truss's upper triangle), keeps that form in the ids.
            boolean upper = true;
            for (int e = 0; e < m && upper; e++) {
                upper = (int) (keys[e] >>> 32) < (int) keys[e];
            }
            for (int e = 0; e < m; e++) {
                long s = ids.external((int) (keys[e] >>> 32)) - ids.base();
                long t = ids.external((int) keys[e]) - ids.base();
                keys[e] = upper && s > t ? t << 32 | s : s << 32 | t;
            }
        }
        Arrays.sort(keys, 0, m);
        int[] src = new int[m];
        int[] dst = new int[m];
        for (int e = 0; e < m; e++) {
            src[e] = (int) (keys[e] >>> 32);
            dst[e] = (int) keys[e];
            if (byExternal) {
                src[e] = ids.writeOrder(src[e]);
                dst[e] = ids.writeOrder(dst[e]);
            }
        }
        return new EdgeValues(name, ids, src, dst);
    }

    /** Number of edges. */
    public int size() {
        return sources.length;
    }

    /** Edge {@code e} in the input's numbering, {@code source target}. */
    public String text(int e, char separator) {
        return ids.external(sources[e]) + String.valueOf(separator) + ids.external(targets[e]);
    }

    /** Writes one {@code source target} line per edge, in the input's numbering. */
    public void write(Writer out, char separator) throws IOException {
        StringBuilder line = new StringBuilder(48);
        for (int e = 0; e < sources.length; e++) {
            line.setLength(0);
            line.append(ids.external(sources[e])).append(separator).append(ids.external(targets[e])).append('\n');
            out.append(line);
        }
    }

    /** Why {@code actual} is not the same edge set as this one ({@code null} when it is): the first edge in one only. */
    public String difference(EdgeValues actual) {
        int a = 0;
        int b = 0;
        while (a < size() || b < actual.size()) {
            int cmp = a == size() ? 1 : b == actual.size() ? -1 : compare(a, actual, b);
            if (cmp < 0) {
                return "edge " + text(a, ' ') + " is missing";
            }
            if (cmp > 0) {
                return "edge " + actual.text(b, ' ') + " is extra";
            }
            a++;
            b++;
        }
        return null;
    }

    private int compare(int a, EdgeValues other, int b) {
        int c = Long.compare(sortKey(sources[a]), other.sortKey(other.sources[b]));
        return c != 0 ? c : Long.compare(sortKey(targets[a]), other.sortKey(other.targets[b]));
    }

    /** Where vertex {@code v} sorts: its internal id, or its external id for a permutation (see {@link #sorted}). */
    private long sortKey(int v) {
        return ids.isPermutation() ? ids.external(v) : v;
    }
}
