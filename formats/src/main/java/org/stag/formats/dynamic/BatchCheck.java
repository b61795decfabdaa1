package org.stag.formats.dynamic;

/**
 * The rules every update batch must pass before it touches a matrix, checked in one place for every
 * tensor and graph that takes batches ({@link UpdateBatch#of} calls it first, so a refused batch changes nothing):
 * coordinates are non-negative, inside the matrix unless the batch may add vertices, and weights are finite.
 */
final class BatchCheck {
    private BatchCheck() {
    }

    /**
     * Checks entries {@code [0, n)}.
     *
     * @throws IllegalArgumentException naming the first bad entry by its position in the batch
     */
    static void check(int[] src, int[] dst, double[] vals, int n, int rows, int cols, BatchGrowth growth) {
        if (n < 0 || n > src.length || n > dst.length || (vals != null && n > vals.length)) {
            throw new IllegalArgumentException("update batch of " + n + " entries, but its arrays hold " + src.length
                    + " sources, " + dst.length + " targets" + (vals == null ? "" : " and " + vals.length + " weights"));
        }
        boolean fixed = growth == BatchGrowth.FIXED;
        for (int k = 0; k < n; k++) {
            int r = src[k];
            int c = dst[k];
            String problem = null;
            if (r < 0 || c < 0) {
                problem = "negative coordinate";
            } else if (fixed && r >= rows) {
                problem = "row " + r + " is outside the matrix's " + rows + " rows (0.." + (rows - 1) + ")";
            } else if (fixed && c >= cols) {
                problem = "column " + c + " is outside the matrix's " + cols + " columns (0.." + (cols - 1) + ")";
            } else if (vals != null && !Double.isFinite(vals[k])) {
                problem = "weight " + vals[k] + " is not finite";
            }
            if (problem != null) {
                throw new IllegalArgumentException("update batch entry " + k + " (" + r + ", " + c
                        + (vals == null ? "" : ", " + vals[k]) + "): " + problem
                        + (fixed && problem.contains("outside") ? "; the batch may not add vertices (BatchGrowth.FIXED)" : "")
                        + "; the batch was refused whole");
            }
        }
    }
}
