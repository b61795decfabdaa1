package org.stag.cli;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The longest a signal's exit may take. The launcher execs the JVM, so SIGINT and SIGTERM reach it directly and
 * nothing outside it would end a JVM whose exit hangs: HotSpot exits only at a safepoint, and a thread zeroing a
 * multi-gigabyte array holds that off for seconds. A shutdown hook starts a clock; when it runs out the process
 * sends itself SIGKILL (a new process, which needs no safepoint). An exit after the command ended gets no clock.
 */
final class ExitDeadline {
    /** The grace of most commands. */
    static final long SECONDS = 1;
    /** {@code stag stream} finishes the runs under way and writes their results on a signal. */
    static final long STREAM_SECONDS = 60;

    /** Set when the command has ended and main exits: then the exit is no signal's, and gets no clock. */
    private static volatile boolean ending;

    private ExitDeadline() {
    }

    /** The command has ended: the exit that follows is its own (Spark's hooks, say, may take longer). */
    static void commandEnded() {
        ending = true;
    }

    /** Installs the hook for the command named first on the command line. */
    static void install(String[] args) {
        long grace = args.length > 0 && args[0].equals("stream") ? STREAM_SECONDS : SECONDS;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (ending) {
                return;
            }
            Thread clock = new Thread(() -> {
                try {
                    Thread.sleep(TimeUnit.SECONDS.toMillis(grace));
                    new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid())).start();
                } catch (InterruptedException | IOException e) {
                    // No clock: the exit goes on as it can.
                }
            }, "stag-exit-deadline");
            clock.setDaemon(true);
            clock.start();
        }, "stag-exit-deadline-start"));
    }
}
