package org.stag.formats.graph;

/**
 * What one applied batch changed, edge by edge, in internal vertex ids: what incremental algorithms start
 * from. Each edge appears once, as the batch named it (an undirected edge in one direction only), with the
 * batch's last word on it: an edge inserted and then deleted in the same batch is in neither list.
 * <ul>
 *   <li>inserted: edges that were absent, with their weights;</li>
 *   <li>updated: edges that were present and whose weight changed, with the old and new weights;</li>
 *   <li>deleted: edges that were present, with the weights they had.</li>
 * </ul>
 * Arrays are exactly as long as their counts. Unweighted graphs carry weights of 1.0.
 *
 * @param verticesBefore vertices before the batch
 * @param verticesAfter  vertices after it (more when the batch named new ones)
 */
public record EdgeChanges(int[] insertedSrc, int[] insertedDst, double[] insertedWeight,
                          int[] updatedSrc, int[] updatedDst, double[] oldWeight, double[] newWeight,
                          int[] deletedSrc, int[] deletedDst, double[] deletedWeight,
                          int verticesBefore, int verticesAfter) {

    /** Nothing changed on a graph of {@code n} vertices. */
    public static EdgeChanges none(int n) {
        int[] i = new int[0];
        double[] d = new double[0];
        return new EdgeChanges(i, i, d, i, i, d, d, i, i, d, n, n);
    }

    public int inserted() {
        return insertedSrc.length;
    }

    public int updated() {
        return updatedSrc.length;
    }

    public int deleted() {
        return deletedSrc.length;
    }

    /** Whether only insertions and new vertices happened: what monotone incremental updates accept. */
    public boolean insertOnly() {
        return updatedSrc.length == 0 && deletedSrc.length == 0;
    }
}
