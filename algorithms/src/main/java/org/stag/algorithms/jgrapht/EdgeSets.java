package org.stag.algorithms.jgrapht;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The unmodifiable sets a {@link TensorGraphView} hands out, each reading the graph's rows in place: the vertices
 * {@code 0..N-1}, the edges of one row, and all edges.
 */
final class EdgeSets {
    private EdgeSets() {
    }

    /** The vertices {@code 0..N-1} of the view, N read at each call (a dynamic graph may grow). */
    static final class Vertices extends AbstractSet<Integer> {
        private final TensorGraphView view;

        Vertices(TensorGraphView view) {
            this.view = view;
        }

        @Override
        public int size() {
            return view.vertexCount();
        }

        @Override
        public boolean contains(Object o) {
            return o instanceof Integer v && v >= 0 && v < view.vertexCount();
        }

        @Override
        public Iterator<Integer> iterator() {
            int n = view.vertexCount();
            return new Iterator<>() {
                private int v;

                @Override
                public boolean hasNext() {
                    return v < n;
                }

                @Override
                public Integer next() {
                    if (v >= n) {
                        throw new NoSuchElementException();
                    }
                    return v++;
                }
            };
        }
    }

    /** How the edges of row {@code v} are packed. */
    enum Side {
        /** Out-edges: {@code v -> w}. */
        OUT,
        /** In-edges: {@code w -> v}. */
        IN,
        /** Incident undirected edges: {@code {v, w}}, smaller end first. */
        UNDIRECTED;

        long edge(int v, int w) {
            return switch (this) {
                case OUT -> Edges.of(v, w);
                case IN -> Edges.of(w, v);
                case UNDIRECTED -> Edges.undirected(v, w);
            };
        }
    }

    /** The edges of one row, over the row's coordinates as read (a range of the format's array, or a collected row). */
    static final class RowEdges extends AbstractSet<Long> {
        private final TensorGraphView view;
        private final int v;
        private final TensorRows.Row row;
        private final Side side;

        RowEdges(TensorGraphView view, int v, TensorRows.Row row, Side side) {
            this.view = view;
            this.v = v;
            this.row = row;
            this.side = side;
        }

        @Override
        public int size() {
            return row.size();
        }

        @Override
        public boolean contains(Object o) {
            if (!(o instanceof Long e)) {
                return false;
            }
            int s = Edges.source(e);
            int t = Edges.target(e);
            boolean incident = switch (side) {
                case OUT -> s == v;
                case IN -> t == v;
                case UNDIRECTED -> s == v || t == v;
            };
            return incident && view.containsEdge(e);
        }

        @Override
        public Iterator<Long> iterator() {
            int[] crd = row.crd();
            int to = row.to();
            return new Iterator<>() {
                private int p = row.from();

                @Override
                public boolean hasNext() {
                    return p < to;
                }

                @Override
                public Long next() {
                    if (p >= to) {
                        throw new NoSuchElementException();
                    }
                    return side.edge(v, crd[p++]);
                }
            };
        }
    }

    /** Every edge, row by row; an undirected edge once (from its smaller end). */
    static final class AllEdges extends AbstractSet<Long> {
        private final TensorGraphView view;

        AllEdges(TensorGraphView view) {
            this.view = view;
        }

        @Override
        public int size() {
            long m = view.current().edgeCount();
            return m > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) m;
        }

        @Override
        public boolean contains(Object o) {
            return o instanceof Long e && view.containsEdge(e);
        }

        @Override
        public Iterator<Long> iterator() {
            TensorGraphView.Current c = view.current();
            boolean undirected = !view.getType().isDirected();
            return new Iterator<>() {
                private int v = -1;
                private int[] crd = new int[0];
                private int p;
                private int to;

                @Override
                public boolean hasNext() {
                    while (true) {
                        while (p < to && undirected && crd[p] < v) {
                            p++;
                        }
                        if (p < to) {
                            return true;
                        }
                        if (++v >= c.n()) {
                            return false;
                        }
                        TensorRows.Row r = c.out().row(v);
                        crd = r.crd();
                        p = r.from();
                        to = r.to();
                    }
                }

                @Override
                public Long next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    return Edges.of(v, crd[p++]);
                }
            };
        }
    }
}
