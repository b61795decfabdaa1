package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.stag.algorithms.run.LdbcParameters;
import org.stag.algorithms.run.LoadedGraph;
import org.stag.algorithms.stream.Checkpoint;
import org.stag.algorithms.stream.SavedGraph;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.io.GraphLoader;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stag stream}'s durability options: {@code --checkpoint DIR [--resume] [--snapshot-every N]} (every applied
 * batch on the disk before its line is printed; after a crash, go on from the first update that was not) and
 * {@code --save-graph FILE [--save-every M]}. {@link #start} builds the stream's graph: loaded, or resumed from the
 * checkpoint.
 */
final class StreamDurability {
    @Option(names = "--checkpoint", paramLabel = "DIR",
            description = "Make every applied batch durable before its line is printed: a log of applied batches"
                    + " in DIR (forced to the disk) and a snapshot of the graph every --snapshot-every batches.")
    Path checkpoint;

    @Option(names = "--resume", description = "Go on with the stream of --checkpoint DIR after a crash: from the"
            + " first update that was not durable (a file's applied lines are skipped; for standard input the"
            + " count of applied updates is printed, for the producer to replay from there).")
    boolean resume;

    long snapshotEvery = 100;

    @Option(names = "--snapshot-every", paramLabel = "N",
            description = "With --checkpoint: batches between snapshots of the graph (default: 100).")
    void snapshotEvery(long n) {
        snapshotEvery = Ranges.atLeast(spec.commandLine(), "--snapshot-every", n, 1);
    }

    @Option(names = "--save-graph", paramLabel = "FILE",
            description = "Write the graph's last version to FILE (.stagb or .mtx, also .el/.wel, by its name) at the"
                    + " end, whole or not at all.")
    Path saveGraph;

    long saveEvery;

    @Option(names = "--save-every", paramLabel = "M", description = "With --save-graph: also every M batches.")
    void saveEvery(long m) {
        saveEvery = Ranges.atLeast(spec.commandLine(), "--save-every", m, 1);
    }

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The stream's graph at its start, and where in the input it starts. */
    record Start(LoadedGraph loaded, DynamicGraph graph, Checkpoint checkpoint, Checkpoint.Position at,
                 SavedGraph saved) {
    }

    /** Refuses options that need another one. */
    void check(CommandLine cl, Path graph, Path updates) {
        CommandLine.ParseResult p = cl.getParseResult();
        if (resume && checkpoint == null) {
            throw new CommandLine.ParameterException(cl, "--resume needs --checkpoint DIR (the checkpoint to resume)");
        }
        if (p.hasMatchedOption("--snapshot-every") && checkpoint == null) {
            throw new CommandLine.ParameterException(cl, "--snapshot-every needs --checkpoint DIR");
        }
        if (p.hasMatchedOption("--save-every") && saveGraph == null) {
            throw new CommandLine.ParameterException(cl, "--save-every needs --save-graph FILE");
        }
        Path[] inputs = Ranges.graphFiles(graph);
        Ranges.notAnInput(cl, "--save-graph", saveGraph, inputs);
        Ranges.notAnInput(cl, "--save-graph", saveGraph, updates);
    }

    /**
     * Loads the graph into {@code format}, or with {@code --resume} rebuilds the version the checkpoint reached (its
     * newest snapshot, else the graph file, then the logged batches), printing where the stream goes on.
     */
    Start start(Path graphFile, Path updates, InputOptions input, Format format, PrintWriter err,
                java.util.function.Function<Graph, DynamicGraph> build) {
        Checkpoint c = null;
        Graph base = null;
        if (checkpoint != null) {
            c = Checkpoint.open(checkpoint, identity(graphFile, format, updates), resume, snapshotEvery);
            base = c.snapshotGraph(input.threads);
        }
        LoadedGraph loaded;
        if (base == null) {
            loaded = LoadedGraph.load(graphFile, input.toLoadOptions());
            input.warnAboutDuplicates(loaded.graph(), graphFile);
        } else {
            LdbcParameters ldbc = GraphFileFormat.of(graphFile) == GraphFileFormat.LDBC ? LdbcParameters.of(graphFile)
                    : LdbcParameters.NONE;
            loaded = new LoadedGraph(base, 0, ldbc);
        }
        long version = c == null ? 0 : c.snapshotPosition().version();
        DynamicGraph graph = version == 0 ? build.apply(loaded.graph())
                : DynamicGraph.resumed(loaded.graph(), format, input.threads, version);
        Checkpoint.Position at = new Checkpoint.Position(0, 0, 0);
        if (c != null) {
            at = c.replay(graph);
            if (c.tornBytes() > 0) {
                err.println("stag: " + checkpoint + ": dropped the last " + c.tornBytes() + " bytes of the log, a batch"
                        + " that was not durable (cut short by the crash)");
            }
            if (resume) {
                err.println(resumedAt(at, updates));
            }
        }
        SavedGraph saved = saveGraph == null ? null : new SavedGraph(graph, saveGraph, saveEvery);
        return new Start(loaded, graph, c, at, saved);
    }

    /** What a resumed stream says on stderr: where it goes on, and for standard input what to send. */
    static String resumedAt(Checkpoint.Position at, Path updates) {
        String applied = at.updatesThrough() + " updates (" + at.linesThrough() + " lines)";
        if (GraphLoader.isStdin(updates)) {
            return "stag: resuming at version " + at.version() + ": " + applied + " of standard input were applied"
                    + " before; send the lines after line " + at.linesThrough();
        }
        return "stag: resuming at version " + at.version() + ": the first " + applied + " of " + updates
                + " were applied before and are skipped";
    }

    /** What the checkpoint records of the stream, to refuse resuming it with another graph or format. */
    private static Map<String, String> identity(Path graph, Format format, Path updates) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("graph", graph.toAbsolutePath().normalize().toString());
        m.put("format", format.toString());
        m.put("updates", GraphLoader.isStdin(updates) ? "-" : updates.toAbsolutePath().normalize().toString());
        return m;
    }
}
