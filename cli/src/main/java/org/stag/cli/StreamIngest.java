package org.stag.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.stag.formats.graph.ApplyResult;
import org.stag.formats.graph.BatchRefusedException;
import org.stag.loaders.BadInputException;
import org.stag.loaders.updates.UpdateBatch;
import org.stag.loaders.updates.UpdateBatchReader;

/**
 * The ingesting loop of {@code stag stream}: reads batches, applies each to the graph, prints its line, and
 * every M batches tells the {@link SnapshotRunner} that a run is due.
 * It stops at the end of the input, at the first bad batch (kept in {@link #bad()}, not applied), or when a
 * run failed. Counts and apply times are kept for the summary.
 */
final class StreamIngest {
    private final StreamGraph graph;
    private final SnapshotRunner runner;
    private final long every;
    private final String file;
    private final boolean refuseNegative;
    private final PrintWriter out;

    long batches;
    long updates;
    long inserted;
    long updated;
    long deleted;
    long missing;
    final Latencies applyTimes = new Latencies();
    /** Wall time from the first read to the end of the loop: reading and parsing included. */
    long nanos;
    private BadInputException bad;

    /**
     * @param runner         where due snapshots go, or null when nothing runs
     * @param file           the updates' name in messages
     * @param refuseNegative refuse a batch with a negative weight (sssp runs)
     */
    StreamIngest(StreamGraph graph, SnapshotRunner runner, long every, String file, boolean refuseNegative,
                 PrintWriter out) {
        this.graph = graph;
        this.runner = runner;
        this.every = every;
        this.file = file;
        this.refuseNegative = refuseNegative;
        this.out = out;
    }

    /**
     * Applies the batches of {@code reader} until its end, a bad batch or a failed run, and says every M batches
     * that a run is due; at the end of the input (not after a signal, a bad batch or a failure) once more
     * unless the newest version was taken already.
     */
    void run(UpdateBatchReader reader, StreamStop stop) throws InterruptedException {
        long t0 = System.nanoTime();
        long sinceDue = 0;
        while (runner == null || runner.failure() == null) {
            UpdateBatch b;
            ApplyResult r;
            try {
                b = reader.next();
                if (b == null) {
                    break;
                }
                if (refuseNegative) {
                    refuseNegativeWeights(b, file);
                }
                r = graph.apply(b);
            } catch (BadInputException e) {
                bad = e;
                break;
            } catch (BatchRefusedException e) {
                bad = new BadInputException(file, e.line(), e.why());
                break;
            }
            count(b, r);
            out.println(line(r, b.size()));
            if (runner != null && ++sinceDue == every) {
                runner.due();
                sinceDue = 0;
            }
        }
        nanos = System.nanoTime() - t0;
        if (runner != null && bad == null && runner.failure() == null && !stop.signalled() && graph.untaken()) {
            runner.due();
        }
    }

    /** The bad batch that stopped the loop, as {@code FILE:LINE: cause}, or null. */
    BadInputException bad() {
        return bad;
    }

    /** SSSP needs weights of at least 0: a batch that sets a negative one is refused at its line, before it applies. */
    static void refuseNegativeWeights(UpdateBatch b, String file) {
        for (int i = 0; i < b.size(); i++) {
            if (b.op[i] == UpdateBatch.INSERT && b.weight[i] < 0) {
                throw new BadInputException(file, b.line[i], "negative weight " + plain(b.weight[i])
                        + ": sssp runs on this stream and needs weights of at least 0");
            }
        }
    }

    private static String plain(double w) {
        return w == Math.rint(w) && Math.abs(w) < 1e15 ? Long.toString((long) w) : Double.toString(w);
    }

    private void count(UpdateBatch b, ApplyResult r) {
        batches++;
        updates += b.size();
        inserted += r.inserted();
        updated += r.updated();
        deleted += r.deleted();
        missing += r.missing();
        applyTimes.add(r.nanos());
    }

    /**
     * E.g. {@code batch version=3 updates=10 inserted=8 updated=1 deleted=1 missing=0 vertices=34 edges=160
     * apply-ms=0.112 updates/s=89286}.
     */
    static String line(ApplyResult r, int updates) {
        long rate = r.nanos() <= 0 ? 0 : Math.round(updates * 1e9 / r.nanos());
        return String.format(Locale.ROOT, "batch version=%d updates=%d inserted=%d updated=%d deleted=%d missing=%d"
                        + " vertices=%d edges=%d apply-ms=%s updates/s=%d", r.version(), updates, r.inserted(), r.updated(),
                r.deleted(), r.missing(), r.vertices(), r.edges(), Latencies.ms(r.nanos()), rate);
    }
}
