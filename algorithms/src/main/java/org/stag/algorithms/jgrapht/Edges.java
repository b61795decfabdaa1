package org.stag.algorithms.jgrapht;

/**
 * The edges of a {@link TensorGraphView}: a {@code Long} packing source and target ({@code source << 32 | target}),
 * made when an edge is handed out and equal by value, so the view stores no edge objects. An undirected edge
 * is packed with its smaller end as source.
 */
final class Edges {
    private Edges() {
    }

    /** The edge {@code u -> v}. */
    static long of(int u, int v) {
        return (long) u << 32 | (v & 0xffffffffL);
    }

    /** The undirected edge {@code {u, v}}: smaller end first. */
    static long undirected(int u, int v) {
        return u <= v ? of(u, v) : of(v, u);
    }

    static int source(long e) {
        return (int) (e >>> 32);
    }

    static int target(long e) {
        return (int) e;
    }
}
