package org.stag.loaders;

/**
 * The value type a LAGraph or SuiteSparse:GraphBLAS Matrix Market file declares in its {@code %%GraphBLAS type}
 * line. A graph read from such a file keeps it, every value is checked against it (read and merged), and the
 * writers write it again. Integer types are checked on the exact integer; {@link #UINT64} values above
 * {@code 2^63 - 1} are held in the graph's exact column as the same 64 bits (read them with
 * {@link Long#toUnsignedString}), so the whole range is held exactly.
 */
public enum GraphBlasType {
    BOOL("bool", "bool", 0, 1),
    INT8("int8", "int8_t", Byte.MIN_VALUE, Byte.MAX_VALUE),
    INT16("int16", "int16_t", Short.MIN_VALUE, Short.MAX_VALUE),
    INT32("int32", "int32_t", Integer.MIN_VALUE, Integer.MAX_VALUE),
    INT64("int64", "int64_t", Long.MIN_VALUE, Long.MAX_VALUE),
    UINT8("uint8", "uint8_t", 0, 0xff),
    UINT16("uint16", "uint16_t", 0, 0xffff),
    UINT32("uint32", "uint32_t", 0, 0xffff_ffffL),
    /** Unsigned: {@code high} is {@code -1}, the bits of {@code 2^64 - 1}. */
    UINT64("uint64", "uint64_t", 0, -1),
    FP32("fp32", "float", 0, 0),
    FP64("fp64", "double", 0, 0);

    /** Half an ulp above {@link Float#MAX_VALUE}: a double below this rounds to a finite float. */
    private static final double FLOAT_LIMIT = 0x1.ffffffp127;

    private final String shortName;
    private final String cName;
    private final long low;
    private final long high;

    GraphBlasType(String shortName, String cName, long low, long high) {
        this.shortName = shortName;
        this.cName = cName;
        this.low = low;
        this.high = high;
    }

    /** The name in messages: {@code bool}, {@code int8}, ..., {@code fp64}. */
    public String shortName() {
        return shortName;
    }

    /** The C name LAGraph writes after {@code %%GraphBLAS type}: {@code int8_t}, {@code float}, {@code double}. */
    public String cName() {
        return cName;
    }

    /** Whether the type holds whole numbers only. */
    public boolean integral() {
        return this != FP32 && this != FP64;
    }

    /** Whether the type is unsigned (or bool), so that it cannot be skew-symmetric. */
    public boolean unsigned() {
        return integral() && low == 0;
    }

    /** Whether integer {@code v} is a value of this type; {@code v} is read unsigned for {@link #UINT64}. */
    public boolean accepts(long v) {
        if (this == UINT64) {
            return true;
        }
        if (!integral()) {
            return accepts((double) v);
        }
        return v >= low && v <= high;
    }

    /** Whether {@code v} is a value of this type (a float type takes NaN and the infinities). */
    public boolean accepts(double v) {
        if (!integral()) {
            return this == FP64 || v != v || Double.isInfinite(v) || Math.abs(v) < FLOAT_LIMIT;
        }
        if (v != Math.rint(v)) {
            return false;
        }
        if (this == UINT64) {
            return v >= 0 && v < 0x1p64;
        }
        // Every bound of a type below 64 bits is exact as a double; int64's upper bound is 2^63 exclusive.
        return v >= low && (this == INT64 ? v < 0x1p63 : v <= high);
    }

    /** Why {@code v}, written as {@code token}, is not a value of this type. */
    public String refusal(double v, String token) {
        if (integral() && v == v && !Double.isInfinite(v) && v != Math.rint(v)) {
            return "value " + token + " is not a whole number, as type " + shortName + " needs";
        }
        return "value " + token + " out of range for " + shortName + range();
    }

    /** The range in a message: {@code  (-128..127)}; empty for the float types. */
    public String range() {
        if (!integral()) {
            return "";
        }
        return " (" + low + ".." + (this == UINT64 ? Long.toUnsignedString(high) : Long.toString(high)) + ")";
    }
}
