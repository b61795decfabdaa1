package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code stag info GRAPH}: loads a graph and prints its size and shape, one {@code key value} per line. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = {"Load a graph and print facts about it, one 'key value' per line.",
            "edges counts stored directed edges: an undirected edge counts twice, a self-loop once."})
final class InfoCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "GRAPH", converter = GraphArgument.class,
            description = "The graph: a Matrix Market .mtx, an edge list .el or .wel, SNAP .txt, an LDBC"
                    + " .properties file (or its .v or .e), gzipped or not, a binary .stagb file, - for standard input,"
                    + " or a name of 'stag fetch --list', fetched into the dataset cache.")
    Path graph;

    @Mixin
    InputOptions input;

    @Option(names = "--format", paramLabel = "F", converter = FormatOptions.Graph.class,
            description = "Also build the graph in in-memory format F (e.g. dense,ctree or bst,ctree), as 'stag run' holds it,"
                    + " and report its memory: the out-edge structure, and for a directed graph the in-edge one.")
    Format format;

    @Mixin
    ProgressOption progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LoadOptions options = input.toLoadOptions();
        long start = System.nanoTime();
        GraphLoader.Loaded loaded;
        Progress shown = progress.start();
        try {
            loaded = GraphLoader.loadDescribed(graph, options);
        } finally {
            shown.clear();
        }
        Graph g = loaded.graph();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (format != null && g.isSquare()) {
            FormatFits.check(spec.commandLine(), format, g);
        }
        input.warnAboutDuplicates(g, graph);
        input.noteMirroredEdgeList(g, graph);
        PrintWriter out = spec.commandLine().getOut();
        GraphFileFormat fileFormat = loaded.format();
        out.println("file " + graph);
        out.println("format " + fileFormat.shortName());
        if (g.isSquare()) {
            out.println("vertices " + g.numVertices());
            out.println("edges " + g.numEntries());
        } else {
            out.println("rows " + g.numRows());
            out.println("columns " + g.numCols());
            out.println("entries " + g.numEntries());
            out.println("graph no (not square: " + g.numRows() + " x " + g.numCols() + ")");
        }
        out.println("directed " + g.directed());
        out.println("weighted " + g.weighted());
        out.println("values " + g.valueKind().mtxName());
        out.println("duplicates " + g.duplicates());
        // Only edge lists read undirected pair a line with its mirror; Matrix Market and binary files cannot.
        if (!g.directed() && fileFormat != GraphFileFormat.MATRIX_MARKET && fileFormat != GraphFileFormat.BINARY) {
            out.println("mirrored-pairs " + g.mirroredPairs());
        }
        out.println("non-finite-values " + g.nonFiniteValues());
        if (g.isSquare()) {
            out.println("self-loops " + g.selfLoops());
            out.println("min-degree " + g.minDegree());
            out.println("max-degree " + g.maxDegree());
            out.println("avg-degree " + String.format(Locale.ROOT, "%.3f",
                    g.numVertices() == 0 ? 0.0 : (double) g.numEntries() / g.numVertices()));
        }
        out.println("memory-bytes " + g.memoryBytes());
        out.println("load-seconds " + String.format(Locale.ROOT, "%.3f", seconds));
        if (!Double.isNaN(loaded.parseSeconds())) {
            // Read and build apart, as GAP's converter prints its Read Time and Build Time.
            out.println("parse-seconds " + String.format(Locale.ROOT, "%.3f", loaded.parseSeconds()));
            out.println("graph-build-seconds " + String.format(Locale.ROOT, "%.3f", loaded.buildSeconds()));
        }
        if (format != null) {
            InMemoryFormat f = InMemoryFormat.build(format, g, options.threads());
            out.println("in-memory-format " + format);
            long bytes = f.graph().memoryBytes();
            out.println("in-memory-counts " + f.counted());
            out.println("in-memory-bytes " + bytes);
            out.println("in-memory-bytes-per-edge " + Summary.perEdge(bytes, g.numEntries()));
            out.println("in-memory-build-seconds " + String.format(Locale.ROOT, "%.3f", f.buildSeconds()));
        }
        out.flush();
        return Exit.OK;
    }
}
