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
 * The runner thread of {@code stag stream}: runs the algorithms on snapshots of the graph, one snapshot at a
 * time, while the ingesting thread goes on applying batches. Each run prints one line and writes
 * {@code DIR/ALGO-vVERSION.txt}. The ingesting thread says when a run is {@link #due()}:
 * <ul>
 *   <li>{@link Busy#SKIP}: the runner takes a snapshot of the newest version when it starts a run, so dues that
 *       come while a run is going collapse into one run on the newest version (counted as skipped). Ingest
 *       never waits, and it takes no snapshot itself: each snapshot makes the next batch copy the shards it
 *       changes, so fewer snapshots keep ingest fast while runs go on;</li>
 *   <li>{@link Busy#QUEUE}: the ingesting thread takes the snapshot of the due version and queues it (at most
 *       {@link #QUEUE_LENGTH}, ingest waits while the queue is full); every due version is run, in order.</li>
 * </ul>
 * A failing run stops the runner; {@link #failure()} hands the failure to the ingesting thread.
 */
final class SnapshotRunner {
    /** What a due run becomes while a run is going. */
    enum Busy { SKIP, QUEUE }

    /** Snapshots that may wait under {@link Busy#QUEUE}: each keeps the shards later batches replace. */
    static final int QUEUE_LENGTH = 4;

    private final StreamGraph graph;
    private final List<StreamAlgorithm> algorithms;
    private final Path dir;
    private final PrintWriter out;
    private final Busy busy;
    private final Map<String, Latencies> times = new LinkedHashMap<>();
    private final Thread thread;

    // Guarded by this.
    private final ArrayDeque<StreamGraph.Taken> waiting = new ArrayDeque<>();
    private boolean pending;
    private boolean closing;
    private boolean dropping;
    private long skipped;
    private long dropped;
    private long runs;
    private long incrementalRuns;
    private Throwable failure;

    SnapshotRunner(StreamGraph graph, List<StreamAlgorithm> algorithms, Path dir, PrintWriter out, Busy busy) {
        this.graph = graph;
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

    /** Whether the algorithms read the changes since their last run (else the graph need not keep them). */
    static boolean readsChanges(List<StreamAlgorithm> algorithms) {
        for (StreamAlgorithm a : algorithms) {
            if (a.readsChanges()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A run is due on the newest version. Returns at once, except under {@link Busy#QUEUE} with the queue full.
     */
    synchronized void due() throws InterruptedException {
        if (busy == Busy.SKIP) {
            if (dropping || failure != null) {
                dropped++;
            } else if (pending) {
                skipped++;
            } else {
                pending = true;
                notifyAll();
            }
            return;
        }
        while (waiting.size() >= QUEUE_LENGTH && !dropping && failure == null) {
            wait();
        }
        if (dropping || failure != null) {
            dropped++;
            return;
        }
        waiting.add(graph.take());
        notifyAll();
    }

    /** From now on no run starts: what is due or waiting is released unrun, and so is what comes later. */
    synchronized void drop() {
        dropping = true;
        if (pending) {
            pending = false;
            dropped++;
        }
        while (!waiting.isEmpty()) {
            waiting.poll().snapshot().close();
            dropped++;
        }
        notifyAll();
    }

    /** Runs what is due (unless {@link #drop()} was called), waits for the run under way, and ends the thread. */
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

    /** Runs done (one per algorithm and version). */
    synchronized long runs() {
        return runs;
    }

    /** Runs that brought a previous result up to date. */
    synchronized long incrementalRuns() {
        return incrementalRuns;
    }

    /** Dues that joined one already pending ({@link Busy#SKIP}). */
    synchronized long skipped() {
        return skipped;
    }

    /** Dues released unrun after a signal or a failure. */
    synchronized long dropped() {
        return dropped;
    }

    /** Run times by algorithm; read after {@link #finish()}. */
    Map<String, Latencies> times() {
        return times;
    }

    private void loop() {
        while (true) {
            StreamGraph.Taken t;
            synchronized (this) {
                while (!pending && waiting.isEmpty() && !closing) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (pending) {
                    pending = false;
                    t = graph.take();
                } else if (!waiting.isEmpty()) {
                    t = waiting.poll();
                } else {
                    return;
                }
                notifyAll();
            }
            try {
                long version;
                List<Ran> ran;
                try (GraphSnapshot s = t.snapshot()) {
                    version = s.version();
                    ran = runAll(s, t.since());
                }
                // Written once the snapshot is closed: N result lines take longer than an incremental run, and
                // while a snapshot is open every batch is classified by lookups and logged.
                writeAll(version, ran);
            } catch (Throwable e) {
                synchronized (this) {
                    failure = e;
                    pending = false;
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

    /** One algorithm's outcome on a snapshot, kept until it is written. */
    private record Ran(StreamAlgorithm algorithm, StreamAlgorithm.Outcome outcome) {
    }

    /** Runs every algorithm on {@code s}; their results hold no part of it. */
    private List<Ran> runAll(GraphSnapshot s, List<EdgeChanges> since) {
        List<Ran> ran = new ArrayList<>();
        for (StreamAlgorithm a : algorithms) {
            ran.add(new Ran(a, a.run(s, since)));
        }
        return ran;
    }

    /** Writes each result of version {@code version} and prints its line (before the next run overwrites it). */
    private void writeAll(long version, List<Ran> ran) {
        for (Ran r : ran) {
            StreamAlgorithm.Outcome o = r.outcome();
            String name = r.algorithm().algorithm().id();
            Path file = dir.resolve(name + "-v" + version + ".txt");
            OutputFiles.write(file, w -> ResultFormat.TEXT.write(o.values(), w));
            times.get(name).add(o.nanos());
            synchronized (this) {
                runs++;
                if (o.incremental()) {
                    incrementalRuns++;
                }
            }
            out.println(line(version, name, o, file));
        }
    }

    /** E.g. {@code run version=4 algorithm=wcc mode=full ms=1.250 file=out/wcc-v4.txt (first run: full run)}. */
    static String line(long version, String algorithm, StreamAlgorithm.Outcome o, Path file) {
        return String.format(Locale.ROOT, "run version=%d algorithm=%s mode=%s ms=%s file=%s%s", version, algorithm,
                o.incremental() ? "incremental" : "full", Latencies.ms(o.nanos()), file,
                o.reason() == null ? "" : " (" + o.reason() + ")");
    }
}
