package org.stag.formats.tensor;

import org.stag.formats.level.VbyteBuilder;

/**
 * Row-encoded matrices ({@link Format#rowEncoded}: {@code dense,vbyte}) built from rows handed over in order by a
 * {@link VbyteBuilder.RowSource} (scanned twice), holding nothing beside the result but the source's rows at a time and
 * 8 bytes per row: the in-edges of a graph loaded straight into {@code dense,vbyte}, transposed from its out-edges.
 */
public final class RowEncoded {
    private RowEncoded() {
    }

    /**
     * The {@code rows x cols} matrix of the {@code entries} entries {@code src} hands over, in {@code f}.
     *
     * @throws IllegalArgumentException for a format that is not row-encoded, or rows out of range or order
     */
    public static Tensor fromRows(Format f, int rows, int cols, VbyteBuilder.RowSource src, long entries) {
        if (!f.rowEncoded()) {
            throw new IllegalArgumentException("format " + f + " is not built from rows as they come; only dense,vbyte is");
        }
        return CsrRows.vbyte(f, rows, cols, src, entries);
    }
}
