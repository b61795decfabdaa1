package org.stag.algorithms.stream;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;

/**
 * The runner thread of a stream ({@code stag stream}, the ingest benchmarks): runs the algorithms on snapshots of
 * the graph, one snapshot at a time, while the ingesting thread goes on applying batches. Each run's outcome goes
 * to {@link Results} once the snapshot is closed ({@code stag stream} writes {@code DIR/ALGO-vVERSION.txt} and
 * prints one line). The ingesting thread says when a run is {@link #due()}:
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
public final class SnapshotRunner {
    /** What a due run becomes while a run is going. */
    public enum Busy { SKIP, QUEUE }

    /** Snapshots that may wait under {@link Busy#QUEUE}: each keeps the shards later batches replace. */
    public static final int QUEUE_LENGTH = 4;

    /**
     * Where each run's outcome goes, on the runner's thread, after the snapshot it ran on is closed: writing a
     * result takes longer than an incremental run, and while a snapshot is open every batch is classified by
     * lookups and logged. The values are the caller's until the algorithm's next run. A failure (a file that
     * cannot be written) stops the runner as a failed run does.
     */
    @FunctionalInterface
    public interface Results {
        void ran(long version, StreamAlgorithm algorithm, StreamAlgorithm.Outcome outcome);
    }

    private final StreamGraph graph;
    private final List<StreamAlgorithm> algorithms;
    private final Results results;
    private final Busy busy;
    private final Map<String, Latencies> times = new LinkedHashMap<>();
    private final Thread thread;

    // Guarded by this.
    private final ArrayDeque<StreamGraph.Taken> waiting = new ArrayDeque<>();
    private boolean pending;
    /** The version the pending due was for. */
    private long pendingVersion;
    private boolean closing;
    private boolean dropping;
    private long skipped;
    private long dropped;
    private long runs;
    private long incrementalRuns;
    private Throwable failure;

    /** Starts the runner's thread, which waits for a run to be due. */
    public SnapshotRunner(StreamGraph graph, List<StreamAlgorithm> algorithms, Results results, Busy busy) {
        this.graph = graph;
        this.algorithms = algorithms;
        this.results = results;
        this.busy = busy;
        for (StreamAlgorithm a : algorithms) {
            times.put(a.algorithm().id(), new Latencies());
        }
        this.thread = new Thread(this::loop, "stag-stream-runs");
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether the algorithms read the changes since their last run (else the graph need not keep them). */
    public static boolean readsChanges(List<StreamAlgorithm> algorithms) {
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
    public synchronized void due() throws InterruptedException {
        if (busy == Busy.SKIP) {
            long version = graph.graph().version();
            if (dropping || failure != null) {
                dropped++;
            } else if (pending) {
                // A due of the version already pending (the end of the input, say) is the same run, not a skip.
                if (version != pendingVersion) {
                    skipped++;
                    pendingVersion = version;
                }
            } else {
                pending = true;
                pendingVersion = version;
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
    public synchronized void drop() {
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
    public void finish() throws InterruptedException {
        synchronized (this) {
            closing = true;
            notifyAll();
        }
        thread.join();
    }

    /** The failure that stopped the runner, or null. */
    public synchronized Throwable failure() {
        return failure;
    }

    /** Runs done (one per algorithm and version). */
    public synchronized long runs() {
        return runs;
    }

    /** Runs that brought a previous result up to date. */
    public synchronized long incrementalRuns() {
        return incrementalRuns;
    }

    /**
     * Due versions that were not run ({@link Busy#SKIP}): a due of a later version came while they waited, and the
     * run went to that one.
     */
    public synchronized long skipped() {
        return skipped;
    }

    /** Dues released unrun after a signal or a failure. */
    public synchronized long dropped() {
        return dropped;
    }

    /** Run times by algorithm; read after {@link #finish()}. */
    public Map<String, Latencies> times() {
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
                // Handed on once the snapshot is closed (see Results).
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

    /** Hands on each result of version {@code version} (before the next run overwrites it), and counts it. */
    private void writeAll(long version, List<Ran> ran) {
        for (Ran r : ran) {
            StreamAlgorithm.Outcome o = r.outcome();
            results.ran(version, r.algorithm(), o);
            times.get(r.algorithm().algorithm().id()).add(o.nanos());
            synchronized (this) {
                runs++;
                if (o.incremental()) {
                    incrementalRuns++;
                }
            }
        }
    }
}
