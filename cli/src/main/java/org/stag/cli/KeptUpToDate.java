package org.stag.cli;

import java.util.List;
import org.stag.algorithms.incremental.Incremental;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.RunSettings;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;

/**
 * {@code stag stream --incremental} (the default): each run brings the previous run's result up to date with the
 * batches applied since ({@link Incremental}), or runs in full where they may have invalidated it, saying why.
 */
final class KeptUpToDate implements StreamAlgorithm {
    private final Algorithm algorithm;
    private final Incremental incremental;

    KeptUpToDate(Algorithm algorithm, RunSettings settings) {
        this.algorithm = algorithm;
        this.incremental = Incremental.of(algorithm, settings, GraphRuns.RUNNER);
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
