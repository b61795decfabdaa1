package org.stag.spark.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.edgelist.EdgeListReader;
import org.stag.loaders.mtx.MatrixMarketHeader;
import org.stag.loaders.mtx.MatrixMarketReader;
import org.stag.loaders.text.HeaderReader;
import org.stag.spark.graph.GraphMeta;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.graph.RowBlocks;

/**
 * Reads a graph into a cluster as row blocks, from the files stag reads (Matrix Market, GAP and SNAP edge lists,
 * {@code .stagb}) and from Parquet with {@code src}, {@code dst} and optional {@code weight} columns: the format
 * comes from the name or {@code --input-format}, as for a single JVM, and a directory or a {@code .parquet} name is
 * Parquet. The tasks parse and build; the driver reads headers and counts.
 */
public final class GraphFiles {
    private GraphFiles() {
    }

    /**
     * Refuses a local path (no scheme, or {@code file:}) that does not exist, before a Spark context is started for
     * it; other file systems are asked by the read itself, with the cluster's configuration.
     *
     * @throws BadInputException naming the path
     */
    public static void checkLocal(String path) {
        String scheme = new org.apache.hadoop.fs.Path(path).toUri().getScheme();
        if (scheme == null || scheme.equals("file")) {
            FileBytes.exists(path);
        }
    }

    /**
     * Reads {@code path} into {@code partitions} row blocks in {@code format}.
     *
     * @throws BadInputException one line naming the file, the line and the cause
     */
    public static PartitionedGraph read(JavaSparkContext sc, String path, LoadOptions options, int partitions,
                                        Format format) {
        if (ParquetRead.isParquet(path)) {
            return ParquetRead.read(sc, path, options, partitions, format);
        }
        FileBytes.length(path);
        GraphFileFormat f = options.format() != null ? options.format() : GraphFileFormat.of(Path.of(path));
        return switch (f) {
            case MATRIX_MARKET -> mtx(sc, path, options, partitions, format);
            case EDGE_LIST, WEIGHTED_EDGE_LIST, SNAP -> edgeList(sc, path, f, options, partitions, format);
            case BINARY -> BinaryRead.read(sc, path, options, partitions, format);
            case LDBC -> throw new BadInputException(path, 0, "LDBC files are not read on Spark yet; convert the graph"
                    + " (stag convert " + path + " g.stagb) and read that");
        };
    }

    private static PartitionedGraph mtx(JavaSparkContext sc, String path, LoadOptions options, int partitions,
                                        Format format) {
        MatrixMarketHeader h;
        long dataStart;
        long firstLine;
        try {
            HeaderReader header = TextRead.header(path, path);
            h = MatrixMarketHeader.read(header, path);
            dataStart = header.bytes();
            firstLine = header.line() + 1;
        } catch (IOException e) {
            throw new BadInputException(path, 0, "cannot read: " + e.getMessage());
        }
        if (!h.coordinate()) {
            throw new BadInputException(path, 1, "an array (dense) Matrix Market file is not read on Spark; convert it"
                    + " to coordinate form (stag convert " + path + " g.mtx)");
        }
        if (h.rows() != h.cols()) {
            throw new BadInputException(path, h.sizeLine(), "not square: " + h.rows() + " x " + h.cols());
        }
        int base = options.indexBase();
        TextRead read = new TextRead(path, path, dataStart, firstLine, p -> {
            try (var in = FileBytes.open(p)) {
                return MatrixMarketReader.entryParser(MatrixMarketHeader.read(new HeaderReader(in, p), p), base);
            }
        });
        List<Parsed> sizes = read.parse(sc, partitions);
        long total = 0;
        for (Parsed s : sizes) {
            total += s.size();
        }
        if (total != h.entries()) {
            read.done();
            throw new BadInputException(path, 0, (total < h.entries() ? "unexpected end of file" : "too many entries")
                    + ": the size line (line " + h.sizeLine() + ") declares " + h.entries() + " entries, the file holds "
                    + total);
        }
        GraphMeta meta = new GraphMeta(path, h.rows(), h.symmetry(), h.field(), base, options.duplicates(),
                options.duplicatesGiven(), false);
        return build(sc, read, meta, partitions, format);
    }

    private static PartitionedGraph edgeList(JavaSparkContext sc, String path, GraphFileFormat f, LoadOptions options,
                                             int partitions, Format format) {
        boolean weighted = options.weighted() != null ? options.weighted() : f == GraphFileFormat.WEIGHTED_EDGE_LIST;
        boolean directed = options.directed() == null || options.directed();
        TextRead read = new TextRead(path, path, 0, 1, p -> EdgeListReader.entryParser(weighted));
        List<Parsed> sizes = read.parse(sc, partitions);
        long total = 0;
        long max = -1;
        boolean integral = true;
        for (Parsed s : sizes) {
            total += s.size();
            max = Math.max(max, s.maxId());
            integral &= s.allIntegral();
        }
        if (total == 0) {
            read.done();
            throw new BadInputException(path, 0, "no edges in the file");
        }
        if (max >= Integer.MAX_VALUE - 8) {
            read.done();
            throw new BadInputException(path, 0, "vertex id " + max + " is too large");
        }
        ValueKind kind = !weighted ? ValueKind.PATTERN : integral ? ValueKind.INTEGER : ValueKind.REAL;
        GraphMeta meta = new GraphMeta(path, (int) (max + 1), directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC, kind, 0,
                options.duplicates(), options.duplicatesGiven(), !directed);
        return build(sc, read, meta, partitions, format);
    }

    private static PartitionedGraph build(JavaSparkContext sc, TextRead read, GraphMeta meta, int partitions,
                                          Format format) {
        RowBlocks rows = new RowBlocks(meta.n(), partitions);
        try {
            return PartitionedGraph.build(read.route(meta, rows).mapToPair(t -> t), meta, rows, format);
        } catch (Exception e) {
            throw Failures.badInput(e);
        } finally {
            read.done();
        }
    }
}
