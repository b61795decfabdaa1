package org.stag.cli;

import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Parallel;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Options that say how to read an input graph; shared by every command that loads one. */
final class InputOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--threads", paramLabel = "T", description = "Threads for loading (default: all cores, ${DEFAULT-VALUE}).")
    int threads = Parallel.defaultThreads();

    @Option(names = "--duplicates", paramLabel = "POLICY",
            description = "Repeated entries: error, first, last, sum or min (default: ${DEFAULT-VALUE}).")
    String duplicates = "sum";

    @Option(names = "--directed", description = "Read an edge list as directed (the default for edge lists).")
    boolean directed;

    @Option(names = "--undirected", description = "Read an edge list as undirected: each line stands for both directions.")
    boolean undirected;

    @Option(names = "--weighted", description = "Read a third column of an edge list as the weight (default for .wel).")
    boolean weighted;

    @Option(names = "--unweighted", description = "Treat an edge list as unweighted (default for .el and SNAP).")
    boolean unweighted;

    @Option(names = "--index-base", paramLabel = "B",
            description = "First index of a Matrix Market file: 1 (the standard) or 0 for files written from 0.")
    int indexBase = 1;

    @Option(names = "--input-format", paramLabel = "F",
            description = "Input format when the file name does not tell: mtx, el, wel, snap, ldbc or stagb "
                    + "(standard input, -, is sniffed for mtx and stagb).")
    String inputFormat;

    /** The options as loader options; a bad combination or value is a usage error. */
    LoadOptions toLoadOptions() {
        if (directed && undirected) {
            throw usage("--directed and --undirected exclude each other");
        }
        if (weighted && unweighted) {
            throw usage("--weighted and --unweighted exclude each other");
        }
        if (threads < 1) {
            throw usage("--threads must be at least 1, got " + threads);
        }
        if (indexBase != 0 && indexBase != 1) {
            throw usage("--index-base must be 0 or 1, got " + indexBase);
        }
        try {
            return new LoadOptions(threads, DuplicatePolicy.parse(duplicates),
                    directed ? Boolean.TRUE : undirected ? Boolean.FALSE : null,
                    weighted ? Boolean.TRUE : unweighted ? Boolean.FALSE : null,
                    indexBase,
                    inputFormat == null ? null : GraphFileFormat.parse(inputFormat));
        } catch (BadInputException e) {
            throw usage(e.getMessage());
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
