package org.stag.loaders;

import java.util.Objects;

/**
 * A graph or matrix as it was read: entries in file order (coordinate list, 0-based internal ids),
 * before duplicates are resolved and before a symmetric matrix is mirrored. Loaders and generators
 * produce it; {@link GraphBuilder} turns it into a canonical {@link Graph}.
 *
 * <p>The arrays may be longer than {@link #size()}; only the first {@code size} entries count.
 */
public final class EdgeList {
    private final String source;
    private final int numRows;
    private final int numCols;
    private final int[] src;
    private final int[] dst;
    private final double[] weights;
    private final int size;
    private final Symmetry symmetry;
    private final ValueKind valueKind;
    private final VertexIds ids;
    private final EntryLocator locator;
    private final int rowBound;
    private final boolean oneEdgePerPair;
    private final long[] exact;
    private final GraphBlasType valueType;

    /**
     * @param source   the file name used in messages
     * @param weights  one value per entry, or {@code null} when {@code valueKind} is {@link ValueKind#PATTERN}
     * @param locator  finds the line of an entry for error messages (may be {@code null} for generated data)
     */
    public EdgeList(String source, int numRows, int numCols, int[] src, int[] dst, double[] weights, int size,
                    Symmetry symmetry, ValueKind valueKind, VertexIds ids, EntryLocator locator) {
        this(source, numRows, numCols, src, dst, weights, size, symmetry, valueKind, ids, locator, numRows, false,
                null, null);
    }

    private EdgeList(String source, int numRows, int numCols, int[] src, int[] dst, double[] weights, int size,
                     Symmetry symmetry, ValueKind valueKind, VertexIds ids, EntryLocator locator, int rowBound,
                     boolean oneEdgePerPair, long[] exact, GraphBlasType valueType) {
        if (rowBound < 0 || rowBound > numRows) {
            throw new IllegalArgumentException("row bound " + rowBound + " outside 0.." + numRows);
        }
        if (size < 0 || size > src.length || size > dst.length || (weights != null && size > weights.length)) {
            throw new IllegalArgumentException("size " + size + " exceeds the entry arrays");
        }
        if ((weights == null) != (valueKind == ValueKind.PATTERN)) {
            throw new IllegalArgumentException("weights must be present exactly when the value kind is not PATTERN");
        }
        if (exact != null && (valueKind != ValueKind.INTEGER || exact.length < size)) {
            throw new IllegalArgumentException("an exact column needs integer values, one per entry");
        }
        if (symmetry != Symmetry.GENERAL && numRows != numCols) {
            throw new IllegalArgumentException("a " + symmetry + " matrix must be square");
        }
        this.source = Objects.requireNonNull(source);
        this.numRows = numRows;
        this.numCols = numCols;
        this.src = src;
        this.dst = dst;
        this.weights = weights;
        this.size = size;
        this.symmetry = Objects.requireNonNull(symmetry);
        this.valueKind = Objects.requireNonNull(valueKind);
        this.ids = Objects.requireNonNull(ids);
        this.locator = locator;
        this.rowBound = rowBound;
        this.oneEdgePerPair = oneEdgePerPair;
        this.exact = exact;
        this.valueType = valueType;
    }

    /**
     * The same entries with integer values held exactly ({@link ExactValues}) and the value type the file
     * declared.
     *
     * @param exact     every value exactly, or {@code null} when every value is exactly its double
     * @param valueType the declared type, or {@code null}
     */
    public EdgeList withValues(long[] exact, GraphBlasType valueType) {
        return new EdgeList(source, numRows, numCols, src, dst, weights, size, symmetry, valueKind, ids, locator,
                rowBound, oneEdgePerPair, exact, valueType);
    }

    /** Every value exactly (integer values beyond 2^53), or {@code null} when the doubles are exact. */
    public long[] exact() {
        return exact;
    }

    /** The value type the file declared ({@code %%GraphBLAS type}), or {@code null}. */
    public GraphBlasType valueType() {
        return valueType;
    }

    /** Whether the exact column is read unsigned. */
    public boolean unsignedValues() {
        return valueType == GraphBlasType.UINT64;
    }

    /**
     * The same entries, known to lie in rows (and, when mirrored, columns) below {@code bound}: the builder
     * then sizes its per-row arrays by what was read rather than by a declared row count.
     */
    public EdgeList withRowBound(int bound) {
        return new EdgeList(source, numRows, numCols, src, dst, weights, size, symmetry, valueKind, ids, locator,
                bound, oneEdgePerPair, exact, valueType);
    }

    /**
     * The same entries, read as an undirected edge list in which a line and its mirror ({@code u v} and
     * {@code v u}) stand for one edge rather than two entries to combine. Only for symmetric lists.
     */
    public EdgeList withOneEdgePerPair() {
        if (symmetry != Symmetry.SYMMETRIC) {
            throw new IllegalArgumentException("only a symmetric edge list pairs lines with their mirrors");
        }
        return new EdgeList(source, numRows, numCols, src, dst, weights, size, symmetry, valueKind, ids, locator,
                rowBound, true, exact, valueType);
    }

    /** Every row of an entry (and, when mirrored, every column) is below this; at most {@link #numRows()}. */
    public int rowBound() {
        return rowBound;
    }

    /** Whether a line and its mirror stand for one undirected edge (see {@link #withOneEdgePerPair()}). */
    public boolean oneEdgePerPair() {
        return oneEdgePerPair;
    }

    /** Finds the 1-based line of the k-th stored entry (0-based), for error messages only. */
    @FunctionalInterface
    public interface EntryLocator {
        /** @return the line number of entry {@code k}, or 0 if it cannot be found */
        long lineOf(long k);
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

    /** Whether the matrix is square, i.e. a graph. */
    public boolean isSquare() {
        return numRows == numCols;
    }

    /** Row (source vertex) ids; only the first {@link #size()} count. */
    public int[] src() {
        return src;
    }

    /** Column (target vertex) ids; only the first {@link #size()} count. */
    public int[] dst() {
        return dst;
    }

    /** Values, or {@code null} for a pattern (unweighted) input. */
    public double[] weights() {
        return weights;
    }

    /** Number of stored entries. */
    public int size() {
        return size;
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

    /** The line of entry {@code k} in the source file, or 0 when unknown. */
    public long lineOf(long k) {
        return locator == null ? 0 : locator.lineOf(k);
    }

    /** Bytes held by the entry arrays. */
    public long memoryBytes() {
        return 4L * src.length + 4L * dst.length + (weights == null ? 0 : 8L * weights.length)
                + (exact == null ? 0 : 8L * exact.length);
    }

    /** The error for entry {@code k}, which repeats a stored (row, column). */
    BadInputException duplicateAt(int k, boolean mirror) {
        String id = "(" + ids().external(src()[k]) + ", " + ids().external(dst()[k]) + ")";
        return new BadInputException(source(), lineOf(k),
                "duplicate entry " + id + (mirror ? " (counting the mirror of symmetric entries)" : "")
                        + "; choose --duplicates first|last|sum|min to accept duplicates");
    }
}
