package org.stag.algorithms.stream;

import java.util.List;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.VertexValues;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;

/** One algorithm that a stream runs on snapshot after snapshot: from scratch, or kept up to date. */
public interface StreamAlgorithm {
    /**
     * What one run gave: the per-vertex result, whether it was incremental, why a run that could have been
     * was not (else null), and its time.
     */
    record Outcome(VertexValues values, boolean incremental, String reason, long nanos) {
    }

    Algorithm algorithm();

    /**
     * The result on {@code snapshot}, given every batch applied since the snapshot of the previous call
     * ({@code since}, in order; empty on the first call).
     */
    Outcome run(GraphSnapshot snapshot, List<EdgeChanges> since);

    /** Whether {@link #run} reads {@code since}: if not, the stream need not keep the changes. */
    boolean readsChanges();
}
