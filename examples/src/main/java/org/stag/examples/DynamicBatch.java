package org.stag.examples;

import java.nio.file.Path;
import org.stag.api.Batch;
import org.stag.api.Kept;
import org.stag.api.Snapshot;
import org.stag.api.StagDynamicGraph;
import org.stag.api.StagGraph;
import org.stag.formats.graph.ApplyResult;

/** A graph that changes: a batch of inserts and deletes, a snapshot from before it, a result kept up to date. */
public final class DynamicBatch {
    private DynamicBatch() {
    }

    public static void main(String[] args) {
        StagDynamicGraph g = StagGraph.load(Path.of(args.length > 0 ? args[0] : "data/karate.mtx")).dynamic();
        Kept depths = g.keep("bfs").source(1);
        System.out.println("bfs from 1, version 0: vertex 17 is " + depths.update().longs()[16] + " steps away");

        try (Snapshot before = g.snapshot()) {
            ApplyResult r = g.apply(new Batch().insert(1, 17).delete(6, 17).delete(7, 17).insert(35, 1));
            System.out.printf("batch: version %d, %d inserted, %d deleted, %d vertices, %d edges%n",
                    r.version(), r.inserted(), r.deleted(), r.vertices(), r.edges());
            Kept.Update now = depths.update();
            System.out.println("bfs from 1, version " + now.version() + ": vertex 17 is " + now.longs()[16]
                    + " step away (" + (now.incremental() ? "kept up to date" : "full run") + ": " + now.reason() + ")");
            System.out.println("snapshot of version " + before.version() + " still has " + before.numEdges()
                    + " edges; wcc there: " + distinct(before.run("wcc").execute().longs()) + " component(s)");
        }
    }

    private static long distinct(long[] labels) {
        return java.util.Arrays.stream(labels).distinct().count();
    }
}
