package org.stag.cli;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.program.RunOptions;
import org.stag.formats.tensor.Format;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options {@code stag run}, {@code compare} and {@code stream} share: the graph, its format, and the algorithm's settings. */
final class AlgorithmOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--graph", required = true, paramLabel = "GRAPH", converter = GraphArgument.class,
            description = "The graph: a Matrix Market .mtx, an edge list .el or .wel, SNAP .txt, an LDBC .properties file (or its .v or .e), gzipped or not, a binary .stagb file, - for standard input, or a name of 'stag fetch --list' (suitesparse:GROUP/NAME), fetched into the dataset cache.")
    Path graph;

    /** Parsed as the command line is read, before any file is: a typo does not cost a load. */
    @Option(names = "--format", paramLabel = "F", converter = FormatOptions.Graph.class,
            description = "In-memory format of the graph's tensors A, AT and W, two levels (default:"
                    + " ${DEFAULT-VALUE}); for example dense,ctree or bst,ctree or dense,blist or dense,hashed.")
    Format format = Format.csr();

    @Option(names = "--source", paramLabel = "ID",
            description = "Source vertex (${bundle:help-algorithms.source}), in the input's numbering; default: an LDBC graph's"
                    + " .properties, else the vertex with the most out-edges (printed on stderr).")
    Long source;

    @Option(names = "--sources", paramLabel = "IDS",
            description = "Betweenness sources, comma-separated, in the input's numbering (default: every vertex).")
    String sources;

    Integer iterations;

    Double damping;

    long maxIterations = RunOptions.DEFAULT_MAX_ITERATIONS;

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed of a randomised algorithm (${bundle:help-algorithms.seed}), any long; the same seed gives the"
                    + " same result in every format and thread count (default: the program's, 1).")
    Long seed;

    Integer k;

    /** At least 1: zero iterations would return the starting vector, which no algorithm means. */
    @Option(names = "--iterations", paramLabel = "K",
            description = "Iterations (${bundle:help-algorithms.iterations}), at least 1; default: the LDBC .properties, else the"
                    + " program's default.")
    void iterations(int k) {
        iterations = (int) Ranges.atLeast(spec.commandLine(), "--iterations", k, 1);
    }

    @Option(names = "--damping", paramLabel = "D",
            description = "PageRank's damping factor, strictly between 0 and 1; default: the LDBC .properties,"
                    + " else the program's default.")
    void damping(double d) {
        damping = Ranges.openInterval(spec.commandLine(), "--damping", d, 0, 1);
    }

    /** At least 2: below, k - 2 triangles is no condition, and k = 2 already keeps every edge. */
    @Option(names = "--k", paramLabel = "K",
            description = "k-truss's k (${bundle:help-algorithms.k}), at least 2: every edge kept is in at least k - 2"
                    + " triangles of the kept edges (default: the program's, 3).")
    void k(int value) {
        k = (int) Ranges.atLeast(spec.commandLine(), "--k", value, 2);
    }

    @Option(names = "--max-iterations", paramLabel = "N",
            description = "Fail a loop that has not met its stop condition after N iterations (wcc, sssp, bfs,"
                    + " bc and programs' star calls with a condition; default: " + RunOptions.DEFAULT_MAX_ITERATIONS
                    + ").")
    void maxIterations(long n) {
        maxIterations = Ranges.atLeast(spec.commandLine(), "--max-iterations", n, 1);
    }

    /** Options whose {@code --format} defaults to {@code format} (as help shows it) instead of run's. */
    static AlgorithmOptions withFormat(Format format) {
        AlgorithmOptions o = new AlgorithmOptions();
        o.format = format;
        return o;
    }

    /** The settings these options give, on {@code threads} threads. */
    RunSettings settings(int threads) {
        return new RunSettings().format(format).threads(threads).source(source).sources(sourceIds())
                .iterations(iterations).damping(damping).seed(seed).k(k).maxIterations(maxIterations);
    }

    /** {@code --sources a,b,c}: whole numbers, each at most once. */
    private long[] sourceIds() {
        if (sources == null) {
            return null;
        }
        String[] parts = sources.split(",", -1);
        long[] ids = new long[parts.length];
        Set<Long> seen = new HashSet<>();
        for (int k = 0; k < parts.length; k++) {
            String part = parts[k].strip();
            try {
                ids[k] = Long.parseLong(part);
            } catch (NumberFormatException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--sources '" + sources + "': "
                        + (part.isEmpty() ? "an empty id (two commas, or one at an end)" : "'" + part + "' is not a vertex id"));
            }
            if (!seen.add(ids[k])) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--sources '" + sources + "': vertex "
                        + ids[k] + " is given twice");
            }
        }
        return ids;
    }
}
