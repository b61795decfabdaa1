package org.stag.algorithms.run;

import java.io.IOException;
import java.io.Writer;
import java.util.Objects;

/**
 * One number for the whole graph: the result of a program whose output is a scalar of {@code Main} (triangle
 * counting's {@code triangles}), written as one {@code name value} line.
 *
 * @param name  the program output it came from
 * @param value a {@code Long} (an integer output: {@code bool}, {@code int}, {@code long}) or a {@code Double}
 */
public record ScalarValue(String name, Number value) {
    public ScalarValue {
        Objects.requireNonNull(name, "name");
        if (!(value instanceof Long) && !(value instanceof Double)) {
            throw new IllegalArgumentException(name + " is " + value + ", not a long or a double");
        }
    }

    /**
     * The scalar output {@code value} of a program as a result: integers widened to {@code Long} ({@code bool} as 0
     * or 1), reals to {@code Double}.
     *
     * @throws IllegalArgumentException when {@code value} is not a number or a boolean
     */
    public static ScalarValue of(String name, Object value) {
        if (value instanceof Boolean b) {
            return new ScalarValue(name, b ? 1L : 0L);
        }
        if (value instanceof Double || value instanceof Float) {
            return new ScalarValue(name, ((Number) value).doubleValue());
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return new ScalarValue(name, ((Number) value).longValue());
        }
        throw new IllegalArgumentException(name + " is not a number: " + value);
    }

    /** Whether the value is an integer. */
    public boolean integral() {
        return value instanceof Long;
    }

    /** The value as text: an integer in full, a real as Java prints a double ({@code Infinity} where infinite). */
    public String text() {
        return value.toString();
    }

    /** Writes {@code name value} and a newline. */
    public void write(Writer out) throws IOException {
        out.write(name);
        out.write(' ');
        out.write(text());
        out.write('\n');
    }
}
