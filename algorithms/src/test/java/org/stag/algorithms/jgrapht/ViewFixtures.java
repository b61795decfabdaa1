package org.stag.algorithms.jgrapht;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jgrapht.Graph;
import org.stag.algorithms.TestData;
import org.stag.algorithms.graph.Csr;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphTensor;

/**
 * A bundled graph three ways: JGraphT's copy ({@link JGraphTGraphs}, weighted when the graph is) and stag views in
 * a static and two dynamic formats (one ordered, one whose rows are stored unsorted), loaded once per test run.
 */
final class ViewFixtures {
    /** The formats the views are read from: static, dynamic ordered, dynamic unordered. */
    static final String[] FORMATS = {"dense,compressed", "dense,ctree", "dense,blist-unsorted"};

    private static final Map<String, ViewFixtures> CACHE = new ConcurrentHashMap<>();

    final Csr csr;
    /** Whether some vertex has an edge to itself. */
    final boolean selfLoops;
    /** Whether some edge weighs less than 0 (shortest paths refuse such graphs). */
    final boolean negativeWeights;
    final Graph<Integer, ?> copy;
    final Map<String, Graph<Integer, Long>> views = new LinkedHashMap<>();

    private ViewFixtures(String name) {
        org.stag.loaders.Graph g = TestData.suiteSparseGraph(name);
        csr = Csr.of(g);
        boolean loops = false;
        for (int v = 0; v < csr.n() && !loops; v++) {
            loops = csr.hasEdge(v, v);
        }
        selfLoops = loops;
        boolean negative = false;
        for (int p = 0; csr.weighted() && p < csr.m(); p++) {
            negative |= csr.outWeights()[p] < 0;
        }
        negativeWeights = negative;
        copy = csr.weighted() ? JGraphTGraphs.weighted(csr) : JGraphTGraphs.unweighted(csr);
        views.put(FORMATS[0], JGraphTView.of(GraphTensor.of(g, GraphTensor.format(FORMATS[0]), 1)));
        for (int f = 1; f < FORMATS.length; f++) {
            views.put(FORMATS[f], JGraphTView.of(DynamicGraph.of(g, GraphTensor.format(FORMATS[f]), 1)));
        }
    }

    static ViewFixtures of(String name) {
        return CACHE.computeIfAbsent(name, ViewFixtures::new);
    }
}
