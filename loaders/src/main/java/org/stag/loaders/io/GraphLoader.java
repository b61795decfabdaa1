package org.stag.loaders.io;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.stag.loaders.BadInputException;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.ValueKind;
import org.stag.loaders.binary.BinaryGraphReader;
import org.stag.loaders.edgelist.EdgeListReader;
import org.stag.loaders.ldbc.LdbcReader;
import org.stag.loaders.mtx.MatrixMarketReader;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.IoCause;

/**
 * Reads graph files of every supported format. {@link #read} gives the entries as the file has them;
 * {@link #load} also builds the canonical graph (mirrored, sorted, duplicates resolved). The path {@code -}
 * stands for standard input ({@link StdinSpool}).
 */
public final class GraphLoader {
    /** The file name that means standard input. */
    public static final String STDIN = InputFiles.STDIN;

    private GraphLoader() {
    }

    /** A loaded graph and the format it was read as. */
    public record Loaded(Graph graph, GraphFileFormat format, double parseSeconds, double buildSeconds) {
        /** A graph whose parse and build times were not taken apart (they are NaN). */
        public Loaded(Graph graph, GraphFileFormat format) {
            this(graph, format, Double.NaN, Double.NaN);
        }
    }

    /** A graph and the seconds spent reading its file and building it, as GAP reports its Read and Build Time. */
    private record Timed(Graph graph, double parseSeconds, double buildSeconds) {
    }

    /** Whether {@code path} names standard input. */
    public static boolean isStdin(Path path) {
        return InputFiles.isStdin(path);
    }

    /** Reads the entries of {@code path} in file order. */
    public static EdgeList read(Path path, LoadOptions options) {
        GraphFileFormat format = options.format() != null ? options.format() : GraphFileFormat.of(path);
        if (format != GraphFileFormat.MATRIX_MARKET && options.indexBase() != 1) {
            throw new BadInputException(path.toString(), 0, "--index-base applies to Matrix Market files only");
        }
        return switch (format) {
            case MATRIX_MARKET -> MatrixMarketReader.read(path, options);
            case EDGE_LIST, WEIGHTED_EDGE_LIST, SNAP -> EdgeListReader.read(path, format, options);
            case LDBC -> LdbcReader.read(path, options);
            case BINARY -> BinaryEntries.of(loadBinary(path, path.toString(), options));
        };
    }

    /** Reads {@code path} (or standard input for {@code -}) and builds its canonical graph. */
    public static Graph load(Path path, LoadOptions options) {
        return loadDescribed(path, options).graph();
    }

    /** As {@link #load}, also telling the format the graph was read as (sniffed for standard input). */
    public static Loaded loadDescribed(Path path, LoadOptions options) {
        if (isStdin(path)) {
            return loadStream(System.in, options);
        }
        GraphFileFormat format = options.format() != null ? options.format() : GraphFileFormat.of(path);
        if (Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path)) {
            // A named pipe (or a device) is read once: spooled as standard input is, under its own name.
            try (InputStream in = Files.newInputStream(path)) {
                return StdinSpool.load(path.toString(), "the pipe", in, options, format,
                        (file, f) -> loadFile(file, file.toString(), f, options).graph());
            } catch (java.io.IOException e) {
                throw new BadInputException(path.toString(), 0, "cannot read: " + IoCause.of(e));
            }
        }
        Timed t = loadFile(path, path.toString(), format, options);
        return new Loaded(t.graph(), format, t.parseSeconds(), t.buildSeconds());
    }

    /** Loads a graph from a stream, called {@value StdinSpool#NAME} in messages; the format as for {@code -}. */
    public static Loaded loadStream(InputStream in, LoadOptions options) {
        return StdinSpool.load(in, options, (file, format) -> loadFile(file, file.toString(), format, options).graph());
    }

    private static Timed loadFile(Path path, String name, GraphFileFormat format, LoadOptions options) {
        long start = System.nanoTime();
        if (format == GraphFileFormat.BINARY) {
            Graph g = loadBinary(path, name, options);
            return new Timed(g, (System.nanoTime() - start) / 1e9, 0);
        }
        EdgeList edges = read(path, options.withFormat(format));
        long parsed = System.nanoTime();
        Graph g = GraphBuilder.build(edges, options.duplicates(), options.duplicatesGiven(), options.threads());
        return new Timed(g, (parsed - start) / 1e9, (System.nanoTime() - parsed) / 1e9);
    }

    /** A binary file holds a built graph; options that would change it are refused rather than ignored. */
    private static Graph loadBinary(Path path, String name, LoadOptions options) {
        if (options.indexBase() != 1) {
            throw new BadInputException(name, 0, "--index-base applies to Matrix Market files only");
        }
        Graph g = BinaryGraphReader.read(path, name, options.threads());
        if (!keepsWeights(name, options, g.directed(), g.weighted()) && g.weighted()) {
            return new Graph(g.source(), g.numRows(), g.numCols(), g.rowPtr(), g.colIdx(), null, g.symmetry(),
                    ValueKind.PATTERN, g.ids(), g.duplicates());
        }
        return g;
    }

    /**
     * Refuses the options that would change the graph a binary file {@code name} holds (directed or not, weighted or
     * not, as given), as a load of it does; tells whether its weights are kept ({@code --unweighted} drops them).
     *
     * @throws BadInputException naming the option and the file
     */
    public static boolean keepsWeights(String name, LoadOptions options, boolean directed, boolean weighted) {
        if (options.indexBase() != 1) {
            throw new BadInputException(name, 0, "--index-base applies to Matrix Market files only");
        }
        if (options.directed() != null && options.directed() != directed) {
            throw new BadInputException(name, 0, "the binary file holds " + (directed ? "a directed" : "an undirected")
                    + " graph; --" + (options.directed() ? "directed" : "undirected")
                    + " cannot change that (convert the text file again with it)");
        }
        if (Boolean.TRUE.equals(options.weighted()) && !weighted) {
            throw new BadInputException(name, 0, "the binary file holds an unweighted graph; --weighted cannot add weights");
        }
        return !Boolean.FALSE.equals(options.weighted());
    }
}
