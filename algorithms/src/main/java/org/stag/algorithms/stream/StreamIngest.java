package org.stag.algorithms.stream;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Weights;
import org.stag.formats.graph.ApplyResult;
import org.stag.formats.graph.BatchRefusedException;
import org.stag.loaders.BadInputException;
import org.stag.loaders.updates.UpdateBatch;
import org.stag.loaders.updates.UpdateBatchReader;

/**
 * The ingesting loop of a stream ({@code stag stream}): reads batches, applies each to the graph, prints its line,
 * and every M batches tells the {@link SnapshotRunner} that a run is due.
 * It stops at the end of the input, at the first bad batch (kept in {@link #bad()}, not applied), or when a
 * run failed. Counts and apply times are kept for the summary.
 */
public final class StreamIngest {
    /** Longest time a written batch line stays unflushed while batches keep coming. */
    static final long FLUSH_NANOS = 500_000_000L;

    /** The ids of the algorithms that need non-negative weights (SSSP), for the refusal's message. */
    private static final String NEED_NON_NEGATIVE = needNonNegative();

    private final StreamGraph graph;
    private final SnapshotRunner runner;
    private final long every;
    private final String file;
    private final boolean refuseNegative;
    private final long lookAhead;
    private final PrintWriter out;
    private final boolean flushEachLine;

    private long batches;
    private long updates;
    private long inserted;
    private long updated;
    private long deleted;
    private long missing;
    private final Latencies applyTimes = new Latencies();
    private final Latencies afterTimes = new Latencies();
    private long nanos;
    private long readWaitNanos;
    private BadInputException bad;
    private final List<AfterBatch> after = new ArrayList<>();
    /** Input lines before this stream's first (a resumed standard input starts after those applied before). */
    private long lineBase;
    /** Input lines already applied before a resume: their updates are dropped as they are read again. */
    private long skipThrough;
    /** Updates of the input applied so far, those before a resume included. */
    private long updatesThrough;
    /** The graph's name when it has no weights: an update that gives one is refused. */
    private String unweighted;
    /** Batches since the last due run, carried over a resume so that runs stay on the same versions. */
    private long sinceDue;
    /** A resumed stream starts at a version whose run was due: its result may have been lost in the crash. */
    private boolean dueAtStart;

    /**
     * @param runner         where due snapshots go, or null when nothing runs
     * @param file           the updates' name in messages
     * @param refuseNegative refuse a batch with a negative weight (sssp runs)
     * @param lookAhead      most updates read ahead of the one applied ({@link StreamReadAhead})
     * @param flushEachLine  flush stdout after every batch line (it is a terminal)
     */
    public StreamIngest(StreamGraph graph, SnapshotRunner runner, long every, String file, boolean refuseNegative,
                        long lookAhead, PrintWriter out, boolean flushEachLine) {
        this.graph = graph;
        this.runner = runner;
        this.every = every;
        this.file = file;
        this.refuseNegative = refuseNegative;
        this.lookAhead = lookAhead;
        this.out = out;
        this.flushEachLine = flushEachLine;
    }

    /** Adds what is done with each applied batch before its line is printed, in the order added. */
    public StreamIngest afterEach(AfterBatch a) {
        after.add(a);
        return this;
    }

    /**
     * The graph, named {@code graph} in messages, has no weights: a batch with an update that gives one is refused
     * at its line (it would be dropped, and a run that reads weights would not see it).
     */
    public StreamIngest refuseWeights(String graph) {
        unweighted = graph;
        return this;
    }

    /**
     * Goes on from {@code from}, the position of a stream resumed from its checkpoint: with {@code skipInput} (the
     * input is read again from its start) the updates of the lines applied before are dropped as they are read;
     * without (standard input, whose producer replays from there) the input's lines count on from them. When a run
     * was due at that version it is run first: its result may not have been written before the crash.
     */
    public StreamIngest resumeFrom(Checkpoint.Position from, boolean skipInput) {
        if (skipInput) {
            skipThrough = from.linesThrough();
        } else {
            lineBase = from.linesThrough();
        }
        updatesThrough = from.updatesThrough();
        sinceDue = from.version() % every;
        dueAtStart = from.version() > 0 && sinceDue == 0;
        return this;
    }

    /**
     * Applies the batches of {@code in}, read and parsed ahead on a thread of their own ({@link StreamReadAhead}),
     * until its end, a bad batch or a failed run, and says every M batches
     * that a run is due; at the end of the input (not after a signal, a bad batch or a failure) once more
     * unless the newest version was taken already. The batch lines are written without a flush each: the output
     * is flushed when no batch is waiting (the input is slower than the graph, or quiet: what an open pipe
     * with {@code --flush-ms} sees at once), at least every {@link #FLUSH_NANOS}, after every line when
     * {@code flushEachLine} (a terminal), and at the end.
     *
     * @param signalled whether a signal ended the input (then no last run is due)
     */
    public void run(UpdateBatchReader in, BooleanSupplier signalled) throws InterruptedException {
        long t0 = System.nanoTime();
        long flushed = t0;
        StringBuilder text = new StringBuilder(160);
        boolean ahead = false;
        if (dueAtStart && runner != null) {
            runner.due();
        }
        try (StreamReadAhead reader = new StreamReadAhead(in, file, refuseNegative, lookAhead)) {
            while (runner == null || runner.failure() == null) {
                UpdateBatch b;
                ApplyResult r;
                try {
                    if (ahead) {
                        b = reader.next();
                    } else {
                        long w0 = System.nanoTime();
                        b = reader.next();
                        readWaitNanos += System.nanoTime() - w0;
                    }
                    if (b == null) {
                        break;
                    }
                    if (skipThrough > 0) {
                        UpdateBatch rest = unapplied(b);
                        if (rest == null) {
                            reader.recycle(b);
                            continue;
                        }
                        b = rest;
                    }
                    if (unweighted != null) {
                        refuseWeights(b);
                    }
                    r = graph.apply(b);
                    durable(b, r);
                } catch (BadInputException e) {
                    bad = e;
                    break;
                } catch (BatchRefusedException e) {
                    bad = new BadInputException(file, e.line(), e.why());
                    break;
                }
                count(b, r);
                text.setLength(0);
                line(text, r, b.size()).append(System.lineSeparator());
                // Applied and counted: its arrays take a later batch (the graph keeps none of them).
                reader.recycle(b);
                out.append(text);
                ahead = reader.available();
                if (flushEachLine || !ahead) {
                    out.flush();
                    flushed = System.nanoTime();
                } else if (System.nanoTime() - flushed > FLUSH_NANOS) {
                    out.flush();
                    flushed = System.nanoTime();
                }
                if (runner != null && ++sinceDue == every) {
                    runner.due();
                    sinceDue = 0;
                }
            }
        } finally {
            // Before the reading thread is stopped: its lines are all written.
            out.flush();
        }
        nanos = System.nanoTime() - t0;
        if (runner != null && bad == null && runner.failure() == null && !signalled.getAsBoolean() && graph.untaken()) {
            runner.due();
        }
    }

    private void refuseWeights(UpdateBatch b) {
        for (int i = 0; i < b.size(); i++) {
            if (b.op[i] == UpdateBatch.INSERT && !Double.isNaN(b.weight[i])) {
                throw new BadInputException(file, b.line[i], "weight " + plain(b.weight[i]) + " on an update, but "
                        + unweighted + " has no weights to set (load a weighted graph, or leave the weights out)");
            }
        }
    }

    /** Runs the {@link AfterBatch} steps on a batch just applied. */
    private void durable(UpdateBatch b, ApplyResult r) {
        updatesThrough += b.size();
        if (after.isEmpty()) {
            return;
        }
        long t0 = System.nanoTime();
        Checkpoint.Position through = new Checkpoint.Position(r.version(), lineBase + b.line[b.size() - 1], updatesThrough);
        for (AfterBatch a : after) {
            a.applied(b, r, through);
        }
        afterTimes.add(System.nanoTime() - t0);
    }

    /**
     * The updates of {@code b} on lines after {@link #skipThrough} (all of them, or a new batch of the last ones), or
     * null when there are none; once past it, nothing more is skipped.
     */
    private UpdateBatch unapplied(UpdateBatch b) {
        int n = b.size();
        int from = 0;
        while (from < n && b.line[from] <= skipThrough) {
            from++;
        }
        if (from == n) {
            return null;
        }
        skipThrough = 0;
        if (from == 0) {
            return b;
        }
        return UpdateBatch.of(Arrays.copyOfRange(b.op, from, n), Arrays.copyOfRange(b.src, from, n),
                Arrays.copyOfRange(b.dst, from, n), Arrays.copyOfRange(b.weight, from, n),
                Arrays.copyOfRange(b.line, from, n), b.verticesBefore(), b.verticesAfter());
    }

    /** The bad batch that stopped the loop, as {@code FILE:LINE: cause}, or null. */
    public BadInputException bad() {
        return bad;
    }

    /** Batches applied. */
    public long batches() {
        return batches;
    }

    /** Updates applied. */
    public long updates() {
        return updates;
    }

    public long inserted() {
        return inserted;
    }

    public long updated() {
        return updated;
    }

    public long deleted() {
        return deleted;
    }

    public long missing() {
        return missing;
    }

    /** The time each batch's apply took. */
    public Latencies applyTimes() {
        return applyTimes;
    }

    /** The time each batch's {@link AfterBatch} steps took (the log forced to the disk, a snapshot, a save). */
    public Latencies durableTimes() {
        return afterTimes;
    }

    /** Wall time from the first read to the end of the loop: reading and parsing included. */
    public long nanos() {
        return nanos;
    }

    /** Of {@link #nanos()}, the time spent waiting for the reading thread (the input or its parsing was slower). */
    public long readWaitNanos() {
        return readWaitNanos;
    }

    /**
     * An algorithm that needs weights of at least 0 (SSSP, {@link Weights#NON_NEGATIVE}) runs on the stream: a batch
     * that sets a negative one is refused at its line, before it applies.
     */
    static void refuseNegativeWeights(UpdateBatch b, String file) {
        for (int i = 0; i < b.size(); i++) {
            if (b.op[i] == UpdateBatch.INSERT && b.weight[i] < 0) {
                throw new BadInputException(file, b.line[i], "negative weight " + plain(b.weight[i])
                        + ": " + NEED_NON_NEGATIVE + " runs on this stream and needs weights of at least 0");
            }
        }
    }

    private static String needNonNegative() {
        return String.join(" or ", Algorithm.ids(d -> d.weights() == Weights.NON_NEGATIVE));
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
        return line(new StringBuilder(160), r, updates).toString();
    }

    /** {@link #line(ApplyResult, int)} appended to {@code sb} (no formatter, no boxing: one line per batch). */
    static StringBuilder line(StringBuilder sb, ApplyResult r, int updates) {
        long rate = r.nanos() <= 0 ? 0 : Math.round(updates * 1e9 / r.nanos());
        sb.append("batch version=").append(r.version()).append(" updates=").append(updates)
                .append(" inserted=").append(r.inserted()).append(" updated=").append(r.updated())
                .append(" deleted=").append(r.deleted()).append(" missing=").append(r.missing())
                .append(" vertices=").append(r.vertices()).append(" edges=").append(r.edges()).append(" apply-ms=");
        return millis(sb, r.nanos()).append(" updates/s=").append(rate);
    }

    /** Nanoseconds as milliseconds with three decimals, rounded half up ({@code %.3f} of {@code ns / 1e6}). */
    static StringBuilder millis(StringBuilder sb, long ns) {
        long micros = (Math.max(0, ns) + 500) / 1000;
        long frac = micros % 1000;
        sb.append(micros / 1000).append('.');
        if (frac < 100) {
            sb.append(frac < 10 ? "00" : "0");
        }
        return sb.append(frac);
    }
}
