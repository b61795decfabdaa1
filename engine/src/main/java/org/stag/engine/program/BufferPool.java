package org.stag.engine.program;

import java.util.Arrays;
import org.stag.engine.check.VarType;

/**
 * Dead dense result buffers of one tensor type (element type, levels, sizes, fill value), ready to be
 * overwritten by the next kernel that defines a variable of that type. A stack of primitive capacity that
 * only grows, so taking and giving allocate nothing once an outer loop has reached its working set.
 */
final class BufferPool {
    final VarType.Tensor type;
    private Buffer[] free = new Buffer[4];
    private int size;

    BufferPool(VarType.Tensor type) {
        this.type = type;
    }

    /** A dead buffer, or null when none is free. */
    Buffer take() {
        if (size == 0) {
            return null;
        }
        Buffer b = free[--size];
        free[size] = null;
        return b;
    }

    /** Returns a buffer nobody holds. */
    void give(Buffer b) {
        if (b.refs != 0) {
            throw new IllegalStateException("a buffer still held by " + b.refs + " slots cannot be reused");
        }
        if (size == free.length) {
            free = Arrays.copyOf(free, size * 2);
        }
        free[size++] = b;
    }
}
