package org.stag.api;

import java.nio.file.Path;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.jgrapht.JGraphTView;
import org.stag.algorithms.run.ProgramFiles;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.formats.graph.GraphTensor;

/**
 * One version of a {@link StagDynamicGraph}, fixed while the graph takes more batches: runs on it see that version
 * only. Close it when done: while it is open, batches copy what they change.
 */
public final class Snapshot implements AutoCloseable {
    private final GraphSnapshot snapshot;

    Snapshot(GraphSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    /** The version: the number of batches applied before it (or the version the graph started at). */
    public long version() {
        return snapshot.version();
    }

    public int numVertices() {
        return snapshot.numVertices();
    }

    public long numEdges() {
        return snapshot.numEdges();
    }

    /** The version's tensors {@code A}, {@code AT} and {@code W}, in the dynamic graph's format. */
    public GraphTensor tensors() {
        return snapshot.tensors();
    }

    /**
     * A read-only JGraphT view of this version, with no copy (vertices are the internal numbers {@code 0..N-1}); it
     * must not be read after the snapshot is closed.
     */
    public org.jgrapht.Graph<Integer, Long> asJGraphT() {
        return StagException.guard(() -> JGraphTView.of(snapshot));
    }

    /** A run of shipped algorithm {@code algorithm} on this version (in the graph's format). */
    public Run run(String algorithm) {
        Algorithm a = Run.algorithm(algorithm);
        return Run.on(null, this, a, a.program());
    }

    /** A run of the {@code .stag} program in {@code file} on this version. */
    public Run run(Path program) {
        return Run.on(null, this, null, StagException.guard(() -> ProgramFiles.check(program)));
    }

    GraphSnapshot graphSnapshot() {
        return snapshot;
    }

    @Override
    public void close() {
        snapshot.close();
    }
}
