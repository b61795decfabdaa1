package org.stag.cli.bench;

import java.util.Arrays;

/**
 * What {@code stag bench} measured for one cell: one implementation of one algorithm on one graph with one
 * thread count.
 *
 * @param graph          the graph's file name
 * @param algorithm      the algorithm's name, e.g. {@code bfs}
 * @param threads        threads given to the implementation
 * @param implementation the column: {@code stag dense,compressed}, {@code handwritten}, {@code jgrapht}, {@code gap}
 * @param status         whether it was timed
 * @param seconds        the timed runs, in seconds (per iteration for PageRank); empty unless {@link Status#OK}
 * @param note           why it failed or was not run; empty when timed
 */
public record Measurement(String graph, String algorithm, int threads, String implementation, Status status,
                          double[] seconds, String note) {
    /** Whether a cell was timed. */
    public enum Status {
        /** Agreed with stag and was timed. */
        OK,
        /** Disagreed with stag, or failed to run: not timed. */
        FAILED,
        /** The implementation has no such algorithm (or not with these parameters). */
        NOT_AVAILABLE
    }

    public Measurement {
        seconds = seconds.clone();
    }

    /** A timed cell. */
    public static Measurement ok(String graph, String algorithm, int threads, String implementation, double[] seconds) {
        return new Measurement(graph, algorithm, threads, implementation, Status.OK, seconds, "");
    }

    /** A cell that was not timed, and why. */
    public static Measurement not(Status status, String graph, String algorithm, int threads, String implementation,
                                  String why) {
        return new Measurement(graph, algorithm, threads, implementation, status, new double[0], why);
    }

    @Override
    public double[] seconds() {
        return seconds.clone();
    }

    /** The median of the runs in milliseconds (NaN when not timed). */
    public double medianMillis() {
        if (seconds.length == 0) {
            return Double.NaN;
        }
        double[] s = seconds.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        double median = s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2;
        return median * 1e3;
    }

    /** The fastest run in milliseconds (NaN when not timed). */
    public double minMillis() {
        double min = Double.NaN;
        for (double s : seconds) {
            min = Double.isNaN(min) ? s : Math.min(min, s);
        }
        return min * 1e3;
    }
}
