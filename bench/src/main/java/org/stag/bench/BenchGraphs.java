package org.stag.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Parallel;
import org.stag.loaders.Symmetry;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.KroneckerGenerator;
import org.stag.loaders.io.GraphWriter;

/** Synthetic benchmark inputs, generated once into {@code -Dstag.bench.dir} (default {@code bench-out}). */
public final class BenchGraphs {
    private BenchGraphs() {
    }

    /** The directory benchmark inputs live in. */
    public static Path dir() {
        Path d = Path.of(System.getProperty("stag.bench.dir", "bench-out"));
        try {
            Files.createDirectories(d);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return d;
    }

    /** The Kronecker graph of the given scale and edge factor (Graph500 parameters, seed 1), symmetrised. */
    public static Graph kronGraph(int scale, int degree, int threads) {
        EdgeList e = new KroneckerGenerator().generate(new GeneratorOptions(scale, degree, 1, threads, false, false));
        return GraphBuilder.build(e, DuplicatePolicy.FIRST, threads);
    }

    /**
     * The Kronecker graph of the given scale and edge factor (Graph500 parameters, seed 1), symmetrised,
     * written with every stored directed edge on its own line, as GAP's converter writes it. Generated on
     * first use.
     */
    public static Path kron(int scale, int degree, String extension) {
        Path p = dir().resolve("kron" + scale + "-" + degree + "." + extension);
        if (Files.exists(p)) {
            return p;
        }
        Graph g = kronGraph(scale, degree, Parallel.defaultThreads());
        Graph directed = new Graph(g.source(), g.numRows(), g.numCols(), g.rowPtr(), g.colIdx(), g.weights(),
                Symmetry.GENERAL, g.valueKind(), g.ids(), 0);
        Path tmp = dir().resolve(p.getFileName() + ".tmp." + extension);
        GraphWriter.write(directed, tmp);
        try {
            Files.move(tmp, p);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return p;
    }
}
