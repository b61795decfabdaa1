package org.stag.formats.tensor;

import org.stag.formats.dynamic.walk.Bisect;
import org.stag.formats.level.BitmapLevel;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.HashedLevel;
import org.stag.formats.level.Level;
import org.stag.formats.level.SingletonLevel;

/**
 * Reading one component by its coordinates ({@link Tensor#getAsDouble} and its kin): a descent through the
 * levels with each level's locate, or a search where it has none. For tests and tools, not for kernels.
 */
final class Lookup {
    private Lookup() {
    }

    /** {@link Tensor#getAsDouble}. */
    static double asDouble(Tensor t, int[] coords) {
        double[] out = new double[1];
        int q = find(t, coords, out);
        Values values = t.values();
        return q < 0 ? values.fillAsDouble() : t.valuesInLastLevel() ? out[0] : values.getAsDouble(q);
    }

    /** {@link Tensor#getAsLong}. */
    static long asLong(Tensor t, int[] coords) {
        double[] out = new double[1];
        int q = find(t, coords, out);
        Values values = t.values();
        return q < 0 ? values.fillAsLong() : t.valuesInLastLevel() ? (long) out[0] : values.getAsLong(q);
    }

    /** {@link Tensor#getAsBoolean}. */
    static boolean asBoolean(Tensor t, int[] coords) {
        double[] out = new double[1];
        int q = find(t, coords, out);
        Values values = t.values();
        return q < 0 ? values.fillAsBoolean() : t.valuesInLastLevel() ? out[0] != 0 : values.getAsBoolean(q);
    }

    /**
     * Position of the value of the component at {@code coords} (by mode), -1 when it is not stored. When
     * the last level carries no positions (it holds the values, or only coordinates), the value it stores
     * (1.0 for coordinates only) goes to {@code out[0]} and 0 is returned. A stored NaN in such a level
     * reads as absent ({@code DynamicFormat.get} returns NaN for both).
     */
    private static int find(Tensor t, int[] coords, double[] out) {
        if (coords.length != t.order()) {
            throw new IllegalArgumentException(coords.length + " coordinates for an order-" + t.order() + " tensor");
        }
        if (t.format().slots() > 0) {
            return scan(t, coords);
        }
        int[] lc = new int[coords.length];
        for (int k = 0; k < lc.length; k++) {
            lc[k] = coords[t.format().modeOfLevel(k)];
        }
        return find(t.levels(), 0, 0, lc, out);
    }

    /**
     * A format with a slot level (DIA, ELL) has no descent from the coordinates alone (the diagonal or slot is not
     * one of them): its components are visited until one has {@code coords}. Static levels only, so the position
     * indexes the values.
     */
    private static int scan(Tensor t, int[] coords) {
        TensorCursor c = t.cursor();
        while (c.next()) {
            boolean match = true;
            for (int m = 0; m < coords.length && match; m++) {
                match = c.coordinate(m) == coords[m];
            }
            if (match) {
                return c.position();
            }
        }
        return -1;
    }

    /** Searches level {@code k} under parent position {@code p}; recursion depth is the order. */
    private static int find(Level[] levels, int k, int p, int[] lc, double[] out) {
        if (k == levels.length) {
            return p;
        }
        Level l = levels[k];
        int i = lc[k];
        if (i < 0 || i >= l.dimension()) {
            return -1;
        }
        if (l instanceof DenseLevel d) {
            return find(levels, k + 1, d.locate(p, i), lc, out);
        } else if (l instanceof BitmapLevel b) {
            int q = b.locate(p, i);
            return q < 0 ? -1 : find(levels, k + 1, q, lc, out);
        } else if (l instanceof HashedLevel h) {
            int q = h.locate(p, i);
            return q < 0 ? -1 : find(levels, k + 1, q, lc, out);
        } else if (l instanceof SingletonLevel s) {
            return s.coord(p) == i ? find(levels, k + 1, p, lc, out) : -1;
        } else if (l instanceof CompressedLevel c) {
            // Segments are sorted (tensors are assembled from sorted coordinates); a non-unique level may
            // hold a coordinate several times, each with its own subtree.
            int e = c.posEnd(p);
            int q = Bisect.lowerBound(c.crd(), c.posBegin(p), e, i);
            for (; q < e && c.coord(q) == i; q++) {
                int r = find(levels, k + 1, q, lc, out);
                if (r >= 0) {
                    return r;
                }
            }
            return -1;
        }
        if (l instanceof org.stag.formats.level.VbyteLevel v) {
            int q = v.locate(p, i);
            if (q < 0) {
                return -1;
            }
            int b = p >>> v.shardBits();
            if (v.mode() == org.stag.formats.dynamic.ValueMode.POSITION) {
                return find(levels, k + 1, (int) v.firstElement(b) + q, lc, out);
            }
            out[0] = v.holdsValues() ? v.val(b)[q] : 1.0;
            return 0;
        }
        DynamicLevel d = (DynamicLevel) l;
        if (!d.carriesPositions()) {
            double v = d.value(p, i);
            if (Double.isNaN(v)) {
                return -1;
            }
            out[0] = v;
            return 0;
        }
        int q = d.locate(p, i);
        return q < 0 ? -1 : find(levels, k + 1, q, lc, out);
    }
}
