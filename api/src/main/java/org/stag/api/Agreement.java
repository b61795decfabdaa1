package org.stag.api;

/**
 * What {@link Run#compare()} found.
 *
 * @param agree            whether stag and the reference agree (by the algorithm's check: exactly, as the same
 *                         partition, or within its tolerance)
 * @param reference        the reference that ran: {@code jgrapht} or {@code handwritten}
 * @param message          one line: how many vertices agree, or the first vertex that differs
 * @param stag             stag's result
 * @param referenceSeconds the reference's run time (JGraphT's including building its graph)
 */
public record Agreement(boolean agree, String reference, String message, Result stag, double referenceSeconds) {
}
