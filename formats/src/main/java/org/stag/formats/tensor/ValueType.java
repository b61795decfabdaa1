package org.stag.formats.tensor;

/** The type of a tensor's component values, each stored in a primitive array of that type. */
public enum ValueType {
    BOOL(1),
    INT(4),
    LONG(8),
    FLOAT(4),
    DOUBLE(8);

    private final int bytes;

    ValueType(int bytes) {
        this.bytes = bytes;
    }

    /** Bytes per stored value. */
    public int bytes() {
        return bytes;
    }
}
