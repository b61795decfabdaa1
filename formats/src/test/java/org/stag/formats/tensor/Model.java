package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.StaticLevelFormat;

/**
 * A tensor's expected contents: a {@code TreeMap} from the coordinates (encoded in level order, so map
 * order is the stream's order) to the value encoded as a long (double bits, the long or int itself, 0/1).
 */
final class Model {
    /** The static level formats whose combinations the tests enumerate. */
    static final LevelFormat[] STATIC = {StaticLevelFormat.DENSE, StaticLevelFormat.COMPRESSED,
        StaticLevelFormat.COMPRESSED_NONUNIQUE, StaticLevelFormat.SINGLETON, StaticLevelFormat.SINGLETON_NONUNIQUE,
        StaticLevelFormat.HASHED, StaticLevelFormat.BITMAP, StaticLevelFormat.VBYTE};

    final int[] dims;
    final Format format;
    final ValueType type;
    final long fill;
    final TreeMap<Long, Long> entries = new TreeMap<>();
    /** What was passed to {@link Tensor#build}. */
    int[][] coordinates;
    Values values;

    Model(Format format, int[] dims, ValueType type, long fill) {
        this.format = format;
        this.dims = dims.clone();
        this.type = type;
        this.fill = fill;
    }

    /** Every valid format with these level formats (identity order), in enumeration order. */
    static List<Format> formats(int order, LevelFormat[] choices) {
        List<Format> out = new ArrayList<>();
        int total = (int) Math.pow(choices.length, order);
        for (int code = 0; code < total; code++) {
            LevelFormat[] l = new LevelFormat[order];
            int c = code;
            for (int k = order - 1; k >= 0; k--) {
                l[k] = choices[c % choices.length];
                c /= choices.length;
            }
            try {
                Format f = Format.of(l);
                if (f.slots() == 0) {
                    // A singleton under a unique level makes a slot format of lower order (ELL): SlotFormatTest's.
                    out.add(f);
                }
            } catch (IllegalArgumentException e) {
                // A level where it cannot stand (e.g. a singleton under a unique parent): not a format.
            }
        }
        return out;
    }

    /** All permutations of {@code 0..n-1}. */
    static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] p, boolean[] used, int k, List<int[]> out) {
        if (k == p.length) {
            out.add(p.clone());
            return;
        }
        for (int m = 0; m < p.length; m++) {
            if (!used[m]) {
                used[m] = true;
                p[k] = m;
                permute(p, used, k + 1, out);
                used[m] = false;
            }
        }
    }

    /** The fill value a test uses for {@code type}: the default (0/false) or a non-zero one. */
    static long encodedFill(ValueType type, boolean unusual) {
        return switch (type) {
            case DOUBLE -> Double.doubleToLongBits(unusual ? Double.POSITIVE_INFINITY : 0.0);
            case FLOAT -> Double.doubleToLongBits(unusual ? Float.NEGATIVE_INFINITY : 0f);
            case LONG -> unusual ? Long.MAX_VALUE : 0L;
            case INT -> unusual ? -1 : 0;
            case BOOL -> unusual ? 1 : 0;
        };
    }

    /**
     * A model of {@code n} random components (with duplicates: the last one counts) of which about one
     * in eight is an explicit fill value, and the arrays to build it from.
     */
    static Model random(Format format, int[] dims, ValueType type, boolean unusualFill, int n, SplittableRandom rnd) {
        Model m = new Model(format, dims, type, encodedFill(type, unusualFill));
        int order = dims.length;
        m.coordinates = new int[order][n];
        long[] enc = new long[n];
        for (int j = 0; j < n; j++) {
            for (int d = 0; d < order; d++) {
                // A hot corner makes duplicates likely.
                int range = rnd.nextInt(4) == 0 ? Math.min(2, dims[d]) : dims[d];
                m.coordinates[d][j] = rnd.nextInt(range);
            }
            enc[j] = rnd.nextInt(8) == 0 ? m.fill : m.randomValue(rnd);
            m.entries.put(m.key(m.coordinates, j), enc[j]);
        }
        m.values = m.decode(enc, n);
        return m;
    }

    /**
     * A model of the given components (mode coordinates {@code coords[m][j]}, encoded values {@code enc[j]}; the last
     * of repeated coordinates counts) and the arrays to build it from.
     */
    static Model of(Format format, int[] dims, ValueType type, long fill, int[][] coords, long[] enc) {
        Model m = new Model(format, dims, type, fill);
        m.coordinates = coords;
        for (int j = 0; j < enc.length; j++) {
            m.entries.put(m.key(coords, j), enc[j]);
        }
        m.values = m.decode(enc, enc.length);
        return m;
    }

    private long randomValue(SplittableRandom rnd) {
        return switch (type) {
            case DOUBLE -> Double.doubleToLongBits(rnd.nextInt(2000) / 8.0 - 100);
            case FLOAT -> Double.doubleToLongBits((float) (rnd.nextInt(2000) / 4.0 - 200));
            case LONG -> rnd.nextLong(1L << 52) - (1L << 51);
            case INT -> rnd.nextInt();
            case BOOL -> rnd.nextInt(2);
        };
    }

    private Values decode(long[] enc, int n) {
        switch (type) {
            case DOUBLE -> {
                double[] a = new double[n];
                for (int j = 0; j < n; j++) {
                    a[j] = Double.longBitsToDouble(enc[j]);
                }
                return Values.ofDoubles(a, Double.longBitsToDouble(fill));
            }
            case FLOAT -> {
                float[] a = new float[n];
                for (int j = 0; j < n; j++) {
                    a[j] = (float) Double.longBitsToDouble(enc[j]);
                }
                return Values.ofFloats(a, (float) Double.longBitsToDouble(fill));
            }
            case LONG -> {
                return Values.ofLongs(Arrays.copyOf(enc, n), fill);
            }
            case INT -> {
                int[] a = new int[n];
                for (int j = 0; j < n; j++) {
                    a[j] = (int) enc[j];
                }
                return Values.ofInts(a, (int) fill);
            }
            default -> {
                boolean[] a = new boolean[n];
                for (int j = 0; j < n; j++) {
                    a[j] = enc[j] != 0;
                }
                return Values.ofBools(a, fill != 0);
            }
        }
    }

    Tensor build() {
        return Tensor.build(format, dims, coordinates, values);
    }

    /** Key of component {@code j} of mode-indexed coordinate arrays, in the model format's level order. */
    long key(int[][] byMode, int j) {
        long key = 0;
        for (int k = 0; k < dims.length; k++) {
            int m = format.modeOfLevel(k);
            key = key * dims[m] + byMode[m][j];
        }
        return key;
    }

    /** Mode coordinates of a key. */
    int[] coords(long key) {
        int[] c = new int[dims.length];
        for (int k = dims.length - 1; k >= 0; k--) {
            int m = format.modeOfLevel(k);
            c[m] = (int) (key % dims[m]);
            key /= dims[m];
        }
        return c;
    }

    long encode(TensorCursor c) {
        return switch (type) {
            case DOUBLE, FLOAT -> Double.doubleToLongBits(c.doubleValue());
            case LONG, INT -> c.longValue();
            case BOOL -> c.booleanValue() ? 1 : 0;
        };
    }

    long encodeGet(Tensor t, int[] coords) {
        return switch (type) {
            case DOUBLE, FLOAT -> Double.doubleToLongBits(t.getAsDouble(coords));
            case LONG, INT -> t.getAsLong(coords);
            case BOOL -> t.getAsBoolean(coords) ? 1 : 0;
        };
    }

    /**
     * Checks {@code t} (whose format may differ from the model's in levels and mode order) holds exactly
     * the model: its invariants, a strictly increasing stream in its own level order whose components
     * are model entries or fill values, every entry with a defined value (and, when
     * {@code explicitFillsStored}, every entry) in the stream, and the model's value (or the fill value)
     * at every coordinate.
     */
    void verify(Tensor t, boolean explicitFillsStored, String what) {
        t.check();
        assertEquals(type, t.valueType(), what);
        Format tf = t.format();
        int order = dims.length;
        long prev = -1;
        int seen = 0;
        int seenDefined = 0;
        TensorCursor c = t.cursor();
        int[] coords = new int[order];
        while (c.next()) {
            long levelKey = 0;
            for (int k = 0; k < order; k++) {
                int m = tf.modeOfLevel(k);
                same(c.levelCoordinate(k), c.coordinate(m), what, "mode coordinate", coords);
                levelKey = levelKey * dims[m] + c.levelCoordinate(k);
                coords[m] = c.levelCoordinate(k);
            }
            if (levelKey <= prev) {
                fail(what + ": stream not strictly increasing at " + Arrays.toString(coords));
            }
            prev = levelKey;
            long key = 0;
            for (int k = 0; k < order; k++) {
                int m = format.modeOfLevel(k);
                key = key * dims[m] + coords[m];
            }
            Long expected = entries.get(key);
            long got = encode(c);
            if ((got == fill) != c.isFill()) {
                fail(what + ": isFill at " + Arrays.toString(coords));
            }
            if (expected == null) {
                same(fill, got, what, "unexpected component", coords);
            } else {
                same(expected, got, what, "value", coords);
                seen++;
                if (expected != fill) {
                    seenDefined++;
                }
            }
        }
        long defined = entries.values().stream().filter(v -> v != fill).count();
        assertEquals(defined, seenDefined, what + ": defined components in the stream");
        if (explicitFillsStored) {
            assertEquals(entries.size(), seen, what + ": stored components in the stream");
        }
        long total = 1;
        for (int d : dims) {
            total *= d;
        }
        if (total <= 5000) {
            for (long key = 0; key < total; key++) {
                int[] at = coords(key);
                same(entries.getOrDefault(key, fill), encodeGet(t, at), what, "get", at);
            }
        } else {
            for (Map.Entry<Long, Long> e : entries.entrySet()) {
                int[] at = coords(e.getKey());
                same(e.getValue(), encodeGet(t, at), what, "get", at);
            }
            SplittableRandom rnd = new SplittableRandom(total);
            for (int i = 0; i < 2000; i++) {
                long key = rnd.nextLong(total);
                int[] at = coords(key);
                same(entries.getOrDefault(key, fill), encodeGet(t, at), what, "get", at);
            }
        }
    }

    /** Builds the failure message only on failure: these checks run per component. */
    private static void same(long expected, long actual, String what, String check, int[] coords) {
        if (expected != actual) {
            assertEquals(expected, actual, what + ": " + check + " at " + Arrays.toString(coords));
        }
    }
}
