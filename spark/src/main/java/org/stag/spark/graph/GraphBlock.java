package org.stag.spark.graph;

import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Graph;

/**
 * One row block of a partitioned graph as an executor holds it across iterations: the out-edges of rows
 * {@code [lo, hi)} (and for a directed graph their in-edges) as tensors in the run's format, in global
 * coordinates: {@code n x n}, every row outside the block empty. So the kernels a single JVM compiles for the
 * whole graph run on a block unchanged, reading columns (vertex vectors) by their global ids. Never serialized:
 * Spark keeps it in memory deserialized, and builds it again from its lineage if it is lost.
 */
public final class GraphBlock {
    private final int block;
    private final int lo;
    private final int hi;
    private final Graph out;
    private final Graph in;
    private final GraphTensor outTensors;
    private final GraphTensor inTensors;
    private int[] columns;

    /**
     * Builds the tensors now (not on first use: tasks of one block may run at once).
     *
     * @param out the block's out-edges as a graph of {@code n} rows
     * @param in  its in-edges (rows are targets), or null for an undirected graph
     */
    public GraphBlock(int block, int lo, int hi, Graph out, Graph in, Format format) {
        this.block = block;
        this.lo = lo;
        this.hi = hi;
        this.out = out;
        this.in = in;
        this.outTensors = GraphTensor.of(out, format, 1);
        outTensors.a();
        outTensors.w();
        this.inTensors = in == null ? null : GraphTensor.of(in, format, 1);
        if (inTensors != null) {
            inTensors.a();
        }
    }

    /** The blocks' format (the graph's). */
    public Format format() {
        return outTensors.format();
    }

    /** The block's number. */
    public int block() {
        return block;
    }

    /** First row. */
    public int lo() {
        return lo;
    }

    /** One past the last row. */
    public int hi() {
        return hi;
    }

    /** The out-edge pattern {@code A} of the block's rows. */
    public Tensor a() {
        return outTensors.a();
    }

    /** The in-edge pattern {@code AT} of the block's rows ({@link #a()} for an undirected graph). */
    public Tensor at() {
        return inTensors == null ? outTensors.a() : inTensors.a();
    }

    /** The weights {@code W} of the block's rows. */
    public Tensor w() {
        return outTensors.w();
    }

    /** The block's out-edges in CSR form (global row and column ids). */
    public Graph out() {
        return out;
    }

    /** Its in-edges in CSR form, or the out-edges for an undirected graph. */
    public Graph in() {
        return in == null ? out : in;
    }

    /** Stored out-edges of the block's rows. */
    public long edges() {
        return out.numEdges();
    }

    /** Bytes of the block's tensors. */
    public long memoryBytes() {
        return outTensors.memoryBytes() + (inTensors == null ? 0 : inTensors.memoryBytes());
    }

    /**
     * The distinct columns of the block's out- or in-rows, ascending: the entries of a vertex vector that a kernel
     * reading it at the columns of those rows needs. Made on first use and kept.
     */
    public synchronized int[] columns(boolean inEdges) {
        if (!inEdges && columns != null) {
            return columns;
        }
        Graph g = inEdges ? in() : out;
        int[] rp = g.rowPtr();
        int[] col = g.colIdx();
        java.util.BitSet seen = new java.util.BitSet(g.numVertices());
        for (int p = rp[lo]; p < rp[hi]; p++) {
            seen.set(col[p]);
        }
        int[] c = seen.stream().toArray();
        if (!inEdges) {
            columns = c;
        }
        return c;
    }
}
