package org.stag.algorithms.stream;

import java.util.ArrayDeque;
import org.stag.loaders.BadInputException;
import org.stag.loaders.updates.UpdateBatch;
import org.stag.loaders.updates.UpdateBatchReader;

/**
 * A stream's reading thread ({@code stag stream}'s): it reads and parses the batches of an {@link UpdateBatchReader} ahead
 * of the thread that applies them, so that parsing batch k+1 overlaps applying batch k. At most
 * {@link #limit} updates wait (one batch at least), so a huge file is not read into memory. The order of the
 * input is kept: the batches come out of {@link #next()} as the reader handed them out, then the end
 * ({@code null}) or the exception that stopped the reader (a bad line, an unreadable input), thrown by the
 * {@code next()} that would have returned the batch holding it: every batch before it is handed out first.
 *
 * <p>The hand-over costs no allocation and, while both threads are busy, no wake-up per batch: the reading
 * thread waits when the queue is full and is woken once it is half empty; the applying thread is woken only
 * when it waits for a batch.
 */
public final class StreamReadAhead implements AutoCloseable {
    /**
     * Updates that may wait when batches are small (one batch waits whatever its size): enough to ride out the
     * reading thread's pauses, few enough that the young collections do not copy megabytes of waiting batches.
     */
    public static final int LOOK_AHEAD_UPDATES = 1 << 16;

    /** Where the batches come from: an {@link UpdateBatchReader}'s {@code next()} (a seam for tests). */
    interface Source {
        /**
         * The next batch, or null at the end.
         *
         * @param starved whether the applying thread waits for it (then parse with every thread; else with
         *                the reading thread alone, leaving the pool's threads to the batches being applied)
         */
        UpdateBatch next(boolean starved);
    }

    private final Source source;
    private final Runnable endInput;
    private final java.util.function.Consumer<UpdateBatch> recycler;
    private final String file;
    private final boolean refuseNegative;
    private final long limit;
    private final Thread thread;

    // Guarded by this.
    private final ArrayDeque<UpdateBatch> queue = new ArrayDeque<>();
    private long queuedUpdates;
    /** The reader's end: set once, after the last batch was queued. */
    private boolean ended;
    /**
     * What stopped the reader (a {@link BadInputException}, or a RuntimeException or Error it did not expect),
     * thrown once the batches before it are handed out; null at a plain end.
     */
    private Throwable failure;
    private boolean producerWaiting;
    private boolean consumerWaiting;
    private boolean stopped;
    /** Whether {@link #next()} was called: from then on only a waiting applier makes the reader use the pool. */
    private boolean handedOut;

    /**
     * Starts reading {@code reader} at once.
     *
     * @param file           the updates' name in messages
     * @param refuseNegative refuse a batch with a negative weight ({@link StreamIngest#refuseNegativeWeights})
     * @param limit          most updates waiting (one batch waits whatever its size); {@code stag stream} gives
     *                       {@code max(batch size, LOOK_AHEAD_UPDATES)}
     */
    public StreamReadAhead(UpdateBatchReader reader, String file, boolean refuseNegative, long limit) {
        this(starved -> {
            reader.useThreads(starved ? Integer.MAX_VALUE : 1);
            return reader.next();
        }, reader::endInput, reader::recycle, file, refuseNegative, limit);
    }

    /** Reads {@code source}; {@code endInput} makes a waiting {@code source.next()} return (see {@link #close()}). */
    StreamReadAhead(Source source, Runnable endInput, String file, boolean refuseNegative, long limit) {
        this(source, endInput, b -> { }, file, refuseNegative, limit);
    }

    /** As above; {@code recycler} takes the batches handed back by {@link #recycle}. */
    StreamReadAhead(Source source, Runnable endInput, java.util.function.Consumer<UpdateBatch> recycler, String file,
            boolean refuseNegative, long limit) {
        this.source = source;
        this.endInput = endInput;
        this.recycler = recycler;
        this.file = file;
        this.refuseNegative = refuseNegative;
        this.limit = Math.max(1, limit);
        this.thread = new Thread(this::readAll, "stag-stream-read");
        // Never holds the JVM: close() stops it, and an abandoned one only waits.
        thread.setDaemon(true);
        thread.start();
    }

    /** The reading thread: batches into the queue until the end, a failure or {@link #close()}. */
    private void readAll() {
        try {
            while (true) {
                UpdateBatch b = source.next(starved());
                if (b == null) {
                    break;
                }
                if (refuseNegative) {
                    StreamIngest.refuseNegativeWeights(b, file);
                }
                if (!put(b)) {
                    return;
                }
            }
            end(null);
        } catch (RuntimeException | Error e) {
            // A bad line (BadInputException) or something unexpected (out of memory...): the applying thread
            // throws it where the batch would have come, and the command reports it as it would its own.
            end(e);
        } catch (InterruptedException e) {
            // Closed while waiting for room.
        }
    }

    /** Queues {@code b}, waiting while the queue is full; false once closed. */
    private synchronized boolean put(UpdateBatch b) throws InterruptedException {
        while (!stopped && queuedUpdates > 0 && queuedUpdates + b.size() > limit) {
            producerWaiting = true;
            wait();
        }
        producerWaiting = false;
        if (stopped) {
            return false;
        }
        queue.add(b);
        queuedUpdates += b.size();
        if (consumerWaiting) {
            notifyAll();
        }
        return true;
    }

    /**
     * Whether the applying thread waits for a batch (or none was handed out yet): not merely whether the queue
     * is empty, which it is whenever the one batch allowed to wait was taken and is being applied.
     */
    private synchronized boolean starved() {
        return consumerWaiting || queue.isEmpty() && !handedOut;
    }

    private synchronized void end(Throwable e) {
        ended = true;
        failure = e;
        notifyAll();
    }

    /**
     * The next batch, or {@code null} at the end of the input (or once {@link #close()}d).
     *
     * @throws BadInputException when the next batch holds a bad line (every batch before it was returned)
     */
    synchronized UpdateBatch next() throws InterruptedException {
        while (queue.isEmpty() && !ended && !stopped) {
            consumerWaiting = true;
            wait();
        }
        consumerWaiting = false;
        UpdateBatch b = queue.poll();
        handedOut = true;
        if (b == null) {
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            return null;
        }
        queuedUpdates -= b.size();
        if (producerWaiting && queuedUpdates <= limit / 2) {
            notifyAll();
        }
        return b;
    }

    /**
     * Hands back a batch {@link #next()} returned, once applied and counted, so that the reader fills a later
     * batch into its arrays ({@link UpdateBatchReader#recycle}); it must not be used after.
     */
    void recycle(UpdateBatch b) {
        recycler.accept(b);
    }

    /** Whether {@link #next()} would return at once (a batch, the end or the failure is there). */
    synchronized boolean available() {
        return !queue.isEmpty() || ended || stopped;
    }

    /** Stops the reading thread (after a failed run, say); batches not yet handed out are dropped. */
    @Override
    public void close() {
        synchronized (this) {
            stopped = true;
            queue.clear();
            queuedUpdates = 0;
            notifyAll();
        }
        // Ends a read that waits for input: the reader hands out what it has, then the end.
        endInput.run();
    }

    /** Waits for the reading thread to end (after {@link #close()} or the end of the input). */
    void join() throws InterruptedException {
        thread.join();
    }

    /** Whether the reading thread has queued its last batch, or met the failure, or was closed (tests). */
    synchronized boolean readerEnded() {
        return ended || stopped && !thread.isAlive();
    }

    /** Whether the reading thread waits for room in the queue (tests). */
    synchronized boolean readerWaiting() {
        return producerWaiting;
    }

    /** Updates waiting in the queue (tests). */
    synchronized long queuedUpdates() {
        return queuedUpdates;
    }
}
