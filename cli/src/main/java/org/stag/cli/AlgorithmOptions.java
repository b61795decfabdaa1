package org.stag.cli;

import java.nio.file.Path;
import org.stag.algorithms.run.RunSettings;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options {@code stag run} and {@code stag compare} share: the graph, its format, and the algorithm's settings. */
final class AlgorithmOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--graph", required = true, paramLabel = "GRAPH",
            description = "The graph (.mtx, .el, .wel, SNAP .txt, LDBC .properties/.v/.e; .gz ok; binary .stagb; - for stdin).")
    Path graph;

    @Option(names = "--format", paramLabel = "F",
            description = "In-memory format of the graph's tensors A, AT and W: two levels, e.g. dense,ctree,"
                    + " bst,ctree, dense,blist, dense,hashed (default: ${DEFAULT-VALUE}).")
    String format = RunSettings.DEFAULT_FORMAT;

    @Option(names = "--source", paramLabel = "ID",
            description = "Source vertex (bfs, sssp), in the input's numbering. An LDBC graph's .properties gives one.")
    Long source;

    @Option(names = "--sources", paramLabel = "IDS",
            description = "Betweenness sources, comma-separated, in the input's numbering (default: every vertex).")
    String sources;

    @Option(names = "--iterations", paramLabel = "K",
            description = "Iterations (pagerank, cdlp); default: the LDBC .properties, else the program's default.")
    Integer iterations;

    @Option(names = "--damping", paramLabel = "D",
            description = "PageRank's damping factor; default: the LDBC .properties, else the program's default.")
    Double damping;

    /** The settings these options give, on {@code threads} threads. */
    RunSettings settings(int threads) {
        return new RunSettings().format(format).threads(threads).source(source).sources(sourceIds())
                .iterations(iterations).damping(damping);
    }

    private long[] sourceIds() {
        if (sources == null) {
            return null;
        }
        String[] parts = sources.split(",");
        long[] ids = new long[parts.length];
        for (int k = 0; k < parts.length; k++) {
            try {
                ids[k] = Long.parseLong(parts[k].strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--sources '" + sources + "': '"
                        + parts[k].strip() + "' is not a vertex id");
            }
        }
        return ids;
    }
}
