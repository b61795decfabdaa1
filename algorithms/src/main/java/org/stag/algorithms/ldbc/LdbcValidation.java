package org.stag.algorithms.ldbc;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.nio.file.Path;

/**
 * Compares an output with the expected output the way LDBC Graphalytics validates:
 * <ul>
 *   <li>{@linkplain Method#EXACT exact} (BFS, CDLP): every vertex has the same integer;</li>
 *   <li>{@linkplain Method#EQUIVALENCE equivalence} (WCC): the labels describe the same partition, so a
 *       one-to-one relabelling maps one output onto the other;</li>
 *   <li>{@linkplain Method#EPSILON epsilon} (PR, SSSP, LCC): for expected value {@code e} and actual value
 *       {@code a}, {@code |e - a| <= epsilon * |e|}: a <em>relative</em> tolerance, {@link #EPSILON}
 *       = 1e-9 unless given ({@link LdbcAlgorithm#epsilon()}: PR 1e-6). Equal values always match, so {@code Infinity} matches {@code Infinity} and
 *       an expected 0 needs exactly 0; {@code NaN} never matches. (Graphalytics itself allows a relative
 *       1e-4; stag's implementations are held to more.)</li>
 * </ul>
 * Both outputs must list the same vertices, each once. The result names the first mismatching vertex in the
 * expected output's order (or, for a vertex only the actual output has, in the actual output's order).
 */
public final class LdbcValidation {
    /** The default relative tolerance of an epsilon match. */
    public static final double EPSILON = 1e-9;

    /** How values are compared. */
    public enum Method {
        /** Identical integers. */
        EXACT,
        /** The same partition, labels may differ. */
        EQUIVALENCE,
        /** Reals within a relative tolerance. */
        EPSILON
    }

    /**
     * The outcome of a comparison.
     *
     * @param ok       whether the outputs match
     * @param vertex   the first mismatching vertex (input's numbering); meaningless when {@code ok}
     * @param expected the expected value at that vertex as text, or {@code null}
     * @param actual   the actual value at that vertex as text, or {@code null}
     * @param message  one line saying what matched or what did not
     */
    public record Result(boolean ok, long vertex, String expected, String actual, String message) {
        static Result pass(int vertices) {
            return new Result(true, -1, null, null, vertices + " vertices match");
        }

        static Result fail(long vertex, String expected, String actual, String why) {
            return new Result(false, vertex, expected, actual, "vertex " + vertex + ": " + why);
        }

        @Override
        public String toString() {
            return message;
        }
    }

    private LdbcValidation() {
    }

    /** Validates the output file {@code actual} of {@code algorithm} against the file {@code expected}. */
    public static Result validate(LdbcAlgorithm algorithm, Path expected, Path actual) {
        return switch (algorithm.method()) {
            case EXACT -> exact(LdbcOutput.readLongs(expected), LdbcOutput.readLongs(actual));
            case EQUIVALENCE -> equivalence(LdbcOutput.readLongs(expected), LdbcOutput.readLongs(actual));
            case EPSILON -> epsilon(LdbcOutput.readDoubles(expected), LdbcOutput.readDoubles(actual), algorithm.epsilon());
        };
    }

    /** Every vertex has the same integer in both. */
    public static Result exact(LdbcOutput.Longs expected, LdbcOutput.Longs actual) {
        Pairing pairs = new Pairing(expected.vertices(), actual.vertices());
        if (pairs.failure != null) {
            return pairs.failure;
        }
        long[] ev = expected.values();
        long[] av = actual.values();
        for (int i = 0; i < ev.length; i++) {
            long a = av[pairs.actualIndex[i]];
            if (ev[i] != a) {
                return Result.fail(expected.vertices()[i], Long.toString(ev[i]), Long.toString(a),
                        "expected " + ev[i] + ", got " + a);
            }
        }
        return Result.pass(ev.length);
    }

    /** The labels of both describe the same partition of the vertices. */
    public static Result equivalence(LdbcOutput.Longs expected, LdbcOutput.Longs actual) {
        Pairing pairs = new Pairing(expected.vertices(), actual.vertices());
        if (pairs.failure != null) {
            return pairs.failure;
        }
        long[] vertices = expected.vertices();
        long[] ev = expected.values();
        long[] av = actual.values();
        // Label maps in both directions, and a vertex that introduced each label, for messages.
        Long2LongOpenHashMap forward = new Long2LongOpenHashMap();
        Long2LongOpenHashMap backward = new Long2LongOpenHashMap();
        Long2IntOpenHashMap firstWithExpected = new Long2IntOpenHashMap();
        Long2IntOpenHashMap firstWithActual = new Long2IntOpenHashMap();
        for (int i = 0; i < ev.length; i++) {
            long e = ev[i];
            long a = av[pairs.actualIndex[i]];
            if (forward.containsKey(e) && forward.get(e) != a) {
                long other = vertices[firstWithExpected.get(e)];
                return Result.fail(vertices[i], Long.toString(e), Long.toString(a), "expected in the same component as vertex "
                        + other + " (label " + forward.get(e) + " in the actual output), got label " + a);
            }
            if (backward.containsKey(a) && backward.get(a) != e) {
                long other = vertices[firstWithActual.get(a)];
                return Result.fail(vertices[i], Long.toString(e), Long.toString(a), "expected in another component than vertex "
                        + other + ", but both have label " + a);
            }
            if (!forward.containsKey(e)) {
                forward.put(e, a);
                firstWithExpected.put(e, i);
            }
            if (!backward.containsKey(a)) {
                backward.put(a, e);
                firstWithActual.put(a, i);
            }
        }
        return Result.pass(ev.length);
    }

    /** Every vertex's real value is within the relative tolerance {@code epsilon} of the expected one. */
    public static Result epsilon(LdbcOutput.Doubles expected, LdbcOutput.Doubles actual, double epsilon) {
        if (!(epsilon >= 0.0)) {
            throw new IllegalArgumentException("epsilon must be at least 0, got " + epsilon);
        }
        Pairing pairs = new Pairing(expected.vertices(), actual.vertices());
        if (pairs.failure != null) {
            return pairs.failure;
        }
        double[] ev = expected.values();
        double[] av = actual.values();
        for (int i = 0; i < ev.length; i++) {
            double e = ev[i];
            double a = av[pairs.actualIndex[i]];
            if (!close(e, a, epsilon)) {
                String es = LdbcOutput.format(e);
                String as = LdbcOutput.format(a);
                return Result.fail(expected.vertices()[i], es, as, "expected " + es + ", got " + as
                        + " (relative tolerance " + epsilon + ")");
            }
        }
        return Result.pass(ev.length);
    }

    /** Whether {@code actual} is within the relative tolerance of {@code expected}. */
    public static boolean close(double expected, double actual, double epsilon) {
        if (expected == actual) {
            return true;
        }
        if (Double.isInfinite(expected) || Double.isInfinite(actual)) {
            return false; // unequal, and the relative test would accept anything against an infinite expectation
        }
        return Math.abs(expected - actual) <= epsilon * Math.abs(expected);
    }

    /** Pairs every expected vertex with its position in the actual output, or says why that fails. */
    private static final class Pairing {
        final int[] actualIndex;
        Result failure;

        Pairing(long[] expected, long[] actual) {
            actualIndex = new int[expected.length];
            Long2IntOpenHashMap positions = new Long2IntOpenHashMap(actual.length);
            positions.defaultReturnValue(-1);
            for (int j = 0; j < actual.length; j++) {
                if (positions.put(actual[j], j) != -1) {
                    failure = Result.fail(actual[j], null, null, "listed more than once in the actual output");
                    return;
                }
            }
            Long2IntOpenHashMap seen = new Long2IntOpenHashMap(expected.length);
            seen.defaultReturnValue(-1);
            for (int i = 0; i < expected.length; i++) {
                if (seen.put(expected[i], i) != -1) {
                    failure = Result.fail(expected[i], null, null, "listed more than once in the expected output");
                    return;
                }
                int j = positions.get(expected[i]);
                if (j < 0) {
                    failure = Result.fail(expected[i], null, null, "missing from the actual output");
                    return;
                }
                actualIndex[i] = j;
            }
            for (long v : actual) {
                if (seen.get(v) < 0) {
                    failure = Result.fail(v, null, null, "not in the expected output");
                    return;
                }
            }
        }
    }
}
