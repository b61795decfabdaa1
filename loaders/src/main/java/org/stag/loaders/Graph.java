package org.stag.loaders;

import java.util.Objects;

/**
 * A canonical graph in compressed sparse row form: rows in order, columns sorted and unique within a
 * row, symmetric inputs mirrored so that both directions are stored. This is the sorted coordinate
 * stream every in-memory format is built from and every writer writes.
 */
public final class Graph {
    private final String source;
    private final int numRows;
    private final int numCols;
    private final int[] rowPtr;
    private final int[] colIdx;
    private final double[] weights;
    private final Symmetry symmetry;
    private final ValueKind valueKind;
    private final VertexIds ids;
    private final long duplicates;

    /**
     * @param rowPtr     {@code numRows + 1} offsets into {@code colIdx}
     * @param weights    one value per stored edge, or {@code null} when unweighted
     * @param duplicates how many stored entries were merged into others while building
     */
    public Graph(String source, int numRows, int numCols, int[] rowPtr, int[] colIdx, double[] weights,
                 Symmetry symmetry, ValueKind valueKind, VertexIds ids, long duplicates) {
        if (rowPtr.length != numRows + 1 || rowPtr[numRows] > colIdx.length
                || (weights != null && weights.length < rowPtr[numRows])) {
            throw new IllegalArgumentException("inconsistent CSR arrays");
        }
        this.source = Objects.requireNonNull(source);
        this.numRows = numRows;
        this.numCols = numCols;
        this.rowPtr = rowPtr;
        this.colIdx = colIdx;
        this.weights = weights;
        this.symmetry = Objects.requireNonNull(symmetry);
        this.valueKind = Objects.requireNonNull(valueKind);
        this.ids = Objects.requireNonNull(ids);
        this.duplicates = duplicates;
    }

    public String source() {
        return source;
    }

    public int numRows() {
        return numRows;
    }

    public int numCols() {
        return numCols;
    }

    /** Number of vertices; only meaningful for a square matrix (see {@link #requireSquare()}). */
    public int numVertices() {
        return numRows;
    }

    /** Stored directed edges: an undirected edge counts twice, a self-loop once. */
    public int numEdges() {
        return rowPtr[numRows];
    }

    public boolean isSquare() {
        return numRows == numCols;
    }

    /** Refuses a rectangular matrix where a graph is needed. */
    public Graph requireSquare() {
        if (!isSquare()) {
            throw new BadInputException(source, 0, "not square: " + numRows + " x " + numCols);
        }
        return this;
    }

    /** Row offsets, length {@code numRows + 1}. */
    public int[] rowPtr() {
        return rowPtr;
    }

    /** Column ids; row {@code i} occupies {@code [rowPtr[i], rowPtr[i+1])}, sorted ascending. */
    public int[] colIdx() {
        return colIdx;
    }

    /** Edge values aligned with {@link #colIdx()}, or {@code null} when unweighted (every weight is 1). */
    public double[] weights() {
        return weights;
    }

    public boolean weighted() {
        return weights != null;
    }

    /** Whether every edge is stored in both directions because the input said so. */
    public boolean directed() {
        return symmetry == Symmetry.GENERAL;
    }

    public Symmetry symmetry() {
        return symmetry;
    }

    public ValueKind valueKind() {
        return valueKind;
    }

    public VertexIds ids() {
        return ids;
    }

    /** Entries merged away while building because their (row, column) was already stored. */
    public long duplicates() {
        return duplicates;
    }

    /** Out-degree of vertex {@code v}. */
    public int degree(int v) {
        return rowPtr[v + 1] - rowPtr[v];
    }

    /** Weight of the edge stored at position {@code p}. */
    public double weightAt(int p) {
        return weights == null ? 1.0 : weights[p];
    }

    /** Number of stored edges {@code (v, v)}. */
    public long selfLoops() {
        long loops = 0;
        int n = Math.min(numRows, numCols);
        for (int v = 0; v < n; v++) {
            int lo = rowPtr[v];
            int hi = rowPtr[v + 1] - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int c = colIdx[mid];
                if (c < v) {
                    lo = mid + 1;
                } else if (c > v) {
                    hi = mid - 1;
                } else {
                    loops++;
                    break;
                }
            }
        }
        return loops;
    }

    /** Bytes held by the CSR arrays. */
    public long memoryBytes() {
        return 4L * rowPtr.length + 4L * colIdx.length + (weights == null ? 0 : 8L * weights.length);
    }
}
