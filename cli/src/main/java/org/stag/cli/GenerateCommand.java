package org.stag.cli;

import java.io.PrintWriter;
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
        description = {"Generate a synthetic graph (kron, urand or grid) and write it.",
            "OUT's name picks the file format: .mtx, .el or .wel, optionally .gz.",
            "kron: Graph500 Kronecker (A=0.57, B=C=0.19), ids permuted; urand: uniform",
            "random; grid: 2-D lattice with edges kept at random for the requested",
            "average degree (road-like). The graph is undirected unless --directed;",
            "duplicates and self-loops are resolved before writing (first weight",
            "kept). Equal parameters and seed give identical files on any thread count.",
            "A line on stderr says what was written: vertices, edges, size and time."})
final class GenerateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "KIND", description = "kron, urand or grid.")
    String kind;

    @Option(names = "--scale", required = true, paramLabel = "S", description = "2^S vertices, S in 1..30.")
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
        PrintWriter err = spec.commandLine().getErr();
        if (!outcome.note().isEmpty()) {
            err.println("stag: note: " + outcome.note());
        }
        err.println(Summary.wrote(output, g, (System.nanoTime() - start) / 1e9));
        return Stag.OK;
    }
}
