package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
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
 * and the result is unchanged. A local master retries a failed task only when it is given a number of attempts:
 * the shared context's master is {@code local[2,4]} for this test ({@code local[2]} would fail the job at once).
 */
class FaultTest {
    @Test
    void aRetriedKernelTaskGivesTheSameResult() throws InterruptedException {
        String path = Programs.graph("suitesparse/cage8.mtx").toString();
        AtomicInteger failed = new AtomicInteger();
        SharedSpark.context().sc().addSparkListener(new SparkListener() {
            @Override
            public void onTaskEnd(SparkListenerTaskEnd end) {
                if (end.reason() instanceof ExceptionFailure f && f.className().endsWith("Faults$Injected")) {
                    failed.incrementAndGet();
                }
            }
        });
        try (PartitionedGraph g = GraphFiles.read(SharedSpark.context(), path, LoadOptions.defaults(), 3, Format.csr())) {
            for (Algorithm a : new Algorithm[] {Algorithm.PAGERANK, Algorithm.CDLP, Algorithm.SSSP}) {
                RunSettings s = Programs.settings(a);
                SparkRun.Outcome clean = new SparkRun().run(a.program(), a, g, s, Shipping.BROADCAST, null);
                long middle = clean.stats().runs() / 2;
                int before = failed.get();
                // Block 1's task of the middle kernel run fails once; its retry must give the same partial.
                SparkRun.Outcome faulty = new SparkRun().run(a.program(), a, g, Programs.settings(a), Shipping.BROADCAST,
                        new Faults(middle, 1));
                // Listeners hear of task ends asynchronously.
                for (int wait = 0; wait < 200 && failed.get() == before; wait++) {
                    Thread.sleep(50);
                }
                assertEquals(before + 1, failed.get(), a.id() + ": the injected fault did not fire once");
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
