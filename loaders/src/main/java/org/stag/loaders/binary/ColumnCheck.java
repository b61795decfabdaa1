package org.stag.loaders.binary;

/**
 * Checks the column section as it streams past in file order, chunk after chunk: every column in range and
 * the columns of a row strictly increasing. Needs row pointers that were checked already (from 0 to the entry
 * count, never decreasing). Keeps the first problem and its position; the caller decides when to report it
 * (after the checksums, which take precedence).
 */
final class ColumnCheck {
    private final int[] rowPtr;
    private final int cols;
    /** Position of the next column to check. */
    private int position;
    /** The row holding {@link #position}'s predecessor, and where the row after it starts. */
    private int row = -1;
    private int nextRow;
    private int previous;
    private String problem;
    private int problemAt = -1;

    ColumnCheck(int[] rowPtr, int cols) {
        this.rowPtr = rowPtr;
        this.cols = cols;
    }

    /** Checks {@code chunk[0, length)}, the next columns in file order. */
    void accept(int[] chunk, int length) {
        if (problem != null) {
            position += length;
            return;
        }
        int[] rowPtr = this.rowPtr;
        int p = position;
        int r = row;
        int next = nextRow;
        int prev = previous;
        for (int i = 0; i < length; i++, p++) {
            int c = chunk[i];
            if (p == next) {
                // The first entry of a row (past any empty rows): nothing to compare with.
                while (rowPtr[r + 1] <= p) {
                    r++;
                }
                next = rowPtr[r + 1];
            } else if (c <= prev) {
                fail(p, "columns not sorted and distinct in row " + r);
                break;
            }
            if (c < 0 || c >= cols) {
                fail(p, "column " + c + " out of range 0.." + (cols - 1L) + " in row " + r);
                break;
            }
            prev = c;
        }
        position += length;
        row = r;
        nextRow = next;
        previous = prev;
    }

    private void fail(int at, String cause) {
        problem = cause;
        problemAt = at;
    }

    /** The first problem found, or {@code null}. */
    String problem() {
        return problem;
    }

    /** Where the first problem is (an entry number), or -1. */
    int problemAt() {
        return problemAt;
    }
}
