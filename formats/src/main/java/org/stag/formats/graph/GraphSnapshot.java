package org.stag.formats.graph;

/**
 * One version of a {@link DynamicGraph}, immutable: programs run on {@link #tensors()} while later batches are
 * applied to the graph by another thread, and see none of them. The snapshot shares the graph's node stores;
 * the graph copies a store before it changes one that an open snapshot reads, so a held snapshot costs the
 * stores later batches touched. {@link #close()} lets that memory go (idempotent, from any thread); the
 * tensors must not be read after it.
 */
public final class GraphSnapshot implements AutoCloseable {
    private final DynamicGraph owner;
    private final long epoch;
    private final long version;
    private final int vertices;
    private final long edges;
    private volatile GraphTensor tensors;

    GraphSnapshot(DynamicGraph owner, long epoch, long version, GraphTensor tensors) {
        this.owner = owner;
        this.epoch = epoch;
        this.version = version;
        this.vertices = tensors.numVertices();
        this.edges = tensors.numEdges();
        this.tensors = tensors;
    }

    /** The version of the graph this is: the number of batches applied before it was taken. */
    public long version() {
        return version;
    }

    /**
     * The graph of this version as the tensors programs read ({@code A}, {@code AT}, {@code W}, {@code id}); its
     * {@code insertBatch} and {@code deleteBatch} throw.
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public GraphTensor tensors() {
        GraphTensor t = tensors;
        if (t == null) {
            throw new IllegalStateException("snapshot of version " + version + " is closed");
        }
        return t;
    }

    /** Stored directed edges of this version (an undirected edge twice, a self-loop once). */
    public long numEdges() {
        return edges;
    }

    /** Vertices of this version. */
    public int numVertices() {
        return vertices;
    }

    /** Whether {@link #close()} was called. */
    public boolean closed() {
        return tensors == null;
    }

    /** The epoch the graph's copy-on-write knows this snapshot by. */
    long epoch() {
        return epoch;
    }

    /** The tensors, or null once closed (for the graph's memory count). */
    GraphTensor tensorsOrNull() {
        return tensors;
    }

    /** Lets the stores only this snapshot reads go; later calls do nothing. */
    @Override
    public void close() {
        synchronized (this) {
            if (tensors == null) {
                return;
            }
            tensors = null;
        }
        owner.release(this);
    }

    @Override
    public String toString() {
        return "GraphSnapshot[version " + version + ", " + vertices + " vertices, " + edges + " edges"
                + (closed() ? ", closed]" : "]");
    }
}
