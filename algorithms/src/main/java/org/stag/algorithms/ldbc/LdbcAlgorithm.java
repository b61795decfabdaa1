package org.stag.algorithms.ldbc;

import java.util.Locale;

/** The six LDBC Graphalytics algorithms, with the suffix of their output files and how they are validated. */
public enum LdbcAlgorithm {
    /** Breadth-first search: integer depths, exact match. */
    BFS("BFS", LdbcValidation.Method.EXACT, 0.0),
    /** Community detection by label propagation: integer labels, exact match. */
    CDLP("CDLP", LdbcValidation.Method.EXACT, 0.0),
    /** Local clustering coefficient: reals, epsilon match. */
    LCC("LCC", LdbcValidation.Method.EPSILON, LdbcValidation.EPSILON),
    /**
     * PageRank: reals, epsilon match within {@link #PAGERANK_EPSILON}: stag's PageRank stores contributions as
     * {@code float} and sums them in {@code double}.
     */
    PR("PR", LdbcValidation.Method.EPSILON, LdbcAlgorithm.PAGERANK_EPSILON),
    /** Single-source shortest paths: reals (Infinity when unreachable), epsilon match. */
    SSSP("SSSP", LdbcValidation.Method.EPSILON, LdbcValidation.EPSILON),
    /** Weakly connected components: integer labels, match up to relabelling. */
    WCC("WCC", LdbcValidation.Method.EQUIVALENCE, 0.0);

    /**
     * PageRank's relative tolerance. A float contribution is within 2^-24 of its double value, and a rank
     * gathers those errors into at most {@code 2^-24 * d / (1 - d)}: 3.4e-7 at LDBC's damping 0.85, 1e-6 up
     * to d = 0.94. (LDBC's own tolerance is 1e-4.)
     */
    public static final double PAGERANK_EPSILON = 1e-6;

    private final String suffix;
    private final LdbcValidation.Method method;
    private final double epsilon;

    LdbcAlgorithm(String suffix, LdbcValidation.Method method, double epsilon) {
        this.suffix = suffix;
        this.method = method;
        this.epsilon = epsilon;
    }

    /** The relative tolerance of an {@linkplain LdbcValidation.Method#EPSILON epsilon} match (0 for the others). */
    public double epsilon() {
        return epsilon;
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
