package org.stag.formats.schema;

import java.util.Optional;

/**
 * The length of an array field: the value of a size field of the same node plus {@code addend}
 * ({@code elem[B]}, {@code T[B + 1]}), or the constant {@code addend} when there is no size field ({@code elem[4]}).
 *
 * @param sizeField the size field, or empty for a constant length
 * @param addend    the constant length, or what is added to the size field
 */
public record ArraySize(Optional<String> sizeField, int addend) {

    /** Checks the length cannot be negative or zero-constant. */
    public ArraySize {
        if (addend < 0 || (sizeField.isEmpty() && addend == 0)) {
            throw new IllegalArgumentException("bad array size " + sizeField + " + " + addend);
        }
    }

    /** {@code [n]}. */
    public static ArraySize constant(int n) {
        return new ArraySize(Optional.empty(), n);
    }

    /** {@code [field]} or {@code [field + addend]}. */
    public static ArraySize of(String field, int addend) {
        return new ArraySize(Optional.of(field), addend);
    }

    /** Whether the length is a constant. */
    public boolean isConstant() {
        return sizeField.isEmpty();
    }

    /** Source syntax inside the brackets, e.g. {@code B}, {@code B + 1} or {@code 4}. */
    @Override
    public String toString() {
        if (sizeField.isEmpty()) {
            return Integer.toString(addend);
        }
        return addend == 0 ? sizeField.get() : sizeField.get() + " + " + addend;
    }
}
