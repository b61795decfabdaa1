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
    /** The entries in row blocks when there are more than one array holds (then the three arrays are null). */
    private final RowBlocks blocks;
    /** What a graph whose edges are held elsewhere answers (then the arrays and blocks are null), else null. */
    private final EdgeFacts held;
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
        this.blocks = null;
        this.held = null;
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

    /**
     * A graph whose entries are held in row blocks ({@link RowBlocks}), for more entries than one array holds.
     *
     * @throws IllegalArgumentException if the blocks do not cover {@code numRows} rows
     */
    public Graph(String source, int numRows, int numCols, RowBlocks blocks, Symmetry symmetry, ValueKind valueKind,
                 VertexIds ids, long duplicates) {
        this(source, numRows, numCols, checked(blocks, numRows), null, symmetry, valueKind, ids, duplicates);
    }

    private static RowBlocks checked(RowBlocks blocks, int numRows) {
        if (blocks.rows() != numRows) {
            throw new IllegalArgumentException("row blocks of " + blocks.rows() + " rows for " + numRows + " rows");
        }
        return blocks;
    }

    /**
     * A graph whose edges are held elsewhere, in a structure built straight from a file's rows (e.g. {@code dense,vbyte}):
     * no column array, its facts read from {@code held}. What needs the edges in arrays refuses it in one line.
     *
     * @param duplicates how many entries were merged into others when the file was built
     */
    public Graph(String source, int numRows, int numCols, EdgeFacts held, Symmetry symmetry, ValueKind valueKind,
                 VertexIds ids, long duplicates) {
        this(source, numRows, numCols, null, Objects.requireNonNull(held), symmetry, valueKind, ids, duplicates);
        this.symmetricPattern = held.symmetricPattern();
    }

    /** A graph without arrays of its own: its edges in row blocks, or held in a structure built from a file. */
    private Graph(String source, int numRows, int numCols, RowBlocks blocks, EdgeFacts held, Symmetry symmetry,
                  ValueKind valueKind, VertexIds ids, long duplicates) {
        this.source = Objects.requireNonNull(source);
        this.numRows = numRows;
        this.numCols = numCols;
        this.rowPtr = null;
        this.colIdx = null;
        this.weights = null;
        this.blocks = blocks;
        this.held = held;
        this.symmetry = Objects.requireNonNull(symmetry);
        this.valueKind = Objects.requireNonNull(valueKind);
        this.ids = Objects.requireNonNull(ids);
        this.duplicates = duplicates;
        this.mirroredPairs = 0;
        this.exact = null;
        this.valueType = null;
    }

    /** Whether the edges are held in this graph (arrays or row blocks), not only in a structure built from a file. */
    public boolean holdsEdges() {
        return held == null;
    }

    /** The facts of a graph whose edges are held elsewhere ({@link #holdsEdges()} false), else null. */
    public EdgeFacts heldFacts() {
        return held;
    }

    /** Whether the entries are held in row blocks (more than {@link RowBlocks#limit()}): see the class comment. */
    public boolean wide() {
        return blocks != null;
    }

    /**
     * The entries by row block: the blocks of a wide graph, or one block over this graph's arrays (all rows added,
     * as {@link #rowPtr()} does).
     */
    public RowBlocks blocks() {
        requireHeld();
        return blocks != null ? blocks : RowBlocks.of(numRows, rowPtr(), colIdx, weights);
    }

    private void requireArrays() {
        requireHeld();
        if (blocks != null) {
            throw new IllegalStateException(source + ": " + blocks.entries() + " entries are held in row blocks"
                    + " (64-bit positions); this needs them in one array");
        }
    }

    /** Refuses, in one line, a graph whose edges are held only in the structure it was loaded into. */
    private void requireHeld() {
        if (held != null) {
            throw new BadInputException(source, 0, "its edges are held only in the " + held.heldIn() + " structure it"
                    + " was loaded straight into, and this needs them in arrays; load it with another --format"
                    + " (e.g. dense,compressed)");
        }
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

    /** Stored directed edges: an undirected edge counts twice, a self-loop once. Any graph, wide or not. */
    public long numEntries() {
        if (held != null) {
            return held.entries();
        }
        if (blocks != null) {
            return blocks.entries();
        }
        int[] r = rowPtr;
        return r[r.length - 1];
    }

    /**
     * {@link #numEntries()} of a graph whose entries are in one array (not {@link #wide()}), as an int.
     *
     * @throws IllegalStateException for a wide graph
     */
    public int numEdges() {
        requireArrays();
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
        requireArrays();
        int[] r = rowPtr;
        if (r.length == numRows + 1) {
            return r;
        }
        synchronized (this) {
            r = rowPtr;
            if (r.length < numRows + 1) {
                MemoryBudget.require(source, 0, 4L * (numRows + 1), MemoryBudget.describe(numRows, numCols, numEntries()));
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
     * hash ({@link SymmetricPairs#symmetricPairs}), in parallel; nothing the size of the graph is allocated.
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
            known = blocks != null ? SymmetricPairs.symmetricPairs(blocks, threads)
                    : SymmetricPairs.symmetricPairs(numRows, rowPtr(), colIdx, null, threads) >= 0;
            symmetricPattern = known;
        }
        return known;
    }

    /**
     * Whether the entries hold what the symmetry promises: for a symmetric graph every edge's mirror with an
     * equal value; for a skew-symmetric one the negated value and an empty diagonal (true for a directed graph).
     * The keyed multiset hash of {@link #symmetricPattern}; a file whose flag is wrong fails it. A graph in row
     * blocks is checked by its pattern.
     */
    public boolean storesBothDirections(int threads) {
        if (directed() || held != null) {
            return true;   // a graph loaded straight from a file's rows was checked as they were read
        }
        if (blocks != null) {
            return SymmetricPairs.symmetricPairs(blocks, threads);
        }
        return SymmetricPairs.symmetricPairs(numRows, rowPtr(), colIdx, weights, exact,
                symmetry == Symmetry.SKEW_SYMMETRIC, threads) >= 0;
    }

    /** The row offsets as stored: those of the rows up to the last one holding an entry (see the class comment). */
    int[] storedRowPtr() {
        requireArrays();
        return rowPtr;
    }

    /** Column ids; row {@code i} occupies {@code [rowPtr[i], rowPtr[i+1])}, sorted ascending. */
    public int[] colIdx() {
        requireArrays();
        return colIdx;
    }

    /** Edge values aligned with {@link #colIdx()}, or {@code null} when unweighted (every weight is 1). */
    public double[] weights() {
        requireArrays();
        return weights;
    }

    public boolean weighted() {
        if (held != null) {
            return valueKind.weighted();
        }
        return blocks != null ? blocks.weighted() : weights != null;
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
        if (held != null) {
            return held.degree().applyAsInt(v);
        }
        if (blocks != null) {
            return blocks.degree(v);
        }
        int[] r = rowPtr;
        return v + 1 < r.length ? r[v + 1] - r[v] : 0;
    }

    /** The smallest out-degree (0 without rows). */
    public int minDegree() {
        return blocks != null || held != null ? extremeDegree(true) : GraphScans.minDegree(rowPtr, numRows);
    }

    /** The largest out-degree (0 without edges). */
    public int maxDegree() {
        return blocks != null || held != null ? extremeDegree(false) : GraphScans.maxDegree(rowPtr);
    }

    /** Stored values that are NaN or infinite (Matrix Market allows them). */
    public long nonFiniteValues() {
        return held != null ? 0 : GraphScans.nonFinite(blocks());   // a straight load refused them as it read
    }

    /** Weight of the edge stored at position {@code p} of a graph that is not {@link #wide()}. */
    public double weightAt(int p) {
        requireArrays();
        return weights == null ? 1.0 : weights[p];
    }

    /** The smallest or largest out-degree of a wide graph or one whose edges are held elsewhere. */
    private int extremeDegree(boolean min) {
        int best = min ? Integer.MAX_VALUE : 0;
        for (int v = 0; v < numRows; v++) {
            best = min ? Math.min(best, degree(v)) : Math.max(best, degree(v));
        }
        return numRows == 0 ? 0 : best;
    }

    /** Number of stored edges {@code (v, v)}. */
    public long selfLoops() {
        return held != null ? held.selfLoops() : blocks != null ? GraphScans.selfLoops(blocks, numCols)
                : GraphScans.selfLoops(rowPtr, colIdx, numCols);
    }

    /** Bytes held by the CSR arrays (none when the edges are held elsewhere). */
    public long memoryBytes() {
        if (held != null) {
            return 0;
        }
        if (blocks != null) {
            return blocks.memoryBytes();
        }
        return 4L * rowPtr.length + 4L * colIdx.length + (weights == null ? 0 : 8L * weights.length)
                + (exact == null ? 0 : 8L * exact.length);
    }
}
