package org.stag.engine.program;

import org.stag.formats.tensor.Tensor;

/**
 * A dense tensor the runtime allocated for a kernel's result, with the number of variable slots that hold
 * it. When the count drops to zero nobody can read the tensor any more, so its values array goes back to
 * its {@link BufferPool} for the next dense result of the same type: the double buffering of [Dima 2023],
 * §4.5.1, found at run time instead of by a rewrite. Tensors the runtime did not allocate (inputs,
 * conversions, sparse results) have no buffer and are left to the garbage collector.
 */
final class Buffer {
    final Tensor tensor;
    final BufferPool pool;
    int refs;

    Buffer(Tensor tensor, BufferPool pool) {
        this.tensor = tensor;
        this.pool = pool;
    }

    void retain() {
        refs++;
    }

    void release() {
        if (--refs == 0) {
            pool.give(this);
        } else if (refs < 0) {
            throw new IllegalStateException("buffer released more often than retained");
        }
    }
}
