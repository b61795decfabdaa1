package org.stag.spark.exec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.formats.tensor.Tensor;

/**
 * Decides how each of the driver's tensors reaches a kernel run's tasks ({@link Shipping#BROADCAST}) and keeps the
 * broadcasts later runs build on. A tensor under {@code inlineBytes} travels inside the tasks; a larger one as a
 * broadcast of its own. A dense vector that a kernel's slot read in an earlier run is kept there as a base: when
 * at most 1/16 of its entries changed since, the run ships the base's handle and those entries only, and the
 * executors patch a copy of the base; otherwise it becomes the new base. A broadcast that a run's partitioned
 * result may read again (its lineage) belongs to that result. Copies are taken on the driver at the run: its
 * buffers are recycled by later statements, and a retried task must see what the first saw. Not thread-safe.
 */
final class Shipments implements AutoCloseable {
    /** At most this fraction of a vector's entries (1/DELTA) ship as a delta. */
    private static final int DELTA = 16;

    private final JavaSparkContext sc;
    private final long inlineBytes;
    private final boolean deltas;
    private final SparkStats stats;
    private final Map<Key, Base> bases = new HashMap<>();
    private final List<Broadcast<Shipped>> retired = new ArrayList<>();

    /** A kernel's slot: the vector it reads there changes little from one run to the next. */
    private record Key(CompiledDefinition kernel, int slot) {
    }

    /** A copy the executors hold as a broadcast, with the driver's copy of the same to compare with. */
    private record Base(Shipped copy, Broadcast<Shipped> broadcast) {
    }

    /** Shipments in {@code sc}; {@code deltas} false ships every vector whole (system property {@code stag.spark.deltas}). */
    Shipments(JavaSparkContext sc, long inlineBytes, boolean deltas, SparkStats stats) {
        this.sc = sc;
        this.inlineBytes = inlineBytes;
        this.deltas = deltas;
        this.stats = stats;
    }

    /**
     * How {@code t}, in slot {@code slot} of {@code k}, travels to the run's {@code tasks} tasks. {@code owned}
     * collects the broadcasts of a run whose result stays in the partitions (null for a run whose results come back
     * to the driver, whose dense vectors may become bases).
     */
    Shipment ship(CompiledDefinition k, int slot, Tensor t, int tasks, List<Broadcast<Shipped>> owned) {
        if (owned == null && Shipped.dense(t) && denseBytes(t) >= inlineBytes) {
            Key key = new Key(k, slot);
            Base base = bases.get(key);
            if (base != null) {
                VectorDelta d = deltas ? VectorDelta.between(base.copy, t, (int) (elements(t) / DELTA)) : null;
                if (d != null) {
                    stats.deltas++;
                    stats.shippedBytes += d.bytes() * tasks;
                    return Shipment.broadcast(base.broadcast, d);
                }
                retired.add(base.broadcast);
            }
            Shipped copy = Shipped.of(t);
            Broadcast<Shipped> b = sc.broadcast(copy);
            stats.shippedBytes += copy.bytes();
            bases.put(key, new Base(copy, b));
            return Shipment.broadcast(b, null);
        }
        Shipped copy = Shipped.of(t);
        if (copy.bytes() < inlineBytes) {
            stats.shippedBytes += copy.bytes() * tasks;
            return Shipment.inline(copy);
        }
        // A broadcast is counted once: an executor fetches it once (in local mode that is all).
        Broadcast<Shipped> b = sc.broadcast(copy);
        stats.shippedBytes += copy.bytes();
        (owned != null ? owned : retired).add(b);
        return Shipment.broadcast(b, null);
    }

    /** Frees the broadcasts that the run just finished used alone, or that a new base replaced. */
    void afterRun() {
        retired.forEach(b -> b.unpersist(false));
        retired.clear();
    }

    private static long elements(Tensor t) {
        long n = 1;
        for (int d : t.dimensions()) {
            n *= d;
        }
        return n;
    }

    private static long denseBytes(Tensor t) {
        return elements(t) * t.valueType().bytes();
    }

    /** Frees every base. */
    @Override
    public void close() {
        afterRun();
        bases.values().forEach(b -> b.broadcast.unpersist(false));
        bases.clear();
    }
}
