package org.stag.api;

import java.util.ArrayList;
import java.util.List;
import org.stag.algorithms.jgrapht.DynamicGraphView;
import org.stag.algorithms.jgrapht.JGraphTView;
import org.stag.formats.graph.ApplyResult;
import org.stag.formats.graph.DynamicGraph;
import org.stag.loaders.updates.UpdateIds;

/**
 * A graph that takes batches of edge updates ({@link #apply}), each atomically as the next version, and gives
 * snapshots of its newest version to run on ({@link #snapshot}) or keeps an algorithm's result up to date across
 * batches ({@link #keep}), as {@code stag stream} does. Built by {@link StagGraph#dynamic(String)}. Not for
 * concurrent use: apply batches and take snapshots from one thread (a snapshot may be read by any).
 */
public final class StagDynamicGraph {
    private final StagGraph base;
    private final DynamicGraph graph;
    private final UpdateIds ids;
    private final List<Kept> kept = new ArrayList<>();

    StagDynamicGraph(StagGraph base, DynamicGraph graph) {
        this.base = base;
        this.graph = graph;
        this.ids = new UpdateIds(base.graph().ids(), graph.numVertices());
    }

    /**
     * A mutable JGraphT view of the graph, with no copy: {@code addEdge}, {@code removeEdge} and
     * {@code setEdgeWeight} are collected into one batch, applied as the next version by the view's {@code flush()}
     * or by its next read. Its vertices are the internal numbers {@code 0..N-1}, not the input's ids that
     * {@link Batch} takes. Close it when done.
     */
    public DynamicGraphView asJGraphT() {
        return JGraphTView.of(graph);
    }

    /**
     * Applies {@code batch} atomically as the next version: inserts and deletes in order, the last update of an
     * edge winning; new vertex ids add vertices.
     *
     * @return counts of inserted, updated, deleted and missing edges, and the graph's size after it
     * @throws StagException when the batch is refused (a bad id or weight); nothing of it is applied then
     */
    public ApplyResult apply(Batch batch) {
        ApplyResult r = StagException.guard(() -> graph.apply(batch.toUpdates(ids)));
        for (Kept k : kept) {
            k.changed(r.changes());
        }
        return r;
    }

    /** A snapshot of the newest version; close it when done. */
    public Snapshot snapshot() {
        return new Snapshot(graph.snapshot());
    }

    /**
     * Keeps shipped algorithm {@code algorithm}'s result up to date from now on: each {@link Kept#update()} brings
     * the last result up to date with the batches applied since (bfs, sssp, wcc, pagerank where the batches allow),
     * or runs in full.
     */
    public Kept keep(String algorithm) {
        Kept k = new Kept(this, algorithm);
        kept.add(k);
        return k;
    }

    /** The version: batches applied so far. */
    public long version() {
        return graph.version();
    }

    public int numVertices() {
        return graph.numVertices();
    }

    public long numEdges() {
        return graph.numEdges();
    }

    /** The format the graph is held in, as {@code --format} writes it. */
    public String format() {
        return graph.format().toString();
    }

    /** The graph it started from. */
    public StagGraph base() {
        return base;
    }

    /** The versioned graph itself. */
    public DynamicGraph graph() {
        return graph;
    }
}
