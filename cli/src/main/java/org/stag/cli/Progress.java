package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import org.stag.engine.front.StarCall;
import org.stag.engine.program.IterationListener;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.ReadProgress;

/**
 * One updating line on stderr ({@code \r}, no newline) while a graph loads (bytes read of the file's size)
 * and while a star call iterates; cleared when closed, so the summary that follows starts on a clean
 * line. Redrawn at most every 200 ms. {@link #OFF} prints nothing.
 */
class Progress implements ReadProgress, IterationListener, AutoCloseable {
    /** Prints nothing: stderr is not a terminal and {@code --progress} was not given. */
    static final Progress OFF = new Progress(null);

    private static final long EVERY_NANOS = 200_000_000L;

    private final PrintWriter err;
    private long last;
    private boolean shown;
    private int width;

    Progress(PrintWriter err) {
        this.err = err;
    }

    /** Starts reporting file reads. */
    Progress start() {
        if (err != null) {
            InputFiles.progress(this);
        }
        return this;
    }

    /**
     * Whether stderr is a terminal. The launcher script knows ({@code [ -t 2 ]}) and says so with
     * {@code -Dstag.stderr.terminal}; without it (java -jar), a console on stdin and stdout is taken as one.
     */
    static boolean stderrIsTerminal() {
        String said = System.getProperty("stag.stderr.terminal");
        return said != null ? Boolean.parseBoolean(said) : System.console() != null;
    }

    /** This as an iteration listener, or null when it prints nothing (the runtime then skips the calls). */
    IterationListener loops() {
        return err == null ? null : this;
    }

    @Override
    public synchronized void bytesRead(Path file, long done, long total) {
        if (due()) {
            show("reading " + file.getFileName() + ": " + megabytes(done)
                    + (total > 0 ? " of " + megabytes(total) + String.format(Locale.ROOT, " (%d%%)", 100 * done / total) : ""));
        }
    }

    @Override
    public synchronized void iterationDone(StarCall call, int depth, long iteration) {
        if (due()) {
            show("line " + call.pos().line() + ", " + call.function().name() + "*: iteration " + iteration);
        }
    }

    /** Shows what a long command is doing now (e.g. which benchmark cell runs), at most every 200 ms. */
    synchronized void step(String text) {
        if (due()) {
            show(text);
        }
    }

    private boolean due() {
        if (err == null) {
            return false;
        }
        long now = System.nanoTime();
        if (shown && now - last < EVERY_NANOS) {
            return false;
        }
        last = now;
        return true;
    }

    private void show(String text) {
        String line = "stag: " + text;
        err.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
        err.flush();
        width = line.length();
        shown = true;
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    /** Clears the line and stops reporting file reads; loops may still report, on a new line. */
    synchronized void clear() {
        if (err == null) {
            return;
        }
        InputFiles.progress(null);
        if (shown) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
            shown = false;
            width = 0;
        }
    }

    @Override
    public void close() {
        clear();
    }
}
