package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.tensor.TensorCursor;
import org.stag.loaders.Graph;
import org.stag.loaders.updates.UpdateBatch;

/**
 * Snapshot isolation (issue 12, Must show 2): while a writer applies thousands of small batches, readers keep
 * taking snapshots and find each one equal, by edge count and checksum, to the model after exactly the prefix
 * of batches its version names; snapshots held while later batches land stay as they were; and closing a
 * snapshot lets the stores only it read go.
 */
class SnapshotIsolationTest {
    private static final int BATCHES = 2000;

    /** The model's edge count and checksum after each prefix of the batches. */
    private record Prefixes(List<UpdateBatch> batches, long[] count, long[] checksum) {
    }

    private static Prefixes prefixes(Graph g, long seed, int batchCount) {
        EdgeModel model = new EdgeModel(g);
        Random rnd = new Random(seed);
        List<Long> deleted = new ArrayList<>();
        List<UpdateBatch> batches = new ArrayList<>();
        long[] count = new long[batchCount + 1];
        long[] sum = new long[batchCount + 1];
        count[0] = model.edges.size();
        sum[0] = EdgeModel.checksum(model.edges);
        long line = 1;
        for (int k = 1; k <= batchCount; k++) {
            UpdateBatch b = model.randomBatch(rnd, 1 + rnd.nextInt(12), line, deleted);
            line += b.size();
            model.apply(b);
            batches.add(b);
            count[k] = model.edges.size();
            sum[k] = EdgeModel.checksum(model.edges);
            if (deleted.size() > 64) {
                deleted.subList(0, 32).clear();
            }
        }
        return new Prefixes(batches, count, sum);
    }

    /** Edge count and checksum of a snapshot, read by a cursor over W (the same sum as {@link EdgeModel#checksum}). */
    private static long[] read(GraphSnapshot s) {
        java.util.HashMap<Long, Double> edges = new java.util.HashMap<>();
        TensorCursor c = s.tensors().w().cursor();
        while (c.next()) {
            if (!c.isFill()) {
                edges.put(EdgeModel.key(c.coordinate(0), c.coordinate(1)), c.doubleValue());
            }
        }
        return new long[] {edges.size(), EdgeModel.checksum(edges)};
    }

    /** With {@code minLog} 0 the log is merged (copying shards that open snapshots read) every few batches. */
    @ParameterizedTest(name = "{0},{1} directed={2} weighted={3} minLog={4}")
    @CsvSource({"dense,ctree,false,true,65536", "bst,ctree,true,true,0", "dense,vctree,false,true,65536",
        "dense,vctree,true,false,0", "bst,vctree,true,true,0", "dense,bst,true,false,0",
        "dense,blist,false,false,65536"})
    void readersSeeExactlyAPrefixOfTheBatches(String rows, String cols, boolean directed, boolean weighted, long minLog)
            throws Exception {
        String format = rows + "," + cols;
        Graph g = GraphTensorTest.random(77, 150, 600, directed, weighted);
        Prefixes p = prefixes(g, 2024, BATCHES);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format(format), 2, minLog);
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicLong checked = new AtomicLong();
        Thread writer = new Thread(() -> {
            try {
                int k = 0;
                for (UpdateBatch b : p.batches()) {
                    dg.apply(b);
                    // Every 100 batches, wait until readers checked two more snapshots: they run during the writes
                    // however the threads are scheduled.
                    if (++k % 100 == 0) {
                        long target = checked.get() + 2;
                        while (checked.get() < target && failures.isEmpty()) {
                            LockSupport.parkNanos(200_000);
                        }
                    }
                }
            } catch (Throwable t) {
                failures.add(t);
            } finally {
                done.set(true);
            }
        }, "writer");
        AtomicLong heldChecks = new AtomicLong();
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            readers.add(new Thread(() -> {
                List<GraphSnapshot> held = new ArrayList<>();
                try {
                    long lastVersion = -1;
                    while (!done.get() || held.size() > 0) {
                        GraphSnapshot s = dg.snapshot();
                        long v = s.version();
                        if (v < lastVersion) {
                            throw new AssertionError("versions went back: " + lastVersion + " then " + v);
                        }
                        lastVersion = v;
                        long[] got = read(s);
                        assertEquals(p.count()[(int) v], got[0], "edges of version " + v);
                        assertEquals(p.count()[(int) v], s.numEdges(), "count of version " + v);
                        assertEquals(p.checksum()[(int) v], got[1], "checksum of version " + v);
                        checked.incrementAndGet();
                        if (held.size() < 4 && checked.get() % 5 == 0) {
                            held.add(s);
                        } else {
                            s.close();
                        }
                        // Re-check the oldest held snapshot once later batches have landed, then let it go.
                        if (!held.isEmpty() && (dg.version() > held.get(0).version() + 20 || done.get())) {
                            GraphSnapshot old = held.remove(0);
                            long ov = old.version();
                            long[] again = read(old);
                            assertEquals(p.count()[(int) ov], again[0], "held version " + ov);
                            assertEquals(p.checksum()[(int) ov], again[1], "held version " + ov);
                            if (dg.version() > ov) {
                                heldChecks.incrementAndGet();
                            }
                            old.close();
                        }
                    }
                } catch (Throwable t) {
                    failures.add(t);
                    held.forEach(GraphSnapshot::close);
                }
            }, "reader-" + r));
        }
        readers.forEach(Thread::start);
        writer.start();
        writer.join();
        for (Thread t : readers) {
            t.join();
        }
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError("a thread failed: " + failures.peek(), failures.peek());
            failures.forEach(e::addSuppressed);
            throw e;
        }
        assertEquals(BATCHES, dg.version());
        assertEquals(0, dg.openSnapshots());
        assertTrue(checked.get() >= 2 * BATCHES / 100, "readers checked " + checked.get() + " snapshots");
        assertTrue(heldChecks.get() > 0, "no held snapshot was re-checked after later batches");
        try (GraphSnapshot last = dg.snapshot()) {
            long[] got = read(last);
            assertEquals(p.count()[BATCHES], got[0]);
            assertEquals(p.checksum()[BATCHES], got[1]);
        }
    }

    @Test
    void batchesWhileASnapshotIsHeldAreLoggedAndMergedInPlaceOnceItIsClosed() {
        Graph g = GraphTensorTest.random(79, 3000, 12000, false, true);
        Prefixes p = prefixes(g, 5, 20);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 2);
        long alone = dg.memoryBytes();
        GraphSnapshot s = dg.snapshot();
        NodeStore first = ((DynamicLevel) s.tensors().w().level(1)).store(0);
        for (int k = 0; k < 20; k++) {
            dg.apply(p.batches().get(k));
            assertEquals(p.count()[k + 1], dg.numEdges(), "edges after batch " + (k + 1) + ", logged");
        }
        long held = dg.memoryBytes();
        assertTrue(held < alone + 64 * 1024, "the log of 20 small batches costs little: " + alone + " -> " + held);
        assertEquals(p.checksum()[0], read(s)[1], "the held snapshot is version 0");
        s.close();
        try (GraphSnapshot t = dg.snapshot()) {
            assertEquals(20, t.version());
            assertEquals(p.count()[20], read(t)[0]);
            assertEquals(p.checksum()[20], read(t)[1]);
            assertSame(first, ((DynamicLevel) t.tensors().w().level(1)).store(0),
                    "no snapshot was open at the merge: the stores changed in place");
        }
    }

    @Test
    void closingASnapshotLetsItsStoresGo() {
        Graph g = GraphTensorTest.random(78, 3000, 12000, false, true);
        Prefixes p = prefixes(g, 99, 200);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 2);
        DynamicGraph twin = DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 2);
        long alone = dg.memoryBytes();
        GraphSnapshot s = dg.snapshot();
        assertEquals(alone, dg.memoryBytes(), "taking a snapshot copies nothing");
        DynamicLevel level = (DynamicLevel) s.tensors().w().level(1);
        assertTrue(level.shardCount() >= 2, "the graph has several shards");
        NodeStore first = level.store(0);
        WeakReference<NodeStore> old = new WeakReference<>(first);
        for (int k = 0; k < 200; k++) {
            dg.apply(p.batches().get(k));
            twin.apply(p.batches().get(k));
        }
        try (GraphSnapshot now = dg.snapshot()) {
            assertNotSame(first, ((DynamicLevel) now.tensors().w().level(1)).store(0), "the graph wrote a copy of shard 0");
        }
        long held = dg.memoryBytes();
        assertTrue(held > twin.memoryBytes() * 3 / 2, "held " + held + ", without snapshots " + twin.memoryBytes());
        assertEquals(p.count()[0], read(s)[0], "the held snapshot is version 0");
        assertEquals(p.checksum()[0], read(s)[1]);
        s.close();
        first = null;
        level = null;
        assertEquals(0, dg.openSnapshots());
        long after = dg.memoryBytes();
        long live = twin.memoryBytes();
        assertTrue(Math.abs(after - live) <= live / 4, "after close " + after + ", a graph never snapshotted " + live);
        for (int i = 0; i < 20 && old.get() != null; i++) {
            System.gc();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        assertNull(old.get(), "the store only the closed snapshot read is still reachable");
    }
}
