package org.stag.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Range checks of option values; a value out of range is a usage error naming the option. */
final class Ranges {
    /**
     * The most threads an option accepts. A kernel splits its loop into at most about 1024 chunks whatever
     * the thread count (chunk boundaries depend on the loop size only), so more threads than that never
     * find work; each thread also costs a stack and a workspace, so an absurd count would exhaust memory
     * rather than speed anything up. A fixed bound, not a multiple of the cores, so a command line that works
     * on one machine works on another.
     */
    static final int MAX_THREADS = 1024;

    private Ranges() {
    }

    /** {@code --threads} (or another thread-count option) in 1..{@link #MAX_THREADS}. */
    static int threads(CommandLine cl, String option, int t) {
        if (t < 1 || t > MAX_THREADS) {
            throw new CommandLine.ParameterException(cl, option + " must be between 1 and " + MAX_THREADS + ", got " + t);
        }
        return t;
    }

    /** A whole number of at least {@code min}. */
    static long atLeast(CommandLine cl, String option, long v, long min) {
        if (v < min) {
            throw new CommandLine.ParameterException(cl, option + " must be at least " + min + ", got " + v);
        }
        return v;
    }

    /** A real strictly between {@code lo} and {@code hi} (NaN is refused too). */
    static double openInterval(CommandLine cl, String option, double v, double lo, double hi) {
        if (!(v > lo && v < hi)) {
            throw new CommandLine.ParameterException(cl, option + " must be strictly between " + plain(lo) + " and "
                    + plain(hi) + ", got " + plain(v));
        }
        return v;
    }

    private static String plain(double v) {
        return v == Math.rint(v) && !Double.isInfinite(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * Refuses an output file that is one of the inputs (compared as real paths, so links and {@code ./}
     * spellings count): writing it would destroy the input before or while it is read.
     */
    static void notAnInput(CommandLine cl, String option, Path output, Path... inputs) {
        if (output == null || !Files.exists(output)) {
            return;
        }
        for (Path in : inputs) {
            try {
                if (in != null && Files.exists(in) && Files.isSameFile(output, in)) {
                    throw new CommandLine.ParameterException(cl, option + " " + output + " is the input " + in
                            + "; write the output to another file");
                }
            } catch (IOException e) {
                // Cannot tell (e.g. permission denied on a parent): opening the files later names the cause.
            }
        }
    }

    /**
     * The files an input graph is read from: the file itself and, for an LDBC graph (named by its
     * {@code .properties}, {@code .v} or {@code .e} file), all three.
     */
    static Path[] graphFiles(Path graph) {
        String name = graph.getFileName() == null ? "" : graph.getFileName().toString();
        for (String ext : new String[] {".properties", ".v", ".e"}) {
            if (name.endsWith(ext) && name.length() > ext.length()) {
                String base = name.substring(0, name.length() - ext.length());
                return new Path[] {graph, graph.resolveSibling(base + ".properties"), graph.resolveSibling(base + ".v"),
                    graph.resolveSibling(base + ".e")};
            }
        }
        return new Path[] {graph};
    }
}
