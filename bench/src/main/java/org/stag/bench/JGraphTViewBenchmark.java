package org.stag.bench;

import java.util.concurrent.TimeUnit;
import org.jgrapht.Graph;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.stag.algorithms.jgrapht.JGraphTView;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphTensor;

/**
 * {@link JGraphTViewBench}'s sweep and BFS with one graph class per JVM (JMH forks each {@code structure}), so that
 * JGraphT's calls into the graph are monomorphic, as in an application that uses one graph class.
 *
 * <pre>{@code
 * java -jar bench/target/benchmarks.jar JGraphTViewBenchmark -p scale=16
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class JGraphTViewBenchmark {
    /** The view over {@code dense,compressed} or a {@code DynamicGraph} in {@code dense,ctree}, or a JGraphT graph. */
    @Param({"stag-dense:compressed", "stag-dynamic-dense:ctree", "DefaultDirectedGraph", "SparseIntDirectedGraph"})
    public String structure;

    /** Kronecker scale of the oriented graph (edge factor 16). */
    @Param({"16"})
    public int scale;

    private Graph<Integer, ?> graph;
    private int n;
    private int source;

    @Setup
    public void setup() {
        org.stag.loaders.Graph g = JGraphTViewBench.oriented(BenchGraphs.kronGraph(scale, 16, 2));
        n = g.numVertices();
        source = JGraphTViewBench.hub(g);
        graph = switch (structure) {
            case "stag-dense:compressed" -> JGraphTView.of(GraphTensor.of(g, GraphTensor.format("dense,compressed"), 1));
            case "stag-dynamic-dense:ctree" -> JGraphTView.of(DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 1));
            case "DefaultDirectedGraph" -> JGraphTViewBench.defaultDirected(g);
            case "SparseIntDirectedGraph" -> JGraphTViewBench.sparse(g);
            default -> throw new IllegalArgumentException("unknown structure " + structure);
        };
    }

    /** {@code outgoingEdgesOf} and {@code getEdgeTarget} over every edge. */
    @Benchmark
    public long sweep() {
        return JGraphTViewBench.sweep(graph, n);
    }

    /** JGraphT's {@code BreadthFirstIterator} from the vertex of largest out-degree. */
    @Benchmark
    public long bfs() {
        return JGraphTViewBench.bfs(graph, source);
    }
}
