package org.stag.engine.jit;

import java.util.Map;
import org.stag.engine.front.ScalarType;
import org.stag.engine.reference.Coord;
import org.stag.engine.reference.RefTensor;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.Values;

/** Converts between the reference evaluator's tensors and stored tensors, for differential tests. */
final class Tensors {
    private Tensors() {
    }

    /** {@code t} stored in {@code format}: every non-fill entry, nothing else. */
    static Tensor store(RefTensor t, Format format) {
        int n = t.entries().size();
        int[][] crd = new int[t.order()][n];
        Object vals = switch (t.type()) {
            case DOUBLE -> new double[n];
            case FLOAT -> new float[n];
            case LONG -> new long[n];
            case INT -> new int[n];
            case BOOL -> new boolean[n];
        };
        int e = 0;
        for (Map.Entry<Coord, Object> en : t.entries().entrySet()) {
            for (int m = 0; m < t.order(); m++) {
                crd[m][e] = en.getKey().get(m);
            }
            Object v = en.getValue();
            switch (t.type()) {
                case DOUBLE -> ((double[]) vals)[e] = (Double) v;
                case FLOAT -> ((float[]) vals)[e] = (Float) v;
                case LONG -> ((long[]) vals)[e] = (Long) v;
                case INT -> ((int[]) vals)[e] = (Integer) v;
                case BOOL -> ((boolean[]) vals)[e] = (Boolean) v;
            }
            e++;
        }
        Object fill = t.fill();
        Values values = switch (t.type()) {
            case DOUBLE -> Values.ofDoubles((double[]) vals, (Double) fill);
            case FLOAT -> Values.ofFloats((float[]) vals, (Float) fill);
            case LONG -> Values.ofLongs((long[]) vals, (Long) fill);
            case INT -> Values.ofInts((int[]) vals, (Integer) fill);
            case BOOL -> Values.ofBools((boolean[]) vals, (Boolean) fill);
        };
        return Tensor.build(format, t.dims(), crd, values);
    }

    /** The entries of a stored tensor as a reference tensor of type {@code type} with fill {@code fill}. */
    static RefTensor read(Tensor t, ScalarType type, Object fill) {
        RefTensor out = new RefTensor(type, t.dimensions(), fill);
        TensorCursor c = t.cursor();
        int[] coords = new int[t.order()];
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            for (int m = 0; m < coords.length; m++) {
                coords[m] = c.coordinate(m);
            }
            Object v = switch (type) {
                case DOUBLE -> c.doubleValue();
                case FLOAT -> (float) c.doubleValue();
                case LONG -> c.longValue();
                case INT -> (int) c.longValue();
                case BOOL -> c.booleanValue();
            };
            out.set(v, coords);
        }
        return out;
    }

    /** An n x n matrix in {@code f} holding the entries of a model keyed {@code row << 32 | column}, double values. */
    static Tensor csr(Format f, int n, java.util.TreeMap<Long, Double> model) {
        int[] rowPtr = new int[n + 1];
        int[] col = new int[model.size()];
        double[] val = new double[model.size()];
        int k = 0;
        for (Map.Entry<Long, Double> e : model.entrySet()) {
            rowPtr[(int) (e.getKey() >>> 32) + 1]++;
            col[k] = (int) (long) e.getKey();
            val[k++] = e.getValue();
        }
        for (int r = 0; r < n; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        return Tensor.fromCsr(f, n, n, rowPtr, col, val, org.stag.formats.dynamic.ValueMode.DOUBLE, 2);
    }

    /** Inserts (or deletes) entries {@code (r[e], c[e])} with values {@code v[e]} in {@code t} and in its model. */
    static void applyBatch(Tensor t, java.util.TreeMap<Long, Double> model, int[] r, int[] c, double[] v, int n,
                           boolean insert) {
        if (insert) {
            t.insertBatch(r, c, v, n, 2, org.stag.formats.dynamic.BatchGrowth.FIXED);
            for (int e = 0; e < n; e++) {
                model.put(((long) r[e] << 32) | c[e], v[e]);
            }
        } else {
            t.deleteBatch(r, c, n, 2);
            for (int e = 0; e < n; e++) {
                model.remove(((long) r[e] << 32) | c[e]);
            }
        }
    }
}
