package org.stag.formats.tensor;

import org.stag.formats.level.Level;

/**
 * The stored components of a tensor in level order (lexicographic by the coordinates of level 0, 1, …; a
 * format's slot level comes first, so DIA yields its diagonals one after the other), one at a time, allocation-free: {@code while (c.next()) { c.coordinate(0); c.doubleValue(); }}. A
 * dense last level yields every position, explicit fill values included. Not thread-safe; a cursor per
 * traversal.
 */
public final class TensorCursor {
    private final Format format;
    private final Values values;
    private final LevelIterator[] it;
    private final boolean valuesInLevel;
    private boolean started;
    private boolean done;

    TensorCursor(Tensor t) {
        this.format = t.format();
        this.values = t.values();
        Level[] levels = t.levels();
        this.it = new LevelIterator[levels.length];
        for (int k = 0; k < levels.length; k++) {
            it[k] = LevelIterator.of(levels[k], k > 0 ? it[k - 1] : null, k > 1 ? it[k - 2] : null);
        }
        // A constant view over a level that holds doubles reads the constant (any index does), not the level.
        this.valuesInLevel = t.valuesInLastLevel();
    }

    /** Moves to the next stored component; false when there is none. */
    public boolean next() {
        if (done) {
            return false;
        }
        int last = it.length - 1;
        int k;
        if (!started) {
            started = true;
            if (last < 0) {
                return true;
            }
            it[0].reset(0);
            k = 0;
        } else {
            if (last < 0) {
                done = true;
                return false;
            }
            k = last;
        }
        // Depth-first walk: advance level k; descend on success, climb when its children are exhausted.
        while (true) {
            if (it[k].next()) {
                if (k == last) {
                    return true;
                }
                it[k + 1].reset(it[k].pos);
                k++;
            } else if (k == 0) {
                done = true;
                return false;
            } else {
                k--;
            }
        }
    }

    /** Coordinate of mode {@code m} of the current component (mode {@code m} is stored at level {@code levelOfMode(m)}). */
    public int coordinate(int m) {
        return it[format.levelOfMode(m)].coord;
    }

    /** Coordinate stored at level {@code k} of the current component. */
    public int levelCoordinate(int k) {
        return it[k].coord;
    }

    /**
     * Index of the current component's value in {@link Tensor#values()}; -1 when the last level carries no
     * positions (it holds the values, or the values are constant).
     */
    public int position() {
        return it.length == 0 ? 0 : it[it.length - 1].pos;
    }

    /** The current value as a double (see {@link Values#getAsDouble}). */
    public double doubleValue() {
        return valuesInLevel ? it[it.length - 1].value : values.getAsDouble(position());
    }

    /** The current value as a long (see {@link Values#getAsLong}). */
    public long longValue() {
        return valuesInLevel ? (long) it[it.length - 1].value : values.getAsLong(position());
    }

    /** The current value as a boolean (see {@link Values#getAsBoolean}). */
    public boolean booleanValue() {
        return valuesInLevel ? it[it.length - 1].value != 0 : values.getAsBoolean(position());
    }

    /** Whether the current value equals the fill value (an explicit fill value). */
    public boolean isFill() {
        if (valuesInLevel) {
            return ValueType.sameDouble(it[it.length - 1].value, values.fillAsDouble());
        }
        return values.isFill(position());
    }
}
