package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;

/**
 * The runner thread of {@code stag stream}: runs the algorithms on the snapshots handed to it, one snapshot
 * at a time, while the ingesting thread goes on applying batches. Each run prints one line and writes
 * {@code DIR/ALGO-vVERSION.txt}. When a snapshot is due while a run is still going:
 * <ul>
 *   <li>{@link Busy#SKIP}: it waits in one slot, and a newer due snapshot replaces it (the replaced one is
 *       released and counted as skipped): runs always start on the newest due version, ingest never waits;</li>
 *   <li>{@link Busy#QUEUE}: it waits in a queue of {@link #QUEUE_LENGTH}; every due version is run, in order,
 *       and the ingesting thread waits while the queue is full.</li>
 * </ul>
 * A failing run stops the runner; {@link #failure()} hands the failure to the ingesting thread.
 */
final class SnapshotRunner {
    /** What to do with a due snapshot while a run is going. */
    enum Busy { SKIP, QUEUE }

    /** Snapshots that may wait under {@link Busy#QUEUE}: each holds memory (what later batches changed). */
    static final int QUEUE_LENGTH = 4;

    private record Due(GraphSnapshot snapshot, List<EdgeChanges> since) {
    }

    private final List<StreamAlgorithm> algorithms;
    private final Path dir;
    private final PrintWriter out;
    private final Busy busy;
    private final Map<String, Latencies> times = new LinkedHashMap<>();
    private final Thread thread;

    // Guarded by this.
    private final ArrayDeque<Due> waiting = new ArrayDeque<>();
    private boolean closing;
    private boolean dropping;
    private long skipped;
    private long dropped;
    private long runs;
    private long incrementalRuns;
    private Throwable failure;

    SnapshotRunner(List<StreamAlgorithm> algorithms, Path dir, PrintWriter out, Busy busy) {
        this.algorithms = algorithms;
        this.dir = dir;
        this.out = out;
        this.busy = busy;
        for (StreamAlgorithm a : algorithms) {
            times.put(a.algorithm().id(), new Latencies());
        }
        this.thread = new Thread(this::loop, "stag-stream-runs");
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether the algorithms read the changes since their last run (else the caller need not keep them). */
    boolean readsChanges() {
        for (StreamAlgorithm a : algorithms) {
            if (a.readsChanges()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Hands over {@code snapshot} (now the runner's to release) with the changes of the batches applied since
     * the previous one handed over. Returns at once, except under {@link Busy#QUEUE} with the queue full.
     */
    synchronized void due(GraphSnapshot snapshot, List<EdgeChanges> since) throws InterruptedException {
        if (dropping || failure != null) {
            snapshot.close();
            dropped++;
            return;
        }
        List<EdgeChanges> all = since;
        if (busy == Busy.SKIP && !waiting.isEmpty()) {
            Due old = waiting.poll();
            old.snapshot().close();
            skipped++;
            all = new ArrayList<>(old.since());
            all.addAll(since);
        }
        while (busy == Busy.QUEUE && waiting.size() >= QUEUE_LENGTH && !dropping && failure == null) {
            wait();
        }
        if (dropping || failure != null) {
            snapshot.close();
            dropped++;
            return;
        }
        waiting.add(new Due(snapshot, all));
        notifyAll();
    }

    /** From now on no run starts: waiting snapshots and those handed over later are released unrun. */
    synchronized void drop() {
        dropping = true;
        while (!waiting.isEmpty()) {
            waiting.poll().snapshot().close();
            dropped++;
        }
        notifyAll();
    }

    /** Runs what is waiting (unless {@link #drop()} was called), waits for the run under way, and ends the thread. */
    void finish() throws InterruptedException {
        synchronized (this) {
            closing = true;
            notifyAll();
        }
        thread.join();
    }

    /** The failure that stopped the runner, or null. */
    synchronized Throwable failure() {
        return failure;
    }

    synchronized long runs() {
        return runs;
    }

    /** Runs that brought a previous result up to date. */
    synchronized long incrementalRuns() {
        return incrementalRuns;
    }

    synchronized long skipped() {
        return skipped;
    }

    synchronized long dropped() {
        return dropped;
    }

    /** Run times by algorithm; read after {@link #finish()}. */
    Map<String, Latencies> times() {
        return times;
    }

    private void loop() {
        while (true) {
            Due d;
            synchronized (this) {
                while (waiting.isEmpty() && !closing) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (waiting.isEmpty()) {
                    return;
                }
                d = waiting.poll();
                notifyAll();
            }
            try (GraphSnapshot s = d.snapshot()) {
                runAll(s, d.since());
            } catch (Throwable t) {
                synchronized (this) {
                    failure = t;
                    while (!waiting.isEmpty()) {
                        waiting.poll().snapshot().close();
                        dropped++;
                    }
                    notifyAll();
                }
                return;
            }
        }
    }

    private void runAll(GraphSnapshot s, List<EdgeChanges> since) {
        for (StreamAlgorithm a : algorithms) {
            StreamAlgorithm.Outcome o = a.run(s, since);
            String name = a.algorithm().id();
            Path file = dir.resolve(name + "-v" + s.version() + ".txt");
            OutputFiles.write(file, w -> ResultFormat.TEXT.write(o.values(), w));
            times.get(name).add(o.nanos());
            synchronized (this) {
                runs++;
                if (o.incremental()) {
                    incrementalRuns++;
                }
            }
            out.println(line(s.version(), name, o, file));
        }
    }

    /** E.g. {@code run version=4 algorithm=wcc mode=full ms=1.250 file=out/wcc-v4.txt}. */
    static String line(long version, String algorithm, StreamAlgorithm.Outcome o, Path file) {
        return String.format(Locale.ROOT, "run version=%d algorithm=%s mode=%s ms=%s file=%s%s", version, algorithm,
                o.incremental() ? "incremental" : "full", Latencies.ms(o.nanos()), file,
                o.reason() == null ? "" : " (" + o.reason() + ")");
    }
}
