package org.stag.formats.tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.Property;
import org.stag.formats.level.StaticLevelFormat;

/**
 * A tensor format: the level formats from the top of the coordinate hierarchy down, and the mode
 * order, saying that level {@code k} stores mode {@code modeOfLevel(k)}. CSR is {@code (dense, compressed)}
 * with order {@code 0, 1}, CSC the same levels with order {@code 1, 0}. Immutable.
 *
 * <p><b>Slot levels.</b> A level may store no mode at all ([Chou 2018], Figure 4, casts structured matrix formats
 * as formats of one more level): DIA is {@code dense,range,offset}, whose top level enumerates the diagonals,
 * and ELL is {@code dense,dense,singleton}, whose top level enumerates the slots of a row. Such a level is the
 * format's <em>slot level</em>; it is always the top one, and a format has at most one. It is there exactly
 * when a level needs it: the parent of a {@code range} and the grandparent of an {@code offset} key their
 * offsets ({@code range}'s bounds and {@code offset}'s shift are {@code offset[d]} of the diagonal {@code d}),
 * and a {@code singleton} under a unique parent (a level whose coordinates appear once per parent) can hold a
 * row of several entries only when the slot level repeats the row. So {@code dense,range,offset} stores a
 * matrix ({@link #order()} 2, {@link #depth()} 3). Every stored component lies on one path: a diagonal is
 * {@code j - i}, a slot the rank of the entry in its row.
 *
 * <p>Where levels may stand (checked here, so every format can be assembled):
 * <ul>
 *   <li>A singleton's parent must be a non-unique compressed or singleton level (COO, {@code
 *       compressed(nonunique),singleton}: a node per component) or a unique level under a slot level (ELL);
 *       under a unique parent it is non-compact ({@code singleton(noncompact)}: a slot a row does not fill is
 *       an unlabeled position), and written plainly it is made so.</li>
 *   <li>A range needs a parent (the slot level, whose coordinate keys its offsets) and an offset level right
 *       below it (whose offsets and dimension bound it).</li>
 *   <li>An offset level's parent must be a range or a compressed level (both hold only rows whose shifted
 *       column is in range; under another level a diagonal would leave the matrix), and its grandparent is
 *       the slot level.</li>
 *   <li>The slot level is a dense level, and the levels below it are static.</li>
 *   <li>A dynamic level's parent must be unique (dense, bitmap, hashed, unique compressed, a dynamic
 *       level, or none): the level keeps one structure per parent position, and batch updates find
 *       the one structure of a coordinate prefix by locating the prefix, which a repeated coordinate
 *       would make ambiguous. Its own positions are handed out in assembly order, so any level may
 *       follow it except a singleton (dynamic levels are unique).</li>
 *   <li>A vbyte level is a last level under a dense row level, or alone (a vector): it is built whole from
 *       rows, and its elements carry values, not positions of a level below.</li>
 * </ul>
 */
public final class Format {
    private final List<LevelFormat> levels;
    /** The mode of each level, -1 for the slot level. */
    private final int[] order;
    private final int[] levelOfMode;
    private final int slots;

    /**
     * Levels with mode order {@code order}: one entry per mode level ({@code order[k]} is the mode of level {@code
     * k}; with a slot level, of level {@code k + 1}).
     */
    public Format(List<LevelFormat> levels, int[] order) {
        List<LevelFormat> ls = new ArrayList<>(levels);
        checkPlacement(ls);
        normalise(ls);
        this.levels = List.copyOf(ls);
        this.slots = slotLevels(this.levels);
        this.order = levelModes(order, this.levels.size(), slots);
        this.levelOfMode = inverse(this.order, this.levels.size() - slots);
    }

    /** Levels in the identity mode order. */
    public static Format of(LevelFormat... levels) {
        int n = levels.length - slotLevels(List.of(levels));
        int[] id = new int[Math.max(0, n)];
        Arrays.setAll(id, k -> k);
        return new Format(List.of(levels), id);
    }

    /** {@code dense, compressed}. */
    public static Format csr() {
        return of(StaticLevelFormat.DENSE, StaticLevelFormat.COMPRESSED);
    }

    /** {@code dense, compressed} with mode order 1, 0. */
    public static Format csc() {
        return csr().withOrder(1, 0);
    }

    /** COO of order {@code n}: {@code compressed(nonunique), singleton(nonunique), …, singleton}. */
    public static Format coo(int n) {
        LevelFormat[] l = new LevelFormat[n];
        for (int k = 0; k < n; k++) {
            l[k] = k == 0 ? (n == 1 ? StaticLevelFormat.COMPRESSED : StaticLevelFormat.COMPRESSED_NONUNIQUE)
                    : k == n - 1 ? StaticLevelFormat.SINGLETON : StaticLevelFormat.SINGLETON_NONUNIQUE;
        }
        return of(l);
    }

    /** DIA: {@code dense, range, offset}, a matrix stored by diagonals. */
    public static Format dia() {
        return of(StaticLevelFormat.DENSE, StaticLevelFormat.RANGE, StaticLevelFormat.OFFSET);
    }

    /** ELL: {@code dense, dense, singleton(noncompact)}, a matrix stored by slots of its rows. */
    public static Format ell() {
        return of(StaticLevelFormat.DENSE, StaticLevelFormat.DENSE, StaticLevelFormat.SINGLETON_PADDED);
    }

    /** The same levels with another mode order (one entry per mode level). */
    public Format withOrder(int... order) {
        return new Format(levels, order);
    }

    /** The mode of each level from {@code given} (per level, or per mode level), -1 for the slot level. */
    private static int[] levelModes(int[] given, int depth, int slots) {
        int n = depth - slots;
        int[] modes = new int[depth];
        if (given.length == n) {
            for (int k = 0; k < depth; k++) {
                modes[k] = k < slots ? -1 : given[k - slots];
            }
            return modes;
        }
        throw new IllegalArgumentException("mode order " + Arrays.toString(given) + " has " + given.length
                + " entries for " + n + " modes" + (slots > 0 ? " (the levels below the slot level)" : ""));
    }

    private static int[] inverse(int[] order, int n) {
        int[] inv = new int[n];
        Arrays.fill(inv, -1);
        for (int k = 0; k < order.length; k++) {
            int m = order[k];
            if (m == -1 && k == 0) {
                continue;   // the slot level
            }
            if (m < 0 || m >= n || inv[m] >= 0) {
                throw new IllegalArgumentException("mode order " + Arrays.toString(order)
                        + " is not a permutation of 0.." + (n - 1));
            }
            inv[m] = k;
        }
        return inv;
    }

    private static void checkPlacement(List<LevelFormat> levels) {
        for (int k = 0; k < levels.size(); k++) {
            String problem = placementProblem(levels, k);
            if (problem != null) {
                throw new IllegalArgumentException("level " + k + " (" + levels.get(k).name() + "): " + problem);
            }
        }
    }

    /** A singleton under a unique parent leaves unlabeled positions: it is made non-compact. */
    private static void normalise(List<LevelFormat> levels) {
        for (int k = 1; k < levels.size(); k++) {
            if (levels.get(k) instanceof StaticLevelFormat s && s.type() == LevelType.SINGLETON
                    && levels.get(k - 1).is(Property.UNIQUE) && s.is(Property.COMPACT)) {
                levels.set(k, s.without(Property.COMPACT));
            }
        }
    }

    /** The number of slot levels of a well-placed format: 1 when a level needs one (see the class comment), else 0. */
    static int slotLevels(List<LevelFormat> levels) {
        for (int k = 0; k < levels.size(); k++) {
            if (slotKey(levels, k) >= 0) {
                return 1;
            }
        }
        return 0;
    }

    /**
     * The level whose coordinate level {@code k} needs as its slot: a range's parent, an offset's grandparent, the top
     * level for a singleton under a unique parent; else -1.
     */
    private static int slotKey(List<LevelFormat> levels, int k) {
        LevelFormat l = levels.get(k);
        if (!(l instanceof StaticLevelFormat s)) {
            return -1;
        }
        return switch (s.type()) {
            case RANGE -> k - 1;
            case OFFSET -> k - 2;
            case SINGLETON -> k > 0 && levels.get(k - 1).is(Property.UNIQUE) ? 0 : -1;
            default -> -1;
        };
    }

    /** Why level {@code k} may not stand where it does (see the class comment), or null. */
    static String placementProblem(List<LevelFormat> levels, int k) {
        LevelFormat l = levels.get(k);
        LevelFormat parent = k == 0 ? null : levels.get(k - 1);
        LevelType type = l instanceof StaticLevelFormat s ? s.type() : null;
        if (type == LevelType.SINGLETON && parent == null) {
            return "a singleton level needs a parent: a non-unique compressed or singleton one, as in COO "
                    + "(compressed(nonunique),singleton), or a unique one under a slot level, as in ELL (dense,dense,singleton)";
        }
        if (type == LevelType.SINGLETON && !parent.is(Property.UNIQUE) && !nonUniqueAppendable(parent)) {
            return "a singleton level needs a non-unique compressed or singleton parent, as in COO "
                    + "(compressed(nonunique),singleton), or a unique one, as in ELL (dense,dense,singleton); not " + parent.name();
        }
        if (type == LevelType.RANGE && k == 0) {
            return "a range level needs a parent, the diagonal whose offset bounds it, as in DIA (dense,range,offset)";
        }
        if (type == LevelType.RANGE && (k + 1 == levels.size() || !isType(levels.get(k + 1), LevelType.OFFSET))) {
            return "a range level needs an offset level right below it, whose offsets and dimension bound it, as in DIA"
                    + " (dense,range,offset)";
        }
        if (type == LevelType.OFFSET && (parent == null || !(isType(parent, LevelType.RANGE) || isType(parent, LevelType.COMPRESSED)))) {
            return "an offset level needs a range or compressed parent (under any other level a diagonal leaves the matrix),"
                    + (parent == null ? " but it is the top level" : " not " + parent.name())
                    + ", as in DIA (dense,range,offset) or dense,compressed,offset";
        }
        if (type == LevelType.OFFSET && k < 2) {
            return "an offset level needs a grandparent, the diagonal level that keys its offsets, as in DIA (dense,range,offset)";
        }
        int key = slotKey(levels, k);
        if (key > 0) {
            return "its offsets are keyed by level " + key + ", but the slot level of a format is its top level, as in"
                    + " DIA (dense,range,offset)";
        }
        if (key == 0 && !isType(levels.get(0), LevelType.DENSE)) {
            return "the slot level (level 0, the diagonals or the slots of a row) must be dense, not " + levels.get(0).name();
        }
        if (key == 0) {
            for (int j = 0; j < levels.size(); j++) {
                if (slotKey(levels, j) == 0 && (type == LevelType.SINGLETON) != isType(levels.get(j), LevelType.SINGLETON)) {
                    return "one slot level serves either DIA's diagonals (range, offset) or ELL's slots (a singleton under"
                            + " a unique level), not both";
                }
                if (!(levels.get(j) instanceof StaticLevelFormat)) {
                    return "a format with a slot level holds static levels only, not " + levels.get(j).name();
                }
            }
        }
        if (l instanceof StaticLevelFormat s && s.type() == LevelType.VBYTE && k != levels.size() - 1) {
            return "a vbyte level is a last level (its elements carry values, not the positions of a level below), "
                    + "e.g. dense,vbyte";
        }
        if (l instanceof StaticLevelFormat s && s.type() == LevelType.VBYTE && parent != null
                && !parent.equals(StaticLevelFormat.DENSE)) {
            return "a vbyte level hangs under a dense row level, e.g. dense,vbyte, not under " + parent.name();
        }
        if (l instanceof DynamicLevelFormat && parent != null && !parent.is(Property.UNIQUE)) {
            return "a dynamic level needs a unique parent level (one structure per coordinate prefix), not "
                    + parent.name();
        }
        return null;
    }

    private static boolean isType(LevelFormat f, LevelType t) {
        return f instanceof StaticLevelFormat s && s.type() == t;
    }

    private static boolean nonUniqueAppendable(LevelFormat parent) {
        return parent instanceof StaticLevelFormat s && !s.is(Property.UNIQUE)
                && (s.type() == LevelType.COMPRESSED || s.type() == LevelType.SINGLETON);
    }

    /** Number of modes: the order of the tensors in this format (the levels but the slot level). */
    public int order() {
        return levels.size() - slots;
    }

    /** Number of levels: {@link #order()}, plus one for a slot level. */
    public int depth() {
        return levels.size();
    }

    /** Number of slot levels (0 or 1): the top levels that store no mode (DIA's diagonals, ELL's slots). */
    public int slots() {
        return slots;
    }

    /** Whether level {@code k} is the slot level. */
    public boolean isSlot(int k) {
        return k < slots;
    }

    /** The level formats, top first. */
    public List<LevelFormat> levels() {
        return levels;
    }

    /** The format of level {@code k}. */
    public LevelFormat level(int k) {
        return levels.get(k);
    }

    /** The mode level {@code k} stores, -1 for the slot level. */
    public int modeOfLevel(int k) {
        return order[k];
    }

    /** The level that stores mode {@code m}. */
    public int levelOfMode(int m) {
        return levelOfMode[m];
    }

    /** The mode order: the mode of each level below the slot level (a copy). */
    public int[] modeOrder() {
        return Arrays.copyOfRange(order, slots, order.length);
    }

    /** Whether every level is dense: a plain array that fused element-wise passes can index directly. */
    public boolean allDense() {
        for (LevelFormat l : levels()) {
            if (!l.name().equals("dense")) {
                return false;
            }
        }
        return true;
    }

    /** Whether level {@code k} stores mode {@code k} for every {@code k} (below the slot level: mode {@code k - 1}). */
    public boolean hasIdentityOrder() {
        for (int k = slots; k < order.length; k++) {
            if (order[k] != k - slots) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether this is {@code dense,vbyte} in row-major order: a matrix whose rows are encoded one after another, so
     * that it is built from a file's rows as they are read ({@link Tensor#fromRows}).
     */
    public boolean rowEncoded() {
        return depth() == 2 && hasIdentityOrder() && level(0).equals(StaticLevelFormat.DENSE)
                && level(1) instanceof StaticLevelFormat s && s.type() == LevelType.VBYTE;
    }

    /** Whether both formats store their levels in the same mode order. */
    public boolean sameOrder(Format other) {
        return Arrays.equals(order, other.order);
    }

    /** Level by level, without iterators: the runtime compares operand formats before every kernel run. */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Format f) || f.levels.size() != levels.size() || !Arrays.equals(order, f.order)) {
            return false;
        }
        for (int k = 0; k < levels.size(); k++) {
            LevelFormat a = levels.get(k);
            LevelFormat b = f.levels.get(k);
            if (a != b && !a.equals(b)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Objects.hash(levels, Arrays.hashCode(order));
    }

    /**
     * Text that {@link FormatParser#parse} reads back, e.g. {@code dense,compressed;order=1,0} (the
     * format of a scalar, with no levels, is the empty string, which the parser rejects).
     */
    @Override
    public String toString() {
        StringJoiner s = new StringJoiner(",");
        for (LevelFormat l : levels) {
            s.add(l.name());
        }
        if (hasIdentityOrder()) {
            return s.toString();
        }
        StringJoiner o = new StringJoiner(",");
        for (int m : modeOrder()) {
            o.add(Integer.toString(m));
        }
        return s + ";order=" + o;
    }
}
