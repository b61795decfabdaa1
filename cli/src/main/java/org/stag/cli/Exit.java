package org.stag.cli;

import java.io.PrintWriter;
import org.stag.formats.schema.SchemaException;
import org.stag.loaders.BadInputException;

/**
 * How a command ends: the exit statuses, and the one line a failure prints. Below every command, so that the
 * commands and {@link Stag}, which dispatches to them, both use it and neither uses the other's way back.
 */
final class Exit {
    /** Exit status for success. */
    static final int OK = 0;
    /** Exit status for bad input files, bad arguments and usage errors. */
    static final int BAD_INPUT = 2;
    /** Exit status for a failure of stag itself. */
    static final int INTERNAL = 1;
    /** Exit status when the JVM ran out of heap, in any thread. */
    static final int OUT_OF_MEMORY = 3;

    private Exit() {
    }

    /** Prints one line for a failure and chooses the exit status; the stack trace only with STAG_DEBUG set. */
    static int report(Throwable ex, PrintWriter err) {
        if (ex instanceof BadInputException bad) {
            err.println("stag: " + oneLine(bad.getMessage()));
            return BAD_INPUT;
        }
        if (ex instanceof SchemaException bad) {
            // A user's schema file (--format dense,my.schema): the message is FILE:LINE:COLUMN: reason.
            err.println("stag: " + oneLine(bad.getMessage()));
            return BAD_INPUT;
        }
        if (ex instanceof OutOfMemoryError) {
            err.println(outOfMemory(ex, Runtime.getRuntime().maxMemory(), physicalMemory()));
            return OUT_OF_MEMORY;
        }
        err.println("stag: internal error: " + oneLine(String.valueOf(ex))
                + (System.getenv("STAG_DEBUG") == null ? " (set STAG_DEBUG=1 for the stack trace)" : ""));
        if (System.getenv("STAG_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        return INTERNAL;
    }

    /**
     * The line for an {@link OutOfMemoryError}: the JVM's reason, the heap it had, and what to do: twice that heap
     * (whole gigabytes) while it fits in the machine's memory, else a smaller input or a compressed format.
     *
     * @param physicalBytes the machine's memory, 0 when unknown
     */
    static String outOfMemory(Throwable e, long maxHeapBytes, long physicalBytes) {
        String why = e.getMessage() == null ? "" : ": " + oneLine(e.getMessage());
        long mb = maxHeapBytes / (1024 * 1024);
        long gb = Math.max(1, (2 * maxHeapBytes + (1L << 30) - 1) >> 30);
        String advice = physicalBytes > 0 && gb << 30 > physicalBytes
                ? "the machine has " + (physicalBytes >> 30) + " GB: use a smaller input or a compressed format"
                        + " (--format dense,vbyte)"
                : "give it more with STAG_JAVA_OPTS, e.g. STAG_JAVA_OPTS=-Xmx" + gb + "g, or use a smaller input";
        return "stag: out of memory" + why + " (the JVM may use " + mb + " MB; " + advice + ")";
    }

    /** The machine's memory in bytes, 0 when the JVM cannot tell. */
    private static long physicalMemory() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() : 0;
    }

    /** {@code s} on one line: line breaks become spaces, the ends are stripped. */
    static String oneLine(String s) {
        return s == null ? "" : s.replace("\r", " ").replace("\n", " ").strip();
    }
}
