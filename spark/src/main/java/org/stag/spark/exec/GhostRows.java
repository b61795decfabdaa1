package org.stag.spark.exec;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.spark.graph.GraphBlock;
import org.stag.spark.graph.GraphMeta;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.graph.RowBlocks;
import scala.Tuple2;

/**
 * The rows of a graph tensor that a block's kernel reads besides its own: LCC's {@code A[u][w]} for every
 * neighbour {@code u} of the block's vertices. Two shuffles, no driver: each block asks the owners of the columns
 * of its rows of a source matrix for those rows, the owners send them, and each block builds its rows and the rows
 * it received into one tensor of the graph's format (global coordinates), cached while the source lives. It moves
 * the rows a block needs, not the graph.
 */
final class GhostRows {
    private GhostRows() {
    }

    /** Rows of one owner's block for one asking block. */
    private record Rows(int[] rows, int[] ptr, int[] col, double[] w) implements Serializable {
    }

    /**
     * The ghost tensors of {@code target} for every block: its own rows and the rows named by the columns of the
     * block's rows of the source (a partitioned matrix in {@code source}, or the graph tensor of {@code sourceRole}).
     */
    static JavaRDD<Tensor> build(PartitionedGraph graph, JavaRDD<Tensor> source, Role sourceRole, Role target) {
        RowBlocks rows = graph.rows();
        GraphMeta meta = graph.meta();
        boolean in = target == Role.AT;
        JavaRDD<int[]> wanted = source == null
                ? graph.blocks().map(b -> b.columns(sourceRole == Role.AT))
                : graph.blocks().zipPartitions(source, (bs, ts) -> List.of(columns(ts.next())).iterator());
        // Ask each owner for its rows among the columns: (owner, [asking block, row...]).
        JavaPairRDD<Integer, int[]> asks = wanted.zipWithIndex().flatMapToPair(t -> {
            int asking = (int) (long) t._2();
            int[] cols = t._1();
            List<Tuple2<Integer, int[]>> out = new ArrayList<>();
            int from = 0;
            while (from < cols.length) {
                int owner = rows.owner(cols[from]);
                int to = from;
                while (to < cols.length && cols[to] < rows.hi(owner)) {
                    to++;
                }
                int[] ask = new int[to - from + 1];
                ask[0] = asking;
                System.arraycopy(cols, from, ask, 1, to - from);
                out.add(new Tuple2<>(owner, ask));
                from = to;
            }
            return out.iterator();
        });
        JavaPairRDD<Integer, Rows> sent = asks.partitionBy(rows.partitioner()).values()
                .zipPartitions(graph.blocks(), (as, bs) -> {
                    GraphBlock b = bs.next();
                    Graph g = in ? b.in() : b.out();
                    List<Tuple2<Integer, Rows>> out = new ArrayList<>();
                    while (as.hasNext()) {
                        int[] ask = as.next();
                        out.add(new Tuple2<>(ask[0], rows(g, ask)));
                    }
                    return out.iterator();
                }).mapToPair(t -> t);
        JavaRDD<Tensor> ghosts = sent.partitionBy(rows.partitioner()).values()
                .zipPartitions(graph.blocks(), (rs, bs) -> {
                    GraphBlock b = bs.next();
                    List<Rows> got = new ArrayList<>();
                    rs.forEachRemaining(got::add);
                    Graph g = assemble(meta, in ? b.in() : b.out(), b.lo(), b.hi(), got, in);
                    GraphTensor t = GraphTensor.of(g, b.format(), 1);
                    return List.of(target == Role.W ? t.w() : t.a()).iterator();
                });
        ghosts.persist(StorageLevel.MEMORY_ONLY());
        ghosts.count();
        return ghosts;
    }

    /** The distinct columns of a matrix's stored entries, ascending. */
    private static int[] columns(Tensor t) {
        BitSet seen = new BitSet(t.dimension(1));
        TensorCursor c = t.cursor();
        while (c.next()) {
            seen.set(c.coordinate(1));
        }
        return seen.stream().toArray();
    }

    /** Rows {@code ask[1..]} of {@code g}. */
    private static Rows rows(Graph g, int[] ask) {
        int[] rp = g.rowPtr();
        int[] rowIds = java.util.Arrays.copyOfRange(ask, 1, ask.length);
        int[] ptr = new int[rowIds.length + 1];
        for (int k = 0; k < rowIds.length; k++) {
            ptr[k + 1] = ptr[k] + rp[rowIds[k] + 1] - rp[rowIds[k]];
        }
        int[] col = new int[ptr[rowIds.length]];
        double[] w = g.weights() == null ? null : new double[col.length];
        for (int k = 0; k < rowIds.length; k++) {
            System.arraycopy(g.colIdx(), rp[rowIds[k]], col, ptr[k], ptr[k + 1] - ptr[k]);
            if (w != null) {
                System.arraycopy(g.weights(), rp[rowIds[k]], w, ptr[k], ptr[k + 1] - ptr[k]);
            }
        }
        return new Rows(rowIds, ptr, col, w);
    }

    /** A graph of {@code n} rows holding the block's own rows and the rows received. */
    private static Graph assemble(GraphMeta meta, Graph own, int lo, int hi, List<Rows> got, boolean in) {
        int n = meta.n();
        int[] count = new int[n + 1];
        int[] orp = own.rowPtr();
        BitSet filled = new BitSet(n);
        for (int v = lo; v < hi; v++) {
            count[v + 1] = orp[v + 1] - orp[v];
            filled.set(v);
        }
        for (Rows r : got) {
            for (int k = 0; k < r.rows.length; k++) {
                if (!filled.get(r.rows[k])) {
                    count[r.rows[k] + 1] = r.ptr[k + 1] - r.ptr[k];
                    filled.set(r.rows[k]);
                }
            }
        }
        for (int v = 0; v < n; v++) {
            count[v + 1] += count[v];
        }
        int m = count[n];
        int[] col = new int[m];
        double[] w = own.weights() == null ? null : new double[m];
        for (int v = lo; v < hi; v++) {
            System.arraycopy(own.colIdx(), orp[v], col, count[v], orp[v + 1] - orp[v]);
            if (w != null) {
                System.arraycopy(own.weights(), orp[v], w, count[v], orp[v + 1] - orp[v]);
            }
        }
        for (Rows r : got) {
            for (int k = 0; k < r.rows.length; k++) {
                int v = r.rows[k];
                if (v >= lo && v < hi) {
                    continue;
                }
                System.arraycopy(r.col, r.ptr[k], col, count[v], r.ptr[k + 1] - r.ptr[k]);
                if (w != null && r.w != null) {
                    System.arraycopy(r.w, r.ptr[k], w, count[v], r.ptr[k + 1] - r.ptr[k]);
                }
            }
        }
        Symmetry s = in ? Symmetry.GENERAL : own.symmetry();
        ValueKind kind = in ? ValueKind.PATTERN : own.valueKind();
        return new Graph(own.source(), n, n, count, col, w, s, kind, own.ids(), 0);
    }
}
