package org.stag.formats.tensor;

import it.unimi.dsi.fastutil.doubles.DoubleArrays;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.BitmapLevel;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.Level;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.Property;
import org.stag.formats.level.StaticLevelFormat;

/**
 * {@link Tensor#convert}: a tensor into another format through its sorted component stream, with fast paths
 * for the vectors a program converts every iteration (a dense vector, a sorted sparse one, a frontier into a
 * bitmap, a dead result's storage reused), and the count of conversions tests read.
 */
final class Conversion {
    /** Calls of {@link #convert}, over all tensors: tests show that a path converts nothing. */
    private static final LongAdder CONVERSIONS = new LongAdder();
    /** Calls of {@link #convert} on tensors of order 2 or more: graphs, not a program's frontier vectors. */
    private static final LongAdder MATRIX_CONVERSIONS = new LongAdder();

    private Conversion() {
    }

    static long count() {
        return CONVERSIONS.sum();
    }

    static long matrixCount() {
        return MATRIX_CONVERSIONS.sum();
    }

    /** {@link Tensor#convert(Format)}. */
    static Tensor convert(Tensor t, Format target) {
        CONVERSIONS.increment();
        int order = t.order();
        if (target.order() != order) {
            throw new IllegalArgumentException("cannot convert an order-" + order + " tensor to format " + target);
        }
        if (order >= 2) {
            MATRIX_CONVERSIONS.increment();
        }
        Level[] levels = t.levels();
        if (order == 1 && levels.length == 1 && levels[0] instanceof DenseLevel && !t.valuesInLastLevel() && target.slots() == 0) {
            return denseVector(t, target);
        }
        if (sortedVector(t) && target.slots() == 0) {
            return sortedVector(t, target);
        }
        int cap = 16;
        int[][] mc = new int[order][cap];
        int[] index = new int[cap];
        double[] carried = t.valuesInLastLevel() ? new double[cap] : null;
        int n = 0;
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            if (n == index.length) {
                for (int m = 0; m < order; m++) {
                    mc[m] = IntArrays.grow(mc[m], n + 1);
                }
                index = IntArrays.grow(index, n + 1);
                if (carried != null) {
                    carried = DoubleArrays.grow(carried, n + 1);
                }
            }
            for (int m = 0; m < order; m++) {
                mc[m][n] = c.coordinate(m);
            }
            if (carried != null) {
                carried[n] = c.doubleValue();
                index[n] = n;
            } else {
                index[n] = c.position();
            }
            n++;
        }
        Values src = carried == null ? t.values() : Values.ofDoubles(carried, t.values().fillAsDouble());
        if (!target.sameOrder(t.format()) || target.slots() > 0 || t.format().slots() > 0) {
            // The cursor's order is not the target's level order (another mode order, or a slot level on either side).
            return TensorAssembler.sorted(target, t.dimensions(), mc, Arrays.copyOf(index, n), src);
        }
        int[][] lc = new int[order][];
        for (int k = 0; k < order; k++) {
            lc[k] = mc[target.modeOfLevel(k)];
        }
        return TensorAssembler.assemble(target, t.dimensions(), lc, n, src, index);
    }

    /** {@link Tensor#convert(Format, Tensor)}. */
    static Tensor convert(Tensor t, Format target, Tensor dead) {
        Values values = t.values();
        if (dead == null || !sortedVector(t) || values.isConstant() || !bitmap(target) || !bitmapLike(t, dead)
                || dead.values().getClass() != values.getClass() || dead.values().size() != t.dimension(0)
                || !dead.values().fillString().equals(values.fillString())) {
            return convert(t, target);
        }
        CONVERSIONS.increment();
        Values out = dead.values();
        ((ArrayValues<?>) out).resetToFill(((BitmapLevel) dead.level(0)).words());
        BitmapLevel bitmap = refill(t, target, dead);
        markStored(t, bitmap);
        CompressedLevel level = (CompressedLevel) t.level(0);
        ((ArrayValues<?>) values).scatterTo(out, level.crd(), level.size());
        return bitmap == dead.level(0) ? dead : new Tensor(target, t.dimensions(), new Level[] {bitmap}, out);
    }

    /** {@link Tensor#patternFormat}. */
    static boolean patternFormat(Format f) {
        if (f.depth() == 0) {
            return false;
        }
        for (int k = 0; k < f.depth(); k++) {
            if (!(f.level(k) instanceof StaticLevelFormat)) {
                return false;
            }
        }
        return !(f.level(f.depth() - 1) instanceof StaticLevelFormat s && s.type() == LevelType.DENSE);
    }

    /** {@link Tensor#convertPattern}. */
    static Tensor convertPattern(Tensor t, Format target, Tensor dead) {
        Values values = t.values();
        if (values.type() != ValueType.BOOL || !patternFormat(target) || target.order() != t.order()) {
            throw new IllegalArgumentException("only a bool tensor converts into a pattern, into a format of static"
                    + " levels whose last is not dense, not " + values.type().name().toLowerCase(Locale.ROOT)
                    + " into " + target);
        }
        boolean fill = values.fillAsBoolean();
        if (dead != null && sortedVector(t) && bitmap(target) && bitmapLike(t, dead)
                && dead.values() instanceof ConstantValues dc && dc.type() == ValueType.BOOL
                && dc.fillAsBoolean() == fill && dc.valueAsBoolean() != fill && dc.size() == t.dimension(0)) {
            CONVERSIONS.increment();
            Arrays.fill(((BitmapLevel) dead.level(0)).words(), 0L);
            BitmapLevel bitmap = refill(t, target, dead);
            markStored(t, bitmap);
            return bitmap == dead.level(0) ? dead : new Tensor(target, t.dimensions(), new Level[] {bitmap}, dc);
        }
        Tensor c = convert(t, target);
        if (c.values() instanceof ConstantValues) {
            return c;
        }
        Level[] levels = c.levels();
        return new Tensor(target, c.dims(), levels, Values.constantBool(!fill, fill, levels[levels.length - 1].size()));
    }

    /** Whether {@code t} is a vector in one ordered, unique compressed level. */
    private static boolean sortedVector(Tensor t) {
        return t.format().depth() == 1 && t.level(0) instanceof CompressedLevel && t.format().level(0).is(Property.ORDERED)
                && t.format().level(0).is(Property.UNIQUE);
    }

    /** Whether {@code f} is a vector in a bitmap. */
    private static boolean bitmap(Format f) {
        return f.depth() == 1 && f.level(0) instanceof StaticLevelFormat s && s.type() == LevelType.BITMAP;
    }

    /** Whether {@code dead} is a bitmap vector of {@code t}'s dimension. */
    private static boolean bitmapLike(Tensor t, Tensor dead) {
        return dead.order() == 1 && dead.level(0) instanceof BitmapLevel && dead.dimension(0) == t.dimension(0);
    }

    /**
     * The bitmap a conversion of {@code t} into {@code target} fills over the cleared words of {@code dead}'s bitmap:
     * that bitmap itself when {@code dead} has the target's format (nothing allocated), else a new level over its words.
     */
    private static BitmapLevel refill(Tensor t, Format target, Tensor dead) {
        BitmapLevel old = (BitmapLevel) dead.level(0);
        boolean same = dead.format() == target || dead.format().equals(target);
        BitmapLevel bitmap = same ? old : (BitmapLevel) Level.create(target.level(0), t.dimension(0), ValueMode.POSITION);
        bitmap.insertInit(1, old.words());
        return bitmap;
    }

    /** Sets the bit of every entry of sorted vector {@code t} that is not its fill value. */
    private static void markStored(Tensor t, BitmapLevel bitmap) {
        CompressedLevel level = (CompressedLevel) t.level(0);
        int n = level.size();
        int[] crd = level.crd();
        Values values = t.values();
        if (values instanceof ConstantValues cv) {
            for (int j = 0; j < n && !cv.valueIsFill(); j++) {
                bitmap.insertCoord(0, crd[j]);
            }
        } else if (values instanceof BoolValues bv) {
            boolean[] a = bv.array();
            boolean fill = bv.fill();
            for (int j = 0; j < n; j++) {
                if (a[j] != fill) {
                    bitmap.insertCoord(0, crd[j]);
                }
            }
        } else {
            for (int j = 0; j < n; j++) {
                if (!values.isFill(j)) {
                    bitmap.insertCoord(0, crd[j]);
                }
            }
        }
    }

    /**
     * {@link #convert} of a dense vector: one pass over the values array (no cursor), then assembly of the
     * non-fill entries, which are already in coordinate order. Frontiers switch format this way every
     * iteration of a direction-optimizing BFS.
     */
    private static Tensor denseVector(Tensor t, Format target) {
        Values values = t.values();
        int n = values.size();
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (!values.isFill(i)) {
                count++;
            }
        }
        int[] crd = new int[count];
        int[] index = new int[count];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (!values.isFill(i)) {
                crd[k] = i;
                index[k++] = i;
            }
        }
        return TensorAssembler.assemble(target, t.dimensions(), new int[][] {crd}, count, values, index);
    }

    /**
     * {@link #convert} of a vector in one ordered, unique compressed level: its coordinates are already in
     * order and its positions are the values' indices, so the entries other than explicit fill values go
     * straight to assembly (no cursor, no sort): O(entries) plus what the target's levels need (a bitmap's
     * words). A direction-optimizing BFS turns its frontier into a bitmap this way.
     */
    private static Tensor sortedVector(Tensor t, Format target) {
        CompressedLevel level = (CompressedLevel) t.level(0);
        Values values = t.values();
        int n = level.size();
        int[] src = level.crd();
        if (bitmap(target) && !values.isConstant()) {
            // straight into the bitmap's words and values: nothing per entry but the copy
            BitmapLevel bitmap = (BitmapLevel) Level.create(target.level(0), t.dimension(0), ValueMode.POSITION);
            bitmap.insertInit(1);
            Values out = values.filled(t.dimension(0));
            markStored(t, bitmap);
            ((ArrayValues<?>) values).scatterTo(out, src, n);
            return new Tensor(target, t.dimensions(), new Level[] {bitmap}, out);
        }
        int[] crd = new int[n];
        int[] index = new int[n];
        int k = 0;
        for (int j = 0; j < n; j++) {
            if (!values.isFill(j)) {
                crd[k] = src[j];
                index[k++] = j;
            }
        }
        return TensorAssembler.assemble(target, t.dimensions(), new int[][] {crd}, k, values, index);
    }
}
