package org.stag.formats.dynamic;

import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;

/**
 * Where one schema field lives in a {@link NodePool}: which array and with what stride. Scalars have
 * stride 1; arrays bounded by a constant {@code u} are stored inline with stride {@code u}; unbounded
 * arrays keep an offset into the store's {@link ChunkArena} (stride 1) and a capacity in a hidden slot.
 *
 * @param slot     index of the field's primary array in the pool (ints, bytes or longs, by kind)
 * @param capSlot  for arena arrays: index of the int array holding each chunk's capacity; else -1
 */
public record FieldLayout(Field field, Storage storage, int slot, int stride, int capSlot) {

    /** Which kind of primitive array holds the field. */
    public enum Storage {
        /** {@code int[]}: coordinates, child and parent handles, sizes, int8..int32 metadata. */
        INT,
        /** {@code byte[]}: bool metadata. */
        BYTE,
        /** {@code long[]}: int64 and uint32/uint64 metadata. */
        LONG
    }

    /** Whether the field's array elements live in the chunk arena rather than inline. */
    public boolean inArena() {
        return capSlot >= 0;
    }

    /** Whether the field holds elements (so it also has value or position arrays). */
    public boolean holdsElements() {
        return field.kind() == FieldKind.ELEMENT || field.kind() == FieldKind.ELEMENT_ARRAY;
    }
}
