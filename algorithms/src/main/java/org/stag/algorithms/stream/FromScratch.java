package org.stag.algorithms.stream;

import java.util.List;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;

/** {@code stag stream --from-scratch}: every run is a full run of the shipped program on the snapshot's tensors. */
public final class FromScratch implements StreamAlgorithm {
    private final Algorithm algorithm;
    private final RunSettings settings;
    private final AlgorithmRunner runner;

    /** Runs {@code algorithm} with {@code settings} (their format is the graph's), compiled by {@code runner}. */
    public FromScratch(Algorithm algorithm, RunSettings settings, AlgorithmRunner runner) {
        this.algorithm = algorithm;
        this.settings = settings;
        this.runner = runner;
    }

    @Override
    public Algorithm algorithm() {
        return algorithm;
    }

    @Override
    public Outcome run(GraphSnapshot snapshot, List<EdgeChanges> since) {
        long t0 = System.nanoTime();
        AlgorithmRunner.Result r = runner.prepare(algorithm.program(), algorithm, snapshot.tensors(), settings).run();
        return new Outcome(r.values(), false, null, System.nanoTime() - t0);
    }

    @Override
    public boolean readsChanges() {
        return false;
    }
}
