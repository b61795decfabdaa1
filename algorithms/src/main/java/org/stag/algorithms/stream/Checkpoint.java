package org.stag.algorithms.stream;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.stag.formats.graph.ApplyResult;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.io.GraphWriter;
import org.stag.loaders.binary.BinaryGraphReader;
import org.stag.loaders.text.IoCause;
import org.stag.loaders.updates.UpdateBatch;

/**
 * A stream's checkpoint directory ({@code stag stream --checkpoint DIR}): what makes every applied batch durable,
 * so that a stream killed at any point resumes from the first update that was not.
 * <ul>
 *   <li>{@code checkpoint.properties}: which stream it is (graph, format, updates), checked on resume;</li>
 *   <li>{@code log-vV.bin}: the batches applied after version V, one {@link BatchLog} record each, forced to the
 *       disk before the batch's line is printed;</li>
 *   <li>{@code graph-vV-linesL-updatesU.stagb}: the graph at version V, which the input had reached at line L
 *       and update U, written every {@code snapshotEvery} batches ({@link DurableFiles}: whole or absent). Once
 *       one is on the disk, the older snapshots and log segments go.</li>
 * </ul>
 * Resuming loads the newest snapshot (or the stream's graph when there is none yet), applies the logged batches
 * after it, drops a record torn by the crash, and goes on appending.
 */
public final class Checkpoint implements AfterBatch, AutoCloseable {
    /** The file that says which stream the directory belongs to. */
    public static final String META = "checkpoint.properties";
    private static final Pattern SNAPSHOT = Pattern.compile("graph-v(\\d+)-lines(\\d+)-updates(\\d+)\\.stagb");
    private static final Pattern SEGMENT = Pattern.compile("log-v(\\d+)\\.bin");

    /** How far the input was applied: the version, and the line and update count of the input it reached. */
    public record Position(long version, long linesThrough, long updatesThrough) {
    }

    private final Path dir;
    private final long snapshotEvery;
    private final Position base;
    private final Path baseSnapshot;
    private BatchLog log;
    private DynamicGraph graph;
    private long segmentStart;
    /** Bytes of torn records the last {@link #replay} dropped. */
    private long tornBytes;

    private Checkpoint(Path dir, long snapshotEvery, Position base, Path baseSnapshot) {
        this.dir = dir;
        this.snapshotEvery = snapshotEvery;
        this.base = base;
        this.baseSnapshot = baseSnapshot;
    }

    /**
     * Opens {@code dir}: a new checkpoint (the directory is created; one that holds a checkpoint already is
     * refused, so that nothing is overwritten), or with {@code resume} the one there, which must have been made
     * by a stream of the same {@code identity}.
     *
     * @param identity      what names the stream (graph, format, updates), all checked on resume but the updates
     *                      when they are standard input
     * @param snapshotEvery batches between snapshots of the graph, at least 1
     * @throws BadInputException naming the directory or file and the cause
     */
    public static Checkpoint open(Path dir, Map<String, String> identity, boolean resume, long snapshotEvery) {
        Path meta = dir.resolve(META);
        try {
            if (!resume) {
                if (Files.exists(meta)) {
                    throw new BadInputException(dir.toString(), 0, "holds the checkpoint of a stream already: add --resume"
                            + " to go on with it, or give another directory");
                }
                Files.createDirectories(dir);
                DurableFiles.replace(meta, temp -> {
                    try (Writer w = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                        properties(identity).store(w, "stag stream checkpoint");
                    }
                });
                return new Checkpoint(dir, snapshotEvery, new Position(0, 0, 0), null);
            }
            if (!Files.exists(meta)) {
                throw new BadInputException(dir.toString(), 0, "holds no checkpoint to resume (" + META + " is missing):"
                        + " run without --resume to start one");
            }
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(meta, StandardCharsets.UTF_8)) {
                p.load(r);
            }
            for (Map.Entry<String, String> e : identity.entrySet()) {
                String was = p.getProperty(e.getKey());
                if (was != null && !was.equals(e.getValue()) && !"-".equals(was)) {
                    throw new BadInputException(meta.toString(), 0, "the checkpoint is of a stream with " + e.getKey()
                            + " " + was + ", not " + e.getValue());
                }
            }
            Position base = new Position(0, 0, 0);
            Path snapshot = null;
            for (Path f : list(dir, SNAPSHOT).values()) {
                Matcher m = SNAPSHOT.matcher(f.getFileName().toString());
                if (m.matches()) {
                    base = new Position(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)));
                    snapshot = f;
                }
            }
            return new Checkpoint(dir, snapshotEvery, base, snapshot);
        } catch (IOException e) {
            throw new BadInputException(dir.toString(), 0, "cannot use the checkpoint: " + IoCause.of(e));
        }
    }

    /** The graph of the newest snapshot, or null when there is none (the stream's own graph is the start). */
    public Graph snapshotGraph(int threads) {
        return baseSnapshot == null ? null : BinaryGraphReader.read(baseSnapshot, baseSnapshot.toString(), threads);
    }

    /** Where the newest snapshot is: the version to build the graph at. */
    public Position snapshotPosition() {
        return base;
    }

    /**
     * Applies to {@code g} (at {@link #snapshotPosition()}'s version) the logged batches after it, in order, drops
     * a record torn by a crash and whatever follows it, and opens the log for appending.
     *
     * @return how far the input was applied
     */
    public Position replay(DynamicGraph g) {
        graph = g;
        Position[] at = {base};
        Path last = null;
        long lastValid = 0;
        try {
            for (Map.Entry<Long, Path> s : list(dir, SEGMENT).entrySet()) {
                if (tornBytes > 0) {
                    break;
                }
                Path file = s.getValue();
                BatchLog.End end = BatchLog.read(file, e -> {
                    if (e.version() <= g.version()) {
                        return;
                    }
                    if (e.version() != g.version() + 1) {
                        throw new BadInputException(file.toString(), 0, "the log skips from version " + g.version()
                                + " to " + e.version());
                    }
                    g.apply(e.batch());
                    at[0] = new Position(e.version(), e.linesThrough(), e.updatesThrough());
                });
                tornBytes = end.tornBytes();
                last = file;
                lastValid = end.validBytes();
            }
            if (last == null || Long.parseLong(num(last, SEGMENT)) < base.version()) {
                last = segment(g.version());
                lastValid = 0;
            }
            segmentStart = Long.parseLong(num(last, SEGMENT));
            log = BatchLog.openForAppend(last, lastValid);
        } catch (IOException e) {
            throw new BadInputException(dir.toString(), 0, "cannot read the checkpoint's log: " + IoCause.of(e));
        }
        return at[0];
    }

    /** Bytes of a torn record that {@link #replay} dropped (0 when the log ended whole). */
    public long tornBytes() {
        return tornBytes;
    }

    /**
     * Makes the batch just applied (after {@link #replay}) durable: its record is on the disk when this returns, and every
     * {@code snapshotEvery} batches a snapshot of the graph too.
     *
     * @throws BadInputException when the log or the snapshot cannot be written (the disk is full...)
     */
    @Override
    public void applied(UpdateBatch b, ApplyResult r, Position through) {
        try {
            log.append(r.version(), through.linesThrough(), through.updatesThrough(), b);
            if (r.version() - segmentStart >= snapshotEvery) {
                snapshot(graph, through);
            }
        } catch (IOException e) {
            throw new BadInputException(dir.toString(), 0, "cannot write the checkpoint: " + IoCause.of(e));
        }
    }

    /**
     * Writes the graph's current version (that of {@code through}) as a snapshot, starts a new log segment after
     * it, and removes the older snapshots and segments.
     */
    private void snapshot(DynamicGraph g, Position through) throws IOException {
        Path file = dir.resolve("graph-v" + through.version() + "-lines" + through.linesThrough() + "-updates"
                + through.updatesThrough() + ".stagb");
        try (GraphSnapshot s = g.snapshot()) {
            Graph graph = s.tensors().toGraph();
            DurableFiles.replace(file, temp -> GraphWriter.write(graph, temp));
        }
        log.close();
        segmentStart = through.version();
        log = BatchLog.openForAppend(segment(segmentStart), 0);
        List<Path> old = new ArrayList<>();
        list(dir, SNAPSHOT).forEach((v, p) -> {
            if (v < segmentStart) {
                old.add(p);
            }
        });
        list(dir, SEGMENT).forEach((v, p) -> {
            if (v < segmentStart) {
                old.add(p);
            }
        });
        for (Path p : old) {
            Files.deleteIfExists(p);
        }
    }

    private Path segment(long version) {
        return dir.resolve("log-v" + version + ".bin");
    }

    @Override
    public void close() {
        try {
            if (log != null) {
                log.close();
            }
        } catch (IOException e) {
            // Every record was forced when it was appended: nothing is lost.
        }
    }

    /** The files of {@code dir} that {@code p} matches, by the version in their name. */
    private static TreeMap<Long, Path> list(Path dir, Pattern p) throws IOException {
        TreeMap<Long, Path> out = new TreeMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path f : ds) {
                Matcher m = p.matcher(f.getFileName().toString());
                if (m.matches()) {
                    out.put(Long.parseLong(m.group(1)), f);
                }
            }
        }
        return out;
    }

    private static String num(Path f, Pattern p) {
        Matcher m = p.matcher(f.getFileName().toString());
        if (!m.matches()) {
            throw new IllegalStateException(f.toString());
        }
        return m.group(1);
    }

    private static Properties properties(Map<String, String> identity) {
        Properties p = new Properties();
        identity.forEach(p::setProperty);
        return p;
    }
}
