package org.stag.algorithms.run;

import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;

/**
 * The source a run starts from when none is given: the vertex with the most out-edges (the first of those), from
 * which a search reaches much of the graph, as one from a vertex of a tiny component would not. The one definition
 * for {@code run}, {@code compare}, {@code stream}, {@code bench} and the Java API.
 *
 * @param id       the vertex in the input's numbering
 * @param vertex   its internal id
 * @param outEdges its out-edges
 */
public record DefaultSource(long id, int vertex, long outEdges) {
    /**
     * The vertex of {@code g} with the most out-edges.
     *
     * @param graphName how messages name the graph
     * @throws BadInputException when no vertex has an edge, so that there is nothing to start from
     */
    public static DefaultSource of(Graph g, String graphName) {
        int best = -1;
        int bestDegree = 0;
        for (int v = 0; v < g.numVertices(); v++) {
            int d = g.degree(v);
            if (d > bestDegree) {
                best = v;
                bestDegree = d;
            }
        }
        if (best < 0) {
            throw new BadInputException(graphName + " has no edges, so it has no default source: give --source ID");
        }
        return new DefaultSource(g.ids().external(best), best, bestDegree);
    }

    /** The line a command prints on stderr when it chose this source, e.g. {@code source: 34 (most out-edges, 17)}. */
    public String line() {
        return "source: " + id + " (most out-edges, " + outEdges + ")";
    }
}
