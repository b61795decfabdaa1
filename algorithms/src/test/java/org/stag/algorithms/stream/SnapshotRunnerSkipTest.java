package org.stag.algorithms.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import org.stag.loaders.updates.UpdateBatch;

/** {@link SnapshotRunner#skipped()} counts the due versions that got no run, and nothing else (issue 30, item 5). */
class SnapshotRunnerSkipTest {
    static DynamicGraph graph() {
        EdgeList e = new EdgeList("g", 8, 8, new int[] {0, 1}, new int[] {1, 2}, null, 2, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.offset(0), null);
        Graph g = GraphBuilder.build(e, DuplicatePolicy.MIN, 1);
        return DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 1);
    }

    static UpdateBatch insert(int u, int v) {
        return UpdateBatch.of(new byte[] {UpdateBatch.INSERT}, new int[] {u}, new int[] {v}, new double[] {Double.NaN},
                new long[] {1}, 8, 8);
    }

    /** Records the versions it ran on; its first run waits until released. */
    static final class Held implements StreamAlgorithm {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<Long> versions = new ArrayList<>();

        @Override
        public Algorithm algorithm() {
            return Algorithm.WCC;
        }

        @Override
        public Outcome run(GraphSnapshot snapshot, List<EdgeChanges> since) {
            started.countDown();
            try {
                assertTrue(release.await(30, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            versions.add(snapshot.version());
            return new Outcome(null, false, null, 0);
        }

        @Override
        public boolean readsChanges() {
            return false;
        }
    }

    /** A runner under skip whose run of version 1 is under way and held. */
    private static SnapshotRunner holding(StreamGraph g, Held a) throws InterruptedException {
        SnapshotRunner r = new SnapshotRunner(g, List.of(a), (v, alg, o) -> { }, SnapshotRunner.Busy.SKIP);
        g.apply(insert(2, 3));
        r.due();
        assertTrue(a.started.await(30, TimeUnit.SECONDS));
        return r;
    }

    @Test
    void aSecondDueOfThePendingVersionIsNoSkip() throws Exception {
        StreamGraph g = new StreamGraph(graph(), false);
        Held a = new Held();
        SnapshotRunner r = holding(g, a);
        g.apply(insert(3, 4));
        r.due();                     // version 2: pending
        r.due();                     // version 2 again (the end of the input): the same run
        a.release.countDown();
        r.finish();
        assertEquals(List.of(1L, 2L), a.versions);
        assertEquals(0, r.skipped());
    }

    @Test
    void aDueReplacedByALaterOneIsASkip() throws Exception {
        StreamGraph g = new StreamGraph(graph(), false);
        Held a = new Held();
        SnapshotRunner r = holding(g, a);
        g.apply(insert(3, 4));
        r.due();                     // version 2 pending
        g.apply(insert(4, 5));
        r.due();                     // version 3 replaces it: version 2 is never run
        r.due();
        a.release.countDown();
        r.finish();
        assertEquals(List.of(1L, 3L), a.versions);
        assertEquals(1, r.skipped());
    }
}
