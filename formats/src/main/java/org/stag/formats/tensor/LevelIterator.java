package org.stag.formats.tensor;

import it.unimi.dsi.fastutil.doubles.DoubleArrays;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.longs.LongArrays;
import java.util.Arrays;
import org.stag.formats.level.BitmapLevel;
import org.stag.formats.level.BlockedLevel;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.HashedLevel;
import org.stag.formats.level.Level;
import org.stag.formats.level.OffsetLevel;
import org.stag.formats.level.RangeLevel;
import org.stag.formats.level.Property;
import org.stag.formats.level.SingletonLevel;

/**
 * Visits the children of one parent position of a level in increasing coordinate order, one at a
 * time, without allocating: levels whose storage order is not coordinate order (hashed buckets,
 * unordered schemas) are sorted per parent into reused scratch arrays.
 */
abstract class LevelIterator {
    /** Coordinate of the current child. */
    int coord;
    /** Position of the current child (-1 for a dynamic level that carries no positions). */
    int pos;
    /** Value of the current child, for a dynamic level that holds values. */
    double value;

    /** Starts over at the children of parent position {@code p}. */
    abstract void reset(int p);

    /** Moves to the next child; false when there is none. */
    abstract boolean next();

    /**
     * An iterator over {@code level}, whose parent and grandparent levels are visited by {@code parent} and
     * {@code grandparent} (null above the top): a range level reads its diagonal's coordinate from its parent, an
     * offset level its row from its parent and its diagonal from its grandparent ([Chou 2018]'s level functions take
     * the ancestors' coordinates).
     */
    static LevelIterator of(Level level, LevelIterator parent, LevelIterator grandparent) {
        if (level instanceof RangeLevel r) {
            return new Range(r, parent);
        } else if (level instanceof OffsetLevel o) {
            return new Offset(o, parent, grandparent);
        } else if (level instanceof DenseLevel d) {
            return new Dense(d.dimension());
        } else if (level instanceof CompressedLevel c) {
            return new Compressed(c);
        } else if (level instanceof SingletonLevel s) {
            return new Singleton(s);
        } else if (level instanceof HashedLevel h) {
            return new Hashed(h);
        } else if (level instanceof BitmapLevel b) {
            return new Bitmap(b);
        } else if (level instanceof BlockedLevel b) {
            return new Blocked(b);
        } else if (level instanceof org.stag.formats.level.VbyteLevel v) {
            return new Vbyte(v);
        }
        return new Dynamic((DynamicLevel) level);
    }

    /** Coordinates {@code [0, N)} at positions {@code p * N + i}. */
    private static final class Dense extends LevelIterator {
        private final int n;
        private int base;
        private int i;

        Dense(int n) {
            this.n = n;
        }

        @Override
        void reset(int p) {
            base = p * n;
            i = -1;
        }

        @Override
        boolean next() {
            if (++i >= n) {
                return false;
            }
            coord = i;
            pos = base + i;
            return true;
        }
    }

    /**
     * Positions {@code [pos[p], pos[p+1])}. Tensors are assembled from sorted coordinates, so segments are
     * sorted even when the level is declared unordered.
     */
    private static final class Compressed extends LevelIterator {
        private final int[] posArr;
        private final int[] crd;
        private int end;

        Compressed(CompressedLevel c) {
            this.posArr = c.pos();
            this.crd = c.crd();
        }

        @Override
        void reset(int p) {
            pos = posArr[p] - 1;
            end = posArr[p + 1];
        }

        @Override
        boolean next() {
            if (++pos >= end) {
                return false;
            }
            coord = crd[pos];
            return true;
        }
    }

    /** Coordinates within the bounds of the parent's diagonal, at positions {@code p * N + i}. */
    private static final class Range extends LevelIterator {
        private final RangeLevel r;
        private final LevelIterator parent;
        private int base;
        private int end;

        Range(RangeLevel r, LevelIterator parent) {
            this.r = r;
            this.parent = parent;
        }

        @Override
        void reset(int p) {
            int d = parent.coord;
            base = p * r.dimension();
            coord = r.coordBegin(d) - 1;
            end = r.coordEnd(d);
        }

        @Override
        boolean next() {
            if (++coord >= end) {
                return false;
            }
            pos = base + coord;
            return true;
        }
    }

    /** At most one child at position {@code p}, which {@link #child()} names: the offset and slot levels. */
    private abstract static class OneChild extends LevelIterator {
        private boolean done;

        @Override
        final void reset(int p) {
            pos = p;
            done = false;
        }

        @Override
        final boolean next() {
            if (done) {
                return false;
            }
            done = true;
            return child();
        }

        /** Sets {@code coord} to the child's coordinate; false when the position has none. */
        abstract boolean child();
    }

    /** The single child at position {@code p}: the parent's coordinate shifted by the diagonal's offset. */
    private static final class Offset extends OneChild {
        private final OffsetLevel o;
        private final LevelIterator parent;
        private final LevelIterator grandparent;

        Offset(OffsetLevel o, LevelIterator parent, LevelIterator grandparent) {
            this.o = o;
            this.parent = parent;
            this.grandparent = grandparent;
        }

        @Override
        boolean child() {
            coord = o.coord(parent.coord, grandparent.coord);
            return true;
        }
    }

    /** The single child at position {@code p}, if it has one (a padded slot has none). */
    private static final class Singleton extends OneChild {
        private final int[] crd;

        Singleton(SingletonLevel s) {
            this.crd = s.crd();
        }

        @Override
        boolean child() {
            coord = crd[pos];
            return coord != SingletonLevel.EMPTY;
        }
    }

    /** Present bits of {@code [p * N, (p + 1) * N)}, skipping empty words. */
    private static final class Bitmap extends LevelIterator {
        private final BitmapLevel b;
        private final int n;
        private int base;
        private int end;
        private int at;

        Bitmap(BitmapLevel b) {
            this.b = b;
            this.n = b.dimension();
        }

        @Override
        void reset(int p) {
            base = p * n;
            end = base + n;
            at = base;
        }

        @Override
        boolean next() {
            int q = b.nextSetBit(at, end);
            if (q < 0) {
                at = end;
                return false;
            }
            at = q + 1;
            pos = q;
            coord = q - base;
            return true;
        }
    }

    /** Occupied buckets of the parent's segment, sorted by coordinate as {@code coord << 32 | position}. */
    private static final class Hashed extends LevelIterator {
        private final HashedLevel h;
        private final int[] crd;
        private long[] sorted = LongArrays.EMPTY_ARRAY;
        private int count;
        private int at;

        Hashed(HashedLevel h) {
            this.h = h;
            this.crd = h.crd();
        }

        @Override
        void reset(int p) {
            int b = h.posBegin(p);
            int e = h.posEnd(p);
            sorted = LongArrays.grow(sorted, e - b);
            count = 0;
            for (int q = b; q < e; q++) {
                if (crd[q] != HashedLevel.EMPTY) {
                    sorted[count++] = (long) crd[q] << 32 | q;
                }
            }
            Arrays.sort(sorted, 0, count);
            at = -1;
        }

        @Override
        boolean next() {
            if (++at >= count) {
                return false;
            }
            long v = sorted[at];
            coord = (int) (v >>> 32);
            pos = (int) v;
            return true;
        }
    }

    /**
     * A parent's elements collected from its structure; sorted by coordinate when the schema does not
     * order them. Elements carry positions (as doubles) or, at a last level of doubles, values (1.0 at
     * the last level of a pattern).
     */
    private static final class Dynamic extends LevelIterator {
        private final DynamicLevel d;
        private final boolean ordered;
        private int[] crd = IntArrays.EMPTY_ARRAY;
        private double[] carried = DoubleArrays.EMPTY_ARRAY;
        private long[] order = LongArrays.EMPTY_ARRAY;
        private int count;
        private int at;

        Dynamic(DynamicLevel d) {
            this.d = d;
            this.ordered = d.format().is(Property.ORDERED);
        }

        @Override
        void reset(int p) {
            int size = d.structureSize(p);
            crd = IntArrays.grow(crd, size);
            carried = DoubleArrays.grow(carried, size);
            count = d.collect(p, crd, carried, 0);
            if (!ordered) {
                order = LongArrays.grow(order, count);
                for (int j = 0; j < count; j++) {
                    order[j] = (long) crd[j] << 32 | j;
                }
                Arrays.sort(order, 0, count);
            }
            at = -1;
        }

        @Override
        boolean next() {
            if (++at >= count) {
                return false;
            }
            int j = ordered ? at : (int) order[at];
            coord = crd[j];
            if (!d.carriesPositions()) {
                value = carried[j];
                pos = -1;
            } else {
                pos = (int) carried[j];
            }
            return true;
        }
    }

    /** A blocked level's children: positions local to the parent's block, so none is reported; the value when held. */
    private static final class Blocked extends LevelIterator {
        private final org.stag.loaders.RowBlocks rows;
        private int[] crd;
        private double[] val;
        private int q;
        private int end;

        Blocked(BlockedLevel l) {
            this.rows = l.rows();
        }

        @Override
        void reset(int p) {
            int b = rows.blockOf(p);
            int[] ptr = rows.ptr(b);
            int local = p - rows.firstRow(b);
            crd = rows.col(b);
            val = rows.weights(b);
            q = ptr[local] - 1;
            end = ptr[local + 1];
            pos = -1;
        }

        @Override
        boolean next() {
            if (++q >= end) {
                return false;
            }
            coord = crd[q];
            value = val == null ? 1.0 : val[q];
            return true;
        }
    }

    /**
     * A vbyte level's children, decoded per parent into a reused array: positions (element numbers) in
     * {@code POSITION} mode, else none, and the value when the level holds them.
     */
    private static final class Vbyte extends LevelIterator {
        private final org.stag.formats.level.VbyteLevel level;
        private final boolean positions;
        private int[] ids = new int[16];
        private double[] val;
        private int base;
        private int k;
        private int end;

        Vbyte(org.stag.formats.level.VbyteLevel l) {
            this.level = l;
            this.positions = l.mode() == org.stag.formats.dynamic.ValueMode.POSITION;
        }

        @Override
        void reset(int p) {
            int b = p >>> level.shardBits();
            int local = p - level.firstParent(b);
            end = level.degree(p);
            if (ids.length < end) {
                ids = new int[Math.max(end, 2 * ids.length)];
            }
            level.decode(p, ids);
            base = level.elems(b)[local];
            val = level.val(b);
            if (positions) {
                base += (int) level.firstElement(b);
            }
            k = -1;
            pos = -1;
        }

        @Override
        boolean next() {
            if (++k >= end) {
                return false;
            }
            coord = ids[k];
            if (positions) {
                pos = base + k;
            } else {
                value = val == null ? 1.0 : val[base + k];
            }
            return true;
        }
    }
}
