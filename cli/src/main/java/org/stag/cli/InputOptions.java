package org.stag.cli;

import java.io.PrintWriter;
import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Parallel;
import org.stag.loaders.io.GraphLoader;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** Options that say how to read an input graph; shared by every command that loads one. */
final class InputOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    int threads = Math.min(Parallel.defaultThreads(), Ranges.MAX_THREADS);

    /** Checked as the command line is parsed, so nothing runs with a bad count. */
    @Option(names = "--threads", paramLabel = "T",
            description = "Threads for loading, 1.." + Ranges.MAX_THREADS + " (default: all cores).")
    void threads(int t) {
        threads = Ranges.threads(spec.commandLine(), "--threads", t);
    }

    @Option(names = "--duplicates", paramLabel = "POLICY",
            description = {"Repeated entries: error, first, last, sum or min (default: sum).",
                "With --undirected, a line and its mirror are one edge: equal weights are kept once, different",
                "ones refused; a policy given here combines them instead."})
    String duplicates;

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
        if (indexBase != 0 && indexBase != 1) {
            throw usage("--index-base must be 0 or 1, got " + indexBase);
        }
        try {
            return new LoadOptions(threads, duplicates == null ? DuplicatePolicy.SUM : DuplicatePolicy.parse(duplicates),
                    directed ? Boolean.TRUE : undirected ? Boolean.FALSE : null,
                    weighted ? Boolean.TRUE : unweighted ? Boolean.FALSE : null,
                    indexBase,
                    inputFormat == null ? null : GraphFileFormat.parse(inputFormat),
                    duplicates != null);
        } catch (BadInputException e) {
            throw usage(e.getMessage());
        }
    }

    /**
     * Prints one warning line on stderr when this load summed duplicate edges, which changes their weights:
     * {@code stag: warning: g.el: 12 duplicate edges summed (--duplicates sum)}. A {@code .stagb} file holds no
     * duplicates: the count in its header is what its writer merged, so reading it warns of nothing.
     */
    void warnAboutDuplicates(Graph g, java.nio.file.Path input) {
        if (g.duplicates() > 0 && g.weighted() && toLoadOptions().duplicates() == DuplicatePolicy.SUM
                && formatOf(input) != GraphFileFormat.BINARY) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("stag: warning: " + g.source() + ": " + g.duplicates() + " duplicate edge"
                    + (g.duplicates() == 1 ? "" : "s") + " summed (--duplicates sum)");
            err.flush();
        }
    }

    /**
     * Prints one note when an edge list read as directed (the user said neither) lists every edge both ways, as
     * {@code stag generate} and GAP's converter write an undirected graph: {@code --undirected} reads it as one.
     */
    void noteMirroredEdgeList(Graph g, java.nio.file.Path input) {
        GraphFileFormat format = formatOf(input);
        boolean edgeList = format == GraphFileFormat.EDGE_LIST || format == GraphFileFormat.WEIGHTED_EDGE_LIST
                || format == GraphFileFormat.SNAP;
        if (!edgeList || directed || undirected || !g.directed() || g.numEntries() == g.selfLoops()
                || !g.symmetricPattern(threads)) {
            return;
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("stag: note: " + g.source() + ": every edge is listed in both directions; read as directed"
                + " (the default for edge lists), or give --undirected to read one undirected edge per pair");
        err.flush();
    }

    /** The format {@code input} is read in: {@code --input-format}, else its name's; null for standard input. */
    private GraphFileFormat formatOf(java.nio.file.Path input) {
        return inputFormat != null ? GraphFileFormat.parse(inputFormat)
                : GraphLoader.isStdin(input) ? null : GraphFileFormat.of(input);
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
