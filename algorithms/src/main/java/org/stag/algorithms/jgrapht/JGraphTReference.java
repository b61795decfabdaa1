package org.stag.algorithms.jgrapht;

import java.util.Map;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm.SingleSourcePaths;
import org.jgrapht.alg.scoring.BetweennessCentrality;
import org.jgrapht.alg.scoring.ClusteringCoefficient;
import org.jgrapht.alg.scoring.Coreness;
import org.jgrapht.alg.scoring.PageRank;
import org.jgrapht.alg.shortestpath.BFSShortestPath;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Bfs;

/**
 * Runs JGraphT's algorithms with the semantics of stag's own (the hand-written implementations in
 * {@code org.stag.algorithms.handwritten}), for {@code stag compare}. Every result is indexed by internal id.
 *
 * <p><b>PageRank.</b> JGraphT 1.5.2's {@code PageRank} (unweighted variant) computes each iteration as
 * {@code r'(v) = R + d * sum over in-neighbours u of r(u) / outdeg(u)} with the teleport term
 * {@code R = (sum over u with outdeg > 0 of (1 - d) r(u)  +  sum over dangling u of r(u)) / n}. LDBC's
 * {@code (1 - d)/n + d * D/n} equals {@code R} when the ranks sum to 1, which every iteration preserves from
 * the initial {@code 1/n}; so the two agree up to rounding (JGraphT multiplies {@code 1 - d} by the actual
 * sum, about 1 - n·ulp). JGraphT stops early when no rank changes by at least its tolerance and refuses a
 * tolerance of 0, so this passes {@link Double#MIN_VALUE}: it stops early only when an iteration changes
 * nothing at all, and then further iterations would change nothing either, so the iteration count is
 * effectively fixed. It also refuses 0 iterations. Its weighted variant (edge weight over the out-weight
 * sum) is not LDBC's, so the graph is built unweighted, and always directed (an undirected edge is two arcs)
 * because JGraphT's undirected {@code outDegreeOf} counts a self-loop twice while its in-edges list it once.
 *
 * <p><b>Betweenness.</b> JGraphT's {@code BetweennessCentrality} (Brandes) halves every score of an
 * undirected graph, giving the standard undirected value, which is what {@code Betweenness} reports too;
 * normalisation is off. It uses weighted shortest paths on a weighted graph, so the graph is built
 * unweighted. It counts shortest paths in {@code long}s; this asks it to throw on overflow rather than
 * return wrong scores.
 *
 * <p><b>BFS, SSSP, WCC.</b> {@code BFSShortestPath} path weights are edge counts ({@code +Infinity} when
 * unreachable, mapped to {@link Bfs#UNREACHABLE}); {@code DijkstraShortestPath} runs on the weighted graph
 * (weight 1 when unweighted) and throws for a negative weight only if the search meets it, where
 * {@code Sssp} refuses any negative weight; {@code ConnectivityInspector} treats a directed graph as
 * undirected, and each component is labelled with its smallest internal id, as {@code Wcc} labels them.
 *
 * <p><b>SCC, k-core.</b> {@code KosarajuStrongConnectivityInspector} runs on the directed form (an undirected
 * edge is two arcs, so its strong components are the connected ones), and each component is labelled with its
 * smallest input id, as {@code scc.stag} labels them. {@code Coreness} runs on the undirected simple graph
 * ({@link JGraphTGraphs#simple}), the view {@code kcore.stag} takes.
 */
public final class JGraphTReference {
    private JGraphTReference() {
    }

    /** PageRank with a fixed iteration count; see the class comment. */
    public static double[] pageRank(Csr g, int iterations, double damping) {
        if (iterations < 1) {
            throw new IllegalArgumentException("JGraphT's PageRank runs at least one iteration, asked for " + iterations);
        }
        Graph<Integer, DefaultEdge> jg = JGraphTGraphs.directed(g);
        Map<Integer, Double> scores = new PageRank<>(jg, damping, iterations, Double.MIN_VALUE).getScores();
        double[] out = new double[g.n()];
        for (int v = 0; v < out.length; v++) {
            out[v] = scores.get(v);
        }
        return out;
    }

    /** BFS depths from {@code source} (internal id), {@link Bfs#UNREACHABLE} when unreachable. */
    public static long[] bfs(Csr g, int source) {
        SingleSourcePaths<Integer, DefaultEdge> paths = new BFSShortestPath<>(JGraphTGraphs.unweighted(g)).getPaths(source);
        long[] out = new long[g.n()];
        for (int v = 0; v < out.length; v++) {
            double w = paths.getWeight(v);
            out[v] = Double.isInfinite(w) ? Bfs.UNREACHABLE : (long) w;
        }
        return out;
    }

    /** Shortest-path distances from {@code source} (internal id), {@code +Infinity} when unreachable. */
    public static double[] sssp(Csr g, int source) {
        SingleSourcePaths<Integer, DefaultWeightedEdge> paths =
                new DijkstraShortestPath<>(JGraphTGraphs.weighted(g)).getPaths(source);
        double[] out = new double[g.n()];
        for (int v = 0; v < out.length; v++) {
            out[v] = paths.getWeight(v);
        }
        return out;
    }

    /** Weakly connected components, each labelled with its smallest internal id. */
    public static int[] wcc(Csr g) {
        int[] label = new int[g.n()];
        for (Set<Integer> component : new ConnectivityInspector<>(JGraphTGraphs.unweighted(g)).connectedSets()) {
            int min = Integer.MAX_VALUE;
            for (int v : component) {
                min = Math.min(min, v);
            }
            for (int v : component) {
                label[v] = min;
            }
        }
        return label;
    }

    /** Unnormalised betweenness from all sources, halved on undirected graphs; see the class comment. */
    public static double[] betweenness(Csr g) {
        Map<Integer, Double> scores = new BetweennessCentrality<>(JGraphTGraphs.unweighted(g), false,
                BetweennessCentrality.OverflowStrategy.THROW_EXCEPTION_ON_OVERFLOW).getScores();
        double[] out = new double[g.n()];
        for (int v = 0; v < out.length; v++) {
            out[v] = scores.get(v);
        }
        return out;
    }

    /**
     * The number of triangles of the undirected simple graph (a directed graph's edges taken in both directions,
     * self-loops left out, each pair once): GAP's {@code tc}. From JGraphT's local clustering coefficients: a
     * vertex of degree {@code d} with coefficient {@code c} lies on {@code c d (d - 1) / 2} triangles (rounded:
     * the product is a whole number up to rounding), and their sum counts each triangle three times.
     * {@code GraphMetrics.getNumberOfTriangles} is not used: in JGraphT 1.5.2 it misses triangles on graphs with
     * vertices of degree above the square root of the edge count (ca-GrQc: 48,195 where SNAP lists 48,260).
     */
    public static long triangles(Csr g) {
        Graph<Integer, DefaultEdge> simple = JGraphTGraphs.simple(g);
        ClusteringCoefficient<Integer, DefaultEdge> cc = new ClusteringCoefficient<>(simple);
        long sum = 0;
        for (int v = 0; v < g.n(); v++) {
            long d = simple.degreeOf(v);
            sum += Math.round(cc.getVertexScore(v) * (d * (d - 1) / 2.0));
        }
        if (sum % 3 != 0) {
            throw new IllegalStateException("per-vertex triangle counts sum to " + sum + ", not a multiple of 3");
        }
        return sum / 3;
    }

    /** Strongly connected components, each labelled with its smallest input id; see the class comment. */
    public static long[] scc(Csr g) {
        long[] label = new long[g.n()];
        for (Set<Integer> component : new KosarajuStrongConnectivityInspector<>(JGraphTGraphs.directed(g))
                .stronglyConnectedSets()) {
            long min = Long.MAX_VALUE;
            for (int v : component) {
                min = Math.min(min, g.external(v));
            }
            for (int v : component) {
                label[v] = min;
            }
        }
        return label;
    }

    /** The coreness of every vertex of the undirected simple graph; see the class comment. */
    public static long[] coreness(Csr g) {
        Map<Integer, Integer> scores = new Coreness<>(JGraphTGraphs.simple(g)).getScores();
        long[] out = new long[g.n()];
        for (int v = 0; v < out.length; v++) {
            out[v] = scores.get(v);
        }
        return out;
    }
}
