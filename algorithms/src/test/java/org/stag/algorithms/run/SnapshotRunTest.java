package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.formats.graph.DynamicGraph;
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

/**
 * Issue 12, Must show 2: BFS and WCC run on the snapshot of version k return version k's result although a
 * writer applies later batches to the graph during the run (each run waits, after its first iteration, until the
 * writer has applied half of them), equal to a from-scratch {@code dense,compressed} run on version k's edges.
 */
class SnapshotRunTest {
    private static final int N = 3000;
    private static final int LATER = 60;

    @ParameterizedTest(name = "{0} directed={1}")
    @CsvSource({"'dense,ctree',false", "'bst,ctree',true"})
    void aRunOnASnapshotSeesItsVersionWhileBatchesLand(String format, boolean directed) throws Exception {
        Random rnd = new Random(format.hashCode() + (directed ? 1 : 0));
        Graph g = random(rnd, N, 4000, directed);
        TreeSet<Long> edges = edgesOf(g);
        int[] n = {N};
        // Versions 1..3 add edges and five vertices; version 3 is the one the runs read.
        List<UpdateBatch> early = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            early.add(randomBatch(rnd, edges, n, 300, 0.1, directed, k == 1 ? 5 : 0));
        }
        TreeSet<Long> versionK = new TreeSet<>(edges);
        int nK = n[0];
        assertEquals(N + 5, nK);
        List<UpdateBatch> later = new ArrayList<>();
        for (int k = 0; k < LATER; k++) {
            later.add(randomBatch(rnd, edges, n, 200, 0.5, directed, k % 20 == 0 ? 2 : 0));
        }
        assertNotEquals(versionK, edges, "the later batches change the graph");
        for (Algorithm a : new Algorithm[] {Algorithm.BFS, Algorithm.WCC}) {
            DynamicGraph live = DynamicGraph.of(g, GraphTensor.format(format), 2);
            early.forEach(live::apply);
            GraphSnapshot s = live.snapshot();
            assertEquals(3, s.version());
            CountDownLatch halfway = new CountDownLatch(1);
            AtomicInteger applied = new AtomicInteger();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    for (UpdateBatch b : later) {
                        live.apply(b);
                        if (applied.incrementAndGet() == LATER / 2) {
                            halfway.countDown();
                        }
                    }
                } catch (Throwable t) {
                    failure.set(t);
                    halfway.countDown();
                }
            }, "writer");
            AtomicInteger waited = new AtomicInteger();
            RunSettings settings = settings(a, format, g).onIteration((call, depth, iteration) -> {
                if (waited.getAndIncrement() == 0) {
                    try {
                        halfway.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            AlgorithmRunner.Prepared prepared = AlgorithmRunnerTest.RUNNER.prepare(a.program(), a, s.tensors(), settings);
            writer.start();
            AlgorithmRunner.Result mine = prepared.run();
            writer.join();
            assertEquals(null, failure.get());
            assertTrue(waited.get() > 0, "the run had iterations to wait in");
            assertTrue(applied.get() == LATER, "the writer applied the later batches");
            assertEquals(3 + LATER, live.version());
            AlgorithmRunner.Result expected = fromScratch(a, versionK, nK, g, format);
            Comparison.Outcome o = Comparison.check(a, expected.values(), mine.values());
            assertTrue(o.agree(), a.id() + " on version 3 in " + format + ": " + o.message());
            s.close();
            // And the newest version gives the newest result.
            try (GraphSnapshot last = live.snapshot()) {
                AlgorithmRunner.Result now = AlgorithmRunnerTest.RUNNER.prepare(a.program(), a, last.tensors(),
                        settings(a, format, g)).run();
                Comparison.Outcome o2 = Comparison.check(a, fromScratch(a, edges, n[0], g, format).values(), now.values());
                assertTrue(o2.agree(), a.id() + " on the last version in " + format + ": " + o2.message());
            }
        }
    }

    private static RunSettings settings(Algorithm a, String format, Graph g) {
        RunSettings s = new RunSettings().format(format).threads(2);
        return a == Algorithm.BFS ? s.source(g.ids().external(0)) : s;
    }

    /** The algorithm on a fresh CSR graph of {@code edges} over {@code n} vertices. */
    private static AlgorithmRunner.Result fromScratch(Algorithm a, TreeSet<Long> edges, int n, Graph g, String format) {
        int[] ptr = new int[n + 1];
        int[] col = new int[edges.size()];
        int m = 0;
        for (long e : edges) {
            ptr[(int) (e >>> 32) + 1]++;
            col[m++] = (int) e;
        }
        for (int v = 0; v < n; v++) {
            ptr[v + 1] += ptr[v];
        }
        Graph csr = new Graph("version", n, n, ptr, col, null, g.directed() ? Symmetry.GENERAL : Symmetry.SYMMETRIC,
                ValueKind.PATTERN, g.ids(), 0);
        GraphTensor t = GraphTensor.of(csr, GraphTensor.format("dense,compressed"), 1);
        return AlgorithmRunnerTest.RUNNER.prepare(a.program(), a, t, settings(a, "dense,compressed", g)).run();
    }

    private static Graph random(Random rnd, int n, int m, boolean directed) {
        int[] src = new int[m];
        int[] dst = new int[m];
        for (int k = 0; k < m; k++) {
            src[k] = rnd.nextInt(n);
            dst[k] = rnd.nextInt(n);
        }
        EdgeList e = new EdgeList("random", n, n, src, dst, null, m, directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC,
                ValueKind.PATTERN, VertexIds.offset(0), null);
        return GraphBuilder.build(e, DuplicatePolicy.MIN, 1);
    }

    private static TreeSet<Long> edgesOf(Graph g) {
        TreeSet<Long> s = new TreeSet<>();
        for (int u = 0; u < g.numVertices(); u++) {
            for (int k = g.rowPtr()[u]; k < g.rowPtr()[u + 1]; k++) {
                s.add(((long) u << 32) | g.colIdx()[k]);
            }
        }
        return s;
    }

    /**
     * A batch of {@code size} updates, a fraction {@code deletes} of them deletes of present edges, the rest
     * inserts of random edges (some to {@code grow} new vertices); applied to {@code edges} and {@code n}.
     */
    private static UpdateBatch randomBatch(Random rnd, TreeSet<Long> edges, int[] n, int size, double deletes,
            boolean directed, int grow) {
        byte[] op = new byte[size];
        int[] src = new int[size];
        int[] dst = new int[size];
        double[] w = new double[size];
        long[] line = new long[size];
        int before = n[0];
        int after = before + grow;
        List<Long> present = new ArrayList<>(edges);
        for (int i = 0; i < size; i++) {
            line[i] = i + 1;
            w[i] = Double.NaN;
            int u;
            int v;
            if (rnd.nextDouble() < deletes && !present.isEmpty()) {
                long e = present.get(rnd.nextInt(present.size()));
                u = (int) (e >>> 32);
                v = (int) e;
                op[i] = UpdateBatch.DELETE;
            } else {
                u = i < grow ? before + i : rnd.nextInt(after);
                v = rnd.nextInt(after);
                op[i] = UpdateBatch.INSERT;
            }
            src[i] = u;
            dst[i] = v;
        }
        // The model applies the last update of each edge, as the graph does.
        java.util.Map<Long, Byte> last = new java.util.HashMap<>();
        for (int i = 0; i < size; i++) {
            int u = directed ? src[i] : Math.min(src[i], dst[i]);
            int v = directed ? dst[i] : Math.max(src[i], dst[i]);
            last.put(((long) u << 32) | v, op[i]);
        }
        last.forEach((e, o) -> {
            long mirror = ((e & 0xffffffffL) << 32) | (e >>> 32);
            if (o == UpdateBatch.INSERT) {
                edges.add(e);
                if (!directed) {
                    edges.add(mirror);
                }
            } else {
                edges.remove(e);
                if (!directed) {
                    edges.remove(mirror);
                }
            }
        });
        n[0] = after;
        return UpdateBatch.of(op, src, dst, w, line, before, after);
    }
}
