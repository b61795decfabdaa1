package org.stag.engine.plan;

import org.stag.engine.cin.ValueRead;
import org.stag.formats.tensor.Format;

/**
 * What a kernel specialises on for one tensor: its format and how its values are read.
 *
 * @param format the tensor's format
 * @param read   how a kernel reads its values (array, inline, or a constant)
 */
public record Operand(Format format, ValueRead read) {
    /** The key a plan compares operands by: the format's text and the read. */
    String key() {
        return format + " values " + read;
    }

    @Override
    public String toString() {
        return read.isConstant() ? format + " (" + read + ")" : format.toString();
    }
}
