package org.stag.formats.tensor;

import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.BitmapLevel;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.HashedLevel;
import org.stag.formats.level.Level;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.OffsetLevel;
import org.stag.formats.level.RangeLevel;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.level.VbyteBuilder;
import org.stag.formats.level.VbyteLevel;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.Property;
import org.stag.formats.level.SingletonLevel;

/**
 * Assembles a tensor level by level from coordinates sorted in level order ([Chou 2018], §3.4): each level
 * turns the entries' parent positions into their own positions with its append or insert functions.
 *
 * <p>Entry {@code j} (in processing order) starts a new node of level {@code k} unless it has the same
 * parent and coordinate as entry {@code j - 1}, and also the same coordinates in the run of branchless
 * levels (singletons) right below {@code k}: a node of level {@code k} has exactly one child there, so
 * components that differ in those levels need nodes of their own (COO's row level has a node per
 * component; with {@code compressed(nonunique), singleton, dense} it has one per distinct (row, column)
 * pair).
 *
 * <p>Processing order is level order, except below a hashed level, whose positions follow bucket order:
 * there the entries are re-sorted by position (stably), so that every level sees its parents' positions
 * in increasing order, as append needs.
 */
final class TensorAssembler {
    private final Format format;
    private final int[] dims;
    private final int[][] lc;
    private final int n;
    private final Values src;
    private int[] valueIndex;
    private int[] par;
    private int[] cur;
    /** The last level of the run of branchless levels below the level being assembled (itself if none). */
    private int reach;
    /** The slot level's dimension (diagonals, slots of a row) when the format has one. */
    private int slotDimension;
    /** A DIA format's offset of each diagonal, which its range and offset levels share. */
    private int[] offsets = new int[0];

    private TensorAssembler(Format format, int[] dims, int[][] lc, int n, Values src, int[] valueIndex) {
        this.format = format;
        this.dims = dims;
        this.lc = lc;
        this.n = n;
        this.src = src;
        this.valueIndex = valueIndex;
    }

    /**
     * {@link Tensor#build}: checks the shapes and coordinates, sorts the coordinates into level order (the last of
     * repeated ones wins) and assembles the levels.
     */
    static Tensor fromCoordinates(Format format, int[] dims, int[][] coordinates, Values values) {
        int order = format.order();
        if (dims.length != order || coordinates.length != order) {
            throw new IllegalArgumentException("format " + format + " has " + order + " modes, but "
                    + dims.length + " dimensions and " + coordinates.length + " coordinate arrays were given");
        }
        int n = values.size();
        for (int m = 0; m < order; m++) {
            if (dims[m] < 0) {
                throw new IllegalArgumentException("mode " + m + ": negative dimension " + dims[m]);
            }
            int[] c = coordinates[m];
            if (c.length < n) {
                throw new IllegalArgumentException("mode " + m + ": " + c.length + " coordinates for " + n + " values");
            }
            for (int j = 0; j < n; j++) {
                if (c[j] < 0 || c[j] >= dims[m]) {
                    throw new IllegalArgumentException("component " + j + ": mode " + m + " coordinate " + c[j]
                            + " out of range 0.." + (dims[m] - 1));
                }
            }
        }
        int[] index = new int[n];
        for (int j = 0; j < n; j++) {
            index[j] = j;
        }
        return sorted(format, dims.clone(), coordinates, index, values);
    }

    /**
     * Entries {@code j < index.length} with mode coordinates {@code coordinates[m][j]} (checked) and value {@code
     * src[index[j]]}, sorted into level order (the last of repeated ones wins) and assembled; a format with a slot
     * level gets each entry's slot ({@link SlotCoordinates}).
     */
    static Tensor sorted(Format format, int[] dims, int[][] coordinates, int[] index, Values src) {
        int depth = format.depth();
        int slots = format.slots();
        int[][] lc = new int[depth][];
        int[][] modeLevels = new int[depth - slots][];
        int[] levelDims = new int[depth - slots];
        for (int k = slots; k < depth; k++) {
            // Only the first n coordinates count; the sort reads them in place and returns new arrays.
            modeLevels[k - slots] = coordinates[format.modeOfLevel(k)];
            levelDims[k - slots] = dims[format.modeOfLevel(k)];
        }
        index = CoordinateSort.sortUnique(modeLevels, index, levelDims);
        System.arraycopy(modeLevels, 0, lc, slots, depth - slots);
        if (slots == 0) {
            return assemble(format, dims, lc, index.length, src, index);
        }
        SlotCoordinates slot = SlotCoordinates.assign(format, lc, index);
        TensorAssembler a = new TensorAssembler(format, dims, lc, index.length, src, slot.index());
        a.slotDimension = slot.count();
        a.offsets = slot.offsets();
        return a.run();
    }

    /**
     * Builds the tensor of entries {@code j < n}: level coordinates {@code lc[k][j]} (sorted, unique) and
     * value {@code src[valueIndex[j]]}. The arrays are reordered and may be kept. Not for a format with a slot level
     * ({@link #sorted}).
     */
    static Tensor assemble(Format format, int[] dims, int[][] lc, int n, Values src, int[] valueIndex) {
        return new TensorAssembler(format, dims, lc, n, src, valueIndex).run();
    }

    private Tensor run() {
        int order = format.depth();
        Level[] levels = new Level[order];
        par = new int[n];
        cur = new int[n];
        int parentSize = 1;
        Level parent = null;
        for (int k = 0; k < order; k++) {
            LevelFormat f = format.level(k);
            boolean last = k == order - 1;
            // A constant (pattern) needs nothing per element; doubles live in the last level's elements, unless
            // one is NaN: a level that holds doubles reads NaN as "no element", so those stay in a values array.
            ValueMode mode = !last ? ValueMode.POSITION : src.isConstant() ? ValueMode.NONE
                    : src.type() == ValueType.DOUBLE && !(f instanceof DynamicLevelFormat && anyNaN()) ? ValueMode.DOUBLE
                    : ValueMode.POSITION;
            reach = k;
            while (reach + 1 < order && format.level(reach + 1).is(Property.BRANCHLESS)) {
                reach++;
            }
            boolean vbyte = f instanceof StaticLevelFormat v && v.type() == LevelType.VBYTE;
            Level level = vbyte ? assembleVbyte((StaticLevelFormat) f, dims[format.modeOfLevel(k)], parentSize, lc[k], k)
                    : Level.create(f, format.isSlot(k) ? slotDimension : dims[format.modeOfLevel(k)], mode);
            int[] c = lc[k];
            if (vbyte) {
                // assembled whole above: positions are element numbers, the values array is indexed by them
            } else if (level instanceof DenseLevel d) {
                d.insertInit(parentSize);
                for (int j = 0; j < n; j++) {
                    cur[j] = d.locate(par[j], c[j]);
                }
            } else if (level instanceof BitmapLevel b) {
                b.insertInit(parentSize);
                for (int j = 0; j < n; j++) {
                    cur[j] = b.insertCoord(par[j], c[j]);
                }
            } else if (level instanceof CompressedLevel cl) {
                assembleCompressed(cl, parentSize, c, k);
            } else if (level instanceof SingletonLevel s && !f.is(Property.COMPACT)) {
                s.insertInit(parentSize);
                for (int j = 0; j < n; j++) {
                    s.insertCoord(par[j], c[j]);
                    cur[j] = par[j];
                }
            } else if (level instanceof SingletonLevel s) {
                assembleSingleton(s, parentSize, c, k);
            } else if (level instanceof RangeLevel r) {
                r.insertInit(parentSize, offsets, dims[format.modeOfLevel(k + 1)]);
                for (int j = 0; j < n; j++) {
                    cur[j] = r.locate(par[j], c[j]);
                }
            } else if (level instanceof OffsetLevel o) {
                o.init(parentSize, offsets);
                System.arraycopy(par, 0, cur, 0, n);
            } else if (level instanceof HashedLevel h) {
                assembleHashed(h, parentSize, c, k);
                if (!last) {
                    sortByPosition(k, h.size());
                }
            } else {
                assembleDynamic((DynamicLevel) level, parentSize, c, k);
            }
            if (f.is(Property.FULL) && !(level instanceof DenseLevel)) {
                checkFull(k, level, parent, parentSize, c);
            }
            levels[k] = level;
            parent = level;
            parentSize = level.size();
            int[] t = par;
            par = cur;
            cur = t;
        }
        return new Tensor(format, dims, levels, values(levels, parentSize));
    }

    /** Whether a value to be stored is NaN. */
    private boolean anyNaN() {
        for (int j = 0; j < n; j++) {
            double v = src.getAsDouble(valueIndex[j]);
            if (v != v) {
                return true;
            }
        }
        return false;
    }

    private boolean newNode(int j, int k) {
        if (j == 0 || par[j] != par[j - 1]) {
            return true;
        }
        for (int l = k; l <= reach; l++) {
            if (lc[l][j] != lc[l][j - 1]) {
                return true;
            }
        }
        return false;
    }

    private void assembleCompressed(CompressedLevel cl, int parentSize, int[] c, int k) {
        int nodes = 0;
        for (int j = 0; j < n; j++) {
            if (newNode(j, k)) {
                nodes++;
            }
        }
        cl.appendInit(parentSize, nodes);
        int parent = -1;
        int begin = 0;
        int q = -1;
        for (int j = 0; j < n; j++) {
            if (newNode(j, k)) {
                if (par[j] != parent) {
                    if (parent >= 0) {
                        cl.appendEdges(parent, begin, cl.size());
                    }
                    parent = par[j];
                    begin = cl.size();
                }
                q = cl.appendCoord(c[j]);
            }
            cur[j] = q;
        }
        if (parent >= 0) {
            cl.appendEdges(parent, begin, cl.size());
        }
        cl.appendFinalize();
    }

    /**
     * A vbyte last level in {@link ValueMode#POSITION}: the entries' (parent, coordinate) pairs as CSR rows, encoded;
     * entry {@code j}'s position is its element number.
     */
    private VbyteLevel assembleVbyte(StaticLevelFormat f, int dim, int parentSize, int[] c, int k) {
        int[] ptr = new int[parentSize + 1];
        int[] col = new int[n];
        int nodes = 0;
        for (int j = 0; j < n; j++) {
            if (newNode(j, k)) {
                col[nodes++] = c[j];
                ptr[par[j] + 1]++;
            }
            cur[j] = nodes - 1;
        }
        for (int p = 0; p < parentSize; p++) {
            ptr[p + 1] += ptr[p];
        }
        return VbyteBuilder.build(f, dim, VbyteBuilder.of(org.stag.loaders.RowBlocks.of(parentSize, ptr, col, null)),
                ValueMode.POSITION);
    }

    private void assembleSingleton(SingletonLevel s, int parentSize, int[] c, int k) {
        s.appendInit(parentSize);
        int q = -1;
        for (int j = 0; j < n; j++) {
            // The parent level made a node per distinct run of coordinates down to the end of this level's
            // branchless run, so each parent gets one child, at the parent's own position.
            if (newNode(j, k)) {
                q = s.appendCoord(c[j]);
            }
            cur[j] = q;
            assert q == par[j];
        }
        s.appendFinalize();
    }

    private void assembleHashed(HashedLevel h, int parentSize, int[] c, int k) {
        int[] children = new int[parentSize];
        for (int j = 0; j < n; j++) {
            if (newNode(j, k)) {
                children[par[j]]++;
            }
        }
        h.insertInit(parentSize, children);
        for (int j = 0; j < n; j++) {
            cur[j] = newNode(j, k) ? h.insertCoord(par[j], c[j]) : cur[j - 1];
        }
    }

    private void assembleDynamic(DynamicLevel d, int parentSize, int[] c, int k) {
        d.appendInit(parentSize);
        int[] nodeCrd = new int[n];
        int[] nodeOf = new int[n];
        int nodes = 0;
        for (int j = 0; j < n; j++) {
            if (newNode(j, k)) {
                nodeCrd[nodes++] = c[j];
            }
            nodeOf[j] = nodes - 1;
        }
        // Positions come back in the scratch array; in DOUBLE mode it carries the values in (one node per
        // entry); in NONE mode it is not read.
        double[] scratch = d.holdsValues() ? src.toDoubles(valueIndex, n) : new double[nodes];
        int from = 0;
        int j = 0;
        while (from < nodes) {
            int p = par[j];
            int to = from;
            while (j < n && par[j] == p) {
                to = nodeOf[j] + 1;
                j++;
            }
            d.build(p, nodeCrd, scratch, from, to);
            from = to;
        }
        for (int e = 0; e < n; e++) {
            cur[e] = d.carriesPositions() ? (int) scratch[nodeOf[e]] : -1;
        }
        d.trim();
    }

    /** Stable counting sort of the entries by their position at the level just assembled. */
    private void sortByPosition(int k, int size) {
        int[] start = new int[size + 1];
        for (int j = 0; j < n; j++) {
            start[cur[j] + 1]++;
        }
        for (int q = 0; q < size; q++) {
            start[q + 1] += start[q];
        }
        int[] perm = new int[n];
        for (int j = 0; j < n; j++) {
            perm[start[cur[j]]++] = j;
        }
        cur = permute(cur, perm);
        valueIndex = permute(valueIndex, perm);
        for (int l = k + 1; l < lc.length; l++) {
            lc[l] = permute(lc[l], perm);
        }
    }

    private int[] permute(int[] a, int[] perm) {
        int[] b = new int[a.length];
        for (int j = 0; j < n; j++) {
            b[j] = a[perm[j]];
        }
        return b;
    }

    /** A declared-full level: every labeled parent must have all {@code N} coordinates. */
    private void checkFull(int k, Level level, Level parent, int parentSize, int[] c) {
        int[] distinct = new int[parentSize];
        for (int j = 0; j < n; j++) {
            if (j == 0 || par[j] != par[j - 1] || c[j] != c[j - 1]) {
                distinct[par[j]]++;
            }
        }
        for (int p = 0; p < parentSize; p++) {
            if ((parent == null || parent.isLabeled(p)) && distinct[p] != level.dimension()) {
                throw new IllegalArgumentException("level " + k + " (" + level.format().name() + ") is declared full,"
                        + " but parent position " + p + " has " + distinct[p] + " of " + level.dimension() + " coordinates");
            }
        }
    }

    private Values values(Level[] levels, int lastSize) {
        if (src instanceof ConstantValues c) {
            return constantValues(c, levels, lastSize);
        }
        if (levels.length == 0) {
            // A scalar: one component; after de-duplication at most one entry is left.
            Values v = src.filled(1);
            if (n > 0) {
                v.scatter(src, valueIndex, new int[1], 1);
            }
            return v;
        }
        if (levels[levels.length - 1] instanceof DynamicLevel d && d.holdsValues()) {
            return src.filled(0);
        }
        Values v = src.filled(lastSize);
        v.scatter(src, valueIndex, par, n);
        return v;
    }

    /**
     * The constant stays constant where every position of the last level is a given component or is never
     * read (an empty hash bucket, an unset bit); a dense last level with positions nobody gave gets an array
     * with the fill value there.
     */
    private Values constantValues(ConstantValues c, Level[] levels, int lastSize) {
        if (levels.length == 0) {
            return n > 0 ? c.resized(1) : c.filled(1);
        }
        if (levels[levels.length - 1] instanceof DenseLevel && n < lastSize) {
            return c.toArray(lastSize, par, n);
        }
        return c.resized(lastSize);
    }
}
