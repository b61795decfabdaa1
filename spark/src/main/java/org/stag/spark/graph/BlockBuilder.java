package org.stag.spark.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.stag.formats.tensor.Format;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;

/**
 * Builds a block in its executor from the entries routed to it: the entries of every row of the block (an
 * undirected graph's entries whose either end lies in the block, since mirroring puts them in both rows) in file
 * order, built by the same {@link GraphBuilder} a single JVM uses (duplicates, mirrors and undirected pairs
 * resolved by the same rules, row by row), then cut to the block's rows. Each row of the block so holds exactly
 * what the whole graph's row holds.
 */
public final class BlockBuilder {
    private BlockBuilder() {
    }

    /** The block {@code b} of {@code rows} from its chunks (any order: they are sorted by split here). */
    public static GraphBlock build(int b, RowBlocks rows, GraphMeta meta, Format format, Iterable<EntryChunk> chunks) {
        List<EntryChunk> out = new ArrayList<>();
        List<EntryChunk> in = new ArrayList<>();
        for (EntryChunk c : chunks) {
            (c.in() ? in : out).add(c);
        }
        Graph outGraph = cut(build(meta, meta.symmetry(), meta.valueKind(), out, meta.pairs()), rows.lo(b), rows.hi(b), meta.ids());
        Graph inGraph = null;
        if (meta.directed()) {
            // In-edges are read as a pattern only (AT): no weights, as the single JVM's transpose.
            inGraph = cut(build(meta, Symmetry.GENERAL, ValueKind.PATTERN, in, false), rows.lo(b), rows.hi(b), meta.ids());
        }
        return new GraphBlock(b, rows.lo(b), rows.hi(b), outGraph, inGraph, format);
    }

    /** The graph of all rows the entries reach, in split (file) order. */
    private static Graph build(GraphMeta meta, Symmetry symmetry, ValueKind kind, List<EntryChunk> chunks, boolean pairs) {
        chunks.sort(Comparator.comparingInt(EntryChunk::split));
        int size = 0;
        for (EntryChunk c : chunks) {
            size += c.size();
        }
        boolean weighted = kind != ValueKind.PATTERN;
        int[] src = new int[size];
        int[] dst = new int[size];
        double[] w = weighted ? new double[size] : null;
        int at = 0;
        for (EntryChunk c : chunks) {
            System.arraycopy(c.src(), 0, src, at, c.size());
            System.arraycopy(c.dst(), 0, dst, at, c.size());
            if (weighted) {
                if (c.weights() != null) {
                    System.arraycopy(c.weights(), 0, w, at, c.size());
                } else {
                    Arrays.fill(w, at, at + c.size(), 1.0);
                }
            }
            at += c.size();
        }
        EdgeList e = new EdgeList(meta.source(), meta.n(), meta.n(), src, dst, w, size, symmetry, kind, meta.ids(), null);
        if (pairs) {
            e = e.withOneEdgePerPair();
        }
        return GraphBuilder.build(e, meta.policy(), meta.policyGiven(), 1);
    }

    /** Rows {@code [lo, hi)} of {@code g}, the others empty, with {@code n} rows in all. */
    public static Graph cut(Graph g, int lo, int hi, org.stag.loaders.VertexIds ids) {
        int n = g.numRows();
        int[] rp = g.rowPtr();
        int base = rp[lo];
        int end = rp[hi];
        int[] cut = new int[n + 1];
        for (int i = lo + 1; i <= n; i++) {
            cut[i] = i <= hi ? rp[i] - base : end - base;
        }
        int[] col = Arrays.copyOfRange(g.colIdx(), base, end);
        double[] w = g.weights() == null ? null : Arrays.copyOfRange(g.weights(), base, end);
        return new Graph(g.source(), n, g.numCols(), cut, col, w, g.symmetry(), g.valueKind(), ids, g.duplicates());
    }
}
