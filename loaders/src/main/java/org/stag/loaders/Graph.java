package org.stag.loaders;

import java.util.Arrays;
import java.util.Objects;

/**
 * A canonical graph in compressed sparse row form: rows in order, columns sorted and unique within a
 * row, symmetric inputs mirrored so that both directions are stored. This is the sorted coordinate
 * stream every in-memory format is built from and every writer writes.
 *
 * <p>Rows after the last row that holds an entry may be left out of the row offsets until someone asks
 * for {@link #rowPtr()}: a file that declares 100,000,000 vertices and lists three edges then loads, and
 * {@code stag info} describes it, without an array per vertex.
 */
public final class Graph {
    private final String source;
    private final int numRows;
    private final int numCols;
    /** Offsets of the first {@code rowPtr.length - 1} rows; the rows after them are empty. */
    private volatile int[] rowPtr;
    private final int[] colIdx;
    private final double[] weights;
    private final Symmetry symmetry;
    private final ValueKind valueKind;
    private final VertexIds ids;
    private final long duplicates;
    private final long mirroredPairs;
    private final long[] exact;
    private final GraphBlasType valueType;
    /** {@link #symmetricPattern}'s answer once known. */
    private volatile Boolean symmetricPattern;

    /**
     * @param rowPtr     {@code numRows + 1} offsets into {@code colIdx}
     * @param weights    one value per stored edge, or {@code null} when unweighted
     * @param duplicates how many stored entries were merged into others while building
     */
    public Graph(String source, int numRows, int numCols, int[] rowPtr, int[] colIdx, double[] weights,
                 Symmetry symmetry, ValueKind valueKind, VertexIds ids, long duplicates) {
        this(source, numRows, numCols, rowPtr, colIdx, weights, symmetry, valueKind, ids, duplicates, 0);
    }

    /**
     * @param rowPtr        offsets into {@code colIdx} of the first {@code rowPtr.length - 1} rows (at least one
     *                      offset, at most {@code numRows + 1}); the rows after them are empty
     * @param mirroredPairs how many pairs of lines of an undirected edge list were one edge written both ways
     */
    public Graph(String source, int numRows, int numCols, int[] rowPtr, int[] colIdx, double[] weights,
                 Symmetry symmetry, ValueKind valueKind, VertexIds ids, long duplicates, long mirroredPairs) {
        this(source, numRows, numCols, rowPtr, colIdx, weights, symmetry, valueKind, ids, duplicates, mirroredPairs,
                null, null);
    }

    /**
     * @param exact     every value exactly, aligned with {@code colIdx}, when some integer value is beyond what
     *                  a double holds ({@link ExactValues}; then {@code weights} holds the nearest doubles);
     *                  {@code null} when every value is exactly its double
     * @param valueType the value type the input declared ({@code %%GraphBLAS type}), or {@code null}
     */
    public Graph(String source, int numRows, int numCols, int[] rowPtr, int[] colIdx, double[] weights,
                 Symmetry symmetry, ValueKind valueKind, VertexIds ids, long duplicates, long mirroredPairs,
                 long[] exact, GraphBlasType valueType) {
        if (exact != null && (valueKind != ValueKind.INTEGER || weights == null || exact.length < rowPtr[rowPtr.length - 1])) {
            throw new IllegalArgumentException("an exact column needs integer values, one per stored edge");
        }
        if (rowPtr.length < 1 || rowPtr.length > numRows + 1 || rowPtr[rowPtr.length - 1] > colIdx.length
                || (weights != null && weights.length < rowPtr[rowPtr.length - 1])) {
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
        this.mirroredPairs = mirroredPairs;
        this.exact = exact;
        this.valueType = valueType;
    }

    /**
     * Every value exactly, aligned with {@link #colIdx()}, or {@code null} when every weight is exactly its
     * value. Only integer graphs have one, and only when a value is beyond {@code 2^53} ({@link ExactValues});
     * read it unsigned when {@link #valueType()} is {@link GraphBlasType#UINT64}. A format that holds the graph
     * must keep this column (or refuse) to keep the values.
     */
    public long[] exactValues() {
        return exact;
    }

    /** The value type the input declared ({@code %%GraphBLAS type}), kept for the writers; {@code null} if none. */
    public GraphBlasType valueType() {
        return valueType;
    }

    /** The same graph with these exact values and declared type (see the constructor). */
    public Graph withValues(long[] exact, GraphBlasType valueType) {
        return new Graph(source, numRows, numCols, rowPtr, colIdx, weights, symmetry, valueKind, ids, duplicates,
                mirroredPairs, exact, valueType);
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
        int[] r = rowPtr;
        return r[r.length - 1];
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

    /**
     * Row offsets, length {@code numRows + 1}. When the empty rows at the end were left out, they are
     * added now, once; a graph too large for the heap is refused (see {@link MemoryBudget}).
     */
    public int[] rowPtr() {
        int[] r = rowPtr;
        if (r.length == numRows + 1) {
            return r;
        }
        synchronized (this) {
            r = rowPtr;
            if (r.length < numRows + 1) {
                MemoryBudget.require(source, 0, 4L * (numRows + 1), MemoryBudget.describe(numRows, numCols, numEdges()));
                int[] full = Arrays.copyOf(r, numRows + 1);
                Arrays.fill(full, r.length, numRows + 1, r[r.length - 1]);
                rowPtr = full;
                r = full;
            }
            return r;
        }
    }

    /**
     * Whether every edge {@code (u, v)} has its mirror {@code (v, u)}: a square graph read as directed that is
     * in fact undirected (as GAP's kron files are). One streaming pass over the entries with a keyed multiset
     * hash ({@link BothWaysBuild#symmetricPairs}), in parallel; nothing the size of the graph is allocated.
     */
    public boolean symmetricPattern(int threads) {
        if (numRows != numCols) {
            return false;
        }
        if (!directed()) {
            return true;
        }
        Boolean known = symmetricPattern;
        if (known == null) {
            // Kept: the command line asks (to tell the user) and the graph tensor asks (to share AT with A).
            known = BothWaysBuild.symmetricPairs(numRows, rowPtr(), colIdx, null, threads) >= 0;
            symmetricPattern = known;
        }
        return known;
    }

    /**
     * Whether the entries hold what the symmetry promises: for a symmetric graph every edge's mirror with an
     * equal value; for a skew-symmetric one the negated value and an empty diagonal (true for a directed graph).
     * The keyed multiset hash of {@link #symmetricPattern}; a file whose flag is wrong fails it.
     */
    public boolean storesBothDirections(int threads) {
        if (directed()) {
            return true;
        }
        return BothWaysBuild.symmetricPairs(numRows, rowPtr(), colIdx, weights, exact,
                symmetry == Symmetry.SKEW_SYMMETRIC, threads) >= 0;
    }

    /** The row offsets as stored: those of the rows up to the last one holding an entry (see the class comment). */
    int[] storedRowPtr() {
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

    /** Pairs of lines of an undirected edge list that were one edge written in both directions. */
    public long mirroredPairs() {
        return mirroredPairs;
    }

    /** Out-degree of vertex {@code v}. */
    public int degree(int v) {
        int[] r = rowPtr;
        return v + 1 < r.length ? r[v + 1] - r[v] : 0;
    }

    /** The smallest out-degree (0 without rows). */
    public int minDegree() {
        int[] r = rowPtr;
        int stored = r.length - 1;
        if (stored < numRows || numRows == 0) {
            return 0;
        }
        int min = Integer.MAX_VALUE;
        for (int v = 0; v < stored; v++) {
            min = Math.min(min, r[v + 1] - r[v]);
        }
        return min;
    }

    /** The largest out-degree (0 without edges). */
    public int maxDegree() {
        int[] r = rowPtr;
        int max = 0;
        for (int v = 0, stored = r.length - 1; v < stored; v++) {
            max = Math.max(max, r[v + 1] - r[v]);
        }
        return max;
    }

    /** Stored values that are NaN or infinite (Matrix Market allows them). */
    public long nonFiniteValues() {
        if (weights == null) {
            return 0;
        }
        long count = 0;
        for (int p = 0, m = numEdges(); p < m; p++) {
            double w = weights[p];
            if (w - w != 0) {
                count++;
            }
        }
        return count;
    }

    /** Weight of the edge stored at position {@code p}. */
    public double weightAt(int p) {
        return weights == null ? 1.0 : weights[p];
    }

    /** Number of stored edges {@code (v, v)}. */
    public long selfLoops() {
        long loops = 0;
        int[] rowPtr = this.rowPtr;
        int n = Math.min(rowPtr.length - 1, numCols);
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
        return 4L * rowPtr.length + 4L * colIdx.length + (weights == null ? 0 : 8L * weights.length)
                + (exact == null ? 0 : 8L * exact.length);
    }
}
