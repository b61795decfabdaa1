package org.stag.spark.read;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.stag.loaders.BadInputException;
import org.stag.loaders.text.EntryParser;
import org.stag.loaders.text.HeaderReader;
import org.stag.loaders.text.ParallelParser;
import org.stag.spark.graph.ChunkSink;
import org.stag.spark.graph.GraphMeta;
import org.stag.spark.graph.RowBlocks;

/**
 * Reads the entries of a text graph file (Matrix Market data lines, GAP and SNAP edge lists) in parallel tasks:
 * the file is cut into byte ranges, each task reads the lines that start in its range through Hadoop's file
 * systems and parses them with stag's own {@link EntryParser} (so every rule and message of a single JVM's read
 * holds), and the parsed splits stay in the executors until they are routed to the row blocks. A gzipped file is
 * one split. The driver sees counts only.
 */
final class TextRead implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Bytes per split at most; more splits than partitions for large files, so parsing spreads. */
    private static final long SPLIT = 32L << 20;

    /** Makes the parser of the file's data lines in a task (parsers are not serializable). */
    interface ParserFactory extends Serializable {
        EntryParser make(String path) throws IOException;
    }

    private final String path;
    private final String name;
    private final long dataStart;
    private final long firstLine;
    private final ParserFactory parser;
    private transient JavaRDD<Parsed> parsed;
    private transient List<Parsed> sizes;

    TextRead(String path, String name, long dataStart, long firstLine, ParserFactory parser) {
        this.path = path;
        this.name = name;
        this.dataStart = dataStart;
        this.firstLine = firstLine;
        this.parser = parser;
    }

    /** Parses every split (one job) and keeps them; returns per split its size, largest id and integrality. */
    List<Parsed> parse(JavaSparkContext sc, int partitions) {
        long length = FileBytes.length(path);
        boolean gz;
        try {
            gz = FileBytes.gzipped(path);
        } catch (IOException e) {
            throw new BadInputException(name, 0, "cannot read: " + e.getMessage());
        }
        int splits = gz ? 1 : (int) Math.max(1, Math.min(1 << 16, Math.max(partitions, (length - dataStart + SPLIT - 1) / SPLIT)));
        long span = gz ? length : Math.max(1, (length - dataStart + splits - 1) / splits);
        List<long[]> ranges = new ArrayList<>();
        for (int s = 0; s < splits; s++) {
            ranges.add(new long[] {s, dataStart + s * span, gz ? Long.MAX_VALUE : Math.min(length, dataStart + (s + 1) * span)});
        }
        parsed = sc.parallelize(ranges, splits).map(r -> parseSplit((int) r[0], r[1], r[2], gz));
        parsed.persist(StorageLevel.MEMORY_AND_DISK());
        try {
            sizes = parsed.map(p -> new Parsed(p.split(), null, null, null, p.size(), p.maxId(), p.allIntegral())).collect();
        } catch (Exception e) {
            parsed.unpersist(false);
            throw Failures.badInput(e, this::locate);
        }
        return sizes;
    }

    private Parsed parseSplit(int split, long start, long end, boolean gz) throws IOException {
        EntryParser p = parser.make(path);
        ParallelParser pp = new ParallelParser(name, p, 1);
        ParallelParser.Result r;
        try {
            if (gz) {
                try (InputStream in = FileBytes.open(path)) {
                    in.skipNBytes(dataStart);
                    r = pp.parse(in, firstLine);
                }
            } else {
                r = pp.parse(new ByteArrayInputStream(FileBytes.lines(path, dataStart, start, end)), 1);
            }
        } catch (BadInputException e) {
            throw gz ? e : new SplitFailure(start, e.line(), e.reason());
        }
        return new Parsed(split, r.src, r.dst, r.weights, r.size, r.maxId, r.allIntegral);
    }

    /** The file's line of a split's relative line. */
    private BadInputException locate(SplitFailure f) {
        long before = FileBytes.linesBefore(path, f.splitStart);
        // A split after the first starts after the newline that ends the line it cut.
        long line = f.line <= 0 ? 0 : before + f.line + (f.splitStart > dataStart && !startsLine(f.splitStart) ? 1 : 0);
        return new BadInputException(name, line, f.reason);
    }

    private boolean startsLine(long offset) {
        try (InputStream in = FileBytes.fs(path).open(new org.apache.hadoop.fs.Path(path))) {
            in.skipNBytes(offset - 1);
            return in.read() == '\n';
        } catch (IOException e) {
            return true;
        }
    }

    /** The parsed entries routed to the row blocks ({@link #routed}). */
    JavaRDD<scala.Tuple2<Integer, org.stag.spark.graph.EntryChunk>> route(GraphMeta meta, RowBlocks rows) {
        return routed(parsed, meta, rows);
    }

    /**
     * Parsed entries routed to the row blocks: out-entries to the block of their row and, when mirrored, of their
     * column too; a directed graph's in-entries (transposed) to the block of their column.
     */
    static JavaRDD<scala.Tuple2<Integer, org.stag.spark.graph.EntryChunk>> routed(JavaRDD<Parsed> parsed, GraphMeta meta,
                                                                                 RowBlocks rows) {
        boolean weighted = meta.weighted();
        boolean mirrored = !meta.directed();
        return parsed.flatMap(p -> {
            ChunkSink sink = new ChunkSink(rows.count(), weighted);
            for (int k = 0; k < p.size(); k++) {
                int s = p.src()[k];
                int d = p.dst()[k];
                double w = p.weights() == null ? 1.0 : p.weights()[k];
                int bs = rows.owner(s);
                sink.add(bs, false, s, d, w);
                int bd = rows.owner(d);
                if (mirrored) {
                    if (bd != bs) {
                        sink.add(bd, false, s, d, w);
                    }
                } else {
                    sink.add(bd, true, d, s, w);
                }
            }
            return sink.chunks(p.split()).iterator();
        });
    }

    /** Frees the parsed splits. */
    void done() {
        if (parsed != null) {
            parsed.unpersist(false);
        }
    }

    /** A header read in a task: the file's first lines, as the single JVM reads them. */
    static HeaderReader header(String path, String name) throws IOException {
        return new HeaderReader(FileBytes.open(path), name);
    }
}
