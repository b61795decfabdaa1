package org.stag.api;

import java.util.ArrayList;
import java.util.List;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.stream.KeptUpToDate;
import org.stag.algorithms.stream.StreamAlgorithm;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;

/**
 * A shipped algorithm whose result a {@link StagDynamicGraph} keeps up to date, as {@code stag stream} does
 * ({@link KeptUpToDate}): set its source and iterations before the first {@link #update()}.
 */
public final class Kept {
    private final StagDynamicGraph graph;
    private final Algorithm algorithm;
    private final RunSettings settings = new RunSettings();
    private final List<EdgeChanges> since = new ArrayList<>();
    private StreamAlgorithm running;

    Kept(StagDynamicGraph graph, String name) {
        this.graph = graph;
        this.algorithm = Run.algorithm(name);
        settings.format(graph.graph().format()).graphName(graph.base().name());
    }

    /** The source vertex, in the graph's numbering (default: the vertex with the most out-edges when first run). */
    public Kept source(long id) {
        settings.source(id);
        return this;
    }

    /** A fixed iteration count (pagerank, cdlp). */
    public Kept iterations(int k) {
        settings.iterations(k);
        return this;
    }

    /** Any other parameter of the program, as {@code --param name=value}. */
    public Kept param(String name, String value) {
        settings.param(name, value);
        return this;
    }

    /**
     * The result on the newest version: the last one brought up to date with the batches applied since, where they
     * allow, else a full run.
     *
     * @throws StagException for settings that do not fit the algorithm or the graph
     */
    public Update update() {
        return StagException.guard(() -> {
            try (GraphSnapshot s = graph.graph().snapshot()) {
                if (running == null) {
                    // Settings checked, and a default source chosen, once: every later run starts from the same one.
                    Run.RUNNER.prepare(algorithm.program(), algorithm, s.tensors(), settings).defaultSource()
                            .ifPresent(d -> settings.source(d.id()));
                    running = new KeptUpToDate(algorithm, settings, Run.RUNNER);
                    since.clear();
                }
                StreamAlgorithm.Outcome o = running.run(s, List.copyOf(since));
                since.clear();
                return new Update(s.version(), o.values().longs(), o.values().doubles(), o.incremental(), o.reason());
            }
        });
    }

    /** Told the changes of each batch applied after this was kept. */
    void changed(EdgeChanges c) {
        if (running != null) {
            since.add(c);
        }
    }

    /**
     * One {@link #update()}: the values by internal vertex on {@code version}, and how they were found.
     *
     * @param version     the version
     * @param longs       integer values, or null
     * @param doubles     real values, or null
     * @param incremental whether the last result was brought up to date (else a full run)
     * @param reason      why it was computed as it was, one line
     */
    public record Update(long version, long[] longs, double[] doubles, boolean incremental, String reason) {
    }
}
