package org.stag.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * Loading a Kronecker graph (scale 20, edge factor 16 by default) from a GAP edge list and from Matrix
 * Market, on 1 and 2 threads, beside {@code cat FILE > /dev/null} on the same file as the I/O floor.
 * Divide the file size by the time for MB/s. {@code read} parses into the final edge arrays (what GAP's
 * reader does); {@code load} also builds the sorted, de-duplicated CSR graph.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms12g", "-Xmx12g", "-XX:+UseParallelGC", "-XX:+AlwaysPreTouch"})
public class LoadBenchmark {
    @Param({"el", "mtx"})
    public String format;

    @Param({"1", "2"})
    public int threads;

    @Param({"20"})
    public int scale;

    @Param({"16"})
    public int degree;

    private Path file;
    private LoadOptions options;

    @Setup
    public void setup() {
        file = BenchGraphs.kron(scale, degree, format);
        options = LoadOptions.defaults().withThreads(threads);
        System.out.printf("%n# input %s: %.1f MB%n", file, file.toFile().length() / 1e6);
    }

    @Benchmark
    public EdgeList read() {
        return GraphLoader.read(file, options);
    }

    @Benchmark
    public Graph load() {
        return GraphLoader.load(file, options);
    }

    /** The I/O floor: the same bytes read by {@code cat} into {@code /dev/null}. */
    @Benchmark
    public int cat() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("cat", file.toString())
                .redirectOutput(new File("/dev/null"))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        return p.waitFor();
    }
}
