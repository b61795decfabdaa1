package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.ExceptionFailure;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.RunSettings;
import org.stag.formats.tensor.Format;
import org.stag.loaders.LoadOptions;
import org.stag.spark.exec.Faults;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.SparkRun;

/**
 * Must-show 2: one partition's kernel task fails on its first attempt in a middle iteration, Spark runs it again,
 * and the result is unchanged. The test hears every task's end from Spark's scheduler and checks that the injected
 * failure happened once, to block 1's first attempt, and that the same task's second attempt then succeeded: so it
 * cannot pass without a retry. A local master retries a failed task only when it is given a number of attempts:
 * the shared context's master is {@code local[2,4]} ({@code local[2]} would fail the job at once).
 */
class FaultTest {
    /** A task's end as the scheduler reports it. */
    private record End(int stage, int partition, int attempt, boolean success, boolean injected) {
    }

    @Test
    void aRetriedKernelTaskGivesTheSameResult() throws InterruptedException {
        String path = Programs.graph("suitesparse/cage8.mtx").toString();
        List<End> ends = new CopyOnWriteArrayList<>();
        SharedSpark.context().sc().addSparkListener(new SparkListener() {
            @Override
            public void onTaskEnd(SparkListenerTaskEnd end) {
                boolean injected = end.reason() instanceof ExceptionFailure f && f.className().endsWith("Faults$Injected");
                ends.add(new End(end.stageId(), end.taskInfo().index(), end.taskInfo().attemptNumber(),
                        end.taskInfo().successful(), injected));
            }
        });
        try (PartitionedGraph g = GraphFiles.read(SharedSpark.context(), path, LoadOptions.defaults(), 3, Format.csr())) {
            for (Algorithm a : new Algorithm[] {Algorithm.PAGERANK, Algorithm.CDLP, Algorithm.SSSP}) {
                RunSettings s = Programs.settings(a);
                SparkRun.Outcome clean = new SparkRun().run(a.program(), a, g, s, Shipping.BROADCAST, null);
                long middle = clean.stats().runs() / 2;
                assertTrue(middle > 1 && middle < clean.stats().runs(), a.id() + ": " + clean.stats().runs() + " runs");
                ends.clear();
                // Block 1's task of the middle kernel run fails once; its retry must give the same partial.
                SparkRun.Outcome faulty = new SparkRun().run(a.program(), a, g, Programs.settings(a), Shipping.BROADCAST,
                        new Faults(middle, 1));
                // Listeners hear of task ends asynchronously.
                End failed = null;
                for (int wait = 0; wait < 400; wait++) {
                    List<End> injected = ends.stream().filter(End::injected).toList();
                    if (!injected.isEmpty()) {
                        failed = injected.get(0);
                        End f = failed;
                        if (ends.stream().anyMatch(e -> e.stage() == f.stage() && e.partition() == 1 && e.attempt() == 1
                                && e.success())) {
                            break;
                        }
                    }
                    Thread.sleep(50);
                }
                assertTrue(failed != null, a.id() + ": the injected fault did not fire");
                End f = failed;
                assertEquals(1, ends.stream().filter(End::injected).count(), a.id() + ": " + ends);
                assertEquals(1, f.partition(), a.id());
                assertEquals(0, f.attempt(), a.id());
                assertTrue(ends.stream().anyMatch(e -> e.stage() == f.stage() && e.partition() == 1 && e.attempt() == 1
                        && e.success()), a.id() + ": block 1 was not run again: " + ends);
                assertEquals(clean.stats().runs(), faulty.stats().runs(), a.id());
                if (clean.result().values().integral()) {
                    assertArrayEquals(clean.result().values().longs(), faulty.result().values().longs(), a.id());
                } else {
                    assertArrayEquals(clean.result().values().doubles(), faulty.result().values().doubles(), a.id());
                }
            }
        }
    }
}
