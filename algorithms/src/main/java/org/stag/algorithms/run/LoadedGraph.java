package org.stag.algorithms.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.graph.StraightLoad;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;
import org.stag.loaders.binary.BinaryRowReader;
import org.stag.loaders.io.GraphLoader;

/**
 * A graph loaded for runs, as every command and the Java API load one: any file the loaders read (Matrix Market,
 * edge lists, SNAP, LDBC, {@code .stagb}), square, with the parameters of an LDBC graph's {@code .properties}.
 *
 * @param graph    the graph
 * @param seconds  how long loading took
 * @param ldbc     the parameters its LDBC {@code .properties} file gives ({@link LdbcParameters#NONE} for others)
 * @param straight the graph tensor of a {@code .stagb} loaded straight into its format ({@link StraightLoad}), whose
 *                 {@code graph} holds no edges; null for a whole load
 */
public record LoadedGraph(Graph graph, double seconds, LdbcParameters ldbc, GraphTensor straight) {
    /** A graph loaded whole. */
    public LoadedGraph(Graph graph, double seconds, LdbcParameters ldbc) {
        this(graph, seconds, ldbc, null);
    }

    /**
     * Loads {@code file}; for an LDBC graph, also reads the parameters of its {@code .properties}.
     *
     * @throws org.stag.loaders.BadInputException for a missing, malformed or non-square graph
     */
    public static LoadedGraph load(Path file, LoadOptions options) {
        long t0 = System.nanoTime();
        GraphLoader.Loaded loaded = GraphLoader.loadDescribed(file, options);
        Graph g = loaded.graph().requireSquare();
        double seconds = (System.nanoTime() - t0) / 1e9;
        LdbcParameters ldbc = loaded.format() == GraphFileFormat.LDBC ? LdbcParameters.of(file) : LdbcParameters.NONE;
        return new LoadedGraph(g, seconds, ldbc);
    }

    /**
     * Loads {@code file} for runs in {@code format}: a {@code .stagb} file straight into a row-encoded format
     * ({@code dense,vbyte}: {@link StraightLoad}, no column array held), anything else as {@link #load(Path, LoadOptions)}.
     *
     * @throws org.stag.loaders.BadInputException for a missing, malformed or non-square graph, or options it refuses
     */
    public static LoadedGraph load(Path file, LoadOptions options, Format format) {
        if (!straight(file, options, format)) {
            return load(file, options);
        }
        long t0 = System.nanoTime();
        String name = file.toString();
        BinaryRowReader reader = BinaryRowReader.open(file, name);
        boolean weights = GraphLoader.keepsWeights(name, options, reader.symmetry() == Symmetry.GENERAL,
                reader.weighted());
        GraphTensor t = StraightLoad.load(reader, format, weights, options.threads());
        return new LoadedGraph(t.graph(), (System.nanoTime() - t0) / 1e9, LdbcParameters.NONE, t);
    }

    /** Whether {@code file} loads straight into {@code format}: a regular {@code .stagb} file, a row-encoded format. */
    public static boolean straight(Path file, LoadOptions options, Format format) {
        if (format == null || !StraightLoad.into(format) || GraphLoader.isStdin(file) || !Files.isRegularFile(file)) {
            return false;
        }
        return (options.format() != null ? options.format() : GraphFileFormat.of(file)) == GraphFileFormat.BINARY;
    }
}
