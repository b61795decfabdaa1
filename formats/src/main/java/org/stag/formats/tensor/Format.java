package org.stag.formats.tensor;

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
 * order, a permutation saying that level {@code k} stores mode {@code order[k]}. CSR is
 * {@code (dense, compressed)} with order {@code 0, 1}, CSC the same levels with order {@code 1, 0}.
 * Immutable.
 *
 * <p>Where levels may stand (checked here, so every format can be assembled):
 * <ul>
 *   <li>A singleton's parent must be a non-unique compressed or singleton level: a singleton gives each
 *       parent exactly one child, so the parent level needs a node per stored component, possibly with
 *       repeated coordinates, as in COO {@code (compressed(nonunique), singleton)}. Under a unique
 *       parent, or first, it could only hold tensors with one component per parent.</li>
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
    private final int[] order;
    private final int[] levelOfMode;

    /** Levels with mode order {@code order} (level {@code k} stores mode {@code order[k]}). */
    public Format(List<LevelFormat> levels, int[] order) {
        this.levels = List.copyOf(levels);
        this.order = order.clone();
        this.levelOfMode = inverse(this.order, this.levels.size());
        checkPlacement(this.levels);
    }

    /** Levels in the identity mode order. */
    public static Format of(LevelFormat... levels) {
        int[] id = new int[levels.length];
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

    /** The same levels with another mode order. */
    public Format withOrder(int... order) {
        return new Format(levels, order);
    }

    private static int[] inverse(int[] order, int n) {
        if (order.length != n) {
            throw new IllegalArgumentException("mode order " + Arrays.toString(order) + " has " + order.length
                    + " entries for " + n + " levels");
        }
        int[] inv = new int[n];
        Arrays.fill(inv, -1);
        for (int k = 0; k < n; k++) {
            int m = order[k];
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

    /** Why level {@code k} may not stand where it does (see the class comment), or null. */
    static String placementProblem(List<LevelFormat> levels, int k) {
        LevelFormat l = levels.get(k);
        LevelFormat parent = k == 0 ? null : levels.get(k - 1);
        if (l instanceof StaticLevelFormat s && s.type() == LevelType.SINGLETON && !nonUniqueAppendable(parent)) {
            return "a singleton level needs a non-unique compressed or singleton parent, as in COO: "
                    + "compressed(nonunique),singleton";
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

    private static boolean nonUniqueAppendable(LevelFormat parent) {
        return parent instanceof StaticLevelFormat s && !s.is(Property.UNIQUE)
                && (s.type() == LevelType.COMPRESSED || s.type() == LevelType.SINGLETON);
    }

    /** Number of levels (= modes). */
    public int order() {
        return levels.size();
    }

    /** The level formats, top first. */
    public List<LevelFormat> levels() {
        return levels;
    }

    /** The format of level {@code k}. */
    public LevelFormat level(int k) {
        return levels.get(k);
    }

    /** The mode level {@code k} stores. */
    public int modeOfLevel(int k) {
        return order[k];
    }

    /** The level that stores mode {@code m}. */
    public int levelOfMode(int m) {
        return levelOfMode[m];
    }

    /** The mode order (a copy). */
    public int[] modeOrder() {
        return order.clone();
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

    /** Whether level {@code k} stores mode {@code k} for every {@code k}. */
    public boolean hasIdentityOrder() {
        for (int k = 0; k < order.length; k++) {
            if (order[k] != k) {
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
        return order() == 2 && hasIdentityOrder() && level(0).equals(StaticLevelFormat.DENSE)
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
        for (int m : order) {
            o.add(Integer.toString(m));
        }
        return s + ";order=" + o;
    }
}
