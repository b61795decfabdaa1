package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.stag.algorithms.run.LoadedGraph;
import org.stag.formats.graph.GraphTensor;
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
            "--summary json prints them as one JSON object.",
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

    @Option(names = "--summary", paramLabel = "S",
            description = "The facts as text ('key value' lines, the default) or json (one object).")
    Summary.Style summaryStyle = Summary.Style.TEXT;

    @Mixin
    ProgressOption progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LoadOptions options = input.toLoadOptions();
        long start = System.nanoTime();
        GraphLoader.Loaded loaded;
        // A .stagb asked for in dense,vbyte loads straight into it: the memory shown is what a run of it holds.
        GraphTensor straight = null;
        Progress shown = progress.start();
        try {
            if (format != null && LoadedGraph.straight(graph, options, format)) {
                LoadedGraph lg = LoadedGraph.load(graph, options, format);
                straight = lg.straight();
                loaded = new GraphLoader.Loaded(lg.graph(), GraphFileFormat.BINARY);
            } else {
                loaded = GraphLoader.loadDescribed(graph, options);
            }
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
        Summary facts = new Summary();
        GraphFileFormat fileFormat = loaded.format();
        facts.put("file", graph);
        facts.put("format", fileFormat.shortName());
        if (g.isSquare()) {
            facts.put("vertices", g.numVertices());
            facts.put("edges", g.numEntries());
        } else {
            facts.put("rows", g.numRows());
            facts.put("columns", g.numCols());
            facts.put("entries", g.numEntries());
            facts.put("graph", "no (not square: " + g.numRows() + " x " + g.numCols() + ")");
        }
        facts.put("directed", g.directed());
        facts.put("weighted", g.weighted());
        facts.put("values", g.valueKind().mtxName());
        facts.put("duplicates", g.duplicates());
        // Only edge lists read undirected pair a line with its mirror; Matrix Market and binary files cannot.
        if (!g.directed() && fileFormat != GraphFileFormat.MATRIX_MARKET && fileFormat != GraphFileFormat.BINARY) {
            facts.put("mirrored-pairs", g.mirroredPairs());
        }
        facts.put("non-finite-values", g.nonFiniteValues());
        if (g.isSquare()) {
            facts.put("self-loops", g.selfLoops());
            facts.put("min-degree", g.minDegree());
            facts.put("max-degree", g.maxDegree());
            facts.put("avg-degree", three(g.numVertices() == 0 ? 0.0 : (double) g.numEntries() / g.numVertices()));
            if (g.ids().order() != org.stag.loaders.VertexOrder.NONE) {
                // Only a file stored in another order says so; the ids shown everywhere stay the input's.
                facts.put("vertex-order", g.ids().order().label());
            }
        }
        facts.put("memory-bytes", g.memoryBytes());
        facts.put("load-seconds", three(seconds));
        if (!Double.isNaN(loaded.parseSeconds())) {
            // Read and build apart, as GAP's converter prints its Read Time and Build Time.
            facts.put("parse-seconds", three(loaded.parseSeconds()));
            facts.put("graph-build-seconds", three(loaded.buildSeconds()));
        }
        if (format != null) {
            InMemoryFormat f = straight != null ? InMemoryFormat.of(format, straight)
                    : InMemoryFormat.build(format, g, options.threads());
            facts.put("in-memory-format", format);
            long bytes = f.graph().memoryBytes();
            facts.put("in-memory-counts", f.counted());
            facts.put("in-memory-bytes", bytes);
            facts.put("in-memory-bytes-per-edge", Summary.perEdge(bytes, g.numEntries()));
            facts.put("in-memory-build-seconds", three(f.buildSeconds()));
        }
        facts.print(out, summaryStyle);
        return Exit.OK;
    }

    /** Three decimals, a JSON number. */
    private static java.math.BigDecimal three(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3f", v));
    }
}
