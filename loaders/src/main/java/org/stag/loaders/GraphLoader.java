package org.stag.loaders;

import java.nio.file.Path;
import org.stag.loaders.edgelist.EdgeListReader;
import org.stag.loaders.ldbc.LdbcReader;
import org.stag.loaders.mtx.MatrixMarketReader;

/**
 * Reads graph files of every supported format. {@link #read} gives the entries as the file has them;
 * {@link #load} also builds the canonical graph (mirrored, sorted, duplicates resolved).
 */
public final class GraphLoader {
    private GraphLoader() {
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
        };
    }

    /** Reads {@code path} and builds its canonical graph. */
    public static Graph load(Path path, LoadOptions options) {
        return GraphBuilder.build(read(path, options), options.duplicates(), options.duplicatesGiven(), options.threads());
    }
}
