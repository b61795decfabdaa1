package org.stag.algorithms.ldbc;

import java.util.Locale;

/** The six LDBC Graphalytics algorithms, with the suffix of their output files and how they are validated. */
public enum LdbcAlgorithm {
    /** Breadth-first search: integer depths, exact match. */
    BFS("BFS", LdbcValidation.Method.EXACT),
    /** Community detection by label propagation: integer labels, exact match. */
    CDLP("CDLP", LdbcValidation.Method.EXACT),
    /** Local clustering coefficient: reals, epsilon match. */
    LCC("LCC", LdbcValidation.Method.EPSILON),
    /** PageRank: reals, epsilon match. */
    PR("PR", LdbcValidation.Method.EPSILON),
    /** Single-source shortest paths: reals (Infinity when unreachable), epsilon match. */
    SSSP("SSSP", LdbcValidation.Method.EPSILON),
    /** Weakly connected components: integer labels, match up to relabelling. */
    WCC("WCC", LdbcValidation.Method.EQUIVALENCE);

    private final String suffix;
    private final LdbcValidation.Method method;

    LdbcAlgorithm(String suffix, LdbcValidation.Method method) {
        this.suffix = suffix;
        this.method = method;
    }

    /** The suffix of the expected output file, {@code NAME-SUFFIX}. */
    public String suffix() {
        return suffix;
    }

    /** How Graphalytics validates this algorithm's output. */
    public LdbcValidation.Method method() {
        return method;
    }

    /** Whether values are integers (as opposed to reals). */
    public boolean integral() {
        return method != LdbcValidation.Method.EPSILON;
    }

    /** The lower-case name used in {@code .properties} keys, e.g. {@code bfs}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
