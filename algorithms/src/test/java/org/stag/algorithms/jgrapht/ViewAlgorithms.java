package org.stag.algorithms.jgrapht;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.jgrapht.Graph;
import org.jgrapht.alg.clustering.LabelPropagationClustering;
import org.jgrapht.alg.connectivity.BiconnectivityInspector;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.alg.cycle.CycleDetector;
import org.jgrapht.alg.cycle.TarjanSimpleCycles;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm.SingleSourcePaths;
import org.jgrapht.alg.scoring.BetweennessCentrality;
import org.jgrapht.alg.scoring.ClosenessCentrality;
import org.jgrapht.alg.scoring.ClusteringCoefficient;
import org.jgrapht.alg.scoring.Coreness;
import org.jgrapht.alg.scoring.PageRank;
import org.jgrapht.alg.shortestpath.BFSShortestPath;
import org.jgrapht.alg.shortestpath.BellmanFordShortestPath;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;

/**
 * JGraphT's own algorithms, each reduced to plain data (vertex to value maps, partitions as sets of vertex sets,
 * edges as vertex pairs) so that a run on a stag view and a run on JGraphT's copy compare with {@code equals}.
 */
final class ViewAlgorithms {
    private ViewAlgorithms() {
    }

    /** Sources: the first vertex, the one of largest out-degree, and the last. */
    static int[] sources(Graph<Integer, ?> g) {
        int n = g.vertexSet().size();
        int hub = 0;
        for (int v = 1; v < n; v++) {
            if (g.outDegreeOf(v) > g.outDegreeOf(hub)) {
                hub = v;
            }
        }
        return new int[] {0, hub, n - 1};
    }

    static Object bfs(Graph<Integer, ?> g) {
        return bfsOf(g);
    }

    private static <E> Object bfsOf(Graph<Integer, E> g) {
        return paths(g, new BFSShortestPath<>(g));
    }

    static Object dijkstra(Graph<Integer, ?> g) {
        return dijkstraOf(g);
    }

    private static <E> Object dijkstraOf(Graph<Integer, E> g) {
        return paths(g, new DijkstraShortestPath<>(g));
    }

    static Object bellmanFord(Graph<Integer, ?> g) {
        return bellmanFordOf(g);
    }

    private static <E> Object bellmanFordOf(Graph<Integer, E> g) {
        return paths(g, new BellmanFordShortestPath<>(g));
    }

    /** Path weights and hop counts from each source to each vertex. */
    private static <E> Object paths(Graph<Integer, E> g, ShortestPathAlgorithm<Integer, E> alg) {
        List<Object> out = new ArrayList<>();
        for (int s : sources(g)) {
            SingleSourcePaths<Integer, E> p = alg.getPaths(s);
            for (int v : g.vertexSet()) {
                var path = p.getPath(v);
                out.add(List.of(p.getWeight(v), path == null ? -1 : path.getLength()));
            }
        }
        return out;
    }

    static Object connectedSets(Graph<Integer, ?> g) {
        return new HashSet<>(new ConnectivityInspector<>(g).connectedSets());
    }

    static Object stronglyConnectedSets(Graph<Integer, ?> g) {
        return new HashSet<>(new KosarajuStrongConnectivityInspector<>(g).stronglyConnectedSets());
    }

    static Object biconnectivity(Graph<Integer, ?> g) {
        return biconnectivityOf(g);
    }

    private static <E> Object biconnectivityOf(Graph<Integer, E> g) {
        BiconnectivityInspector<Integer, E> b = new BiconnectivityInspector<>(g);
        Set<List<Integer>> bridges = new HashSet<>();
        for (E e : b.getBridges()) {
            int s = g.getEdgeSource(e);
            int t = g.getEdgeTarget(e);
            bridges.add(List.of(Math.min(s, t), Math.max(s, t)));
        }
        return List.of(b.getCutpoints(), bridges, b.isBiconnected());
    }

    /**
     * Local scores and their average; the global coefficient too when {@code global}. JGraphT 1.5.2 counts the
     * global one's triangles comparing vertices with {@code ==} ({@code GraphMetrics.getNumberOfTriangles}), so its
     * value depends on which {@code Integer} objects a graph hands out: the same for any graph only where boxing
     * is canonical (ids up to 127). It is defined for undirected graphs only.
     */
    static Object clustering(Graph<Integer, ?> g, boolean global) {
        ClusteringCoefficient<Integer, ?> c = new ClusteringCoefficient<>(g);
        return List.of(new TreeMap<>(c.getScores()), global ? c.getGlobalClusteringCoefficient() : "not compared",
                c.getAverageClusteringCoefficient());
    }

    static Object labelPropagation(Graph<Integer, ?> g) {
        return new HashSet<>(new LabelPropagationClustering<>(g, 100, new Random(42)).getClustering().getClusters());
    }

    static Object pageRank(Graph<Integer, ?> g) {
        return new TreeMap<>(new PageRank<>(g, 0.85, 20, 1e-12).getScores());
    }

    static Object coreness(Graph<Integer, ?> g) {
        Coreness<Integer, ?> c = new Coreness<>(g);
        return List.of(new TreeMap<>(c.getScores()), c.getDegeneracy());
    }

    static Object betweenness(Graph<Integer, ?> g) {
        return new TreeMap<>(new BetweennessCentrality<>(g).getScores());
    }

    static Object closeness(Graph<Integer, ?> g) {
        return new TreeMap<>(new ClosenessCentrality<>(g).getScores());
    }

    static Object cycles(Graph<Integer, ?> g) {
        CycleDetector<Integer, ?> c = new CycleDetector<>(g);
        return List.of(c.detectCycles(), c.findCycles(), c.detectCyclesContainingVertex(0));
    }

    /** At most this many simple cycles are listed (a graph may have exponentially many). */
    static final int CYCLE_LIMIT = 2000;

    /** The first {@link #CYCLE_LIMIT} simple cycles in the order Tarjan's algorithm finds them. */
    static Object simpleCycles(Graph<Integer, ?> g) {
        List<List<Integer>> found = new ArrayList<>();
        Consumer<List<Integer>> collect = c -> {
            if (found.size() == CYCLE_LIMIT) {
                throw new Enough();
            }
            found.add(c);
        };
        try {
            new TarjanSimpleCycles<>(g).findSimpleCycles(collect);
        } catch (Enough e) {
            // Stopped at the limit: the prefix found so far is compared.
        }
        return found;
    }

    /** Stops the cycle enumeration at the limit. */
    private static final class Enough extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Enough() {
            super(null, null, false, false);
        }
    }

    /** {@code f(g)}, or the name of the exception it threw: a refusal must agree too. */
    static Object outcome(java.util.function.Function<Graph<Integer, ?>, Object> f, Graph<Integer, ?> g) {
        try {
            return f.apply(g);
        } catch (RuntimeException e) {
            return "threw " + e.getClass().getName();
        }
    }

    /** A map's values, for messages. */
    static String summary(Object o) {
        String s = String.valueOf(o);
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
