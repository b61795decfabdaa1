package org.stag.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgrapht.Graph;
import org.jgrapht.alg.util.Pair;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.opt.graph.sparse.IncomingEdgesSupport;
import org.jgrapht.opt.graph.sparse.SparseIntDirectedGraph;
import org.jgrapht.traverse.BreadthFirstIterator;
import org.stag.algorithms.jgrapht.JGraphTView;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * The JGraphT view of a stag graph against JGraphT's own graphs, side by side in one JVM: bytes per edge (the
 * stag formats' own bytes, and the heap each structure adds, measured after full collections) and traversal speed
 * (a sweep of {@code outgoingEdgesOf}/{@code getEdgeTarget} over every vertex, and a {@code BreadthFirstIterator}
 * from the vertex of largest out-degree), for the views over {@code dense,compressed} and over a
 * {@code DynamicGraph} in {@code dense,ctree}, {@code DefaultDirectedGraph} and {@code SparseIntDirectedGraph}
 * (with its in-edges, as the others have them). Rounds interleave the four, warm-up rounds are dropped, and the
 * median of the rest is reported with its ratio to {@code DefaultDirectedGraph}.
 *
 * <p>The graph is the Kronecker graph (Graph500 parameters, seed 1) with each undirected edge kept in one
 * direction, chosen by the parity of its ends, so that the in-edges are a structure of their own.
 *
 * <p>Usage: {@code java -Xmx4g -cp benchmarks.jar org.stag.bench.JGraphTViewBench [scale] [degree] [rounds]}.
 */
public final class JGraphTViewBench {
    private static final int WARMUP = 2;

    private JGraphTViewBench() {
    }

    public static void main(String[] args) throws Exception {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 17;
        int degree = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        System.out.println("load average at start: " + loadAverage());
        org.stag.loaders.Graph g = oriented(BenchGraphs.kronGraph(scale, degree, 2));
        int n = g.numVertices();
        long m = g.numEntries();
        System.out.printf(Locale.ROOT, "kron scale %d, edge factor %d, oriented: %d vertices, %d directed edges%n%n",
                scale, degree, n, m);

        Map<String, Graph<Integer, ?>> graphs = new LinkedHashMap<>();
        Map<String, String> memory = new LinkedHashMap<>();
        long before = usedHeap();
        GraphTensor tensor = GraphTensor.of(g, GraphTensor.format("dense,compressed"), 1);
        graphs.put("stag view, dense,compressed", JGraphTView.of(tensor));
        memory.put("stag view, dense,compressed", perEdge(tensor.memoryBytes(), m) + " | "
                + perEdge(usedHeap() - before, m) + " (A adopts the loader's arrays: only AT is new)");
        before = usedHeap();
        DynamicGraph dynamic = DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 1);
        graphs.put("stag view, DynamicGraph dense,ctree", JGraphTView.of(dynamic));
        memory.put("stag view, DynamicGraph dense,ctree", perEdge(dynamic.memoryBytes(), m) + " | "
                + perEdge(usedHeap() - before, m));
        before = usedHeap();
        graphs.put("DefaultDirectedGraph", defaultDirected(g));
        memory.put("DefaultDirectedGraph", "- | " + perEdge(usedHeap() - before, m));
        before = usedHeap();
        graphs.put("SparseIntDirectedGraph", sparse(g));
        memory.put("SparseIntDirectedGraph", "- | " + perEdge(usedHeap() - before, m));

        System.out.println("| structure | format bytes / edge | heap added / edge |");
        System.out.println("|---|---|---|");
        memory.forEach((k, v) -> System.out.println("| " + k + " | " + v + " |"));
        System.out.println();

        int source = hub(g);
        Map<String, long[]> sweep = new LinkedHashMap<>();
        Map<String, long[]> bfs = new LinkedHashMap<>();
        graphs.keySet().forEach(k -> {
            sweep.put(k, new long[rounds]);
            bfs.put(k, new long[rounds]);
        });
        long check = -1;
        for (int r = -WARMUP; r < rounds; r++) {
            for (Map.Entry<String, Graph<Integer, ?>> e : graphs.entrySet()) {
                long t0 = System.nanoTime();
                long s = sweep(e.getValue(), n);
                long t1 = System.nanoTime();
                long b = bfs(e.getValue(), source);
                long t2 = System.nanoTime();
                if (check < 0) {
                    check = s ^ b;
                } else if (check != (s ^ b)) {
                    throw new IllegalStateException(e.getKey() + " traverses another graph");
                }
                if (r >= 0) {
                    sweep.get(e.getKey())[r] = t1 - t0;
                    bfs.get(e.getKey())[r] = t2 - t1;
                }
            }
        }
        double baseSweep = median(sweep.get("DefaultDirectedGraph"));
        double baseBfs = median(bfs.get("DefaultDirectedGraph"));
        System.out.println("| structure | sweep ns / edge | sweep vs DefaultDirectedGraph | BFS ms | BFS vs DefaultDirectedGraph |");
        System.out.println("|---|---|---|---|---|");
        for (String k : graphs.keySet()) {
            double sw = median(sweep.get(k));
            double bf = median(bfs.get(k));
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.2f | %.1f | %.2f |%n", k, sw / m, sw / baseSweep, bf / 1e6,
                    bf / baseBfs);
        }
        System.out.println();
        System.out.println("medians of " + rounds + " interleaved rounds after " + WARMUP + " warm-up rounds;"
                + " load average at end: " + loadAverage());
    }

    /** Each edge of the symmetric graph {@code s} in one direction: {@code u -> v} when {@code u + v} is even and {@code u < v}, or odd and {@code u > v}. */
    static org.stag.loaders.Graph oriented(org.stag.loaders.Graph s) {
        int n = s.numVertices();
        int[] ptr = s.rowPtr();
        int[] col = s.colIdx();
        int[] outPtr = new int[n + 1];
        int[] outCol = new int[ptr[n]];
        int k = 0;
        for (int u = 0; u < n; u++) {
            for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                int v = col[p];
                if (((u + v) & 1) == 0 ? u <= v : u > v) {
                    outCol[k++] = v;
                }
            }
            outPtr[u + 1] = k;
        }
        return new org.stag.loaders.Graph(s.source() + " oriented", n, n, outPtr, Arrays.copyOf(outCol, k), null,
                Symmetry.GENERAL, ValueKind.PATTERN, VertexIds.offset(0), 0);
    }

    static Graph<Integer, DefaultEdge> defaultDirected(org.stag.loaders.Graph g) {
        Graph<Integer, DefaultEdge> d = new DefaultDirectedGraph<>(DefaultEdge.class);
        int n = g.numVertices();
        for (int v = 0; v < n; v++) {
            d.addVertex(v);
        }
        int[] ptr = g.rowPtr();
        int[] col = g.colIdx();
        for (int u = 0; u < n; u++) {
            for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                d.addEdge(u, col[p]);
            }
        }
        return d;
    }

    static Graph<Integer, Integer> sparse(org.stag.loaders.Graph g) {
        int n = g.numVertices();
        int[] ptr = g.rowPtr();
        int[] col = g.colIdx();
        List<Pair<Integer, Integer>> edges = new ArrayList<>(ptr[n]);
        for (int u = 0; u < n; u++) {
            for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                edges.add(Pair.of(u, col[p]));
            }
        }
        return new SparseIntDirectedGraph(n, edges, IncomingEdgesSupport.FULL_INCOMING_EDGES);
    }

    /** The sum of every edge's target, reached through {@code outgoingEdgesOf} and {@code getEdgeTarget}. */
    static <E> long sweep(Graph<Integer, E> g, int n) {
        long s = 0;
        for (int v = 0; v < n; v++) {
            for (E e : g.outgoingEdgesOf(v)) {
                s += g.getEdgeTarget(e);
            }
        }
        return s;
    }

    /** The sum of the vertices a breadth-first traversal from {@code source} reaches, and their count. */
    static <E> long bfs(Graph<Integer, E> g, int source) {
        BreadthFirstIterator<Integer, E> it = new BreadthFirstIterator<>(g, source);
        long s = 0;
        while (it.hasNext()) {
            s += it.next() + (1L << 40);
        }
        return s;
    }

    static int hub(org.stag.loaders.Graph g) {
        int[] ptr = g.rowPtr();
        int best = 0;
        for (int v = 1; v < g.numVertices(); v++) {
            best = ptr[v + 1] - ptr[v] > ptr[best + 1] - ptr[best] ? v : best;
        }
        return best;
    }

    private static double median(long[] xs) {
        long[] c = xs.clone();
        Arrays.sort(c);
        return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2.0;
    }

    private static String perEdge(long bytes, long m) {
        return String.format(Locale.ROOT, "%.1f", bytes / (double) m);
    }

    /** Heap in use after full collections, once it stops shrinking. */
    private static long usedHeap() throws InterruptedException {
        long last = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            Thread.sleep(100);
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (used >= last) {
                return used;
            }
            last = used;
        }
        return last;
    }

    private static String loadAverage() throws IOException {
        Path p = Path.of("/proc/loadavg");
        return Files.exists(p) ? Files.readString(p).trim() : "unknown";
    }
}
