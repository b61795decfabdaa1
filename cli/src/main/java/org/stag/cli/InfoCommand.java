package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.stag.formats.graph.GraphFormats;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.GraphLoader;
import org.stag.loaders.LoadOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code stag info GRAPH}: loads a graph and prints its size and shape, one {@code key value} per line. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = {"Load a graph and print facts about it, one 'key value' per line.",
            "edges counts stored directed edges: an undirected edge counts twice, a self-loop once."})
final class InfoCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "GRAPH", description = "Graph file (.mtx, .el, .wel, SNAP .txt, LDBC .properties/.v/.e; .gz ok; binary .stagb), "
            + "or - for standard input.")
    Path graph;

    @Mixin
    InputOptions input;

    @Option(names = "--format", paramLabel = "F",
            description = "Also build the graph in in-memory format F (e.g. dense,ctree or bst,ctree) and report its memory.")
    String format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LoadOptions options = input.toLoadOptions();
        if (format != null) {
            GraphFormats.check(format);
        }
        long start = System.nanoTime();
        GraphLoader.Loaded loaded = GraphLoader.loadDescribed(graph, options);
        Graph g = loaded.graph();
        double seconds = (System.nanoTime() - start) / 1e9;
        PrintWriter out = spec.commandLine().getOut();
        GraphFileFormat fileFormat = loaded.format();
        out.println("file " + graph);
        out.println("format " + fileFormat.shortName());
        if (g.isSquare()) {
            out.println("vertices " + g.numVertices());
            out.println("edges " + g.numEdges());
        } else {
            out.println("rows " + g.numRows());
            out.println("columns " + g.numCols());
            out.println("entries " + g.numEdges());
            out.println("graph no (not square: " + g.numRows() + " x " + g.numCols() + ")");
        }
        out.println("directed " + g.directed());
        out.println("weighted " + g.weighted());
        out.println("values " + g.valueKind().mtxName());
        out.println("duplicates " + g.duplicates());
        if (g.isSquare()) {
            out.println("self-loops " + g.selfLoops());
            int min = Integer.MAX_VALUE;
            int max = 0;
            for (int v = 0; v < g.numVertices(); v++) {
                int d = g.degree(v);
                min = Math.min(min, d);
                max = Math.max(max, d);
            }
            if (g.numVertices() == 0) {
                min = 0;
            }
            out.println("min-degree " + min);
            out.println("max-degree " + max);
            out.println("avg-degree " + String.format(Locale.ROOT, "%.3f",
                    g.numVertices() == 0 ? 0.0 : (double) g.numEdges() / g.numVertices()));
        }
        out.println("memory-bytes " + g.memoryBytes());
        out.println("load-seconds " + String.format(Locale.ROOT, "%.3f", seconds));
        if (format != null) {
            InMemoryFormat f = InMemoryFormat.build(format, g, options.threads());
            out.println("in-memory-format " + format);
            out.println("in-memory-bytes " + f.matrix().memoryBytes());
            out.println("in-memory-bytes-per-edge " + String.format(Locale.ROOT, "%.2f",
                    g.numEdges() == 0 ? 0.0 : (double) f.matrix().memoryBytes() / g.numEdges()));
            out.println("in-memory-build-seconds " + String.format(Locale.ROOT, "%.3f", f.buildSeconds()));
        }
        out.flush();
        return Stag.OK;
    }
}
