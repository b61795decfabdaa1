package org.stag.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code stag stream}'s answer to SIGINT and SIGTERM, a shutdown hook: it runs {@code onSignal} (end the
 * input at its last complete line, start no new run) and then holds the JVM's exit until the stream says
 * it has {@link #finished()}: the complete updates applied, the runs under way written, the summary printed.
 * The JVM then exits with 130 or 143 as for any signal.
 */
final class StreamStop implements AutoCloseable {
    /** Longest wait for the stream after a signal: a run that never ends must not make the process unkillable. */
    static final long MAX_WAIT_SECONDS = 600;

    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean signalled;

    StreamStop(Runnable onSignal) {
        hook = new Thread(() -> {
            signalled = true;
            onSignal.run();
            try {
                done.await(MAX_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "stag-stream-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Whether a signal came. */
    boolean signalled() {
        return signalled;
    }

    /** Everything is written: a signal's exit may go ahead. */
    void finished() {
        done.countDown();
    }

    /** Finished, and the hook removed (unless the JVM is already shutting down and running it). */
    @Override
    public void close() {
        finished();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // Shutting down: the hook runs and returns at once, since we are finished.
        }
    }
}
