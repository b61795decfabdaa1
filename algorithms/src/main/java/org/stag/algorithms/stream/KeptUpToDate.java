package org.stag.algorithms.stream;

import java.util.List;
import org.stag.algorithms.incremental.Incremental;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;

/**
 * {@code stag stream --incremental} (the default): each run brings the previous run's result up to date with the
 * batches applied since ({@link Incremental}), or runs in full where they may have invalidated it, saying why.
 */
public final class KeptUpToDate implements StreamAlgorithm {
    private final Algorithm algorithm;
    private final Incremental incremental;

    /** Keeps {@code algorithm}'s result for runs with {@code settings}, compiled by {@code runner}. */
    public KeptUpToDate(Algorithm algorithm, RunSettings settings, AlgorithmRunner runner) {
        this.algorithm = algorithm;
        this.incremental = Incremental.of(algorithm, settings, runner);
    }

    @Override
    public Algorithm algorithm() {
        return algorithm;
    }

    @Override
    public Outcome run(GraphSnapshot snapshot, List<EdgeChanges> since) {
        Incremental.Outcome o = incremental.update(snapshot.tensors(), snapshot.version(), since);
        return new Outcome(o.result().values(), o.incremental(), o.reason(), o.nanos());
    }

    @Override
    public boolean readsChanges() {
        return true;
    }
}
