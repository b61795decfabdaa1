package org.stag.algorithms.jgrapht;

import java.util.Arrays;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.Level;
import org.stag.formats.level.Property;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Tensor;

/**
 * Reads the rows of one direction of a graph tensor in place: the out-edges ({@code A} with its weights
 * {@code W}) or the in-edges ({@code AT}). A static {@code dense,compressed} row is a range of the format's own
 * coordinate array; a dynamic row ({@code dense,F}) is collected from its structure into an array of the row's
 * length when it is asked, so nothing of the graph is ever copied whole.
 */
abstract sealed class TensorRows {
    /** One row's neighbours: {@code crd[from, to)}, ascending. */
    record Row(int[] crd, int from, int to) {
        int size() {
            return to - from;
        }
    }

    /**
     * The rows of pattern {@code a}, weighing its edges by {@code w} (null: every edge weighs 1).
     *
     * @throws IllegalArgumentException when the format is not {@code dense,compressed} or {@code dense,F} for a
     *                                  dynamic F, the formats whose rows are read by vertex
     */
    static TensorRows of(Tensor a, Tensor w) {
        Level rows = a.level(0);
        Level cols = a.level(1);
        if (!(rows instanceof DenseLevel) || !a.format().hasIdentityOrder()) {
            throw unsupported(a);
        }
        if (cols instanceof CompressedLevel c) {
            double[] weights = w != null && w.values() instanceof DoubleValues dv ? dv.array() : null;
            return new Compressed(c.pos(), c.crd(), weights);
        }
        if (cols instanceof DynamicLevel d) {
            return new Dynamic(d);
        }
        throw unsupported(a);
    }

    private static IllegalArgumentException unsupported(Tensor a) {
        return new IllegalArgumentException("a JGraphT view reads the rows of dense,compressed and dense,F (F dynamic),"
                + " not of format " + a.format() + "; convert the graph to one of those");
    }

    /** Neighbours of {@code v}. */
    abstract Row row(int v);

    /** Number of neighbours of {@code v}. */
    abstract int degree(int v);

    /** The weight of {@code u -> v}, or NaN when there is no such edge. */
    abstract double weight(int u, int v);

    /** Whether the edge {@code u -> v} is stored. */
    boolean contains(int u, int v) {
        return !Double.isNaN(weight(u, v));
    }

    /** {@code dense,compressed}: the format's {@code pos} and {@code crd} arrays and the loader's weights. */
    private static final class Compressed extends TensorRows {
        private final int[] pos;
        private final int[] crd;
        private final double[] weights;

        Compressed(int[] pos, int[] crd, double[] weights) {
            this.pos = pos;
            this.crd = crd;
            this.weights = weights;
        }

        @Override
        Row row(int v) {
            return new Row(crd, pos[v], pos[v + 1]);
        }

        @Override
        int degree(int v) {
            return pos[v + 1] - pos[v];
        }

        @Override
        double weight(int u, int v) {
            int p = Arrays.binarySearch(crd, pos[u], pos[u + 1], v);
            if (p < 0) {
                return Double.NaN;
            }
            return weights == null ? 1.0 : weights[p];
        }
    }

    /** {@code dense,F}: one dynamic structure per row, read with its own lookups and traversal. */
    private static final class Dynamic extends TensorRows {
        private final DynamicLevel level;
        private final boolean ordered;

        Dynamic(DynamicLevel level) {
            this.level = level;
            this.ordered = level.format().is(Property.ORDERED);
        }

        @Override
        Row row(int v) {
            int size = level.structureSize(v);
            int[] crd = new int[size];
            int count = level.collect(v, crd, new double[size], 0);
            if (!ordered) {
                // JGraphT's algorithms break ties by iteration order: rows read in the order of the static formats.
                Arrays.sort(crd, 0, count);
            }
            return new Row(crd, 0, count);
        }

        @Override
        int degree(int v) {
            return level.structureSize(v);
        }

        @Override
        double weight(int u, int v) {
            if (level.holdsValues()) {
                return level.value(u, v);
            }
            return level.contains(u, v) ? 1.0 : Double.NaN;
        }
    }
}
