package org.stag.formats.tensor;

import org.stag.formats.level.BlockedLevel;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.HashedLevel;
import org.stag.formats.level.Level;
import org.stag.formats.level.OffsetLevel;
import org.stag.formats.level.RangeLevel;
import org.stag.formats.level.Property;
import org.stag.formats.level.SingletonLevel;

/** {@link Tensor#check}: every level's storage invariants, and that the values fit the last level. */
final class StorageCheck {
    private StorageCheck() {
    }

    /** {@link Tensor#check}. */
    static void check(Tensor t) {
        Level[] levels = t.levels();
        int parentSize = 1;
        for (int k = 0; k < levels.length; k++) {
            Level l = levels[k];
            String what = "level " + k + " (" + l.format().name() + ")";
            if (l.parentSize() != parentSize) {
                throw new IllegalStateException(what + ": " + l.parentSize() + " parents, the level above has " + parentSize);
            }
            if (l instanceof CompressedLevel c) {
                checkCompressed(what, c);
            } else if (l instanceof SingletonLevel s) {
                checkSingleton(what, s);
            } else if (l instanceof OffsetLevel o) {
                checkOffset(what, o, levels, k);
            } else if (l instanceof HashedLevel h) {
                checkHashed(what, h);
            } else if (l instanceof DynamicLevel d) {
                d.check();
            } else if (l instanceof BlockedLevel b) {
                checkBlocked(what, b);
            } else if (l instanceof org.stag.formats.level.VbyteLevel v) {
                checkVbyte(what, v);
            }
            parentSize = (int) Math.min(l.entries(), Integer.MAX_VALUE);
        }
        Values values = t.values();
        if (values.isConstant()) {
            return; // every index reads the constant, whatever the level's size has become
        }
        if (levels.length > 0 && levels[levels.length - 1].mode() == org.stag.formats.dynamic.ValueMode.NONE) {
            throw new IllegalStateException("the last level stores no values, but the values are not constant: " + values);
        }
        int expected = levels.length == 0 ? 1 : t.valuesInLastLevel() ? 0 : parentSize;
        if (values.size() != expected) {
            throw new IllegalStateException(values.size() + " values for " + expected + " last-level positions");
        }
    }

    /** Every row decoded: ids in range and increasing (the codes of a gap are never negative, so a bad id is a range one). */
    private static void checkVbyte(String what, org.stag.formats.level.VbyteLevel l) {
        int[] ids = new int[16];
        for (int p = 0; p < l.parentSize(); p++) {
            int d = l.degree(p);
            if (d < 0) {
                throw new IllegalStateException(what + ": element starts decrease at parent " + p);
            }
            if (ids.length < d) {
                ids = new int[d];
            }
            l.decode(p, ids);
            checkCoordinates(what, ids, 0, d, l.dimension());
        }
    }

    /** Each block as a compressed level: offsets from 0 to its entries, coordinates in range and increasing per row. */
    private static void checkBlocked(String what, BlockedLevel l) {
        org.stag.loaders.RowBlocks rows = l.rows();
        for (int b = 0; b < rows.blockCount(); b++) {
            int[] pos = rows.ptr(b);
            int[] crd = rows.col(b);
            for (int p = 0; p + 1 < pos.length; p++) {
                if (pos[p] > pos[p + 1]) {
                    throw new IllegalStateException(what + ": pos decreases at parent " + (rows.firstRow(b) + p));
                }
                checkCoordinates(what, crd, pos[p], pos[p + 1], l.dimension());
                for (int q = pos[p] + 1; q < pos[p + 1]; q++) {
                    if (crd[q] <= crd[q - 1]) {
                        throw new IllegalStateException(what + ": coordinates not increasing under parent " + (rows.firstRow(b) + p));
                    }
                }
            }
        }
    }

    private static void checkCompressed(String what, CompressedLevel c) {
        int[] pos = c.pos();
        if (pos[0] != 0 || pos[c.parentSize()] != c.size()) {
            throw new IllegalStateException(what + ": pos must run from 0 to " + c.size());
        }
        boolean ordered = c.format().is(Property.ORDERED);
        boolean unique = c.format().is(Property.UNIQUE);
        for (int p = 0; p < c.parentSize(); p++) {
            if (pos[p] > pos[p + 1]) {
                throw new IllegalStateException(what + ": pos decreases at parent " + p);
            }
            checkCoordinates(what, c.crd(), pos[p], pos[p + 1], c.dimension());
            for (int q = pos[p] + 1; q < pos[p + 1]; q++) {
                int a = c.coord(q - 1);
                int b = c.coord(q);
                if ((ordered && a > b) || (ordered && unique && a == b)) {
                    throw new IllegalStateException(what + ": coordinates " + a + ", " + b + " of parent " + p
                            + " at positions " + (q - 1) + ", " + q + " break order or uniqueness");
                }
            }
        }
    }

    private static void checkSingleton(String what, SingletonLevel s) {
        boolean compact = s.format().is(Property.COMPACT);
        for (int q = 0; q < s.size(); q++) {
            int i = s.coord(q);
            if (i == SingletonLevel.EMPTY && !compact) {
                continue;
            }
            if (i < 0 || i >= s.dimension()) {
                throw new IllegalStateException(what + ": coordinate " + i + " at position " + q + " out of range 0.."
                        + (s.dimension() - 1));
            }
        }
    }

    /** Every diagonal keeps its rows' columns in range: through its range's bounds, or for each stored row. */
    private static void checkOffset(String what, OffsetLevel o, Level[] levels, int k) {
        int[] offset = o.offset();
        if (levels[k - 1] instanceof RangeLevel r) {
            if (r.offset() != offset) {
                throw new IllegalStateException(what + ": the range level above reads other offsets");
            }
            return;
        }
        CompressedLevel rows = (CompressedLevel) levels[k - 1];
        for (int d = 0; d < rows.parentSize(); d++) {
            for (int q = rows.posBegin(d); q < rows.posEnd(d); q++) {
                long j = (long) rows.coord(q) + offset[d];
                if (j < 0 || j >= o.dimension()) {
                    throw new IllegalStateException(what + ": row " + rows.coord(q) + " of diagonal " + d + " (offset "
                            + offset[d] + ") leaves the columns 0.." + (o.dimension() - 1));
                }
            }
        }
    }

    private static void checkHashed(String what, HashedLevel h) {
        for (int p = 0; p < h.parentSize(); p++) {
            int cap = h.posEnd(p) - h.posBegin(p);
            if (cap != 0 && Integer.bitCount(cap) != 1) {
                throw new IllegalStateException(what + ": parent " + p + " has " + cap + " buckets, not a power of two");
            }
            for (int q = h.posBegin(p); q < h.posEnd(p); q++) {
                int i = h.coord(q);
                if (i == HashedLevel.EMPTY) {
                    continue;
                }
                if (i < 0 || i >= h.dimension() || h.locate(p, i) != q) {
                    throw new IllegalStateException(what + ": coordinate " + i + " in bucket " + q + " of parent " + p
                            + " is out of range, repeated, or not reachable from its home bucket");
                }
            }
        }
    }

    private static void checkCoordinates(String what, int[] crd, int from, int to, int dimension) {
        for (int q = from; q < to; q++) {
            if (crd[q] < 0 || crd[q] >= dimension) {
                throw new IllegalStateException(what + ": coordinate " + crd[q] + " at position " + q
                        + " out of range 0.." + (dimension - 1));
            }
        }
    }
}
