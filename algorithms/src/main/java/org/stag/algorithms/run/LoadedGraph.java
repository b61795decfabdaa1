package org.stag.algorithms.run;

import java.nio.file.Path;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * A graph loaded for runs, as every command and the Java API load one: any file the loaders read (Matrix Market,
 * edge lists, SNAP, LDBC, {@code .stagb}), square, with the parameters of an LDBC graph's {@code .properties}.
 *
 * @param graph   the graph
 * @param seconds how long loading took
 * @param ldbc    the parameters its LDBC {@code .properties} file gives ({@link LdbcParameters#NONE} for others)
 */
public record LoadedGraph(Graph graph, double seconds, LdbcParameters ldbc) {
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
}
