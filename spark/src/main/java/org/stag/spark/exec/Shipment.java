package org.stag.spark.exec;

import java.io.Serializable;
import org.apache.spark.broadcast.Broadcast;
import org.stag.formats.tensor.Tensor;

/**
 * How one of the driver's tensors reaches a kernel's tasks: a copy inside the task, a broadcast of a copy, or a
 * broadcast base that an earlier run shipped with the entries that changed since ({@link VectorDelta}).
 */
final class Shipment implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Shipped inline;
    private final Broadcast<Shipped> broadcast;
    private final VectorDelta delta;

    private Shipment(Shipped inline, Broadcast<Shipped> broadcast, VectorDelta delta) {
        this.inline = inline;
        this.broadcast = broadcast;
        this.delta = delta;
    }

    /** A copy that travels inside each task. */
    static Shipment inline(Shipped s) {
        return new Shipment(s, null, null);
    }

    /** A copy that travels as {@code b}, patched by {@code delta} when that is not null. */
    static Shipment broadcast(Broadcast<Shipped> b, VectorDelta delta) {
        return new Shipment(null, b, delta);
    }

    /** The tensor in the task: the same format, sizes, type, fill, value read and values as the driver's. */
    Tensor tensor() {
        if (inline != null) {
            return inline.tensor();
        }
        Shipped base = broadcast.value();
        return delta == null ? base.tensor() : delta.applyTo(base);
    }
}
