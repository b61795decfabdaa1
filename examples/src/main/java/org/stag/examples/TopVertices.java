package org.stag.examples;

import java.nio.file.Path;
import org.stag.api.Agreement;
import org.stag.api.Result;
import org.stag.api.StagGraph;

/** Loads a graph, runs PageRank and BFS, prints the top vertices and how far BFS reaches. */
public final class TopVertices {
    private TopVertices() {
    }

    public static void main(String[] args) {
        StagGraph g = StagGraph.load(Path.of(args.length > 0 ? args[0] : "data/karate.mtx"));
        System.out.println(g);

        Result ranks = g.run("pagerank").iterations(20).execute();
        System.out.println("top 5 by PageRank:");
        for (long v : ranks.top(5)) {
            System.out.printf("  vertex %d  rank %.4f%n", v, ranks.value(v));
        }

        // No source given: BFS starts at the vertex with the most out-edges.
        Result depths = g.run("bfs").format("dense,ctree").execute();
        long reached = 0;
        long deepest = 0;
        for (long d : depths.longs()) {
            if (d != Long.MAX_VALUE) {
                reached++;
                deepest = Math.max(deepest, d);
            }
        }
        System.out.printf("bfs from %d reaches %d of %d vertices, at most %d steps away%n",
                depths.defaultSource().orElseThrow(), reached, depths.size(), deepest);

        Agreement check = g.run("pagerank").iterations(20).compare();
        System.out.println("pagerank against " + check.reference() + ": " + (check.agree() ? "agrees" : "differs")
                + " (" + check.message() + ")");
        if (!check.agree()) {
            System.exit(1);
        }
    }
}
