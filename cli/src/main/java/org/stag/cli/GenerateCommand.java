package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.MemoryBudget;
import org.stag.loaders.Parallel;
import org.stag.loaders.VertexOrder;
import org.stag.loaders.binary.BinaryLayout;
import org.stag.loaders.gen.EdgeBlocks;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.GraphFileBuild;
import org.stag.loaders.gen.GraphGenerator;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;
import org.stag.loaders.updates.UpdateGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code stag generate kron|urand|grid}: writes a synthetic graph; {@code stag generate updates}: an update
 * stream for a graph. The same bytes for the same seed.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Generate a synthetic graph (kron, urand, grid) or an update stream.",
            "updates: an update stream for the graph --graph G: --kind rmat or uniform draws",
            "inserts (R-MAT a,b,c = 0.57,0.19,0.19 or uniform) and, with --delete-fraction P,",
            "deletes of existing edges; --kind window streams the last N edges of G in a",
            "random order through a sliding window (see README). Ids are G's own.",
            "OUT's name picks the file format: .mtx, .el or .wel, optionally .gz.",
            "kron: Graph500 Kronecker (A=0.57, B=C=0.19), ids permuted; urand: uniform",
            "random; grid: 2-D lattice with edges kept at random for the requested",
            "average degree (road-like). The graph is undirected unless --directed;",
            "duplicates and self-loops are resolved before writing (first weight",
            "kept). Equal parameters and seed give identical files on any thread count.",
            "A line on stderr says what was written: vertices, edges, size and time."})
final class GenerateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "KIND", description = "kron, urand, grid or updates.")
    String kind;

    @Option(names = "--scale", paramLabel = "S", description = "2^S vertices, S in 1..30 (required for a graph).")
    Integer scale;

    @Option(names = "--graph", paramLabel = "G", description = "updates: the graph the updates apply to.")
    Path graph;

    @Option(names = "--kind", paramLabel = "K", description = "updates: rmat, uniform or window.")
    String updateKind;

    @Option(names = "--count", paramLabel = "N",
            description = "updates: rmat/uniform: number of updates; window: number of edges streamed (3N lines).")
    Long count;

    @Option(names = "--delete-fraction", paramLabel = "P",
            description = "updates, rmat/uniform: share of deletes in [0, 1] (default 0.1).")
    Double deleteFraction;

    @Option(names = "--undirected", description = "updates: read an edge-list graph as undirected.")
    boolean undirected;

    @Option(names = "--degree", paramLabel = "D",
            description = "kron/urand: edge factor, D * 2^S generated edges (default 16); grid: average degree in (0, 4] (default 4).")
    Double degree;

    @Option(names = "--seed", paramLabel = "X", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "Output file.")
    Path output;

    @Option(names = "--weighted", description = "Integer weights uniform in [1, 255] (updates: read an edge list's third column).")
    boolean weighted;

    @Option(names = "--directed", description = "A directed graph (each generated edge one way).")
    boolean directed;

    @Option(names = "--order", paramLabel = "O",
            description = "kron/urand into .stagb: vertex storage order, none (default) or degree (decreasing"
                    + " out-degree; the ids section keeps every vertex's id, so it is the same graph).")
    String order = "none";

    int threads = Math.min(Parallel.defaultThreads(), Ranges.MAX_THREADS);

    @Option(names = "--threads", paramLabel = "T",
            description = "Threads, 1.." + Ranges.MAX_THREADS + " (default: all cores); the output does not depend on it.")
    void threads(int t) {
        threads = Ranges.threads(spec.commandLine(), "--threads", t);
    }

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        long start = System.nanoTime();
        if ("updates".equals(kind)) {
            return updates(start);
        }
        if (scale == null) {
            throw usage("--scale is required for a graph");
        }
        if (graph != null || updateKind != null || count != null || deleteFraction != null || undirected) {
            throw usage("--graph, --kind, --count, --delete-fraction and --undirected are for 'generate updates'");
        }
        GraphGenerator generator;
        GeneratorOptions options;
        Graph g;
        VertexOrder vertexOrder;
        try {
            vertexOrder = VertexOrder.byName(order);
        } catch (IllegalArgumentException e) {
            throw usage("--order: " + e.getMessage());
        }
        try {
            generator = GraphGenerator.byName(kind);
            double d = degree != null ? degree : generator.defaultDegree();
            options = new GeneratorOptions(scale, d, seed, threads, weighted, directed);
            EdgeBlocks blocks = GraphFileBuild.blocksOf(generator, options);
            if (blocks != null && output.getFileName().toString().endsWith(BinaryLayout.EXTENSION)) {
                return direct(blocks, options, start, vertexOrder);
            }
            if (vertexOrder != VertexOrder.NONE) {
                throw usage("--order " + order + " needs kron or urand written to a " + BinaryLayout.EXTENSION
                        + " file (only it stores the vertex ids)");
            }
            g = generator.graph(options);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        GraphWriter.Outcome outcome = GraphWriter.write(g, output);
        PrintWriter err = spec.commandLine().getErr();
        if (!outcome.note().isEmpty()) {
            err.println("stag: note: " + outcome.note());
        }
        err.println(Summary.wrote(output, g, (System.nanoTime() - start) / 1e9));
        return Exit.OK;
    }

    /**
     * A kron or urand graph written straight into a {@code .stagb} file in bounded memory ({@link GraphFileBuild}):
     * the counts and row pointers (12 bytes per vertex, kron's permutation 4 more, a degree order 8 more) and a row range of at most about
     * half the free heap at a time.
     */
    private Integer direct(EdgeBlocks blocks, GeneratorOptions options, long start, VertexOrder vertexOrder) {
        long n = options.numVertices();
        long fixed = (vertexOrder == VertexOrder.NONE ? 16 : 24) * n;
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        MemoryBudget.require(output.toString(), 0, fixed + (64L << 20), "the row counts and pointers of " + n + " vertices");
        long budget = Math.max(1 << 20, (free - fixed) / 2 / GraphFileBuild.bytesPerEntry(options.weighted()));
        GraphFileBuild.Written w;
        try {
            w = GraphFileBuild.write(blocks, options, output, budget, vertexOrder);
        } catch (java.io.IOException e) {
            throw new BadInputException(output.toString(), 0, "cannot write: " + e.getMessage());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long bytes;
        try {
            bytes = java.nio.file.Files.size(output);
        } catch (java.io.IOException e) {
            bytes = -1;
        }
        spec.commandLine().getErr().println("stag: wrote " + output + ": " + w.vertices() + " vertices, " + w.entries()
                + " stored edges (" + w.duplicates() + " duplicates merged), " + String.format(java.util.Locale.ROOT,
                "%.1f MB in %.1f s, %d passes over the edges", bytes / 1e6, seconds, w.passes()));
        return Exit.OK;
    }

    private Integer updates(long start) {
        if (graph == null || updateKind == null || count == null) {
            throw usage("generate updates needs --graph, --kind and --count");
        }
        if (scale != null || degree != null) {
            throw usage("--scale and --degree are for generating a graph, not updates");
        }
        if (directed && undirected) {
            throw usage("--directed and --undirected exclude each other");
        }
        UpdateGenerator.Kind k;
        try {
            k = UpdateGenerator.Kind.byName(updateKind);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (k == UpdateGenerator.Kind.WINDOW && deleteFraction != null) {
            throw usage("--delete-fraction does not apply to window (it deletes one old edge per insert)");
        }
        LoadOptions options = LoadOptions.defaults().withThreads(threads)
                .withDirected(directed ? Boolean.TRUE : undirected ? Boolean.FALSE : null)
                .withWeighted(weighted ? Boolean.TRUE : null);
        Graph g = GraphLoader.load(graph, options);
        if (!g.isSquare()) {
            throw usage(graph + " is not a graph (" + g.numRows() + " x " + g.numCols() + "); updates need a square matrix");
        }
        UpdateGenerator.Written w;
        try {
            w = UpdateGenerator.write(g, k, count, deleteFraction == null ? 0.1 : deleteFraction, seed, output);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println(wroteUpdates(w, g, (System.nanoTime() - start) / 1e9));
        return Exit.OK;
    }

    /** E.g. {@code stag: wrote u.txt: 1000 updates (900 inserts, 100 deletes) for g.el (1024 vertices), 0.0 MB in 0.1 s}. */
    private String wroteUpdates(UpdateGenerator.Written w, Graph g, double seconds) {
        long bytes;
        try {
            bytes = java.nio.file.Files.size(output);
        } catch (java.io.IOException e) {
            bytes = -1;
        }
        String size = bytes < 0 ? "" : String.format(java.util.Locale.ROOT, ", %.1f MB", bytes / 1e6);
        return "stag: wrote " + output + ": " + (w.inserts() + w.deletes()) + " updates (" + w.inserts() + " inserts, "
                + w.deletes() + " deletes) for " + graph + " (" + g.numVertices() + " vertices)" + size + " in "
                + String.format(java.util.Locale.ROOT, "%.1f s", seconds);
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
