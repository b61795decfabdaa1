package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.VertexOrder;
import org.stag.loaders.VertexRelabel;
import org.stag.loaders.binary.BinaryLayout;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code stag convert IN OUT}: rewrites a graph in another file format. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Convert a graph from one file format to another.",
            "The output format follows OUT's name (.mtx, .el, .wel, optionally .gz;",
            ".stagb for stag's binary graph file, which loads fastest). Edge lists",
            "cannot record direction: an undirected graph is written with each edge",
            "once and is read back with --undirected. A line on stderr says what was",
            "written: vertices, edges (counted as info counts them), size and time.",
            "OUT may not be IN. IN may be - for standard input. --order degree stores",
            "the vertices by decreasing out-degree in a .stagb file (the same graph and",
            "ids; it holds the graph twice in memory while it relabels). A text OUT is",
            "always written in the order of the ids."})
final class ConvertCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "IN", description = "Input graph file.")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "Output file: .mtx, .el, .wel (each optionally .gz) or .stagb.")
    Path out;

    @Mixin
    InputOptions input;

    @Option(names = "--format", paramLabel = "F", converter = FormatOptions.Graph.class,
            description = "Build the graph in in-memory format F (for example dense,ctree) and write what F holds.")
    Format format;

    @Option(names = "--order", paramLabel = "O",
            description = "Vertex storage order of a .stagb OUT: none (the input's; default) or degree (decreasing"
                    + " out-degree, ids kept; holds the graph twice while it relabels).")
    String order;

    @Mixin
    ProgressOption progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Ranges.notAnInput(spec.commandLine(), "OUT", out, Ranges.graphFiles(in));
        VertexOrder vertexOrder = null;
        if (order != null) {
            try {
                vertexOrder = VertexOrder.byName(order);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--order: " + e.getMessage());
            }
        }
        boolean binary = out.getFileName().toString().endsWith(BinaryLayout.EXTENSION);
        if (vertexOrder == VertexOrder.DEGREE && !binary) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--order degree needs a "
                    + BinaryLayout.EXTENSION + " OUT (only it stores the vertex ids)");
        }
        LoadOptions options = input.toLoadOptions();
        long start = System.nanoTime();
        Graph g;
        Progress shown = progress.start();
        try {
            g = GraphLoader.load(in, options);
        } finally {
            shown.clear();
        }
        input.warnAboutDuplicates(g, in);
        input.noteMirroredEdgeList(g, in);
        if (format != null) {
            FormatFits.check(spec.commandLine(), format, g);
            g = GraphTensor.of(g, format, options.threads()).toGraph();
        }
        if (vertexOrder != null || !binary && g.ids().isPermutation()) {
            try {
                g = VertexRelabel.toOrder(g, vertexOrder == null ? VertexOrder.NONE : vertexOrder);
            } catch (IllegalArgumentException e) {
                throw new org.stag.loaders.BadInputException(in.toString(), 0, e.getMessage());
            }
        }
        GraphWriter.Outcome outcome = GraphWriter.write(g, out);
        if (!outcome.note().isEmpty()) {
            err.println("stag: note: " + outcome.note());
        }
        err.println(Summary.wrote(out, g, (System.nanoTime() - start) / 1e9));
        return Exit.OK;
    }
}
