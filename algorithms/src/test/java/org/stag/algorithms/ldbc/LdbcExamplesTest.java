package org.stag.algorithms.ldbc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestData;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.handwritten.Cdlp;
import org.stag.algorithms.handwritten.Lcc;
import org.stag.algorithms.handwritten.PageRank;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.algorithms.handwritten.Wcc;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.VertexIds;

/**
 * Every hand-written algorithm reproduces the expected outputs of the LDBC Graphalytics examples, with the
 * parameters of their {@code .properties} files, on 1 and 2 threads. Outputs are written with
 * {@link LdbcOutput} and validated from the files by {@link LdbcValidation}, as the benchmark does.
 */
class LdbcExamplesTest {
    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : TestData.ldbcExamples()) {
            LdbcDataset d = LdbcDataset.open(p);
            for (LdbcAlgorithm a : d.algorithms()) {
                for (int threads : new int[] {1, 2}) {
                    out.add(Arguments.of(p.getFileName().toString(), a, threads));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} on {2} threads")
    @MethodSource("cases")
    void reproducesExpectedOutput(String properties, LdbcAlgorithm algorithm, int threads) {
        LdbcDataset d = LdbcDataset.open(TestData.file("ldbc/" + properties));
        assertTrue(d.hasExpectedOutput(algorithm), "no expected output " + d.expectedOutput(algorithm));
        Csr g = Csr.of(d.load(LoadOptions.defaults().withThreads(threads)));
        VertexIds ids = g.ids();
        Path actual = dir.resolve(d.name() + "-" + algorithm.suffix());
        switch (algorithm) {
            case BFS -> LdbcOutput.write(actual, ids, Bfs.depths(g, g.internal(d.bfsSource()), true, threads));
            case CDLP -> LdbcOutput.write(actual, ids, Cdlp.run(g, d.cdlpMaxIterations(), threads));
            case LCC -> LdbcOutput.write(actual, ids, Lcc.run(g, threads));
            case PR -> LdbcOutput.write(actual, ids, PageRank.run(g, d.prIterations(), d.prDampingFactor(), threads));
            case SSSP -> LdbcOutput.write(actual, ids, Sssp.run(g, g.internal(d.ssspSource()), threads));
            case WCC -> LdbcOutput.write(actual, ids, Wcc.run(g, threads));
        }
        LdbcValidation.Result r = LdbcValidation.validate(algorithm, d.expectedOutput(algorithm), actual);
        assertTrue(r.ok(), r.message());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void bfsPushOnlyAlsoReproducesExpectedOutput(String properties) {
        LdbcDataset d = LdbcDataset.open(TestData.file("ldbc/" + properties));
        Csr g = Csr.of(d.load(LoadOptions.defaults()));
        long[] depth = Bfs.depths(g, g.internal(d.bfsSource()), false, 1);
        LdbcValidation.Result r = LdbcValidation.exact(LdbcOutput.readLongs(d.expectedOutput(LdbcAlgorithm.BFS)),
                LdbcOutput.Longs.of(g.ids(), depth));
        assertTrue(r.ok(), r.message());
    }

    static Stream<String> names() {
        return TestData.ldbcExamples().stream().map(p -> p.getFileName().toString());
    }
}
