package org.stag.spark.bench;

import java.io.Serializable;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.graphx.Edge;
import org.apache.spark.graphx.EdgeDirection;
import org.apache.spark.graphx.EdgeTriplet;
import org.apache.spark.graphx.Graph;
import org.apache.spark.graphx.Pregel;
import org.apache.spark.graphx.lib.ConnectedComponents;
import org.apache.spark.graphx.lib.PageRank;
import org.apache.spark.graphx.lib.ShortestPaths;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;
import scala.collection.Iterator;
import scala.collection.Map;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.AbstractFunction3;

/**
 * GraphX as its users run it, on the same graph file stag reads: edges as an RDD of {@link Edge}s (an undirected
 * graph's both ways), {@code Graph.fromEdges}, then the library's {@link PageRank}, {@link ConnectedComponents},
 * {@link ShortestPaths} and the Pregel single-source shortest paths of GraphX's programming guide. Each call returns
 * once its result is materialised, so a timer around it measures the whole computation.
 */
final class GraphXPrograms {
    private static final ClassTag<Double> DOUBLE = scala.reflect.ClassTag$.MODULE$.apply(Double.class);
    private static final ClassTag<Object> OBJECT = scala.reflect.ClassTag$.MODULE$.apply(Object.class);

    private final Graph<Object, Double> graph;

    private GraphXPrograms(Graph<Object, Double> graph) {
        this.graph = graph;
    }

    /**
     * The graph of an edge list ({@code src dst [weight]}, 0-based, {@code #} or {@code %} comments), both ways
     * when {@code undirected}, weights 1 when absent, in {@code partitions} edge partitions, cached and counted.
     */
    static GraphXPrograms load(JavaSparkContext sc, String path, boolean undirected, int partitions) {
        JavaRDD<Edge<Double>> edges = sc.textFile(path, partitions).flatMap(line -> {
            java.util.List<Edge<Double>> out = new java.util.ArrayList<>(2);
            String t = line.trim();
            if (t.isEmpty() || t.charAt(0) == '#' || t.charAt(0) == '%') {
                return out.iterator();
            }
            String[] f = t.split("\\s+");
            long s = Long.parseLong(f[0]);
            long d = Long.parseLong(f[1]);
            double w = f.length > 2 ? Double.parseDouble(f[2]) : 1.0;
            out.add(new Edge<>(s, d, w));
            if (undirected && s != d) {
                out.add(new Edge<>(d, s, w));
            }
            return out.iterator();
        });
        Graph<Object, Double> g = Graph.fromEdges(edges.rdd(), (Object) 0L, StorageLevel.MEMORY_ONLY(),
                StorageLevel.MEMORY_ONLY(), OBJECT, DOUBLE);
        g.cache();
        g.edges().count();
        g.vertices().count();
        return new GraphXPrograms(g);
    }

    /** Vertices of the graph (with an edge). */
    long vertices() {
        return graph.vertices().count();
    }

    /** {@code org.apache.spark.graphx.lib.PageRank.run} for {@code iterations} iterations, reset 1 - damping. */
    double[] pageRank(int iterations, double damping, int n) {
        Graph<Object, Object> r = PageRank.run(graph, iterations, 1 - damping, OBJECT, DOUBLE);
        double[] out = new double[n];
        for (Tuple2<Object, Object> v : r.vertices().toJavaRDD().collect()) {
            out[(int) (long) (Long) v._1()] = (Double) v._2();
        }
        r.unpersist(false);
        return out;
    }

    /** {@code ConnectedComponents.run}: every vertex labelled with the smallest id of its component. */
    long[] connectedComponents(int n) {
        Graph<Object, Double> r = ConnectedComponents.run(graph, OBJECT, DOUBLE);
        long[] out = new long[n];
        java.util.Arrays.fill(out, -1);
        for (Tuple2<Object, Object> v : r.vertices().toJavaRDD().collect()) {
            out[(int) (long) (Long) v._1()] = (Long) v._2();
        }
        r.unpersist(false);
        return out;
    }

    /** {@code ShortestPaths.run} with the source as the one landmark: hop counts (-1 where unreachable). */
    long[] hops(long source, int n) {
        Graph<Map<Object, Object>, Double> r = ShortestPaths.run(graph,
                CollectionConverters.asScala(java.util.List.<Object>of(source)).toSeq(), DOUBLE);
        long[] out = new long[n];
        java.util.Arrays.fill(out, -1);
        for (Tuple2<Object, Map<Object, Object>> v : r.vertices().toJavaRDD().collect()) {
            scala.Option<Object> d = v._2().get(source);
            if (d.isDefined()) {
                out[(int) (long) (Long) v._1()] = ((Number) d.get()).longValue();
            }
        }
        r.unpersist(false);
        return out;
    }

    /** Single-source shortest paths by Pregel, as in GraphX's programming guide (infinity where unreachable). */
    double[] sssp(long source, int n) {
        Graph<Double, Double> start = graph.mapVertices(new Init(source), DOUBLE, null);
        Graph<Double, Double> r = Pregel.apply(start, Double.POSITIVE_INFINITY, Integer.MAX_VALUE, EdgeDirection.Either(),
                new Keep(), new Relax(), new Min(), DOUBLE, DOUBLE, DOUBLE);
        double[] out = new double[n];
        java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
        for (Tuple2<Object, Double> v : r.vertices().toJavaRDD().collect()) {
            out[(int) (long) (Long) v._1()] = v._2();
        }
        r.unpersist(false);
        start.unpersist(false);
        return out;
    }

    /** The source at 0, every other vertex at infinity. */
    private static final class Init extends AbstractFunction2<Object, Object, Double> implements Serializable {
        private static final long serialVersionUID = 1L;
        private final long source;

        Init(long source) {
            this.source = source;
        }

        @Override
        public Double apply(Object id, Object attr) {
            return (Long) id == source ? 0.0 : Double.POSITIVE_INFINITY;
        }
    }

    /** The vertex program: the smaller of the distance and the message. */
    private static final class Keep extends AbstractFunction3<Object, Double, Double, Double> implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Double apply(Object id, Double dist, Double message) {
            return Math.min(dist, message);
        }
    }

    /** Sends a shorter distance along an edge. */
    private static final class Relax extends AbstractFunction1<EdgeTriplet<Double, Double>, Iterator<Tuple2<Object, Double>>>
            implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Tuple2<Object, Double>> apply(EdgeTriplet<Double, Double> t) {
            double d = t.srcAttr() + t.attr();
            if (d < t.dstAttr()) {
                return scala.package$.MODULE$.Iterator().single(new Tuple2<>(t.dstId(), d));
            }
            return scala.package$.MODULE$.Iterator().empty();
        }
    }

    /** Merges messages: the smaller. */
    private static final class Min extends AbstractFunction2<Double, Double, Double> implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Double apply(Double a, Double b) {
            return Math.min(a, b);
        }
    }

    /** Frees the graph. */
    void close() {
        graph.unpersist(false);
    }
}
