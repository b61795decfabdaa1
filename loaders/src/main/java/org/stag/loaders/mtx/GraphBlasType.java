package org.stag.loaders.mtx;

import java.util.Locale;
import org.stag.loaders.BadInputException;
import org.stag.loaders.text.HeaderReader;

/**
 * The value type a {@code %%GraphBLAS} line declares (written by LAGraph and SuiteSparse:GraphBLAS after the
 * Matrix Market banner, as {@code %%GraphBLAS type int8_t}, {@code %%GraphBLAS int8_t} or
 * {@code %%GraphBLAS GrB_INT8}). Values are still read as doubles; the type says which ones the file may hold.
 */
public enum GraphBlasType {
    BOOL("bool", 0, 2, true),
    INT8("int8", -0x1p7, 0x1p7, true),
    INT16("int16", -0x1p15, 0x1p15, true),
    INT32("int32", -0x1p31, 0x1p31, true),
    INT64("int64", -0x1p63, 0x1p63, true),
    UINT8("uint8", 0, 0x1p8, true),
    UINT16("uint16", 0, 0x1p16, true),
    UINT32("uint32", 0, 0x1p32, true),
    UINT64("uint64", 0, 0x1p64, true),
    FP32("fp32", -Float.MAX_VALUE, Float.MAX_VALUE, false),
    FP64("fp64", Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, false);

    private final String shortName;
    private final double low;
    private final double high;
    private final boolean integral;

    /** Integer types take {@code [low, high)} and whole numbers only; float types take {@code [low, high]} and NaN. */
    GraphBlasType(String shortName, double low, double high, boolean integral) {
        this.shortName = shortName;
        this.low = low;
        this.high = high;
        this.integral = integral;
    }

    /** The name in messages: {@code bool}, {@code int8}, ..., {@code fp64}. */
    public String shortName() {
        return shortName;
    }

    /** Whether the type is unsigned (or bool), so that it cannot be skew-symmetric. */
    public boolean unsigned() {
        return integral && low == 0;
    }

    /** Whether {@code v} is a value of this type. */
    public boolean accepts(double v) {
        if (integral) {
            return v >= low && v < high && v == Math.rint(v);
        }
        return v != v || Double.isInfinite(v) || (v >= low && v <= high);
    }

    /** Why {@code v}, written as {@code token}, is not a value of this type. */
    public String refusal(double v, String token) {
        if (integral && v == v && !Double.isInfinite(v) && v != Math.rint(v) && v >= low && v < high) {
            return "value " + token + " is not a whole number, as type " + shortName + " needs";
        }
        return "value " + token + " out of range for " + shortName;
    }

    /**
     * The type a {@code %%GraphBLAS} line names.
     *
     * @param text the line, starting with {@code %%GraphBLAS}
     */
    public static GraphBlasType parse(String text, String file, long line) {
        String[] words = text.trim().split("[ \t]+");
        int at = 1;
        if (at < words.length && words[at].equalsIgnoreCase("type")) {
            at++;
        }
        if (at >= words.length) {
            throw new BadInputException(file, line, "the %%GraphBLAS line names no type (expected e.g. '%%GraphBLAS type int8_t')");
        }
        String name = words[at].toLowerCase(Locale.ROOT);
        String rest = at + 1 < words.length ? words[at + 1].toLowerCase(Locale.ROOT) : "";
        if (rest.equals("complex") || name.equals("gxb_fc32") || name.equals("gxb_fc64")) {
            throw new BadInputException(file, line, "complex matrices are unsupported (%%GraphBLAS type " + HeaderReader.quote(words[at]) + ")");
        }
        if (name.startsWith("grb_")) {
            name = name.substring(4);
        }
        if (name.endsWith("_t")) {
            name = name.substring(0, name.length() - 2);
        }
        name = switch (name) {
            case "float" -> "fp32";
            case "double" -> "fp64";
            default -> name;
        };
        for (GraphBlasType t : values()) {
            if (t.shortName.equals(name)) {
                if (at + 1 < words.length) {
                    throw new BadInputException(file, line, "unexpected " + HeaderReader.quote(words[at + 1]) + " after the %%GraphBLAS type");
                }
                return t;
            }
        }
        throw new BadInputException(file, line, "unknown %%GraphBLAS type " + HeaderReader.quote(words[at])
                + " (expected bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, fp32 or fp64)");
    }
}
