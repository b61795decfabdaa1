package org.stag.formats.schema;

import java.util.Optional;

/** Types of metadata fields (Table 1 of the paper): a boolean or a signed/unsigned integer of 8 to 64 bits. */
public enum MetadataType {
    /** {@code bool}, e.g. a red-black colour. */
    BOOL("bool", 1, false),
    /** {@code int8}. */
    INT8("int8", 8, true),
    /** {@code uint8}. */
    UINT8("uint8", 8, false),
    /** {@code int16}. */
    INT16("int16", 16, true),
    /** {@code uint16}. */
    UINT16("uint16", 16, false),
    /** {@code int32}. */
    INT32("int32", 32, true),
    /** {@code uint32}. */
    UINT32("uint32", 32, false),
    /** {@code int64}. */
    INT64("int64", 64, true),
    /** {@code uint64}. */
    UINT64("uint64", 64, false);

    private final String keyword;
    private final int bits;
    private final boolean signed;

    MetadataType(String keyword, int bits, boolean signed) {
        this.keyword = keyword;
        this.bits = bits;
        this.signed = signed;
    }

    /** The word that names this type in schema source. */
    public String keyword() {
        return keyword;
    }

    /** Width in bits; 1 for {@link #BOOL}. */
    public int bits() {
        return bits;
    }

    /** Whether the integer type is signed; false for {@link #BOOL}. */
    public boolean signed() {
        return signed;
    }

    /** The type a keyword names, if any. */
    public static Optional<MetadataType> fromKeyword(String word) {
        for (MetadataType t : values()) {
            if (t.keyword.equals(word)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
