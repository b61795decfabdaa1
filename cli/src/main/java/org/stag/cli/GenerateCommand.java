package org.stag.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.GraphWriter;
import org.stag.loaders.Parallel;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.GraphGenerator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code stag generate kron|urand|grid}: writes a synthetic graph, the same bytes for the same seed. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Generate a synthetic graph and write it (.mtx, .el, .wel, optionally .gz).",
            "kron: Graph500 Kronecker (A=0.57, B=C=0.19), ids permuted; urand: uniform random;",
            "grid: 2-D lattice with edges kept at random for the requested average degree (road-like).",
            "The graph is undirected unless --directed; duplicates and self-loops are resolved before",
            "writing (first weight kept). Equal parameters and seed give identical files on any thread count."})
final class GenerateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "KIND", description = "kron, urand or grid.")
    String kind;

    @Option(names = "--scale", required = true, paramLabel = "S", description = "2^S vertices.")
    int scale;

    @Option(names = "--degree", paramLabel = "D",
            description = "kron/urand: edge factor, D * 2^S generated edges (default 16); grid: average degree in (0, 4] (default 4).")
    Double degree;

    @Option(names = "--seed", paramLabel = "X", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "Output file.")
    Path output;

    @Option(names = "--weighted", description = "Integer weights uniform in [1, 255].")
    boolean weighted;

    @Option(names = "--directed", description = "A directed graph (each generated edge one way).")
    boolean directed;

    @Option(names = "--threads", paramLabel = "T", description = "Threads (default: all cores); the output does not depend on it.")
    int threads = Parallel.defaultThreads();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        GraphGenerator generator;
        GeneratorOptions options;
        EdgeList edges;
        try {
            generator = GraphGenerator.byName(kind);
            double d = degree != null ? degree : "grid".equals(generator.name()) ? 4 : 16;
            options = new GeneratorOptions(scale, d, seed, threads, weighted, directed);
            edges = generator.generate(options);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Graph g = GraphBuilder.build(edges, DuplicatePolicy.FIRST, threads);
        GraphWriter.Outcome outcome = GraphWriter.write(g, output);
        if (!outcome.note().isEmpty()) {
            spec.commandLine().getErr().println("stag: note: " + outcome.note());
        }
        return Stag.OK;
    }
}
