package org.stag.engine.front;

/**
 * The value types of scalars and tensor elements, narrowest first. Widening follows this order
 * ({@code bool} converts to {@code int} as 0 or 1), so {@link #ordinal()} is the widening rank.
 */
public enum ScalarType {
    BOOL("bool"),
    INT("int"),
    LONG("long"),
    FLOAT("float"),
    DOUBLE("double");

    private final String keyword;

    ScalarType(String keyword) {
        this.keyword = keyword;
    }

    /** The keyword that names this type in programs. */
    public String keyword() {
        return keyword;
    }

    /** Whether values are whole numbers ({@code int} or {@code long}). */
    public boolean isIntegral() {
        return this == INT || this == LONG;
    }

    /** Whether values are floating point ({@code float} or {@code double}). */
    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    /** The wider of two types. */
    public static ScalarType wider(ScalarType a, ScalarType b) {
        return a.ordinal() >= b.ordinal() ? a : b;
    }

    /** The type named by {@code keyword}, or null. */
    public static ScalarType byKeyword(String keyword) {
        for (ScalarType t : values()) {
            if (t.keyword.equals(keyword)) {
                return t;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return keyword;
    }
}
