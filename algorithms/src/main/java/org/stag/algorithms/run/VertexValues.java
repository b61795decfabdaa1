package org.stag.algorithms.run;

import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;
import org.stag.algorithms.ldbc.LdbcOutput;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.LongValues;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.ValueType;
import org.stag.loaders.VertexIds;

/**
 * One value per vertex, by internal id, with the input's vertex ids: the result of a program, written as
 * LDBC Graphalytics {@code vertex value} lines. Integer results ({@code bool}, {@code int}, {@code long}) are
 * held as longs ({@code bool} as 0 or 1), real results as doubles ({@code Infinity} where infinite).
 *
 * @param name   the program output it came from
 * @param ids    maps internal ids to the input's ids
 * @param longs  the values of an integer result, else {@code null}
 * @param doubles the values of a real result, else {@code null}
 */
public record VertexValues(String name, VertexIds ids, long[] longs, double[] doubles) {
    public VertexValues {
        if ((longs == null) == (doubles == null)) {
            throw new IllegalArgumentException("exactly one of longs and doubles");
        }
    }

    /**
     * The values of a vector tensor (any format; entries it does not store have its fill value). A dense
     * vector's array is adopted, not copied: {@code t} must not change afterwards.
     */
    public static VertexValues of(String name, Tensor t, VertexIds ids) {
        if (t.order() != 1) {
            throw new IllegalArgumentException(name + " has " + t.order() + " dimensions, not 1");
        }
        int n = t.dimension(0);
        ValueType type = t.valueType();
        boolean real = type == ValueType.DOUBLE || type == ValueType.FLOAT;
        // A dense vector (most results) is taken whole, the array itself when it fits (a program's results
        // escape: the runtime writes them again only when the caller gives them back, as Incremental does):
        // a cursor would cost a call per vertex.
        if (t.format().level(0).equals(StaticLevelFormat.DENSE)) {
            if (t.values() instanceof LongValues v && v.array().length >= n) {
                long[] a = v.array();
                return new VertexValues(name, ids, a.length == n ? a : Arrays.copyOf(a, n), null);
            }
            if (t.values() instanceof DoubleValues v && v.array().length >= n) {
                double[] a = v.array();
                return new VertexValues(name, ids, null, a.length == n ? a : Arrays.copyOf(a, n));
            }
        }
        TensorCursor c = t.cursor();
        if (real) {
            double[] out = new double[n];
            Arrays.fill(out, t.values().fillAsDouble());
            while (c.next()) {
                out[c.coordinate(0)] = c.doubleValue();
            }
            return new VertexValues(name, ids, null, out);
        }
        long[] out = new long[n];
        Arrays.fill(out, t.values().fillAsLong());
        while (c.next()) {
            out[c.coordinate(0)] = type == ValueType.BOOL ? (c.booleanValue() ? 1 : 0) : c.longValue();
        }
        return new VertexValues(name, ids, out, null);
    }

    /** Whether the values are integers. */
    public boolean integral() {
        return longs != null;
    }

    /** Number of vertices. */
    public int size() {
        return integral() ? longs.length : doubles.length;
    }

    /** The value of internal vertex {@code v} as it is written. */
    public String text(int v) {
        return integral() ? Long.toString(longs[v]) : LdbcOutput.format(doubles[v]);
    }

    /** The value of internal vertex {@code v} as a double. */
    public double asDouble(int v) {
        return integral() ? longs[v] : doubles[v];
    }

    /** Writes one {@code vertex value} line per vertex, in internal-id order, vertices in the input's numbering. */
    public void write(Writer out) throws IOException {
        if (integral()) {
            LdbcOutput.write(out, ids, longs);
        } else {
            LdbcOutput.write(out, ids, doubles);
        }
    }

    /** As LDBC integer output (for validation); fails for a real result. */
    public LdbcOutput.Longs asLongs() {
        if (!integral()) {
            throw new IllegalStateException(name + " holds reals, not integers");
        }
        return LdbcOutput.Longs.of(ids, longs);
    }

    /** As LDBC real output (for validation). */
    public LdbcOutput.Doubles asDoubles() {
        if (!integral()) {
            return LdbcOutput.Doubles.of(ids, doubles);
        }
        double[] out = new double[longs.length];
        for (int v = 0; v < out.length; v++) {
            out[v] = longs[v];
        }
        return LdbcOutput.Doubles.of(ids, out);
    }
}
