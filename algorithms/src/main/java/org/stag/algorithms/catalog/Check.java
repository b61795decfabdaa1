package org.stag.algorithms.catalog;

import org.stag.algorithms.ldbc.LdbcAlgorithm;
import org.stag.algorithms.ldbc.LdbcValidation;

/**
 * How two results of an algorithm are compared (a run against a reference, two formats against each other, a
 * run against an LDBC output): integers exactly, labels as the same partition, or reals within a relative
 * tolerance.
 *
 * @param method  how values are compared
 * @param epsilon the relative tolerance of {@link LdbcValidation.Method#EPSILON}, 0 for the others
 */
public record Check(LdbcValidation.Method method, double epsilon) {
    public Check {
        if (method == LdbcValidation.Method.EPSILON ? !(epsilon > 0 && epsilon < 1) : epsilon != 0) {
            throw new IllegalArgumentException(method + " with tolerance " + epsilon);
        }
    }

    /** As LDBC Graphalytics validates {@code a} (its method and stag's tolerance for it). */
    public static Check of(LdbcAlgorithm a) {
        return new Check(a.method(), a.epsilon());
    }

    /** Reals within {@code epsilon}, relative. */
    public static Check reals(double epsilon) {
        return new Check(LdbcValidation.Method.EPSILON, epsilon);
    }

    /** Identical integers. */
    public static Check exact() {
        return new Check(LdbcValidation.Method.EXACT, 0);
    }
}
