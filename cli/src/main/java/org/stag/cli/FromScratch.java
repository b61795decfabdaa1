package org.stag.cli;

import java.util.List;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;

/** {@code stag stream --from-scratch}: every run is a full run of the shipped program on the snapshot's tensors. */
final class FromScratch implements StreamAlgorithm {
    private final Algorithm algorithm;
    private final RunSettings settings;

    FromScratch(Algorithm algorithm, RunSettings settings) {
        this.algorithm = algorithm;
        this.settings = settings;
    }

    @Override
    public Algorithm algorithm() {
        return algorithm;
    }

    @Override
    public Outcome run(GraphSnapshot snapshot, List<EdgeChanges> since) {
        long t0 = System.nanoTime();
        AlgorithmRunner.Result r = GraphRuns.RUNNER.prepare(algorithm.program(), algorithm, snapshot.tensors(), settings).run();
        return new Outcome(r.values(), false, null, System.nanoTime() - t0);
    }

    @Override
    public boolean readsChanges() {
        return false;
    }
}
