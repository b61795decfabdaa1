package org.stag.algorithms.stream;

import java.util.ArrayList;
import java.util.List;
import org.stag.formats.graph.ApplyResult;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.loaders.updates.UpdateBatch;

/**
 * The graph as a stream's two threads share it: the ingesting thread applies batches, and a snapshot is taken
 * (by either thread) together with the changes of every batch applied since the last one taken, atomically, so
 * that an incremental run gets exactly the changes that lead to its version.
 */
public final class StreamGraph {
    /** The format a graph that takes updates is held in unless told: Aspen's layout of out-edges, a C-tree per vertex. */
    public static final String DEFAULT_FORMAT = "dense,ctree";

    /** A snapshot and the changes of the batches since the snapshot taken before it (kept only when asked). */
    public record Taken(GraphSnapshot snapshot, List<EdgeChanges> since) {
    }

    private final DynamicGraph graph;
    private final boolean keepChanges;
    // Guarded by this.
    private List<EdgeChanges> since = new ArrayList<>();
    private long taken;

    /** @param keepChanges whether to keep each batch's changes until the next snapshot (incremental runs read them) */
    public StreamGraph(DynamicGraph graph, boolean keepChanges) {
        this.graph = graph;
        this.keepChanges = keepChanges;
    }

    public DynamicGraph graph() {
        return graph;
    }

    /** Applies {@code b} atomically ({@link DynamicGraph#apply}). */
    public synchronized ApplyResult apply(UpdateBatch b) {
        ApplyResult r = graph.apply(b);
        if (keepChanges) {
            since.add(r.changes());
        }
        return r;
    }

    /** A snapshot of the newest version, with the changes since the last one taken. */
    public synchronized Taken take() {
        GraphSnapshot s = graph.snapshot();
        List<EdgeChanges> changes = since;
        since = new ArrayList<>();
        taken = s.version();
        return new Taken(s, changes);
    }

    /** Whether the newest version is later than the last one taken. */
    public synchronized boolean untaken() {
        return graph.version() > taken;
    }
}
